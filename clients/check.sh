#!/usr/bin/env bash
# The contract checks, each run even when an earlier one fails:
#   lint.sh                proto/ follows buf's STANDARD and COMMENTS rules (proto/buf.yaml)
#   generate.sh --check    committed generated code matches proto/ (drift), then proto/
#                          keeps the released tabula.v1 contract (breaking/check.sh)
#   concepts.py            the four clients name every concept alike and share a version
set -uo pipefail
clients="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
status=0
bash "$clients/lint.sh" || status=1
bash "$clients/generate.sh" --check || status=1
python3 "$clients/concepts.py" || status=1
exit $status
