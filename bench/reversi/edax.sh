#!/usr/bin/env bash
# Side by side: Tabula's exact Reversi endgame solver against Edax on the FFO endgame
# positions #40 to #49 (tests/data/reversi/ffo-40-49.txt, with their published scores).
#
# Builds Edax (gcc) from its source and Tabula's `reversi_engine` bench (release), then,
# for each position, runs the two programs alternately (ours, Edax, ours, Edax, ... for
# ROUNDS rounds) on that one position, each as its own process, recording wall time and
# CPU time (user + system), and the score each found, checked against the published one.
# Prints a table and the totals; exits non-zero when a score is wrong.
#
# Usage: bench/reversi/edax.sh [POSITION ...]        (default: 40 41 ... 49)
#
# Environment:
#   EDAX_SRC         Edax's source: a checkout of abulmo/edax-reversi (holding src/). When
#                    unset, the script clones it into a temporary folder, which needs
#                    the internet.
#   EDAX_EVAL        Edax's evaluation weights (data/eval.dat, shipped with Edax's
#                    releases as eval.7z, not in its repository). Default:
#                    $EDAX_SRC/data/eval.dat. When there is none, Edax runs with an
#                    all-zero evaluation file made here (its search still exact, its move
#                    ordering weaker), and the script says so.
#   EDAX_ARCH        the -march Edax is built for (default x86-64-v3; x86-64 for the
#                    instructions every x86-64 CPU has, as Tabula is built).
#   EDAX_THREADS     Edax's threads (default 1: Tabula's solver is single-threaded).
#   TABLE_BITS       log2 of the hash table entries of both (default 22: Edax's default,
#                    and the bench's).
#   ROUNDS           runs of each program per position (default 2).
#   WORK             folder for the builds and logs (default: a new temporary folder).
#   TABULA_BENCH     an already built reversi_engine bench binary to use instead of
#                    building one (e.g. from another CARGO_TARGET_DIR).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
data="$root/tests/data/reversi/ffo-40-49.txt"
rounds="${ROUNDS:-2}"
bits="${TABLE_BITS:-22}"
threads="${EDAX_THREADS:-1}"
arch="${EDAX_ARCH:-x86-64-v3}"
work="${WORK:-$(mktemp -d -t tabula-edax.XXXXXX)}"
mkdir -p "$work"
if [ $# -gt 0 ]; then positions=("$@"); else positions=(40 41 42 43 44 45 46 47 48 49); fi

# shellcheck source=bench/side_by_side.sh
source "$here/../side_by_side.sh"

command -v gcc > /dev/null || die "gcc is needed to build Edax"
command -v make > /dev/null || die "make is needed to build Edax"
command -v cargo > /dev/null || die "cargo is needed to build Tabula's bench"

# --- Edax's source -------------------------------------------------------------------
if [ -z "${EDAX_SRC:-}" ]; then
    EDAX_SRC="$work/edax-reversi"
    if [ ! -d "$EDAX_SRC/src" ]; then
        say "EDAX_SRC is not set: cloning https://github.com/abulmo/edax-reversi (needs the internet)..."
        if ! git clone --depth 1 https://github.com/abulmo/edax-reversi "$EDAX_SRC" >&2; then
            die "could not clone Edax's source (no internet?). Get a copy of abulmo/edax-reversi another way and run again with EDAX_SRC=<its folder>."
        fi
    fi
fi
[ -f "$EDAX_SRC/src/all.c" ] || die "EDAX_SRC=$EDAX_SRC holds no src/all.c: not Edax's source"

# --- Build Edax (a copy of its source, so that EDAX_SRC stays untouched) --------------
say "Building Edax (gcc, -march=$arch)..."
rm -rf "$work/edax-build" && mkdir -p "$work/edax-build/bin"
cp -r "$EDAX_SRC/src" "$work/edax-build/src"
make -C "$work/edax-build/src" build CC=gcc ARCH="$arch" OS=linux BIN="$work/edax-build/bin" \
    > "$work/edax-build.log" 2>&1 || die "Edax's build failed; see $work/edax-build.log"
edax="$work/edax-build/bin/lEdax-$arch"
[ -x "$edax" ] || die "no Edax binary at $edax"

# --- Edax's evaluation weights -------------------------------------------------------
eval_file="${EDAX_EVAL:-$EDAX_SRC/data/eval.dat}"
eval_note="Edax's evaluation: $eval_file"
if [ ! -f "$eval_file" ]; then
    # The header Edax checks ("EDAX", "EVAL", version, release, build, date), then 61
    # plies of 114,364 packed weights, all zero.
    eval_file="$work/eval-zero.dat"
    { printf 'EDAXEVAL'; head -c 20 /dev/zero; head -c $((61 * 114364 * 2)) /dev/zero; } > "$eval_file"
    eval_note="WARNING: no Edax evaluation weights (set EDAX_EVAL, or put data/eval.dat in EDAX_SRC): Edax runs with an ALL-ZERO evaluation, its exact search slower than with its real weights"
    say "$eval_note"
elif cmp -s -i 28 -n "$(($(wc -c < "$eval_file") - 28))" "$eval_file" /dev/zero; then
    eval_note="WARNING: $eval_file holds only zero weights: Edax runs with an ALL-ZERO evaluation"
    say "$eval_note"
fi

# --- Build Tabula's bench -------------------------------------------------------------
if [ -n "${TABULA_BENCH:-}" ]; then
    ours="$TABULA_BENCH"
else
    say "Building Tabula's reversi_engine bench (release)..."
    ours="$(cd "$root" && cargo bench --bench reversi_engine --no-run --message-format=json 2> "$work/tabula-build.log" \
    | grep -o '"executable":"[^"]*reversi_engine[^"]*"' | tail -1 | sed 's/"executable":"\(.*\)"/\1/')" || true
fi
[ -n "$ours" ] && [ -x "$ours" ] || die "Tabula's bench did not build; see $work/tabula-build.log"

# --- The runs ---------------------------------------------------------------------------
all_exact=1
totals=()
rows=()
for number in "${positions[@]}"; do
    line="$(grep -E "^$number " "$data" || true)"
    [ -n "$line" ] || die "position #$number is not in $data"
    read -r _ board side published _ <<< "$line"
    published="${published#+}"
    empties="$(tr -cd '-' <<< "$board" | wc -c)"
    problem="$work/ffo-$number.obf"
    printf '%s %s;\n' "$board" "$side" > "$problem"
    ours_walls=() ours_cpus=() edax_walls=() edax_cpus=()
    ours_score="" edax_score=""
    for round in $(seq 1 "$rounds"); do
        say "#$number round $round: Tabula..."
        read -r wall cpu < <(cd "$root" && REVERSI_BENCH_FFO="$number" REVERSI_BENCH_GAMES=0 REVERSI_BENCH_TABLE_BITS="$bits" \
            timed "$work/ours-$number-$round.log" /dev/null "$ours" --bench)
        ours_walls+=("$wall") ours_cpus+=("$cpu")
        score="$(awk -F'|' -v n="$number" '$2 + 0 == n && $3 ~ /[0-9]/ { gsub(/[ +]|MISMATCH/, "", $5); print $5 }' "$work/ours-$number-$round.log")"
        ours_score="${ours_score:-$score}"
        [ "$score" = "$ours_score" ] || ours_score="$ours_score/$score"

        say "#$number round $round: Edax..."
        read -r wall cpu < <(cd "$work/edax-build" && timed "$work/edax-$number-$round.log" /dev/null \
            "$edax" -solve "$problem" -l 60 -n "$threads" -h "$bits" -book-usage off -eval-file "$eval_file" -verbose 1)
        edax_walls+=("$wall") edax_cpus+=("$cpu")
        score="$(awk -F'|' '$1 ~ /^ *[0-9]+$/ { split($2, f, " "); s = f[2]; sub(/^\+/, "", s); print s + 0 }' "$work/edax-$number-$round.log" | tail -1)"
        edax_score="${edax_score:-$score}"
        [ "$score" = "$edax_score" ] || edax_score="$edax_score/$score"
    done
    status="ok"
    if [ "$ours_score" != "$published" ] || [ "$edax_score" != "$published" ]; then
        status="WRONG"
        all_exact=0
    fi
    ours_wall="$(median "${ours_walls[@]}")" edax_wall="$(median "${edax_walls[@]}")"
    ours_cpu="$(median "${ours_cpus[@]}")" edax_cpu="$(median "${edax_cpus[@]}")"
    totals=($(awk -v t="${totals[*]:-0 0 0 0}" -v a="$ours_wall" -v b="$edax_wall" -v c="$ours_cpu" -v d="$edax_cpu" \
        'BEGIN { split(t, s, " "); print s[1] + a, s[2] + b, s[3] + c, s[4] + d }'))
    ratios="$(awk -v a="$ours_wall" -v b="$edax_wall" -v c="$ours_cpu" -v d="$edax_cpu" \
        'BEGIN { printf "%.2f | %.2f", (b > 0 ? a / b : 0), (d > 0 ? c / d : 0) }')"
    rows+=("| $number | $empties | $published | $ours_score | $edax_score | ${ours_walls[*]} | ${edax_walls[*]} | ${ours_cpus[*]} | ${edax_cpus[*]} | $ratios | $status |")
done

echo
echo "FFO endgame positions solved exactly, Tabula against Edax ($(date -u +%Y-%m-%d), $(nproc) CPUs, $rounds rounds alternated)."
echo "Edax: $edax -l 60 -n $threads -h $bits -book-usage off; $eval_note"
echo "Tabula: reversi_engine bench, REVERSI_BENCH_TABLE_BITS=$bits (a table of 2^$bits entries, new for each position)."
echo "Times in seconds, one per round, of each whole process (start-up and table allocation included)."
echo
echo "Ratios: Tabula's median over Edax's (the lower middle of the rounds; the faster of two)."
echo
echo "| # | empties | published | Tabula | Edax | Tabula wall | Edax wall | Tabula CPU | Edax CPU | wall ratio | CPU ratio | scores |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
echo
awk -v t="${totals[*]}" 'BEGIN { split(t, s, " ");
    printf "Totals of the medians: wall Tabula %.2f s, Edax %.2f s, ratio %.2f; CPU Tabula %.2f s, Edax %.2f s, ratio %.2f\n",
        s[1], s[2], (s[2] > 0 ? s[1] / s[2] : 0), s[3], s[4], (s[4] > 0 ? s[3] / s[4] : 0) }'
echo "Logs: $work"
if [ "$all_exact" != 1 ]; then
    echo "A score differs from the published one."
    exit 1
fi
