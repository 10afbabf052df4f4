"""A release's change by difference (front/edits.py): `values:` and `default_items:`
edit the Literal and the list default in force, `without:` removes keys. An edit and
the restatement it replaces give the same resolved model in every release, and the real
schema restates nothing an edit can say."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cfgc.errors import Collector, SchemaError
from cfgc.front import edits
from cfgc.front import releases as history
from cfgc.front.yaml_loader import Node, load_yaml

from .conftest import REPO
from .listed_releases import RELEASES

_spec = importlib.util.spec_from_file_location("resolved_dump",
                                               REPO / "tools" / "resolved_dump.py")
resolved_dump = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(resolved_dump)

FIRST, SECOND, THIRD, LAST = RELEASES[0], RELEASES[1], RELEASES[3], RELEASES[-1]

#: The same history twice: by edits, and restated in full as before the edits existed.
BY_EDITS = f"""
aliases:
  Mode:
    doc: A mode.
    type: Literal["auto", "fast", "slow"]
    changed:
      "{LAST}": {{values: {{remove: [slow], add: [turbo]}}}}
      "{SECOND}": {{values: {{after: {{auto: [eager]}}, before: {{auto: [none]}}}}}}
classes:
  Demo:
    doc: A demo class.
    fields:
      mode: {{type: Mode, default: auto, hash: include, doc: The mode.}}
      backend:
        type: Literal["a", "b"] | None
        default: null
        changed: {{"{THIRD}": {{values: {{after: {{a: [c]}}}}}}}}
        hash: include
        doc: The backend.
      ops:
        type: list[str]
        default: ["x::one", "x::two"]
        changed:
          "{THIRD}": {{default_items: {{after: {{"x::one": ["x::half"]}}}}}}
          "{LAST}": {{default_items: {{remove: ["x::two"], add: ["x::three"]}}}}
        hash: include
        doc: The ops.
"""
RESTATED = f"""
aliases:
  Mode:
    doc: A mode.
    type: Literal["auto", "fast", "slow"]
    changed:
      "{SECOND}": {{type: 'Literal["none", "auto", "eager", "fast", "slow"]'}}
      "{LAST}": {{type: 'Literal["none", "auto", "eager", "fast", "turbo"]'}}
classes:
  Demo:
    doc: A demo class.
    fields:
      mode: {{type: Mode, default: auto, hash: include, doc: The mode.}}
      backend:
        type: Literal["a", "b"] | None
        default: null
        changed: {{"{THIRD}": {{type: 'Literal["a", "c", "b"] | None'}}}}
        hash: include
        doc: The backend.
      ops:
        type: list[str]
        default: ["x::one", "x::two"]
        changed:
          "{THIRD}": {{default: ["x::one", "x::half", "x::two"]}}
          "{LAST}": {{default: ["x::one", "x::half", "x::three"]}}
        hash: include
        doc: The ops.
"""


def dumps(project: Path, text: str) -> dict[str, str]:
    (project / "schema" / "demo.yaml").write_text(text)
    return resolved_dump.dumps(project)


def test_an_edit_and_its_restatement_resolve_alike_in_every_release(project: Path) -> None:
    by_edits, restated = dumps(project, BY_EDITS), dumps(project, RESTATED)
    assert list(by_edits) == list(RELEASES)
    for release in RELEASES:
        assert by_edits[release] == restated[release], release
    # and the dump sees a difference that matters: the order of a Literal's values
    swapped = RESTATED.replace('"none", "auto", "eager", "fast", "turbo"',
                               '"auto", "none", "eager", "fast", "turbo"')
    assert dumps(project, swapped)[LAST] != restated[LAST]
    assert dumps(project, swapped)[SECOND] == restated[SECOND]


def projected(tmp_path: Path, text: str) -> dict[str, object]:
    path = tmp_path / "x.yaml"
    path.write_text(text)
    node = load_yaml(path, "x.yaml")
    releases = history.Releases(tuple(RELEASES), FIRST)
    errors = Collector()
    history.check([("x.yaml", "x", node)], releases, errors)
    errors.raise_if_any()
    return {r: history.project(node, r, releases).plain() for r in RELEASES}


def test_without_removes_a_key_from_its_release_on(tmp_path: Path) -> None:
    out = projected(tmp_path, f"""
fields:
  size:
    type: int
    default: 1
    gt: 0
    cli: {{flag: --size, aliases: [-s]}}
    changed: {{"{THIRD}": {{without: [gt, cli.aliases], doc: unbounded}}}}
methods:
  scaled:
    params: {{factor: int, offset: int}}
    changed: {{"{LAST}": {{without: [params.offset]}}}}
""")
    assert out[SECOND]["fields"]["size"] == {"type": "int", "default": 1, "gt": 0,
                                             "cli": {"flag": "--size", "aliases": ["-s"]}}
    assert out[THIRD]["fields"]["size"] == {"type": "int", "default": 1,
                                            "cli": {"flag": "--size"}, "doc": "unbounded"}
    assert out[LAST]["fields"]["size"] == out[THIRD]["fields"]["size"]
    assert out[THIRD]["methods"]["scaled"]["params"] == {"factor": "int", "offset": "int"}
    assert out[LAST]["methods"]["scaled"]["params"] == {"factor": "int"}


def test_edits_apply_in_release_order_whatever_the_order_written(tmp_path: Path) -> None:
    out = projected(tmp_path, f"""
aliases:
  Mode:
    type: Literal["a"]
    changed:
      "{LAST}": {{values: {{after: {{b: [c]}}}}}}
      "{SECOND}": {{values: {{add: [b]}}}}
""")
    assert out[FIRST]["aliases"]["Mode"]["type"] == 'Literal["a"]'
    assert out[SECOND]["aliases"]["Mode"]["type"] == 'Literal["a", "b"]'
    assert out[LAST]["aliases"]["Mode"]["type"] == 'Literal["a", "b", "c"]'


def test_a_refused_values_validator_keeps_its_own_values_key(tmp_path: Path) -> None:
    """`values` is an edit only where the entry has a type."""
    out = projected(tmp_path, f"""
reject:
  values: [naive]
  message: gone
  changed: {{"{LAST}": {{values: [naive, pplx]}}}}
""")
    assert out[SECOND]["reject"]["values"] == ["naive"]
    assert out[LAST]["reject"]["values"] == ["naive", "pplx"]


@pytest.mark.parametrize(("text", "message"), [
    ('{values: {add: [a]}}', "cannot add 'a': it is already one of the values"),
    ('{values: {remove: [z]}}', "cannot remove 'z': it is not one of the values"),
    ('{values: {before: {z: [y]}}}', "cannot place values before 'z'"),
    ('{values: {remove: [a, b]}}', "values leaves the Literal[...] empty"),
    ('{without: [le]}', "cannot remove 'le': there is no key 'le'"),
    ('{without: [ge], ge: 1}', "'ge' is both removed (without) and given"),
    ('{default_items: {add: [x]}}', "default_items edits a list default"),
    ('{values: {}}', "values says nothing"),
])
def test_an_edit_of_what_is_not_there_is_a_located_error(tmp_path: Path, text: str,
                                                         message: str) -> None:
    path = tmp_path / "x.yaml"
    path.write_text(f"""
fields:
  mode:
    type: Literal["a", "b"]
    default: a
    ge: 0
    changed: {{"{SECOND}": {text}}}
""")
    node = load_yaml(path, "x.yaml")
    errors = Collector()
    history.check([("x.yaml", "x", node)], history.Releases(tuple(RELEASES), FIRST), errors)
    found = [d for d in errors.diagnostics if message in d.message]
    assert found, [d.message for d in errors.diagnostics]
    assert found[0].loc.file == "x.yaml" and found[0].loc.line == 7
    assert f"fields.mode in {SECOND}" in found[0].message


def test_two_literals_need_the_values_named_to_say_which(tmp_path: Path) -> None:
    base = 'type: Literal["a", "b"] | Other | Literal["c"]'
    state = load_yaml(_write(tmp_path, base), "x.yaml")
    for change, want in [("{values: {remove: [c], after: {c: [d]}}}", None),
                         ("{values: {after: {c: [d]}}}", 'Literal["a", "b"] | Other | '
                                                         'Literal["c", "d"]'),
                         ("{values: {remove: [a]}}", 'Literal["b"] | Other | Literal["c"]'),
                         ("{values: {add: [e]}}", None)]:
        errors = Collector()
        out = edits.apply(state, load_yaml(_write(tmp_path, change), "x.yaml"), SECOND,
                          "T", errors)
        if want is None:
            assert errors.diagnostics, change
        else:
            assert errors.diagnostics == [] and out.value["type"].value == want, change


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "e.yaml"
    path.write_text(text + "\n")
    return path


@settings(max_examples=200, deadline=None)
@given(old=st.lists(st.sampled_from("abcdefgh"), unique=True, min_size=1),
       removed=st.sets(st.sampled_from("abcdefgh")), added=st.lists(
           st.sampled_from("stuvwxyz"), unique=True), anchor=st.integers(0, 7))
def test_a_list_edit_keeps_what_it_does_not_name(old: list[str], removed: set[str],
                                                 added: list[str], anchor: int) -> None:
    """Removed items go, the kept ones keep their order, new ones land after their
    anchor (or at the end)."""
    removed &= set(old)
    kept = [x for x in old if x not in removed]
    edit: dict[str, Node] = {}
    if removed:
        edit["remove"] = Node([Node(x, None) for x in sorted(removed)], None)
    where = kept[anchor % len(kept)] if kept else None
    if added and where is not None:
        edit["after"] = Node({where: Node([Node(x, None) for x in added], None)}, None)
    elif added:
        edit["add"] = Node([Node(x, None) for x in added], None)
    errors = Collector()
    out = [v for v, _ in edits._edit_items([(x, x) for x in old], edit, "the values",
                                           "T", errors)]
    assert errors.diagnostics == []
    assert [x for x in out if x in old] == kept
    assert set(out) == set(kept) | set(added)
    if added and where is not None:
        at = out.index(where)
        assert out[at + 1: at + 1 + len(added)] == added


def test_the_schema_restates_no_literal_and_no_list_default() -> None:
    """Every change of a Literal's values or a list default is written as an edit."""
    assert resolved_dump.restatements(REPO) == []


def test_a_restatement_is_recognised(project: Path) -> None:
    (project / "schema" / "demo.yaml").write_text(RESTATED)
    found = resolved_dump.restatements(project)
    assert len(found) == 5, found
    (project / "schema" / "demo.yaml").write_text(BY_EDITS)
    assert resolved_dump.restatements(project) == []


def test_the_real_schema_resolves_with_its_edits() -> None:
    try:
        texts = resolved_dump.dumps(REPO)
    except SchemaError as exc:  # pragma: no cover - the message is the point
        pytest.fail("\n".join(str(d) for d in exc.diagnostics))
    assert list(texts) == list(RELEASES)
