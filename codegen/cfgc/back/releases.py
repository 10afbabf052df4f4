"""The releases backend: `releases.json`, what `vllm-config upgrade` reads about the
releases a package holds, without importing any of them.

The releases (oldest first), the default one and each one's folder; every removal the
schema declares with its fate (renamed to, replaced by, or dropped and why); the
history notes of classes, fields and flags; and the hand-written packages the generated
code calls. Each release's flags are in its own
`cli_manifest.json`. Written only for a schema that lists releases.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from ..model.resolved import Resolved
from ..model.schema import release_slug
from . import GENERATED_DIR


def releases_json(res: Resolved) -> str:
    schema = res.schema
    data = {
        "generated_from": "schema/ (cfgc); do not edit",
        "release": schema.release,
        "default": schema.default_release,
        "releases": list(schema.releases),
        "folders": {r: "" if r == schema.default_release else f"_releases/{release_slug(r)}"
                    for r in schema.releases},
        "fates": [{"subject": f.subject, "removed_in": f.release, "kind": f.kind,
                   "target": f.target, "convert": f.convert} for f in schema.fates],
        "history": {k: list(v) for k, v in sorted(res.history.items())},
        # the hand-written packages the generated modules call (hooks, libraries): one
        # process that loads release after release clears their caches at each swap
        "shared": [schema.hooks_package, *(lib.package for lib in schema.libraries)],
        # values of this release's fields that mean something else than before
        "meaning_changed": {f"{c.name}.{f.name}": dict(f.meaning_changed)
                            for c in schema.classes for f in c.fields if f.meaning_changed},
    }
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def emit(res: Resolved, outputs: Mapping[str, str]) -> dict[str, str]:
    """releases.json in the package, by path from the project root."""
    if not res.schema.releases:
        return {}
    return {f"{GENERATED_DIR}/{res.schema.package}/releases.json": releases_json(res)}
