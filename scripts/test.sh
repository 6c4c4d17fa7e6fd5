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

step "formatting (rustfmt.toml)"
run cargo fmt --check

# Clippy runs as the compiler of this crate's own targets, so one build both lints (every
# warning denied) and makes the test binaries: a separate `cargo clippy` pass compiled the
# whole crate graph a second time. Every cargo command below builds with the same settings,
# so none of them rebuilds what an earlier one made.
export RUSTC_WORKSPACE_WRAPPER
RUSTC_WORKSPACE_WRAPPER="$(rustc --print sysroot)/bin/clippy-driver"
export RUSTFLAGS="${RUSTFLAGS:-} -D warnings"

step "build (debug, linted by clippy) every target, the benchmarks included"
run cargo test --locked --no-run --lib --bins --tests --benches

# After the build, three lanes run side by side, each its steps in turn: the library's and
# the binary's tests, then the end-to-end suite; the contract's checks, three clients and
# the page; the long rules tests, the other test files and the Java client (the clients and
# the page need only the binary the build made). The steps wait on the network and on
# their toolchains' start as much as on the two cores, so three lanes keep both busy, and
# the lanes are about as long as each other. Each step's output is printed whole when it
# ends, under its title and duration.
lock=$(mktemp)
failed_steps=$(mktemp)
trap 'stop_test_postgres; rm -f "$log" "$lock" "$failed_steps"' EXIT
in_lane() {
    local title=$1
    shift
    local out times status TIMEFORMAT='%R s, CPU %U s user + %S s system'
    out=$(mktemp)
    times=$(mktemp)
    printf '\n--> %s: started\n' "$title" >&2
    # The CPU counts the step's processes that it waited for (not a server it left running).
    { time "$@" >"$out" 2>&1; } 2>"$times"
    status=$?
    {
        flock 9
        {
            printf '\n==> %s (%s)\n' "$title" "$(cat "$times")"
            cat "$out"
            if [ "$status" -ne 0 ]; then
                printf '\n!!! failed (exit %s): %s\n' "$status" "$*"
                echo "$title" >>"$failed_steps"
            fi
        } | tee -a "$log"
    } 9>"$lock"
    rm -f "$out" "$times"
}

# The test files with ignored tests must be those the lists name (see the long tests).
ignored_tests_listed() {
    local with_ignored
    # Files in a test's folder belong to that test (`tests/e2e/` is the e2e binary,
    # `tests/golden/` a module of store_contract).
    with_ignored=$(grep -rl '#\[ignore' tests --include=*.rs \
        | sed -E 's#^tests/(e2e)/.*#\1#; s#^tests/golden/.*#store_contract#; s#^tests/([^/]*)\.rs$#\1#' | sort -u | tr '\n' ' ')
    if [ "$with_ignored" != "$(printf '%s\n' "${long_tests[@]}" "${postgres_tests[@]}" | sort | tr '\n' ' ')" ]; then
        printf '!!! test files with ignored tests (%s) differ from the lists in scripts/test.sh\n' "$with_ignored"
        return 1
    fi
}

# The PostgreSQL tests are ignored without a server; the long rules tests (perft at full
# depth, the chess perft suite) run on the test profile's optimised build of this crate
# (opt-level 1), which the build above already made: a release build of the whole
# dependency tree for them cost more minutes than it saved seconds. A test file that gains
# an ignored test must be named in one of the two lists, which `ignored_tests_listed`
# enforces. (The library's own ignored test, the English peg solitaire count, takes minutes
# and 1.6 GiB: an on-request check.)
postgres_tests=(postgres_replicas store_contract)
long_tests=(perft)
# Every test file but the end-to-end suite (`tests/e2e/`), which has a lane of its own.
mapfile -t test_files < <(find tests -maxdepth 1 -name '*.rs' -printf '%f\n' | sed 's/\.rs$//' | sort)
rust_lane() {
    in_lane "the library's and the binary's tests, then the end-to-end suite" \
        cargo test --locked --no-fail-fast --lib --bins --test=e2e
    in_lane "the examples in the documentation" cargo test --locked --doc
    in_lane "PostgreSQL: the store contract, the golden games and the replica tests" \
        cargo test --locked --no-fail-fast "${postgres_tests[@]/#/--test=}" -- --ignored
    in_lane "every test file with ignored tests is listed" ignored_tests_listed
}

# The benchmarks are built and linted by the build above; `cargo bench` builds and runs them
# on request.
export TABULA_BIN="$root/target/debug/tabula"
clients_lane() {
    in_lane "clients: buf lint, generated code matches proto/, no breaking change" bash clients/check.sh
    for language in python typescript go; do
        in_lane "the $language client against a live server" bash "clients/$language/test.sh"
    done
    in_lane "the web page: its build matches web/dist, and its tests in a real browser" bash web/test.sh
}
long_lane() {
    in_lane "the long rules tests" cargo test --locked --no-fail-fast "${long_tests[@]/#/--test=}" -- --ignored
    in_lane "the rules, store and layering test files" \
        cargo test --locked --no-fail-fast "${test_files[@]/#/--test=}"
    in_lane "the java client against a live server" bash clients/java/test.sh
}

step "the Rust suites beside the contract's checks, the clients and the web page"
rust_lane &
rust=$!
clients_lane &
clients=$!
long_lane &
long=$!
wait "$rust" "$clients" "$long"
failures=$((failures + $(wc -l <"$failed_steps")))

# Cargo's `test result:` lines and each client's summary line; nothing else is counted.
sum() {
    grep -E '^test result: |client: [0-9]+ passed' "$log" | grep -Eo "[0-9]+ $1" |
        awk '{ total += $1 } END { print total + 0 }'
}
printf '\ntests: %s passed, %s failed; %s suites failed\n' "$(sum passed)" "$(sum failed)" "$failures"
[ "$failures" -eq 0 ]
