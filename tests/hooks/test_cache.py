"""Hooks of CacheConfig, called directly."""

from __future__ import annotations

import logging
from types import SimpleNamespace

import pytest

from cfgc.hooks import cache as hooks


def blank(**kw):
    base = dict(block_size=None, mamba_block_size=None, user_specified_block_size=False,
                user_specified_mamba_block_size=False, _block_size_resolved=False)
    base.update(kw)
    cls = type("Cfg", (SimpleNamespace,), {"DEFAULT_BLOCK_SIZE": 16})
    return cls(**base)


def test_default_filled_in_once():
    c = blank()
    hooks.apply_block_size_default(c)
    assert (c.block_size, c.user_specified_block_size, c._block_size_resolved) == (16, False, True)
    hooks.apply_block_size_default(c)  # second run (re-validation) must not flip the flag
    assert c.user_specified_block_size is False


def test_uses_the_class_constant():
    c = blank()
    type(c).DEFAULT_BLOCK_SIZE = 64
    hooks.apply_block_size_default(c)
    assert c.block_size == 64


def test_user_values_recorded():
    c = blank(block_size=8, mamba_block_size=32)
    hooks.apply_block_size_default(c)
    assert c.block_size == 8
    assert c.user_specified_block_size and c.user_specified_mamba_block_size


def test_already_resolved_is_left_alone():
    c = blank(_block_size_resolved=True)
    hooks.apply_block_size_default(c)
    assert c.block_size is None


@pytest.mark.parametrize("dtype, quantized", [
    ("auto", False), ("bfloat16", False), ("float16", False), ("fp8", True),
    ("fp8_e5m2", True), ("fp8_ds_mla", True), ("int8_per_token_head", True), ("nvfp4", True),
    ("turboquant_k8v4", False),
])
def test_is_quantized_cache_dtype(dtype, quantized):
    assert hooks.is_quantized_cache_dtype(dtype) is quantized


def test_log_quantized_cache_dtype(caplog):
    with caplog.at_level(logging.INFO, logger="vllm_config.cache"):
        assert hooks.log_quantized_cache_dtype("auto") == "auto"
        assert not caplog.records
        assert hooks.log_quantized_cache_dtype("fp8") == "fp8"
        assert hooks.log_quantized_cache_dtype("int4_per_token_head") == "int4_per_token_head"
    assert len(caplog.records) == 2
    assert "per token and head" in caplog.records[1].getMessage()


def test_metrics_info_stringifies_every_field():
    from vllm_config.cache import CacheConfig

    info = hooks.metrics_info(CacheConfig())
    assert info["block_size"] == "16" and info["enable_prefix_caching"] == "True"
    assert all(isinstance(v, str) for v in info.values())
