#!/usr/bin/env bash
# Regenerates every client's committed code from proto/.
#   generate.sh          rewrite the generated code of each clients/<lang> with a generate.sh
#   generate.sh --check  regenerate into a temporary copy and fail, with a diff, when the
#                        committed code differs (drift); then check proto/ for breaking
#                        changes against the released contract (breaking/check.sh)
set -euo pipefail
clients="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$clients/.." && pwd)"

check=false
case "${1:-}" in
  "") ;;
  --check) check=true ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

generators=()
for script in "$clients"/*/generate.sh; do
  [[ -f "$script" ]] && generators+=("$script")
done

if ! $check; then
  for script in "${generators[@]}"; do
    echo "generating $(basename "$(dirname "$script")")" >&2
    bash "$script"
  done
  exit 0
fi

# Each generator prints, on request (`--print-out-dir`), the committed outputs it owns, one
# a line: a directory, then any single files (Python's pb.py); and takes as arguments where
# to write each of them instead, in that order.
status=0
for script in "${generators[@]}"; do
  lang="$(basename "$(dirname "$script")")"
  mapfile -t committed < <(bash "$script" --print-out-dir)
  if [[ ${#committed[@]} -eq 0 ]]; then echo "$lang: $script --print-out-dir printed nothing" >&2; exit 1; fi
  fresh="$(mktemp -d)"
  outs=()
  for i in "${!committed[@]}"; do outs+=("$fresh/out$i"); done
  bash "$script" "${outs[@]}"
  same=true
  for i in "${!committed[@]}"; do
    diff -r -u -x __pycache__ "${committed[i]}" "${outs[i]}" >>"$fresh/diff" || same=false
  done
  if $same; then
    echo "$lang: generated code matches proto/" >&2
  else
    echo "$lang: committed generated code differs from what proto/ produces; run clients/generate.sh" >&2
    head -c 20000 "$fresh/diff" >&2
    status=1
  fi
  rm -rf "$fresh"
done

bash "$clients/breaking/check.sh" || status=1
exit $status
