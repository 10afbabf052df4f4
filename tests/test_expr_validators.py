"""Field validators written as expressions (`validate: [{expr}, {require}, {expose}]`):
compiled into the field's validators, checked with located errors, shown on the docs."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from cfgc import pipeline
from cfgc.errors import SchemaError

from .test_compiler import generate, import_generated, write_demo

DEMO = """
aliases:
  Name: {doc: A name., type: 'Literal["a", "b"]'}
runtime_types:
  Dev: {import: torch.device, doc: A device object.}
classes:
  Demo:
    doc: A demo class.
    hash: {default: include}
    fields:
      ids:
        type: list[int | str] | None
        default: null
        validate:
          - comma_list
          - expr: '[int(v) if isinstance(v, str) and v.strip().isdigit() else v for v in value]'
            when: isinstance(value, list)
            mode: before
          - expose: convert_ids
            mode: before
            doc: The ids as the field stores them.
        doc: Ids.
      name:
        type: Name | Dev
        default: a
        validate:
          - when: isinstance(value, str)
            require: value in Name
            message: unknown name {value!r}; one of {", ".join(Name)}
          - require: isinstance(value, (str, Dev))
            message: a name or a device, got {type(value).__name__}
        doc: Name.
      size:
        type: int
        default: 1
        validate: [{expr: value * 2}]
        doc: Size.
      parts:
        type: list[str]
        default: []
        validate: [{expr: 'value[0].split("-") if len(value) == 1 else value'}]
        doc: Parts.
"""


@pytest.fixture
def demo(project: Path, monkeypatch: pytest.MonkeyPatch):
    write_demo(project, DEMO)
    generate(project)
    import_generated(project, monkeypatch)
    return importlib.import_module("vllm_config.demo")


def test_expr_step_is_the_new_value(demo) -> None:
    assert demo.Demo(ids="1, u-2, 3").ids == [1, "u-2", 3]
    assert demo.Demo(size=3).size == 6  # after mode: value is the validated int
    assert demo.Demo(parts=["a-b"]).parts == ["a", "b"]
    assert demo.Demo(ids=None).ids is None  # `when` left it alone


def test_exposed_validator_is_a_public_classmethod(demo) -> None:
    assert demo.Demo.convert_ids("4,x") == [4, "x"]
    assert demo.Demo.convert_ids(None) is None


def test_require_raises_its_message(demo) -> None:
    with pytest.raises(ValueError, match="unknown name 'c'; one of a, b"):
        demo.Demo(name="c")
    with pytest.raises(ValueError, match="a name or a device, got int"):
        demo.Demo(name=3)


def test_isinstance_matches_runtime_type_by_module_and_name(demo) -> None:
    device = type("device", (), {"__module__": "torch"})()
    assert demo.Demo(name=device).name is device
    impostor = type("device", (), {"__module__": "numpy"})()
    with pytest.raises(ValueError, match="got device"):
        demo.Demo(name=impostor)


def test_generated_code_and_docs_read_as_written(project: Path, demo) -> None:
    code = (project / "generated" / "vllm_config" / "demo.py").read_text()
    assert "def convert_ids(cls, value: Any) -> Any:" in code
    assert "if isinstance(value, str) and value not in ('a', 'b'):" in code
    assert "(type(value).__module__, type(value).__qualname__) == ('torch', 'device')" in code
    assert "torch" not in code.replace("('torch', 'device')", "")  # matched, never imported
    page = (project / "docs" / "reference" / "Demo.md").read_text()
    assert ("becomes `[int(v) if isinstance(v, str) and v.strip().isdigit() else v for v "
            "in value]` when `isinstance(value, list)` (before)") in page
    assert "requires `value in Name` when `isinstance(value, str)` (after)" in page
    assert re.search(r"`@classmethod` `convert_ids`\(`value`\) \| `Any` \| The ids as the "
                     r"field stores them\. The before-mode validator of \[`ids`\]", page)


@pytest.mark.parametrize(("step", "message"), [
    ('{expr: "value + size"}',
     r"demo.yaml:9:\d+: validator 1 of Demo.limit: 'size' is a field of Demo: a field "
     r"validator sees only `value`"),
    ('{expr: \'"x"\'}', r"validator 1 of Demo.limit: '\"x\"' is Literal\[\"x\"\], "
                        r"expected int"),
    ('{require: "value > 0"}', r"missing required key 'message'"),
    ('{expr: "value", mode: wrap}', r"mode of validator expr of field Demo.limit must be "
                                    r"one of \('before', 'after'\)"),
    ('{expose: check_limit, doc: D.}', r"missing required key 'mode'"),
    ('{expose: check_limit, mode: before, doc: D.}',
     r"Demo.limit has no before steps to expose"),
    ('{expose: size, mode: after, doc: D.}', r"'size' is already a member of Demo"),
    ('{expose: _hidden, mode: after, doc: D.}', r"expose names a public method"),
    ('{require: "isinstance(value, Tensor)", message: m}',
     r"isinstance\(\) takes a value and a builtin type name, a runtime type"),
    ('{expr: "value.splitt()"}', r"has no method 'splitt' \(did you mean 'split'\?\)"),
])
def test_misuse_is_located(project: Path, step: str, message: str) -> None:
    write_demo(project, f"""
    classes:
      Demo:
        doc: D.
        hash: {{default: include}}
        fields:
          size: {{type: int, default: 1, doc: S.}}
          limit:
            validate: [{step}, {{expr: value}}]
            type: int
            default: 2
            doc: L.
    """)
    with pytest.raises(SchemaError, match=message):
        pipeline.load(project)


VALIDATED = """
classes:
  Demo:
    doc: D.
    hash: {default: include}
    fields:
      x: {type: int, default: 1, validate: [STEPS], doc: X.}
"""


def test_diff_of_validator_steps(project: Path) -> None:
    from .test_language import _changes

    none = VALIDATED.replace("[STEPS]", "[]")
    check = VALIDATED.replace("[STEPS]", "[{require: 'value > 0', message: small}]")
    added = _changes(project, none, check)
    assert [(c.kind, c.breaking) for c in added] == [("validators-changed", True)]
    assert "new values rejected" in added[0].message
    removed = _changes(project, check, none)
    assert [(c.kind, c.breaking) for c in removed] == [("validators-changed", False)]
    doubled = VALIDATED.replace("[STEPS]", "[{expr: 'value * 2'}]")
    tripled = VALIDATED.replace("[STEPS]", "[{expr: 'value * 3'}]")
    assert [c.kind for c in _changes(project, doubled, tripled)] == ["validators-changed"]
