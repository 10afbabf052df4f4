"""Unit tests of the compiler stages: loader, type parser, parser, resolver, emitters,
file writer, and the CLI's check."""

from __future__ import annotations

import importlib
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cfgc import files, pipeline
from cfgc.errors import SchemaError
from cfgc.front.yaml_loader import load_yaml
from cfgc.model.python import hash_expr
from cfgc.model.resolved import value_problem
from cfgc.model.types import TypeSyntaxError, parse_type

from .conftest import REPO

DEMO = """
enums:
  Speed:
    doc: How fast.
    members: {SLOW: 1, QUICK: 2}
aliases:
  Color:
    doc: A color.
    type: Literal["red", "green"]
classes:
  Inner:
    doc: An inner config.
    hash: {default: include}
    fields:
      ratio: {type: float, default: 0.5, ge: 0, le: 1, doc: A ratio.}
  Demo:
    doc: A demo config.
    hash: {default: include}
    fields:
      LIMIT: {kind: classvar, type: int, default: 3, doc: A constant.}
      name: {type: str, default: x, validate: [lower, dash_to_underscore], doc: A name.}
      color: {type: Color | None, default: red, validate: [auto_to_none], doc: A color.}
      speed: {type: Speed, default: QUICK, validate: [enum_by_name], doc: The speed.}
      tags: {type: "list[str]", default: [], validate: [comma_list], doc: Tags.}
      weights: {type: "dict[str, float]", default: {a: 1}, doc: Weights.}
      inner: {type: Inner, default_factory: Inner, doc: Nested.}
      note: {type: str, default: "", hash: {exclude: cosmetic}, doc: A note.}
      size: {type: int | None, unset: true, gt: 0, doc: Filled in later.}
"""


def write_demo(project: Path, text: str = DEMO) -> None:
    (project / "schema" / "demo.yaml").write_text(textwrap.dedent(text))


def generate(project: Path) -> None:
    pipeline_out = pipeline.build(pipeline.load(project))
    p = files.plan(project, pipeline_out, pipeline.OWNED_DIRS)
    files.write_atomically(project, pipeline_out, p)


def import_generated(project: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.syspath_prepend(str(project / "generated"))
    for name in [m for m in sys.modules if m == "vllm_config" or m.startswith("vllm_config.")]:
        monkeypatch.delitem(sys.modules, name)
    return importlib.import_module("vllm_config")


def test_loader_keeps_locations(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("a:\n  b: [1, two]\n  c: {d: null}\n")
    root = load_yaml(path, "x.yaml")
    b = root.value["a"].value["b"]
    assert (b.loc.line, b.loc.col) == (2, 6)
    assert str(b.value[1].loc) == "x.yaml:2:10"
    assert root.plain() == {"a": {"b": [1, "two"], "c": {"d": None}}}
    assert str(root.value["a"].key_locs["c"]) == "x.yaml:3:3"


def test_loader_rejects_duplicates_and_tags(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("a: 1\nb: !!python/name:os.system x\na: 2\n")
    with pytest.raises(SchemaError) as err:
        load_yaml(path, "x.yaml")
    messages = [str(d) for d in err.value.diagnostics]
    assert any(m.startswith("x.yaml:2:4: tag") for m in messages)
    assert any(m.startswith("x.yaml:3:1: duplicate key 'a'") for m in messages)


@pytest.mark.parametrize("text", ["int", "int | None", "list[str]", "dict[str, int | float]",
                                  "tuple[int, ...]", 'Literal["a", 2, True]', "Speed | None"])
def test_type_expressions_round_trip(text: str) -> None:
    parsed = parse_type(text)
    assert parse_type(parsed.source()) == parsed


@pytest.mark.parametrize("text", ["list[", "Callable[[int], int]", "dict[str]", "Literal[x]",
                                  "int + str"])
def test_bad_type_expressions_are_rejected(text: str) -> None:
    with pytest.raises(TypeSyntaxError):
        parse_type(text)


def test_parse_and_resolve_demo(project: Path) -> None:
    write_demo(project)
    res = pipeline.load(project)
    demo = res.classes["Demo"]
    assert [f.name for f in demo.hashed_fields] == [
        "name", "color", "speed", "tags", "weights", "inner", "size"]
    note = demo.field("note")
    assert note.hash.include is False and note.hash.reason == "cosmetic"
    assert demo.field("name").hash.inherited is True
    assert demo.field("LIMIT").hash is None
    assert str(demo.field("speed").loc) == "schema/demo.yaml:23:7"
    assert [c.name for c in res.order] == ["Inner", "Demo"]


def test_value_problem_is_type_directed(project: Path) -> None:
    write_demo(project)
    res = pipeline.load(project)
    t = res.expand(parse_type("list[int] | None"))
    assert value_problem(t, [1, 2], res) == ""
    assert value_problem(t, None, res) == ""
    assert value_problem(t, [1, "x"], res) != ""
    assert value_problem(parse_type("float"), True, res) == "expected float"
    assert value_problem(parse_type("Speed"), "SLOW", res) == ""
    assert "member" in value_problem(parse_type("Speed"), "slow", res)


def test_hash_expressions(project: Path) -> None:
    write_demo(project)
    res = pipeline.load(project)
    assert hash_expr(parse_type("float"), "v", res) == "(float(v) + 0.0)"  # -0.0 as 0.0
    assert (hash_expr(parse_type("float | None"), "v", res)
            == "None if v is None else (float(v) + 0.0)")
    assert hash_expr(parse_type("Speed"), "v", res) == "_h.enum_name(v)"
    assert hash_expr(parse_type("Inner | None"), "v", res) == "_h.nested(v)"
    assert hash_expr(parse_type("Inner"), "v", res) == "v.compute_hash()"
    assert hash_expr(parse_type("set[str]"), "v", res) == "_h.sorted_tuple(x0 for x0 in v)"
    assert hash_expr(parse_type("list[float]"), "v", res) == "tuple((float(x0) + 0.0) for x0 in v)"


def test_generated_demo_behaves(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_demo(project)
    generate(project)
    pkg = import_generated(project, monkeypatch)
    d = pkg.Demo(name="Hello-World", color="auto", speed="slow", tags="a, b")
    assert (d.name, d.color, d.speed, d.tags) == ("hello_world", None, pkg.Speed.SLOW, ["a", "b"])
    assert d.weights == {"a": 1} and pkg.Demo().weights is not d.weights
    assert d.size is None and d.LIMIT == 3
    with pytest.raises(ValueError, match="valid: SLOW, QUICK"):
        pkg.Demo(speed="fast")
    with pytest.raises(ValueError):
        pkg.Demo(unknown=1)
    with pytest.raises(ValueError):
        pkg.Inner(ratio=2)
    assert pkg.Demo(note="a").compute_hash() == pkg.Demo(note="b").compute_hash()
    assert pkg.Demo(inner=pkg.Inner(ratio=1)).compute_hash() == \
        pkg.Demo(inner={"ratio": 1.0}).compute_hash()
    assert pkg.Demo(inner={"ratio": 0.25}).compute_hash() != pkg.Demo().compute_hash()
    assert pkg.Demo().hash_factors()["speed"] == "Speed.QUICK"


def test_generate_is_deterministic_and_writes_only_changes(project: Path) -> None:
    write_demo(project)
    first = pipeline.build(pipeline.load(project))
    assert pipeline.build(pipeline.load(project)) == first
    generate(project)
    again = files.plan(project, first, pipeline.OWNED_DIRS)
    assert again.changed == () and again.removed == ()
    for rel, content in first.items():
        assert (project / rel).read_text() == content
        if rel.endswith(".py"):
            assert content.startswith("# Generated from schema/")


def test_check_lists_stale_files_and_removed_outputs(project: Path) -> None:
    write_demo(project)
    generate(project)
    stale = project / "generated" / "vllm_config" / "demo.py"
    stale.write_text(stale.read_text() + "# edited by hand\n")
    write_demo(project, DEMO.replace("  Inner:", "  Inner2:").replace("Inner,", "Inner2,")
               .replace("type: Inner,", "type: Inner2,"))
    result = subprocess.run([sys.executable, "-m", "cfgc.cli", "--root", str(project), "check"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 1
    assert "stale: generated/vllm_config/demo.py" in result.stderr
    assert "stale (no longer generated): docs/reference/Inner.md" in result.stderr
    subprocess.run([sys.executable, "-m", "cfgc.cli", "--root", str(project), "generate", "-q"],
                   check=True)
    assert not (project / "docs" / "reference" / "Inner.md").exists()
    ok = subprocess.run([sys.executable, "-m", "cfgc.cli", "--root", str(project), "check"],
                        capture_output=True, text=True, check=False)
    assert ok.returncode == 0, ok.stderr


def test_properties_and_methods_are_generated() -> None:
    res = pipeline.load(REPO)
    checked = 0
    for c in res.schema.classes:
        cls = getattr(importlib.import_module(res.schema.package), c.name)
        for acc in c.properties:
            assert isinstance(cls.__dict__[acc.name], property), acc.name
            checked += 1
        for acc in c.methods:
            assert callable(getattr(cls, acc.name)), acc.name
            checked += 1
    assert checked >= 10


def test_accessor_name_clash_is_a_located_error(project: Path) -> None:
    write_demo(project, DEMO.replace("  Demo:\n    doc: A demo config.\n",
                                     "  Demo:\n    doc: A demo config.\n"
                                     "    properties:\n      name: {hook: x, doc: d}\n"))
    with pytest.raises(SchemaError) as err:
        pipeline.load(project)
    messages = [str(d) for d in err.value.diagnostics]
    assert any("'name' of class Demo clashes with a field" in msg for msg in messages)
    assert any("unknown hook 'x'" in msg for msg in messages)
