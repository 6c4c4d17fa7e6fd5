#!/usr/bin/env bash
# Fails when proto/ breaks the style rules of proto/buf.yaml (buf's STANDARD and COMMENTS
# categories), naming each problem with its rule.
set -euo pipefail
clients="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$clients/.." && pwd)"

cd "$repo"
if bash "$clients/buf.sh" lint proto --error-format=msvs; then
  echo "proto/: buf lint passes (STANDARD, COMMENTS)" >&2
else
  echo "proto/ fails buf lint (see above): fix the problem, or mark a deliberate departure with" \
    "a \`// buf:lint:ignore RULE_ID\` line and a sentence saying why" >&2
  exit 1
fi
