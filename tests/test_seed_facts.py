"""The generated package against the facts extracted from the seeds
(tests/facts/seed_facts.json, made by tools/extract_seed_facts.py): every class, every
constructor field with an equal default, and every hash rule."""

from __future__ import annotations

import ast
import dataclasses
import enum
import importlib
import json

import pytest

from .beyond_seed import constructor_fields, hashed
from .conftest import REPO
from .strategies import resolved

FACTS = json.loads((REPO / "tests" / "facts" / "seed_facts.json").read_text())
CLASSES = FACTS["classes"]
RES = resolved()
PKG = importlib.import_module(RES.schema.package)
_MISSING = object()


def test_facts_file_is_complete() -> None:
    assert FACTS["counts"]["classes"] == 32
    assert FACTS["counts"]["fields"] == 466


@pytest.mark.parametrize("name", sorted(CLASSES))
def test_class_exists_with_the_seed_constructor_fields(name: str) -> None:
    facts = CLASSES[name]
    cls = getattr(PKG, name, None)
    assert cls is not None, f"{name} is not generated"
    # Fields of vLLM 0.25.1 that the (older) seed lacks come in through constructor_fields
    # (tests/beyond_seed.py).
    ours = [f.name for f in dataclasses.fields(cls) if f.init]
    initvars = [f["name"] for f in facts["fields"] if f["kind"] == "initvar"]
    expected = [n for n in constructor_fields(name, facts["constructor_fields"])
                if n not in initvars]
    assert ours == expected
    schema_initvars = [f.name for f in RES.classes[name].fields if f.kind == "initvar"]
    assert schema_initvars == initvars


def _our_default(cls: type, name: str) -> object:
    for f in dataclasses.fields(cls):
        if f.name == name:
            info = f.default
            if info is not dataclasses.MISSING and hasattr(info, "default_factory"):
                if info.default_factory is not None:  # a pydantic Field(default_factory=...)
                    return info.default_factory()
                return info.default
            if info is not dataclasses.MISSING:
                return info
            if f.default_factory is not dataclasses.MISSING:
                return f.default_factory()
            return _MISSING
    schema_field = RES.classes[cls.__name__].field(name)
    if schema_field is not None and schema_field.kind == "initvar":
        d = schema_field.default
        return d.value if d.kind == "value" else None
    return _MISSING


def _comparable(value: object) -> object:
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if dataclasses.is_dataclass(value):
        return type(value).__name__ + "()"
    return value


SYMBOLIC = object()  # a default named by a constant (envs.X, DEFAULT_X): not comparable here


def _seed_default(default: dict) -> object:
    if "repr" not in default:
        return SYMBOLIC
    text = default["repr"]
    if default["kind"] == "factory":
        if text in ("list", "dict", "set"):
            return {"list": [], "dict": {}, "set": set()}[text]
        if text.startswith("lambda:"):
            text = text.removeprefix("lambda:").strip()
        elif text in RES.classes:
            return text + "()"
        elif text == "Counter":
            return {}  # an empty Counter equals an empty dict
        else:
            return SYMBOLIC  # a named factory function (platform- or env-dependent)
    try:
        return ast.literal_eval(text)
    except ValueError:
        head = text.split(".")[0]
        if head in RES.enums or head in RES.classes:
            return text  # an enum member, compared as text
        return SYMBOLIC


@pytest.mark.parametrize("name", sorted(CLASSES))
def test_defaults_equal_the_seed(name: str) -> None:
    cls = getattr(PKG, name, None)
    assert cls is not None, f"{name} is not generated"
    mismatches = []
    for f in CLASSES[name]["fields"]:
        if f["kind"] == "classvar" or f["default"]["kind"] == "required":
            continue
        ours = _comparable(_our_default(cls, f["name"]))
        seed = _seed_default(f["default"])
        if seed is SYMBOLIC:
            continue
        if ours != seed and not (isinstance(seed, str) and str(ours) == seed):
            mismatches.append(f"{f['name']}: ours {ours!r}, seed {seed!r}")
    assert not mismatches, "\n".join(mismatches)


def _included(name: str) -> set[str]:
    c = RES.classes[name]
    return {f.name for f in c.hashed_fields} | {e.name for e in c.hash_extra}


@pytest.mark.parametrize("name", sorted(CLASSES))
def test_hash_rule_equals_the_seed(name: str) -> None:
    assert name in RES.classes, f"{name} is not in the schema"
    rule = CLASSES[name]["hash"]
    style = rule["style"]
    # Deliberate, from newer vLLM: hf_overrides feeds the key since 0.25.1 (the seed is older).
    newer = {"ModelConfig": {"hf_overrides"}}.get(name, set()) | hashed(name)
    assert newer <= _included(name)
    ours = _included(name) - {"schema_version"} - newer
    if style == "ignored_set":
        stored = {f["name"] for f in CLASSES[name]["fields"]
                  if f["kind"] in ("field", "private")}
        nested = {n["key"] for n in rule.get("nested", [])}
        assert ours == (stored - set(rule["ignored"])) | nested
    elif style == "constant":
        assert ours == set()
    elif style == "explicit":
        if name == "VllmConfig":  # sub-configs composed uniformly; see the cache-key page
            subs = {r for factor in rule["factors"] for r in factor.get("reads", [])}
            assert subs <= ours
        else:
            reads = set(rule["reads"])
            fields = {f["name"] for f in CLASSES[name]["fields"]}
            c = RES.classes[name]
            read_by_extras = {r for e in c.hash_extra for r in e.reads}
            read_by_extras |= {e.path.split(".")[0] for e in c.hash_extra if e.path}
            assert ({r for r in ours if r in fields} | read_by_extras) == reads & fields
    else:
        assert style == "none"  # no compute_hash in the seed: nothing to compare
