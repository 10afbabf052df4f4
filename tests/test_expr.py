"""Unit tests of the expression language's compiled output (cfgc.expr / cfgc.behaviour)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cfgc.behaviour import negated


@pytest.mark.parametrize("source, expected", [
    ("self.backend in ('xgrammar', 'guidance')", "self.backend not in ('xgrammar', 'guidance')"),
    ("self.c not in ('a', 'b')", "self.c in ('a', 'b')"),
    ("self.x > 0", "not (self.x > 0)"),
    ("self.a in self.b and self.c", "not (self.a in self.b and self.c)"),
    ("0 <= self.r in self.s", "not (0 <= self.r in self.s)"),  # chained: left as is
    ("self.k is not None", "not (self.k is not None)"),
])
def test_negated_writes_not_in(source, expected):
    assert negated(source) == expected


@given(x=st.sampled_from(["a", "b", "z"]), op=st.sampled_from(["in", "not in"]),
       items=st.lists(st.sampled_from(["a", "b", "c"]), max_size=3))
def test_negated_is_the_negation(x, op, items):
    source = f"x {op} items"
    env = {"x": x, "items": tuple(items)}
    assert eval(negated(source), {}, env) is (not eval(source, {}, env))  # noqa: S307
