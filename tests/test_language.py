"""The schema's behaviour language: expressions (checked, compiled, rendered, compared),
rules, derived and environment defaults, resolve steps, defaults tables, per-item
constraints, deprecated values, expression properties/methods and enum methods."""

from __future__ import annotations

import logging
import textwrap
import types
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cfgc import diff, pipeline
from cfgc.errors import Collector, Loc, SchemaError
from cfgc.front import expr
from cfgc.model import expr as expr_syntax

from .test_compiler import generate, import_generated, write_demo

DEMO = """
enums:
  Level:
    doc: How hard to try.
    base: IntEnum
    members: {O0: 0, O1: 1, O2: 2}
  Mode:
    doc: A graph mode.
    str: name
    truth: self != Mode.NONE
    members: {NONE: 0, PIECEWISE: 1, FULL: 2}
    methods:
      at_least:
        params: {other: Mode}
        expr: self.value >= other.value
        returns: bool
        doc: Whether this mode is at least `other`.
aliases:
  Backend:
    doc: A backend.
    type: Literal["ag_rs", "a2a", "old"]
classes:
  Inner:
    doc: Inner.
    hash: {default: include}
    fields:
      fast: {type: bool | None, default: null, doc: Fast.}
      mode: {type: Mode | None, default: null, doc: Mode.}
  Demo:
    doc: A demo class.
    hash: {default: include}
    tables:
      level_defaults:
        doc: What each level turns on.
        key: level
        rows:
          O0: {inner.fast: false, inner.mode: NONE}
          O1: {inner.fast: true}
          O2: {inner.fast: true, inner.mode: {expr: "Mode.FULL if tp > 1 else Mode.PIECEWISE"}}
    resolve:
      - apply: level_defaults
      - set: backend
        when: tp == 1 and backend == "a2a"
        to: '"ag_rs"'
        warn: a2a needs tp > 1; using ag_rs
    rules:
      - require: tp % dcp == 0
        message: tp ({tp}) must be a multiple of dcp ({dcp})
      - when: limit is not None
        require: limit >= tp
        message: limit {limit} below tp {tp}
      - when: tp > 8
        info: a large tensor-parallel group
    properties:
      world:
        expr: tp * pp
        returns: int
        doc: Workers.
    methods:
      fits:
        params: {n: int}
        expr: n <= world and all(s > 0 for s in sizes)
        returns: bool
        doc: Whether n workers fit.
    fields:
      level: {type: Level, default: O1, doc: Level.}
      tp: {type: int, default: 1, ge: 1, doc: TP.}
      pp: {type: int, default: 1, ge: 1, doc: PP.}
      dcp: {type: int, default: 1, ge: 1, doc: DCP.}
      limit: {type: int | None, default: null, doc: Limit.}
      world_size: {type: int, init: false, derive: tp * pp * dcp, doc: Derived.}
      sizes: {type: "list[int]", default: [1], items: {gt: 0}, doc: Sizes.}
      backend:
        type: Backend
        default: ag_rs
        deprecated_values: {old: {use: ag_rs, message: old was removed}}
        doc: Backend.
      name: {type: str, default: dflt, env: CFGC_DEMO_NAME, doc: Name.}
      flag: {type: bool, default: false, env: CFGC_DEMO_FLAG, doc: Flag.}
      inner: {type: Inner, default_factory: Inner, doc: Inner.}
"""


@pytest.fixture
def demo(project: Path, monkeypatch: pytest.MonkeyPatch):
    write_demo(project, DEMO)
    generate(project)
    import_generated(project, monkeypatch)
    import importlib

    return importlib.import_module("vllm_config.demo")


def test_rules_raise_rule_error_naming_fields(demo) -> None:
    with pytest.raises(ValueError, match=r"tp \(3\) must be a multiple of dcp \(2\)") as err:
        demo.Demo(tp=3, dcp=2)
    cause = err.value.errors()[0]["ctx"]["error"]
    assert cause.fields == ("tp", "dcp")
    with pytest.raises(ValueError, match="limit 1 below tp 2"):
        demo.Demo(tp=2, limit=1)
    assert demo.Demo(tp=2, limit=None).limit is None  # `when` guards the rule


def test_derived_default_and_properties_and_methods(demo) -> None:
    d = demo.Demo(tp=2, pp=3)
    assert d.world_size == 6
    assert d.world == 6
    assert d.fits(6) and not d.fits(7)


def test_table_fills_only_unset_targets(demo) -> None:
    mode = import_enum(demo, "Mode")
    assert demo.Demo(level=0).inner.fast is False
    assert demo.Demo(level=0).inner.mode == mode.NONE
    assert demo.Demo(level=2, tp=2).inner.mode == mode.FULL
    assert demo.Demo(level=2).inner.mode == mode.PIECEWISE
    assert demo.Demo(level=1).inner.mode is None  # the row leaves it to the engine
    inner = demo.Inner(fast=False, mode=mode.PIECEWISE)
    d = demo.Demo(level=2, tp=2, inner=inner)
    assert (d.inner.fast, d.inner.mode) == (False, mode.PIECEWISE)


def test_set_step_logs_its_message(demo, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        d = demo.Demo(backend="a2a")
    assert d.backend == "ag_rs"
    assert "a2a needs tp > 1" in caplog.text


def test_info_rule_logs(demo, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO):
        demo.Demo(tp=9, dcp=1)
    assert "a large tensor-parallel group" in caplog.text


def test_item_constraints_and_deprecated_values(demo) -> None:
    with pytest.raises(ValueError, match=r"sizes\.1"):
        demo.Demo(sizes=[1, 0])
    with pytest.warns(FutureWarning, match="old was removed"):
        assert demo.Demo(backend="old").backend == "ag_rs"


def test_environment_defaults(demo, monkeypatch: pytest.MonkeyPatch) -> None:
    assert demo.Demo().name == "dflt"
    monkeypatch.setenv("CFGC_DEMO_NAME", "from-env")
    monkeypatch.setenv("CFGC_DEMO_FLAG", "yes")
    assert demo.Demo().name == "from-env"
    assert demo.Demo().flag is True
    assert demo.Demo(name="given").name == "given"  # an explicit value wins
    monkeypatch.setenv("CFGC_DEMO_FLAG", "maybe")
    with pytest.raises(ValueError, match="CFGC_DEMO_FLAG='maybe' is not a boolean"):
        demo.Demo()


def test_enum_methods_str_and_truth(demo) -> None:
    mode = import_enum(demo, "Mode")
    assert str(mode.FULL) == "FULL"
    assert not mode.NONE and mode.PIECEWISE
    assert mode.FULL.at_least(mode.PIECEWISE) and not mode.NONE.at_least(mode.FULL)


def test_class_page_lists_rules_steps_and_tables(project: Path) -> None:
    write_demo(project, DEMO)
    out = pipeline.build(pipeline.load(project))
    page = out["docs/reference/Demo.md"]
    assert "## Rules" in page and "`tp % dcp == 0`" in page
    assert "## After construction" in page and "fill unset values from table" in page
    assert "### Table level_defaults" in page
    assert "derived: `tp * pp * dcp`" in page
    env = out["docs/reference/environment.md"]
    assert "`CFGC_DEMO_NAME`" in env and "`CFGC_DEMO_FLAG`" in env


def import_enum(module: types.ModuleType, name: str):
    import importlib

    return getattr(importlib.import_module(module.__name__.rsplit(".", 1)[0] + ".types"), name)


# -- hook signatures ---------------------------------------------------------------------


def test_hook_signature_mismatch_is_located(project: Path) -> None:
    hooks = project / "hooks_here"
    hooks.mkdir()
    (hooks / "demo.py").write_text("def step(self, a, b):\n    pass\n")
    project_yaml = project / "schema" / "project.yaml"
    project_yaml.write_text(project_yaml.read_text().replace(
        "path: codegen/cfgc/hooks", "path: hooks_here"))
    write_demo(project, """
    classes:
      Demo:
        doc: D.
        hash: {default: include}
        resolve:
          - hook: step
        fields:
          x: {type: int, default: 1, doc: X.}
    """)
    with pytest.raises(SchemaError, match=r"demo.yaml:7:9: hook step \(hooks_here/demo.py:1\) "
                                          r"takes 3 positional argument"):
        pipeline.load(project)


# -- cfgc diff over rules ------------------------------------------------------------------


def _changes(project: Path, old: str, new: str) -> list[diff.Change]:
    write_demo(project, old)
    before = pipeline.load(project)
    write_demo(project, new)
    return diff.compare(before, pipeline.load(project))


RULED = """
classes:
  Demo:
    doc: D.
    hash: {default: include}
    rules: [RULES]
    fields:
      x: {type: int, default: 1, doc: X.}
      y: {type: int, default: 1, doc: Y.}
"""


def test_diff_rule_added_is_breaking_removed_is_not(project: Path) -> None:
    none = RULED.replace("[RULES]", "[]")
    one = RULED.replace("[RULES]", "[{require: 'x <= y', message: small}]")
    added = _changes(project, none, one)
    assert [(c.kind, c.breaking) for c in added] == [("rule-added", True)]
    removed = _changes(project, one, none)
    assert [(c.kind, c.breaking) for c in removed] == [("rule-removed", False)]
    respaced = RULED.replace("[RULES]", "[{require: 'x<=y', message: small}]")
    assert _changes(project, one, respaced) == []  # compared by structure, not by text
    tighter = RULED.replace("[RULES]", "[{require: 'x < y', message: small}]")
    assert [(c.kind, c.breaking) for c in _changes(project, one, tighter)] == [
        ("rule-changed", True)]


# -- the expression compiler: compiled code means what the text means --------------------

FIELDS = {"a": "int", "b": "int", "c": "int", "p": "bool", "q": "bool", "xs": "list[int]"}

_leaf_int = st.sampled_from(["a", "b", "c", "0", "1", "2", "7", "len(xs)"])
_ints = st.recursive(
    _leaf_int,
    lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from(["+", "-", "*", "//", "%"]), inner).map(
            lambda t: f"({t[0]} {t[1]} {t[2]})"),
        st.tuples(inner, inner).map(lambda t: f"max({t[0]}, {t[1]})"),
        st.tuples(inner).map(lambda t: f"abs({t[0]})"),
        st.tuples(inner, inner, inner).map(lambda t: f"({t[0]} if p else {t[1]} - {t[2]})"),
    ),
    max_leaves=6,
)
_bools = st.recursive(
    st.one_of(st.sampled_from(["p", "q", "True"]),
              st.tuples(_ints, st.sampled_from(["<", "<=", "==", "!=", ">", ">="]), _ints).map(
                  lambda t: f"{t[0]} {t[1]} {t[2]}"),
              st.tuples(_ints, _ints, _ints).map(lambda t: f"{t[0]} <= {t[1]} < {t[2]}"),
              st.tuples(_ints).map(lambda t: f"{t[0]} in xs"),
              st.tuples(_ints).map(lambda t: f"all(v > {t[0]} for v in xs)"),
              st.tuples(_ints).map(lambda t: f"any(v % 2 == {t[0]} for v in xs)")),
    lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from(["and", "or"]), inner).map(
            lambda t: f"({t[0]} {t[1]} {t[2]})"),
        inner.map(lambda t: f"not ({t})"),
    ),
    max_leaves=5,
)


@pytest.fixture(scope="module")
def scope(tmp_path_factory: pytest.TempPathFactory) -> expr.Scope:
    from .conftest import REPO, link_hooks

    root = tmp_path_factory.mktemp("lang")
    (root / "schema").mkdir()
    (root / "schema" / "project.yaml").write_text((REPO / "schema" / "project.yaml").read_text())
    link_hooks(root)
    defaults = {"int": "0", "bool": "false", "list[int]": "[]"}
    fields = "".join(f"      {n}: {{type: '{t}', default: {defaults[t]}, doc: F.}}\n"
                     for n, t in FIELDS.items())
    (root / "schema" / "demo.yaml").write_text(
        "classes:\n  Demo:\n    doc: D.\n    hash: {default: include}\n    fields:\n" + fields)
    res = pipeline.load(root)
    return expr.Scope(res, res.classes["Demo"])


def _outcome(fn):
    try:
        return ("ok", fn())
    except ZeroDivisionError:
        return ("error", "ZeroDivisionError")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(text=_bools, a=st.integers(-5, 5), b=st.integers(-5, 5), c=st.integers(-5, 5),
       p=st.booleans(), q=st.booleans(), xs=st.lists(st.integers(-3, 3), max_size=4))
def test_compiled_expression_agrees_with_its_text(scope, text, a, b, c, p, q, xs) -> None:
    errors = Collector()
    e = expr_syntax.parse(text, Loc("t.yaml", 1, 1), errors, "test")
    checked = expr.check(e, scope, errors, "test", expr.BOOL) if e else None
    assert checked is not None, [str(d) for d in errors.diagnostics]
    values = dict(a=a, b=b, c=c, p=p, q=q, xs=xs)
    this = types.SimpleNamespace(**values)
    # globals, not locals: a generator expression inside sees only globals
    compiled = _outcome(lambda: eval(checked.source, {"self": this}))  # noqa: S307
    written = _outcome(lambda: eval(text, dict(values)))  # noqa: S307
    assert compiled == written
    assert set(checked.reads) <= set(FIELDS)
    again = expr_syntax.parse(expr_syntax.Expr(text, e.loc, e.tree).display, e.loc, Collector(),
                              "t")
    assert again.shape == e.shape  # the docs rendering parses back to the same structure


@pytest.mark.parametrize("text, message", [
    ("a > None", "may be None"),
    ("xs + 1", "can only be joined with a list"),
    ("a + xs", "not a number"),
    ("p.x", "has no attribute"),
    ("len(a)", "len() of int"),
    ("foo(a)", "unknown function 'foo'"),
    ("a if p", "cannot parse"),
    ("all(a)", "takes one generator"),
    ('env("X")', "takes a variable name and a default"),
])
def test_bad_expressions_are_explained(scope, text: str, message: str) -> None:
    errors = Collector()
    e = expr_syntax.parse(text, Loc("t.yaml", 3, 9), errors, "rule")
    if e is not None:
        expr.check(e, scope, errors, "rule")
    assert errors.diagnostics and message in str(errors.diagnostics[0]), errors.diagnostics
    assert str(errors.diagnostics[0]).startswith("t.yaml:3:")


def test_dedented_demo_is_valid_yaml() -> None:
    assert textwrap.dedent(DEMO).startswith("\nenums:")


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(a=st.integers(-2, 2), xs=st.lists(st.integers(-2, 2), max_size=3),
       text=st.sampled_from(["a in xs", "a not in xs", "a in (1, 2)", "a not in (0,)",
                             "a > 0", "a in xs and a > 0"]))
def test_failing_rule_condition_is_the_negation(scope, a, xs, text) -> None:
    """A rule fails when its requirement is false: the compiled `not` (written `x not in
    y` where Python style wants it) is exactly the negation."""
    e = expr_syntax.parse(text, Loc("t.yaml", 1, 1), Collector(), "t")
    checked = expr.check(e, scope, Collector(), "t")
    negated = expr.negated_source(e, scope, frozenset())
    cond = negated or f"not ({checked.source})"
    this = types.SimpleNamespace(a=a, xs=xs)
    assert eval(cond, {"self": this}) is (not eval(checked.source, {"self": this}))  # noqa: S307
    assert ("not (" not in cond) == (text.count(" in ") == 1 and " and " not in text)
