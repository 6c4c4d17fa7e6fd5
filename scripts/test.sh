#!/usr/bin/env bash
# Runs every test of the project, from a fresh clone on a machine with the Rust (stable),
# Python, Node.js, Go and Java toolchains. Everything else it needs it installs itself: each
# client's packages (and the web page's) from its language's registry, a throw-away
# PostgreSQL server (Debian's `postgresql` package when missing) for the replica tests, and
# Debian's `tmux` and `chromium` when missing, for the terminal's and the page's tests.
# Every suite runs even when an earlier one fails; the exit status says whether all passed.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD

step() { printf '\n==> %s\n' "$*" >&2; }

# Every runner's output is also kept, to add up the counts at the end.
log=$(mktemp)
failures=0
run() {
    "$@" 2>&1 | tee -a "$log"
    local status=${PIPESTATUS[0]}
    if [ "$status" -ne 0 ]; then
        failures=$((failures + 1))
        printf '\n!!! failed (exit %s): %s\n' "$status" "$*" | tee -a "$log" >&2
    fi
}

step "a throw-away PostgreSQL server for the replica tests"
# shellcheck source=scripts/postgres.sh
source scripts/postgres.sh
trap 'stop_test_postgres; rm -f "$log"' EXIT

step "tmux for the terminal client's tests, chromium for the web page's"
# shellcheck source=scripts/debian_packages.sh
source scripts/debian_packages.sh
run need_command tmux tmux
run need_command chromium chromium

step "formatting (rustfmt.toml) and lints (clippy, warnings denied)"
run cargo fmt --check
run cargo clippy --locked --all-targets -- -D warnings

step "build (debug) and run the whole test suite"
run cargo test --locked --no-fail-fast --lib --bins --tests

step "PostgreSQL: the store contract, the golden games and the replica tests (ignored without a server)"
# The debug build of the pass above serves: no second build.
postgres_tests=(postgres_replicas store_contract)
run cargo test --locked --no-fail-fast "${postgres_tests[@]/#/--test=}" -- --ignored

step "the long rules tests (perft at full depth, the chess perft suite)"
# They run on the test profile's optimised build (opt-level 1), which the pass above already
# made: a release build of the whole dependency tree for them cost more minutes than it saved
# seconds. A test file that gains an ignored test must be named in one of the two lists,
# which this check enforces. (The library's own ignored test, the English peg solitaire
# count, takes minutes and 1.6 GiB: an on-request check.)
long_tests=(perft)
# Files in a test's folder belong to that test (`tests/e2e/` is the e2e binary, `tests/golden/`
# a module of store_contract).
with_ignored=$(grep -rl '#\[ignore' tests --include=*.rs \
    | sed -E 's#^tests/(e2e)/.*#\1#; s#^tests/golden/.*#store_contract#; s#^tests/([^/]*)\.rs$#\1#' | sort -u | tr '\n' ' ')
if [ "$with_ignored" != "$(printf '%s\n' "${long_tests[@]}" "${postgres_tests[@]}" | sort | tr '\n' ' ')" ]; then
    printf '!!! test files with ignored tests (%s) differ from the lists in scripts/test.sh\n' "$with_ignored" | tee -a "$log" >&2
    failures=$((failures + 1))
fi
run cargo test --locked --no-fail-fast "${long_tests[@]/#/--test=}" -- --ignored

# The benchmarks are type-checked by clippy's pass over every target above; `cargo bench`
# builds and runs them on request.

step "clients: proto/ passes buf lint, generated code matches proto/, and the contract has no breaking change"
run bash clients/check.sh

export TABULA_BIN="$root/target/debug/tabula"
for language in python typescript go java; do
    step "the $language client against a live server"
    run bash "clients/$language/test.sh"
done

step "the web page: its build from web/ matches the web/dist the binary embeds, and its tests in a real browser"
run bash web/test.sh

# Cargo's `test result:` lines and each client's summary line; nothing else is counted.
sum() {
    grep -E '^test result: |client: [0-9]+ passed' "$log" | grep -Eo "[0-9]+ $1" |
        awk '{ total += $1 } END { print total + 0 }'
}
printf '\ntests: %s passed, %s failed; %s suites failed\n' "$(sum passed)" "$(sum failed)" "$failures"
[ "$failures" -eq 0 ]
