# Generated from schema/vllm.yaml by cfgc; do not edit.
"""Config classes: VllmConfig."""

import logging
from hashlib import sha256 as _sha256
from pathlib import Path
from typing import Any

from pydantic import Field, field_validator, model_validator

from cfgc import checkpoint as _checkpoint
from cfgc.hooks import vllm as _hooks
from cfgc.runtime import context as _context
from cfgc.runtime import hashing as _h
from cfgc.runtime import names as _names
from cfgc.runtime import rules as _r
from cfgc.runtime import utils as _utils
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config import envs
from vllm_config import platforms as _platforms
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
from vllm_config.platforms import current_platform
from vllm_config.profiler import ProfilerConfig
from vllm_config.reasoning import ReasoningConfig
from vllm_config.scheduler import SchedulerConfig
from vllm_config.speculative import SpeculativeConfig
from vllm_config.structured_outputs import StructuredOutputsConfig
from vllm_config.types import (
    CompilationMode,
    CUDAGraphMode,
    OptimizationLevel,
    PerformanceMode,
    QuantizationConfig,
    SupportsHash,
)
from vllm_config.weight_transfer import WeightTransferConfig

_log = logging.getLogger(__name__)

def enable_norm_fusion(cfg: "VllmConfig") -> Any:
    """The table's default of `compilation_config.pass_config.fuse_norm_quant` for a VllmConfig."""
    return cfg.compilation_config.is_custom_op_enabled('rms_norm') or cfg.compilation_config.is_custom_op_enabled('quant_fp8') or (len(cfg.kernel_config.ir_op_priority.rms_norm) > 0 and cfg.kernel_config.ir_op_priority.rms_norm[0] != 'native')


def enable_act_fusion(cfg: "VllmConfig") -> Any:
    """The table's default of `compilation_config.pass_config.fuse_act_quant` for a VllmConfig."""
    return cfg.compilation_config.is_custom_op_enabled('silu_and_mul') or cfg.compilation_config.is_custom_op_enabled('quant_fp8') or (cfg.model_config is not None and cfg.model_config.is_nvfp4_quantized())


def enable_norm_pad_fusion(cfg: "VllmConfig") -> Any:
    """The table's default of `compilation_config.pass_config.fuse_act_padding` for a VllmConfig."""
    return len(cfg.kernel_config.ir_op_priority.fused_add_rms_norm) > 0 and cfg.kernel_config.ir_op_priority.fused_add_rms_norm[0] == 'aiter' and (cfg.model_config is not None) and (cfg.model_config.get_hidden_size() == 2880)


def enable_mla_dual_rms_norm_fusion(cfg: "VllmConfig") -> Any:
    """The table's default of `compilation_config.pass_config.fuse_mla_dual_rms_norm` for a VllmConfig."""
    return None


def enable_allreduce_rms_fusion(cfg: "VllmConfig") -> Any:
    """The table's default of `compilation_config.pass_config.fuse_allreduce_rms` for a VllmConfig."""
    return False if cfg.parallel_config.tensor_parallel_size == 1 or current_platform.device_type != 'cuda' else None


def enable_rope_kvcache_fusion(cfg: "VllmConfig") -> Any:
    """The table's default of `compilation_config.pass_config.fuse_rope_kvcache` for a VllmConfig."""
    return None


def enable_rope_kvcache_mla_fusion(cfg: "VllmConfig") -> Any:
    """The table's default of `compilation_config.pass_config.fuse_rope_kvcache_cat_mla` for a VllmConfig."""
    return cfg.compilation_config.use_inductor_graph_partition or not cfg.compilation_config.splitting_ops_contain_kv_cache_update()


LEVEL_DEFAULTS: dict[OptimizationLevel, dict[str, Any]] = {
    OptimizationLevel.O0: {
        "compilation_config": {
            "pass_config": {
                "fuse_norm_quant": False,
                "fuse_act_quant": False,
                "fuse_allreduce_rms": False,
                "fuse_attn_quant": False,
                "enable_sp": False,
                "fuse_gemm_comms": False,
                "fuse_act_padding": False,
                "fuse_mla_dual_rms_norm": False,
                "fuse_rope_kvcache": False,
                "fuse_rope_kvcache_cat_mla": False,
            },
            "cudagraph_mode": CUDAGraphMode.NONE,
            "use_inductor_graph_partition": False,
        },
        "kernel_config": {
            "enable_flashinfer_autotune": False,
        },
    },
    OptimizationLevel.O1: {
        "compilation_config": {
            "pass_config": {
                "fuse_norm_quant": enable_norm_fusion,
                "fuse_act_quant": enable_act_fusion,
                "fuse_allreduce_rms": False,
                "fuse_attn_quant": False,
                "enable_sp": False,
                "fuse_gemm_comms": False,
                "fuse_act_padding": enable_norm_pad_fusion,
                "fuse_mla_dual_rms_norm": enable_mla_dual_rms_norm_fusion,
                "fuse_rope_kvcache": False,
                "fuse_rope_kvcache_cat_mla": False,
            },
            "cudagraph_mode": CUDAGraphMode.PIECEWISE,
            "use_inductor_graph_partition": False,
        },
        "kernel_config": {
            "enable_flashinfer_autotune": True,
        },
    },
    OptimizationLevel.O2: {
        "compilation_config": {
            "pass_config": {
                "fuse_norm_quant": enable_norm_fusion,
                "fuse_act_quant": enable_act_fusion,
                "fuse_allreduce_rms": enable_allreduce_rms_fusion,
                "fuse_attn_quant": False,
                "enable_sp": False,
                "fuse_gemm_comms": False,
                "fuse_act_padding": enable_norm_pad_fusion,
                "fuse_mla_dual_rms_norm": enable_mla_dual_rms_norm_fusion,
                "fuse_rope_kvcache": enable_rope_kvcache_fusion,
                "fuse_rope_kvcache_cat_mla": enable_rope_kvcache_mla_fusion,
            },
            "cudagraph_mode": CUDAGraphMode.FULL_AND_PIECEWISE,
            "use_inductor_graph_partition": False,
        },
        "kernel_config": {
            "enable_flashinfer_autotune": True,
        },
    },
    OptimizationLevel.O3: {
        "compilation_config": {
            "pass_config": {
                "fuse_norm_quant": enable_norm_fusion,
                "fuse_act_quant": enable_act_fusion,
                "fuse_allreduce_rms": enable_allreduce_rms_fusion,
                "fuse_attn_quant": False,
                "enable_sp": False,
                "fuse_gemm_comms": False,
                "fuse_act_padding": enable_norm_pad_fusion,
                "fuse_mla_dual_rms_norm": enable_mla_dual_rms_norm_fusion,
                "fuse_rope_kvcache": enable_rope_kvcache_fusion,
                "fuse_rope_kvcache_cat_mla": enable_rope_kvcache_mla_fusion,
            },
            "cudagraph_mode": CUDAGraphMode.FULL_AND_PIECEWISE,
            "use_inductor_graph_partition": False,
        },
        "kernel_config": {
            "enable_flashinfer_autotune": True,
        },
    },
}

#: What each optimization level fills in, by level: per config a nested dict of values, or of functions of the VllmConfig for values computed from it. Building a VllmConfig reads this name when it applies the level, so replacing it changes the build, as in vLLM.
OPTIMIZATION_LEVEL_TO_CONFIG = LEVEL_DEFAULTS

#: The row of OPTIMIZATION_LEVEL_TO_CONFIG for level O0 (the same dict).
OPTIMIZATION_LEVEL_00 = LEVEL_DEFAULTS[OptimizationLevel.O0]

#: The row of OPTIMIZATION_LEVEL_TO_CONFIG for level O1 (the same dict).
OPTIMIZATION_LEVEL_01 = LEVEL_DEFAULTS[OptimizationLevel.O1]

#: The row of OPTIMIZATION_LEVEL_TO_CONFIG for level O2 (the same dict).
OPTIMIZATION_LEVEL_02 = LEVEL_DEFAULTS[OptimizationLevel.O2]

#: The row of OPTIMIZATION_LEVEL_TO_CONFIG for level O3 (the same dict).
OPTIMIZATION_LEVEL_03 = LEVEL_DEFAULTS[OptimizationLevel.O3]

#: The level table's answer to "is the model quantized" (attention + quant fusion): always False for now, as in vLLM.
IS_QUANTIZED = False

#: The level table's answer to "is the model dense" (sequence parallelism, GEMM + communication fusion): always False for now, as in vLLM.
IS_DENSE = False

#: A copy of a config with some fields changed, validated again (the helper vllm_config.utils exports, also reachable here as in vLLM's module).
replace = _utils.replace

#: Context manager making a VllmConfig the current one.
set_current_vllm_config = _context.set_current_vllm_config

#: The current VllmConfig (an AssertionError outside set_current_vllm_config).
get_current_vllm_config = _context.get_current_vllm_config

#: The current VllmConfig, or None.
get_current_vllm_config_or_none = _context.get_current_vllm_config_or_none

#: The current config's compilation_config, cached per context.
get_cached_compilation_config = _context.get_cached_compilation_config

#: The layers of the static forward context of a given type, by name.
get_layers_from_vllm_config = _context.get_layers_from_vllm_config

#: Whether vLLM's Triton kernels can run here (Triton installed, a GPU driver active), decided at import (vLLM's module imports it in every release): from 0.33.0 read by use_v2_model_runner when it is called, so setting it on this module changes the default model runner, as in vLLM.
HAS_TRITON = _names.HAS_TRITON


@config
class VllmConfig:
    """The whole engine configuration: one sub-config per concern, plus the
    optimization level. Building it reconciles the parts (CUDA-graph sizes, compile
    ranges, asynchronous scheduling, KV offloading, ...). Its compute_hash() is the
    torch.compile cache key: every sub-config that can change the compiled graph,
    each by its own hash, plus the schema version.
    """

    model_config: ModelConfig = None  # unset: filled in after construction
    """The model: checkpoint, dtype, context length, tokenizer and so on. None until
    a model is given (a default config describes no model).
    """

    cache_config: CacheConfig = Field(default_factory=CacheConfig)
    """KV cache size, layout, dtype and prefix caching."""

    parallel_config: ParallelConfig = Field(default_factory=ParallelConfig)
    """Tensor, pipeline, data and expert parallelism and the executor backend."""

    scheduler_config: SchedulerConfig = None  # unset: filled in after construction
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

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if self.scheduler_config is None:
            self.scheduler_config = SchedulerConfig(max_model_len=8192, is_encoder_decoder=False)
        if _r.from_flags() and self.model_config is not None and not _r.given(self, 'scheduler_config.enable_chunked_prefill'):
            self.scheduler_config.enable_chunked_prefill = self.model_config.is_chunked_prefill_supported
        if _r.from_flags() and self.model_config is not None and not _r.given(self, 'cache_config.enable_prefix_caching'):
            self.cache_config.enable_prefix_caching = self.model_config.is_prefix_caching_supported
        if _r.from_flags() and not _r.given(self, 'scheduler_config.max_num_batched_tokens'):
            self.scheduler_config.max_num_batched_tokens = ((2048 * self.parallel_config.pipeline_parallel_size) * self.parallel_config.tensor_parallel_size if current_platform.device_type == 'cpu' else self.scheduler_config.max_num_batched_tokens) * (2 if self.performance_mode == 'throughput' else 1)
        if _r.from_flags() and not _r.given(self, 'scheduler_config.max_num_batched_tokens') and not self.scheduler_config.enable_chunked_prefill and self.model_config is not None:
            self.scheduler_config.max_num_batched_tokens = max(self.model_config.max_model_len, self.scheduler_config.max_num_batched_tokens)
        if _r.from_flags() and not _r.given(self, 'scheduler_config.max_num_seqs'):
            self.scheduler_config.max_num_seqs = ((128 * self.parallel_config.pipeline_parallel_size) * self.parallel_config.tensor_parallel_size if current_platform.device_type == 'cpu' else self.scheduler_config.max_num_seqs) * (2 if self.performance_mode == 'throughput' else 1)
        if _r.from_flags() and not _r.given(self, 'scheduler_config.max_num_batched_tokens') and self.model_config is not None:
            self.scheduler_config.max_num_batched_tokens = min(self.scheduler_config.max_num_seqs * self.model_config.max_model_len, self.scheduler_config.max_num_batched_tokens)
        if _r.from_flags() and not _r.given(self, 'scheduler_config.max_num_seqs'):
            self.scheduler_config.max_num_seqs = min(self.scheduler_config.max_num_seqs, self.scheduler_config.max_num_batched_tokens)
        if _r.from_flags() and not _r.given(self, 'scheduler_config.max_num_batched_tokens'):
            self.scheduler_config.max_num_encoder_input_tokens = self.scheduler_config.max_num_batched_tokens
        if _r.from_flags() and not _r.given(self, 'scheduler_config.max_num_batched_tokens'):
            self.scheduler_config.encoder_cache_size = self.scheduler_config.max_num_batched_tokens
        packed_kv_cache = _r.from_flags() and self.cache_config.cache_dtype.startswith('turboquant_')
        if (packed_kv_cache and self.model_config is not None and self.model_config.is_hybrid) and not (any(t in ('full_attention', 'attention') for t in getattr(self.model_config.hf_text_config, 'layer_types', None)) if getattr(self.model_config.hf_text_config, 'layer_types', None) is not None else (any(t in ('attention', 'hybrid') for t in getattr(self.model_config.hf_text_config, 'layers_block_type', None)) if getattr(self.model_config.hf_text_config, 'layers_block_type', None) is not None else any(t == 1 for t in getattr(self.model_config.hf_config, 'attn_type_list', None) or []))):
            raise _r.NotSupportedError('a TurboQuant KV cache on a hybrid model needs its full-attention layers named in the model config (layer_types, layers_block_type or attn_type_list); none found', ["model_config.is_hybrid", "model_config.hf_text_config", "model_config.hf_config"], self)
        boundary_layer_count = (int(getattr(self.model_config.hf_text_config, 'num_hidden_layers', 0)) if packed_kv_cache and self.model_config is not None and not self.model_config.is_hybrid else 0)
        boundary_layers = sorted(set(list(range(min(2, boundary_layer_count // 2))) + list(range(boundary_layer_count - min(2, boundary_layer_count // 2), boundary_layer_count))))
        if (packed_kv_cache and self.model_config is not None) and not (all(s.isdigit() for s in self.cache_config.kv_cache_dtype_skip_layers)):
            raise _r.RuleError(f'with a TurboQuant KV cache, kv_cache_dtype_skip_layers must hold layer indices, got {self.cache_config.kv_cache_dtype_skip_layers}', ["model_config", "cache_config.kv_cache_dtype_skip_layers"], self)
        if packed_kv_cache and self.model_config is not None:
            self.cache_config.kv_cache_dtype_skip_layers = [str(i) for i in sorted(set([int(s) for s in self.cache_config.kv_cache_dtype_skip_layers] + boundary_layers))]
        if packed_kv_cache and (self.attention_config.flash_attn_version is None or self.attention_config.flash_attn_version >= 3):
            _log.warning(f'the {self.cache_config.cache_dtype} KV cache does not work with FlashAttention 3 or later yet: flash_attn_version is 2 (pass 2 yourself to silence this)')
            self.attention_config.flash_attn_version = 2
        _checkpoint.quant_config(self)
        self.instance_id = str(_r.time_ns())
        if _r.from_flags() and self.model_config is not None and self.model_config.runner_type is not None:
            self.scheduler_config.runner_type = self.model_config.runner_type
        if self.model_config is not None:
            self.model_config.verify_with_parallel_config(self.parallel_config)
        if self.lora_config is not None and self.model_config is not None:
            self.lora_config.verify_with_model_config(self.model_config)
        if self.model_config is not None:
            self.parallel_config.is_moe_model = self.model_config.is_moe
        if (_r.from_flags()) and not (self.scheduler_config.max_num_partial_prefills == 1 and self.scheduler_config.max_long_partial_prefills == 1):
            raise _r.NotSupportedError(f'concurrent partial prefills are not supported by the engine yet: leave max_num_partial_prefills ({self.scheduler_config.max_num_partial_prefills}) and max_long_partial_prefills ({self.scheduler_config.max_long_partial_prefills}) at 1', ["scheduler_config.max_num_partial_prefills", "scheduler_config.max_long_partial_prefills"], self)
        if (_r.from_flags() and self.parallel_config.pipeline_parallel_size > 1 and isinstance(self.parallel_config.distributed_executor_backend, str)) and self.parallel_config.distributed_executor_backend not in ('ray', 'mp', 'external_launcher'):
            raise _r.NotSupportedError(f"pipeline parallelism needs the 'mp', 'ray' or 'external_launcher' executor, not {self.parallel_config.distributed_executor_backend!r}", ["parallel_config.pipeline_parallel_size", "parallel_config.distributed_executor_backend"], self)
        if (_r.from_flags() and self.model_config is not None and ((self.lora_config is not None and self.lora_config.default_mm_loras is not None and len(self.lora_config.default_mm_loras) > 0) or (self.lora_config is None and _r.unused(self, 'lora_config.default_mm_loras')))) and self.model_config.multimodal_config is None:
            raise _r.RuleError('default_mm_loras names per-modality LoRA adapters, but this model takes no multimodal input', ["lora_config.default_mm_loras", "model_config.multimodal_config"], self)
        if (_r.from_flags() and self.model_config is not None and self.parallel_config.data_parallel_size > 1 and self.parallel_config.data_parallel_external_lb) and not (self.model_config.is_moe):
            raise _r.RuleError('external data-parallel load balancing needs an MoE model; for a dense model run independent engines without data-parallel flags', ["parallel_config.data_parallel_size", "parallel_config.data_parallel_external_lb", "model_config.is_moe"], self)
        if (_r.from_flags() and self.lora_config is not None and self.speculative_config is not None and self.speculative_config.num_speculative_tokens is not None) and not (self.scheduler_config.max_num_batched_tokens >= (self.scheduler_config.max_num_seqs * (self.speculative_config.num_speculative_tokens + 1))):
            raise _r.RuleError(f'with LoRA, max_num_batched_tokens ({self.scheduler_config.max_num_batched_tokens}) must hold max_num_seqs x (num_speculative_tokens + 1) = {self.scheduler_config.max_num_seqs * (self.speculative_config.num_speculative_tokens + 1)} tokens; raise it or lower num_speculative_tokens', ["lora_config", "speculative_config.num_speculative_tokens", "scheduler_config.max_num_batched_tokens", "scheduler_config.max_num_seqs"], self)
        if _r.from_flags() and self.model_config is not None and self.model_config.quantization == 'bitsandbytes':
            self.load_config.load_format = 'bitsandbytes'
        if _r.from_flags() and self.structured_outputs_config.reasoning_parser != '' and self.reasoning_config is None:
            self.reasoning_config = ReasoningConfig(reasoning_parser=self.structured_outputs_config.reasoning_parser)
        if _r.from_flags() and self.structured_outputs_config.reasoning_parser != '' and self.reasoning_config is not None:
            self.reasoning_config.reasoning_parser = self.structured_outputs_config.reasoning_parser
        if (self.reasoning_config is not None and self.model_config is not None and self.model_config.tokenizer == self.model_config.model and not self.model_config.skip_tokenizer_init) and not (self.model_config.has_tokenizer_files):
            raise _r.RuleError(f"reasoning needs the model's tokenizer to find its start and end tokens, and {self.model_config.tokenizer!r} has no tokenizer files", ["reasoning_config", "model_config.tokenizer", "model_config.model", "model_config.skip_tokenizer_init", "model_config.has_tokenizer_files"], self)
        if (self.model_config is not None and self.model_config.enable_return_routed_experts) and not (self.parallel_config.pipeline_parallel_size <= 1):
            raise _r.RuleError('enable_return_routed_experts does not work with pipeline parallelism (pipeline_parallel_size > 1)', ["model_config.enable_return_routed_experts", "parallel_config.pipeline_parallel_size"], self)
        if (self.model_config is not None and self.model_config.enable_return_routed_experts) and not ((None if self.kv_transfer_config is None else self.kv_transfer_config.kv_connector) is None or (None if self.kv_transfer_config is None else self.kv_transfer_config.kv_role) is None):
            raise _r.RuleError('enable_return_routed_experts does not work with a KV connector (disaggregated prefill or KV offloading)', ["model_config.enable_return_routed_experts", "kv_transfer_config.kv_connector", "kv_transfer_config.kv_role"], self)
        if (_r.from_flags() and self.model_config is not None and not self.scheduler_config.enable_chunked_prefill) and not (self.scheduler_config.max_num_batched_tokens >= self.model_config.max_model_len):
            raise _r.RuleError(f'max_num_batched_tokens ({self.scheduler_config.max_num_batched_tokens}) is below max_model_len ({self.model_config.max_model_len}) with chunked prefill off (this model does not support it), so longer sequences could never run: raise max_num_batched_tokens or lower max_model_len', ["scheduler_config.enable_chunked_prefill", "scheduler_config.max_num_batched_tokens", "model_config.max_model_len"], self)
        if (self.mamba_config.enable_stochastic_rounding) and not (self.cache_config.mamba_ssm_cache_dtype == 'float16'):
            raise _r.RuleError("Mamba stochastic rounding needs mamba_ssm_cache_dtype='float16'; set it, or turn stochastic rounding off", ["mamba_config.enable_stochastic_rounding", "cache_config.mamba_ssm_cache_dtype"], self)
        if (bool(self.scheduler_config.async_scheduling) and self.speculative_config is not None) and not (self.drafter_supports_async_scheduling or self.speculative_config.method == 'draft_model'):
            raise _r.RuleError(f'asynchronous scheduling works only with EAGLE, MTP, draft-model or GPU n-gram speculative decoding, not {self.speculative_config.method!r}', ["scheduler_config.async_scheduling", "drafter_supports_async_scheduling", "speculative_config.method"], self)
        if (bool(self.scheduler_config.async_scheduling) and self.speculative_config is not None) and not (not self.speculative_config.disable_padded_drafter_batch):
            raise _r.RuleError('asynchronous scheduling does not work with disable_padded_drafter_batch=True', ["scheduler_config.async_scheduling", "speculative_config.disable_padded_drafter_batch"], self)
        if (bool(self.scheduler_config.async_scheduling)) and not (self.executor_supports_async_scheduling):
            raise _r.RuleError(f'executor backend {self.parallel_config.distributed_executor_backend!r} does not support asynchronous scheduling', ["scheduler_config.async_scheduling", "executor_supports_async_scheduling"], self)
        if self.scheduler_config.async_scheduling is None and self.is_pooling_model:
            _log.info('asynchronous scheduling disabled: it slows pooling models down')
        if self.scheduler_config.async_scheduling is None and not self.is_pooling_model and self.speculative_config is not None and not self.drafter_supports_async_scheduling:
            _log.info(f'asynchronous scheduling disabled: speculative method {self.speculative_config.method!r} does not support it')
        if self.scheduler_config.async_scheduling is None and not self.is_pooling_model and self.drafter_supports_async_scheduling and self.speculative_config is not None and self.speculative_config.disable_padded_drafter_batch:
            _log.info('asynchronous scheduling disabled: disable_padded_drafter_batch=True')
        if self.scheduler_config.async_scheduling is None and not self.is_pooling_model and (self.speculative_config is None or (self.drafter_supports_async_scheduling and not self.speculative_config.disable_padded_drafter_batch)) and not self.executor_supports_async_scheduling:
            _log.info(f'asynchronous scheduling disabled: executor backend {self.parallel_config.distributed_executor_backend!r} does not support it')
        if self.scheduler_config.async_scheduling is None:
            self.scheduler_config.async_scheduling = not self.is_pooling_model and (self.speculative_config is None or (self.drafter_supports_async_scheduling and not self.speculative_config.disable_padded_drafter_batch)) and self.executor_supports_async_scheduling
        if self.parallel_config.disable_nccl_for_dp_synchronization is None:
            self.parallel_config.disable_nccl_for_dp_synchronization = bool(self.scheduler_config.async_scheduling)
        if self.model_config is not None and self.speculative_config is not None and bool(self.scheduler_config.async_scheduling) and not self.model_config.disable_cascade_attn:
            _log.warning('cascade attention disabled: not supported with asynchronous speculative decoding')
            self.model_config.disable_cascade_attn = True
        if self.model_config is not None and self.model_config.enforce_eager:
            self.compilation_config.mode = CompilationMode.NONE
        if self.model_config is not None and self.model_config.enforce_eager:
            self.compilation_config.cudagraph_mode = CUDAGraphMode.NONE
        if _r.env('TORCH_COMPILE_DISABLE', '', envs) == '1':
            _log.warning('TORCH_COMPILE_DISABLE=1: torch.compile disabled')
            self.compilation_config.mode = CompilationMode.NONE
        if _r.env('VLLM_USE_BREAKABLE_CUDAGRAPH', '0', envs) == '1':
            _log.warning("VLLM_USE_BREAKABLE_CUDAGRAPH=1: vLLM's compile pipeline disabled")
            self.compilation_config.mode = CompilationMode.NONE
        if self.has_blocked_weights and '-quant_fp8' not in self.compilation_config.custom_ops:
            self.compilation_config.custom_ops = self.compilation_config.custom_ops + ['+quant_fp8']
        if self.compilation_config.mode is None:
            self.compilation_config.mode = (CompilationMode.VLLM_COMPILE if self.optimization_level > OptimizationLevel.O0 else CompilationMode.NONE)
        if self.compilation_config.ir_enable_torch_wrap is None:
            self.compilation_config.ir_enable_torch_wrap = self.compilation_config.mode == CompilationMode.VLLM_COMPILE and self.compilation_config.backend in ('', 'inductor')
        if 'all' not in self.compilation_config.custom_ops and 'none' not in self.compilation_config.custom_ops:
            self.compilation_config.custom_ops = self.compilation_config.custom_ops + [('none' if self.compilation_config.backend in ('', 'inductor') and self.compilation_config.mode != CompilationMode.NONE else 'all')]
        if current_platform.ir_op_priority_on_build:
            _platforms.add_ir_op_priority(self.kernel_config.ir_op_priority, current_platform.device_type, self.compilation_config.backend == 'inductor' and self.compilation_config.mode != CompilationMode.NONE)
        _r.apply_defaults(self, OPTIMIZATION_LEVEL_TO_CONFIG[self.optimization_level])
        if self.speculative_config is not None and self.speculative_config.uses_dynamic_speculative_decoding() and self.compilation_config.cudagraph_mode.has_full_cudagraphs():
            _log.warning(f'dynamic speculative decoding: cudagraph_mode {self.compilation_config.cudagraph_mode.name} -> PIECEWISE')
            self.compilation_config.cudagraph_mode = CUDAGraphMode.PIECEWISE
        if self.compilation_config.cudagraph_mode.requires_piecewise_compilation() and self.compilation_config.mode != CompilationMode.VLLM_COMPILE and _r.env('VLLM_USE_BREAKABLE_CUDAGRAPH', '0', envs) != '1':
            _log.info(f'cudagraph_mode {self.compilation_config.cudagraph_mode.name} needs compilation mode VLLM_COMPILE; using NONE')
            self.compilation_config.cudagraph_mode = CUDAGraphMode.NONE
        if self.compilation_config.pass_config.fuse_gemm_comms:
            self.compilation_config.pass_config.enable_sp = True
        if self.compilation_config.pass_config.enable_sp and self.parallel_config.tensor_parallel_size == 1:
            _log.warning('sequence parallelism needs tensor_parallel_size > 1; disabled')
            self.compilation_config.pass_config.fuse_gemm_comms = False
        if self.compilation_config.pass_config.enable_sp and self.parallel_config.tensor_parallel_size == 1:
            self.compilation_config.pass_config.enable_sp = False
        self.compilation_config.fast_moe_cold_start = False
        if self.speculative_config is not None and self.scheduler_config.max_num_scheduled_tokens is None:
            self.scheduler_config.max_num_scheduled_tokens = self.scheduler_config.max_num_batched_tokens - (self.speculative_config.max_num_new_slots_for_drafting * self.scheduler_config.max_num_seqs)
        if (self.speculative_config is not None and self.scheduler_config.max_num_scheduled_tokens is not None) and not (self.scheduler_config.max_num_scheduled_tokens > 0):
            raise _r.RuleError(f'max_num_scheduled_tokens is {self.scheduler_config.max_num_scheduled_tokens} after reserving {self.speculative_config.max_num_new_slots_for_drafting * self.scheduler_config.max_num_seqs} draft slots (speculative decoding), so nothing could be scheduled; raise max_num_batched_tokens or lower num_speculative_tokens or max_num_seqs', ["speculative_config", "scheduler_config.max_num_scheduled_tokens"], self)
        if self.speculative_config is not None and self.scheduler_config.max_num_scheduled_tokens is not None and self.scheduler_config.max_num_scheduled_tokens < 8192:
            _log.warning(f'max_num_scheduled_tokens is {self.scheduler_config.max_num_scheduled_tokens} after reserving draft slots; raising max_num_batched_tokens may help throughput')
        if (self.speculative_config is not None and self.scheduler_config.max_num_scheduled_tokens is not None) and not (self.scheduler_config.max_num_batched_tokens >= (self.scheduler_config.max_num_scheduled_tokens + (self.speculative_config.max_num_new_slots_for_drafting * self.scheduler_config.max_num_seqs))):
            raise _r.RuleError(f'max_num_scheduled_tokens ({self.scheduler_config.max_num_scheduled_tokens}) leaves no room for the {self.speculative_config.max_num_new_slots_for_drafting * self.scheduler_config.max_num_seqs} draft slots within max_num_batched_tokens ({self.scheduler_config.max_num_batched_tokens})', ["scheduler_config.max_num_scheduled_tokens", "scheduler_config.max_num_batched_tokens", "speculative_config.max_num_new_slots_for_drafting", "scheduler_config.max_num_seqs"], self)
        if not current_platform.supports_cudagraphs:
            self.compilation_config.cudagraph_mode = CUDAGraphMode.NONE
        if self.model_config is not None and self.compilation_config.cudagraph_mode.has_full_cudagraphs() and self.model_config.pooler_config is not None:
            _log.warning('pooling models do not support full CUDA graphs; using PIECEWISE')
        if self.model_config is not None and not (self.compilation_config.cudagraph_mode.has_full_cudagraphs() and self.model_config.pooler_config is not None) and self.model_config.is_encoder_decoder and self.compilation_config.cudagraph_mode not in (CUDAGraphMode.NONE, CUDAGraphMode.FULL_DECODE_ONLY):
            _log.info('encoder-decoder models support only FULL_DECODE_ONLY CUDA graphs')
        if self.model_config is not None and ((self.compilation_config.cudagraph_mode.has_full_cudagraphs() and self.model_config.pooler_config is not None) or (self.model_config.is_encoder_decoder and self.compilation_config.cudagraph_mode not in (CUDAGraphMode.NONE, CUDAGraphMode.FULL_DECODE_ONLY))):
            self.compilation_config.cudagraph_mode = (CUDAGraphMode.PIECEWISE if self.compilation_config.cudagraph_mode.has_full_cudagraphs() and self.model_config.pooler_config is not None else CUDAGraphMode.FULL_DECODE_ONLY)
        if self.model_config is not None and self.model_config.enforce_eager:
            self.compilation_config.cudagraph_mode = CUDAGraphMode.NONE
        if current_platform.supports_cudagraphs and self.model_config is not None and self.model_config.enforce_eager:
            self.compilation_config.max_cudagraph_capture_size = 0
        if current_platform.supports_cudagraphs and self.model_config is not None and self.model_config.enforce_eager:
            self.compilation_config.cudagraph_capture_sizes = []
        if current_platform.supports_cudagraphs and not (self.model_config is not None and self.model_config.enforce_eager):
            self.compilation_config.cudagraph_num_of_warmups = 1
        if current_platform.supports_cudagraphs:
            self.compilation_config._resolve_cudagraph_capture_sizes(self.model_config is not None and not self.model_config.enforce_eager and self.compilation_config.cudagraph_mode != CUDAGraphMode.NONE, self.scheduler_config.max_num_seqs, self.scheduler_config.max_num_batched_tokens, self.num_speculative_tokens, self.performance_mode == 'interactivity', self.parallel_config.tensor_parallel_size)
        if (self.cache_config.kv_sharing_fast_prefill) and not (not (self.speculative_config is not None and self.speculative_config.use_eagle())):
            raise _r.RuleError('kv_sharing_fast_prefill does not work with EAGLE-style speculative decoding, which needs correct logits for every prompt token', ["cache_config.kv_sharing_fast_prefill", "speculative_config"], self)
        if self.cache_config.kv_sharing_fast_prefill:
            _log.warning('kv_sharing_fast_prefill needs model-side support to be correct')
        if self.kv_events_config is not None and self.kv_events_config.enable_kv_cache_events and not self.cache_config.enable_prefix_caching:
            _log.warning('KV cache events are on but prefix caching is off; enable it')
        if self.kv_events_config is not None and self.kv_events_config.publisher != 'null' and not self.kv_events_config.enable_kv_cache_events:
            _log.warning('a KV event publisher is configured but KV cache events are off')
        if self.model_config is not None and not current_platform.supports_cascade_attention:
            self.model_config.disable_cascade_attn = True
        if not current_platform.supports_async_scheduling:
            self.scheduler_config.async_scheduling = False
        if current_platform.needs_mp_executor and self.parallel_config.distributed_executor_backend == 'uni' and _r.env('VLLM_ENABLE_V1_MULTIPROCESSING', '1', envs) == '1':
            self.parallel_config.distributed_executor_backend = 'mp'
        if self.parallel_config.worker_cls == 'auto':
            self.parallel_config.worker_cls = current_platform.worker_cls
        if self.parallel_config.enable_dbo and not current_platform.supports_dbo:
            _log.warning(f'dual-batch overlap is not available on the {current_platform.device_type} platform; disabled')
            self.parallel_config.enable_dbo = False
        if not current_platform.supports_cudagraphs:
            self.compilation_config.cudagraph_capture_sizes = []
        if current_platform.compile_traces_once and self.compilation_config.mode == CompilationMode.VLLM_COMPILE:
            self.compilation_config.backend = ('eager' if _r.env('VLLM_CPU_CI_ENV', '0', envs) != '0' else current_platform.compile_backend)
        if current_platform.compile_traces_once and self.compilation_config.mode == CompilationMode.VLLM_COMPILE:
            self.compilation_config.inductor_compile_config = self.compilation_config.inductor_compile_config | current_platform.inductor_compile_config
        if current_platform.compile_traces_once and self.compilation_config.mode == CompilationMode.VLLM_COMPILE:
            self.compilation_config.ir_enable_torch_wrap = False
        if current_platform.compile_traces_once and self.compilation_config.mode == CompilationMode.VLLM_COMPILE:
            self.compilation_config.mode = CompilationMode.DYNAMO_TRACE_ONCE
        if self.lora_config is not None and not current_platform.compiles_with_lora:
            self.compilation_config.mode = CompilationMode.NONE
        if not current_platform.supports_cuda_profiler_time:
            self.profiler_config.torch_profiler_dump_cuda_time_total = False
        self.compilation_config._resolve_compile_ranges_endpoints(self.scheduler_config.max_num_batched_tokens)
        self.compilation_config.set_splitting_ops_for_v1(self.parallel_config.all2all_backend, (1 if self.model_config is not None and not self.model_config.is_moe else self.parallel_config.data_parallel_size))
        if self.compilation_config.pass_config.enable_sp and self.compilation_config.mode != CompilationMode.VLLM_COMPILE:
            _log.warning(f'sequence parallelism is on but compilation mode is {self.compilation_config.mode}')
        if self.compilation_config.pass_config.enable_sp and self.parallel_config.pipeline_parallel_size > 1 and '-rms_norm' not in self.compilation_config.custom_ops:
            self.compilation_config.custom_ops = self.compilation_config.custom_ops + ['+rms_norm']
        if self.compilation_config.pass_config.enable_sp and self.parallel_config.pipeline_parallel_size > 1 and '-rms_norm' in self.compilation_config.custom_ops:
            _log.warning('sequence parallelism with pipeline parallelism needs the custom rms_norm op, which custom_ops disables')
        if self.compilation_config.cudagraph_mode.has_full_cudagraphs() and self.model_config is not None and not self.model_config.disable_cascade_attn and not self.compilation_config.cudagraph_mode.has_piecewise_cudagraphs():
            _log.warning('no piecewise CUDA graph for cascade attention: such batches run eagerly')
        if (self.compilation_config.cudagraph_mode.requires_piecewise_compilation()) and not (self.compilation_config.mode == CompilationMode.VLLM_COMPILE or _r.env('VLLM_USE_BREAKABLE_CUDAGRAPH', '0', envs) == '1'):
            raise _r.RuleError(f'cudagraph_mode {self.compilation_config.cudagraph_mode.name} needs compilation mode VLLM_COMPILE, got {self.compilation_config.mode}', ["compilation_config.cudagraph_mode", "compilation_config.mode"], self)
        if self.model_config is not None and _r.env('VLLM_BATCH_INVARIANT', 0, envs) != 0 and not self.model_config.disable_cascade_attn:
            _log.warning('cascade attention disabled: VLLM_BATCH_INVARIANT is set')
            self.model_config.disable_cascade_attn = True
        if (self.parallel_config.use_ubatching) and self.parallel_config.all2all_backend not in ('deepep_low_latency', 'deepep_high_throughput', 'nixl_ep'):
            raise _r.RuleError(f"micro-batching needs all2all_backend in ('deepep_low_latency', 'deepep_high_throughput', 'nixl_ep'), got {self.parallel_config.all2all_backend!r}", ["parallel_config.use_ubatching", "parallel_config.all2all_backend"], self)
        if self.parallel_config.use_ubatching and self.model_config is not None and not self.model_config.disable_cascade_attn:
            _log.warning('cascade attention disabled: dual batch overlap is on')
            self.model_config.disable_cascade_attn = True
        if self.cache_config.kv_offloading_size is not None and self.kv_transfer_config is None:
            self.kv_transfer_config = KVTransferConfig()
        if self.cache_config.kv_offloading_size is not None and self.kv_transfer_config is not None and self.cache_config.kv_offloading_backend == 'native':
            self.kv_transfer_config.kv_connector_extra_config = self.kv_transfer_config.kv_connector_extra_config | ({'cpu_bytes_to_use': self.cache_config.kv_offloading_size * 1073741824})
        if self.cache_config.kv_offloading_size is not None and self.kv_transfer_config is not None and self.cache_config.kv_offloading_backend == 'native':
            self.kv_transfer_config.kv_connector = ('SimpleCPUOffloadConnector' if _r.env('VLLM_USE_SIMPLE_KV_OFFLOAD', 0, envs) != 0 else 'OffloadingConnector')
        if self.cache_config.kv_offloading_size is not None and self.kv_transfer_config is not None and self.cache_config.kv_offloading_backend == 'lmcache':
            self.kv_transfer_config.kv_connector = 'LMCacheMPConnector'
        if self.cache_config.kv_offloading_size is not None and self.kv_transfer_config is not None:
            self.kv_transfer_config.kv_role = 'kv_both'
        if self.model_config is not None and self.model_config.attention_chunk_size is not None and not (self.speculative_config is not None and self.speculative_config.use_eagle()) and _r.env('VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE', 1, envs) == 0:
            _log.warning('hybrid KV cache manager disabled for chunked local attention (VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE=0)')
        if (self.scheduler_config.disable_hybrid_kv_cache_manager is not None) and not (self.scheduler_config.disable_hybrid_kv_cache_manager or not self.hybrid_kv_cache_unsupported):
            raise _r.RuleError('the hybrid KV cache manager was explicitly enabled but this configuration does not support it; leave the choice unset', ["scheduler_config.disable_hybrid_kv_cache_manager", "hybrid_kv_cache_unsupported"], self)
        if self.scheduler_config.disable_hybrid_kv_cache_manager is None and (self.kv_transfer_config is None or self.hybrid_kv_cache_unsupported):
            self.scheduler_config.disable_hybrid_kv_cache_manager = self.hybrid_kv_cache_unsupported
        if self.scheduler_config.disable_hybrid_kv_cache_manager is None and self.kv_transfer_config is not None and self.kv_transfer_config.kv_connector_module_path is None and self.kv_transfer_config.kv_connector in ('ExampleConnector', 'LMCacheConnectorV1', 'LMCacheMPConnector', 'MoRIIOConnector', 'FlexKVConnectorV1', 'HF3FSKVConnector'):
            _log.warning(f'KV connector {self.kv_transfer_config.kv_connector} does not support the hybrid KV cache manager: turned off (hybrid SSM models need it; sliding-window models run slower)')
            self.scheduler_config.disable_hybrid_kv_cache_manager = True
        if self.scheduler_config.disable_hybrid_kv_cache_manager is None and self.kv_transfer_config is not None and self.kv_transfer_config.kv_connector_module_path is None and self.kv_transfer_config.kv_connector in ('ExampleHiddenStatesConnector', 'NixlConnector', 'NixlPullConnector', 'NixlPushConnector', 'OffloadingConnector', 'DecodeBenchConnector', 'MooncakeConnector', 'MooncakeStoreConnector', 'SimpleCPUOffloadConnector'):
            self.scheduler_config.disable_hybrid_kv_cache_manager = False
        if self.compilation_config.debug_dump_path is not None and _r.env('VLLM_DEBUG_DUMP_PATH', None, envs) is not None:
            _log.warning('VLLM_DEBUG_DUMP_PATH overrides debug_dump_path')
        if _r.env('VLLM_DEBUG_DUMP_PATH', None, envs) is not None:
            self.compilation_config.debug_dump_path = Path(_r.env('VLLM_DEBUG_DUMP_PATH', None, envs))
        if self.compilation_config.debug_dump_path is not None:
            self.compilation_config.debug_dump_path = _r.abspath(self.compilation_config.debug_dump_path)
        if self.has_blocked_weights and '-quant_fp8' not in self.compilation_config.custom_ops:
            self.compilation_config.custom_ops = self.compilation_config.custom_ops + ['+quant_fp8']
        if (self.kv_transfer_config is not None and self.kv_transfer_config.kv_connector is not None and 'expandable_segments:True' in _r.env('PYTORCH_CUDA_ALLOC_CONF', '', envs)) and not (self.model_config is not None and self.model_config.enable_cumem_allocator):
            raise _r.RuleError(f'KV connector {self.kv_transfer_config.kv_connector} does not work with PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (pages registered for transfer can be remapped); unset it or enable the cumem allocator (sleep mode does)', ["kv_transfer_config.kv_connector", "model_config.enable_cumem_allocator"], self)

    @property
    def has_blocked_weights(self) -> "bool":
        """Whether quant_config holds block-quantized weights (an FP8 checkpoint with a weight block size; from 0.33.0 also ModelOpt per-block FP8)."""
        return _checkpoint.has_blocked_weights(self)

    @property
    def use_v2_model_runner(self) -> "bool":
        """Whether the V2 model runner runs this configuration."""
        return (_r.env('VLLM_USE_V2_MODEL_RUNNER', '', envs).strip().lower() in ('1', 'true', 'yes', 'on') if _r.env('VLLM_USE_V2_MODEL_RUNNER', '', envs).strip() else (self.speculative_config is not None and self.speculative_config.method == 'dspark') or (self.model_config is not None and self.model_config.is_diffusion))

    @property
    def max_concurrent_batches(self) -> "int":
        """Batches in flight at once: the pipeline depth, one more with asynchronous scheduling on the V2 runner, at least 2 with asynchronous scheduling on V1 without pipelining."""
        return ((self.parallel_config.pipeline_parallel_size + 1 if self.use_v2_model_runner else (2 if self.parallel_config.pipeline_parallel_size <= 1 else self.parallel_config.pipeline_parallel_size)) if self.scheduler_config.async_scheduling else self.parallel_config.pipeline_parallel_size)

    @property
    def num_speculative_tokens(self) -> "int":
        """Tokens checked per decode step beyond the first (speculative drafts or a diffusion canvas); 0 without either."""
        return (self.speculative_config.num_speculative_tokens if self.speculative_config is not None and self.speculative_config.num_speculative_tokens is not None else (self.diffusion_config.canvas_length if self.diffusion_config is not None and self.diffusion_config.canvas_length is not None else 0))

    @property
    def needs_dp_coordinator(self) -> "bool":
        """True when data parallelism needs the coordinator process (DP above 1 with an MoE model, or an unknown model, or internal load balancing)."""
        return self.parallel_config.data_parallel_size > 1 and (self.model_config is None or self.model_config.is_moe or not self.parallel_config.data_parallel_external_lb)

    @property
    def executor_supports_async_scheduling(self) -> "bool":
        """Whether parallel_config.distributed_executor_backend runs asynchronous scheduling ("ray" does not; an executor class is asked; unknown ones count as yes)."""
        return _hooks.executor_supports_async_scheduling(self)

    @property
    def drafter_supports_async_scheduling(self) -> "bool":
        """Whether speculative decoding is configured with a drafter that works with asynchronous scheduling (the EAGLE family, MTP, DFlash, GPU n-gram)."""
        return self.speculative_config is not None and (self.speculative_config.method in ('eagle', 'eagle3', 'extract_hidden_states', 'deepseek_mtp', 'mimo_mtp', 'mimo_v2_mtp', 'glm4_moe_mtp', 'glm4_moe_lite_mtp', 'glm_ocr_mtp', 'ernie_mtp', 'nemotron_h_mtp', 'exaone_moe_mtp', 'exaone4_5_mtp', 'qwen3_next_mtp', 'qwen3_5_mtp', 'longcat_flash_mtp', 'minimax_m3_mtp', 'bailing_hybrid_mtp', 'mtp', 'pangu_ultra_moe_mtp', 'step3p5_mtp', 'hy_v3_mtp', 'gemma4_mtp', 'dflash') or self.speculative_config.method in ('ngram_gpu',))

    @property
    def is_pooling_model(self) -> "bool":
        """Whether the model runs as a pooling model (its resolved runner type)."""
        return self.model_config is not None and self.model_config.runner_type == 'pooling'

    @property
    def hybrid_kv_cache_unsupported(self) -> "bool":
        """Whether this configuration rules the hybrid KV cache manager out: chunked local attention with EAGLE-style drafting, or with VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE=0."""
        return self.model_config is not None and self.model_config.attention_chunk_size is not None and ((self.speculative_config is not None and self.speculative_config.use_eagle()) or _r.env('VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE', 1, envs) == 0)

    def enable_trace_function_call_for_thread(self) -> "None":
        """Turns on call tracing for this thread when VLLM_TRACE_FUNCTION is set."""
        if _r.env('VLLM_TRACE_FUNCTION', '0', envs) not in ('', '0'):
            raise _r.NotSupportedError('VllmConfig.enable_trace_function_call_for_thread: VLLM_TRACE_FUNCTION tracing is part of the vLLM engine', [])
        return None

    @staticmethod
    def get_quantization_config(model_config: "Any", load_config: "Any") -> "Any":
        """The quantization method's config object for this model and load config."""
        raise _r.NotSupportedError("VllmConfig.get_quantization_config() is not available in vllm_config: the quantization config object comes from vLLM's quantization registry and the checkpoint, checked against the GPU's capability")

    def with_hf_config(self, hf_config: "Any", architectures: "list[str] | None" = None) -> "VllmConfig":
        """A copy of this config whose model uses `hf_config` (with `architectures` when given); this config is left unchanged."""
        return _hooks.with_hf_config(self, hf_config, architectures)

    def update_sizes_for_sequence_parallelism(self, possible_sizes: "list[int]") -> "list[int]":
        """The sizes that are multiples of the TP size (sequence parallelism needs that), warning about the others."""
        if any((s % self.parallel_config.tensor_parallel_size) != 0 for s in possible_sizes):
            _log.warning(f'capture sizes {[s for s in possible_sizes if (s % self.parallel_config.tensor_parallel_size) != 0]} dropped: not multiples of tensor_parallel_size {self.parallel_config.tensor_parallel_size}')
        return [s for s in possible_sizes if (s % self.parallel_config.tensor_parallel_size) == 0]

    def try_verify_and_update_config(self) -> "None":
        """Applies the model architecture's own config adjustments, once."""
        raise _r.NotSupportedError("VllmConfig.try_verify_and_update_config() is not available in vllm_config: the per-architecture config fix-ups live in vLLM's model registry")

    def validate_block_size(self) -> "None":
        """Checks the final block size against context-parallel interleaving and the Mamba align-mode rules; the engine calls it once the attention backend fixed the size."""
        if self.parallel_config.decode_context_parallel_size > 1 and self.parallel_config.dcp_kv_cache_interleave_size > 1 and self.parallel_config.cp_kv_cache_interleave_size != self.parallel_config.dcp_kv_cache_interleave_size:
            _log.warning('cp_kv_cache_interleave_size set to dcp_kv_cache_interleave_size')
            self.parallel_config.cp_kv_cache_interleave_size = self.parallel_config.dcp_kv_cache_interleave_size
        if (self.parallel_config.decode_context_parallel_size > 1) and not (self.parallel_config.cp_kv_cache_interleave_size <= self.cache_config.block_size and (self.cache_config.block_size % self.parallel_config.cp_kv_cache_interleave_size) == 0):
            raise ValueError(f'block_size ({self.cache_config.block_size}) must be at least and divisible by cp_kv_cache_interleave_size ({self.parallel_config.cp_kv_cache_interleave_size})')
        if (self.cache_config.mamba_cache_mode == 'align') and not (self.cache_config.block_size <= self.scheduler_config.max_num_batched_tokens):
            raise ValueError(f'Mamba align mode needs block_size ({self.cache_config.block_size}) <= max_num_batched_tokens ({self.scheduler_config.max_num_batched_tokens})')
        if (self.cache_config.mamba_cache_mode == 'align' and self.scheduler_config.long_prefill_token_threshold > 0) and not (self.scheduler_config.long_prefill_token_threshold >= self.cache_config.block_size):
            raise ValueError(f'Mamba align mode needs long_prefill_token_threshold ({self.scheduler_config.long_prefill_token_threshold}) >= block_size ({self.cache_config.block_size})')
        if (self.cache_config.mamba_cache_mode == 'align') and not (not self.scheduler_config.disable_chunked_mm_input):
            raise ValueError('Mamba align mode needs chunked multimodal input (disable_chunked_mm_input=False)')

    def compile_debug_dump_path(self) -> "Path | None":
        """This rank's folder for torch.compile debug dumps, or None when dumps are off."""
        return _hooks.compile_debug_dump_path(self)

    @model_validator(mode="after")
    def validate_nvfp4_kv_cache_with_mla(self) -> "Any":
        """Checks, when the config is built (after its other steps), that an nvfp4 KV cache is not used with an MLA model (the DeepSeek sparse-MLA layouts excepted)."""
        if (self.model_config is not None and self.cache_config.cache_dtype == 'nvfp4') and not (not self.model_config.use_mla):
            raise _r.RuleError("an nvfp4 KV cache does not work with MLA attention; choose another kv cache dtype (e.g. 'fp8' or 'auto')", ["cache_config.cache_dtype", "model_config.use_mla"], self)
        return self

    @model_validator(mode="after")
    def validate_mamba_block_size(self) -> "Any":
        """Checks, when the config is built, that a Mamba block size other than the model length comes with prefix caching."""
        if (self.model_config is not None and self.cache_config.mamba_block_size is not None and self.cache_config.mamba_block_size != self.model_config.max_model_len) and not (self.cache_config.enable_prefix_caching):
            raise _r.RuleError('mamba_block_size can only be set with prefix caching enabled', ["cache_config.mamba_block_size", "model_config.max_model_len", "cache_config.enable_prefix_caching"], self)
        return self

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
            "mm_encoder": _h.canon(self.model_config.multimodal_config.compute_hash() if self.compilation_config.compile_mm_encoder and self.model_config is not None and self.model_config.multimodal_config is not None else None),
            "model_config": _h.nested(self.model_config),
            "observability_config": self.observability_config.compute_hash(),
            "offload_config": self.offload_config.compute_hash(),
            "parallel_config": self.parallel_config.compute_hash(),
            "profiler_config": self.profiler_config.compute_hash(),
            "scheduler_config": _h.nested(self.scheduler_config),
            "schema_version": _h.canon(1),
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
            _h.canon(self.model_config.multimodal_config.compute_hash() if self.compilation_config.compile_mm_encoder and self.model_config is not None and self.model_config.multimodal_config is not None else None),
            _h.nested(self.model_config),
            self.observability_config.compute_hash(),
            self.offload_config.compute_hash(),
            self.parallel_config.compute_hash(),
            self.profiler_config.compute_hash(),
            _h.nested(self.scheduler_config),
            _h.canon(1),
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


#: Architectures that run on the V2 model runner by default (vLLM asks its model registry for them; see VllmConfig.use_v2_model_runner here).
DEFAULT_V2_MODEL_RUNNER_ARCHITECTURES = frozenset(['DeepseekV2ForCausalLM', 'Qwen2MoeForCausalLM', 'GraniteMoeForCausalLM'])
