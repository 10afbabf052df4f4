# Generated from schema/compilation.yaml by cfgc; do not edit.
"""Config classes: PassConfig, DynamicShapesConfig, CompilationConfig."""

import logging
from collections import Counter
from hashlib import sha256 as _sha256
from pathlib import Path
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from cfgc.hooks import compilation as _hooks
from cfgc.runtime import hashing as _h
from cfgc.runtime import rules as _r
from cfgc.runtime import utils as _utils
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config import envs
from vllm_config.platforms import current_platform
from vllm_config.types import AttentionCGSupport, CompilationMode, CUDAGraphMode, DynamicShapesType

_log = logging.getLogger(__name__)

#: An inclusive range of whole numbers (start, end), the shape of a compile range; the same class as utils.Range.
Range = _utils.Range


@config
class PassConfig:
    """Switches and thresholds of the custom Inductor graph passes (fusions, no-op
    elimination, sequence parallelism). Most switches start unset and are filled in
    from the optimization level and the platform when VllmConfig is built.
    """

    fuse_norm_quant: bool = None  # unset: filled in after construction
    """Fuse RMSNorm with the following quantization op. Unset until the optimization level decides."""

    fuse_act_quant: bool = None  # unset: filled in after construction
    """Fuse SiLU-and-mul with the following quantization op. Unset until the optimization level decides."""

    fuse_attn_quant: bool = None  # unset: filled in after construction
    """Fuse attention (including MLA) with the quantization of its output. Needs
    attention inside the compiled graph, so it empties splitting_ops unless Inductor
    graph partitioning is on.
    """

    eliminate_noops: bool = True
    """Remove no-op reshapes and views so the fusion patterns can match; keep on when any fusion is on."""

    enable_sp: bool = None  # unset: filled in after construction
    """Sequence parallelism: shard activations between TP ranks around the all-reduce.
    Needs tensor_parallel_size > 1; switched off for models whose hidden size is
    too small to gain from it.
    """

    fuse_gemm_comms: bool = None  # unset: filled in after construction
    """Async tensor parallelism, overlapping GEMMs with their collectives. Works with sequence parallelism."""

    fuse_allreduce_rms: bool = None  # unset: filled in after construction
    """Fuse the TP all-reduce with the following RMSNorm (and quantization) using FlashInfer."""

    enable_qk_norm_rope_fusion: bool = None  # unset: filled in after construction
    """Fuse the per-head RMSNorm of Q and K with rotary embedding; enables the custom rotary op."""

    fuse_rope_kvcache_cat_mla: bool = None  # unset: filled in after construction
    """For MLA models, fuse rotary embedding with the KV-cache write. CUDA and ROCm only."""

    fuse_act_padding: bool = None  # unset: filled in after construction
    """Fuse RMSNorm with the padding that follows it (ROCm/AITER only)."""

    fuse_mla_dual_rms_norm: bool = None  # unset: filled in after construction
    """For MLA, fuse the two RMSNorms of the Q and KV projections into one kernel (ROCm/AITER only)."""

    fuse_rope_kvcache: bool = None  # unset: filled in after construction
    """Fuse QK rotary embedding with the KV-cache write (ROCm only); enables the
    custom rotary op. Needs splitting_ops=[] or Inductor graph partitioning.
    """

    rope_kvcache_fusion_max_token_num: _v.Int = 256
    """Largest batch (in tokens) that uses the RoPE + KV-cache fusion; bigger batches,
    typically prefill, use the separate kernels. Adds a compile-range endpoint.
    """

    fi_allreduce_fusion_max_size_mb: float | None = None
    """Largest all-reduce payload, in MiB, sent through the FlashInfer fused
    all-reduce; larger tensors use the plain all-reduce. Unset: a built-in table by
    GPU generation and TP size.
    """

    sp_min_token_num: _v.Int | None = None
    """Batches of at least this many tokens use sequence parallelism; smaller ones run
    without it. Unset: a threshold derived from the device, TP size and hidden size.
    """

    @field_validator("fuse_norm_quant", mode="wrap")
    @classmethod
    def _skip_none_fuse_norm_quant(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("fuse_act_quant", mode="wrap")
    @classmethod
    def _skip_none_fuse_act_quant(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("fuse_attn_quant", mode="wrap")
    @classmethod
    def _skip_none_fuse_attn_quant(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("enable_sp", mode="wrap")
    @classmethod
    def _skip_none_enable_sp(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("fuse_gemm_comms", mode="wrap")
    @classmethod
    def _skip_none_fuse_gemm_comms(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("fuse_allreduce_rms", mode="wrap")
    @classmethod
    def _skip_none_fuse_allreduce_rms(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("enable_qk_norm_rope_fusion", mode="wrap")
    @classmethod
    def _skip_none_enable_qk_norm_rope_fusion(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("fuse_rope_kvcache_cat_mla", mode="wrap")
    @classmethod
    def _skip_none_fuse_rope_kvcache_cat_mla(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("fuse_act_padding", mode="wrap")
    @classmethod
    def _skip_none_fuse_act_padding(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("fuse_mla_dual_rms_norm", mode="wrap")
    @classmethod
    def _skip_none_fuse_mla_dual_rms_norm(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("fuse_rope_kvcache", mode="wrap")
    @classmethod
    def _skip_none_fuse_rope_kvcache(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if self.fuse_norm_quant and not self.eliminate_noops:
            _log.warning('fuse_norm_quant is on but eliminate_noops is off: the fusion may not match')
        if self.fuse_act_quant and not self.eliminate_noops:
            _log.warning('fuse_act_quant is on but eliminate_noops is off: the fusion may not match')
        if self.fuse_attn_quant and not self.eliminate_noops:
            _log.warning('fuse_attn_quant is on but eliminate_noops is off: the fusion may not match')
        if self.fuse_allreduce_rms and not self.eliminate_noops:
            _log.warning('fuse_allreduce_rms is on but eliminate_noops is off: the fusion may not match')
        if self.fuse_act_padding and not self.eliminate_noops:
            _log.warning('fuse_act_padding is on but eliminate_noops is off: the fusion may not match')

    @staticmethod
    def default_fi_allreduce_fusion_max_size_mb() -> "dict[int, float]":
        """The FlashInfer fused all-reduce size limits (MiB per TP world size) for this machine's CUDA device capability; empty without a CUDA GPU (torch is imported lazily)."""
        return _hooks.default_fi_allreduce_fusion_max_size_mb()

    def log_enabled_passes(self) -> "None":
        """Logs (once) which fuse_* fusion passes are on."""
        if self.fuse_norm_quant or self.fuse_act_quant or self.fuse_attn_quant or self.fuse_gemm_comms or self.fuse_allreduce_rms or self.fuse_rope_kvcache_cat_mla or self.fuse_act_padding or self.fuse_mla_dual_rms_norm or self.fuse_rope_kvcache:
            _log.info(f"fusion passes on: {', '.join([name for name, on in zip(['norm_quant', 'act_quant', 'attn_quant', 'gemm_comms', 'allreduce_rms', 'rope_kvcache_cat_mla', 'act_padding', 'mla_dual_rms_norm', 'rope_kvcache'], [self.fuse_norm_quant, self.fuse_act_quant, self.fuse_attn_quant, self.fuse_gemm_comms, self.fuse_allreduce_rms, self.fuse_rope_kvcache_cat_mla, self.fuse_act_padding, self.fuse_mla_dual_rms_norm, self.fuse_rope_kvcache], strict=False) if on])}")
        return None

    def flashinfer_max_size(self, world_size: "int", default_sizes_mb: "dict[int, float] | None" = None) -> "int | None":
        """Largest all-reduce payload (bytes) for the FlashInfer fused all-reduce at this TP world size: fi_allreduce_fusion_max_size_mb, else the world-size -> MiB table `default_sizes_mb` (by default this machine's, default_fi_allreduce_fusion_max_size_mb()); None for unsupported sizes or when no limit is known."""
        return (None if world_size not in (2, 4, 8, 16) else (int((self.fi_allreduce_fusion_max_size_mb * 1024) * 1024) if self.fi_allreduce_fusion_max_size_mb is not None else (int((default_sizes_mb[world_size] * 1024) * 1024) if default_sizes_mb is not None and world_size in default_sizes_mb else (int((self.default_fi_allreduce_fusion_max_size_mb()[world_size] * 1024) * 1024) if default_sizes_mb is None and world_size in self.default_fi_allreduce_fusion_max_size_mb() else None))))

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "eliminate_noops": self.eliminate_noops,
            "enable_qk_norm_rope_fusion": self.enable_qk_norm_rope_fusion,
            "enable_sp": self.enable_sp,
            "fi_allreduce_fusion_max_size_mb": None if self.fi_allreduce_fusion_max_size_mb is None else (float(self.fi_allreduce_fusion_max_size_mb) + 0.0),
            "fuse_act_padding": self.fuse_act_padding,
            "fuse_act_quant": self.fuse_act_quant,
            "fuse_allreduce_rms": self.fuse_allreduce_rms,
            "fuse_attn_quant": self.fuse_attn_quant,
            "fuse_gemm_comms": self.fuse_gemm_comms,
            "fuse_mla_dual_rms_norm": self.fuse_mla_dual_rms_norm,
            "fuse_norm_quant": self.fuse_norm_quant,
            "fuse_rope_kvcache": self.fuse_rope_kvcache,
            "fuse_rope_kvcache_cat_mla": self.fuse_rope_kvcache_cat_mla,
            "rope_kvcache_fusion_max_token_num": self.rope_kvcache_fusion_max_token_num,
            "sp_min_token_num": self.sp_min_token_num,
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = repr((
            self.eliminate_noops,
            self.enable_qk_norm_rope_fusion,
            self.enable_sp,
            None if self.fi_allreduce_fusion_max_size_mb is None else (float(self.fi_allreduce_fusion_max_size_mb) + 0.0),
            self.fuse_act_padding,
            self.fuse_act_quant,
            self.fuse_allreduce_rms,
            self.fuse_attn_quant,
            self.fuse_gemm_comms,
            self.fuse_mla_dual_rms_norm,
            self.fuse_norm_quant,
            self.fuse_rope_kvcache,
            self.fuse_rope_kvcache_cat_mla,
            self.rope_kvcache_fusion_max_token_num,
            self.sp_min_token_num,
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_PassConfig.get(text)
        if digest is None:
            digest = _sha256(b"PassConfig:eliminate_noops,enable_qk_norm_rope_fusion,enable_sp,fi_allreduce_fusion_max_size_mb,fuse_act_padding,fuse_act_quant,fuse_allreduce_rms,fuse_attn_quant,fuse_gemm_comms,fuse_mla_dual_rms_norm,fuse_norm_quant,fuse_rope_kvcache,fuse_rope_kvcache_cat_mla,rope_kvcache_fusion_max_token_num,sp_min_token_num:" + text.encode()).hexdigest()
            _h.remember(_MEMO_PassConfig, text, digest)
        return digest


_MEMO_PassConfig: dict[str, str] = {}
"""Canonical factor text -> digest for PassConfig.compute_hash (bounded by _h.remember)."""


@config
class DynamicShapesConfig:
    """How torch.compile handles dynamic shapes, and debugging aids for shape guards."""

    type: DynamicShapesType = DynamicShapesType.BACKED
    """Kind of symbolic size used for the token dimension; see DynamicShapesType."""

    evaluate_guards: bool = False
    """Debug mode: keep Dynamo's shape guards and fail when a recompilation is caused
    by one, to find where a dynamic size got specialised. Needs
    VLLM_USE_BYTECODE_HOOK=0; with BACKED sizes, AOT compilation must be off.
    """

    assume_32_bit_indexing: bool = False
    """Promise that every tensor fits 32-bit indexing, letting Inductor emit cheaper index math. Needs PyTorch 2.10+."""

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "assume_32_bit_indexing": self.assume_32_bit_indexing,
            "evaluate_guards": self.evaluate_guards,
            "type": _h.enum_name(self.type),
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = repr((
            self.assume_32_bit_indexing,
            self.evaluate_guards,
            _h.enum_name(self.type),
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_DynamicShapesConfig.get(text)
        if digest is None:
            digest = _sha256(b"DynamicShapesConfig:assume_32_bit_indexing,evaluate_guards,type:" + text.encode()).hexdigest()
            _h.remember(_MEMO_DynamicShapesConfig, text, digest)
        return digest


_MEMO_DynamicShapesConfig: dict[str, str] = {}
"""Canonical factor text -> digest for DynamicShapesConfig.compute_hash (bounded by _h.remember)."""


@config
class CompilationConfig:
    """torch.compile, CUDA graph capture and Inductor settings. Three groups: top-level
    compile control (mode, backend, cache and dump paths, custom ops, splitting ops,
    encoder compilation); CUDA graph capture (cudagraph_mode, capture sizes, warmups,
    input copies); and Inductor (compile sizes and ranges, extra Inductor config and
    passes, plus pass_config for the fusion passes). Several fields start unset and
    are resolved when VllmConfig is built; a CompilationConfig used on its own is
    not fully initialised.

    CUDA graphs and Inductor take separate size lists because a captured graph
    replays only at its exact batch size, while an Inductor graph compiled for a
    symbolic size serves any size; compiling for a few fixed sizes is optional.
    """

    mode: CompilationMode = None  # unset: filled in after construction
    """How much torch.compile is applied: 0/NONE, 1/STOCK_TORCH_COMPILE,
    2/DYNAMO_TRACE_ONCE or 3/VLLM_COMPILE (see CompilationMode). Unset: VLLM_COMPILE
    above optimization level O0, NONE at O0; enforce_eager forces NONE.
    """

    debug_dump_path: Path | None = None
    """Directory for compilation debug dumps (graphs, generated code); none when unset."""

    cache_dir: str = ""
    """Directory of the compiled-artifact cache that speeds up later starts. Empty: a
    directory derived from the model and config hashes.
    """

    compile_cache_save_format: Literal["binary", "unpacked"] = None  # derived after construction
    """How compiled artifacts are saved: "binary" (one file, safe with several
    processes) or "unpacked" (a directory tree for inspection, not
    multiprocess-safe). Unset: the VLLM_COMPILE_CACHE_SAVE_FORMAT environment
    variable, else "binary".
    """

    backend: str = ""
    """Compile backend: a torch backend name ("inductor", "eager", ...) or the
    qualified name of a backend function. Modes 1 and 2 hand it the whole graph;
    mode 3 allows only "inductor", "eager" or empty. Empty: the platform default
    ("inductor" on CUDA-like platforms).
    """

    custom_ops: list[str] = Field(default_factory=list)
    """Which custom (hand-written) ops to use instead of Inductor-generated code:
    "all" or "none" (at most one), then "+name" to enable or "-name" to disable
    single ops, e.g. ["none", "+rms_norm"]. Empty: all enabled when not compiling
    with Inductor, all disabled when compiling with it.
    """

    ir_enable_torch_wrap: bool = None  # unset: filled in after construction
    """Wrap vLLM IR ops as torch custom ops during the forward pass. Off lets Dynamo
    trace the chosen implementation directly and saves the wrapping cost in eager
    mode. Unset: on for mode VLLM_COMPILE with the inductor backend, off otherwise.
    """

    splitting_ops: list[str] | None = None
    """Ops ("namespace::name") kept out of CUDA graphs: the graph is split at them
    for piecewise capture (or, with use_inductor_graph_partition, Inductor
    partitions around them after all passes ran). Unset: the attention ops (and
    KV-cache update ops); [] keeps the whole graph, for full CUDA graphs.
    """

    compile_mm_encoder: bool = False
    """Also compile the multimodal encoder. Works only for a few models (e.g. Qwen2.5-VL, Llama 4) on some platforms."""

    cudagraph_mm_encoder: bool = False
    """Capture the multimodal (vision) encoder's forward pass in CUDA graphs, one per token budget."""

    encoder_cudagraph_token_budgets: list[_v.Int] = Field(default_factory=list)
    """Token capacities of the encoder CUDA graphs; images are packed into the
    smallest budget that fits. Every entry must be positive. Empty: powers of two
    between the model's smallest and largest encoder budgets.
    """

    encoder_cudagraph_max_vision_items_per_batch: _v.Int = 0
    """Images or videos per encoder CUDA graph batch (the captured batch size); must
    not be negative. 0: the largest budget divided by the smallest.
    """

    encoder_cudagraph_max_frames_per_batch: _v.Int | None = None
    """Total video frames per encoder CUDA graph batch (sizes the per-frame sequence
    buffer); must not be negative. Unset: items per batch times the model's
    frames per video; 0 when videos are disabled (image-only graphs).
    """

    compile_sizes: list[_v.Int | str] | None = None
    """Batch sizes (tokens) Inductor also compiles a specialised graph for; the
    entry "cudagraph_capture_sizes" stands for every CUDA graph capture size.
    """

    compile_ranges_endpoints: list[_v.Int] | None = None
    """Extra cut points of the token-count ranges Inductor compiles separately:
    endpoints e0 < e1 < ... give [1, e0], [e0+1, e1], ..., up to
    max_num_batched_tokens. A compile size inside a range takes precedence over it.
    """

    inductor_compile_config: dict[Any, Any] = Field(default_factory=dict)
    """Extra Inductor config options (torch._inductor.config names and values), on
    top of vLLM's defaults.
    """

    inductor_passes: dict[str, str] = Field(default_factory=dict)
    """Extra Inductor passes, pass name to the qualified name of the pass function."""

    cudagraph_mode: CUDAGraphMode = None  # unset: filled in after construction
    """Which batches replay CUDA graphs: NONE, PIECEWISE, FULL, FULL_DECODE_ONLY or
    FULL_AND_PIECEWISE (see CUDAGraphMode). Piecewise graphs need mode
    VLLM_COMPILE and non-empty splitting_ops; full graphs work with or without
    compilation but not with every attention backend. FULL_DECODE_ONLY saves memory
    on decode-only instances. Unset: taken from the optimization level, then
    lowered to what the attention backends support.
    """

    cudagraph_num_of_warmups: _v.Int = 0
    """Runs per batch size before its CUDA graph is captured."""

    cudagraph_capture_sizes: list[_v.Int] | None = None
    """Batch sizes (tokens) to capture CUDA graphs for; a batch is padded up to the
    next captured size and runs without graphs above the largest. Unset: a default
    list up to max_cudagraph_capture_size.
    """

    cudagraph_copy_inputs: bool = False
    """Copy inputs into graph-owned buffers before replay. Needed only when callers
    do not reuse the same input buffers; piecewise graphs only.
    """

    cudagraph_specialize_lora: bool = True
    """With LoRA enabled, capture separate graphs for batches with and without active
    adapters: no LoRA overhead when none is active, at the cost of startup time and
    some memory.
    """

    use_inductor_graph_partition: bool = None  # unset: filled in after construction
    """Let Inductor partition the graph around CUDA-graph-unsafe ops after all passes
    and fusions ran, instead of splitting it before compilation: passes see the
    whole graph and one compilation serves both full and piecewise graphs. Needs
    torch 2.9+. Unset: decided when VllmConfig is built.
    """

    pass_config: PassConfig = Field(default_factory=PassConfig)
    """Settings of the custom fusion passes; a mapping is accepted. See PassConfig."""

    max_cudagraph_capture_size: _v.Int = None  # unset: filled in after construction
    """Largest CUDA graph capture size. With cudagraph_capture_sizes given it must equal
    their maximum; otherwise the default list is 1, 2, 4, multiples of 8 below 256,
    then multiples of 16 up to this size. Unset: min(2 * max_num_seqs *
    (1 + speculative tokens), 512), capped at max_num_batched_tokens.
    """

    dynamic_shapes_config: DynamicShapesConfig = Field(default_factory=DynamicShapesConfig)
    """Dynamic-shape handling of torch.compile; see DynamicShapesConfig."""

    local_cache_dir: str = Field(default=None, init=False)  # unset: filled in after construction
    """This rank's directory inside the compile cache, set when compilation starts."""

    fast_moe_cold_start: bool | None = None
    """Speed up the first compilation of MoE models by assuming the forward pass runs
    only this model's MoE layers, in creation order. Wrong results if that does
    not hold. The engine always turns it off: on torch 2.11 (vLLM 0.25.1's torch)
    opaque objects make it unnecessary.
    """

    enabled_custom_ops: dict[str, _v.Int] = Field(default_factory=Counter, init=False)
    """Run-time tally of the custom ops the model instantiated enabled (a Counter)."""

    disabled_custom_ops: dict[str, _v.Int] = Field(default_factory=Counter, init=False)
    """Run-time tally of the custom ops the model instantiated disabled (a Counter)."""

    traced_files: set[str] = Field(default_factory=set, init=False)
    """Source files Dynamo traced; recorded at run time for cache invalidation."""

    compilation_time: float = Field(default=0.0, init=False)
    """Seconds spent compiling the model."""

    encoder_compilation_time: float = Field(default=0.0, init=False)
    """Seconds spent compiling the multimodal encoder."""

    static_forward_context: dict[str, Any] = Field(default_factory=dict, init=False)
    """Layer name to layer object, for layers reached from outside the model code (attention, fused MoE)."""

    static_all_moe_layers: list[str] = Field(default_factory=list, init=False)
    """Names of all MoE layers of the model, filled in while it is built."""

    _attention_ops: ClassVar[list[str]] = ["vllm::unified_attention_with_output", "vllm::unified_mla_attention_with_output", "vllm::mamba_mixer2", "vllm::mamba_mixer", "vllm::short_conv", "vllm::linear_attention", "vllm::plamo2_mamba_mixer", "vllm::qwen_gdn_attention_core", "vllm::gdn_attention_core_xpu", "vllm::olmo_hybrid_gdn_full_forward", "vllm::kda_attention", "vllm::sparse_attn_indexer", "vllm::rocm_aiter_sparse_attn_indexer", "vllm::deepseek_v4_attention"]
    """Attention-like ops (sequence mixers) split out of the graph for piecewise CUDA graphs by default."""

    @field_validator("mode", mode="before")
    @classmethod
    def _before_mode(cls, value: Any) -> Any:
        value = _v.enum_by_name(value, CompilationMode)
        return value

    @field_validator("mode", mode="wrap")
    @classmethod
    def _skip_none_mode(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("compile_cache_save_format", mode="wrap")
    @classmethod
    def _skip_none_compile_cache_save_format(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("ir_enable_torch_wrap", mode="wrap")
    @classmethod
    def _skip_none_ir_enable_torch_wrap(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("cudagraph_mode", mode="before")
    @classmethod
    def _before_cudagraph_mode(cls, value: Any) -> Any:
        value = _v.enum_by_name(value, CUDAGraphMode)
        return value

    @field_validator("cudagraph_mode", mode="wrap")
    @classmethod
    def _skip_none_cudagraph_mode(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("use_inductor_graph_partition", mode="wrap")
    @classmethod
    def _skip_none_use_inductor_graph_partition(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("pass_config", mode="before")
    @classmethod
    def _before_pass_config(cls, value: Any) -> Any:
        value = _v.dict_to_class(value, PassConfig)
        return value

    @field_validator("max_cudagraph_capture_size", mode="wrap")
    @classmethod
    def _skip_none_max_cudagraph_capture_size(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("local_cache_dir", mode="wrap")
    @classmethod
    def _skip_none_local_cache_dir(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if self.compile_cache_save_format is None:
            self.compile_cache_save_format = _r.env('VLLM_COMPILE_CACHE_SAVE_FORMAT', 'binary', envs)
        if self.compile_cache_save_format not in ('binary', 'unpacked'):
            raise _r.RuleError(f'VLLM_COMPILE_CACHE_SAVE_FORMAT={self.compile_cache_save_format!r} is not a valid compile cache save format; choose one of binary, unpacked', ["compile_cache_save_format"], self)
        if not ((self.custom_ops.count('all') + self.custom_ops.count('none')) <= 1):
            raise _r.RuleError(f"custom_ops may name at most one of 'all' and 'none', once; got {self.custom_ops}", ["custom_ops"], self)
        if 'enable_auto_functionalized_v2' not in self.inductor_compile_config:
            self.inductor_compile_config = self.inductor_compile_config | ({'enable_auto_functionalized_v2': False})
        if self._torch_asserts_every_call:
            self.inductor_compile_config = ({'size_asserts': _r.env('VLLM_LOGGING_LEVEL', 'INFO', envs).upper() == 'DEBUG', 'alignment_asserts': _r.env('VLLM_LOGGING_LEVEL', 'INFO', envs).upper() == 'DEBUG', 'scalar_asserts': _r.env('VLLM_LOGGING_LEVEL', 'INFO', envs).upper() == 'DEBUG'}) | self.inductor_compile_config
        if (self.pass_config.enable_qk_norm_rope_fusion or self.pass_config.fuse_rope_kvcache) and '+rotary_embedding' not in self.custom_ops:
            self.custom_ops = self.custom_ops + ['+rotary_embedding']
        if current_platform.supports_combo_kernels and 'combo_kernels' not in self.inductor_compile_config and 'benchmark_combo_kernel' not in self.inductor_compile_config:
            self.inductor_compile_config = self.inductor_compile_config | ({'combo_kernels': True, 'benchmark_combo_kernel': True})
        if not (all(op in ('all', 'none') or op.startswith('+') or op.startswith('-') for op in self.custom_ops)):
            raise _r.RuleError(f"invalid custom op entry in {self.custom_ops}: use 'all', 'none', '+name' to enable or '-name' to disable a registered op", ["custom_ops"], self)
        if (self.mode == CompilationMode.VLLM_COMPILE) and self.backend not in ('', 'eager', 'inductor'):
            raise _r.RuleError(f"backend {self.backend!r} cannot do piecewise compilation (mode VLLM_COMPILE); use 'inductor', 'eager' or leave it empty", ["mode", "backend"], self)
        if self.backend == '':
            self.backend = current_platform.compile_backend
        if (self.cudagraph_mm_encoder) and not (self.encoder_cudagraph_max_vision_items_per_batch >= 0):
            raise _r.RuleError('encoder_cudagraph_max_vision_items_per_batch must be >= 0 (0 infers it)', ["cudagraph_mm_encoder", "encoder_cudagraph_max_vision_items_per_batch"], self)
        if (self.cudagraph_mm_encoder and self.encoder_cudagraph_max_frames_per_batch is not None) and not (self.encoder_cudagraph_max_frames_per_batch >= 0):
            raise _r.RuleError('encoder_cudagraph_max_frames_per_batch must be >= 0 (None infers it)', ["cudagraph_mm_encoder", "encoder_cudagraph_max_frames_per_batch"], self)
        if not (all(b > 0 for b in self.encoder_cudagraph_token_budgets)):
            raise _r.RuleError(f'every encoder_cudagraph_token_budgets entry must be > 0, got {self.encoder_cudagraph_token_budgets}', ["encoder_cudagraph_token_budgets"], self)

    @property
    def _torch_asserts_every_call(self) -> "bool":
        """Whether the torch the engine runs on checks Inductor's runtime asserts on every call (before 2.12): the running torch inside vLLM's engine, else the torch vLLM 0.25.1 is built against (2.11)."""
        return _hooks.torch_asserts_every_call(self)

    def init_backend(self, vllm_config: "Any", prefix: "str" = '', is_encoder: "bool" = False) -> "Any":
        """The torch.compile backend for this config's mode (a name or a callable)."""
        raise _r.NotSupportedError("CompilationConfig.init_backend() is not available in vllm_config: the backend is a torch.compile backend object (vLLM's own, or one looked up in torch's registry), which only the engine with torch can build")

    def post_init_cudagraph_sizes(self) -> "None":
        """Finishes the capture sizes: expands "cudagraph_capture_sizes" in compile_sizes, sorts the capture sizes and checks the largest equals max_cudagraph_capture_size."""
        if (self.compile_sizes is not None) and not (all(isinstance(e, int) or e == 'cudagraph_capture_sizes' for e in self.compile_sizes)):
            raise ValueError(f"compile_sizes entry {[e for e in self.compile_sizes if (isinstance(e, str) and e != 'cudagraph_capture_sizes')][0]!r} is neither an int nor 'cudagraph_capture_sizes'")
        if self.cudagraph_capture_sizes is None:
            raise ValueError('cudagraph_capture_sizes is unset; VllmConfig resolves it first')
        self.compile_sizes = ([] if self.compile_sizes is None else [size for entry in [self.compile_sizes[i] for i in range(len(self.compile_sizes)) if self.compile_sizes[i] not in self.compile_sizes[:i]] for size in (self.cudagraph_capture_sizes if isinstance(entry, str) else [int(entry)])])
        self.cudagraph_capture_sizes = sorted(self.cudagraph_capture_sizes)
        if not (len(self.cudagraph_capture_sizes) == 0 or self.cudagraph_capture_sizes[-1] == self.max_cudagraph_capture_size):
            raise ValueError(f'largest capture size {self.cudagraph_capture_sizes[-1]} differs from max_cudagraph_capture_size {self.max_cudagraph_capture_size}')

    def _default_cudagraph_capture_sizes(self, max_capture_size: "int", max_num_tokens: "int", interactivity: "bool" = False) -> "list[int]":
        """The default capture sizes up to `max_capture_size`, ascending: 1, 2, 4 (every size up to 32 for interactivity), steps of 8 below 256, then steps of 16; plus `max_num_tokens` when it fits, so the largest batch is captured off-stride too."""
        return sorted(set((((list(range(1, min(max_capture_size, 32) + 1)) if interactivity else [s for s in [1, 2, 4] if s <= max_capture_size]) + list(range(8, min(max_capture_size + 1, 256), 8))) + list(range(256, max_capture_size + 1, 16))) + ([max_num_tokens] if max_num_tokens <= max_capture_size else [])))

    def _resolve_cudagraph_capture_sizes(self, cudagraphs_enabled: "bool", max_num_seqs: "int", max_num_batched_tokens: "int", num_speculative_tokens: "int" = 0, interactivity: "bool" = False, tensor_parallel_size: "int" = 1) -> "None":
        """Fills cudagraph_capture_sizes and max_cudagraph_capture_size (empty and 0 unless `cudagraphs_enabled`), then compile_sizes: the given sizes that fit max_num_batched_tokens, else the default list up to the largest size (given, or twice max_num_seqs per decode step, at most 512). A list and a different maximum are an error; a maximum alone is cut to the list."""
        if not cudagraphs_enabled:
            self.max_cudagraph_capture_size = 0
        if not cudagraphs_enabled:
            self.cudagraph_capture_sizes = []
        if not cudagraphs_enabled:
            self.post_init_cudagraph_sizes()
        if not cudagraphs_enabled:
            return
        max_size = min(max_num_batched_tokens, (self.max_cudagraph_capture_size if self.max_cudagraph_capture_size is not None else min((max_num_seqs * (1 + num_speculative_tokens)) * 2, 512)))
        if not (max_size >= 1):
            raise ValueError('the largest CUDA graph capture size must be >= 1 when capturing')
        if (self.cudagraph_capture_sizes is not None) and not (len(self.cudagraph_capture_sizes) > 0):
            raise ValueError('cudagraph_capture_sizes must not be empty when capturing')
        sizes = (sorted(set([s for s in self.cudagraph_capture_sizes if s <= max_num_batched_tokens])) if self.cudagraph_capture_sizes is not None else self._default_cudagraph_capture_sizes(max_size, max_num_batched_tokens, interactivity))
        sp = tensor_parallel_size > 1 and self.pass_config.enable_sp
        if sp and any((s % tensor_parallel_size) != 0 for s in sizes):
            _log.warning(f'capture sizes {[s for s in sizes if (s % tensor_parallel_size) != 0]} dropped: not multiples of tensor_parallel_size {tensor_parallel_size}')
        kept = ([s for s in sizes if (s % tensor_parallel_size) == 0] if sp else sizes)
        largest = (kept[-1] if len(kept) > 0 else 0)
        if (self.cudagraph_capture_sizes is not None and self.max_cudagraph_capture_size is not None) and not (self.max_cudagraph_capture_size == largest):
            raise ValueError(f'max_cudagraph_capture_size ({self.max_cudagraph_capture_size}) must equal the largest of cudagraph_capture_sizes ({largest})')
        if self.max_cudagraph_capture_size is not None and self.max_cudagraph_capture_size != largest:
            _log.warning(f'max_cudagraph_capture_size truncated to {largest}')
        self.max_cudagraph_capture_size = largest
        if self.cudagraph_capture_sizes is not None and len(kept) < len(self.cudagraph_capture_sizes):
            _log.warning(f'cudagraph_capture_sizes {self.cudagraph_capture_sizes} reduced to {kept}')
        self.cudagraph_capture_sizes = kept
        self.post_init_cudagraph_sizes()

    def _resolve_compile_ranges_endpoints(self, max_num_batched_tokens: "int | None", allreduce_max_token_num: "int | None" = None, sp_min_token_num: "int | None" = None) -> "None":
        """The final compile_ranges_endpoints, sorted: max_num_batched_tokens, plus the token counts where a fusion switches: the fused all-reduce + RMSNorm limit (`allreduce_max_token_num`, from the device and model), the sequence-parallel threshold (pass_config.sp_min_token_num, else `sp_min_token_num` from the engine), the RoPE + KV-cache fusion limit, and the given endpoints below it."""
        if self.pass_config.enable_sp and self.pass_config.sp_min_token_num is None:
            self.pass_config.sp_min_token_num = sp_min_token_num
        if (self.compile_ranges_endpoints is not None) and not (all(x > 0 for x in self.compile_ranges_endpoints)):
            raise ValueError(f'compile range endpoints must be positive, got {[x for x in self.compile_ranges_endpoints if x <= 0][0]}')
        self.compile_ranges_endpoints = ([] if max_num_batched_tokens is None else sorted(((([max_num_batched_tokens] + ([allreduce_max_token_num] if self.pass_config.fuse_allreduce_rms and allreduce_max_token_num is not None and allreduce_max_token_num < max_num_batched_tokens else [])) + ([self.pass_config.sp_min_token_num - 1] if self.pass_config.enable_sp and self.pass_config.sp_min_token_num is not None and 1 < self.pass_config.sp_min_token_num < max_num_batched_tokens else [])) + ([self.pass_config.rope_kvcache_fusion_max_token_num] if self.pass_config.fuse_rope_kvcache and self.pass_config.rope_kvcache_fusion_max_token_num < max_num_batched_tokens else [])) + [x for x in (self.compile_ranges_endpoints if self.compile_ranges_endpoints is not None else []) if 1 < x < max_num_batched_tokens]))

    def set_splitting_ops_for_v1(self, all2all_backend: "str", data_parallel_size: "int" = 1) -> "None":
        """Chooses splitting_ops (and downgrades cudagraph_mode where needed) once mode, cudagraph_mode and the pass flags are final."""
        if self.mode != CompilationMode.VLLM_COMPILE and self.splitting_ops is None:
            self.splitting_ops = []
        if self.mode != CompilationMode.VLLM_COMPILE:
            return
        attn_fusion = self.pass_config.fuse_attn_quant and not self.use_inductor_graph_partition
        unset = not attn_fusion and self.splitting_ops is None
        emptied = not attn_fusion and self.splitting_ops is not None and len(self.splitting_ops) == 0
        if attn_fusion:
            self.set_splitting_ops_for_attn_fusion()
        if unset:
            self.splitting_ops = list(self._attention_ops) + ([] if self.use_inductor_graph_partition else list(('vllm::unified_kv_cache_update', 'vllm::unified_mla_kv_cache_update')))
        if unset and not self.use_inductor_graph_partition and self.pass_config.fuse_rope_kvcache:
            _log.warning('fuse_rope_kvcache turned off: it needs splitting_ops=[] or use_inductor_graph_partition')
            self.pass_config.fuse_rope_kvcache = False
        if emptied and self.cudagraph_mode == CUDAGraphMode.PIECEWISE:
            _log.warning('empty splitting_ops leaves nothing to capture piecewise: cudagraph_mode set to NONE')
            self.cudagraph_mode = CUDAGraphMode.NONE
        if emptied and self.cudagraph_mode == CUDAGraphMode.FULL_AND_PIECEWISE:
            _log.warning('empty splitting_ops leaves nothing to capture piecewise: cudagraph_mode set to FULL')
            self.cudagraph_mode = CUDAGraphMode.FULL
        whole_graph = not self.use_inductor_graph_partition and (self.pass_config.enable_sp or self.pass_config.fuse_gemm_comms) and self.splitting_ops is not None and len(self.splitting_ops) > 0
        if whole_graph:
            _log.warning('sequence parallelism / async TP need the whole graph: splitting_ops set to []')
            self.splitting_ops = []
        if whole_graph and self.cudagraph_mode.has_piecewise_cudagraphs():
            self.cudagraph_mode = CUDAGraphMode.FULL
        if all2all_backend == 'deepep_high_throughput' and data_parallel_size > 1 and self.cudagraph_mode != CUDAGraphMode.NONE:
            _log.info('DeepEP high-throughput kernels cannot run in CUDA graphs: cudagraph_mode set to NONE')
            self.cudagraph_mode = CUDAGraphMode.NONE

    def set_splitting_ops_for_attn_fusion(self) -> "None":
        """For attention + quant fusion: no splitting ops, and piecewise capture becomes FULL; fails if attention ops are listed as splitting ops."""
        if not (self.pass_config.fuse_attn_quant):
            raise ValueError('set_splitting_ops_for_attn_fusion needs pass_config.fuse_attn_quant')
        unset = self.splitting_ops is None
        if unset:
            self.splitting_ops = []
        if unset and self.cudagraph_mode.has_piecewise_cudagraphs():
            _log.warning('fuse_attn_quant needs attention in the graph: splitting_ops set to [] and cudagraph_mode to FULL')
            self.cudagraph_mode = CUDAGraphMode.FULL
        if not (not self.splitting_ops_contain_attention()):
            raise ValueError('splitting_ops must not hold the attention ops when fuse_attn_quant is on')

    def custom_op_log_check(self) -> "None":
        """Logs the custom ops the model enabled and disabled, and warns for each '+op' / '-op' of custom_ops that no op of the model matched."""
        return _hooks.custom_op_log_check(self)

    def resolve_cudagraph_mode_and_sizes(self, min_cg_support: "AttentionCGSupport | str | int", min_cg_attn_backend: "str | None", uniform_decode_query_len: "int" = 1, use_v2_model_runner: "bool" = False, tensor_parallel_size: "int" = 1, kv_cache_config: "Any" = None, max_num_reqs: "int | None" = None, is_profiling: "bool" = False) -> "CUDAGraphMode":
        """Downgrades cudagraph_mode to what the attention backends support (their weakest CUDA-graph support level), rounds capture sizes for speculative decoding and checks the Mamba cache has a block per decode sequence; returns the mode."""
        if self.cudagraph_mode is None:
            self.cudagraph_mode = CUDAGraphMode.NONE
        if self.cudagraph_mode is None or self.cudagraph_mode == CUDAGraphMode.NONE:
            return CUDAGraphMode.NONE
        support = (min_cg_support.upper() if isinstance(min_cg_support, str) else ((('NEVER', 'UNIFORM_SINGLE_TOKEN_DECODE', 'UNIFORM_BATCH', 'ALWAYS')[min_cg_support] if 0 <= min_cg_support < len(('NEVER', 'UNIFORM_SINGLE_TOKEN_DECODE', 'UNIFORM_BATCH', 'ALWAYS')) else '') if isinstance(min_cg_support, int) else str(getattr(min_cg_support, 'name', ''))))
        if support not in ('NEVER', 'UNIFORM_SINGLE_TOKEN_DECODE', 'UNIFORM_BATCH', 'ALWAYS'):
            raise ValueError(f"unknown CUDA-graph support level {min_cg_support!r}; one of {('NEVER', 'UNIFORM_SINGLE_TOKEN_DECODE', 'UNIFORM_BATCH', 'ALWAYS')}")
        attention = ((('the ' + str(min_cg_attn_backend)) + ' attention backend (CUDA-graph support ') + support) + ')'
        chosen = self.cudagraph_mode
        if (chosen.mixed_mode() == CUDAGraphMode.FULL) and not (support != 'NEVER'):
            raise ValueError(f'cudagraph_mode {chosen.name} is not possible with {attention}; use cudagraph_mode=PIECEWISE with mode VLLM_COMPILE')
        if chosen.mixed_mode() == CUDAGraphMode.FULL and support != 'ALWAYS':
            chosen = (CUDAGraphMode.FULL_AND_PIECEWISE if self.splitting_ops_contain_attention() else CUDAGraphMode.FULL_DECODE_ONLY)
            _log.warning(f'full graphs of mixed batches are not possible with {attention}: cudagraph_mode set to {chosen.name}')
        piecewise = self.mode == CompilationMode.VLLM_COMPILE and (self.splitting_ops_contain_attention() or self.use_inductor_graph_partition)
        if chosen.decode_mode() == CUDAGraphMode.FULL and support == 'NEVER':
            chosen = (CUDAGraphMode.PIECEWISE if piecewise else CUDAGraphMode.NONE)
            _log.warning(f"full decode graphs are not possible with {attention}: cudagraph_mode set to {chosen.name} (attention is {('' if piecewise else 'not ')}compiled piecewise)")
        if chosen.decode_mode() == CUDAGraphMode.FULL and uniform_decode_query_len > 1 and support in ('NEVER', 'UNIFORM_SINGLE_TOKEN_DECODE'):
            chosen = (CUDAGraphMode.PIECEWISE if self.splitting_ops_contain_attention() else CUDAGraphMode.NONE)
            _log.warning(f'full decode graphs with speculative decoding are not possible with {attention}: cudagraph_mode set to {chosen.name}')
        if (chosen.has_full_cudagraphs()) and not (support != 'NEVER'):
            raise ValueError(f'cudagraph_mode {chosen.name} is not possible with {attention}; use cudagraph_mode=PIECEWISE with mode VLLM_COMPILE')
        if not use_v2_model_runner and chosen.decode_mode() == CUDAGraphMode.FULL and uniform_decode_query_len > 1:
            self.adjust_cudagraph_sizes_for_spec_decode(uniform_decode_query_len, tensor_parallel_size)
        if (kv_cache_config is not None and max_num_reqs is not None and chosen.has_full_cudagraphs() and not is_profiling and kv_cache_config.has_mamba_layers) and not (max_num_reqs <= kv_cache_config.num_blocks):
            raise ValueError(f'max_num_seqs ({max_num_reqs}) is larger than the {kv_cache_config.num_blocks} Mamba cache blocks: every decoding sequence needs one for full CUDA graphs; lower max_num_seqs or raise gpu_memory_utilization')
        self.cudagraph_mode = chosen
        return chosen

    def adjust_cudagraph_sizes_for_spec_decode(self, uniform_decode_query_len: "int", tensor_parallel_size: "int") -> "None":
        """Rounds the capture sizes up to multiples of the decode query length (and of TP with sequence parallelism), dropping those above the maximum."""
        sp = tensor_parallel_size > 1 and self.pass_config.enable_sp
        multiple = (max(uniform_decode_query_len, tensor_parallel_size) if sp else uniform_decode_query_len)
        if (sp) and not ((multiple % uniform_decode_query_len) == 0 and (multiple % tensor_parallel_size) == 0):
            raise ValueError(f'no capture size can be a multiple of both {uniform_decode_query_len} (num_speculative_tokens + 1) and {tensor_parallel_size} (tensor_parallel_size, for sequence parallelism); change num_speculative_tokens or turn sequence parallelism off')
        if self.cudagraph_capture_sizes is None or len(self.cudagraph_capture_sizes) == 0 or multiple <= 1:
            return
        if self.max_cudagraph_capture_size is None:
            raise ValueError('max_cudagraph_capture_size must be resolved before rounding')
        rounded = sorted(set([r for r in [(((s + multiple) - 1) // multiple) * multiple for s in self.cudagraph_capture_sizes] if r <= self.max_cudagraph_capture_size]))
        kept = ([multiple] if len(rounded) == 0 and multiple <= self.max_cudagraph_capture_size else rounded)
        if not (len(kept) > 0):
            raise ValueError(f'no capture size is left after rounding to a multiple of {multiple}; change num_speculative_tokens ({uniform_decode_query_len - 1}), max_cudagraph_capture_size ({self.max_cudagraph_capture_size}) or cudagraph_capture_sizes ({self.cudagraph_capture_sizes})')
        self.max_cudagraph_capture_size = kept[-1]
        self.cudagraph_capture_sizes = kept

    def splitting_ops_contain_attention(self) -> "bool":
        """Whether every attention op is a splitting op."""
        return self.splitting_ops is not None and all(op in self.splitting_ops for op in self._attention_ops)

    def splitting_ops_contain_kv_cache_update(self) -> "bool":
        """Whether the KV-cache update ops are (or will be) split out of the graph: with splitting_ops unset, no graph partition and no attention + quant fusion, the default splitting ops include them."""
        return (not self.use_inductor_graph_partition and self.splitting_ops is None and not self.pass_config.fuse_attn_quant) or (self.splitting_ops is not None and all(op in self.splitting_ops for op in ('vllm::unified_kv_cache_update', 'vllm::unified_mla_kv_cache_update')))

    def is_attention_compiled_piecewise(self) -> "bool":
        """Whether attention runs outside the compiled pieces: every attention op is a splitting op, and the graph is split by vLLM (mode VLLM_COMPILE) or by Inductor graph partitioning (backend inductor, mode not NONE)."""
        return self.splitting_ops is not None and all(op in self.splitting_ops for op in self._attention_ops) and (self.mode == CompilationMode.VLLM_COMPILE if not self.use_inductor_graph_partition else self.backend == 'inductor' and self.mode != CompilationMode.NONE)

    def is_custom_op_enabled(self, op: "str") -> "bool":
        """Whether the named custom op is enabled by custom_ops ('+op', '-op', 'all', 'none')."""
        if not ('all' in self.custom_ops or 'none' in self.custom_ops):
            raise _r.RuleError("custom_ops must contain 'all' or 'none' once defaults are applied", ["custom_ops"])
        return (('-' + op) not in self.custom_ops if 'all' in self.custom_ops else ('+' + op) in self.custom_ops)

    def get_compile_ranges(self) -> "list[tuple[int, int]]":
        """The token-count ranges compiled separately: inclusive (start, end) pairs cut at the endpoints, [1, e0], [e0 + 1, e1], ..."""
        return ([] if self.compile_ranges_endpoints is None else [(start + 1, end) for ends in [sorted(set(self.compile_ranges_endpoints))] for start, end in zip([0] + ends[:-1], ends, strict=False)])

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "backend": self.backend,
            "compile_cache_save_format": self.compile_cache_save_format,
            "compile_mm_encoder": self.compile_mm_encoder,
            "compile_ranges_endpoints": None if self.compile_ranges_endpoints is None else tuple(self.compile_ranges_endpoints),
            "compile_sizes": None if self.compile_sizes is None else tuple(_h.canon(x0) for x0 in self.compile_sizes),
            "cudagraph_capture_sizes": None if self.cudagraph_capture_sizes is None else tuple(self.cudagraph_capture_sizes),
            "cudagraph_copy_inputs": self.cudagraph_copy_inputs,
            "cudagraph_mm_encoder": self.cudagraph_mm_encoder,
            "cudagraph_mode": _h.enum_name(self.cudagraph_mode),
            "cudagraph_num_of_warmups": self.cudagraph_num_of_warmups,
            "cudagraph_specialize_lora": self.cudagraph_specialize_lora,
            "custom_ops": tuple(self.custom_ops),
            "disabled_custom_ops": tuple(sorted(self.disabled_custom_ops.items())),
            "dynamic_shapes_config": self.dynamic_shapes_config.compute_hash(),
            "enabled_custom_ops": tuple(sorted(self.enabled_custom_ops.items())),
            "encoder_cudagraph_max_frames_per_batch": self.encoder_cudagraph_max_frames_per_batch,
            "encoder_cudagraph_max_vision_items_per_batch": self.encoder_cudagraph_max_vision_items_per_batch,
            "encoder_cudagraph_token_budgets": tuple(self.encoder_cudagraph_token_budgets),
            "fast_moe_cold_start": self.fast_moe_cold_start,
            "inductor_compile_config": _h.sorted_items((_h.canon(k0), _h.canon(v0)) for k0, v0 in self.inductor_compile_config.items()),
            "inductor_passes": tuple(sorted(self.inductor_passes.items())),
            "ir_enable_torch_wrap": self.ir_enable_torch_wrap,
            "max_cudagraph_capture_size": self.max_cudagraph_capture_size,
            "mode": _h.enum_name(self.mode),
            "pass_config": self.pass_config.compute_hash(),
            "splitting_ops": None if self.splitting_ops is None else tuple(self.splitting_ops),
            "static_all_moe_layers": tuple(self.static_all_moe_layers),
            "use_inductor_graph_partition": self.use_inductor_graph_partition,
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = _h.text_of(self, lambda: (  # names the field of a value without stable identity
            self.backend,
            self.compile_cache_save_format,
            self.compile_mm_encoder,
            None if self.compile_ranges_endpoints is None else tuple(self.compile_ranges_endpoints),
            None if self.compile_sizes is None else tuple(_h.canon(x0) for x0 in self.compile_sizes),
            None if self.cudagraph_capture_sizes is None else tuple(self.cudagraph_capture_sizes),
            self.cudagraph_copy_inputs,
            self.cudagraph_mm_encoder,
            _h.enum_name(self.cudagraph_mode),
            self.cudagraph_num_of_warmups,
            self.cudagraph_specialize_lora,
            tuple(self.custom_ops),
            tuple(sorted(self.disabled_custom_ops.items())),
            self.dynamic_shapes_config.compute_hash(),
            tuple(sorted(self.enabled_custom_ops.items())),
            self.encoder_cudagraph_max_frames_per_batch,
            self.encoder_cudagraph_max_vision_items_per_batch,
            tuple(self.encoder_cudagraph_token_budgets),
            self.fast_moe_cold_start,
            _h.sorted_items((_h.canon(k0), _h.canon(v0)) for k0, v0 in self.inductor_compile_config.items()),
            tuple(sorted(self.inductor_passes.items())),
            self.ir_enable_torch_wrap,
            self.max_cudagraph_capture_size,
            _h.enum_name(self.mode),
            self.pass_config.compute_hash(),
            None if self.splitting_ops is None else tuple(self.splitting_ops),
            tuple(self.static_all_moe_layers),
            self.use_inductor_graph_partition,
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_CompilationConfig.get(text)
        if digest is None:
            digest = _sha256(b"CompilationConfig:backend,compile_cache_save_format,compile_mm_encoder,compile_ranges_endpoints,compile_sizes,cudagraph_capture_sizes,cudagraph_copy_inputs,cudagraph_mm_encoder,cudagraph_mode,cudagraph_num_of_warmups,cudagraph_specialize_lora,custom_ops,disabled_custom_ops,dynamic_shapes_config,enabled_custom_ops,encoder_cudagraph_max_frames_per_batch,encoder_cudagraph_max_vision_items_per_batch,encoder_cudagraph_token_budgets,fast_moe_cold_start,inductor_compile_config,inductor_passes,ir_enable_torch_wrap,max_cudagraph_capture_size,mode,pass_config,splitting_ops,static_all_moe_layers,use_inductor_graph_partition:" + text.encode()).hexdigest()
            _h.remember(_MEMO_CompilationConfig, text, digest)
        return digest


_MEMO_CompilationConfig: dict[str, str] = {}
"""Canonical factor text -> digest for CompilationConfig.compute_hash (bounded by _h.remember)."""
