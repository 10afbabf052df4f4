"""Round trips through the command line, for every flagged field the schema declares:

- config -> argv -> config: values drawn from each field's type become flags
  (`to_tokens`), are parsed back and build a config equal to the one built directly;
- YAML file -> config: the same values written as a --config file give the same config
  as the equivalent flags.

Fields, flags and value strategies all come from the schema and the generated table,
so new classes and flags are covered as they are added.
"""

from __future__ import annotations

import importlib
import json
import math
import os
import re
import tempfile

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from cfgc.runtime.cli.build import plain
from cfgc.runtime.cli.values import BadValue, CliError, to_tokens

from ..strategies import settable_fields, value_strategy
from .helpers import PKG, RES, TABLE, build_only, parse

SETTINGS = settings(max_examples=30, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                           HealthCheck.data_too_large])
_ARGPARSE_NEGATIVE = re.compile(r"^-\d+$|^-\d*\.\d+$")


def _settable(cls_name: str) -> dict[str, object]:
    """Field flags of the class whose values we can draw, with their strategies."""
    c = RES.classes[cls_name]
    names = {f.name: f for f in settable_fields(c)}
    out = {}
    for e in TABLE.FLAGS:
        if e["cls"] != cls_name or e["field"] not in names or e["kind"] in ("json", "enable"):
            continue
        f = names[e["field"]]
        strat = value_strategy(f.type, RES, f.constraints)
        if strat is not None:
            out[e["field"]] = (e, strat)
    return out


CLASSES = sorted({e["cls"] for e in TABLE.FLAGS if e["field"] and _settable(e["cls"])})


def _expressible(entry: dict, value: object) -> bool:
    """Whether argv can carry the value at all (argparse and vLLM share these limits)."""
    kind = entry["kind"]
    if value is None:
        return entry.get("optional", False)
    if kind == "flag_or_str" and value is False:
        return False  # --hf-token takes True (bare) or a string, not False
    if isinstance(value, str):
        if entry.get("container"):
            return False  # a list flag (e.g. ignore_patterns: list[str] | str) gives a list
        if value.startswith("-") or value.strip() != value or not value:
            return False
        if entry.get("optional") and value in ("None", ""):
            return False
        if kind == "dict_or_str" and value.lstrip().startswith("{"):
            return False
        if any(ch in value for ch in "\x00\r\n"):
            return False
    if isinstance(value, float):
        if not math.isfinite(value):
            return False
        text = repr(value)
        if text.startswith("-") and not _ARGPARSE_NEGATIVE.match(text):
            return False
    if isinstance(value, list | tuple | set | frozenset):
        if entry.get("container") and not value:
            return False
        items = list(value)
        if entry.get("optional") and len(items) == 1 and items[0] in ("None", ""):
            return False
        return all(_expressible({**entry, "container": "", "optional": False}, v)
                   for v in items if not isinstance(v, list | tuple | dict))
    if isinstance(value, dict):
        try:
            json.dumps(value)
        except (TypeError, ValueError):
            return False
    return True


def _build_direct(cls_name: str, kwargs: dict):
    mod = importlib.import_module(f"{PKG}.{TABLE.CLASSES[cls_name]['module']}")
    kwargs = {**TABLE.CLASSES[cls_name].get("fill", {}), **kwargs}
    try:
        return getattr(mod, cls_name)(**kwargs)
    except (ValidationError, ValueError, TypeError, AssertionError, KeyError,
            NotImplementedError):
        assume(False)


def _same(a, b, given=()) -> None:
    """Equal in every given field and every cache-key field, and in the hash (fields
    outside the cache key may be run-time stamps, e.g. VllmConfig.instance_id)."""
    assert type(a) is type(b)
    c = RES.classes[type(a).__name__]
    names = {f.name for f in c.hashed_fields} | set(given)
    for name in sorted(names):
        assert plain(getattr(a, name)) == plain(getattr(b, name)), name
    assert a.compute_hash() == b.compute_hash()


def _values(cls_name: str):
    fields = _settable(cls_name)
    return st.fixed_dictionaries({}, optional={name: strat for name, (_, strat) in
                                               fields.items()})


def _argv(cls_name: str, values: dict) -> list[str]:
    fields = _settable(cls_name)
    argv: list[str] = []
    for name, value in values.items():
        entry = fields[name][0]
        if entry["requires"] and entry["requires"] not in argv:
            argv.insert(0, entry["requires"])  # e.g. --enable-lora for the LoRA flags
        assume(_expressible(entry, value))
        try:
            argv += to_tokens(entry, value)
        except BadValue:
            assume(False)
    return argv


def _yaml_value(value: object) -> object:
    import enum

    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, set | frozenset):
        return sorted(value, key=str)
    if isinstance(value, tuple):
        return list(value)
    return value


@pytest.mark.parametrize("cls_name", CLASSES)
@SETTINGS
@given(data=st.data())
def test_config_argv_config(cls_name: str, data) -> None:
    values = data.draw(_values(cls_name))
    expected = _build_direct(cls_name, values)
    argv = _argv(cls_name, values)
    parsed, _ = parse(argv)
    try:
        got = build_only(parsed, cls_name)
    except CliError as exc:
        pytest.fail(f"argv {argv} failed: {exc}")
    _same(got, expected, values)


@pytest.mark.parametrize("cls_name", CLASSES)
@SETTINGS
@given(data=st.data())
def test_yaml_file_equals_flags(cls_name: str, data) -> None:
    values = data.draw(_values(cls_name))
    _build_direct(cls_name, values)
    argv = _argv(cls_name, values)
    fields = _settable(cls_name)
    doc = {fields[name][0]["flag"][2:]: _yaml_value(v) for name, v in values.items()}
    for name in values:
        if fields[name][0]["requires"]:
            doc[fields[name][0]["requires"][2:]] = True
    with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as fh:
        yaml.safe_dump(doc, fh)
        path = fh.name
    try:
        from_file, _ = parse(["--config", path])
    finally:
        os.unlink(path)
    from_flags, _ = parse(argv)
    _same(build_only(from_file, cls_name), build_only(from_flags, cls_name), values)


def test_every_flagged_class_is_covered() -> None:
    """Guard against the round trips silently testing nothing."""
    assert CLASSES, "no flagged class has a field the strategies can draw"
