#!/usr/bin/env bash
# Builds every fuzz target and runs each for SECONDS (default 20) from its committed corpus
# under fuzz/corpus/<target>/; fails on any crash, hang or leak. Needs the nightly toolchain;
# installs cargo-fuzz if it is missing. Debug assertions stay on, so that an arithmetic
# overflow on a huge number is a crash, not a silent wrap.
#
#   scripts/fuzz.sh [SECONDS]        run every target
#   scripts/fuzz.sh --minimise       shrink the committed corpus to the fewest inputs that reach
#                                    what it and past runs' finds reach
set -euo pipefail
cd "$(dirname "$0")/.."

CARGO_FUZZ_VERSION=0.13.2
# An input that takes longer than this is a hang.
INPUT_TIMEOUT_SECONDS=10
# Largest input tried: a PGN or request rarely needs more to reach any branch.
MAX_INPUT_BYTES=8192

step() { printf '\n==> %s\n' "$*" >&2; }

if ! cargo +nightly --version >/dev/null 2>&1; then
    echo "fuzzing needs the nightly Rust toolchain (libFuzzer's instrumentation); none is installed" >&2
    exit 1
fi
if ! cargo fuzz --version 2>/dev/null | grep -q " $CARGO_FUZZ_VERSION\$"; then
    step "install cargo-fuzz $CARGO_FUZZ_VERSION"
    cargo install cargo-fuzz --version "$CARGO_FUZZ_VERSION" --locked
fi

targets=$(cargo +nightly fuzz list)

if [[ "${1:-}" == "--minimise" ]]; then
    for target in $targets; do
        step "minimise the corpus of $target, with the inputs past runs found"
        mkdir -p "fuzz/corpus-new/$target"
        minimal=$(mktemp -d)
        # libFuzzer's merge keeps the fewest inputs that reach every edge both folders reach
        # (edges only, not hit counts: counts would keep thousands).
        cargo +nightly fuzz run -O --debug-assertions "$target" "$minimal" "fuzz/corpus/$target" "fuzz/corpus-new/$target" -- \
            -merge=1 -use_counters=0 -timeout=$INPUT_TIMEOUT_SECONDS -max_len=$MAX_INPUT_BYTES
        rm -rf "fuzz/corpus/$target" "fuzz/corpus-new/$target"
        mv "$minimal" "fuzz/corpus/$target"
    done
    exit 0
fi

seconds=${1:-20}
step "build the fuzz targets"
cargo +nightly fuzz build -O --debug-assertions

for target in $targets; do
    step "fuzz $target for ${seconds}s"
    # New inputs go to a scratch folder first, so a run never changes the committed corpus;
    # `--minimise` folds them in on request.
    mkdir -p "fuzz/corpus-new/$target"
    cargo +nightly fuzz run -O --debug-assertions "$target" "fuzz/corpus-new/$target" "fuzz/corpus/$target" -- \
        -max_total_time="$seconds" -timeout=$INPUT_TIMEOUT_SECONDS -max_len=$MAX_INPUT_BYTES \
        -rss_limit_mb=2048 -print_final_stats=1
done
# The closing line the test command adds up: each target that ran clean is one pass.
printf '\nfuzz targets (%ss each): %s passed, 0 failed\n' "$seconds" "$(wc -w <<<"$targets")"
