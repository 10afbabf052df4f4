# Generated from schema/cache.yaml by cfgc; do not edit.
"""Config classes: CacheConfig."""

import logging
from hashlib import sha256 as _sha256
from typing import Any, ClassVar

from pydantic import Field, field_validator

from cfgc.hooks import cache as _hooks
from cfgc.runtime import hashing as _h
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from cfgc.runtime.deprecation import warn_deprecated
from vllm_config.platforms import current_platform
from vllm_config.types import (
    CacheDType,
    KVOffloadingBackend,
    MambaCacheMode,
    MambaDType,
    PrefixCachingHashAlgo,
)

_log = logging.getLogger(__name__)


@config
class CacheConfig:
    """KV cache sizing, element types and prefix caching: how much GPU memory the cache
    takes, how it is split into blocks, and how blocks are reused across requests.
    """

    DEFAULT_BLOCK_SIZE: ClassVar[int] = 16
    """Block size in tokens used when block_size is not given."""

    block_size: _v.Int = Field(default=None, gt=0)  # unset: filled in after construction
    """Tokens per KV cache block. Leave unset for the default (DEFAULT_BLOCK_SIZE,
    16); after construction it always holds an int.
    """

    user_specified_block_size: bool = Field(default=False, init=False)
    """True when block_size was given explicitly rather than defaulted. Set automatically."""

    user_specified_mamba_block_size: bool = Field(default=False, init=False)
    """True when mamba_block_size was given explicitly. Set automatically."""

    hash_block_size: _v.Int | None = Field(default=None, gt=0)
    """Tokens per prefix-cache hash block. May be finer than the physical block size
    (e.g. 8) as long as every KV cache group's block size is a multiple of it; keys
    are computed at this granularity and merged for larger blocks. Unset, the
    engine picks one from the KV cache groups (usually the smallest block size).
    """

    gpu_memory_utilization: float = Field(default=0.92, gt=0, le=1)
    """Fraction of each GPU's memory (0 to 1] this engine instance may use for weights,
    activations and KV cache. It is per instance: two instances sharing a GPU can
    each be given 0.45.
    """

    cache_dtype: CacheDType = "auto"
    """Element type of the KV cache. "auto" uses the model's dtype. fp8 (= fp8_e4m3)
    and fp8_e5m2 halve cache memory on CUDA, fp8 on ROCm, fp8_inc on Intel Gaudi;
    expect some accuracy loss without calibrated scales. For models whose default
    is fp8 (e.g. DeepSeek-V3.2), "bfloat16" opts out.
    """

    is_attention_free: bool = False
    """Whether the model has no attention layers. Copied from the model config; not for users."""

    num_gpu_blocks_override: _v.Int | None = None
    """Use exactly this many GPU cache blocks instead of the profiled number. Meant for
    testing (e.g. forcing preemption); None keeps the profiled value.
    """

    sliding_window: _v.Int | None = None
    """Sliding attention window in tokens. Copied from the model config; not for users."""

    enable_prefix_caching: bool = True
    """Reuse cached KV blocks of identical prompt prefixes across requests."""

    prefix_caching_hash_algo: PrefixCachingHashAlgo = "sha256"
    """How prefix-cache block keys are computed. "sha256" (default) pickles and hashes
    with SHA-256; "sha256_cbor" uses canonical CBOR, reproducible across languages
    and processes; "xxhash" and "xxhash_cbor" are faster but not cryptographic (a
    collision risk in multi-tenant setups) and need the xxhash package.
    """

    calculate_kv_scales: bool = False
    """Deprecated. Compute fp8 KV cache scales (k_scale, v_scale) on the fly. When off,
    scales are read from the checkpoint if present, else 1.0.
    """

    kv_cache_dtype_skip_layers: list[str] = Field(default_factory=list)
    """Layers whose KV cache stays unquantized when cache_dtype is quantized: layer
    indices (e.g. "0", "4") or attention kinds (e.g. "sliding_window").
    """

    mamba_page_size_padded: _v.Int | None = None
    """Padded Mamba state page size in bytes, so hybrid Mamba/attention models line up
    with the attention page size. Set by the engine.
    """

    skip_page_size_padded: _v.Int | None = None
    """Padded page size in bytes for the layers that keep an unquantized KV cache
    (kv_cache_dtype_skip_layers), so their pages match the quantized layers' page
    size. Set by the engine while it aligns block sizes.
    """

    mamba_block_size: _v.Int | None = Field(default=None, gt=0)
    """Tokens per Mamba cache block. Only with prefix caching enabled; must be a
    multiple of 8 (causal_conv1d kernel alignment).
    """

    mamba_cache_dtype: MambaDType = "auto"
    """Element type of the whole Mamba cache (conv and SSM state); "auto" follows the model."""

    mamba_ssm_cache_dtype: MambaDType = "auto"
    """Element type of the SSM state alone (the conv state keeps mamba_cache_dtype);
    "auto" uses mamba_cache_dtype.
    """

    mamba_cache_mode: MambaCacheMode = "none"
    """Which Mamba states are cached for prefix reuse. "none": none (prefix caching
    off). "all": the state at every block boundary (default for supporting models
    when prefix caching is on). "align": only the last state of each scheduler step
    that falls on a block boundary.
    """

    num_gpu_blocks: _v.Int | None = Field(default=None, init=False)
    """GPU cache blocks allocated, known after memory profiling."""

    num_cpu_blocks: _v.Int | None = Field(default=None, init=False)
    """CPU cache blocks allocated, known after startup."""

    kv_cache_size_tokens: _v.Int | None = Field(default=None, init=False)
    """KV cache capacity of one data-parallel engine, in tokens, accounting for hybrid
    models whose requests use several cache groups. Set when the cache is created.
    """

    kv_cache_max_concurrency: float | None = Field(default=None, init=False)
    """How many max_model_len-token requests one data-parallel engine can hold at
    once. Set when the cache is created.
    """

    kv_sharing_fast_prefill: bool = False
    """Experimental; currently no effect. With cross-layer KV sharing (as in YOCO or
    Gemma3n) lets eligible layers skip prefill tokens via overridden attention metadata.
    """

    kv_cache_memory_bytes: _v.Int | None = None
    """KV cache size per GPU in bytes. When set it replaces the gpu_memory_utilization
    based sizing, giving exact control; None sizes the cache from
    gpu_memory_utilization.
    """

    kv_offloading_size: float | None = None
    """CPU buffer for offloaded KV cache, in GiB, summed over all tensor-parallel
    ranks. None disables offloading.
    """

    kv_offloading_backend: KVOffloadingBackend = "native"
    """Offloading implementation used when kv_offloading_size is set: "native"
    (built-in CPU offloading) or "lmcache".
    """

    _block_size_resolved: bool = Field(default=False, init=False)
    """Internal (vLLM's guard against applying the block-size default twice). Kept for fidelity; the after-construction phase runs once, so it only records that the default has been applied."""

    @field_validator("block_size", mode="wrap")
    @classmethod
    def _skip_none_block_size(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("calculate_kv_scales", mode="after")
    @classmethod
    def _after_calculate_kv_scales(cls, value: Any) -> Any:
        if value is not False:
            warn_deprecated('CacheConfig.calculate_kv_scales', 'scheduled for removal in v0.19; fp8 KV cache scales now come from the checkpoint, or default to 1.0', '')
        return value

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if self.block_size is not None:
            self.user_specified_block_size = True
        if self.block_size is None:
            self.block_size = (current_platform.default_block_size if current_platform.default_block_size is not None else self.DEFAULT_BLOCK_SIZE)
        if self.mamba_block_size is not None:
            self.user_specified_mamba_block_size = True
        self._block_size_resolved = True
        if self.cache_dtype.endswith('per_token_head'):
            _log.info(f'KV cache stored as {self.cache_dtype}: less GPU memory, scales computed per token and head at run time.')
        if not self.cache_dtype.endswith('per_token_head') and (self.cache_dtype.startswith('fp8') or self.cache_dtype == 'nvfp4'):
            _log.info(f'KV cache stored as {self.cache_dtype}: less GPU memory and faster attention; accuracy can drop without calibrated scaling factors.')

    def metrics_info(self) -> "dict[str, str]":
        """Every field as a string, for the Prometheus info metric."""
        return _hooks.metrics_info(self)

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "block_size": self.block_size,
            "cache_dtype": self.cache_dtype,
            "calculate_kv_scales": self.calculate_kv_scales,
            "kv_cache_dtype_skip_layers": tuple(self.kv_cache_dtype_skip_layers),
            "kv_cache_memory_bytes": self.kv_cache_memory_bytes,
            "kv_offloading_backend": self.kv_offloading_backend,
            "kv_offloading_size": None if self.kv_offloading_size is None else (float(self.kv_offloading_size) + 0.0),
            "mamba_block_size": self.mamba_block_size,
            "mamba_cache_dtype": self.mamba_cache_dtype,
            "mamba_cache_mode": self.mamba_cache_mode,
            "mamba_ssm_cache_dtype": self.mamba_ssm_cache_dtype,
            "sliding_window": self.sliding_window,
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = repr((
            self.block_size,
            self.cache_dtype,
            self.calculate_kv_scales,
            tuple(self.kv_cache_dtype_skip_layers),
            self.kv_cache_memory_bytes,
            self.kv_offloading_backend,
            None if self.kv_offloading_size is None else (float(self.kv_offloading_size) + 0.0),
            self.mamba_block_size,
            self.mamba_cache_dtype,
            self.mamba_cache_mode,
            self.mamba_ssm_cache_dtype,
            self.sliding_window,
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_CacheConfig.get(text)
        if digest is None:
            digest = _sha256(b"CacheConfig:block_size,cache_dtype,calculate_kv_scales,kv_cache_dtype_skip_layers,kv_cache_memory_bytes,kv_offloading_backend,kv_offloading_size,mamba_block_size,mamba_cache_dtype,mamba_cache_mode,mamba_ssm_cache_dtype,sliding_window:" + text.encode()).hexdigest()
            _h.remember(_MEMO_CacheConfig, text, digest)
        return digest


_MEMO_CacheConfig: dict[str, str] = {}
"""Canonical factor text -> digest for CacheConfig.compute_hash (bounded by _h.remember)."""
