"""Unit tests of the expression language (cfgc.expr) on the real schema: list literals
and joins, Literal aliases as value tuples, a class's own methods by bare name."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cfgc import pipeline
from cfgc.errors import Collector, Loc
from cfgc.front import expr as x
from cfgc.model import expr as xs

from .conftest import REPO


@pytest.fixture(scope="module")
def res():
    return pipeline.load(REPO)


def compile_in(res, cls: str, text: str):
    errors = Collector()
    e = xs.parse(text, Loc("t.yaml", 1, 1), errors, "test")
    checked = x.check(e, x.Scope(res, res.classes[cls]), errors, "test") if e else None
    return checked, [d.message for d in errors.diagnostics]


@pytest.mark.parametrize("text, source", [
    ("[]", "[]"),
    ('["a"]', "['a']"),
    ('["a", "b"]', "['a', 'b']"),
    ('[("a", 1)]', "[('a', 1)]"),
])
def test_list_literals(res, text, source):
    checked, problems = compile_in(res, "VllmConfig", text)
    assert not problems and checked.source == source
    assert eval(checked.source) == eval(text)


def test_list_concatenation(res):
    checked, problems = compile_in(res, "VllmConfig", 'compilation_config.custom_ops + ["x"]')
    assert not problems
    assert checked.source == "self.compilation_config.custom_ops + ['x']"
    assert checked.type.kind == "container" and checked.type.name == "list"
    _, problems = compile_in(res, "VllmConfig", 'compilation_config.custom_ops + "x"')
    assert any("a list can only be joined with a list" in p for p in problems)


def test_union_of_literal_aliases_is_a_value_tuple(res):
    checked, problems = compile_in(res, "VllmConfig",
                                   "speculative_config.method in EagleModelTypes")
    assert not problems
    values = eval(checked.source.split(" in ", 1)[1])
    assert {"eagle", "eagle3", "mtp", "dflash", "deepseek_mtp"} <= set(values)
    assert len(values) == len(set(values))


def test_own_method_by_bare_name(res):
    method = "update_sizes_for_sequence_parallelism"
    checked, problems = compile_in(res, "VllmConfig", f"{method}([8, 16])")
    assert not problems and checked.source == f"self.{method}([8, 16])"
    _, problems = compile_in(res, "VllmConfig", "update_size_for_sequence_parallelism([8])")
    assert any("unknown function 'update_size_for_sequence_parallelism'" in p
               and method in p for p in problems)


@settings(deadline=None)
@given(left=st.lists(st.text(alphabet="abc+-_", max_size=4), max_size=5),
       right=st.lists(st.text(alphabet="abc+-_", max_size=4), max_size=3))
def test_compiled_list_join_means_python_list_join(res, left, right):
    """Property: the compiled `xs + [..]` of a list field and a literal list evaluates
    like Python's list concatenation, for any values."""
    text = "compilation_config.custom_ops + [" + ", ".join(repr(s) for s in right) + "]"
    checked, problems = compile_in(res, "VllmConfig", text)
    assert not problems

    class _CC:
        custom_ops = left

    class _Self:
        compilation_config = _CC

    assert eval(checked.source, {"self": _Self}) == left + right


