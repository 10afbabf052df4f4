#!/usr/bin/env bash
# Compile a private copy of the schema, so work in progress never breaks the shared tree.
#   tools/sandbox.sh NAME [DRAFT.yaml ...]
# Copies schema/ to $TMPDIR/cfgc-sandbox-NAME/schema (TMPDIR defaults to /tmp), overlays
# the given drafts (by file name), links the hooks, libraries and kernel sources the
# schema reads, generates there, and prints how to import the result. With
# CFGC_SANDBOX_RELEASES="0.25.1 0.26.0 ..." the copy lists those releases instead (a
# release the schema says nothing about is the same as the one before it).
set -euo pipefail
name=${1:?usage: tools/sandbox.sh NAME [DRAFT.yaml ...]}; shift
repo=$(cd "$(dirname "$0")/.." && pwd)
box=${TMPDIR:-/tmp}/cfgc-sandbox-$name
rm -rf "$box/schema" && mkdir -p "$box" && cp -r "$repo/schema" "$box/schema"
cp "$repo/pyproject.toml" "$box/"
# The schema names hand-written code (hooks, libraries, kernel sources) by path.
for shared in codegen kernels; do ln -sfn "$repo/$shared" "$box/$shared"; done
for draft in "$@"; do cp "$draft" "$box/schema/$(basename "$draft")"; done
if [[ -n "${CFGC_SANDBOX_RELEASES:-}" ]]; then
  list=$(printf '"%s", ' $CFGC_SANDBOX_RELEASES); list=${list%, }
  sed -i -E "0,/^(\s*list:\s*)\[[^]]*\]/s//\1[$list]/" "$box/schema/project.yaml"
fi
"$repo/.venv/bin/cfgc" --root "$box" generate -q
echo "generated into $box/generated; import with: PYTHONPATH=$box/generated $repo/.venv/bin/python ..."
