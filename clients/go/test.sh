#!/usr/bin/env bash
# Builds the Go client, vets it and runs its tests against a real server:
# $TABULA_BIN, else target/debug/tabula in the repository. Ends with one summary line.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
export TABULA_BIN="${TABULA_BIN:-$(cd ../.. && pwd)/target/debug/tabula}"

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
go mod download && go build ./... && go vet ./... || status=$?
if [[ $status -eq 0 ]]; then
  go test -count=1 -v -timeout 5m ./... 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
fi
# Top-level tests only: a test's subtests are parts of it.
passed=$(grep -c '^--- PASS' "$log")
failed=$(grep -c '^--- FAIL' "$log")
if [[ $status -ne 0 && $failed -eq 0 ]]; then
  failed=1 # the build, vet or a test binary failed before any test could report
fi
echo "Go client: $passed passed, $failed failed"
[[ $status -eq 0 && $failed -eq 0 ]]
