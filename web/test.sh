#!/usr/bin/env bash
# Installs the page's locked dependencies, checks that building web/ gives exactly the
# committed web/dist (which the server binary embeds), then runs the page's tests in headless
# Chromium against a real server (TABULA_BIN, default target/debug/tabula).
# The last line is the summary: `web client: N passed, M failed`.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
cd "$here"
summary() { echo "web client: $1 passed, $2 failed"; }
export TABULA_BIN="${TABULA_BIN:-$repo/target/debug/tabula}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if ! npm ci --no-audit --no-fund --loglevel=error; then
  echo "web: npm ci failed" >&2; summary 0 1; exit 1
fi

# The drift check: a fresh build (type check included), written aside, must equal dist/.
passed=0
failed=0
echo "# the build of web/ is the committed web/dist"
if npx tsc --noEmit && npx vite build --logLevel warn --outDir "$work/dist" --emptyOutDir && diff -r "$work/dist" dist; then
  echo "✔ web/dist is the build of web/"
  passed=1
else
  echo "✖ web/dist is the build of web/ (run npm run build in web/ and commit dist/)"
  failed=1
fi

output="$work/test-output"
npm test | tee "$output"
status=${PIPESTATUS[0]}
p="$(sed -n 's/^ℹ pass \([0-9]*\)$/\1/p' "$output" | tail -1)"
f="$(sed -n 's/^ℹ fail \([0-9]*\)$/\1/p' "$output" | tail -1)"
passed=$((passed + ${p:-0}))
failed=$((failed + ${f:-1}))
summary "$passed" "$failed"
[[ $status -eq 0 && $failed -eq 0 ]]
