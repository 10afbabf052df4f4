# Generated from schema/model.yaml by cfgc; do not edit.
"""Config classes: ModelConfig."""

import logging
from dataclasses import InitVar
from hashlib import sha256 as _sha256
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from cfgc import checkpoint as _checkpoint
from cfgc.hooks import model as _hooks
from cfgc.runtime import hashing as _h
from cfgc.runtime import names as _names
from cfgc.runtime import rules as _r
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config import envs
from vllm_config import types as _types
from vllm_config.load import LoadConfig
from vllm_config.model_arch import HfConfigFacts, ModelArchitectureConfig
from vllm_config.multimodal import MultiModalConfig
from vllm_config.parallel import ParallelConfig
from vllm_config.platforms import current_platform
from vllm_config.pooler import PoolerConfig
from vllm_config.quantization import QuantizationConfigArgs
from vllm_config.types import (
    AttentionBackendEnum,
    ConfigFormat,
    ConvertOption,
    HfOverridesFn,
    LogitsProcessorClass,
    LogprobsMode,
    MMCacheType,
    MMEncoderTPMode,
    MMTensorIPC,
    ModelDType,
    ModelImpl,
    PretrainedConfig,
    QuantizationMethods,
    RunnerOption,
    SequencePoolingType,
    TokenizerMode,
    TokenPoolingType,
    TorchDType,
)

_log = logging.getLogger(__name__)

#: The architecture-name suffixes and the (runner, convert) each implies, in matching priority (ForCausalLM -> generate; ForSequenceClassification -> pooling/classify; any other *Model -> pooling/embed; ...).
iter_architecture_defaults = _checkpoint.iter_architecture_defaults

#: The first (suffix, (runner, convert)) entry an architecture name ends with, optionally restricted to a runner or convert type; None when none matches.
try_match_architecture_defaults = _checkpoint.try_match_architecture_defaults

#: The torch dtype for a dtype name ("half", "float16", "float", "float32", "bfloat16"), or None; imports torch (resolved dtypes are names, so nothing else does).
str_dtype_to_torch_dtype = _checkpoint.str_dtype_to_torch_dtype

#: The attention structure of a model (re-exported from vllm_config.types).
AttnTypeStr = _types.AttnTypeStr

#: Edits to a model's Hugging Face config (re-exported from vllm_config.types).
HfOverrides = _types.HfOverrides

#: The runner a model uses once resolved (re-exported from vllm_config.types).
RunnerType = _types.RunnerType

#: The model name the server reports, from served_model_name or the model.
get_served_model_name = _names.get_served_model_name

#: A resolved conversion (re-exported from vllm_config.types).
ConvertType = _types.ConvertType

#: Layer block kinds of a hybrid model (re-exported from vllm_config.types).
LayerBlockType = _types.LayerBlockType


@config
class ModelConfig:
    """The model to serve: checkpoint location and revision, tokenizer, dtype, context
    length, quantization and output options. Most derived values (the Hugging Face
    config, the resolved dtype and context length, the runner) come from the
    checkpoint and are filled in by the engine; see the hook points.
    """

    model: str = "Qwen/Qwen3-0.6B"
    """Hugging Face model id or local path of the checkpoint. Also the model name in
    metrics and the API when served_model_name is unset.
    """

    model_weights: str = ""
    """Original location of the weights when model points at a local copy (e.g.
    files pulled from object storage). Normally left empty.
    """

    runner: RunnerOption = "auto"
    """Runner for this engine: "generate" for text generation, "pooling" for
    embeddings/classification, "draft" for speculative-decoding drafts. One engine
    serves one runner.
    """

    convert: ConvertOption = "auto"
    """Adapt the model to another task, e.g. "embed" or "classify" to use a generative
    model for pooling.
    """

    tokenizer: str = None  # derived after construction
    """Hugging Face tokenizer id or path; defaults to model."""

    tokenizer_mode: TokenizerMode | str = "auto"
    """Tokenizer implementation: "hf" (fast when available), "slow", "mistral"
    (mistral_common), "deepseek_v32", "deepseek_v4", or a plugin's name. "auto"
    picks mistral_common for Mistral models and "hf" otherwise.
    """

    trust_remote_code: bool = False
    """Allow running model and tokenizer code shipped with the checkpoint. Only for sources you trust."""

    dtype: ModelDType | TorchDType = "auto"
    """Weight and activation dtype: "auto" (FP16 for FP32/FP16 checkpoints, BF16 for
    BF16 ones), "half"/"float16", "bfloat16", "float"/"float32", or a torch dtype.
    """

    seed: _v.Int = 0
    """Random seed; the same on every worker so tensor-parallel ranks sample identical tokens."""

    hf_config: PretrainedConfig = Field(default=None, init=False)  # unset: filled in after construction
    """The model's Hugging Face config, with hf_overrides applied. Loaded with
    transformers on first use when the checkpoint facts came from the cache (it then
    answers isinstance checks for the real config class wherever transformers is
    imported); its cache-key identity is a digest of the config files and the load
    settings.
    """

    hf_text_config: PretrainedConfig = Field(default=None, init=False)  # unset: filled in after construction
    """The Hugging Face config of the text model; same as hf_config for text-only models."""

    model_arch_config: ModelArchitectureConfig = Field(default=None, init=False)  # unset: filled in after construction
    """The architecture summary of the checkpoint (sizes, heads, experts, MLA, context length)."""

    checkpoint_facts: HfConfigFacts = Field(default=None, init=False)  # unset: filled in after construction
    """The other facts read from the checkpoint's config (dtype, sliding window, RoPE, layer kinds, pooling files)."""

    runner_type: Literal["generate", "pooling", "draft"] | None = Field(default=None, init=False)
    """The runner actually used (runner with "auto" resolved from the architecture)."""

    convert_type: Literal["none", "embed", "classify"] | None = Field(default=None, init=False)
    """The adapter actually used (convert with "auto" resolved from the architecture and runner)."""

    hf_config_path: str | None = None
    """Hugging Face id or path to read the model config from, when it differs from model."""

    allowed_local_media_path: str = ""
    """Server folder from which API requests may read local images and videos. A
    security risk: only for trusted deployments. Empty disables local files.
    """

    allowed_media_domains: list[str] | None = None
    """If set, multimodal inputs may only be fetched from URLs of these domains."""

    revision: str | None = None
    """Model revision to load (branch, tag or commit); unset uses the default branch."""

    code_revision: str | None = None
    """Revision of the remote model code on the Hub (branch, tag or commit); unset uses the default."""

    tokenizer_revision: str | None = None
    """Tokenizer revision on the Hub (branch, tag or commit); defaults to revision."""

    max_model_len: _v.Int = Field(default=None, ge=-1)  # unset: filled in after construction
    """Context length in tokens (prompt plus output). Unset uses the model's own limit;
    -1 picks the longest length that fits in GPU memory.
    """

    original_max_model_len: _v.Int | None = Field(default=None, init=False)
    """The context length as requested (unset or -1 included), before the checkpoint's limit applied."""

    spec_target_max_model_len: _v.Int | None = None
    """Context length of the target model, used to cap a speculative-decoding draft model."""

    quantization: QuantizationMethods | str | None = None
    """Weight quantization method. Unset uses the checkpoint's quantization config,
    or no quantization (weights in dtype) when it has none.
    """

    quantization_config: dict[str, Any] | QuantizationConfigArgs | None = None
    """Structured settings for online quantization (per layer kind specs, ignore
    patterns). Filled from the shorthand when quantization names an online method.
    """

    allow_deprecated_quantization: bool = False
    """Allow quantization methods scheduled for removal (with a warning) instead of failing."""

    enforce_eager: bool = False
    """Always run the model eagerly, without CUDA graphs. Slower, but starts faster
    and uses less memory.
    """

    enable_return_routed_experts: bool = False
    """Return which MoE experts each token was routed to."""

    max_logprobs: _v.Int = Field(default=20, ge=-1)
    """Most log probabilities a request may ask for (logprobs or prompt_logprobs).
    -1 removes the cap, which can exhaust memory on large vocabularies.
    """

    logprobs_mode: LogprobsMode = "raw_logprobs"
    """What logprobs report: "raw_*" before any logits processing (penalties,
    temperature, top-k/top-p), "processed_*" after it; as logits or log-probabilities.
    """

    use_fp64_gumbel: bool = False
    """Draw sampling noise in FP64 instead of FP32, keeping very unlikely tokens
    reachable, at a large throughput cost on most GPUs.
    """

    disable_sliding_window: bool = False
    """Use full attention instead of the model's sliding window, capping the context
    at the window size. Ignored for models without sliding window.
    """

    disable_cascade_attn: bool = True
    """Keep cascade attention off (the default). Set false to let the engine use it
    where its heuristic expects a gain.
    """

    skip_tokenizer_init: bool = False
    """Do not load a tokenizer; requests must give token ids and outputs are token ids."""

    enable_prompt_embeds: bool = False
    """Accept prompt embeddings instead of token ids. Shapes are not fully checked:
    enable only for trusted clients.
    """

    served_model_name: str | list[str] | None = None
    """Name(s) the API answers to; the first is reported in responses and metrics.
    Unset uses model. After construction this holds the primary name.
    """

    config_format: str | ConfigFormat = "auto"
    """Format of the model config files - "hf", "mistral", or "auto" (try Mistral first, then HF)."""

    hf_token: bool | str | None = None
    """Hub access token, or true to use the token saved by `hf auth login`."""

    hf_overrides: dict[str, Any] | HfOverridesFn = Field(default_factory=dict)
    """Changes to the Hugging Face config - a mapping of keys (nested mappings update
    sub-configs) or a function that edits and returns the config.
    """

    model_class_overrides: dict[str, str] = Field(default_factory=dict)
    """Replace the model class of one or more architectures: architecture name ->
    "module:Class" (the form ModelRegistry.register_model takes), e.g.
    {"LlamaForCausalLM": "my_pkg.llama:MyLlama"}. For development and debugging.
    """

    generation_config: str = "auto"
    """Where default sampling parameters come from - "auto" (the model's generation
    config), "vllm" (engine defaults), or a folder holding a generation config.
    max_new_tokens there becomes a server-wide output limit.
    """

    override_generation_config: dict[str, Any] = Field(default_factory=dict)
    """Sampling defaults that override the generation config, e.g.
    {"temperature": 0.5}; with generation_config "vllm" only these apply.
    """

    enable_sleep_mode: bool = False
    """Allow the engine to release and restore GPU memory on request (CUDA and ROCm only)."""

    sleep_mode_backend: str = "cumem"
    """How sleep mode frees and restores GPU state. "cumem" (the default) uses the
    engine's CuMem allocator; other mechanisms (checkpoint/restore) may be
    registered by the engine or plugins. No command-line flag; set it in Python.
    """

    enable_cumem_allocator: bool = False
    """Use the cumem allocator for advanced GPU memory features such as multi-node
    NVLink (CUDA and ROCm only). Sleep mode turns it on.
    """

    model_impl: str | ModelImpl = "auto"
    """Model implementation - "vllm", "transformers", "terratorch", or "auto" (vLLM's
    own when it exists, else Transformers).
    """

    override_attention_dtype: str | None = None
    """Dtype for attention computation; only honoured on ROCm."""

    logits_processors: list[str | LogitsProcessorClass] | None = None
    """Extra logits processors, as fully qualified class names or classes."""

    io_processor_plugin: str | None = None
    """Name of an input/output processor plugin to load at startup."""

    renderer_num_workers: _v.Int = 1
    """Threads for tokenization, chat templating and multimodal preprocessing in the
    API server. Not used by offline inference. Above 1 needs the multimodal
    processor cache disabled.
    """

    pooler_config: PoolerConfig | None = None
    """Output pooling settings for pooling models; created for pooling runners when unset."""

    multimodal_config: MultiModalConfig | None = None
    """Multimodal settings; built by the engine for multimodal architectures."""

    language_model_only: InitVar[bool] = False
    """Passed to MultiModalConfig.language_model_only."""

    limit_mm_per_prompt: InitVar[dict[str, _v.Int | dict[str, _v.Int]] | None] = None
    """Passed to MultiModalConfig.limit_per_prompt."""

    enable_mm_embeds: InitVar[bool | None] = None
    """Passed to MultiModalConfig.enable_mm_embeds."""

    media_io_kwargs: InitVar[dict[str, dict[str, Any]] | None] = None
    """Passed to MultiModalConfig.media_io_kwargs."""

    mm_processor_kwargs: InitVar[dict[str, Any] | None] = None
    """Passed to MultiModalConfig.mm_processor_kwargs."""

    mm_processor_cache_gb: InitVar[float | None] = None
    """Passed to MultiModalConfig.mm_processor_cache_gb (0 for encoder-decoder models)."""

    mm_processor_cache_type: InitVar[MMCacheType | None] = None
    """Passed to MultiModalConfig.mm_processor_cache_type."""

    mm_shm_cache_max_object_size_mb: InitVar[_v.Int | None] = None
    """Passed to MultiModalConfig.mm_shm_cache_max_object_size_mb."""

    mm_encoder_only: InitVar[bool | None] = None
    """Passed to MultiModalConfig.mm_encoder_only."""

    mm_encoder_tp_mode: InitVar[MMEncoderTPMode | None] = None
    """Passed to MultiModalConfig.mm_encoder_tp_mode ("data" falls back to "weights" where unsupported)."""

    mm_encoder_attn_backend: InitVar[AttentionBackendEnum | str | None] = None
    """Passed to MultiModalConfig.mm_encoder_attn_backend."""

    mm_encoder_attn_dtype: InitVar[Literal["fp8"] | None] = None
    """Passed to MultiModalConfig.mm_encoder_attn_dtype."""

    mm_encoder_fp8_scale_path: InitVar[str | None] = None
    """Passed to MultiModalConfig.mm_encoder_fp8_scale_path."""

    mm_encoder_fp8_scale_save_path: InitVar[str | None] = None
    """Passed to MultiModalConfig.mm_encoder_fp8_scale_save_path."""

    mm_encoder_fp8_scale_save_margin: InitVar[float | None] = None
    """Passed to MultiModalConfig.mm_encoder_fp8_scale_save_margin."""

    interleave_mm_strings: InitVar[bool | None] = None
    """Passed to MultiModalConfig.interleave_mm_strings."""

    skip_mm_profiling: InitVar[bool | None] = None
    """Passed to MultiModalConfig.skip_mm_profiling."""

    video_pruning_rate: InitVar[float | None] = None
    """Passed to MultiModalConfig.video_pruning_rate."""

    mm_tensor_ipc: InitVar[MMTensorIPC] = None  # unset: filled in after construction
    """Passed to MultiModalConfig.mm_tensor_ipc; unset keeps its default."""

    mm_ipc_gpu_memory_gb: InitVar[float | None] = None
    """Passed to MultiModalConfig.mm_ipc_gpu_memory_gb."""

    @field_validator("tokenizer", mode="wrap")
    @classmethod
    def _skip_none_tokenizer(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("tokenizer_mode", mode="before")
    @classmethod
    def _before_tokenizer_mode(cls, value: Any) -> Any:
        value = _v.lower(value)
        return value

    @field_validator("dtype", mode="after")
    @classmethod
    def _after_dtype(cls, value: Any) -> Any:
        if isinstance(value, str) and value not in ('auto', 'half', 'float16', 'bfloat16', 'float', 'float32'):
            raise ValueError(f"unknown dtype {value!r}; expected one of {', '.join(('auto', 'half', 'float16', 'bfloat16', 'float', 'float32'))} (or a torch.dtype)")
        if not (isinstance(value, str) or (type(value).__module__, type(value).__qualname__) == ('torch', 'dtype')):
            raise ValueError(f"dtype must be a name ({', '.join(('auto', 'half', 'float16', 'bfloat16', 'float', 'float32'))}) or a torch.dtype, got {type(value).__name__}")
        return value

    @field_validator("hf_config", mode="wrap")
    @classmethod
    def _skip_none_hf_config(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("hf_text_config", mode="wrap")
    @classmethod
    def _skip_none_hf_text_config(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("model_arch_config", mode="wrap")
    @classmethod
    def _skip_none_model_arch_config(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("checkpoint_facts", mode="wrap")
    @classmethod
    def _skip_none_checkpoint_facts(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("max_model_len", mode="wrap")
    @classmethod
    def _skip_none_max_model_len(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("quantization", mode="before")
    @classmethod
    def validate_quantization_before(cls, value: Any) -> Any:
        """The value `quantization` is given, as the field stores it - a method name is lower-cased."""
        value = _v.lower(value)
        return value

    @field_validator("hf_overrides", mode="after")
    @classmethod
    def _after_hf_overrides(cls, value: Any) -> Any:
        if isinstance(value, dict) and not all(isinstance(k, str) for k in value):
            raise ValueError(f'hf_overrides keys must be strings, got {[k for k in value if not isinstance(k, str)][0]!r}')
        if not (isinstance(value, dict) or callable(value)):
            raise ValueError(f'hf_overrides must be a mapping or a function, got {type(value).__name__}')
        return value

    @field_validator("logits_processors", mode="after")
    @classmethod
    def _after_logits_processors(cls, value: Any) -> Any:
        if value is not None and not all(isinstance(item, (str, type)) for item in value):
            raise ValueError(f'logits_processors entries must be class names or classes, got {[item for item in value if not isinstance(item, (str, type))][0]!r}')
        return value

    def __post_init__(self, language_model_only: bool, limit_mm_per_prompt: dict[str, int | dict[str, int]] | None, enable_mm_embeds: bool | None, media_io_kwargs: dict[str, dict[str, Any]] | None, mm_processor_kwargs: dict[str, Any] | None, mm_processor_cache_gb: float | None, mm_processor_cache_type: MMCacheType | None, mm_shm_cache_max_object_size_mb: int | None, mm_encoder_only: bool | None, mm_encoder_tp_mode: MMEncoderTPMode | None, mm_encoder_attn_backend: AttentionBackendEnum | str | None, mm_encoder_attn_dtype: Literal['fp8'] | None, mm_encoder_fp8_scale_path: str | None, mm_encoder_fp8_scale_save_path: str | None, mm_encoder_fp8_scale_save_margin: float | None, interleave_mm_strings: bool | None, skip_mm_profiling: bool | None, video_pruning_rate: float | None, mm_tensor_ipc: MMTensorIPC, mm_ipc_gpu_memory_gb: float | None) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if self.tokenizer is None:
            self.tokenizer = self.model
        if self.tokenizer_revision is None:
            self.tokenizer_revision = self.revision
        self.served_model_name = ((self.served_model_name[0] if isinstance(self.served_model_name, list) else self.served_model_name) if self.served_model_name else self.model)
        _checkpoint.read(self)
        if self.checkpoint_quantization_override is not None:
            self.quantization = self.checkpoint_quantization_override
        if self.quantization is None and self.checkpoint_quant_method is not None:
            self.quantization = self.checkpoint_quant_method
        if (self.checkpoint_quant_method is not None and self.checkpoint_quantization_override is None and self.quantization in ('fp8', 'gptq', 'gptq_marlin', 'auto_gptq', 'awq', 'awq_marlin', 'auto_awq', 'bitsandbytes', 'compressed-tensors', 'modelopt', 'modelopt_fp4')) and not (self.quantization == self.checkpoint_quant_method):
            raise _r.RuleError(f'the checkpoint is quantized with {self.checkpoint_quant_method}, which does not match --quantization {self.quantization}', ["checkpoint_quant_method", "checkpoint_quantization_override", "quantization"], self)
        if self.quantization == 'bitsandbytes' and not self.enforce_eager and self.model_arch_config is not None and self.model_arch_config.quantization_config is not None and 'load_in_8bit' in self.model_arch_config.quantization_config and bool(self.model_arch_config.quantization_config['load_in_8bit']):
            _log.warning('bitsandbytes 8-bit checkpoints do not support CUDA graphs: running eager')
            self.enforce_eager = True
        if (self.is_pooling_architecture) and self.runner_type in ('draft', 'generate'):
            raise _r.RuleError(f'{self.architecture} is an embedding/pooling model: it does not support --runner {self.runner_type}; use --runner pooling (or auto)', ["is_pooling_architecture", "runner_type"], self)
        if (self.runner_type == 'pooling' and not self.is_pooling_architecture) and self.convert_type not in ('embed', 'classify'):
            raise _r.RuleError(f'{self.architecture} is not a pooling model: with --runner pooling pass --convert embed or --convert classify to adapt it', ["runner_type", "is_pooling_architecture", "convert_type"], self)
        if self.tokenizer_mode == 'auto' and self.model_impl == 'terratorch':
            self.tokenizer_mode = 'terratorch'
        if self.tokenizer_mode == 'auto' and self.architecture == 'MoonshotKimiaForCausalLM':
            self.tokenizer_mode = 'kimi_audio'
        if self.tokenizer_mode == 'auto' and self.architecture == 'DeepseekV32ForCausalLM':
            self.tokenizer_mode = 'deepseek_v32'
        if self.tokenizer_mode == 'auto' and self.architecture == 'DeepseekV4ForCausalLM':
            self.tokenizer_mode = 'deepseek_v4'
        if self.pooler_config is None and self.runner_type == 'pooling':
            self.pooler_config = PoolerConfig()
        if self.pooler_config is not None and self.runner_type == 'pooling' and self.pooler_config.seq_pooling_type is None and self.checkpoint_facts.pooling_config is not None and 'seq_pooling_type' in self.checkpoint_facts.pooling_config:
            self.pooler_config.seq_pooling_type = self.checkpoint_facts.pooling_config['seq_pooling_type']
        if self.pooler_config is not None and self.runner_type == 'pooling' and self.pooler_config.tok_pooling_type is None and self.checkpoint_facts.pooling_config is not None and 'tok_pooling_type' in self.checkpoint_facts.pooling_config:
            self.pooler_config.tok_pooling_type = self.checkpoint_facts.pooling_config['tok_pooling_type']
        if self.pooler_config is not None and self.runner_type == 'pooling' and self.pooler_config.use_activation is None and self.checkpoint_facts.pooling_config is not None and 'use_activation' in self.checkpoint_facts.pooling_config:
            self.pooler_config.use_activation = self.checkpoint_facts.pooling_config['use_activation']
        if self.pooler_config is not None and self.runner_type == 'pooling' and self.pooler_config.seq_pooling_type is None:
            self.pooler_config.seq_pooling_type = self.default_seq_pooling_type
        if self.pooler_config is not None and self.runner_type == 'pooling' and self.pooler_config.tok_pooling_type is None:
            self.pooler_config.tok_pooling_type = self.default_tok_pooling_type
        if isinstance(self.dtype, str) and self.dtype == 'auto':
            self.dtype = (self.auto_dtype if self.auto_dtype in ('auto', 'half', 'float16', 'bfloat16', 'float', 'float32') else 'float32')
        if isinstance(self.dtype, str) and self.dtype in ('half', 'float'):
            self.dtype = ('float16' if self.dtype == 'half' else 'float32')
        if not isinstance(self.dtype, str):
            self.dtype = (str(self.dtype)[6:] if str(self.dtype).startswith('torch.') else str(self.dtype))
        if (self.model_arch_config.model_type in ('gemma2', 'gemma3', 'gemma3_text', 'plamo2', 'glm4')) and not (self.dtype != 'float16'):
            raise _r.RuleError(f'model type {self.model_arch_config.model_type!r} is numerically unstable in float16; use bfloat16 or float32', ["model_arch_config.model_type", "dtype"], self)
        if self.dtype != self.checkpoint_facts.config_dtype and self.dtype != 'float32' and self.checkpoint_facts.config_dtype != 'float32':
            _log.warning(f"casting the checkpoint's {self.checkpoint_facts.config_dtype} weights to {self.dtype}")
        if self.checkpoint_facts.sliding_window == 0:
            self.disable_sliding_window = True
        self.original_max_model_len = self.max_model_len
        self.max_model_len = self.get_and_verify_max_len(self.max_model_len)
        _hooks.keep_mm_init_kwargs(self, language_model_only, limit_mm_per_prompt, enable_mm_embeds, media_io_kwargs, mm_processor_kwargs, mm_processor_cache_gb, mm_processor_cache_type, mm_shm_cache_max_object_size_mb, mm_encoder_only, mm_encoder_tp_mode, mm_encoder_attn_backend, mm_encoder_attn_dtype, mm_encoder_fp8_scale_path, mm_encoder_fp8_scale_save_path, mm_encoder_fp8_scale_save_margin, interleave_mm_strings, skip_mm_profiling, video_pruning_rate, mm_tensor_ipc, mm_ipc_gpu_memory_gb)
        if (self.enable_sleep_mode) and not (current_platform.supports_sleep_mode):
            raise _r.RuleError(f'sleep mode is not available on the {current_platform.device_type} platform', ["enable_sleep_mode"], self)
        if self.enable_sleep_mode and current_platform.supports_cumem_allocator and not self.enable_cumem_allocator:
            _log.info('cumem allocator enabled (sleep mode needs it)')
            self.enable_cumem_allocator = True
        if (self.enable_cumem_allocator) and not (current_platform.supports_cumem_allocator):
            raise _r.RuleError(f'the cumem allocator is not available on the {current_platform.device_type} platform', ["enable_cumem_allocator"], self)
        _hooks.build_multimodal_config(self)
        _hooks.dtype_for_engine(self)
        if not (all(':' in self.model_class_overrides[arch] for arch in self.model_class_overrides)):
            raise _r.RuleError(f'model_class_overrides maps an architecture to "module:Class" (e.g. "my_pkg.llama:MyLlama"); got {self.model_class_overrides}', ["model_class_overrides"], self)
        if (self.multimodal_config is not None and self.renderer_num_workers > 1) and not (self.multimodal_config.mm_processor_cache_gb <= 0):
            raise _r.RuleError('renderer_num_workers > 1 needs the multimodal processor cache disabled (mm_processor_cache_gb=0): the cache is not thread-safe', ["renderer_num_workers", "multimodal_config.mm_processor_cache_gb"], self)

    @property
    def architectures(self) -> "list[str]":
        """Model class names from the checkpoint's config, e.g. ["LlamaForCausalLM"]."""
        return (self.model_arch_config.architectures if self.model_arch_config is not None else [])

    @property
    def architecture(self) -> "str":
        """The architecture served: the first one the config names (the engine may pick another of them, or its Transformers fallback)."""
        return (self.architectures[0] if self.architectures else '')

    @property
    def has_tokenizer_files(self) -> "bool":
        """Whether the checkpoint folder holds tokenizer files (tokenizer.json, tokenizer_config.json, tokenizer.model, vocabulary files); True when no checkpoint was read. Looked up on disk at each access."""
        return _checkpoint.has_tokenizer_files(self)

    @property
    def registry(self) -> "Any":
        """A registry-like object answering is_pooling_model, is_text_generation_model, is_multimodal_model, is_pp_supported_model and get_supported_archs from the architecture tables; model classes need the engine (NotSupportedError)."""
        return _checkpoint.registry(self)

    @property
    def model_type(self) -> "str":
        """The checkpoint's model type, e.g. "llama"."""
        return (self.model_arch_config.model_type if self.model_arch_config is not None else '')

    @property
    def platform_dtypes(self) -> "list[str]":
        """The current platform's supported dtype names, preferred first (platforms.yaml)."""
        return current_platform.supported_dtypes

    @property
    def usable_dtypes(self) -> "list[str]":
        """The platform's dtypes this model type can run in (no float16 where it is unstable)."""
        return [name for name in self.platform_dtypes if (name != 'float16' or self.model_type not in ('gemma2', 'gemma3', 'gemma3_text', 'plamo2', 'glm4'))]

    @property
    def auto_dtype(self) -> "str":
        """What dtype "auto" resolves to: the checkpoint's dtype where the platform supports it (float32 checkpoints use preferred_dtype), else preferred_dtype."""
        return ((self.preferred_dtype if self.checkpoint_facts.config_dtype == 'float32' else self.checkpoint_facts.config_dtype) if (self.preferred_dtype if self.checkpoint_facts.config_dtype == 'float32' else self.checkpoint_facts.config_dtype) in self.usable_dtypes else self.preferred_dtype)

    @property
    def preferred_dtype(self) -> "str":
        """What dtype "auto" uses for float32 checkpoints (float16 for pooling models where available)."""
        return ('float16' if self.runner_type == 'pooling' and 'float16' in self.usable_dtypes else self.usable_dtypes[0])

    @property
    def is_pooling_architecture(self) -> "bool":
        """Whether the architecture is a pooling model (by the architecture tables, else its name's suffix)."""
        return self.registry_runner_type == 'pooling'

    @property
    def registry_runner_type(self) -> "str":
        """The runner the architectures imply: the architecture tables for the first listed name, else the first suffix match (iter_architecture_defaults), else "generate"."""
        return _checkpoint.runner_type(self)

    @property
    def is_multimodal_architecture(self) -> "bool":
        """Whether the model takes non-text inputs: a multimodal architecture of the tables, or (for others) a config with a vision/audio sub-config."""
        return self.architecture in ('AriaForConditionalGeneration', 'AudioFlamingo3ForConditionalGeneration', 'BagelForConditionalGeneration', 'BeeForConditionalGeneration', 'Blip2ForConditionalGeneration', 'CLIPModel', 'ChameleonForConditionalGeneration', 'Cheers', 'CheersForConditionalGeneration', 'Cohere2VisionForConditionalGeneration', 'CohereAsrForConditionalGeneration', 'ColModernVBertForRetrieval', 'ColPaliForRetrieval', 'ColQwen3', 'ColQwen3_5', 'Cosmos3ForConditionalGeneration', 'DeepseekOCR2ForCausalLM', 'DeepseekOCRForCausalLM', 'DeepseekVLV2ForCausalLM', 'DiffusionGemmaForBlockDiffusion', 'DotsOCRForCausalLM', 'Eagle2_5_VLForConditionalGeneration', 'Ernie4_5_VLMoeForConditionalGeneration', 'Exaone4_5_ForConditionalGeneration', 'Exaone4_5_MTP', 'FireRedASR2ForConditionalGeneration', 'FireRedLIDForConditionalGeneration', 'FunASRForConditionalGeneration', 'FunAudioChatForConditionalGeneration', 'FuyuForCausalLM', 'GLM4VForCausalLM', 'Gemma3ForConditionalGeneration', 'Gemma3nForConditionalGeneration', 'Gemma4ForConditionalGeneration', 'Gemma4UnifiedForConditionalGeneration', 'Glm4vForConditionalGeneration', 'Glm4vMoeForConditionalGeneration', 'GlmAsrForConditionalGeneration', 'GlmOcrForConditionalGeneration', 'Granite4VisionForConditionalGeneration', 'GraniteSpeechForConditionalGeneration', 'GraniteSpeechPlusForConditionalGeneration', 'H2OVLChatModel', 'HCXVisionForCausalLM', 'HCXVisionV2ForCausalLM', 'HfMoondream', 'HunYuanVLForConditionalGeneration', 'Idefics3ForConditionalGeneration', 'InternS1ForConditionalGeneration', 'InternS1ProForConditionalGeneration', 'InternS2PreviewForConditionalGeneration', 'InternVLChatModel', 'InternVLForConditionalGeneration', 'IsaacForConditionalGeneration', 'JinaVLForRanking', 'KananaVForConditionalGeneration', 'KeyeForConditionalGeneration', 'KeyeVL1_5ForConditionalGeneration', 'KimiK25ForConditionalGeneration', 'KimiVLForConditionalGeneration', 'Lfm2VlForConditionalGeneration', 'LightOnOCRForConditionalGeneration', 'Llama4ForConditionalGeneration', 'LlamaNemotronVLForSequenceClassification', 'LlamaNemotronVLModel', 'Llama_Nemotron_Nano_VL', 'LlavaForConditionalGeneration', 'LlavaNextForConditionalGeneration', 'LlavaNextVideoForConditionalGeneration', 'LlavaOnevision2ForConditionalGeneration', 'LlavaOnevisionForConditionalGeneration', 'MiDashengLMModel', 'MiMoV2OmniForCausalLM', 'MiMoV2OmniMTPModel', 'MiniCPMO', 'MiniCPMV', 'MiniCPMV4_6ForConditionalGeneration', 'MiniMaxM3SparseForConditionalGeneration', 'Mistral3ForConditionalGeneration', 'Molmo2ForConditionalGeneration', 'MolmoForCausalLM', 'Moondream3ForCausalLM', 'MoonshotKimiaForCausalLM', 'MossAudioModel', 'MossTranscribeDiarizeForConditionalGeneration', 'NVLM_D', 'NemotronH_Nano_Omni_Reasoning_V3', 'NemotronH_Nano_VL_V2', 'NemotronH_Super_Omni_Reasoning_V3', 'NemotronParseForConditionalGeneration', 'OpenCUAForConditionalGeneration', 'OpenPanguVLForConditionalGeneration', 'OpenVLAForActionPrediction', 'OpsColQwen3Model', 'Ovis', 'Ovis2_5', 'Ovis2_6ForCausalLM', 'Ovis2_6_MoeForCausalLM', 'PaddleOCRVLForConditionalGeneration', 'PaliGemmaForConditionalGeneration', 'Phi3VForCausalLM', 'Phi4ForCausalLMV', 'Phi4MMForCausalLM', 'PixtralForConditionalGeneration', 'PrithviGeoSpatialMAE', 'QianfanOCRForConditionalGeneration', 'Qwen2AudioForConditionalGeneration', 'Qwen2VLForConditionalGeneration', 'Qwen2_5OmniForConditionalGeneration', 'Qwen2_5OmniModel', 'Qwen2_5_VLForConditionalGeneration', 'Qwen3ASRForConditionalGeneration', 'Qwen3ASRForcedAlignerForTokenClassification', 'Qwen3ASRRealtimeGeneration', 'Qwen3OmniMoeForConditionalGeneration', 'Qwen3VLForConditionalGeneration', 'Qwen3VLMoeForConditionalGeneration', 'Qwen3VLNemotronEmbedModel', 'Qwen3_5ForConditionalGeneration', 'Qwen3_5MTP', 'Qwen3_5MoeForConditionalGeneration', 'Qwen3_5MoeMTP', 'RForConditionalGeneration', 'SiglipModel', 'SkyworkR1VChatModel', 'SmolVLMForConditionalGeneration', 'Step3VLForConditionalGeneration', 'Step3p7ForConditionalGeneration', 'StepVLForConditionalGeneration', 'Terratorch', 'UltravoxModel', 'UnlimitedOCRForCausalLM', 'VoxtralForConditionalGeneration', 'VoxtralRealtimeGeneration', 'WhisperForConditionalGeneration') or (self.checkpoint_facts is not None and self.checkpoint_facts.has_multimodal_subconfig)

    @property
    def default_seq_pooling_type(self) -> "SequencePoolingType":
        """The architecture's default sequence pooling (LAST unless the tables say CLS or MEAN)."""
        return ('CLS' if self.architecture in ('BertForSequenceClassification', 'BertModel', 'BertSpladeSparseEmbeddingModel', 'BgeM3EmbeddingModel', 'ColBERTJinaRobertaModel', 'ColBERTLfm2Model', 'ColBERTModernBertModel', 'ColModernVBertForRetrieval', 'ColPaliForRetrieval', 'ColQwen3', 'ColQwen3_5', 'GteModel', 'GteNewForSequenceClassification', 'GteNewModel', 'HF_ColBERT', 'ModernBertForSequenceClassification', 'ModernBertModel', 'NomicBertModel', 'OpsColQwen3Model', 'Qwen3VLNemotronEmbedModel', 'RobertaForMaskedLM', 'RobertaForSequenceClassification', 'RobertaModel', 'SiglipModel', 'XLMRobertaForSequenceClassification', 'XLMRobertaModel') else ('MEAN' if self.architecture in ('GritLM',) else 'LAST'))

    @property
    def default_tok_pooling_type(self) -> "TokenPoolingType":
        """The architecture's default token pooling (ALL unless the tables say STEP)."""
        return ('STEP' if self.architecture in ('Qwen2ForProcessRewardModel',) else 'ALL')

    @property
    def attention_chunk_size(self) -> "int | None":
        """Chunk size of chunked local attention (e.g. Llama 4), or None."""
        return (self.checkpoint_facts.attention_chunk_size if self.checkpoint_facts is not None else None)

    @property
    def is_deepseek_mla(self) -> "bool":
        """Whether attention is DeepSeek-style multi-head latent attention."""
        return self.model_arch_config is not None and self.model_arch_config.is_deepseek_mla

    @property
    def is_mm_prefix_lm(self) -> "bool":
        """Whether multimodal positions attend bidirectionally."""
        return self.model_arch_config is not None and self.model_arch_config.is_mm_prefix_lm

    @property
    def rswa_window(self) -> "int | None":
        """Window of reference sliding-window attention, or None."""
        return (self.model_arch_config.rswa_window if self.model_arch_config is not None else None)

    @property
    def is_encoder_decoder(self) -> "bool":
        """Whether the model is an encoder-decoder model (e.g. Whisper, BART)."""
        return self.checkpoint_facts is not None and self.checkpoint_facts.is_encoder_decoder

    @property
    def is_diffusion(self) -> "bool":
        """Whether the model is a discrete diffusion language model."""
        return self.checkpoint_facts is not None and self.checkpoint_facts.is_diffusion

    @property
    def uses_alibi(self) -> "bool":
        """Whether positions are encoded with ALiBi."""
        return self.checkpoint_facts is not None and self.checkpoint_facts.uses_alibi

    @property
    def uses_mrope(self) -> "bool":
        """Whether the model uses multimodal RoPE (M-RoPE)."""
        return self.checkpoint_facts is not None and self.checkpoint_facts.uses_mrope

    @property
    def uses_xdrope_dim(self) -> "int":
        """Number of XD-RoPE sections; 0 without XD-RoPE."""
        return (self.checkpoint_facts.uses_xdrope_dim if self.checkpoint_facts is not None else 0)

    @property
    def is_multimodal_model(self) -> "bool":
        """Whether the model runs with multimodal inputs (multimodal_config is set)."""
        return self.multimodal_config is not None

    @property
    def is_multimodal_raw_input_only_model(self) -> "bool":
        """Whether the model takes raw multimodal inputs only, without a text prompt."""
        return self.architecture in ('PrithviGeoSpatialMAE', 'Terratorch')

    @property
    def requires_raw_input_tokens(self) -> "bool":
        """Whether the model needs the raw input token ids."""
        return self.architecture in ('Cheers', 'CheersForConditionalGeneration', 'VoxtralRealtimeGeneration')

    @property
    def score_type(self) -> "str":
        """How the scoring API scores pairs: "cross-encoder" (classification models), "late-interaction" (ColBERT-style) or "bi-encoder" (embeddings). Approximated from the architecture name."""
        return ('cross-encoder' if self.convert_type == 'classify' or self.architecture.endswith('ForSequenceClassification') or self.architecture.endswith('ForRanking') else ('late-interaction' if self.default_tok_pooling_type == 'ALL' and self.default_seq_pooling_type == 'CLS' and self.architecture.startswith('Col') else 'bi-encoder'))

    @property
    def is_pp_supported(self) -> "bool":
        """Whether the model supports pipeline parallelism (unknown architectures count as yes)."""
        return self.architecture not in ('AriaForConditionalGeneration', 'BailingMoeV25MTPModel', 'BertForSequenceClassification', 'BertForTokenClassification', 'BertModel', 'BertSpladeSparseEmbeddingModel', 'BgeM3EmbeddingModel', 'CLIPModel', 'CohereAsrForConditionalGeneration', 'ColBERTJinaRobertaModel', 'ColBERTLfm2Model', 'ColBERTModernBertModel', 'ColModernVBertForRetrieval', 'DFlashLagunaForCausalLM', 'DSparkDraftModel', 'DeepSeekMTPModel', 'DeepSeekV4MTPModel', 'DeepseekV4ForCausalLM', 'ErnieMTPModel', 'Exaone4_5_MTP', 'ExaoneMoeMTP', 'ExtractHiddenStatesModel', 'FireRedASR2ForConditionalGeneration', 'FireRedLIDForConditionalGeneration', 'FunASRForConditionalGeneration', 'GPT2ForSequenceClassification', 'Gemma3TextModel', 'Gemma3nForCausalLM', 'Gemma3nForConditionalGeneration', 'Gemma4MTPModel', 'Glm4MoeMTPModel', 'GteModel', 'GteNewForSequenceClassification', 'GteNewModel', 'HF_ColBERT', 'HYV3MTPModel', 'HrmTextForCausalLM', 'IQuestLoopCoderForCausalLM', 'Idefics3ForConditionalGeneration', 'JinaForRanking', 'LlamaBidirectionalForSequenceClassification', 'LlamaBidirectionalModel', 'LongCatFlashMTPModel', 'Mamba2ForCausalLM', 'MedusaModel', 'MiMoMTPModel', 'MiMoV2MTPModel', 'MiMoV2OmniMTPModel', 'MiniMaxM3MTP', 'MiniMaxM3SparseForCausalLM', 'MiniMaxM3SparseForConditionalGeneration', 'ModernBertForSequenceClassification', 'ModernBertForTokenClassification', 'ModernBertModel', 'NemotronH_Nano_Omni_Reasoning_V3', 'NemotronH_Nano_VL_V2', 'NemotronH_Super_Omni_Reasoning_V3', 'NemotronParseForConditionalGeneration', 'NomicBertModel', 'OpenAIPrivacyFilterForTokenClassification', 'OpenPanguMTPModel', 'OuroForCausalLM', 'PaddleOCRVLForConditionalGeneration', 'Phi4MMForCausalLM', 'PrithviGeoSpatialMAE', 'Qwen3NextMTP', 'Qwen3_5MTP', 'Qwen3_5MoeMTP', 'RobertaForMaskedLM', 'RobertaForSequenceClassification', 'RobertaModel', 'SiglipModel', 'SmolVLMForConditionalGeneration', 'Step3p5MTP', 'Terratorch', 'VoyageQwen3BidirectionalEmbedModel', 'WhisperForConditionalGeneration', 'XLMRobertaForSequenceClassification', 'XLMRobertaModel', 'Zamba2ForCausalLM')

    @property
    def is_attention_free(self) -> "bool":
        """Whether the model has no attention layers (pure state-space models)."""
        return self.architecture in ('FalconMambaForCausalLM', 'Mamba2ForCausalLM', 'MambaForCausalLM', 'PrithviGeoSpatialMAE', 'Terratorch') or self.model_type in ('mamba', 'falcon_mamba')

    @property
    def is_hybrid(self) -> "bool":
        """Whether attention layers are mixed with state-space or linear-attention layers (a hybrid architecture of the tables, or mamba layers in layers_block_type), unless every layer of the config is attention."""
        return self.checkpoint_facts is not None and (self.architecture in ('BailingMoeV2_5ForCausalLM', 'ColBERTLfm2Model', 'ColQwen3_5', 'FalconH1ForCausalLM', 'GraniteMoeHybridForCausalLM', 'InternS2PreviewForConditionalGeneration', 'JambaForCausalLM', 'JambaForSequenceClassification', 'KimiLinearForCausalLM', 'Lfm2ForCausalLM', 'Lfm2MoeForCausalLM', 'Lfm2VlForConditionalGeneration', 'MiniCPMV4_6ForConditionalGeneration', 'NemotronHForCausalLM', 'NemotronHPuzzleForCausalLM', 'NemotronH_Nano_Omni_Reasoning_V3', 'NemotronH_Nano_VL_V2', 'NemotronH_Super_Omni_Reasoning_V3', 'OlmoHybridForCausalLM', 'Plamo2ForCausalLM', 'Qwen3NextForCausalLM', 'Qwen3_5ForConditionalGeneration', 'Qwen3_5MoeForConditionalGeneration', 'Zamba2ForCausalLM') or (self.architecture not in ('FalconMambaForCausalLM', 'Mamba2ForCausalLM', 'MambaForCausalLM', 'PrithviGeoSpatialMAE', 'Terratorch') and self.checkpoint_facts.layers_block_type is not None and 'mamba' in self.checkpoint_facts.layers_block_type)) and (self.checkpoint_facts.config_layer_types is None or not all(t == 'attention' for t in self.checkpoint_facts.config_layer_types))

    @property
    def has_noops(self) -> "bool":
        """Whether some layers skip attention or MLP (no-op blocks)."""
        return self.architecture in ('DeciLMForCausalLM',)

    @property
    def has_inner_state(self) -> "bool":
        """Whether the model carries a recurrent state between steps."""
        return self.architecture in ('BailingMoeV2_5ForCausalLM', 'ColBERTLfm2Model', 'FalconH1ForCausalLM', 'FalconMambaForCausalLM', 'GraniteMoeHybridForCausalLM', 'JambaForCausalLM', 'JambaForSequenceClassification', 'KimiLinearForCausalLM', 'Lfm2ForCausalLM', 'Lfm2MoeForCausalLM', 'Mamba2ForCausalLM', 'MambaForCausalLM', 'MiniCPMV4_6ForConditionalGeneration', 'NemotronHForCausalLM', 'NemotronHPuzzleForCausalLM', 'NemotronH_Nano_Omni_Reasoning_V3', 'NemotronH_Nano_VL_V2', 'NemotronH_Super_Omni_Reasoning_V3', 'OlmoHybridForCausalLM', 'Plamo2ForCausalLM', 'Qwen3NextForCausalLM', 'Zamba2ForCausalLM')

    @property
    def supports_mamba_prefix_caching(self) -> "bool":
        """Whether the state-space model supports prefix caching."""
        return self.architecture in ('FalconH1ForCausalLM', 'FalconMambaForCausalLM', 'GraniteMoeHybridForCausalLM', 'JambaForCausalLM', 'JambaForSequenceClassification', 'Mamba2ForCausalLM', 'MambaForCausalLM', 'NemotronHForCausalLM', 'NemotronHPuzzleForCausalLM', 'Zamba2ForCausalLM')

    @property
    def use_mla(self) -> "bool":
        """Whether MLA attention is used (an MLA model, unless VLLM_MLA_DISABLE=1)."""
        return self.is_deepseek_mla and not _r.env('VLLM_MLA_DISABLE', False, envs)

    @property
    def is_matryoshka(self) -> "bool":
        """Whether the embedding model supports Matryoshka (truncated) dimensions."""
        return self.checkpoint_facts is not None and self.checkpoint_facts.is_matryoshka

    @property
    def matryoshka_dimensions(self) -> "list[int] | None":
        """The Matryoshka output sizes the config lists, or None."""
        return (self.checkpoint_facts.matryoshka_dimensions if self.checkpoint_facts is not None else None)

    @property
    def use_sep_token(self) -> "bool":
        """Whether cross-encoder inputs are joined with the separator token."""
        return self.checkpoint_facts is None or self.checkpoint_facts.use_sep_token

    @property
    def head_dtype(self) -> "ModelDType | TorchDType | str":
        """Dtype name of the output head (lm_head / score layer): float32 for pooling models where the platform has it (the config's head_dtype, "model" for the model dtype, overrides); the model dtype otherwise."""
        return (self.dtype if self.runner_type != 'pooling' else ((self.dtype if self.checkpoint_facts.head_dtype == 'model' else (self.checkpoint_facts.head_dtype if self.checkpoint_facts.head_dtype is not None else ('float32' if 'float32' in self.platform_dtypes else self.dtype))) if (self.dtype if self.checkpoint_facts.head_dtype == 'model' else (self.checkpoint_facts.head_dtype if self.checkpoint_facts.head_dtype is not None else ('float32' if 'float32' in self.platform_dtypes else self.dtype))) in self.platform_dtypes else self.dtype))

    @property
    def embedding_size(self) -> "int":
        """Size of the pooled embedding: the config's embedding_size, else the hidden size (sentence-transformers Dense layers are not read)."""
        return (self.checkpoint_facts.embedding_size if self.checkpoint_facts is not None and self.checkpoint_facts.embedding_size is not None else self.get_hidden_size())

    @property
    def attn_type(self) -> "str":
        """Attention kind: "encoder_only" (bidirectional pooling models), "decoder", "hybrid", "attention_free" or "encoder_decoder"."""
        return (('encoder_only' if self.default_seq_pooling_type == 'CLS' or not self.checkpoint_facts.is_causal else 'decoder') if self.pooler_config is not None else ('hybrid' if self.is_hybrid else ('attention_free' if self.is_attention_free else ('encoder_decoder' if self.is_encoder_decoder else 'decoder'))))

    @property
    def is_chunked_prefill_supported(self) -> "bool":
        """Whether prompts may be prefilled in chunks: not for encoder-decoder models, bidirectional pooling models, or causal pooling with MEAN/CLS/STEP pooling."""
        return (self.attn_type != 'encoder_only' and self.attn_type != 'encoder_decoder' and not (self.attn_type == 'decoder' and (self.pooler_config.seq_pooling_type in ('MEAN', 'CLS') or self.pooler_config.tok_pooling_type == 'STEP')) if self.pooler_config is not None else self.attn_type != 'encoder_decoder')

    @property
    def is_prefix_caching_supported(self) -> "bool":
        """Whether prefix caching works: decoder-only generative models, and causal pooling models with LAST/ALL pooling."""
        return (self.attn_type == 'decoder' and self.pooler_config.seq_pooling_type not in ('MEAN', 'CLS') and self.pooler_config.tok_pooling_type != 'STEP' if self.pooler_config is not None else self.attn_type == 'decoder')

    @property
    def is_moe(self) -> "bool":
        """Whether the model is a mixture of experts."""
        return self.get_num_experts() > 0

    @property
    def is_quantized(self) -> "bool":
        """Whether the checkpoint carries a quantization config."""
        return self.checkpoint_facts is not None and self.checkpoint_facts.is_quantized

    @property
    def checkpoint_quant_method(self) -> "str | None":
        """The method the checkpoint's quantization config names (normalised); None when unquantized."""
        return (None if self.model_arch_config is None or self.model_arch_config.quantization_config is None or not self.model_arch_config.quantization_config['quant_method'] else self.model_arch_config.quantization_config['quant_method'])

    @property
    def checkpoint_quant_algo(self) -> "str":
        """A ModelOpt checkpoint's algorithm (FP8, NVFP4, ...), upper-cased; "" for other methods."""
        return ('' if self.model_arch_config is None or self.model_arch_config.quantization_config is None else (str(self.model_arch_config.quantization_config['quantization']['quant_algo']).upper() if 'quantization' in self.model_arch_config.quantization_config and 'quant_algo' in self.model_arch_config.quantization_config['quantization'] else (str(self.model_arch_config.quantization_config['quant_algo']).upper() if 'quant_algo' in self.model_arch_config.quantization_config else '')))

    @property
    def checkpoint_quantization_override(self) -> "str | None":
        """The method an override rule picks for this checkpoint, whatever quantization names: GPTQ checkpoints run as auto_gptq (unless another method is asked for), AWQ ones as auto_awq off CPU, ModelOpt ones by algorithm (FP8 as modelopt, FP4 as modelopt_fp4); None when no covered rule applies."""
        return ('auto_gptq' if self.checkpoint_quant_method == 'gptq' and self.quantization in (None, 'gptq', 'gptq_marlin', 'auto_gptq', 'marlin') else ('auto_awq' if self.checkpoint_quant_method == 'awq' and current_platform.device_type != 'cpu' and self.quantization in (None, 'awq', 'awq_marlin', 'auto_awq', 'marlin') else ('modelopt' if self.checkpoint_quant_method is not None and self.checkpoint_quant_method.startswith('modelopt') and self.checkpoint_quant_algo == 'FP8' else ('modelopt_fp4' if self.checkpoint_quant_method is not None and self.checkpoint_quant_method.startswith('modelopt') and 'FP4' in self.checkpoint_quant_algo else None))))

    @model_validator(mode="after")
    def validate_model_config_after(self) -> "Any":
        """The checks vLLM makes once the config is built (after its other steps): the tokenizer is a path or name, max_model_len a positive number of tokens, and (from 0.29.0) prompt embeddings are not asked of an encoder-decoder model."""
        if not (isinstance(self.tokenizer, str)):
            raise _r.RuleError(f'tokenizer must be a path or a Hugging Face model id, got {self.tokenizer!r}', ["tokenizer"], self)
        if (self.max_model_len is not None and self.max_model_len != (-1)) and not (self.max_model_len >= 1):
            raise _r.RuleError(f'max_model_len must be a positive number of tokens (or -1 to fit memory), got {self.max_model_len}', ["max_model_len"], self)
        return self

    def get_model_arch_config(self, *args: Any, **kwargs: Any) -> "Any":
        """A fresh ModelArchitectureConfig computed from hf_config (loads the config)."""
        return _checkpoint.architecture_config(self, *args, **kwargs)

    def using_transformers_backend(self) -> "bool":
        """Whether the Transformers modeling backend serves the model (approximation: only when model_impl is "transformers"; the engine also falls back to it for unregistered architectures)."""
        return self.model_impl == 'transformers'

    def maybe_pull_model_tokenizer_for_runai(self, model: "str", tokenizer: "str") -> "None":
        """Nothing for local or hub models; object-storage URIs raise NotSupportedError (the engine downloads them)."""
        if (not self.model_weights) and not (not any(str(x).startswith(('s3://', 'gs://', 'az://')) for x in [model, tokenizer])):
            raise _r.NotSupportedError('pulling models from object storage needs the engine', ["model_weights"])
        return None

    def verify_dual_chunk_attention_config(self, load_config: "LoadConfig") -> "None":
        """Nothing for ordinary models; dual-chunk-attention models raise NotSupportedError (the engine loads their sparse attention config)."""
        if getattr(self.hf_config, 'dual_chunk_attention_config', None) is not None:
            raise _r.NotSupportedError("dual chunk attention needs the engine's sparse attention config loader", ["hf_config"])
        return None

    def _verify_with_expert_parallelism(self) -> "None":
        """Checks the model has experts, as expert parallelism needs (called by verify_with_parallel_config through the instance, as vLLM calls it)."""
        if not (self.is_moe):
            raise _r.RuleError('enable_expert_parallel needs a mixture-of-experts model', ["is_moe"])
        return None

    def verify_with_parallel_config(self, parallel_config: "ParallelConfig") -> "None":
        """Checks the model against the parallel layout: heads divisible by TP, expert parallelism only for MoE models, pipeline parallelism support, decode context parallel limits, torch_shm tensor IPC on a single rank."""
        if not ((self.model_arch_config.total_num_attention_heads % parallel_config.tensor_parallel_size) == 0):
            raise _r.RuleError(f"the model's {self.model_arch_config.total_num_attention_heads} attention heads are not divisible by tensor_parallel_size ({parallel_config.tensor_parallel_size})", ["model_arch_config.total_num_attention_heads", "parallel_config.tensor_parallel_size"])
        if (parallel_config.enable_expert_parallel) and self._verify_with_expert_parallelism() is not None:
            raise _r.RuleError('the expert-parallelism check of the model config returned a value', ["parallel_config.enable_expert_parallel"])
        if (parallel_config.pipeline_parallel_size > 1) and not (self.is_pp_supported):
            raise _r.NotSupportedError(f'{self.architecture} does not support pipeline parallelism', ["parallel_config.pipeline_parallel_size", "is_pp_supported"])
        if (parallel_config.decode_context_parallel_size > 1 and not self.use_mla) and not (parallel_config.tensor_parallel_size > self.get_total_num_kv_heads()):
            raise _r.RuleError(f'decode context parallelism with GQA needs tensor_parallel_size ({parallel_config.tensor_parallel_size}) above the KV head count ({self.get_total_num_kv_heads()})', ["parallel_config.decode_context_parallel_size", "use_mla", "parallel_config.tensor_parallel_size"])
        if (parallel_config.decode_context_parallel_size > 1 and not self.use_mla) and not (parallel_config.decode_context_parallel_size <= (parallel_config.tensor_parallel_size // self.get_total_num_kv_heads())):
            raise _r.RuleError(f'decode_context_parallel_size ({parallel_config.decode_context_parallel_size}) must be at most tensor_parallel_size // KV heads = {parallel_config.tensor_parallel_size // self.get_total_num_kv_heads()}', ["parallel_config.decode_context_parallel_size", "use_mla", "parallel_config.tensor_parallel_size"])
        if (parallel_config.decode_context_parallel_size > 1 and not self.use_mla) and not (((self.model_arch_config.total_num_attention_heads // self.get_total_num_kv_heads()) % parallel_config.decode_context_parallel_size) == 0):
            raise _r.RuleError(f'query heads per KV head ({self.model_arch_config.total_num_attention_heads // self.get_total_num_kv_heads()}) must be divisible by decode_context_parallel_size ({parallel_config.decode_context_parallel_size})', ["parallel_config.decode_context_parallel_size", "use_mla", "model_arch_config.total_num_attention_heads"])
        if (self.multimodal_config is not None and self.multimodal_config.mm_tensor_ipc == 'torch_shm') and not (parallel_config.world_size_across_dp <= 1):
            raise _r.RuleError("mm_tensor_ipc 'torch_shm' works only with one rank (no data, tensor or pipeline parallelism)", ["multimodal_config.mm_tensor_ipc", "parallel_config.world_size_across_dp"])
        return None

    def get_sliding_window(self) -> "int | None":
        """The sliding-window size, or None (none, or disabled)."""
        return (None if self.disable_sliding_window or self.checkpoint_facts is None else self.checkpoint_facts.sliding_window)

    def get_vocab_size(self) -> "int":
        """Vocabulary size."""
        return self.model_arch_config.vocab_size

    def get_hidden_size(self) -> "int":
        """Width of the hidden states."""
        return self.model_arch_config.hidden_size

    def get_inputs_embeds_size(self) -> "int":
        """Width of input embeddings (the hidden size unless the config projects them, as CLIP does)."""
        return (self.checkpoint_facts.inputs_embeds_size if self.checkpoint_facts.inputs_embeds_size is not None else self.get_hidden_size())

    def get_head_size(self) -> "int":
        """Size of one attention head."""
        return self.model_arch_config.head_size

    def get_total_num_kv_heads(self) -> "int":
        """Key/value heads per attention layer, before tensor parallelism."""
        return self.model_arch_config.total_num_kv_heads

    def get_num_kv_heads(self, parallel_config: "ParallelConfig") -> "int":
        """Key/value heads per GPU: split by tensor parallelism, at least one (replicated when there are fewer KV heads than GPUs); 1 with MLA."""
        return (1 if self.use_mla else max(1, self.get_total_num_kv_heads() // parallel_config.tensor_parallel_size))

    def get_num_attention_heads(self, parallel_config: "ParallelConfig") -> "int":
        """Query heads per GPU."""
        return self.model_arch_config.total_num_attention_heads // parallel_config.tensor_parallel_size

    def get_num_experts(self) -> "int":
        """Routed experts per MoE layer; 0 for dense models."""
        return self.model_arch_config.num_experts

    def get_total_num_hidden_layers(self) -> "int":
        """Number of layers, before pipeline parallelism."""
        return self.model_arch_config.total_num_hidden_layers

    def get_layers_start_end_indices(self, parallel_config: "ParallelConfig") -> "tuple[int, int]":
        """[start, end) of this rank's pipeline stage (even split, leftovers to the stages before the last; VLLM_PP_LAYER_PARTITION overrides)."""
        return _hooks.get_layers_start_end_indices(self, parallel_config)

    def get_num_layers(self, parallel_config: "ParallelConfig") -> "int":
        """Layers on this rank's pipeline stage."""
        return self.get_layers_start_end_indices(parallel_config)[1] - self.get_layers_start_end_indices(parallel_config)[0]

    def get_num_layers_by_block_type(self, parallel_config: "ParallelConfig", block_type: "str") -> "int":
        """Layers of one kind ("attention", "mamba", "linear_attention", ...) on this rank's pipeline stage; block_type defaults to "attention"."""
        return _hooks.get_num_layers_by_block_type(self, parallel_config, block_type)

    def get_mamba_chunk_size(self) -> "int":
        """Chunk size of the state-space scan (2048 when the config states none)."""
        return self.checkpoint_facts.mamba_chunk_size

    def get_multimodal_config(self) -> "MultiModalConfig":
        """multimodal_config; a ValueError for text-only models."""
        if self.multimodal_config is None:
            raise _r.RuleError('the model is not multimodal', ["multimodal_config"])
        return self.multimodal_config

    def try_get_generation_config(self, *args: Any, **kwargs: Any) -> "dict[str, Any]":
        """Settings of the model's generation_config.json (or of the folder generation_config names); {} without one."""
        return _checkpoint.generation_config(self, *args, **kwargs)

    def get_diff_sampling_param(self, *args: Any, **kwargs: Any) -> "dict[str, Any]":
        """Default sampling parameters from the generation config (unless "vllm") and override_generation_config; max_new_tokens is reported as max_tokens."""
        return _hooks.get_diff_sampling_param(self, *args, **kwargs)

    def get_pooling_task(self, supported_tasks: "tuple[str, ...]") -> "str | None":
        """The pooling task to serve among supported_tasks: the configured one, else token_classify for token-classification models, else the first by priority."""
        if (self.pooler_config is not None and self.pooler_config.task is not None) and self.pooler_config.task not in supported_tasks:
            raise RuntimeError(f"pooling task {self.pooler_config.task!r} is not supported; supported: {', '.join(supported_tasks)}")
        return (None if self.pooler_config is None else (self.pooler_config.task if self.pooler_config.task is not None else ('token_classify' if 'token_classify' in supported_tasks and any('ForTokenClassification' in a for a in self.architectures) else ([t for t in ('embed&token_classify', 'embed', 'classify', 'token_embed', 'token_classify', 'plugin') if t in supported_tasks] + [None])[0])))

    def get_and_verify_max_len(self, max_model_len: "int | None") -> "int":
        """The context length: the checkpoint's for a request of None or -1 (length keys, sliding window when disabled, RoPE scaling, encoder limits), else the request checked against it (a longer request needs an opt-in environment variable)."""
        return _checkpoint.max_model_len(self, max_model_len)

    def is_nvfp4_quantized(self) -> "bool":
        """Whether the weights are NVFP4-quantized (ModelOpt FP4, or compressed-tensors in an nvfp4 format)."""
        return self.quantization == 'modelopt_fp4' or (self.quantization == 'compressed-tensors' and self.model_arch_config.quantization_config is not None and 'format' in self.model_arch_config.quantization_config and 'nvfp4' in str(self.model_arch_config.quantization_config['format']).lower())

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "allow_deprecated_quantization": self.allow_deprecated_quantization,
            "code_revision": self.code_revision,
            "disable_sliding_window": self.disable_sliding_window,
            "dtype": _h.canon(self.dtype),
            "enable_cumem_allocator": self.enable_cumem_allocator,
            "enable_prompt_embeds": self.enable_prompt_embeds,
            "enable_return_routed_experts": self.enable_return_routed_experts,
            "enable_sleep_mode": self.enable_sleep_mode,
            "generation_config": self.generation_config,
            "hf_config": _h.canon(self.hf_config),
            "hf_overrides": _h.canon(self.hf_overrides),
            "hf_text_config": _h.canon(self.hf_text_config),
            "language_model_only": _h.canon(_h.path(self, 'multimodal_config.language_model_only')),
            "max_logprobs": self.max_logprobs,
            "max_model_len": self.max_model_len,
            "model": self.model,
            "model_class_overrides": tuple(sorted(self.model_class_overrides.items())),
            "model_impl": _h.canon(self.model_impl),
            "model_weights": self.model_weights,
            "override_generation_config": tuple(sorted([(k0, _h.canon(v0)) for k0, v0 in self.override_generation_config.items()])),
            "quantization": _h.canon(self.quantization),
            "quantization_config": _h.canon(self.quantization_config),
            "renderer_num_workers": self.renderer_num_workers,
            "revision": self.revision,
            "runner": self.runner,
            "sleep_mode_backend": self.sleep_mode_backend,
            "trust_remote_code": self.trust_remote_code,
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = _h.text_of(self, lambda: (  # names the field of a value without stable identity
            self.allow_deprecated_quantization,
            self.code_revision,
            self.disable_sliding_window,
            _h.canon(self.dtype),
            self.enable_cumem_allocator,
            self.enable_prompt_embeds,
            self.enable_return_routed_experts,
            self.enable_sleep_mode,
            self.generation_config,
            _h.canon(self.hf_config),
            _h.canon(self.hf_overrides),
            _h.canon(self.hf_text_config),
            _h.canon(_h.path(self, 'multimodal_config.language_model_only')),
            self.max_logprobs,
            self.max_model_len,
            self.model,
            tuple(sorted(self.model_class_overrides.items())),
            _h.canon(self.model_impl),
            self.model_weights,
            tuple(sorted([(k0, _h.canon(v0)) for k0, v0 in self.override_generation_config.items()])),
            _h.canon(self.quantization),
            _h.canon(self.quantization_config),
            self.renderer_num_workers,
            self.revision,
            self.runner,
            self.sleep_mode_backend,
            self.trust_remote_code,
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_ModelConfig.get(text)
        if digest is None:
            digest = _sha256(b"ModelConfig:allow_deprecated_quantization,code_revision,disable_sliding_window,dtype,enable_cumem_allocator,enable_prompt_embeds,enable_return_routed_experts,enable_sleep_mode,generation_config,hf_config,hf_overrides,hf_text_config,language_model_only,max_logprobs,max_model_len,model,model_class_overrides,model_impl,model_weights,override_generation_config,quantization,quantization_config,renderer_num_workers,revision,runner,sleep_mode_backend,trust_remote_code:" + text.encode()).hexdigest()
            _h.remember(_MEMO_ModelConfig, text, digest)
        return digest


_MEMO_ModelConfig: dict[str, str] = {}
"""Canonical factor text -> digest for ModelConfig.compute_hash (bounded by _h.remember)."""


#: The generation-config settings ModelConfig.get_diff_sampling_param reports as default sampling parameters (the others are ignored).
_DIFF_SAMPLING_PARAMS = ('repetition_penalty', 'temperature', 'top_k', 'top_p', 'min_p', 'max_new_tokens')
