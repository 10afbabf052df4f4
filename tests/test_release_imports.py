"""Every name a release's vLLM source imports from `vllm.config...` is importable from the
same `vllm_config...` path of that release (issue 35).

tests/facts/releases/<release>/vllm_config_imports.json lists each (module, name) of a
`from vllm.config... import name` anywhere in that release's installed `vllm/`, its
config package included (tools/extract_release_facts.py --only imports). A name the
schema leaves out on purpose carries `absent: <reason>` for that release (it is then on
the release's differences page); at most three per release may be.
"""

from __future__ import annotations

import functools
import json

import pytest

from tests.listed_releases import RELEASES, REPO, facts, run_in

#: How many imported names one release may leave out, each with its reason.
MOST_ABSENT = 3

#: Imports every listed name in a child holding one release; prints those that fail.
_MISSING = """
import importlib, json, sys
missing = []
for module, name in json.loads(sys.argv[1]):
    ours = "vllm_config" + module[len("vllm.config"):]
    try:
        found = hasattr(importlib.import_module(ours), name)
    except ImportError as error:
        found = False
    if not found:
        missing.append([module, name])
print(json.dumps(missing))
"""


def _subject(module: str, name: str) -> str:
    """How the schema's `absent:` entries and the differences page name it."""
    return f"{module.removeprefix('vllm.config').lstrip('.') or 'config'}.{name}"


@functools.cache
def _absent(release: str) -> frozenset[str]:
    from cfgc.front.load import load

    schema = load(REPO, release).schema
    return frozenset(f"{k.module}.{k.name}" for k in schema.constants if k.absent)


@pytest.mark.parametrize("release", RELEASES)
def test_imported_names_resolve(release: str) -> None:
    names = facts(release, "vllm_config_imports")["names"]
    assert len(names) > 100, "the facts read too few imports: re-extract them"
    missing = run_in(release, _MISSING, json.dumps(names))
    undeclared = [f"{module}:{name}" for module, name in missing
                  if _subject(module, name) not in _absent(release)]
    assert not undeclared, (f"vLLM {release} imports {len(undeclared)} name(s) that "
                            f"vllm_config lacks and the schema does not declare absent: "
                            f"{undeclared}")
    declared = sorted(_subject(m, n) for m, n in missing)
    assert len(declared) <= MOST_ABSENT, (f"vLLM {release}: {len(declared)} imported names "
                                          f"declared absent, at most {MOST_ABSENT}: {declared}")


def test_imports_read_the_config_package_too() -> None:
    """The facts include vllm/config's imports of its own modules (the seed facts did
    not), so a drop-in serves the names its modules import from each other as well."""
    for release in RELEASES:
        modules = {module for module, _ in facts(release, "vllm_config_imports")["names"]}
        assert "vllm.config.utils" in modules, release
