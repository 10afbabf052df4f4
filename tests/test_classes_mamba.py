"""MambaConfig against the seed."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from vllm_config.mamba import MambaConfig
from vllm_config.types import MambaBackendEnum

FACTS = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())["classes"]


def test_constructor_fields_match_seed():
    assert [f.name for f in dataclasses.fields(MambaConfig) if f.init] == \
        FACTS["MambaConfig"]["constructor_fields"]


def test_defaults():
    c = MambaConfig()
    assert c.backend is MambaBackendEnum.TRITON
    assert c.enable_stochastic_rounding is False
    assert c.stochastic_rounding_philox_rounds == 0


def test_enum_values():
    assert {m.name: m.value for m in MambaBackendEnum} == \
        {"TRITON": "triton", "FLASHINFER": "flashinfer"}


@pytest.mark.parametrize("text", ["flashinfer", "FLASHINFER", "FlashInfer"])
def test_backend_by_name_any_case(text):
    assert MambaConfig(backend=text).backend is MambaBackendEnum.FLASHINFER


def test_unknown_backend_lists_valid_names():
    with pytest.raises(ValidationError, match="TRITON, FLASHINFER"):
        MambaConfig(backend="cuda")


@pytest.mark.parametrize("kwargs", [{"stochastic_rounding_philox_rounds": "ten"},
                                    {"enable_stochastic_rounding": "perhaps"}])
def test_rejected(kwargs):
    with pytest.raises(ValidationError):
        MambaConfig(**kwargs)


def test_stochastic_rounding_accepted_without_platform_check():
    # the CUDA / Blackwell check is an engine hook point, not run at construction
    assert MambaConfig(enable_stochastic_rounding=True).enable_stochastic_rounding


def test_not_part_of_the_cache_key():
    assert FACTS["MambaConfig"]["hash"]["style"] == "none"
    assert MambaConfig().hash_factors() == {}
    assert MambaConfig(backend="flashinfer").compute_hash() == MambaConfig().compute_hash()
