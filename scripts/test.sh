#!/usr/bin/env bash
# Runs every test of the project, from a fresh clone on a machine with the Rust toolchain.
# Everything it needs beyond the toolchain it installs itself.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*" >&2; }

step "build (debug) and run the whole test suite"
cargo test --locked --lib --bins --tests

step "release-mode checks: the long rules tests (perft at full depth)"
cargo test --locked --release --lib --bins --tests -- --ignored
