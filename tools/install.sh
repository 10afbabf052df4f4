#!/usr/bin/env bash
# Create the virtual environment and install the project with what tests, docs and
# kernels need. Sourced by setup.sh and test.sh; idempotent.
#
# By default it installs the locked versions of requirements/dev.lock (made by
# tools/lock.sh with pip-compile, never edited by hand), so every fresh clone tests the
# same thing on any day. CFGC_DEPS=newest installs the newest releases that
# pyproject.toml allows into .venv-newest instead: how a dependency's new release is
# noticed, before the lock takes it up on purpose.
set -euo pipefail
# pip itself is the installer, not a dependency: pinned here so its resolver is fixed too.
PIP_VERSION=26.3
if [ "${CFGC_DEPS:-locked}" = newest ]; then
  VENV=.venv-newest
else
  VENV=.venv
fi
python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install -q "pip==$PIP_VERSION"
if [ "${CFGC_DEPS:-locked}" = newest ]; then
  "$VENV/bin/python" -m pip install -q --upgrade --upgrade-strategy eager -e ".[dev]"
else
  "$VENV/bin/python" -m pip install -q -r requirements/dev.lock
  # The project itself, built with the locked setuptools and no other download.
  "$VENV/bin/python" -m pip install -q --no-deps --no-build-isolation -e .
fi
echo "== installed into $VENV ($("$VENV/bin/python" -m pip --version | cut -d' ' -f1-2)," \
  "transformers $("$VENV/bin/python" -c 'from importlib.metadata import version as v; print(v("transformers"))'))"
