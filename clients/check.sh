#!/usr/bin/env bash
# The contract checks: committed generated code matches proto/ (drift), and proto/ keeps
# the released tabula.v1 contract (breaking changes).
exec bash "$(dirname "${BASH_SOURCE[0]}")/generate.sh" --check
