#!/usr/bin/env bash
# Runs buf, pinned in the TypeScript client's locked devDependencies (installed with
# `npm ci` when missing), with the given arguments; for example
#   clients/buf.sh lint proto
set -euo pipefail
ts="$(cd "$(dirname "${BASH_SOURCE[0]}")/typescript" && pwd)"
if [[ ! -x "$ts/node_modules/.bin/buf" ]]; then
  (cd "$ts" && npm ci --no-audit --no-fund --loglevel=error) >&2
fi
exec "$ts/node_modules/.bin/buf" "$@"
