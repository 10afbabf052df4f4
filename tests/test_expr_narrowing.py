"""Unit tests of the expression language additions (cfgc.expr / cfgc.behaviour): init
vars in the after-construction phase, isinstance and membership narrowing, a nested
config's default instance `Config()`, len() of a union."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from cfgc import pipeline
from cfgc.errors import SchemaError

from .test_compiler import generate, import_generated

SCHEMA = """
aliases:
  Short:
    doc: Short names.
    type: Literal["a", "b"]
  Long:
    doc: Long names.
    type: Literal["xx", "yy"]
classes:
  Inner:
    doc: An inner config.
    hash: {default: include}
    fields:
      ratio: {type: float, default: 0.5, doc: A ratio.}
  Demo:
    doc: A demo config.
    hash: {default: include}
    resolve:
      - set: name
        to: '(names[0] if isinstance(names, list) else names) if names else "none"'
      - set: short
        when: pick in Short
        to: pick
      - set: long
        when: pick in Long
        to: pick
      - set: inner
        when: inner is None and wants_inner
        to: Inner()
      - set: budget
        when: budget == 0
        to: int(length * 0.5)
    rules:
      - require: budget <= length
        message: budget ({budget}) must not exceed length ({length})
      - when: len(names_or_text) > 3
        warn: long names {names_or_text}
      - require: short is None or short in ("a", "b")
        message: never fails
    fields:
      length: {kind: initvar, type: int, hash: {exclude: init only}, doc: An init-only length.}
      names: {type: "str | list[str] | None", default: null, doc: Names.}
      name: {type: str, unset: true, init: false, doc: The first name.}
      pick: {type: "Short | Long | None", default: null, doc: Short or long.}
      short: {type: "Short | None", default: null, doc: The short pick.}
      long: {type: "Long | None", default: null, doc: The long pick.}
      wants_inner: {type: bool, default: false, doc: Make an inner config.}
      inner: {type: "Inner | None", default: null, doc: Nested.}
      budget: {type: int, default: 0, doc: A budget.}
      names_or_text: {type: "list[str] | str", default: "", doc: Sized either way.}
"""


def build(project: Path, text: str = SCHEMA):
    (project / "schema" / "demo.yaml").write_text(textwrap.dedent(text))
    return pipeline.build(pipeline.load(project))


def errors_of(project: Path, text: str) -> str:
    with pytest.raises(SchemaError) as err:
        build(project, text)
    return "\n".join(str(d) for d in err.value.diagnostics)


@pytest.fixture
def demo(project: Path, monkeypatch: pytest.MonkeyPatch):
    (project / "schema" / "demo.yaml").write_text(textwrap.dedent(SCHEMA))
    generate(project)
    return import_generated(project, monkeypatch)


def test_init_vars_are_names_in_the_phase(demo):
    d = demo.Demo(length=10)
    assert d.budget == 5  # int(length * 0.5), from the init var
    assert demo.Demo(length=10, budget=3).budget == 3
    with pytest.raises(ValueError, match=r"budget \(11\) must not exceed length \(10\)"):
        demo.Demo(length=10, budget=11)
    assert not hasattr(d, "length")


def test_init_var_compiles_to_the_post_init_parameter(project):
    out = build(project)
    code = out.files if hasattr(out, "files") else out
    text = "\n".join(str(v) for v in (code.values() if isinstance(code, dict) else code))
    assert "int(length * 0.5)" in text and "self.length" not in text


def test_init_var_outside_the_phase_is_an_error(project):
    text = SCHEMA.replace("    resolve:", "    properties:\n      twice: {expr: length * 2, "
                          "returns: int, doc: Twice.}\n    resolve:")
    assert "'length' is an init var of Demo: it is known only while constructing" in \
        errors_of(project, text)


def test_init_var_cannot_be_a_set_target(project):
    text = SCHEMA.replace("      - set: budget\n", "      - set: length\n        to: '1'\n"
                          "      - set: budget\n")
    assert "Demo has no field 'length'" in errors_of(project, text)


def test_isinstance_narrows_a_union(demo):
    assert demo.Demo(length=1, names=["a", "b"]).name == "a"
    assert demo.Demo(length=1, names="solo").name == "solo"
    assert demo.Demo(length=1, names=[]).name == "none"
    assert demo.Demo(length=1).name == "none"


def test_without_isinstance_the_index_is_a_type_error(project):
    text = SCHEMA.replace("(names[0] if isinstance(names, list) else names)", "names[0]")
    assert "cannot index 'names'" in errors_of(project, text)


def test_isinstance_takes_builtin_type_names_only(project):
    text = SCHEMA.replace("isinstance(names, list)", "isinstance(names, Inner)")
    assert "isinstance() takes a value and a builtin type name" in errors_of(project, text)


def test_membership_narrows_to_the_alias(demo):
    assert (demo.Demo(length=1, pick="a").short, demo.Demo(length=1, pick="a").long) == \
        ("a", None)
    assert (demo.Demo(length=1, pick="yy").short, demo.Demo(length=1, pick="yy").long) == \
        (None, "yy")


def test_without_membership_the_assignment_is_a_type_error(project):
    text = SCHEMA.replace("        when: pick in Short\n", "        when: pick is not None\n")
    assert "expected" in errors_of(project, text)


def test_default_instance_of_a_config(demo):
    assert demo.Demo(length=1, wants_inner=True).inner == demo.Inner()
    assert demo.Demo(length=1).inner is None


def test_config_takes_keyword_arguments_only(project):
    text = SCHEMA.replace("to: Inner()", "to: Inner(1)")
    assert "Inner() takes keyword arguments only" in errors_of(project, text)
    text = SCHEMA.replace("to: Inner()", "to: Inner(nope=1)")
    assert "Inner has no argument 'nope'" in errors_of(project, text)


def test_len_of_a_union_of_sized_types(demo, caplog):
    demo.Demo(length=1, names_or_text=["a", "b", "c", "d"])
    demo.Demo(length=1, names_or_text="abcd")
    assert sum("long names" in r.getMessage() for r in caplog.records) == 2
