"""Schema language: methods whose body is ordered steps (`steps:` of a method: set, let,
do, return, require / warn / info) and the `let` / `do` steps of a class's `resolve:`.
Misuse is in the error corpus (tests/schema_errors/step_*.yaml, method_*.yaml)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from .test_compiler import generate, import_generated, write_demo

DEMO = """
classes:
  Inner:
    doc: I.
    hash: {default: include}
    methods:
      clamp:
        params: {limit: int}
        returns: None
        steps:
          - let: was
            to: sizes
          - set: sizes
            to: "[s for s in sizes if s <= limit]"
          - when: len(sizes) < len(was)
            warn: sizes {was} cut to {sizes}
        doc: Drops the sizes above limit.
    fields:
      sizes: {type: "list[int]", default: [1, 2, 4, 8], doc: Sizes.}
  Demo:
    doc: D.
    hash: {default: include}
    resolve:
      - let: limit
        to: x * 2
      - do: inner.clamp(limit)
        when: x > 0
    methods:
      downgrade:
        params: {level: int, strict: {type: bool, default: false}}
        returns: int
        steps:
          - return: '-1'
            when: mode is None
          - when: strict
            require: level >= 0
            message: level {level} is negative
          - let: chosen
            to: mode
          - let: chosen
            when: chosen > level
            to: level
            warn: mode lowered to {chosen}
          - set: mode
            to: chosen
        expr: chosen * 10
        doc: Lowers mode to level at most; ten times the result.
      fill:
        params: {}
        returns: None
        steps:
          - require: mode is not None
            message: mode is unset
          - set: total
            to: mode + x
        doc: Sets total from mode (None is ruled out by the check before).
    fields:
      x: {type: int, default: 3, doc: X.}
      mode: {type: int | None, default: 5, doc: A mode.}
      total: {type: int, default: 0, doc: A total.}
      inner: {type: Inner, default_factory: Inner, doc: Nested.}
"""


@pytest.fixture
def steps_demo(project: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    write_demo(project, DEMO)
    generate(project)
    import_generated(project, monkeypatch)
    return project


def test_resolve_calls_a_declared_method_with_a_let(steps_demo, caplog) -> None:
    from vllm_config.demo import Demo, Inner

    with caplog.at_level(logging.WARNING):
        d = Demo(x=2)  # limit 4
    assert d.inner.sizes == [1, 2, 4]
    assert "sizes [1, 2, 4, 8] cut to [1, 2, 4]" in caplog.text
    assert Demo(x=0, inner=Inner(sizes=[9])).inner.sizes == [9]  # `when` false: not called


def test_steps_return_rebind_and_log_after_binding(steps_demo, caplog) -> None:
    from vllm_config.demo import Demo

    d = Demo()
    with caplog.at_level(logging.WARNING):
        assert d.downgrade(2) == 20
    assert d.mode == 2 and "mode lowered to 2" in caplog.text  # names the new value
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        assert d.downgrade(7) == 20  # nothing to lower: no warning, mode kept
    assert d.mode == 2 and caplog.text == ""
    assert Demo(mode=None).downgrade(1) == -1  # returned early: mode untouched
    with pytest.raises(ValueError, match="level -1 is negative"):
        d.downgrade(-1, strict=True)
    assert d.mode == 2  # the failing check ran before any set


def test_a_require_step_holds_for_later_steps(steps_demo) -> None:
    from vllm_config.demo import Demo

    d = Demo(x=1, mode=4)
    d.fill()
    assert d.total == 5
    with pytest.raises(ValueError, match="mode is unset"):
        Demo(mode=None).fill()


def test_generated_code_and_class_page(steps_demo) -> None:
    source = (steps_demo / "generated" / "vllm_config" / "demo.py").read_text()
    assert "        if self.mode is None:\n            return -1\n" in source
    assert "            chosen = level\n            _log.warning(" in source
    assert "self.mode + self.x" in source  # no None guard: the require step rules it out
    assert "        limit = self.x * 2\n        if self.x > 0:\n" \
           "            self.inner.clamp(limit)\n" in source
    page = (steps_demo / "docs" / "reference" / "Demo.md").read_text()
    assert "Steps of the methods that change the config" in page
    assert "- `downgrade`(`level`, `strict=False`):" in page
    assert "    1. when `mode is None`: return `-1`" in page
    assert '    1. when `chosen > level`: let `chosen` = `level` (warning: "mode lowered to ' \
           '{chosen}")' in page
    assert "    1. return `chosen * 10`" in page
    assert "1. when `x > 0`: call `inner.clamp(limit)`" in page  # a resolve step
