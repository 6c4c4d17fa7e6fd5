#!/usr/bin/env bash
# Runs every test of the project, from a fresh clone on a machine with the Rust (stable),
# Python, Node.js, Go and Java toolchains. Everything else it needs it installs itself: each
# client's packages (and the web page's) from its language's registry, a throw-away
# PostgreSQL server (Debian's `postgresql` package when missing) for the replica tests,
# Debian's `tmux` and `chromium` when missing, for the terminal's and the page's tests, and
# `promtool` (out of Debian's `prometheus` package, into target/tools/bin) for the metrics'.
# Every suite runs even when an earlier one fails; the exit status says whether all passed.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD

step() { printf '\n==> %s\n' "$*" >&2; }

# Every runner's output is also kept, to add up the counts at the end.
log=$(mktemp)
debian_log=$(mktemp)
optimised=$(mktemp -d)
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
trap 'stop_test_postgres; rm -rf "$log" "$debian_log" "$optimised"' EXIT

# tmux, chromium and promtool, when missing, are installed while the build runs: the
# download and unpacking wait on the disk and the network more than on the cores. Their
# output is printed, and their failure counted, before the tests that need them start.
# promtool alone is taken out of its package (see debian_packages.sh), into a folder of the
# build's that the tests find on the PATH.
step "tmux for the terminal client's tests, chromium for the web page's, promtool for the metrics' (beside the build)"
# shellcheck source=scripts/debian_packages.sh
source scripts/debian_packages.sh
tools="$root/target/tools/bin"
export PATH="$tools:$PATH"
(need_command tmux tmux && need_command chromium chromium && need_command_from_package promtool prometheus "$tools") \
    >"$debian_log" 2>&1 &
debian=$!

step "formatting (rustfmt.toml)"
run cargo fmt --check

# Clippy runs as the compiler of this crate's own targets, so one build both lints (every
# warning denied) and makes the test binaries: a separate `cargo clippy` pass compiled the
# whole crate graph a second time. Every cargo command below builds with the same settings,
# so none of them rebuilds what an earlier one made.
export RUSTC_WORKSPACE_WRAPPER
RUSTC_WORKSPACE_WRAPPER="$(rustc --print sysroot)/bin/clippy-driver"
export RUSTFLAGS="${RUSTFLAGS:-} -D warnings"

# The crate is built unoptimised for the test profile (Cargo.toml says why), but for the
# tests that play millions of positions, which are built a second time with the crate at
# opt-level 1 and run from their own executables (not through cargo, which would put the
# binary of that build in the place of the unoptimised one that the other tests use). The
# optimised build makes a server binary on the way, which the clients and the page test.
optimised_tests=(perft rules_properties)
step "build, with the crate at opt-level 1: the server and the tests that play millions of positions"
if ! CARGO_PROFILE_TEST_OPT_LEVEL=1 cargo test --locked --no-run "${optimised_tests[@]/#/--test=}" \
    --message-format=json-render-diagnostics >"$optimised/artifacts.json"; then
    failures=$((failures + 1))
    echo '!!! failed: the optimised build' | tee -a "$log" >&2
fi
# Each test's executable, and the binary copied aside (the unoptimised build's binary
# takes its place in target/debug).
python3 - "$optimised" "${optimised_tests[@]}" <<'PY'
import json, shutil, sys
folder, wanted = sys.argv[1], set(sys.argv[2:])
for line in open(f"{folder}/artifacts.json"):
    artifact = json.loads(line)
    if artifact.get("reason") != "compiler-artifact" or not artifact.get("executable"):
        continue
    name, kinds = artifact["target"]["name"], artifact["target"]["kind"]
    if kinds == ["test"] and name in wanted:
        with open(f"{folder}/{name}.path", "w") as path:
            path.write(artifact["executable"])
    elif kinds == ["bin"] and name == "tabula":
        shutil.copy2(artifact["executable"], f"{folder}/tabula")
PY

step "build (debug, linted by clippy) every target, the benchmarks included"
run cargo test --locked --no-run --lib --bins --tests --benches

wait "$debian" || { failures=$((failures + 1)); echo '!!! failed: installing tmux, chromium or promtool' >>"$debian_log"; }
tee -a "$log" <"$debian_log" >&2

# After the build, three lanes run side by side, each its steps in turn: the library's and
# the binary's tests, then the end-to-end suite; the contract's checks, two clients and
# the page; the long rules tests, the other test files and the Go and Java clients (the
# clients and the page need only the binary the build made). The steps wait on the network and on
# their toolchains' start as much as on the two cores, so three lanes keep both busy, and
# the lanes are about as long as each other. Each step's output is printed whole when it
# ends, under its title and duration.
lock=$(mktemp)
failed_steps=$(mktemp)
trap 'stop_test_postgres; rm -rf "$log" "$debian_log" "$optimised" "$lock" "$failed_steps"' EXIT
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
    local long
    # A match in bash, not `printf | grep -q`: grep leaving at the first match can cut
    # printf off with SIGPIPE, which pipefail reports as a failure.
    for long in "${long_tests[@]}"; do
        [[ " ${optimised_tests[*]} " == *" $long "* ]] ||
            { printf '!!! %s has long tests but is not built optimised\n' "$long"; return 1; }
    done
}

# The PostgreSQL tests are ignored without a server. The long rules tests (perft at full
# depth, the chess perft suite) are ignored in an ordinary `cargo test`, and run here on the
# optimised build above: a release build of the whole dependency tree for them cost more
# minutes than it saved seconds. A test file that gains an ignored test must be named in
# `long_tests` (and be one of `optimised_tests`) or `postgres_tests`, which
# `ignored_tests_listed` enforces. (The library's own ignored test, the English peg
# solitaire count, takes minutes and 1.6 GiB: an on-request check.)
postgres_tests=(postgres_replicas store_contract)
long_tests=(perft)
# Every other test file, but the end-to-end suite (`tests/e2e/`), which has a lane of its own.
mapfile -t test_files < <(find tests -maxdepth 1 -name '*.rs' -printf '%f\n' | sed 's/\.rs$//' |
    grep -vxF -f <(printf '%s\n' "${optimised_tests[@]}") | sort)
# An optimised test's executable, run from the repository's root as cargo runs it, every
# test of it, the ignored ones included.
run_optimised() {
    local name=$1 executable
    executable=$(cat "$optimised/$name.path") || return 1
    echo "     Running tests/$name.rs ($executable)"
    "$executable" --include-ignored
}
optimised_tests_run() {
    local name status=0
    for name in "${optimised_tests[@]}"; do
        run_optimised "$name" || status=1
    done
    return $status
}
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
export TABULA_BIN="$optimised/tabula"
clients_lane() {
    in_lane "clients: buf lint, generated code matches proto/, no breaking change" bash clients/check.sh
    for language in python typescript; do
        in_lane "the $language client against a live server" bash "clients/$language/test.sh"
    done
    in_lane "the web page: its build matches web/dist, and its tests in a real browser" bash web/test.sh
}
long_lane() {
    in_lane "the tests that play millions of positions (optimised), the long ones included" optimised_tests_run
    in_lane "the other test files: the chess oracle, the fuzz corpus, the store, the layering" \
        cargo test --locked --no-fail-fast "${test_files[@]/#/--test=}"
    in_lane "the go client against a live server" bash clients/go/test.sh
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
