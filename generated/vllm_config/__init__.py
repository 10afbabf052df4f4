# Generated from schema/ by cfgc; do not edit.
"""vllm_config: the engine's config classes, generated from the schema, for each vLLM
release of RELEASES.

CFGC_RELEASE, set before the first import, selects the release (else DEFAULT_RELEASE;
`vllm-config --release` sets it); only that release's modules load. Each release's
modules are put together from parts stored once in `_modules/<module>/`, one file per
distinct version of a run of code, whose first line names the releases that use it;
`_index.py` lists each release's parts (see `cfgc.runtime.parts`). Importing the
package is cheap: classes load on first use (PEP 562).
"""

import os as _os

from cfgc.runtime import parts as _parts

from . import _index

SCHEMA_VERSION = 1
DEFAULT_RELEASE = "0.25.1"
RELEASES = ('0.25.1', '0.26.0', '0.27.1', '0.28.0', '0.29.0', '0.30.0', '0.31.0', '0.33.0')
#: The vLLM release these classes describe.
RELEASE = _os.environ.get(_parts.ENV) or DEFAULT_RELEASE
if RELEASE not in RELEASES:
    raise ImportError(_parts.unknown(__name__, RELEASE, RELEASES, "vllm-config"))
#: Each other release's folder of data files (flag manifest, explain, JSON Schema).
_RELEASE_DIRS = {r: f"_releases/{_parts.slug(r)}" for r in RELEASES if r != DEFAULT_RELEASE}
_PARTS = _index.PARTS[RELEASE]  # module -> its parts, for this release
_parts.install(__name__)
_parts.run(globals(), _os.path.dirname(__file__), RELEASE, DEFAULT_RELEASE, _PARTS["__init__"])
