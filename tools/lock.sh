#!/usr/bin/env bash
# Re-resolve requirements/dev.lock from pyproject.toml with pip-compile (pip-tools, in a
# throwaway venv). Run it on purpose, to take up new dependency releases; review the
# diff, then run the test command. The project itself (cfgc) is left out of the lock:
# it is installed editable from the checkout, wherever that is.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/python" -m pip install -q "pip-tools==7.6.2"
"$tmp/venv/bin/pip-compile" -q --extra dev --strip-extras --unsafe-package cfgc \
  --no-emit-index-url --no-emit-find-links -o requirements/dev.lock pyproject.toml
echo "wrote requirements/dev.lock ($(grep -c '==' requirements/dev.lock) pins)"
