# Generated from schema/hisparse.yaml by cfgc; do not edit.
"""Config classes: HiSparseConfig, AttentionConfig."""

from hashlib import sha256 as _sha256
from typing import Any, Literal

from pydantic import Field, field_validator

from cfgc.runtime import hashing as _h
from cfgc.runtime import rules as _r
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config import types as _types
from vllm_config.types import AttentionBackendEnum, IndexerKVDType, MLAPrefillBackendEnum

#: MiniMax-M3 sparse decode kernels (re-exported from vllm_config.types).
MiniMaxM3MSADecodeBackend = _types.MiniMaxM3MSADecodeBackend


@config
class HiSparseConfig:
    """HiSparse: sparse-MLA decode with the KV rows kept in host memory and a small per-request
    hot buffer on the GPU (experimental).
    """

    device_buffer_size: _v.Int | None = Field(default=None, gt=0)
    """Rows of the per-request GPU hot buffer, the slot of the newest token included. None
    sizes it for one top-k selection per decode query plus one top-k of spare room for
    LRU eviction; the allocation is rounded up to the GPU cache block size.
    """

    eager_host_mirror: bool = True
    """Copy KV rows written by decode steps to the host pool during the forward pass, so a
    page can be evicted without a copy. Off: decode rows live only on the GPU and are
    copied to the host when evicted. Prefill rows are always copied during the forward.
    """

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "device_buffer_size": self.device_buffer_size,
            "eager_host_mirror": self.eager_host_mirror,
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = repr((
            self.device_buffer_size,
            self.eager_host_mirror,
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_HiSparseConfig.get(text)
        if digest is None:
            digest = _sha256(b"HiSparseConfig:device_buffer_size,eager_host_mirror:" + text.encode()).hexdigest()
            _h.remember(_MEMO_HiSparseConfig, text, digest)
        return digest


_MEMO_HiSparseConfig: dict[str, str] = {}
"""Canonical factor text -> digest for HiSparseConfig.compute_hash (bounded by _h.remember)."""


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

    tokenspeed_mla_min_split_kv: _v.Int = Field(default=1, ge=1, le=256)
    """Lower bound on the number of KV splits of the TokenSpeed MLA decode kernel.
    1 keeps its own scheduling; larger values force more splits at the cost of
    workspace memory. Ignored by other backends.
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

    trtllm_ragged_backend: Literal["trtllm-gen", "cute-dsl"] = "trtllm-gen"
    """Kernel for the cached-context part of TRTLLM_RAGGED MLA prefill. cute-dsl needs fp8
    queries at head size 192 and cannot do head size 256; prefill of new tokens always
    runs the TRT-LLM kernel.
    """

    indexer_kv_dtype: IndexerKVDType | str = "auto"
    """Element type of the sparse-attention indexer's key cache. "auto" lets the model
    pick (bf16 for MiniMax M3, fp8 for the DeepSeek indexer, mxfp4 for DeepSeek-V4 on
    ROCm CDNA4 with aiter); the quantized choices (fp8, mxfp4, nvfp4) need a backend
    whose indexer kernels support them.
    """

    indexer_sparse_logits: bool = False
    """For DeepSeek V4.1's two-level indexer, score only the candidate blocks with sparse
    MQA-logits kernels rather than dense logits over the whole context. Needs
    indexer_kv_dtype mxfp4 and a recent datacenter GPU (SM100-class, with DeepGEMM and
    the DeepSelect top-k) or ROCm gfx950; worth it only for long contexts (about 32K
    tokens and more).
    """

    indexer_tp_shard_min_rows: _v.Int = Field(default=65536, ge=1)
    """Prefill rows (summed over the batch) from which the sparse-attention indexer
    divides its scoring across tensor-parallel ranks; below it every rank scores all rows.
    """

    minimax_m3_indexer_cp: bool = False
    """MiniMax M3 on ROCm with tensor parallelism: split the sparse indexer's decode-time
    scoring across ranks (each scores its share of the index cache, and the per-head
    top-k candidates are merged). Splits work, not the KV cache; needs a bf16 or fp8
    e4m3 index cache and decode_context_parallel_size 1.
    """

    hisparse_config: HiSparseConfig | None = None
    """Settings of HiSparse, which keeps sparse-MLA KV rows in host memory with a small
    GPU hot buffer per request (experimental, Model Runner V2 only). Giving it turns the
    feature on; the HiSparse KV connector turns it on with defaults.
    """

    use_non_causal: bool = False
    """Use bidirectional (non-causal) attention, for encoder-style models."""

    sparse_mla_force_mqa: bool = False
    """Send every sparse-MLA batch, prefill included, through the MQA path; by default
    batches of prefill only take the MHA path where the backend has one.
    """

    sparse_mla_prefill_workspace_factor: _v.Int | None = Field(default=None, ge=2)
    """Size of the sparse-MLA prefill workspace, as a multiple of max_model_len: a step's
    context KV is gathered into it, in more chunks when it does not fit. Smaller leaves
    more memory to the KV cache at long context lengths. None means 5 up to 256K tokens
    of max_model_len, else 2.
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

    @field_validator("hisparse_config", mode="before")
    @classmethod
    def _before_hisparse_config(cls, value: Any) -> Any:
        value = _v.dict_to_class(value, HiSparseConfig)
        return value

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if self.backend == AttentionBackendEnum.CUTLASS_MSA:
            self.minimax_m3_msa_decode_backend = 'cutlass'
        if self.backend == AttentionBackendEnum.TRITON_MSA:
            self.minimax_m3_msa_decode_backend = 'triton'
        if self.backend in (AttentionBackendEnum.CUTLASS_MSA, AttentionBackendEnum.TRITON_MSA):
            self.backend = None
        if (self.minimax_m3_indexer_cp) and self.indexer_kv_dtype not in ('auto', 'bf16', 'fp8', 'fp8_e4m3'):
            raise _r.RuleError(f'minimax_m3_indexer_cp needs an index cache in bf16 or fp8 e4m3 (indexer_kv_dtype auto, bf16, fp8 or fp8_e4m3); got {self.indexer_kv_dtype!r}', ["minimax_m3_indexer_cp", "indexer_kv_dtype"], self)

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
            "hisparse_config": _h.nested(self.hisparse_config),
            "indexer_kv_dtype": _h.canon(self.indexer_kv_dtype),
            "indexer_sparse_logits": self.indexer_sparse_logits,
            "indexer_tp_shard_min_rows": self.indexer_tp_shard_min_rows,
            "minimax_m3_indexer_cp": self.minimax_m3_indexer_cp,
            "minimax_m3_msa_decode_backend": self.minimax_m3_msa_decode_backend,
            "mla_prefill_backend": _h.enum_name(self.mla_prefill_backend),
            "sparse_mla_force_mqa": self.sparse_mla_force_mqa,
            "sparse_mla_prefill_workspace_factor": self.sparse_mla_prefill_workspace_factor,
            "tokenspeed_mla_min_split_kv": self.tokenspeed_mla_min_split_kv,
            "tq_max_kv_splits_for_cuda_graph": self.tq_max_kv_splits_for_cuda_graph,
            "trtllm_ragged_backend": self.trtllm_ragged_backend,
            "use_non_causal": self.use_non_causal,
            "use_prefill_query_quantization": self.use_prefill_query_quantization,
            "use_trtllm_attention": self.use_trtllm_attention,
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = _h.text_of(self, lambda: (  # names the field of a value without stable identity
            _h.enum_name(self.backend),
            tuple(sorted([(k0, _h.enum_name(v0)) for k0, v0 in self.backend_per_kind.items()])),
            self.disable_flashinfer_q_quantization,
            self.flash_attn_max_num_splits_for_cuda_graph,
            self.flash_attn_version,
            self.flex_attn_block_m,
            self.flex_attn_block_n,
            self.flex_attn_kv_block_size,
            self.flex_attn_q_block_size,
            _h.nested(self.hisparse_config),
            _h.canon(self.indexer_kv_dtype),
            self.indexer_sparse_logits,
            self.indexer_tp_shard_min_rows,
            self.minimax_m3_indexer_cp,
            self.minimax_m3_msa_decode_backend,
            _h.enum_name(self.mla_prefill_backend),
            self.sparse_mla_force_mqa,
            self.sparse_mla_prefill_workspace_factor,
            self.tokenspeed_mla_min_split_kv,
            self.tq_max_kv_splits_for_cuda_graph,
            self.trtllm_ragged_backend,
            self.use_non_causal,
            self.use_prefill_query_quantization,
            self.use_trtllm_attention,
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_AttentionConfig.get(text)
        if digest is None:
            digest = _sha256(b"AttentionConfig:backend,backend_per_kind,disable_flashinfer_q_quantization,flash_attn_max_num_splits_for_cuda_graph,flash_attn_version,flex_attn_block_m,flex_attn_block_n,flex_attn_kv_block_size,flex_attn_q_block_size,hisparse_config,indexer_kv_dtype,indexer_sparse_logits,indexer_tp_shard_min_rows,minimax_m3_indexer_cp,minimax_m3_msa_decode_backend,mla_prefill_backend,sparse_mla_force_mqa,sparse_mla_prefill_workspace_factor,tokenspeed_mla_min_split_kv,tq_max_kv_splits_for_cuda_graph,trtllm_ragged_backend,use_non_causal,use_prefill_query_quantization,use_trtllm_attention:" + text.encode()).hexdigest()
            _h.remember(_MEMO_AttentionConfig, text, digest)
        return digest


_MEMO_AttentionConfig: dict[str, str] = {}
"""Canonical factor text -> digest for AttentionConfig.compute_hash (bounded by _h.remember)."""
