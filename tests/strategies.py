"""Hypothesis strategies for field values, derived from the schema model itself, so
property tests cover every class and field as the schema grows."""

from __future__ import annotations

import math
from functools import lru_cache

from hypothesis import strategies as st

from cfgc import pipeline
from cfgc.model import schema as m
from cfgc.model.resolved import Resolved
from cfgc.model.types import TypeExpr

from .conftest import REPO


@lru_cache(maxsize=1)
def resolved() -> Resolved:
    return pipeline.load(REPO)


def _bounds(constraints: tuple[tuple[str, object], ...]) -> dict[str, float]:
    return {k: v for k, v in constraints if k in ("ge", "gt", "le", "lt")}


def value_strategy(t: TypeExpr, res: Resolved, constraints=()) -> st.SearchStrategy | None:
    """Valid values of type t, or None when we cannot build them (runtime types)."""
    t = res.expand(t)
    b = _bounds(constraints)
    if t.kind == "none":
        return st.none()
    if t.kind == "union":
        parts = [value_strategy(a, res, constraints) for a in t.args]
        parts = [p for p in parts if p is not None]
        return st.one_of(parts) if parts else None
    if t.kind == "literal":
        return st.sampled_from(t.values)
    if t.kind == "scalar":
        if t.name == "bool":
            return st.booleans()
        if t.name == "int":
            lo = b.get("ge", b["gt"] + 1 if "gt" in b else -(2**40))
            hi = b.get("le", b["lt"] - 1 if "lt" in b else 2**40)
            return st.integers(math.ceil(lo), math.floor(hi))
        if t.name == "float":
            lo = b.get("ge", b.get("gt", -1e6))
            hi = b.get("le", b.get("lt", 1e6))
            return st.floats(lo, hi, allow_nan=False, exclude_min="gt" in b,
                             exclude_max="lt" in b)
        if t.name in ("str", "Path"):
            return st.text(st.characters(codec="utf-8", exclude_characters=","), max_size=8)
        return None
    if t.kind == "named" and t.name in res.enums:
        import importlib

        enum_cls = getattr(importlib.import_module(f"{res.schema.package}.types"), t.name)
        return st.sampled_from(list(enum_cls))
    if t.kind == "container":
        inner = [value_strategy(a, res) for a in t.args]
        if any(i is None for i in inner):
            return None
        if t.name == "list":
            return st.lists(inner[0], max_size=3)
        if t.name == "set":
            return st.sets(inner[0], max_size=3)
        if t.name == "dict":
            return st.dictionaries(inner[0], inner[1], max_size=3)
        if t.name == "tuple":
            return st.lists(inner[0], max_size=3).map(tuple) if t.variadic else st.tuples(*inner)
    return None


def settable_fields(c: m.ClassDef) -> list[m.FieldDef]:
    """Init fields whose values we can generate (no validators/hooks that reshape them)."""
    res = resolved()
    out = []
    for f in c.fields:
        if f.kind != "field" or not f.init or f.deprecation is not None:
            continue
        if any(v.name in ("hook", "reject", "shorthand") for v in f.validators):
            continue
        if value_strategy(f.type, res, f.constraints) is None:
            continue
        out.append(f)
    return out
