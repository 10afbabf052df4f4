# Generated from schema/cache.yaml by cfgc; do not edit.
"""Config classes: CacheConfig."""

import logging
from hashlib import sha256 as _sha256
from typing import Any, ClassVar

from pydantic import Field, field_validator

from cfgc.hooks import cache as _hooks
from cfgc.runtime import engine_values as _engine_values
from cfgc.runtime import hashing as _h
from cfgc.runtime import names as _names
from cfgc.runtime import rules as _r
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config.types import (
    CacheDType,
    KVOffloadingBackend,
    MambaCacheMode,
    MambaDType,
    PrefixCachingHashAlgo,
)

_log = logging.getLogger(__name__)

#: The handler a platform plugin registered for a KV cache dtype: None for each, since the dtypes are the schema's (as vLLM answers for its own).
get_kv_cache_dtype_handler = _names.get_kv_cache_dtype_handler

#: Whether a name is one of the release's KV cache dtypes (KV_CACHE_DTYPES).
is_known_kv_cache_dtype = _names.is_known_kv_cache_dtype

#: The engine's KV cache layout of a name (NHD and HND read as LBNHC and LBHNC); the engine's own enum, so only inside the engine.
_layout_from_name = _engine_values.kv_cache_layout


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

    kv_cache_layout: str | None = Field(default=None, init=False)
    """Physical KV cache layout (a KVCacheLayout member name), settled once by the engine
    core before memory profiling and then adopted by every worker. None until then; a
    value set beforehand (tests, tools) is kept as given.
    """

    prefix_match_unit: _v.Int | None = Field(default=None, gt=0)
    """Finest token boundary a prefix-cache hit can land on: keys are computed every this
    many tokens. May be finer than the physical block sizes (e.g. 32 against a
    1024-token block of a hybrid model) when every cache group's block size is a
    multiple of it. Sets matching granularity only, not how often states are stored.
    """

    hash_block_size: _v.Int | None = Field(default=None, init=False)
    """Tokens per prefix-cache block hash, set by the engine (prefix_match_unit is
    the setting).
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

    prefix_cache_retention_interval: _v.Int | None = Field(default=0, ge=0)
    """Spacing in tokens of the extra sliding-window and Mamba prefix-cache checkpoints
    kept. 0 keeps only the necessary ones (the last replay boundary, shared-prefix
    junctions); a positive multiple of the scheduler block size also keeps one every
    that many tokens; None keeps them all. Other cache groups ignore it.
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
    """Which Mamba states are cached for prefix reuse; follows enable_prefix_caching.
    "none": none (prefix caching off). "align": only the last state of each
    scheduler step that falls on a block boundary.
    """

    enable_mamba_shared_prefix_checkpoint: bool = False
    """Also keep a Mamba "align" checkpoint where an EAGLE/MTP draft was seen to resume (the
    shared-prefix junction), not only at the prompt's end. Effective only with prefix
    caching, EAGLE on the Mamba group and a prefix_match_unit below the Mamba block size.
    """

    replayssm_buffer_len: _v.Int = Field(default=16, gt=0)
    """History length kept by the ReplaySSM Mamba2 decode kernel (use_replayssm), in
    steps. Not used by Kimi-K3 speculative decoding.
    """

    use_replayssm: bool = False
    """Decode Mamba2 with ReplaySSM: keep the recent SSM inputs and write the full
    state back only when flushing, instead of storing it every step. Needs the
    Triton or FlashInfer Mamba backend (FlashInfer: no prefix caching yet;
    speculative decoding needs FlashInfer). With prefix caching, a
    mamba_block_size that is a multiple of replayssm_buffer_len flushes best.
    """

    use_kda_recoverssm: bool = Field(default=False, init=False)
    """Whether Kimi-K3's KDA layers decode speculatively with RecoverSSM. Set by the engine."""

    num_gpu_blocks: _v.Int | None = Field(default=None, init=False)
    """GPU cache blocks allocated, known after memory profiling."""

    num_cpu_blocks: _v.Int | None = Field(default=None, init=False)
    """CPU cache blocks allocated, known after startup."""

    simple_cpu_offload_num_blocks: _v.Int | None = Field(default=None, init=False)
    """Offload blocks of the simple CPU offload connector, aligned across workers. Set by the engine."""

    effective_attention_block_size: _v.Int | None = Field(default=None, init=False)
    """Block size of the full-attention layers in tokens, decode context parallelism
    included; None when there is none. Set when the cache is created.
    """

    kv_cache_size_tokens: _v.Int | None = Field(default=None, init=False)
    """KV cache capacity of one data-parallel engine, in tokens, accounting for hybrid
    models whose requests use several cache groups. Set when the cache is created.
    """

    kv_cache_max_concurrency: float | None = Field(default=None, init=False)
    """How many max_model_len-token requests one data-parallel engine can hold at
    once. Set when the cache is created.
    """

    cache_hit_alignment_tokens: _v.Int | None = Field(default=None, init=False)
    """Token granularity of prefix-cache hits: hash_block_size when partial hits are
    possible, else the scheduler's block size. Set by the engine.
    """

    kv_sharing_fast_prefill: bool = False
    """Experimental; currently no effect. With cross-layer KV sharing (as in YOCO or
    Gemma3n) lets eligible layers skip prefill tokens via overridden attention metadata.
    """

    swa_bounded_replay: bool = True
    """For models that support it (DeepSeek-V4.1): leave the sliding-window KV out of
    prefix caching and rebuild it after a hit by recomputing the last window; layers
    after the last KV-source layer then prefill only each request's trailing window.
    Needs Model Runner V2.
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

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if self.block_size is not None:
            self.user_specified_block_size = True
        if self.block_size is None:
            self.block_size = self.DEFAULT_BLOCK_SIZE
        self._block_size_resolved = True
        if self.cache_dtype.endswith('per_token_head'):
            _log.info(f'KV cache stored as {self.cache_dtype}: less GPU memory, scales computed per token and head at run time.')
        if not self.cache_dtype.endswith('per_token_head') and (self.cache_dtype.startswith('fp8') or self.cache_dtype == 'nvfp4'):
            _log.info(f'KV cache stored as {self.cache_dtype}: less GPU memory and faster attention; accuracy can drop without calibrated scaling factors.')

    @property
    def device_memory_utilization(self) -> "float":
        """Another name for gpu_memory_utilization, not tied to GPUs."""
        return self.gpu_memory_utilization

    def metrics_info(self) -> "dict[str, str]":
        """Every field as a string, for the Prometheus info metric."""
        return _hooks.metrics_info(self)

    def get_resolved_kv_cache_layout(self) -> "str":
        """The resolved KV cache layout's name; fails while it is still unresolved."""
        if self.kv_cache_layout is None:
            raise _r.RuleError('the KV cache layout is not resolved yet: the engine core resolves it once (unless it was set explicitly)', ["kv_cache_layout"])
        return ('LBNHC' if self.kv_cache_layout == 'NHD' else ('LBHNC' if self.kv_cache_layout == 'HND' else self.kv_cache_layout))

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "block_size": self.block_size,
            "cache_dtype": self.cache_dtype,
            "kv_cache_dtype_skip_layers": tuple(self.kv_cache_dtype_skip_layers),
            "kv_cache_layout": self.kv_cache_layout,
            "kv_offloading_backend": self.kv_offloading_backend,
            "kv_offloading_size": None if self.kv_offloading_size is None else (float(self.kv_offloading_size) + 0.0),
            "mamba_block_size": self.mamba_block_size,
            "mamba_cache_dtype": self.mamba_cache_dtype,
            "mamba_cache_mode": self.mamba_cache_mode,
            "mamba_ssm_cache_dtype": self.mamba_ssm_cache_dtype,
            "replayssm_buffer_len": self.replayssm_buffer_len,
            "sliding_window": self.sliding_window,
            "use_kda_recoverssm": self.use_kda_recoverssm,
            "use_replayssm": self.use_replayssm,
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = repr((
            self.block_size,
            self.cache_dtype,
            tuple(self.kv_cache_dtype_skip_layers),
            self.kv_cache_layout,
            self.kv_offloading_backend,
            None if self.kv_offloading_size is None else (float(self.kv_offloading_size) + 0.0),
            self.mamba_block_size,
            self.mamba_cache_dtype,
            self.mamba_cache_mode,
            self.mamba_ssm_cache_dtype,
            self.replayssm_buffer_len,
            self.sliding_window,
            self.use_kda_recoverssm,
            self.use_replayssm,
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_CacheConfig.get(text)
        if digest is None:
            digest = _sha256(b"CacheConfig:block_size,cache_dtype,kv_cache_dtype_skip_layers,kv_cache_layout,kv_offloading_backend,kv_offloading_size,mamba_block_size,mamba_cache_dtype,mamba_cache_mode,mamba_ssm_cache_dtype,replayssm_buffer_len,sliding_window,use_kda_recoverssm,use_replayssm:" + text.encode()).hexdigest()
            _h.remember(_MEMO_CacheConfig, text, digest)
        return digest


_MEMO_CacheConfig: dict[str, str] = {}
"""Canonical factor text -> digest for CacheConfig.compute_hash (bounded by _h.remember)."""


#: Every KV cache dtype name cache_dtype takes, as a list.
KV_CACHE_DTYPES = list(('auto', 'float16', 'bfloat16', 'fp8', 'fp8_e4m3', 'fp8_e5m2', 'fp8_inc', 'fp8_ds_mla', 'nvfp4_ds_mla', 'turboquant_k8v4', 'turboquant_4bit_nc', 'turboquant_k3v4_nc', 'turboquant_3bit_nc', 'octave_k3v4', 'octave_k3v3', 'octave_k3v3_compact', 'ultraquant_4bit', 'int4_per_token_head', 'int8_per_token_head', 'fp8_per_token_head', 'nvfp4', 'nvfp4_4over6'))
