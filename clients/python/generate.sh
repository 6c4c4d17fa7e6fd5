#!/usr/bin/env bash
# Regenerates the Python stubs of tabula.v1 from proto/ into src/tabula_client/_gen, then
# writes src/tabula_client/pb.py, the module re-exporting them, from those stubs
# (generate_pb.py).
# Usage: generate.sh [OUT_DIR [PB_FILE]]  (defaults: this package's src/tabula_client/_gen,
#                                         and pb.py next to OUT_DIR)
#        generate.sh --print-out-dir      (the committed _gen and pb.py, one a line)
# protoc comes from grpcio-tools inside the package's venv; versions are pinned in
# requirements-dev.txt so the output is byte-for-byte reproducible.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
committed="$here/src/tabula_client/_gen"
committed_pb="$here/src/tabula_client/pb.py"
if [[ "${1:-}" == "--print-out-dir" ]]; then printf '%s\n' "$committed" "$committed_pb"; exit 0; fi
out="${1:-$committed}"
pb="${2:-$(dirname "$out")/pb.py}"

source "$here/venv.sh"
ensure_venv

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp" "$tmp.pb.py"' EXIT
bin="$VENV/bin"
(cd "$repo/proto" && "$bin/python" -m grpc_tools.protoc -I. \
  --python_out="$tmp" --grpc_python_out="$tmp" \
  --mypy_out="$tmp" --mypy_grpc_out="$tmp" \
  --plugin=protoc-gen-mypy="$bin/protoc-gen-mypy" \
  --plugin=protoc-gen-mypy_grpc="$bin/protoc-gen-mypy_grpc" \
  tabula/v1/*.proto) 2>&1 | { grep -v '^Writing mypy to' || true; } >&2

# protoc writes absolute imports of `tabula.v1`; rooting them in the package keeps it
# self-contained (no top-level `tabula` module to collide with).
find "$tmp" -type f \( -name '*.py' -o -name '*.pyi' \) -print0 |
  xargs -0 sed -i -E 's/^(\s*)from tabula\.v1 import/\1from tabula_client._gen.tabula.v1 import/; s/^(\s*)import tabula\.v1\./\1import tabula_client._gen.tabula.v1./'
# Files for protos without services hold nothing.
find "$tmp" -type f -name '*_pb2_grpc.py*' ! -name 'game_service_pb2_grpc.py*' -delete
touch "$tmp/__init__.py" "$tmp/tabula/__init__.py" "$tmp/tabula/v1/__init__.py"
"$bin/python" "$here/generate_pb.py" "$tmp" "$tmp.pb.py"

rm -rf "$out"
mkdir -p "$(dirname "$out")"
cp -r "$tmp" "$out"
find "$out" -type d -exec chmod 755 {} +
find "$out" -type f -exec chmod 644 {} +
mkdir -p "$(dirname "$pb")"
cp "$tmp.pb.py" "$pb"
chmod 644 "$pb"
