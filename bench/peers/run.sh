#!/usr/bin/env bash
# Side-by-side benchmark of Tabula, boardgame.io and Colyseus; see README.md.
# Run from anywhere: bash bench/peers/run.sh [--rounds 3] [--seconds 10] ...
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"

if [[ ! -d "$here/node_modules" ]]; then
  echo "installing the peers' packages (npm ci)" >&2
  (cd "$here" && npm ci --no-audit --no-fund >&2)
fi

if [[ -z "${TABULA_BIN:-}" ]]; then
  echo "building Tabula (cargo build --release --locked)" >&2
  (cd "$repo" && cargo build --release --locked >&2)
  target_dir="$(cd "$repo" && cargo metadata --format-version 1 --no-deps | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))')"
  export TABULA_BIN="$target_dir/release/tabula"
fi

# 1,000 spectators are 1,000 sockets in this process and in each server.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

cd "$here"
exec node run.mjs "$@"
