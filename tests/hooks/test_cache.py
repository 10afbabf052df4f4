"""CacheConfig's declared block-size default and cache-dtype log lines (formerly hooks
called on plain objects), exercised through the generated class with the same inputs."""

from __future__ import annotations

import logging

import pytest
from pydantic import TypeAdapter

from cfgc.hooks import cache as hooks
from vllm_config.cache import CacheConfig


def test_default_filled_in_once():
    c = CacheConfig()
    assert (c.block_size, c.user_specified_block_size, c._block_size_resolved) == (16, False, True)
    again = TypeAdapter(CacheConfig).validate_python(c)  # re-validation inside a parent
    assert again.user_specified_block_size is False


def test_uses_the_class_constant(monkeypatch):
    monkeypatch.setattr(CacheConfig, "DEFAULT_BLOCK_SIZE", 64)
    assert CacheConfig().block_size == 64


def test_user_values_recorded():
    c = CacheConfig(block_size=8, mamba_block_size=32)
    assert c.block_size == 8
    assert c.user_specified_block_size and c.user_specified_mamba_block_size


def test_already_resolved_is_left_alone():
    # The hook skipped a second run; the phase runs once per object, so a resolved
    # config is never resolved again (fields assigned later are kept as they are).
    c = CacheConfig()
    c.block_size = None
    assert TypeAdapter(CacheConfig).validate_python(c).block_size is None


@pytest.mark.parametrize("dtype, quantized", [
    ("auto", False), ("bfloat16", False), ("float16", False), ("fp8", True),
    ("fp8_e5m2", True), ("fp8_ds_mla", True), ("int8_per_token_head", True), ("nvfp4", True),
    ("turboquant_k8v4", False),
])
def test_is_quantized_cache_dtype(dtype, quantized, caplog):
    with caplog.at_level(logging.INFO, logger="vllm_config.cache"):
        assert CacheConfig(cache_dtype=dtype).cache_dtype == dtype
    assert bool(caplog.records) is quantized


def test_log_quantized_cache_dtype(caplog):
    with caplog.at_level(logging.INFO, logger="vllm_config.cache"):
        assert CacheConfig(cache_dtype="auto").cache_dtype == "auto"
        assert not caplog.records
        assert CacheConfig(cache_dtype="fp8").cache_dtype == "fp8"
        assert CacheConfig(cache_dtype="int4_per_token_head").cache_dtype == \
            "int4_per_token_head"
    assert len(caplog.records) == 2
    assert "per token and head" in caplog.records[1].getMessage()


def test_metrics_info_stringifies_every_field():
    info = hooks.metrics_info(CacheConfig())
    assert info == CacheConfig().metrics_info()
    assert info["block_size"] == "16" and info["enable_prefix_caching"] == "True"
    assert all(isinstance(v, str) for v in info.values())
