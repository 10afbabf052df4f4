#!/usr/bin/env bash
# Compile a private copy of the schema, so work in progress never breaks the shared tree.
#   tools/sandbox.sh NAME [DRAFT.yaml ...]
# Copies schema/ to /tmp/cfgc-sandbox-NAME/schema, overlays the given drafts (by file
# name), generates there, and prints how to import the result.
set -euo pipefail
name=${1:?usage: tools/sandbox.sh NAME [DRAFT.yaml ...]}; shift
repo=$(cd "$(dirname "$0")/.." && pwd)
box=/tmp/cfgc-sandbox-$name
rm -rf "$box/schema" && mkdir -p "$box" && cp -r "$repo/schema" "$box/schema"
cp "$repo/pyproject.toml" "$box/"
# The schema names hand-written code (hooks, libraries, kernel sources) by path.
for shared in codegen kernels; do ln -sfn "$repo/$shared" "$box/$shared"; done
for draft in "$@"; do cp "$draft" "$box/schema/$(basename "$draft")"; done
"$repo/.venv/bin/cfgc" --root "$box" generate -q
echo "generated into $box/generated; import with: PYTHONPATH=$box/generated $repo/.venv/bin/python ..."
