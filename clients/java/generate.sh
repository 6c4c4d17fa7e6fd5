#!/usr/bin/env bash
# Copies the contract (proto/tabula/**/*.proto at the repository root) into this module's
# src/main/proto, from which Maven generates the stubs and which the jar ships, so the module
# builds outside the repository too.
# Usage: generate.sh [OUT_DIR]  (default: this module's src/main/proto)
#        generate.sh --print-out-dir
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
committed="$here/src/main/proto"
if [[ "${1:-}" == "--print-out-dir" ]]; then echo "$committed"; exit 0; fi
out="$(realpath -m "${1:-$committed}")"

rm -rf "$out"
mkdir -p "$out"
cd "$repo/proto"
find tabula -name '*.proto' | LC_ALL=C sort | while read -r proto; do
  mkdir -p "$out/$(dirname "$proto")"
  cp "$proto" "$out/$proto"
  chmod 644 "$out/$proto"
done
echo "copied $(find "$out" -name '*.proto' | wc -l) files to $out" >&2
