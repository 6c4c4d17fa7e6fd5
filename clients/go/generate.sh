#!/usr/bin/env bash
# Regenerates the Go stubs in tabulav1/ from proto/ at the repository root.
# Usage: generate.sh [OUT_DIR]  (default: this module's tabulav1)
#        generate.sh --print-out-dir
#
# The code generators are pinned so the output is the same on every machine. protoc comes
# from $PROTOC when set (a command, for example "python -m grpc_tools.protoc"); otherwise
# from the pinned grpcio-tools wheel in a private virtualenv, since no system protoc is assumed.
set -euo pipefail

PROTOC_GEN_GO_VERSION=v1.36.12
PROTOC_GEN_GO_GRPC_VERSION=v1.6.2
GRPCIO_TOOLS_VERSION=1.85.1

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
committed="$here/tabulav1"
if [[ "${1:-}" == "--print-out-dir" ]]; then echo "$committed"; exit 0; fi
out="$(realpath -m "${1:-$committed}")"
cache="${TABULA_CLIENTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tabula-clients}"
tools="$cache/go-bin"

install_go_tool() {
  local binary="$1" package="$2"
  if [[ ! -x "$tools/$binary" ]] || ! "$tools/$binary" --version 2>/dev/null | grep -q "${3#v}"; then
    GOBIN="$tools" GOFLAGS=-mod=mod go install "$package"
  fi
}
install_go_tool protoc-gen-go "google.golang.org/protobuf/cmd/protoc-gen-go@$PROTOC_GEN_GO_VERSION" "$PROTOC_GEN_GO_VERSION"
install_go_tool protoc-gen-go-grpc "google.golang.org/grpc/cmd/protoc-gen-go-grpc@$PROTOC_GEN_GO_GRPC_VERSION" "$PROTOC_GEN_GO_GRPC_VERSION"

if [[ -n "${PROTOC:-}" ]]; then
  read -r -a protoc <<<"$PROTOC"
else
  venv="$cache/protoc-venv-$GRPCIO_TOOLS_VERSION"
  if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c 'import grpc_tools' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "grpcio-tools==$GRPCIO_TOOLS_VERSION"
  fi
  protoc=("$venv/bin/python" -m grpc_tools.protoc)
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$repo/proto"
# Sorted, relative paths keep the generated headers identical from run to run.
mapfile -t protos < <(find tabula -name '*.proto' | LC_ALL=C sort)
"${protoc[@]}" -I . \
  --plugin=protoc-gen-go="$tools/protoc-gen-go" \
  --plugin=protoc-gen-go-grpc="$tools/protoc-gen-go-grpc" \
  --go_out="$tmp" --go_opt=module=github.com/tabula-games/tabula/clients/go \
  --go-grpc_out="$tmp" --go-grpc_opt=module=github.com/tabula-games/tabula/clients/go \
  "${protos[@]}"

rm -rf "$out"
mkdir -p "$(dirname "$out")"
cp -r "$tmp/tabulav1" "$out"
chmod 644 "$out"/*
echo "generated $(ls "$out" | wc -l) files in $out" >&2
