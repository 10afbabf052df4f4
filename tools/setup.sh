#!/usr/bin/env bash
# Set up from a fresh clone and run the main job: compile the schema, build the docs
# site, and show a resolved config from sample flags. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/install.sh   # the locked versions into .venv (CFGC_DEPS=newest: .venv-newest)
echo "== cfgc generate"
"$VENV"/bin/cfgc generate
echo "== mkdocs build"
NO_MKDOCS_2_WARNING=1 "$VENV"/bin/mkdocs build --strict -q -d site
echo "   site built in ./site (serve it with: "$VENV"/bin/mkdocs serve)"
echo "== vllm-config show (sample flags)"
"$VENV"/bin/vllm-config show --model examples/tiny-llama -tp 2 --kv-cache-dtype fp8 \
  --block-size 32 -cc.mode 3 --format yaml
