"""Schema language for drop-in API: method kinds, parameters with defaults and variadics,
hook-backed methods with exact signatures, `unsupported` methods, `differs_from_vllm`
(and its generated page) and module-level `constants:`."""

from __future__ import annotations

import inspect
import textwrap
from pathlib import Path

import pytest

from cfgc import pipeline
from cfgc.errors import SchemaError
from cfgc.runtime.rules import NotSupportedError

from .test_compiler import generate, import_generated, write_demo

HOOKS = '''
def scale(self, factor, offset=0):
    return self.x * factor + offset


def build(cls, x, **given):
    return cls(x=x, **given)


def pure(a, b):
    return a + b
'''

DEMO = """
aliases:
  Colour:
    doc: A colour.
    type: Literal["red", "green"]
classes:
  Demo:
    doc: D.
    hash: {default: include}
    differs_from_vllm: the whole class is ours
    properties:
      double: {expr: x * 2, returns: int, doc: Twice x., differs_from_vllm: vLLM has none}
    methods:
      plus:
        params: {n: int, m: {type: int, default: 1}}
        expr: x + n + m
        returns: int
        doc: x plus n plus m.
      scale:
        hook: scale
        params: {factor: int, offset: {type: int, default: 0}}
        returns: int
        doc: x scaled.
      build:
        kind: classmethod
        hook: build
        params: {x: int, "**given": Any}
        returns: Demo
        doc: A Demo.
      pure:
        kind: staticmethod
        hook: pure
        params: {a: int, b: int}
        returns: int
        doc: a plus b.
      gpu_only:
        params: {device: {type: str, default: cuda}}
        returns: None
        unsupported: it needs a GPU
        doc: Something for the GPU.
    fields:
      x: {type: int, default: 1, doc: X., differs_from_vllm: an int here}
      y: {type: str, default: a, doc: Y.}
constants:
  LIMIT: {value: 16, doc: A limit.}
  COLOURS: {values_of: Colour, doc: The colours.}
  Colour: {alias: Colour, doc: Re-exported.}
  PRESET: {expr: 'Demo(x=5, y="b")', doc: A preset., differs_from_vllm: built here}
  served: {import: cfgc.runtime.names.get_served_model_name, export: true, doc: A function.}
"""


@pytest.fixture
def api_demo(project: Path, monkeypatch: pytest.MonkeyPatch):
    hooks = project / "demo_hooks"
    hooks.mkdir()
    (hooks / "__init__.py").write_text("")
    (hooks / "demo.py").write_text(HOOKS)
    project_yaml = project / "schema" / "project.yaml"
    project_yaml.write_text(project_yaml.read_text().replace(
        "hooks: {package: cfgc.hooks, path: codegen/cfgc/hooks}",
        "hooks: {package: demo_hooks, path: demo_hooks}"))
    write_demo(project, DEMO)
    generate(project)
    monkeypatch.syspath_prepend(str(project))
    return project, import_generated(project, monkeypatch)


def test_methods_kinds_and_signatures(api_demo) -> None:
    project, pkg = api_demo
    from vllm_config.demo import Demo  # the generated demo package

    d = Demo(x=3)
    assert d.double == 6 and d.plus(2) == 6 and d.plus(2, m=0) == 5
    assert d.scale(2) == 6 and d.scale(2, offset=1) == 7
    assert list(inspect.signature(Demo.scale).parameters) == ["self", "factor", "offset"]
    assert isinstance(inspect.getattr_static(Demo, "build"), classmethod)
    assert Demo.build(4, y="c") == Demo(x=4, y="c")
    assert isinstance(inspect.getattr_static(Demo, "pure"), staticmethod)
    assert Demo.pure(1, 2) == 3
    with pytest.raises(NotSupportedError, match=r"^Demo.gpu_only\(\) is not available in "
                                                r"vllm_config: it needs a GPU$"):
        d.gpu_only()
    assert list(inspect.signature(Demo.gpu_only).parameters) == ["self", "device"]
    source = (project / "generated" / "vllm_config" / "demo.py").read_text()
    assert "def scale(self, factor: \"int\", offset: \"int\" = 0)" in source
    assert "return _hooks.scale(self, factor, offset)" in source


def test_constants(api_demo) -> None:
    _, pkg = api_demo
    from vllm_config import demo, types

    assert demo.LIMIT == 16 and demo.COLOURS == ("red", "green")
    assert demo.Colour is types.Colour
    assert demo.PRESET == demo.Demo(x=5, y="b")
    assert pkg.served("m", None) == "m" and demo.served is pkg.served


def test_differences_page_and_class_page(api_demo) -> None:
    project, _ = api_demo
    page = (project / "docs" / "reference" / "differences.md").read_text()
    rows = [line.split("`")[1] for line in page.splitlines() if line.startswith("| `")]
    project_level = [d.subject for d in pipeline.load(project).schema.differences]
    assert rows == project_level + ["Demo", "Demo.x", "Demo.double", "Demo.gpu_only",
                                    "demo.PRESET"]
    assert "raises NotSupportedError: it needs a GPU" in page
    cls = (project / "docs" / "reference" / "Demo.md").read_text()
    assert "`plus`(`n`, `m=1`)" in cls and "`@classmethod` `build`(`x`, `**given`)" in cls
    assert "`@staticmethod` `pure`(`a`, `b`)" in cls and "**Raises NotSupportedError:**" in cls


@pytest.mark.parametrize(("snippet", "message"), [
    ("""
    classes:
      Demo:
        doc: D.
        hash: {default: include}
        methods:
          m: {kind: classmethod, expr: "1", returns: int, doc: M.}
        fields:
          x: {type: int, default: 1, doc: X.}
    """, "is a classmethod: back it with a hook"),
    ("""
    classes:
      Demo:
        doc: D.
        hash: {default: include}
        methods:
          m: {kind: staticmethod, params: {a: int}, expr: a + x, returns: int, doc: M.}
        fields:
          x: {type: int, default: 1, doc: X.}
    """, "unknown name 'x'"),  # a staticmethod's expression sees its parameters only
    ("""
    classes:
      Demo:
        doc: D.
        hash: {default: include}
        methods:
          m: {kind: static, hook: h, doc: M.}
        fields:
          x: {type: int, default: 1, doc: X.}
    """, "kind of method m of class Demo must be one of"),
    ("""
    classes:
      Demo:
        doc: D.
        hash: {default: include}
        methods:
          m:
            params: {a: {type: int, default: 1}, b: int}
            expr: a + b
            doc: M.
        fields:
          x: {type: int, default: 1, doc: X.}
    """, "parameter 'b' of method m of class Demo follows one with a default"),
    ("""
    classes:
      Demo:
        doc: D.
        hash: {default: include}
        methods:
          m: {unsupported: needs a GPU, expr: x, doc: M.}
        fields:
          x: {type: int, default: 1, doc: X.}
    """, "is unsupported: it takes no expr, hook or call"),
    ("""
    classes:
      Demo:
        doc: D.
        hash: {default: include}
        fields:
          x: {type: int, default: 1, doc: X.}
    constants:
      A: {value: 1, alias: Nope, doc: A.}
      B: {values_of: Nope, doc: B.}
      C: {import: os.path.join, doc: C.}
      D: {table: Demo.none, doc: D.}
      Demo: {value: 2, doc: Clash.}
    """, "needs exactly one of value"),
])
def test_errors(project: Path, snippet: str, message: str) -> None:
    write_demo(project, textwrap.dedent(snippet))
    with pytest.raises(SchemaError, match=message):
        pipeline.load(project)


def test_constant_errors_are_all_reported(project: Path) -> None:
    write_demo(project, """
    classes:
      Demo:
        doc: D.
        hash: {default: include}
        fields:
          x: {type: int, default: 1, doc: X.}
    constants:
      B: {values_of: Nope, doc: B.}
      C: {import: os.path.join, doc: C.}
      D: {table: Demo.none, doc: D.}
      Demo: {value: 2, doc: Clash.}
      E: {module: elsewhere, value: 3, doc: E.}
    """)
    with pytest.raises(SchemaError) as info:
        pipeline.load(project)
    text = str(info.value)
    for part in ("values_of of constant demo.B must name a Literal alias",
                 "import of constant demo.C must be cfgc.runtime.<module>.<name>",
                 "table of constant demo.D: no table 'Demo.none'",
                 "constant demo.Demo is already defined",
                 "module 'elsewhere' has no classes"):
        assert part in text


RULES_DEMO = """
classes:
  Demo:
    doc: D.
    hash: {default: include}
    methods:
      ratio:
        params: {n: int}
        returns: int
        rules:
          - require: n > 0
            message: n must be positive, got {n}
          - when: x > 100
            require: n < x
            raises: RuntimeError
            message: n ({n}) must stay below x ({x})
        expr: x // n
        doc: x per n.
      check_mode:
        params: {}
        returns: None
        rules:
          - require: mode is not None
            raises: NotImplementedError
            message: no mode
        doc: Fails without a mode.
      mode_name:
        params: {}
        returns: str
        rules:
          - require: mode is not None
            message: unset
        expr: mode.upper()
        doc: The mode, upper case (mode is known not None after the rule).
    fields:
      x: {type: int, default: 6, doc: X.}
      mode: {type: str | None, default: null, doc: M.}
"""


def test_accessor_rules_check_then_return(project: Path, monkeypatch) -> None:
    """`rules:` of a property or method: checked in order (error rules raise, with their
    message), then the expression (absent: None)."""
    write_demo(project, RULES_DEMO)
    generate(project)
    Demo = import_generated(project, monkeypatch).Demo
    assert Demo().ratio(2) == 3
    with pytest.raises(ValueError, match="n must be positive, got 0"):
        Demo().ratio(0)
    with pytest.raises(RuntimeError, match=r"n \(200\) must stay below x \(101\)"):
        Demo(x=101).ratio(200)
    with pytest.raises(NotSupportedError, match="no mode"):
        Demo().check_mode()
    assert Demo(mode="a").check_mode() is None
    assert Demo(mode="a").mode_name() == "A"
    page = (project / "docs" / "reference" / "Demo.md").read_text()
    assert "- `ratio`: require `n > 0` (else: \"n must be positive, got {n}\")" in page


@pytest.mark.parametrize(("snippet", "message"), [
    ("rules: [{require: n > 0, message: M.}]\n        hook: h",
     "rules go with 'expr'"),
    ("rules: [{require: y > 0, message: M.}]\n        expr: x",
     "unknown name 'y'"),
])
def test_accessor_rule_errors(project: Path, snippet: str, message: str) -> None:
    write_demo(project, f"""
classes:
  Demo:
    doc: D.
    hash: {{default: include}}
    methods:
      m:
        params: {{n: int}}
        returns: int
        {snippet}
        doc: M.
    fields:
      x: {{type: int, default: 1, doc: X.}}
""")
    with pytest.raises(SchemaError, match=message):
        pipeline.load(project)
