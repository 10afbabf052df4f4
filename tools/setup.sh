#!/usr/bin/env bash
# Set up from a fresh clone and run the main job: compile the schema, build the docs
# site, and show a resolved config from sample flags. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e ".[dev]"
echo "== cfgc generate"
.venv/bin/cfgc generate
echo "== mkdocs build"
NO_MKDOCS_2_WARNING=1 .venv/bin/mkdocs build --strict -q -d site
echo "   site built in ./site (serve it with: .venv/bin/mkdocs serve)"
echo "== vllm-config show (sample flags)"
.venv/bin/vllm-config show --model examples/tiny-llama -tp 2 --kv-cache-dtype fp8 \
  --block-size 32 -cc.mode 3 --format yaml
