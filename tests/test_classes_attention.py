"""AttentionConfig against the seed: defaults, backend parsing, rejection, cache key."""

from __future__ import annotations

import ast
import dataclasses
import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from vllm_config.attention import AttentionConfig
from vllm_config.types import AttentionBackendEnum, MLAPrefillBackendEnum

FACTS = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())["classes"]


def declared_default(cls, name):
    info = cls.__pydantic_fields__[name]
    return info.default_factory() if info.default_factory is not None else info.default


def test_constructor_fields_and_defaults_match_seed():
    facts = FACTS["AttentionConfig"]
    assert [f.name for f in dataclasses.fields(AttentionConfig) if f.init] == \
        facts["constructor_fields"]
    for f in facts["fields"]:
        assert declared_default(AttentionConfig, f["name"]) == \
            ast.literal_eval(f["default"]["repr"]), f["name"]


def test_defaults():
    c = AttentionConfig()
    assert c.backend is None and c.mla_prefill_backend is None
    assert c.flash_attn_max_num_splits_for_cuda_graph == 32
    assert c.tq_max_kv_splits_for_cuda_graph == 32
    assert c.indexer_kv_dtype == "bf16"


@pytest.mark.parametrize("text", ["auto", "AUTO", "Auto"])
def test_backend_auto_means_engine_choice(text):
    assert AttentionConfig(backend=text).backend is None


@pytest.mark.parametrize("text, member", [
    ("flash_attn", AttentionBackendEnum.FLASH_ATTN),
    ("FLASHINFER", AttentionBackendEnum.FLASHINFER),
    ("Triton_Attn", AttentionBackendEnum.TRITON_ATTN),
    ("custom", AttentionBackendEnum.CUSTOM),
])
def test_backend_by_name_any_case(text, member):
    assert AttentionConfig(backend=text).backend is member


def test_backend_member_passes_through():
    assert AttentionConfig(backend=AttentionBackendEnum.FLEX_ATTENTION).backend is \
        AttentionBackendEnum.FLEX_ATTENTION


def test_unknown_backend_lists_valid_names():
    with pytest.raises(ValidationError) as err:
        AttentionConfig(backend="xformers")
    assert "FLASH_ATTN" in str(err.value) and "TRITON_ATTN" in str(err.value)


def test_mla_prefill_backend_by_name_and_no_auto():
    assert AttentionConfig(mla_prefill_backend="trtllm_ragged").mla_prefill_backend is \
        MLAPrefillBackendEnum.TRTLLM_RAGGED
    with pytest.raises(ValidationError, match="FLASHINFER"):
        AttentionConfig(mla_prefill_backend="auto")


@pytest.mark.parametrize("kwargs", [
    {"flash_attn_version": 1},
    {"flash_attn_version": 5},
    {"indexer_kv_dtype": "fp16"},
    {"backend": ""},
    {"use_non_causal": "sometimes"},
    {"no_such_field": 1},
])
def test_rejected(kwargs):
    with pytest.raises(ValidationError):
        AttentionConfig(**kwargs)


def test_enum_members_are_the_release_set():
    assert len(AttentionBackendEnum) == 33
    assert AttentionBackendEnum.CUSTOM.value is None
    assert AttentionBackendEnum.TORCH_SDPA.value == ""
    assert [m.name for m in MLAPrefillBackendEnum] == [
        "FLASH_ATTN", "FLASHINFER", "TRTLLM_RAGGED", "TOKENSPEED_MLA", "ROCM_AITER_FA", "CUSTOM"]


def test_every_field_is_hashed():
    included = FACTS["AttentionConfig"]["hash"]["included"]
    assert set(AttentionConfig().hash_factors()) == set(included)


CHANGED = {
    "backend": "flashinfer",
    "flash_attn_version": 3,
    "use_prefill_decode_attention": True,
    "flash_attn_max_num_splits_for_cuda_graph": 16,
    "tq_max_kv_splits_for_cuda_graph": 8,
    "use_trtllm_attention": False,
    "disable_flashinfer_q_quantization": True,
    "mla_prefill_backend": "flashinfer",
    "use_prefill_query_quantization": True,
    "use_fp4_indexer_cache": True,
    "indexer_kv_dtype": "fp8",
    "use_non_causal": True,
    "flex_attn_block_m": 32,
    "flex_attn_block_n": 32,
    "flex_attn_q_block_size": 64,
    "flex_attn_kv_block_size": 64,
}


def test_change_table_covers_every_field():
    assert set(CHANGED) == {f.name for f in dataclasses.fields(AttentionConfig)}


@pytest.mark.parametrize("name", sorted(CHANGED))
def test_each_field_changes_the_hash(name):
    assert AttentionConfig(**{name: CHANGED[name]}).compute_hash() != \
        AttentionConfig().compute_hash()


def test_hash_is_stable_and_auto_equals_none():
    assert AttentionConfig(backend="auto").compute_hash() == AttentionConfig().compute_hash()
    assert AttentionConfig(backend="FLASH_ATTN").compute_hash() == \
        AttentionConfig(backend=AttentionBackendEnum.FLASH_ATTN).compute_hash()


def test_vllm_engine_calls_the_backend_validator_by_its_vllm_name() -> None:
    # vLLM 0.25.1's arg_utils turns --attention-backend into a member this way.
    from vllm_config import AttentionBackendEnum, AttentionConfig, MLAPrefillBackendEnum

    assert AttentionConfig.validate_backend_before("auto") is None
    assert AttentionConfig.validate_backend_before("flash_attn") is AttentionBackendEnum.FLASH_ATTN
    assert AttentionConfig.validate_backend_before(None) is None
    assert (AttentionConfig.validate_mla_prefill_backend_before("FlashInfer")
            is MLAPrefillBackendEnum.FLASHINFER)


def test_module_level_names_vllm_modules_import() -> None:
    from vllm_config.speculative import EagleModelTypes, NgramGPUTypes
    from vllm_config.utils import replace as utils_replace
    from vllm_config.vllm import replace

    assert replace is utils_replace
    assert EagleModelTypes is not None and NgramGPUTypes is not None


def test_engine_calls_the_field_validators_by_their_vllm_names():
    """vLLM's arg_utils calls these as classmethods on a raw value (the `expose` steps)."""
    assert AttentionConfig.validate_backend_before("auto") is None
    assert AttentionConfig.validate_backend_before("flash_attn") is AttentionBackendEnum.FLASH_ATTN
    assert AttentionConfig.validate_mla_prefill_backend_before("FlashInfer") is \
        MLAPrefillBackendEnum.FLASHINFER
    with pytest.raises(ValueError):
        AttentionConfig.validate_backend_before("no_such_backend")
