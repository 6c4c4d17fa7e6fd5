#!/usr/bin/env bash
# Regenerates the TypeScript code of tabula.v1 (and google.rpc.ErrorInfo, to read error
# details) into src/gen with buf and protoc-gen-es, both pinned in package-lock.json.
# Usage: generate.sh [OUT_DIR] | generate.sh --print-out-dir
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
committed="$here/src/gen"
if [[ "${1:-}" == "--print-out-dir" ]]; then echo "$committed"; exit 0; fi
out="${1:-$committed}"

cd "$here"
if [[ ! -x node_modules/.bin/buf || ! -x node_modules/.bin/protoc-gen-es ]]; then
  npm ci --no-audit --no-fund --loglevel=error >&2
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
node_modules/.bin/buf generate "$repo/proto" --template buf.gen.yaml -o "$tmp"
node_modules/.bin/buf generate node_modules/google-proto-files \
  --path node_modules/google-proto-files/google/rpc/error_details.proto \
  --template buf.gen.yaml -o "$tmp"

rm -rf "$out"
mkdir -p "$(dirname "$out")"
cp -r "$tmp" "$out"
find "$out" -type d -exec chmod 755 {} +
find "$out" -type f -exec chmod 644 {} +
