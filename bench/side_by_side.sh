# Shared by the side-by-side engine benches (bench/reversi/edax.sh,
# bench/connect_four/pons.sh): messages, one timed run, medians and ratios.
# Meant to be sourced; `die` names the script that sourced it.

say() { printf '%s\n' "$*" >&2; }
die() { say "$(basename "$0"): $*"; exit 2; }

# One run: `timed LOG INPUT COMMAND...`: standard input from INPUT, standard output to
# LOG and standard error to LOG.err; prints "wall cpu" in seconds (cpu: user + system),
# or "fail fail" when the command fails.
timed() {
    local log="$1" input="$2"
    shift 2
    local TIMEFORMAT='%R %U %S'
    local timing
    timing="$({ time "$@" < "$input" > "$log" 2> "$log.err"; } 2>&1)" || { say "a run failed: $* (see $log.err)"; echo "fail fail"; return; }
    awk '{ printf "%.2f %.2f\n", $1, $2 + $3 }' <<< "$timing"
}

# Median of numbers given as arguments (the lower middle for an even count).
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# A over B to two decimals (0 when B is 0).
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
