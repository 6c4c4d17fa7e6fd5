#!/usr/bin/env bash
# Builds the Java client (stubs generated from proto/ by Maven, warnings are errors) and runs
# its tests against a real server: $TABULA_BIN, else target/debug/tabula in the repository.
# Ends with one summary line.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
export TABULA_BIN="${TABULA_BIN:-$(cd ../.. && pwd)/target/debug/tabula}"

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
mvn -B --no-transfer-progress clean test 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
# Surefire's aggregate line ("Tests run: N, Failures: F, Errors: E, Skipped: S") is the last
# "Tests run:" line without a class name.
summary=$(grep -E '^\[[A-Z]+\] Tests run: [0-9]+, Failures: [0-9]+, Errors: [0-9]+, Skipped: [0-9]+$' "$log" | tail -n 1)
read -r run failures errors skipped < <(sed -E 's/.*Tests run: ([0-9]+), Failures: ([0-9]+), Errors: ([0-9]+), Skipped: ([0-9]+)/\1 \2 \3 \4/' <<<"${summary:-Tests run: 0, Failures: 0, Errors: 0, Skipped: 0}")
passed=$((run - failures - errors - skipped))
failed=$((failures + errors))
if [[ $status -ne 0 && $failed -eq 0 ]]; then
  failed=1 # the build failed before any test could report
fi
echo "Java client: $passed passed, $failed failed"
[[ $status -eq 0 && $failed -eq 0 ]]
