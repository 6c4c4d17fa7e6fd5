#!/usr/bin/env bash
# Builds the Go client, vets it and runs its tests against a real server:
# $TABULA_BIN, else target/debug/tabula in the repository (the package's runnable examples and
# the lobby example among them). Checks the reference documentation: every example has an
# output that go test checked, and go doc renders the package (one more test). Then installs
# the module into a fresh project outside the repository as the README says and plays a game
# through it (one more test). Ends with one summary line.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
export TABULA_BIN="${TABULA_BIN:-$(cd ../.. && pwd)/target/debug/tabula}"

log="$(mktemp)"
work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [[ -n "$server_pid" ]]; then kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null; fi
  rm -rf "$log" "$work"
}
trap cleanup EXIT

status=0
unformatted="$(gofmt -l .)"
if [[ -n "$unformatted" ]]; then
  echo "not gofmt-formatted: $unformatted"
  status=1
fi
# go vet's stdversion check refuses standard library calls newer than go.mod's `go 1.23`.
[[ $status -ne 0 ]] || { go mod download && go build ./... && go vet ./...; } || status=$?
built=$status
if [[ $built -eq 0 ]]; then
  go test -count=1 -v -timeout 5m ./... 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
fi
# Top-level tests only: a test's subtests are parts of it.
passed=$(grep -c '^--- PASS' "$log")
failed=$(grep -c '^--- FAIL' "$log")
if [[ $status -ne 0 && $failed -eq 0 ]]; then
  failed=1 # the build, vet or a test binary failed before any test could report
fi

# The reference documentation: an Example function without an output comment compiles but
# never runs, so each must have passed under go test; and go doc renders the package.
check_docs() {
  local examples ran
  examples=$(cat tabula/*_test.go | grep -c '^func Example')
  ran=$(grep -c '^--- PASS: Example' "$log")
  [[ $examples -gt 0 && $ran -eq $examples ]] || { echo "$examples examples, $ran run and passed"; return 1; }
  go doc -all ./tabula >/dev/null
}
echo "=== RUN   reference documentation"
if [[ $built -eq 0 ]] && check_docs; then
  echo "--- PASS: reference documentation"
  passed=$((passed + 1))
else
  echo "--- FAIL: reference documentation"
  failed=$((failed + 1))
  status=1
fi

# The package as a user installs it, as the README says: a fresh module in a temporary
# folder outside the repository replaces the client with this checkout (until the tag
# clients/go/v0.1.0 is published), requires it with go get (its dependencies from the
# module proxy or cache), and only then, with the code in place, runs go mod tidy; then it
# runs testdata/consumer (a whole Connect Four game) against a live server.
install_and_play() {
  cmp -s LICENSE ../../LICENSE || { echo "clients/go/LICENSE differs from the repository's LICENSE"; return 1; }
  grep -qx 'const Version = "0.1.0"' tabula/version.go || { echo "tabula.Version is not 0.1.0"; return 1; }
  local app="$work/app" module=github.com/tabula-games/tabula/clients/go
  mkdir -p "$app"
  cp go.sum "$app/" # the client's own checksums; tidy adds what else it needs
  (cd "$app" && go mod init example.com/consumer && go mod edit -go=1.23 &&
    go mod edit -replace="$module=$here" && go get "$module@v0.1.0") || return 1
  cp testdata/consumer/main.go "$app/"
  "$TABULA_BIN" serve --listen 127.0.0.1:0 --store memory >"$work/server.out" 2>"$work/server.err" &
  server_pid=$!
  local address="" line
  for _ in $(seq 300); do
    line="$(head -n 1 "$work/server.out" 2>/dev/null)"
    if [[ "$line" == "listening on "* ]]; then address="${line#listening on }"; break; fi
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
  done
  [[ -n "$address" ]] || { echo "the server printed no address"; cat "$work/server.err"; return 1; }
  (cd "$app" && go mod tidy && go vet . && go run . "$address")
}
echo "=== RUN   install into a fresh module and play Connect Four"
if [[ $built -eq 0 ]] && install_and_play; then
  echo "--- PASS: install into a fresh module and play Connect Four"
  passed=$((passed + 1))
else
  echo "--- FAIL: install into a fresh module and play Connect Four"
  failed=$((failed + 1))
  status=1
fi

echo "Go client: $passed passed, $failed failed"
[[ $status -eq 0 && $failed -eq 0 ]]
