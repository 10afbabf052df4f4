"""Every name vLLM's `vllm.config` exports, compared by introspection with ours (issue 32).

tests/facts/releases/<release>/public_shapes.json holds, for each module of the release's
`vllm.config`, every name it exports (its `__all__`, the public names each module defines,
the names vLLM's own code imports) with its shape: an enum's members and values, a type
alias's Literal values or union arms, a dict's keys and the shape of each value (nested),
a tuple's or set's items, a scalar's value, a function's parameters
(tools/record_public_shapes.py, run in a venv with that release). The same tool describes
ours in a child process with CFGC_RELEASE set. Each name must have the same shape in
`vllm_config` for that release, or be a difference the schema declares for that release:
`absent: <reason>` (then it must really be absent) or `differs_from_vllm`, both listed on
the release's differences page.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.listed_releases import RELEASES

REPO = Path(__file__).resolve().parent.parent
FACTS = REPO / "tests" / "facts" / "releases"
TOOL = REPO / "tools" / "record_public_shapes.py"


def _recorded(release: str) -> dict[str, dict[str, dict]]:
    path = FACTS / release / "public_shapes.json"
    if not path.is_file():  # test_every_release_is_recorded says which
        return {}
    return json.loads(path.read_text())["modules"]


NAMES = [(release, module, name) for release in RELEASES
         for module, row in sorted(_recorded(release).items()) for name in sorted(row)]


@functools.cache
def _ours(release: str) -> dict[str, dict[str, dict]]:
    env = {**os.environ, "CFGC_RELEASE": release}
    out = subprocess.run([sys.executable, str(TOOL), "--ours",
                          str(FACTS / release / "public_shapes.json")],
                         capture_output=True, text=True, check=True, env=env)
    return json.loads(out.stdout)


@functools.cache
def _declared(release: str) -> tuple[dict[str, str], frozenset[str]]:
    """The release's declared differences (subject -> reason) and absent names."""
    from cfgc.front.load import load

    schema = load(REPO, release).schema
    absent = frozenset(f"{k.module}.{k.name}" for k in schema.constants if k.absent)
    return {d.subject: d.reason for d in schema.all_differences()}, absent


def _subject(module: str, name: str) -> str:
    """How the differences page names it: the generated module's name, then the name."""
    return f"{module.removeprefix('vllm.config').lstrip('.') or 'config'}.{name}"


def test_every_release_is_recorded() -> None:
    """Each release schema/project.yaml lists has its recording (issue 35)."""
    for release in RELEASES:
        assert (FACTS / release / "public_shapes.json").is_file(), (
            f"no public_shapes.json of vLLM {release}: record it with "
            f"tools/record_public_shapes.py in a venv holding that release")
        assert sum(len(row) for row in _recorded(release).values()) > 150, release


@pytest.mark.parametrize(("release", "module", "name"), NAMES,
                         ids=[f"{r}:{m.removeprefix('vllm.config')}.{n}" for r, m, n in NAMES])
def test_exported_name_has_vllm_shape(release: str, module: str, name: str) -> None:
    theirs = _recorded(release)[module][name]
    ours = _ours(release)[module][name]
    differences, absent = _declared(release)
    subject = _subject(module, name)
    if subject in absent:
        assert ours == {"kind": "missing"}, f"{subject} is declared absent but exists"
        return
    if ours != theirs:
        assert subject in differences, (
            f"{subject} differs from vLLM {release} and no difference is declared:\n"
            f"  vLLM: {json.dumps(theirs)[:400]}\n  ours: {json.dumps(ours)[:400]}")


def test_declared_absent_names_are_vllm_names() -> None:
    """An `absent:` entry names something the release's vLLM really exports."""
    for release in RELEASES:
        exported = {_subject(m, n) for m, row in _recorded(release).items() for n in row}
        _, absent = _declared(release)
        assert absent <= exported, sorted(absent - exported)


def test_shapes_say_what_they_compare() -> None:
    """The describer itself: members, keys and values, not only presence."""
    import enum
    from typing import Literal

    sys.path.insert(0, str(TOOL.parent))
    try:
        import record_public_shapes as tool
    finally:
        sys.path.remove(str(TOOL.parent))

    class Mode(enum.IntEnum):
        A = 1

    table = {Mode.A: {"cfg": {"flag": True, "fn": len, "mode": Mode.A}}}
    assert tool.describe(table) == {"kind": "dict", "items": {"Mode.A": {
        "kind": "dict", "items": {"cfg": {"kind": "dict", "items": {
            "flag": {"kind": "bool", "value": True}, "fn": {"kind": "callable"},
            "mode": {"kind": "enum member", "enum": "Mode", "name": "A"}}}}}}}
    assert tool.describe(Mode) == {"kind": "enum", "base": "IntEnum",
                                   "members": {"A": {"kind": "int", "value": 1}}}
    assert tool.describe(Literal["a", Literal["b"]]) == {"kind": "Literal", "values": ["a", "b"]}
    assert tool.describe(frozenset({"b", "a"}))["items"][0] == {"kind": "str", "value": "a"}
    assert tool.describe(lambda cfg, *, x=1: None)["params"] == ["cfg", "x"]
