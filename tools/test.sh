#!/usr/bin/env bash
# Install what the tests need (from a fresh clone) and run the whole suite. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/install.sh   # the locked versions into .venv (CFGC_DEPS=newest: .venv-newest)
if ! command -v chromium >/dev/null; then  # the docs browser test drives Debian's Chromium
  (apt-get update -qq && apt-get install -y -qq chromium chromium-driver >/dev/null) \
    || echo "warning: could not install chromium; the browser test will fail" >&2
fi
if ! command -v npm >/dev/null; then  # the editor test drives yaml-language-server (Node.js)
  (apt-get update -qq && apt-get install -y -qq nodejs npm >/dev/null) \
    || echo "warning: could not install Node.js; the editor test will fail" >&2
fi
echo "== npm ci (tools/editor: yaml-language-server, as pinned by its package-lock.json)"
npm ci --no-audit --no-fund --prefix tools/editor >/dev/null
echo "== cfgc check"
"$VENV"/bin/cfgc check
echo "== ruff"
"$VENV"/bin/ruff check codegen kernels tests bench tools generated
echo "== mkdocs build --strict"
NO_MKDOCS_2_WARNING=1 "$VENV"/bin/mkdocs build --strict -q -d site
echo "== pytest"
set +e
"$VENV"/bin/pytest -p no:cacheprovider
status=$?
set -e
if [ "$status" -eq 5 ]; then echo "pytest collected no tests: failing" >&2; exit 1; fi
exit "$status"
