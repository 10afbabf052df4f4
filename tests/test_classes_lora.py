"""LoRAConfig against the seed: defaults, dtype, CPU slots, cache key."""

from __future__ import annotations

import ast
import inspect
import json
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from vllm_config.lora import LoRAConfig

FACTS = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())["classes"]


def test_fields_and_defaults_match_seed():
    facts = FACTS["LoRAConfig"]
    assert list(inspect.signature(LoRAConfig).parameters) == facts["constructor_fields"]
    for f in facts["fields"]:
        got = LoRAConfig.__pydantic_fields__[f["name"]].default
        want = ast.literal_eval(f["default"]["repr"])
        assert (got, type(got)) == (want, type(want)), f["name"]


def test_max_cpu_loras_defaults_to_max_loras():
    assert LoRAConfig(max_loras=4).max_cpu_loras == 4
    assert LoRAConfig(max_loras=4, max_cpu_loras=8).max_cpu_loras == 8
    with pytest.raises(ValidationError, match="at least max_loras"):
        LoRAConfig(max_loras=4, max_cpu_loras=2)


@pytest.mark.parametrize("kw", [
    {"max_lora_rank": 12},
    {"max_loras": 0},
    {"lora_dtype": "float32"},
    {"lora_dtype": None},
    {"lora_dtype": 16},
    {"target_modules": "o_proj"},
])
def test_rejections(kw):
    with pytest.raises(ValidationError):
        LoRAConfig(**kw)


@pytest.mark.parametrize("rank", [1, 8, 16, 32, 64, 128, 256, 320, 512])
def test_ranks(rank):
    assert LoRAConfig(max_lora_rank=rank).max_lora_rank == rank


def test_torch_dtype_accepted_without_importing_torch_at_validation():
    assert LoRAConfig(lora_dtype="bfloat16").lora_dtype == "bfloat16"
    torch = pytest.importorskip("torch")
    cfg = LoRAConfig(lora_dtype=torch.float16)
    assert cfg.lora_dtype is torch.float16
    assert cfg.compute_hash() != LoRAConfig().compute_hash()
    assert "torch" in sys.modules


def test_seed_hash_reads():
    reads = set(FACTS["LoRAConfig"]["hash"]["reads"])
    assert set(LoRAConfig().hash_factors()) == reads


@pytest.mark.parametrize("change", [
    {"max_lora_rank": 64}, {"max_loras": 2}, {"fully_sharded_loras": True},
    {"lora_dtype": "float16"}, {"enable_tower_connector_lora": True},
    {"enable_mixed_moe_lora_format": True}, {"target_modules": ["o_proj"]},
])
def test_included_fields_change_hash(change):
    assert LoRAConfig(**change).compute_hash() != LoRAConfig().compute_hash()


@pytest.mark.parametrize("change", [
    {"max_cpu_loras": 9}, {"specialize_active_lora": True},
    {"default_mm_loras": {"image": "/adapters/img"}},
])
def test_excluded_fields_keep_hash(change):
    assert LoRAConfig(**change).compute_hash() == LoRAConfig().compute_hash()



def test_target_modules_stored_as_given():
    a = LoRAConfig(target_modules=["qkv_proj", "o_proj"])
    assert a.target_modules == ["qkv_proj", "o_proj"]
    assert a.compute_hash() != LoRAConfig(target_modules=["o_proj"]).compute_hash()


@pytest.mark.parametrize("given, model_dtype, expected", [
    ("auto", "bfloat16", "bfloat16"),
    ("float16", "bfloat16", "float16"),  # a name given stays
    ("bfloat16", "float16", "bfloat16"),
])
def test_verify_with_model_config_resolves_auto_only(given, model_dtype, expected):
    from types import SimpleNamespace

    c = LoRAConfig(lora_dtype=given)
    assert c.verify_with_model_config(SimpleNamespace(dtype=model_dtype)) is None
    assert c.lora_dtype == expected


def test_verify_with_model_config_fills_an_unset_dtype():
    from types import SimpleNamespace

    c = LoRAConfig()
    object.__setattr__(c, "lora_dtype", None)
    c.verify_with_model_config(SimpleNamespace(dtype="float16"))
    assert c.lora_dtype == "float16"
