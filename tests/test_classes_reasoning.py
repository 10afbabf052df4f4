"""ReasoningConfig against the seed: fields, private token-id state, no cache key."""

from __future__ import annotations

import dataclasses
import inspect
import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from vllm_config.reasoning import ReasoningConfig

FACTS = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())["classes"]
SEED = FACTS["ReasoningConfig"]


def test_constructor_and_defaults_match_seed():
    params = inspect.signature(ReasoningConfig).parameters
    assert list(params) == SEED["constructor_fields"] == [
        "reasoning_parser", "reasoning_start_str", "reasoning_end_str"]
    assert all(params[n].default == "" for n in params)


def test_private_state_fields():
    fields = {f.name: f for f in dataclasses.fields(ReasoningConfig)}
    private = ["_reasoning_start_token_ids", "_reasoning_end_token_ids", "_enabled"]
    assert [n for n in fields if n.startswith("_")] == private
    assert not any(fields[n].init for n in private)
    c = ReasoningConfig(reasoning_start_str="<think>", reasoning_end_str="</think>")
    assert (c._reasoning_start_token_ids, c._reasoning_end_token_ids, c._enabled) == \
        (None, None, False)


@pytest.mark.parametrize("kw", [{"_enabled": True}, {"_reasoning_start_token_ids": [1]},
                                {"reasoning_parser": None}, {"think": "<t>"}])
def test_rejected(kw):
    with pytest.raises(ValidationError):
        ReasoningConfig(**kw)


def test_not_part_of_any_cache_key():
    assert SEED["hash"]["style"] == "none"
    base = ReasoningConfig()
    assert base.hash_factors() == {}
    other = ReasoningConfig(reasoning_parser="deepseek_r1", reasoning_start_str="<think>",
                            reasoning_end_str="</think>")
    other._enabled = True
    assert other.compute_hash() == base.compute_hash()
