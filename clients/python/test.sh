#!/usr/bin/env bash
# Installs the client with its test tools in a venv, type-checks it with mypy (strict) and
# runs its tests against a real server (TABULA_BIN, default target/debug/tabula).
# The last line is the summary: `python client: N passed, M failed`.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/venv.sh"
cd "$here"
summary() { echo "python client: $1 passed, $2 failed"; }

if ! ensure_venv || ! "$VENV/bin/pip" install --quiet --disable-pip-version-check --no-deps -e . ; then
  echo "python client: installation failed" >&2; summary 0 1; exit 1
fi
failed_checks=0
if ! "$VENV/bin/mypy"; then failed_checks=1; fi

report="$(mktemp)"
trap 'rm -f "$report"' EXIT
"$VENV/bin/pytest" -q -p no:cacheprovider --junitxml="$report" tests
status=$?
read -r passed failed < <("$VENV/bin/python" - "$report" <<'PY'
import sys, xml.etree.ElementTree as ET
suite = ET.parse(sys.argv[1]).getroot()
suite = suite if suite.tag == "testsuite" else suite.find("testsuite")
tests, failures, errors, skipped = (int(suite.get(k, 0)) for k in ("tests", "failures", "errors", "skipped"))
print(tests - failures - errors - skipped, failures + errors)
PY
) || { passed=0; failed=1; }
failed=$((failed + failed_checks))
summary "$passed" "$failed"
[[ $status -eq 0 && $failed -eq 0 ]]
