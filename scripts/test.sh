#!/usr/bin/env bash
# Runs every test of the project, from a fresh clone on a machine with the Rust toolchain.
# Everything it needs beyond the toolchain it installs itself.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*" >&2; }

# Every runner's output is also kept, to add up the counts at the end.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
run() { "$@" 2>&1 | tee -a "$log"; }

step "build (debug) and run the whole test suite"
run cargo test --locked --lib --bins --tests

step "release-mode checks: the long rules tests (perft at full depth, the chess perft suite)"
# The English peg solitaire count (minutes, 1.6 GiB) stays an on-request check.
run cargo test --locked --release --lib --bins --tests -- --ignored --skip the_english_count_matches_the_published_figure

step "the benchmarks still build"
run cargo bench --locked --no-run

sum() { grep -Eo "[0-9]+ $1" "$log" | awk '{ total += $1 } END { print total + 0 }'; }
printf '\ntests: %s passed, %s failed\n' "$(sum passed)" "$(sum failed)"
