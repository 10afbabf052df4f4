# Generated from schema/attention.yaml by cfgc; do not edit.
"""Config classes: AttentionConfig."""

from hashlib import sha256 as _sha256
from typing import Any, Literal

from pydantic import Field, field_validator

from cfgc.runtime import hashing as _h
from cfgc.runtime import rules as _r
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from cfgc.runtime.deprecation import warn_deprecated
from vllm_config import types as _types
from vllm_config.types import AttentionBackendEnum, IndexerKVDType, MLAPrefillBackendEnum

#: MiniMax-M3 sparse decode kernels (re-exported from vllm_config.types).
MiniMaxM3MSADecodeBackend = _types.MiniMaxM3MSADecodeBackend


@config
class AttentionConfig:
    """Which attention kernels run, and the tuning knobs of those kernels."""

    backend: AttentionBackendEnum | None = None
    """Attention backend, given by member name in any case (e.g. "flash_attn").
    None or "auto" lets the engine choose one for the model and hardware.
    """

    minimax_m3_msa_decode_backend: Literal["triton", "cutlass"] = "triton"
    """Kernel family for the sparse decode step of MiniMax M3's MSA attention. Giving
    backend CUTLASS_MSA or TRITON_MSA sets this instead (and leaves backend to the
    automatic choice for the dense layers).
    """

    backend_per_kind: dict[str, AttentionBackendEnum] = Field(default_factory=dict)
    """Backend overrides per KV-cache group kind (full_attention, mla_attention,
    sliding_window, sliding_window_mla, mamba, chunked_local_attention,
    sink_full_attention, encoder_only_attention, cross_attention, unknown), for models
    whose layers fall into several groups. A kind not listed uses `backend`; a backend
    that cannot serve its kind fails at engine start.
    """

    flash_attn_version: Literal[2, 3, 4] | None = None
    """Pin the FlashAttention major version (2, 3 or 4). Only meaningful with the
    FlashAttention backend; None picks the best version for the GPU.
    """

    flash_attn_max_num_splits_for_cuda_graph: _v.Int = 32
    """Upper bound on FlashAttention's split-KV count for decode steps captured in CUDA
    graphs; fixed so captured buffers have a known size.
    """

    tq_max_kv_splits_for_cuda_graph: _v.Int = 32
    """Fixed KV split count for TurboQuant decode under CUDA graphs, so the launch grid
    is the same in every capture and its buffers can be allocated up front.
    """

    use_trtllm_attention: bool | None = None
    """Force FlashInfer's TRT-LLM attention kernels on (true) or off (false); None
    lets the engine decide per model and GPU.
    """

    disable_flashinfer_q_quantization: bool = False
    """With an fp8 KV cache, keep queries in their original precision instead of quantizing them to fp8."""

    mla_prefill_backend: MLAPrefillBackendEnum | None = None
    """Prefill kernel for MLA models, by member name in any case (e.g.
    "flashinfer", "trtllm_ragged"). None lets the engine choose.
    """

    use_prefill_query_quantization: bool = False
    """Quantize queries during prefill attention."""

    use_fp4_indexer_cache: bool | None = None
    """Deprecated spelling of indexer_kv_dtype: true asks for an mxfp4 indexer cache
    (with indexer_kv_dtype left at auto or mxfp4), false leaves the model's choice.
    """

    indexer_kv_dtype: IndexerKVDType = "auto"
    """Element type of the sparse-attention indexer's key cache. "auto" lets the model
    pick (bf16 for MiniMax M3, fp8 for the DeepSeek indexer); the quantized choices
    (fp8, mxfp4, nvfp4) need a backend whose indexer kernels support them.
    """

    use_non_causal: bool = False
    """Use bidirectional (non-causal) attention, for encoder-style models."""

    sparse_mla_force_mqa: bool = False
    """Send every sparse-MLA batch, prefill included, through the MQA path; by default
    batches of prefill only take the MHA path where the backend has one.
    """

    flex_attn_block_m: _v.Int | None = None
    """BLOCK_M tile of the FlexAttention Triton kernel: a power of two, at least 16.
    None uses the kernel's choice (16 when batch-invariant mode is on).
    """

    flex_attn_block_n: _v.Int | None = None
    """BLOCK_N tile of the FlexAttention Triton kernel: a power of two, at least 16.
    None uses the kernel's choice (16 when batch-invariant mode is on).
    """

    flex_attn_q_block_size: _v.Int | None = None
    """Query block size of the FlexAttention block mask: a power of two divisible by
    flex_attn_block_m. None uses 16 on PyTorch 2.9+ and 128 on older versions.
    """

    flex_attn_kv_block_size: _v.Int | None = None
    """Key/value block size of the FlexAttention block mask: a power of two divisible
    by flex_attn_block_n. None uses the KV cache block size on PyTorch 2.9+ and 128
    on older versions.
    """

    @field_validator("backend", mode="before")
    @classmethod
    def validate_backend_before(cls, value: Any) -> Any:
        """The value `backend` is given, as the field stores it: "auto" becomes None and a member name (any case) the AttentionBackendEnum member."""
        value = _v.auto_to_none(value)
        value = _v.enum_by_name(value, AttentionBackendEnum)
        return value

    @field_validator("backend_per_kind", mode="before")
    @classmethod
    def validate_backend_per_kind_before(cls, value: Any) -> Any:
        """The value `backend_per_kind` is given, as the field stores it - each key must be a KV cache group kind, and a backend's member name (any case) becomes the AttentionBackendEnum member."""
        if isinstance(value, dict) and not all(kind in ('full_attention', 'mla_attention', 'sliding_window', 'sliding_window_mla', 'mamba', 'chunked_local_attention', 'sink_full_attention', 'encoder_only_attention', 'cross_attention', 'unknown') for kind in value):
            raise ValueError(f'unknown KV cache group kind in backend_per_kind ({value}); the kinds are chunked_local_attention, cross_attention, encoder_only_attention, full_attention, mamba, mla_attention, sink_full_attention, sliding_window, sliding_window_mla, unknown')
        value = _v.enum_by_name(value, AttentionBackendEnum)
        return value

    @field_validator("mla_prefill_backend", mode="before")
    @classmethod
    def validate_mla_prefill_backend_before(cls, value: Any) -> Any:
        """The value `mla_prefill_backend` is given, as the field stores it: a member name (any case) becomes the MLAPrefillBackendEnum member."""
        value = _v.enum_by_name(value, MLAPrefillBackendEnum)
        return value

    @field_validator("use_fp4_indexer_cache", mode="after")
    @classmethod
    def _after_use_fp4_indexer_cache(cls, value: Any) -> Any:
        if value is not None:
            warn_deprecated('AttentionConfig.use_fp4_indexer_cache', 'use indexer_kv_dtype instead (true is indexer_kv_dtype mxfp4; false changes nothing)', 'indexer_kv_dtype')
        return value

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if self.backend == AttentionBackendEnum.CUTLASS_MSA:
            self.minimax_m3_msa_decode_backend = 'cutlass'
        if self.backend == AttentionBackendEnum.TRITON_MSA:
            self.minimax_m3_msa_decode_backend = 'triton'
        if self.backend in (AttentionBackendEnum.CUTLASS_MSA, AttentionBackendEnum.TRITON_MSA):
            self.backend = None
        if (bool(self.use_fp4_indexer_cache)) and self.indexer_kv_dtype not in ('auto', 'mxfp4'):
            raise _r.RuleError(f'use_fp4_indexer_cache=true contradicts indexer_kv_dtype={self.indexer_kv_dtype!r}; give only indexer_kv_dtype', ["use_fp4_indexer_cache", "indexer_kv_dtype"], self)
        if bool(self.use_fp4_indexer_cache):
            self.indexer_kv_dtype = 'mxfp4'

    def resolve_indexer_kv_dtype(self, default: "str") -> "str":
        """The indexer cache dtype to use, `default` (the model's choice) standing in for "auto"."""
        return (default if self.indexer_kv_dtype == 'auto' else self.indexer_kv_dtype)

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "backend": _h.enum_name(self.backend),
            "backend_per_kind": tuple(sorted([(k0, _h.enum_name(v0)) for k0, v0 in self.backend_per_kind.items()])),
            "disable_flashinfer_q_quantization": self.disable_flashinfer_q_quantization,
            "flash_attn_max_num_splits_for_cuda_graph": self.flash_attn_max_num_splits_for_cuda_graph,
            "flash_attn_version": self.flash_attn_version,
            "flex_attn_block_m": self.flex_attn_block_m,
            "flex_attn_block_n": self.flex_attn_block_n,
            "flex_attn_kv_block_size": self.flex_attn_kv_block_size,
            "flex_attn_q_block_size": self.flex_attn_q_block_size,
            "indexer_kv_dtype": self.indexer_kv_dtype,
            "minimax_m3_msa_decode_backend": self.minimax_m3_msa_decode_backend,
            "mla_prefill_backend": _h.enum_name(self.mla_prefill_backend),
            "sparse_mla_force_mqa": self.sparse_mla_force_mqa,
            "tq_max_kv_splits_for_cuda_graph": self.tq_max_kv_splits_for_cuda_graph,
            "use_non_causal": self.use_non_causal,
            "use_prefill_query_quantization": self.use_prefill_query_quantization,
            "use_trtllm_attention": self.use_trtllm_attention,
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = repr((
            _h.enum_name(self.backend),
            tuple(sorted([(k0, _h.enum_name(v0)) for k0, v0 in self.backend_per_kind.items()])),
            self.disable_flashinfer_q_quantization,
            self.flash_attn_max_num_splits_for_cuda_graph,
            self.flash_attn_version,
            self.flex_attn_block_m,
            self.flex_attn_block_n,
            self.flex_attn_kv_block_size,
            self.flex_attn_q_block_size,
            self.indexer_kv_dtype,
            self.minimax_m3_msa_decode_backend,
            _h.enum_name(self.mla_prefill_backend),
            self.sparse_mla_force_mqa,
            self.tq_max_kv_splits_for_cuda_graph,
            self.use_non_causal,
            self.use_prefill_query_quantization,
            self.use_trtllm_attention,
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_AttentionConfig.get(text)
        if digest is None:
            digest = _sha256(b"AttentionConfig:backend,backend_per_kind,disable_flashinfer_q_quantization,flash_attn_max_num_splits_for_cuda_graph,flash_attn_version,flex_attn_block_m,flex_attn_block_n,flex_attn_kv_block_size,flex_attn_q_block_size,indexer_kv_dtype,minimax_m3_msa_decode_backend,mla_prefill_backend,sparse_mla_force_mqa,tq_max_kv_splits_for_cuda_graph,use_non_causal,use_prefill_query_quantization,use_trtllm_attention:" + text.encode()).hexdigest()
            _h.remember(_MEMO_AttentionConfig, text, digest)
        return digest


_MEMO_AttentionConfig: dict[str, str] = {}
"""Canonical factor text -> digest for AttentionConfig.compute_hash (bounded by _h.remember)."""
