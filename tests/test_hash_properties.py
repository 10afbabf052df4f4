"""Property tests of compute_hash over every generated class (derived from the schema).

- equal configs hash equal, within a process and across PYTHONHASHSEED values;
- changing an included field changes the hash; changing an excluded one does not;
- kwargs, a dict round-trip and a JSON round-trip give the same hash.
"""

from __future__ import annotations

import ast
import enum
import importlib
import json
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pydantic import RootModel, TypeAdapter, ValidationError

from cfgc.runtime import hashing as _h

from .strategies import resolved, settable_fields, value_strategy

RES = resolved()
PKG = importlib.import_module(RES.schema.package)


def _buildable(c) -> bool:
    """Classes whose required arguments we can generate (not e.g. request payloads)."""
    return all(value_strategy(f.type, RES, f.constraints) is not None for f in c.fields
               if f.kind in ("field", "initvar") and f.init and f.default.kind == "required")


CLASSES = [c for c in RES.schema.classes if settable_fields(c) and _buildable(c)]
SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def _json_default(value: object) -> object:
    """JSON for what plain json cannot write: enums by name, sets as lists."""
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, set | frozenset | tuple):
        return sorted(value, key=repr) if not isinstance(value, tuple) else list(value)
    raise TypeError(type(value).__name__)


def build(cls_name: str, kwargs: dict):
    cls = getattr(PKG, cls_name)
    try:
        return cls(**kwargs)
    except (ValidationError, ValueError, TypeError, NotImplementedError, OSError):
        assume(False)


def field_values(c):
    fields = settable_fields(c)
    required = {f.name: value_strategy(f.type, RES, f.constraints) for f in c.fields
                if f.kind in ("field", "initvar") and f.init and f.default.kind == "required"}
    return st.fixed_dictionaries(
        {k: v for k, v in required.items() if v is not None},
        optional={f.name: value_strategy(f.type, RES, f.constraints) for f in fields
                  if f.name not in required},
    )


@pytest.mark.parametrize("c", CLASSES, ids=lambda c: c.name)
def test_field_change_changes_hash_iff_included(c) -> None:
    fields = {f.name: f for f in settable_fields(c)}
    # An excluded field may still reach the key through a factor that reads it
    # (e.g. SpeculativeConfig.method through uses_aux_hidden_states).
    read_by_extras = {r for e in c.hash_extra for r in e.reads} | {
        n.id for e in c.hash_extra if e.expr is not None
        for n in ast.walk(e.expr.tree) if isinstance(n, ast.Name)}

    @SETTINGS
    @given(base=field_values(c), data=st.data())
    def check(base, data):
        name = data.draw(st.sampled_from(sorted(fields)))
        f = fields[name]
        new = data.draw(value_strategy(f.type, RES, f.constraints))
        a = build(c.name, base)
        b = build(c.name, {**base, name: new})
        same_stored = {k: getattr(a, k) for k in fields if k != name} == {
            k: getattr(b, k) for k in fields if k != name
        }
        assume(same_stored)  # post-init hooks may derive other fields from this one
        if f.hash is not None and f.hash.include and getattr(a, name) != getattr(b, name):
            assert a.compute_hash() != b.compute_hash(), name
        if f.hash is not None and not f.hash.include and name not in read_by_extras:
            assert a.hash_factors() == b.hash_factors()
            assert a.compute_hash() == b.compute_hash(), name

    check()


@pytest.mark.parametrize("c", CLASSES, ids=lambda c: c.name)
def test_kwargs_dict_and_json_agree(c) -> None:
    @SETTINGS
    @given(kwargs=field_values(c))
    def check(kwargs):
        obj = build(c.name, kwargs)
        cls = getattr(PKG, c.name)
        adapter = TypeAdapter(cls)
        as_json = json.dumps(kwargs, default=_json_default)
        from_python = adapter.validate_python(dict(kwargs))
        from_json = adapter.validate_json(as_json)
        assert obj.compute_hash() == from_python.compute_hash() == from_json.compute_hash()
        assert obj.hash_factors() == from_json.hash_factors()
        assert obj.compute_hash() == _h.digest(c.name, obj.hash_factors())

    check()


def test_hash_is_full_sha256_hex() -> None:
    for c in RES.schema.classes:
        try:
            h = getattr(PKG, c.name)().compute_hash()
        except (ValidationError, TypeError):
            continue
        assert len(h) == 64 and int(h, 16) >= 0


def test_float_fields_hash_ints_and_floats_alike() -> None:
    checked = 0
    for c in RES.schema.classes:
        for f in settable_fields(c):
            base = RES.expand(f.type).without_none()
            if not (base.kind == "scalar" and base.name == "float" and f.hash and f.hash.include):
                continue
            bounds = dict(f.constraints)
            value = 1 if bounds.get("le", 2) >= 1 and bounds.get("gt", 0) < 1 else 2
            cls = getattr(PKG, c.name)
            try:
                a, b = cls(**{f.name: value}), cls(**{f.name: float(value)})
            except ValidationError:
                continue
            assert a.compute_hash() == b.compute_hash(), f"{c.name}.{f.name}"
            checked += 1
    assert checked, "no included float field in the schema: this test checks nothing"


_CHILD = """
import json, sys, importlib
pkg = importlib.import_module(sys.argv[1])
out = {}
for name, kwargs in json.loads(sys.stdin.read()).items():
    out[name] = getattr(pkg, name)(**kwargs).compute_hash()
print(json.dumps(out))
"""


def test_hash_stable_across_processes_and_hash_seeds() -> None:
    @settings(max_examples=5, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(st.data())
    def check(data):
        payload, expected = {}, {}
        for c in CLASSES:
            kwargs = data.draw(field_values(c))
            try:
                json.dumps(kwargs)
                obj = getattr(PKG, c.name)(**kwargs)
            except (TypeError, ValueError, ValidationError, NotImplementedError, OSError):
                continue
            payload[c.name], expected[c.name] = kwargs, obj.compute_hash()
        assume(payload)
        for seed in ("0", "12345"):
            env = {**os.environ, "PYTHONHASHSEED": seed}
            out = subprocess.run([sys.executable, "-c", _CHILD, RES.schema.package],
                                 input=json.dumps(payload), capture_output=True, text=True,
                                 env=env, check=True)
            assert json.loads(out.stdout) == expected

    check()


del RootModel


def test_memo_keeps_equal_but_different_values_apart() -> None:
    """compute_hash is memoised; values that compare equal but encode differently
    (0.0 and -0.0; 1 and True in untyped fields) must still get their own digest."""
    checked = 0
    for c in RES.schema.classes:
        cls = getattr(PKG, c.name)
        for f in settable_fields(c):
            base = RES.expand(f.type).without_none()
            if not (f.hash and f.hash.include):
                continue
            if base.kind == "scalar" and base.name == "float":
                pair = (0.0, -0.0)
            elif base.kind == "scalar" and base.name == "Any":
                pair = (1, True)
            else:
                continue
            for value in pair:
                try:
                    obj = cls(**{f.name: value})
                except (ValidationError, ValueError, TypeError, NotImplementedError, OSError):
                    break
                assert obj.compute_hash() == _h.digest(c.name, obj.hash_factors()), f.name
                checked += 1
    assert checked >= 2
