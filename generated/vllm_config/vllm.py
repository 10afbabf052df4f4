# Generated from schema/vllm.yaml by cfgc; do not edit.
"""Config classes: VllmConfig."""

from hashlib import sha256 as _sha256
from pathlib import Path
from typing import Any

from pydantic import Field, field_validator, model_validator

from cfgc.hooks import vllm as _hooks
from cfgc.runtime import hashing as _h
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config.attention import AttentionConfig
from vllm_config.cache import CacheConfig
from vllm_config.compilation import CompilationConfig
from vllm_config.device import DeviceConfig
from vllm_config.diffusion import DiffusionConfig
from vllm_config.ec_transfer import ECTransferConfig
from vllm_config.kernel import KernelConfig
from vllm_config.kv_events import KVEventsConfig
from vllm_config.kv_transfer import KVTransferConfig
from vllm_config.load import LoadConfig
from vllm_config.lora import LoRAConfig
from vllm_config.mamba import MambaConfig
from vllm_config.model import ModelConfig
from vllm_config.observability import ObservabilityConfig
from vllm_config.offload import OffloadConfig
from vllm_config.parallel import ParallelConfig
from vllm_config.profiler import ProfilerConfig
from vllm_config.reasoning import ReasoningConfig
from vllm_config.scheduler import SchedulerConfig
from vllm_config.speculative import SpeculativeConfig
from vllm_config.structured_outputs import StructuredOutputsConfig
from vllm_config.types import OptimizationLevel, PerformanceMode, QuantizationConfig, SupportsHash
from vllm_config.weight_transfer import WeightTransferConfig


@config
class VllmConfig:
    """The whole engine configuration: one sub-config per concern, plus the
    optimization level. Building it reconciles the parts (CUDA-graph sizes, compile
    ranges, asynchronous scheduling, KV offloading, ...). Its compute_hash() is the
    torch.compile cache key: every sub-config that can change the compiled graph,
    each by its own hash, plus the schema version.
    """

    model_config: ModelConfig = None  # unset: a post-init hook fills it in
    """The model: checkpoint, dtype, context length, tokenizer and so on. None until
    a model is given (a default config describes no model).
    """

    cache_config: CacheConfig = Field(default_factory=CacheConfig)
    """KV cache size, layout, dtype and prefix caching."""

    parallel_config: ParallelConfig = Field(default_factory=ParallelConfig)
    """Tensor, pipeline, data and expert parallelism and the executor backend."""

    scheduler_config: SchedulerConfig = None  # unset: a post-init hook fills it in
    """Per-step batching limits and scheduling policy. Left unset, a default one is
    built for an 8192-token, decoder-only model.
    """

    device_config: DeviceConfig = Field(default_factory=DeviceConfig)
    """Which device type runs the model."""

    load_config: LoadConfig = Field(default_factory=LoadConfig)
    """How and from where the weights are loaded."""

    offload_config: OffloadConfig = Field(default_factory=OffloadConfig)
    """Offloading of model weights to CPU memory."""

    attention_config: AttentionConfig = Field(default_factory=AttentionConfig)
    """Attention backend choice and its tuning knobs."""

    mamba_config: MambaConfig = Field(default_factory=MambaConfig)
    """Kernels and options for Mamba (state-space) layers."""

    kernel_config: KernelConfig = Field(default_factory=KernelConfig)
    """Kernel families for MoE and linear layers, IR op priorities, autotuning."""

    lora_config: LoRAConfig | None = None
    """LoRA adapter serving; None disables LoRA."""

    speculative_config: SpeculativeConfig | None = None
    """Speculative decoding; None disables it."""

    diffusion_config: DiffusionConfig | None = None
    """Settings for diffusion language models; None for ordinary autoregressive models."""

    structured_outputs_config: StructuredOutputsConfig = Field(default_factory=StructuredOutputsConfig)
    """Grammar backend and options for structured (constrained) outputs."""

    observability_config: ObservabilityConfig = Field(default_factory=ObservabilityConfig)
    """Metrics, tracing and request-timing collection."""

    quant_config: QuantizationConfig | None = None
    """The quantization method object, built from the model's checkpoint when a
    model is set. Not normally passed by users.
    """

    compilation_config: CompilationConfig = Field(default_factory=CompilationConfig)
    """torch.compile and CUDA-graph capture settings. On the command line, single
    options can be given as -cc.option=value (e.g. -cc.mode=3) or the whole
    config as JSON (e.g. {"mode": 3, "cudagraph_capture_sizes": [1, 2, 4, 8]}).
    """

    profiler_config: ProfilerConfig = Field(default_factory=ProfilerConfig)
    """Profiling (torch profiler, CUDA profiler) settings."""

    kv_transfer_config: KVTransferConfig | None = None
    """KV cache transfer between instances (prefill/decode disaggregation) or to
    offloading storage; None disables it.
    """

    kv_events_config: KVEventsConfig | None = None
    """Publishing of KV cache block events to external listeners; None disables it."""

    ec_transfer_config: ECTransferConfig | None = None
    """Encoder-cache transfer between instances (disaggregated encoders); None disables it."""

    reasoning_config: ReasoningConfig | None = None
    """Reasoning-model settings (thinking token ids and budgets); None when unused."""

    additional_config: dict[Any, Any] | SupportsHash = Field(default_factory=dict)
    """Extra platform-specific options (out-of-tree platforms and plugins read
    them). A dict, or an object with compute_hash(); it feeds the cache key, so
    its contents must be hashable.
    """

    instance_id: str = ""
    """Identifier of this engine instance, used to name profiler traces and logs.
    Always replaced by a timestamp when the config is built.
    """

    optimization_level: OptimizationLevel = OptimizationLevel.O2
    """Trade start-up time for speed: O0 starts fastest (no compilation, no CUDA
    graphs), O1 compiles with piecewise CUDA graphs, O2 (default) adds full
    CUDA graphs and more fusions, O3 is currently O2. Explicit settings always
    win over the level's defaults.
    """

    performance_mode: PerformanceMode = "balanced"
    """"balanced" (default); "interactivity" for low per-request latency at small
    batch sizes (fine-grained CUDA graphs up to 32); "throughput" for aggregate
    tokens per second under high concurrency.
    """

    weight_transfer_config: WeightTransferConfig | None = None
    """How trainers push new weights into the engine (RL); None when unused."""

    shutdown_timeout: _v.Int = Field(default=0, ge=0)
    """Seconds to let running requests finish on shutdown before aborting them. 0
    aborts at once.
    """

    @field_validator("model_config", mode="wrap")
    @classmethod
    def _skip_none_model_config(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("scheduler_config", mode="wrap")
    @classmethod
    def _skip_none_scheduler_config(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @model_validator(mode="after")
    def _model_after_0_check_nvfp4_kv_cache_with_mla(self) -> "VllmConfig":
        _hooks.check_nvfp4_kv_cache_with_mla(self)
        return self

    @model_validator(mode="after")
    def _model_after_1_check_mamba_block_size(self) -> "VllmConfig":
        _hooks.check_mamba_block_size(self)
        return self

    def __post_init__(self) -> None:
        _hooks.default_scheduler_config(self)
        _hooks.stamp_instance_id(self)
        _hooks.check_routed_experts(self)
        _hooks.check_mamba_stochastic_rounding(self)
        _hooks.resolve_async_scheduling(self)
        _hooks.default_nccl_for_dp_sync(self)
        _hooks.disable_cascade_attn_for_async_spec(self)
        _hooks.apply_enforce_eager(self)
        _hooks.apply_compile_env(self)
        _hooks.default_compilation_mode(self)
        _hooks.default_ir_torch_wrap(self)
        _hooks.default_custom_ops(self)
        _hooks.apply_optimization_level(self)
        _hooks.override_cudagraph_for_dynamic_spec(self)
        _hooks.drop_piecewise_without_compile(self)
        _hooks.apply_sequence_parallel_rules(self)
        _hooks.default_fast_moe_cold_start(self)
        _hooks.limit_scheduled_tokens_for_drafting(self)
        _hooks.resolve_cudagraph_mode_for_model(self)
        _hooks.set_cudagraph_sizes(self)
        _hooks.check_kv_sharing_fast_prefill(self)
        _hooks.warn_kv_events(self)
        _hooks.set_compile_ranges(self)
        _hooks.set_splitting_ops(self)
        _hooks.sequence_parallel_custom_ops(self)
        _hooks.check_final_cudagraph_mode(self)
        _hooks.apply_batch_invariance(self)
        _hooks.check_ubatching(self)
        _hooks.apply_kv_offloading(self)
        _hooks.resolve_hybrid_kv_cache_manager(self)
        _hooks.resolve_debug_dump_path(self)
        _hooks.check_kv_transfer_memory(self)

    @property
    def num_speculative_tokens(self) -> "int":
        """Tokens checked per decode step beyond the first (speculative drafts or a diffusion canvas); 0 without either."""
        return _hooks.num_speculative_tokens(self)

    @property
    def needs_dp_coordinator(self) -> "bool":
        """True when data parallelism needs the coordinator process (DP above 1 with an MoE model or internal load balancing)."""
        return _hooks.needs_dp_coordinator(self)

    def compile_debug_dump_path(self, *args: Any, **kwargs: Any) -> "Path | None":
        """This rank's folder for torch.compile debug dumps, or None when dumps are off."""
        return _hooks.compile_debug_dump_path(self, *args, **kwargs)

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "additional_config": _h.canon(self.additional_config),
            "attention_config": self.attention_config.compute_hash(),
            "cache_config": self.cache_config.compute_hash(),
            "compilation_config": self.compilation_config.compute_hash(),
            "device_config": self.device_config.compute_hash(),
            "ec_transfer_config": _h.nested(self.ec_transfer_config),
            "kernel_config": self.kernel_config.compute_hash(),
            "kv_transfer_config": _h.nested(self.kv_transfer_config),
            "load_config": self.load_config.compute_hash(),
            "lora_config": _h.nested(self.lora_config),
            "mm_encoder": _h.canon(_hooks.mm_encoder_hash(self)),
            "model_config": _h.nested(self.model_config),
            "observability_config": self.observability_config.compute_hash(),
            "offload_config": self.offload_config.compute_hash(),
            "parallel_config": self.parallel_config.compute_hash(),
            "profiler_config": self.profiler_config.compute_hash(),
            "scheduler_config": _h.nested(self.scheduler_config),
            "schema_version": _h.canon(_hooks.schema_version(self)),
            "speculative_config": _h.nested(self.speculative_config),
            "structured_outputs_config": self.structured_outputs_config.compute_hash(),
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = _h.text_of(self, lambda: (  # names the field of a value without stable identity
            _h.canon(self.additional_config),
            self.attention_config.compute_hash(),
            self.cache_config.compute_hash(),
            self.compilation_config.compute_hash(),
            self.device_config.compute_hash(),
            _h.nested(self.ec_transfer_config),
            self.kernel_config.compute_hash(),
            _h.nested(self.kv_transfer_config),
            self.load_config.compute_hash(),
            _h.nested(self.lora_config),
            _h.canon(_hooks.mm_encoder_hash(self)),
            _h.nested(self.model_config),
            self.observability_config.compute_hash(),
            self.offload_config.compute_hash(),
            self.parallel_config.compute_hash(),
            self.profiler_config.compute_hash(),
            _h.nested(self.scheduler_config),
            _h.canon(_hooks.schema_version(self)),
            _h.nested(self.speculative_config),
            self.structured_outputs_config.compute_hash(),
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_VllmConfig.get(text)
        if digest is None:
            digest = _sha256(b"VllmConfig:additional_config,attention_config,cache_config,compilation_config,device_config,ec_transfer_config,kernel_config,kv_transfer_config,load_config,lora_config,mm_encoder,model_config,observability_config,offload_config,parallel_config,profiler_config,scheduler_config,schema_version,speculative_config,structured_outputs_config:" + text.encode()).hexdigest()
            _h.remember(_MEMO_VllmConfig, text, digest)
        return digest


_MEMO_VllmConfig: dict[str, str] = {}
"""Canonical factor text -> digest for VllmConfig.compute_hash (bounded by _h.remember)."""
