"""StructuredOutputsConfig against the seed: defaults, backend checks, constant hash."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from vllm_config.structured_outputs import StructuredOutputsConfig

FACTS = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())["classes"]


def test_constructor_fields_match_seed():
    assert [f.name for f in dataclasses.fields(StructuredOutputsConfig)] == \
        FACTS["StructuredOutputsConfig"]["constructor_fields"]


def test_defaults():
    c = StructuredOutputsConfig()
    assert (c.backend, c.disable_any_whitespace, c.disable_additional_properties) == \
        ("auto", False, False)
    assert (c.reasoning_parser, c.reasoning_parser_plugin, c.enable_in_reasoning) == \
        ("", "", False)


@pytest.mark.parametrize("backend", ["auto", "xgrammar", "guidance", "outlines",
                                     "lm-format-enforcer"])
def test_backends_accepted(backend):
    assert StructuredOutputsConfig(backend=backend).backend == backend


@pytest.mark.parametrize("kwargs", [
    {"backend": "lm_format_enforcer"},  # not normalised in the seed
    {"backend": "XGRAMMAR"},
    {"disable_any_whitespace": True},  # backend auto
    {"backend": "outlines", "disable_any_whitespace": True},
    {"backend": "xgrammar", "disable_additional_properties": True},
    {"unknown": 1},
])
def test_rejected(kwargs):
    with pytest.raises(ValidationError):
        StructuredOutputsConfig(**kwargs)


@pytest.mark.parametrize("kwargs", [
    {"backend": "xgrammar", "disable_any_whitespace": True},
    {"backend": "guidance", "disable_any_whitespace": True,
     "disable_additional_properties": True},
])
def test_backend_options_accepted(kwargs):
    StructuredOutputsConfig(**kwargs)


def test_hash_is_constant():
    base = StructuredOutputsConfig().compute_hash()
    assert StructuredOutputsConfig().hash_factors() == {}
    for kwargs in ({"backend": "xgrammar"}, {"reasoning_parser": "deepseek_r1"},
                   {"enable_in_reasoning": True}):
        assert StructuredOutputsConfig(**kwargs).compute_hash() == base


# Formerly tests/hooks/test_structured_outputs.py (the check_backend_options hook), now
# the class's declared rules: same cases through the generated class.
def cfg(backend="auto", ws=False, props=False):
    return dict(backend=backend, disable_any_whitespace=ws, disable_additional_properties=props)


@pytest.mark.parametrize("c", [cfg(), cfg("xgrammar", ws=True), cfg("guidance", ws=True),
                               cfg("guidance", props=True), cfg("outlines")])
def test_backend_options_rule_accepts(c):
    StructuredOutputsConfig(**c)


@pytest.mark.parametrize("c, match", [
    (cfg("auto", ws=True), "disable_any_whitespace"),
    (cfg("lm-format-enforcer", ws=True), "disable_any_whitespace"),
    (cfg("xgrammar", props=True), "disable_additional_properties"),
    (cfg("auto", props=True), "disable_additional_properties"),
])
def test_backend_options_rule_rejects(c, match):
    with pytest.raises(ValueError, match=match):
        StructuredOutputsConfig(**c)


def test_backend_options_message_wording():
    with pytest.raises(ValueError, match=r"disable_any_whitespace needs backend 'xgrammar' or "
                                         r"'guidance', not 'outlines'"):
        StructuredOutputsConfig(**cfg("outlines", ws=True))
    with pytest.raises(ValueError, match=r"disable_additional_properties needs backend "
                                         r"'guidance', not 'auto'"):
        StructuredOutputsConfig(**cfg(props=True))


@given(backend=st.sampled_from(["auto", "xgrammar", "guidance", "outlines",
                                "lm-format-enforcer"]), ws=st.booleans(), props=st.booleans())
def test_backend_option_rules_match_a_hand_written_predicate(backend, ws, props):
    """The declared rules accept exactly what the former hook accepted."""
    ok = (not ws or backend in ("xgrammar", "guidance")) and (not props or backend == "guidance")
    try:
        StructuredOutputsConfig(**cfg(backend, ws, props))
    except ValidationError:
        assert not ok
    else:
        assert ok
