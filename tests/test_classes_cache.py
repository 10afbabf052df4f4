"""CacheConfig against the seed: defaults, block-size default, constraints, cache key."""

from __future__ import annotations

import ast
import dataclasses
import json
import warnings
from pathlib import Path

import pytest
from pydantic import TypeAdapter, ValidationError

from cfgc.runtime import deprecation
from vllm_config.cache import CacheConfig

from .beyond_seed import constructor_fields, unhashed

FACTS = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())["classes"]


def declared_default(cls, name):
    info = cls.__pydantic_fields__[name]
    return info.default_factory() if info.default_factory is not None else info.default


def test_constructor_fields_and_defaults_match_seed():
    facts = FACTS["CacheConfig"]
    assert [f.name for f in dataclasses.fields(CacheConfig) if f.init] == \
        constructor_fields("CacheConfig", facts["constructor_fields"])
    for f in facts["fields"]:
        expected = {"value": lambda r: ast.literal_eval(r), "factory": lambda r: []}[
            f["default"]["kind"]](f["default"]["repr"])
        if f["kind"] == "classvar":
            assert getattr(CacheConfig, f["name"]) == expected
        else:
            assert declared_default(CacheConfig, f["name"]) == expected, f["name"]


def test_init_false_and_private_fields_match_seed():
    facts = FACTS["CacheConfig"]
    seed_no_init = {f["name"] for f in facts["fields"] if f.get("init") is False}
    ours = {f.name for f in dataclasses.fields(CacheConfig) if not f.init}
    assert ours == seed_no_init
    assert "_block_size_resolved" in ours


@pytest.mark.parametrize("name", ["num_gpu_blocks", "kv_cache_size_tokens", "_block_size_resolved"])
def test_init_false_fields_are_not_arguments(name):
    with pytest.raises(ValidationError):
        CacheConfig(**{name: 1})


def test_block_size_defaults_to_class_constant():
    c = CacheConfig()
    assert c.block_size == CacheConfig.DEFAULT_BLOCK_SIZE == 16
    assert c.user_specified_block_size is False
    assert c.user_specified_mamba_block_size is False


def test_explicit_sizes_are_recorded():
    c = CacheConfig(block_size=32, mamba_block_size=64)
    assert c.block_size == 32
    assert c.user_specified_block_size and c.user_specified_mamba_block_size


def test_explicit_default_value_still_counts_as_user_specified():
    assert CacheConfig(block_size=16).user_specified_block_size


def test_revalidation_inside_a_parent_keeps_flags():
    c = CacheConfig()
    again = TypeAdapter(CacheConfig).validate_python(c)
    assert again.block_size == 16 and not again.user_specified_block_size


@pytest.mark.parametrize("kwargs", [
    {"block_size": 0},
    {"block_size": -16},
    {"hash_block_size": 0},
    {"mamba_block_size": 0},
    {"gpu_memory_utilization": 0},
    {"gpu_memory_utilization": 1.5},
    {"cache_dtype": "fp4"},
    {"mamba_cache_dtype": "int8"},
    {"mamba_cache_mode": "some"},
    {"prefix_caching_hash_algo": "md5"},
    {"kv_offloading_backend": "disk"},
])
def test_rejected(kwargs):
    with pytest.raises(ValidationError):
        CacheConfig(**kwargs)


def test_gpu_memory_utilization_bounds_inclusive_at_one():
    assert CacheConfig(gpu_memory_utilization=1).gpu_memory_utilization == 1.0


def test_calculate_kv_scales_is_deprecated():
    deprecation._warned.discard("CacheConfig.calculate_kv_scales")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        CacheConfig()
        assert not caught
        CacheConfig(calculate_kv_scales=True)
    assert any("calculate_kv_scales" in str(w.message) for w in caught)


def test_hash_factors_are_the_seed_included_set():
    assert set(CacheConfig().hash_factors()) == set(FACTS["CacheConfig"]["hash"]["included"])


INCLUDED = {
    "block_size": 32,
    "cache_dtype": "fp8",
    "sliding_window": 4096,
    "calculate_kv_scales": True,
    "kv_cache_dtype_skip_layers": ["0"],
    "mamba_block_size": 64,
    "mamba_cache_dtype": "float32",
    "mamba_ssm_cache_dtype": "float16",
    "mamba_cache_mode": "align",
    "kv_cache_memory_bytes": 1 << 30,
    "kv_offloading_size": 4.0,
    "kv_offloading_backend": "lmcache",
}
EXCLUDED = {
    "hash_block_size": 8,
    "gpu_memory_utilization": 0.5,
    "is_attention_free": True,
    "num_gpu_blocks_override": 100,
    "enable_prefix_caching": False,
    "prefix_caching_hash_algo": "xxhash",
    "mamba_page_size_padded": 4096,
    "kv_sharing_fast_prefill": True,
}


@pytest.mark.filterwarnings("ignore")
@pytest.mark.parametrize("name", sorted(INCLUDED))
def test_included_field_changes_hash(name):
    assert CacheConfig(**{name: INCLUDED[name]}).compute_hash() != CacheConfig().compute_hash()


@pytest.mark.parametrize("name", sorted(EXCLUDED))
def test_excluded_field_keeps_hash(name):
    assert CacheConfig(**{name: EXCLUDED[name]}).compute_hash() == CacheConfig().compute_hash()


@pytest.mark.parametrize("name", ["num_gpu_blocks", "num_cpu_blocks", "kv_cache_size_tokens",
                                  "kv_cache_max_concurrency", "user_specified_block_size"])
def test_runtime_state_keeps_hash(name):
    c = CacheConfig()
    before = c.compute_hash()
    setattr(c, name, 7)
    assert c.compute_hash() == before


def test_seed_ignored_set_is_exactly_our_excluded_fields():
    ignored = set(FACTS["CacheConfig"]["hash"]["ignored"]) | unhashed("CacheConfig")
    ours = {f.name for f in dataclasses.fields(CacheConfig)} - set(CacheConfig().hash_factors())
    assert ours == ignored
