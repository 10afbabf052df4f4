#!/usr/bin/env bash
# Prepare a vLLM release for the schema, in one command (tools/release_add.py says how):
#
#   tools/release.sh add RELEASE --venv DIR [--into ROOT] [--seed N]
#
# makes or reuses the scratch venv, reads the release's facts, writes the diffs against
# both neighbours, rewrites the history, records the parity cases, then prints the
# checklist of what is left to write in the schema. Safe to run again; a failure
# halfway writes nothing. Runs with the project's .venv (PYTHON=... for another).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
python=${PYTHON:-$root/.venv/bin/python}
usage="usage: tools/release.sh add RELEASE --venv DIR [--into ROOT] [--seed N]"
case "${1:-}" in
  add) shift; exec "$python" "$root/tools/release_add.py" "$@" ;;
  -h|--help) echo "$usage"; exit 0 ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
