#!/usr/bin/env bash
# Installs the locked dependencies, type-checks and builds the client, and runs its tests
# against a real server (TABULA_BIN, default target/debug/tabula).
# The last line is the summary: `typescript client: N passed, M failed`.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
summary() { echo "typescript client: $1 passed, $2 failed"; }

if ! npm ci --no-audit --no-fund --loglevel=error; then
  echo "typescript client: npm ci failed" >&2; summary 0 1; exit 1
fi
rm -rf dist
if ! npx --no-install tsc -p tsconfig.json; then
  echo "typescript client: type check failed" >&2; summary 0 1; exit 1
fi
output="$(mktemp)"
trap 'rm -f "$output"' EXIT
node --test --test-timeout=60000 --test-reporter=spec dist/test/*.test.js | tee "$output"
status=${PIPESTATUS[0]}
passed="$(sed -n 's/^ℹ pass \([0-9]*\)$/\1/p' "$output" | tail -1)"
failed="$(sed -n 's/^ℹ fail \([0-9]*\)$/\1/p' "$output" | tail -1)"
summary "${passed:-0}" "${failed:-1}"
[[ $status -eq 0 ]]
