#!/usr/bin/env bash
# Fails when proto/ breaks the released tabula.v1 contract: a field renumbered, renamed or
# retyped, a message, enum value, method or file removed (buf's FILE rules).
#   check.sh            compare proto/ with the baseline image tabula-v1.binpb
#   check.sh --release  record proto/ as the new baseline (at a release, never to silence a break)
# buf comes from the TypeScript client's locked devDependencies.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
ts="$repo/clients/typescript"
baseline="$here/tabula-v1.binpb"
config='{"version":"v2","breaking":{"use":["FILE"]}}'

if [[ ! -x "$ts/node_modules/.bin/buf" ]]; then
  (cd "$ts" && npm ci --no-audit --no-fund --loglevel=error) >&2
fi
buf="$ts/node_modules/.bin/buf"

if [[ "${1:-}" == "--release" ]]; then
  "$buf" build "$repo/proto" --exclude-source-info -o "$baseline"
  echo "recorded the contract of proto/ as the released baseline" >&2
  exit 0
fi

if "$buf" breaking "$repo/proto" --against "$baseline" --config "$config"; then
  echo "proto/: no breaking change against the released contract" >&2
else
  echo "proto/ breaks the released tabula.v1 contract (see above); add fields and values instead of changing them" >&2
  exit 1
fi
