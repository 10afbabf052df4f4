"""Hooks for schema/cache.yaml (CacheConfig)."""

from __future__ import annotations

import logging

logger = logging.getLogger("vllm_config.cache")


def apply_block_size_default(self) -> None:
    """Fill in block_size and record which sizes the user chose (runs once per object).

    Pydantic runs after-validators again when the object is re-validated inside a
    parent config, so `_block_size_resolved` makes the second run a no-op (otherwise a
    defaulted block size would look user-specified the second time).
    """
    if self._block_size_resolved:
        return
    self._block_size_resolved = True
    if self.block_size is None:
        self.block_size = type(self).DEFAULT_BLOCK_SIZE
    else:
        self.user_specified_block_size = True
    if self.mamba_block_size is not None:
        self.user_specified_mamba_block_size = True


def is_quantized_cache_dtype(cache_dtype: str) -> bool:
    """Whether the KV cache element type is a quantized format."""
    return (
        cache_dtype.startswith("fp8")
        or cache_dtype.endswith("per_token_head")
        or cache_dtype == "nvfp4"
    )


def log_quantized_cache_dtype(value: str) -> str:
    """Tell the operator when the KV cache is quantized (accepts every value)."""
    if value.endswith("per_token_head"):
        logger.info(
            "KV cache stored as %s: less GPU memory, scales computed per token and head "
            "at run time.", value,
        )
    elif is_quantized_cache_dtype(value):
        logger.info(
            "KV cache stored as %s: less GPU memory and faster attention; accuracy can "
            "drop without calibrated scaling factors.", value,
        )
    return value


def metrics_info(self) -> dict[str, str]:
    """Every stored field as a string, for the Prometheus cache-config info metric."""
    return {key: str(value) for key, value in self.__dict__.items()}
