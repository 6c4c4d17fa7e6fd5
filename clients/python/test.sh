#!/usr/bin/env bash
# Installs the client with its test tools in a venv, type-checks it with mypy (strict), runs
# its tests against a real server (TABULA_BIN, default target/debug/tabula; the lobby example
# among them, through a restart of a server on a SQLite file), builds the reference docs with
# pdoc (no warning allowed), then builds the package (sdist and wheel), installs it into a
# fresh project outside the repository and plays a game of Connect Four through it, and the
# README's quick start, against a server started here. The last line is the summary:
# `python client: N passed, M failed`.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/venv.sh"
cd "$here"
summary() { echo "python client: $1 passed, $2 failed"; }
bin="${TABULA_BIN:-$here/../../target/debug/tabula}"
export TABULA_BIN="$bin"

if ! ensure_venv || ! "$VENV/bin/pip" install --quiet --disable-pip-version-check --no-deps -e . ; then
  echo "python client: installation failed" >&2; summary 0 1; exit 1
fi
failed_checks=0
if ! "$VENV/bin/mypy"; then failed_checks=1; fi

report="$(mktemp)"
work="$(mktemp -d)"
server_pid=""
cleanup() {
  [[ -n "$server_pid" ]] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$report" "$work"
}
trap cleanup EXIT

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

# The reference docs of the package's public modules, as pdoc builds them (into a temporary
# folder): any warning (an annotation it cannot resolve, a docstring it cannot parse) fails.
docs_test() {
  local log="$work/pdoc.log"
  "$VENV/bin/pdoc" --output-directory "$work/docs" tabula_client >"$log" 2>&1 || { cat "$log"; return 1; }
  if grep -q . "$log"; then cat "$log"; return 1; fi
  [[ -s "$work/docs/tabula_client.html" && -s "$work/docs/tabula_client/retrying.html" ]]
}
if docs_test; then
  echo "reference docs: built with pdoc, no warnings: passed"
  passed=$((passed + 1))
else
  echo "reference docs: FAILED" >&2
  failed=$((failed + 1))
fi

# The package as a user gets it: built, installed into a fresh project in a temporary folder
# outside the repository, and used there against a live server.
package_test() {
  local dist="$work/dist" project="$work/project" addr line py
  "$VENV/bin/python" -m build --outdir "$dist" . >"$work/build.log" 2>&1 || { cat "$work/build.log"; return 1; }
  mkdir -p "$project"
  cp tests/package/play_connect_four.py examples/quickstart.py "$project/"
  python3 -m venv "$project/.venv" || return 1
  py="$project/.venv/bin/python"
  "$py" -m pip install --quiet --disable-pip-version-check "$dist"/tabula_client-*.whl || return 1

  coproc SERVER { exec "$bin" serve --listen 127.0.0.1:0 --store memory 2>/dev/null; }
  server_pid=$SERVER_PID
  read -r line <&"${SERVER[0]}" || { echo "the server did not start" >&2; return 1; }
  addr="${line#listening on }"

  (cd "$project" && "$py" -c 'import tabula_client, sys; sys.exit(tabula_client.__file__.startswith(sys.prefix) is False)') \
    || { echo "tabula_client is not imported from the fresh project's venv" >&2; return 1; }
  (cd "$project" && "$py" play_connect_four.py "$addr") || return 1
  (cd "$project" && TABULA_ADDR="$addr" "$py" quickstart.py >/dev/null) || { echo "the quick start failed" >&2; return 1; }
  # The sdist installs too (built by pip from source), and works the same.
  "$py" -m pip install --quiet --disable-pip-version-check --no-deps --force-reinstall "$dist"/tabula_client-*.tar.gz \
    || return 1
  (cd "$project" && "$py" play_connect_four.py "$addr") || return 1
}
if package_test; then
  echo "package: built, installed into a fresh project and played a game: passed"
  passed=$((passed + 1))
else
  echo "package: FAILED" >&2
  failed=$((failed + 1))
fi

failed=$((failed + failed_checks))
summary "$passed" "$failed"
[[ $status -eq 0 && $failed -eq 0 ]]
