"""Unit tests of the expression language (cfgc.expr): dict literals, `|` merging dicts,
`+` joining lists, and `.count()` on lists and strings (added for CompilationConfig)."""

from __future__ import annotations

import shutil
import tempfile
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cfgc import pipeline
from cfgc.errors import Collector, Loc
from cfgc.front import expr as x
from cfgc.model import expr as xs

from .conftest import REPO, link_hooks
from .test_compiler import write_demo


@pytest.fixture
def demo(project: Path):
    write_demo(project)
    res = pipeline.load(project)
    return res, res.classes["Demo"]


def check(demo, text: str):
    res, cls = demo
    errors = Collector()
    e = xs.parse(text, Loc("schema/demo.yaml", 1, 1), errors, "test")
    checked = x.check(e, x.Scope(res, cls), errors, "test") if e is not None else None
    return checked, [d.message for d in errors.diagnostics]


def run(checked, **fields):
    """Evaluate compiled source against an object carrying `fields`."""
    self = type("Obj", (), fields)()
    return eval(checked.source, {}, {"self": self})  # noqa: S307 - compiled test source


def test_dict_literal_and_merge(demo):
    checked, errors = check(demo, 'weights | {"b": 2.0}')
    assert errors == [] and checked.type.name == "dict"
    assert run(checked, weights={"a": 1.0}) == {"a": 1.0, "b": 2.0}
    checked, _ = check(demo, '{"b": 2.0} | weights')  # the right side wins
    assert run(checked, weights={"b": 1.0}) == {"b": 1.0}
    assert check(demo, "{}")[1] == []


def test_merge_needs_two_dicts(demo):
    _, errors = check(demo, "tags | weights")
    assert errors and "| merges two dicts" in errors[0]
    _, errors = check(demo, "{**weights}")
    assert errors and "not supported" in errors[0]


def test_list_join(demo):
    checked, errors = check(demo, 'tags + ["x"]')
    assert errors == [] and checked.type.name == "list"
    assert run(checked, tags=["a"]) == ["a", "x"]
    _, errors = check(demo, "tags + 1")
    assert errors and "joined with a list" in errors[0]


def test_count(demo):
    checked, errors = check(demo, 'tags.count("a") + name.count("b")')
    assert errors == []
    assert run(checked, tags=["a", "a", "c"], name="bb") == 4
    _, errors = check(demo, "tags.counts()")
    assert errors and "has no method" in errors[0]


@cache
def _demo_once():
    """The demo schema, loaded once (hypothesis runs the test many times)."""
    root = Path(tempfile.mkdtemp())
    (root / "schema").mkdir()
    shutil.copy(REPO / "pyproject.toml", root / "pyproject.toml")
    shutil.copy(REPO / "schema" / "project.yaml", root / "schema" / "project.yaml")
    link_hooks(root)
    write_demo(root)
    res = pipeline.load(root)
    return res, res.classes["Demo"]


@given(st.lists(st.sampled_from(["all", "none", "+a", "-b"]), max_size=6),
       st.dictionaries(st.sampled_from("abc"), st.floats(allow_nan=False), max_size=3))
def test_compiled_matches_python(tags, weights):
    """The compiled expressions mean what the same text means in Python."""
    d = _demo_once()
    for text, expected in [
        ('tags.count("all") + tags.count("none") <= 1',
         tags.count("all") + tags.count("none") <= 1),
        ('tags + ["+rotary"]', [*tags, "+rotary"]),
        ('weights | {"z": 0.0}', weights | {"z": 0.0}),
    ]:
        checked, errors = check(d, text)
        assert errors == []
        assert run(checked, tags=tags, weights=weights) == expected


def test_required_membership_compiles_to_not_in(project: Path):
    """A failing `a in b` / `a is None` requirement is generated as `a not in b` /
    `a is not None` (readable, and clean under ruff E713/E714)."""
    from cfgc.front.behaviour import compile_class

    from .test_compiler import DEMO

    rules = """    rules:
      - require: name in ("x", "y")
        message: bad name
      - require: size is None
        message: size is set
      - require: not tags
        message: tags given
"""
    write_demo(project, DEMO.replace("    hash: {default: include}\n    fields:\n      LIMIT",
                                     rules + "    hash: {default: include}\n    fields:\n"
                                     "      LIMIT"))
    res = pipeline.load(project)
    code = compile_class(res.classes["Demo"], res, Collector()).code
    assert "if self.name not in ('x', 'y'):" in code
    assert "if self.size is not None:" in code
    assert "if not (not self.tags):" in code


def test_unused_takes_a_dotted_path_of_this_class(demo):
    checked, errors = check(demo, 'unused("weights.a")')
    assert errors == [] and checked.type.name == "bool"
    assert checked.source == "_r.unused(self, 'weights.a')"
    _, errors = check(demo, 'unused("weights")')
    assert errors and "dotted config path" in errors[0]
    _, errors = check(demo, 'unused("weihgts.a")')
    assert errors and "'weihgts' is not a field" in errors[0] and "weights" in errors[0]


# ---------------------------------------------------------------- comprehensions


def test_list_comprehension(demo):
    checked, errors = check(demo, '[t.upper() for t in tags if t != "x"]')
    assert errors == [] and checked.type.source() == "list[str]"
    assert run(checked, tags=["a", "x", "b"]) == ["A", "B"]
    assert checked.reads == ("tags",)


def test_dict_and_set_comprehensions(demo):
    checked, errors = check(demo, "{k: v * 2 for k, v in weights.items() if v > 0}")
    assert errors == [] and checked.type.source() == "dict[str, float]"
    assert run(checked, weights={"a": 1.0, "b": -1.0}) == {"a": 2.0}
    checked, errors = check(demo, "{t for t in tags}")
    assert errors == [] and checked.type.name == "set"
    assert run(checked, tags=["a", "a"]) == {"a"}


def test_several_generators_and_collection_functions(demo):
    text = ("[(a + 1, b) for ends in [sorted(set(tags))] "
            "for a, b in zip(range(len(ends)), ends)]")
    checked, errors = check(demo, text)
    assert errors == [], errors
    assert run(checked, tags=["b", "a", "b"]) == [(1, "a"), (2, "b")]
    checked, errors = check(demo, "sum([len(t) for t in tags])")
    assert errors == [] and checked.type.name == "int"
    assert run(checked, tags=["ab", "c"]) == 3


def test_comprehension_conditions_narrow_the_element(demo):
    """`if` clauses are facts for the element, as `and` is."""
    _, errors = check(demo, "[w + 1 for w in [size] if w is not None]")
    assert errors == []
    _, errors = check(demo, "[w + 1 for w in [size]]")
    assert errors and "may be None" in errors[0]


def test_comprehension_errors_are_located(demo):
    _, errors = check(demo, "[t for t in name]")  # a string is no list here
    assert errors and "not a list" in errors[0]
    _, errors = check(demo, "[name for name in tags]")
    assert errors and "hides a field" in errors[0]
    _, errors = check(demo, "[a for a, b in tags]")
    assert errors and "cannot unpack" in errors[0]
    _, errors = check(demo, "[t for t in size]")
    assert errors and "may be None" in errors[0]
    _, errors = check(demo, "range(name)")
    assert errors and "not a number" in errors[0]


def test_comprehension_shape_and_display(demo):
    """`cfgc diff` compares structure, the docs show the text as written."""
    errors = Collector()
    a = xs.parse("[t for t in tags if t]", Loc("t", 1, 1), errors, "t")
    b = xs.parse("[ t  for t in tags  if t ]", Loc("t", 1, 1), errors, "t")
    assert a.shape == b.shape and a.display == "[t for t in tags if t]"
    c = xs.parse("[t for t in tags if not t]", Loc("t", 1, 1), errors, "t")
    assert c.shape != a.shape


def test_getattr_reads_what_an_object_may_lack(demo):
    checked, errors = check(demo, 'getattr(getattr(weights, "real", None), "x", 3)')
    assert errors == [] and checked.type.name == "Any"
    assert run(checked, weights={}) == 3
    _, errors = check(demo, "getattr(weights, name, None)")
    assert errors and "attribute name" in errors[0]
