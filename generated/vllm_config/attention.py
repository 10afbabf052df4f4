# Generated from schema/attention.yaml by cfgc; do not edit.
"""Config classes: AttentionConfig."""

from hashlib import sha256 as _sha256
from typing import Any, Literal

from pydantic import field_validator

from cfgc.runtime import hashing as _h
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config.types import AttentionBackendEnum, IndexerKVDType, MLAPrefillBackendEnum


@config
class AttentionConfig:
    """Which attention kernels run, and the tuning knobs of those kernels."""

    backend: AttentionBackendEnum | None = None
    """Attention backend, given by member name in any case (e.g. "flash_attn").
    None or "auto" lets the engine choose one for the model and hardware.
    """

    flash_attn_version: Literal[2, 3, 4] | None = None
    """Pin the FlashAttention major version (2, 3 or 4). Only meaningful with the
    FlashAttention backend; None picks the best version for the GPU.
    """

    use_prefill_decode_attention: bool = False
    """Run prefill and decode with two separate kernels instead of the single unified
    Triton attention kernel.
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

    use_fp4_indexer_cache: bool = False
    """Store the sparse-attention indexer cache of DeepSeek-V3.2-style models in fp4.
    Not supported yet; leave off.
    """

    indexer_kv_dtype: IndexerKVDType = "bf16"
    """Element type of the sparse-attention indexer's key cache. The quantized choices
    (fp8, mxfp4, nvfp4) save memory but need a backend whose indexer kernels support them.
    """

    use_non_causal: bool = False
    """Use bidirectional (non-causal) attention, for encoder-style models."""

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

    @field_validator("mla_prefill_backend", mode="before")
    @classmethod
    def validate_mla_prefill_backend_before(cls, value: Any) -> Any:
        """The value `mla_prefill_backend` is given, as the field stores it: a member name (any case) becomes the MLAPrefillBackendEnum member."""
        value = _v.enum_by_name(value, MLAPrefillBackendEnum)
        return value

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "backend": _h.enum_name(self.backend),
            "disable_flashinfer_q_quantization": self.disable_flashinfer_q_quantization,
            "flash_attn_max_num_splits_for_cuda_graph": self.flash_attn_max_num_splits_for_cuda_graph,
            "flash_attn_version": self.flash_attn_version,
            "flex_attn_block_m": self.flex_attn_block_m,
            "flex_attn_block_n": self.flex_attn_block_n,
            "flex_attn_kv_block_size": self.flex_attn_kv_block_size,
            "flex_attn_q_block_size": self.flex_attn_q_block_size,
            "indexer_kv_dtype": self.indexer_kv_dtype,
            "mla_prefill_backend": _h.enum_name(self.mla_prefill_backend),
            "tq_max_kv_splits_for_cuda_graph": self.tq_max_kv_splits_for_cuda_graph,
            "use_fp4_indexer_cache": self.use_fp4_indexer_cache,
            "use_non_causal": self.use_non_causal,
            "use_prefill_decode_attention": self.use_prefill_decode_attention,
            "use_prefill_query_quantization": self.use_prefill_query_quantization,
            "use_trtllm_attention": self.use_trtllm_attention,
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = repr((
            _h.enum_name(self.backend),
            self.disable_flashinfer_q_quantization,
            self.flash_attn_max_num_splits_for_cuda_graph,
            self.flash_attn_version,
            self.flex_attn_block_m,
            self.flex_attn_block_n,
            self.flex_attn_kv_block_size,
            self.flex_attn_q_block_size,
            self.indexer_kv_dtype,
            _h.enum_name(self.mla_prefill_backend),
            self.tq_max_kv_splits_for_cuda_graph,
            self.use_fp4_indexer_cache,
            self.use_non_causal,
            self.use_prefill_decode_attention,
            self.use_prefill_query_quantization,
            self.use_trtllm_attention,
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_AttentionConfig.get(text)
        if digest is None:
            digest = _sha256(b"AttentionConfig:backend,disable_flashinfer_q_quantization,flash_attn_max_num_splits_for_cuda_graph,flash_attn_version,flex_attn_block_m,flex_attn_block_n,flex_attn_kv_block_size,flex_attn_q_block_size,indexer_kv_dtype,mla_prefill_backend,tq_max_kv_splits_for_cuda_graph,use_fp4_indexer_cache,use_non_causal,use_prefill_decode_attention,use_prefill_query_quantization,use_trtllm_attention:" + text.encode()).hexdigest()
            _h.remember(_MEMO_AttentionConfig, text, digest)
        return digest


_MEMO_AttentionConfig: dict[str, str] = {}
"""Canonical factor text -> digest for AttentionConfig.compute_hash (bounded by _h.remember)."""
