#!/usr/bin/env bash
# Side by side: Tabula's exact Connect Four solver against Pascal Pons' solver (the one
# his tutorial builds, without its opening book unless PONS_BOOK names one) on his
# benchmark sets (tests/data/connect_four/*.txt, with their exact scores) and on single
# early positions.
#
# Builds Pons' solver (g++) from his source with a driver of ours (pons_driver.cpp: a
# cleared table for every position, as Tabula's `solve connect-four` does) and Tabula's
# release binary, then, for each set and each early position, runs the two alternately
# (ours, his, ours, his, ... for ROUNDS rounds), each as its own process. It records each
# process's wall and CPU time (user + system) and the mean time per position each
# measures inside its process, checks every score against the set's, and prints a table
# with the ratios (Tabula over Pons: below 1, Tabula is faster). Exits non-zero when a
# score differs.
#
# Usage: bench/connect_four/pons.sh [SET ...]
#   SET: end_easy middle_easy middle_medium begin_easy begin_medium (default: all five)
#
# Environment:
#   PONS_SRC      Pons' source: a checkout of PascalPons/connect4 (holding Solver.cpp).
#                 When unset, the script clones it into a temporary folder, which needs
#                 the internet.
#   PONS_BOOK     his opening book file (7x6.book, published with his solver's online
#                 version, not in its repository), and Tabula then reads the book it
#                 embeds; unset: no book for either side (Tabula runs with --no-book).
#   LINES         positions of each set (default 1000: every one).
#   EARLY         early positions as moves from the empty board, timed one by one after
#                 the sets (default "4453"; "4" takes minutes for each program; "" none).
#   ROUNDS        runs of each program per set and position (default 2).
#   WORK          folder for the builds and logs (default: a new temporary folder).
#   TABULA_BIN    an already built release `tabula` binary, instead of building one.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
data="$root/tests/data/connect_four"
rounds="${ROUNDS:-2}"
lines="${LINES:-1000}"
early="${EARLY-4453}"
work="${WORK:-$(mktemp -d -t tabula-pons.XXXXXX)}"
mkdir -p "$work"
if [ $# -gt 0 ]; then sets=("$@"); else sets=(end_easy middle_easy middle_medium begin_easy begin_medium); fi

# shellcheck source=bench/side_by_side.sh
source "$here/../side_by_side.sh"

command -v g++ > /dev/null || die "g++ is needed to build Pons' solver"
command -v cargo > /dev/null || [ -n "${TABULA_BIN:-}" ] || die "cargo is needed to build Tabula"

# --- Pons' source and solver -----------------------------------------------------------
if [ -z "${PONS_SRC:-}" ]; then
    PONS_SRC="$work/connect4"
    if [ ! -f "$PONS_SRC/Solver.cpp" ]; then
        say "PONS_SRC is not set: cloning https://github.com/PascalPons/connect4 (needs the internet)..."
        git clone --depth 1 https://github.com/PascalPons/connect4 "$PONS_SRC" >&2 \
            || die "could not clone Pons' source (no internet?). Get a copy of PascalPons/connect4 another way and run again with PONS_SRC=<its folder>."
    fi
fi
[ -f "$PONS_SRC/Solver.cpp" ] && [ -f "$PONS_SRC/Solver.hpp" ] || die "PONS_SRC=$PONS_SRC holds no Solver.cpp: not Pons' source"
say "Building Pons' solver (g++ -O3, the flags of his Makefile)..."
pons="$work/pons"
g++ --std=c++11 -W -Wall -O3 -DNDEBUG -I"$PONS_SRC" -o "$pons" "$here/pons_driver.cpp" "$PONS_SRC/Solver.cpp" \
    > "$work/pons-build.log" 2>&1 || die "Pons' solver did not build; see $work/pons-build.log"
book_note="no opening book for either"
book_flag=(--no-book)
if [ -n "${PONS_BOOK:-}" ]; then
    [ -f "$PONS_BOOK" ] || die "PONS_BOOK=$PONS_BOOK is not a file"
    export PONS_BOOK
    book_flag=()
    book_note="each with its opening book: Pons with $PONS_BOOK, Tabula with the one it embeds"
fi

# --- Tabula ------------------------------------------------------------------------------
if [ -n "${TABULA_BIN:-}" ]; then
    ours="$TABULA_BIN"
else
    say "Building Tabula (release)..."
    (cd "$root" && cargo build --release --locked > "$work/tabula-build.log" 2>&1) \
        || die "Tabula did not build; see $work/tabula-build.log"
    ours="$root/target/release/tabula"
fi
[ -x "$ours" ] || die "no Tabula binary at $ours"

# --- The runs ------------------------------------------------------------------------------
# The mean time per position a log's "mean time" line gives, in microseconds.
mean_us() {
    sed -n 's/.*mean time \([0-9.]*\)\([µmun]*s\).*/\1 \2/p' "$1" | awk '
        { f = 1; if ($2 == "ns") f = 0.001; else if ($2 == "ms") f = 1000; else if ($2 == "s") f = 1000000; printf "%.1f\n", $1 * f }'
}

# Whether a run's "MOVES SCORE ..." lines give the expected scores of EXPECTED's lines.
scores_match() { paste -d' ' <(cut -d' ' -f1,2 "$1") <(cut -d' ' -f1,2 "$2") | awk '$1 != $3 || $2 != $4 { bad = 1 } END { exit bad }'; }

all_exact=1
rows=()
bench() { # NAME INPUT EXPECTED(or "")
    local name="$1" input="$2" expected="$3" count
    count="$(grep -c . "$input")"
    local ours_walls=() ours_cpus=() ours_means=() pons_walls=() pons_cpus=() pons_means=() status="ok"
    for round in $(seq 1 "$rounds"); do
        say "$name round $round: Tabula..."
        read -r wall cpu < <(timed "$work/ours-$name-$round.log" "$input" "$ours" solve connect-four "${book_flag[@]}")
        ours_walls+=("$wall") ours_cpus+=("$cpu") ours_means+=("$(mean_us "$work/ours-$name-$round.log.err")")
        say "$name round $round: Pons..."
        read -r wall cpu < <(timed "$work/pons-$name-$round.log" "$input" "$pons")
        pons_walls+=("$wall") pons_cpus+=("$cpu") pons_means+=("$(mean_us "$work/pons-$name-$round.log.err")")
        if [ -n "$expected" ]; then
            scores_match "$work/ours-$name-$round.log" "$expected" || status="WRONG (Tabula)"
            scores_match "$work/pons-$name-$round.log" "$expected" || status="WRONG (Pons)"
        elif [ "$(cut -d' ' -f2 "$work/ours-$name-$round.log")" != "$(cut -d' ' -f2 "$work/pons-$name-$round.log")" ]; then
            status="DIFFER"
        fi
    done
    [ "$status" = ok ] || all_exact=0
    local om pm oc pc
    om="$(median "${ours_means[@]}")" pm="$(median "${pons_means[@]}")"
    oc="$(median "${ours_cpus[@]}")" pc="$(median "${pons_cpus[@]}")"
    rows+=("| $name | $count | ${ours_means[*]} | ${pons_means[*]} | $(ratio "$om" "$pm") | ${ours_cpus[*]} | ${pons_cpus[*]} | $(ratio "$oc" "$pc") | $status |")
}

for set in "${sets[@]}"; do
    [ -f "$data/$set.txt" ] || die "no set $data/$set.txt"
    head -n "$lines" "$data/$set.txt" > "$work/$set.txt"
    bench "$set" "$work/$set.txt" "$work/$set.txt"
done
for moves in $early; do
    printf '%s\n' "$moves" > "$work/early-$moves.txt"
    bench "$moves" "$work/early-$moves.txt" ""
done

echo
echo "Connect Four solved exactly, Tabula against Pons ($(date -u +%Y-%m-%d), $(nproc) CPUs, $rounds rounds alternated; $book_note)."
echo "Tabula: $ours solve connect-four (a table of 2^23 entries, cleared for each position)."
echo "Pons: his Solver.cpp (g++ -O3 -DNDEBUG) under pons_driver.cpp (a table of 2^24 entries, cleared for each position)."
echo "Mean: the mean time per position each program measured inside its process, µs, one per round."
echo "CPU: each whole process's user + system time, s, one per round: start-up and clearing the tables included, which"
echo "     costs Pons more (his reset writes all 2^24 entries; Tabula's starts a new generation), so the mean is the fairer figure."
echo "Ratios: Tabula's median over Pons' (the lower middle of the rounds); below 1, Tabula is faster."
echo
echo "| set or position | positions | Tabula mean (µs) | Pons mean (µs) | mean ratio | Tabula CPU (s) | Pons CPU (s) | CPU ratio | scores |"
echo "|---|---|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
echo
echo "Logs: $work"
if [ "$all_exact" != 1 ]; then
    echo "A score differs from the expected one."
    exit 1
fi
