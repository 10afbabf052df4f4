"""StructuredOutputsConfig against the seed: defaults, backend checks, constant hash."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
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
