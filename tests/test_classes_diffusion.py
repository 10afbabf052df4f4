"""DiffusionConfig against the seed."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from vllm_config.diffusion import DiffusionConfig

FACTS = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())["classes"]


def test_constructor_fields_match_seed():
    assert [f.name for f in dataclasses.fields(DiffusionConfig) if f.init] == \
        FACTS["DiffusionConfig"]["constructor_fields"]


def test_defaults_unset():
    c = DiffusionConfig()
    assert c.canvas_length is None and c.max_denoising_steps is None


def test_values_kept():
    c = DiffusionConfig(canvas_length=32, max_denoising_steps=64)
    assert (c.canvas_length, c.max_denoising_steps) == (32, 64)


@pytest.mark.parametrize("kwargs", [{"canvas_length": 0}, {"canvas_length": -4},
                                    {"canvas_length": "long"}, {"max_denoising_steps": "x"}])
def test_rejected(kwargs):
    with pytest.raises(ValidationError):
        DiffusionConfig(**kwargs)


def test_not_part_of_the_cache_key():
    assert FACTS["DiffusionConfig"]["hash"]["style"] == "none"
    assert DiffusionConfig().hash_factors() == {}
    assert DiffusionConfig(canvas_length=8).compute_hash() == DiffusionConfig().compute_hash()
