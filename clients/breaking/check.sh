#!/usr/bin/env bash
# Fails when proto/ breaks the released tabula.v1 contract: a field renumbered, renamed or
# retyped, a message, enum value, method or file removed (buf's FILE rules, named in
# proto/buf.yaml).
#   check.sh            compare proto/ with the baseline image tabula-v1.binpb
#   check.sh --release  record proto/ as the new baseline (at a release, never to silence a break)
# buf comes from the TypeScript client's locked devDependencies (clients/buf.sh).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
buf=(bash "$repo/clients/buf.sh")
baseline="$here/tabula-v1.binpb"

if [[ "${1:-}" == "--release" ]]; then
  "${buf[@]}" build "$repo/proto" --exclude-source-info -o "$baseline"
  echo "recorded the contract of proto/ as the released baseline" >&2
  exit 0
fi

# The rules are proto/buf.yaml's `breaking` section; without it, buf's default is FILE too.
cd "$repo"
if "${buf[@]}" breaking proto --against "$baseline"; then
  echo "proto/: no breaking change against the released contract" >&2
else
  echo "proto/ breaks the released tabula.v1 contract (see above); add fields and values instead of changing them" >&2
  exit 1
fi
