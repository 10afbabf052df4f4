# Generated from schema/model.yaml by cfgc; do not edit.
"""Config classes: ModelConfig."""

import logging
from dataclasses import InitVar
from hashlib import sha256 as _sha256
from typing import Any, Literal

from pydantic import Field, field_validator

from cfgc.hooks import model as _hooks
from cfgc.runtime import hashing as _h
from cfgc.runtime import rules as _r
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config import platforms as _platforms
from vllm_config.multimodal import MultiModalConfig
from vllm_config.pooler import PoolerConfig
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
    QuantizationConfigArgs,
    QuantizationMethods,
    RunnerOption,
    TokenizerMode,
    TorchDType,
)

_log = logging.getLogger(__name__)


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
    """The model's Hugging Face config object, loaded by the engine."""

    hf_text_config: PretrainedConfig = Field(default=None, init=False)  # unset: filled in after construction
    """The Hugging Face config of the text model; same as hf_config for text-only models."""

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
        value = _hooks.check_dtype(value)
        return value

    @field_validator("hf_config", mode="wrap")
    @classmethod
    def _skip_none_hf_config(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("hf_text_config", mode="wrap")
    @classmethod
    def _skip_none_hf_text_config(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("max_model_len", mode="wrap")
    @classmethod
    def _skip_none_max_model_len(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("quantization", mode="before")
    @classmethod
    def _before_quantization(cls, value: Any) -> Any:
        value = _v.lower(value)
        return value

    @field_validator("quantization_config", mode="after")
    @classmethod
    def _after_quantization_config(cls, value: Any) -> Any:
        value = _hooks.check_quantization_config(value)
        return value

    @field_validator("hf_overrides", mode="after")
    @classmethod
    def _after_hf_overrides(cls, value: Any) -> Any:
        value = _hooks.check_hf_overrides(value)
        return value

    @field_validator("logits_processors", mode="after")
    @classmethod
    def _after_logits_processors(cls, value: Any) -> Any:
        value = _hooks.check_logits_processors(value)
        return value

    def __post_init__(self, language_model_only: bool, limit_mm_per_prompt: dict[str, int | dict[str, int]] | None, enable_mm_embeds: bool | None, media_io_kwargs: dict[str, dict[str, Any]] | None, mm_processor_kwargs: dict[str, Any] | None, mm_processor_cache_gb: float | None, mm_processor_cache_type: MMCacheType | None, mm_shm_cache_max_object_size_mb: int | None, mm_encoder_only: bool | None, mm_encoder_tp_mode: MMEncoderTPMode | None, mm_encoder_attn_backend: AttentionBackendEnum | str | None, mm_encoder_attn_dtype: Literal['fp8'] | None, mm_encoder_fp8_scale_path: str | None, mm_encoder_fp8_scale_save_path: str | None, mm_encoder_fp8_scale_save_margin: float | None, interleave_mm_strings: bool | None, skip_mm_profiling: bool | None, video_pruning_rate: float | None, mm_tensor_ipc: MMTensorIPC, mm_ipc_gpu_memory_gb: float | None) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if self.tokenizer is None:
            self.tokenizer = self.model
        if self.tokenizer_revision is None:
            self.tokenizer_revision = self.revision
        self.served_model_name = ((self.served_model_name[0] if isinstance(self.served_model_name, list) else self.served_model_name) if self.served_model_name else self.model)
        if self.tokenizer_mode == 'auto' and self.model_impl == 'terratorch':
            self.tokenizer_mode = 'terratorch'
        if self.pooler_config is None and (self.runner == 'pooling' or (self.runner == 'auto' and self.convert not in ('auto', 'none'))):
            self.pooler_config = PoolerConfig()
        _hooks.keep_mm_init_kwargs(self, language_model_only, limit_mm_per_prompt, enable_mm_embeds, media_io_kwargs, mm_processor_kwargs, mm_processor_cache_gb, mm_processor_cache_type, mm_shm_cache_max_object_size_mb, mm_encoder_only, mm_encoder_tp_mode, mm_encoder_attn_backend, mm_encoder_attn_dtype, mm_encoder_fp8_scale_path, mm_encoder_fp8_scale_save_path, mm_encoder_fp8_scale_save_margin, interleave_mm_strings, skip_mm_profiling, video_pruning_rate, mm_tensor_ipc, mm_ipc_gpu_memory_gb)
        if (self.enable_sleep_mode) and not (_platforms.current_platform.supports_sleep_mode):
            raise _r.RuleError(f'sleep mode is not available on the {_platforms.current_platform.device_type} platform', ["enable_sleep_mode"])
        if self.enable_sleep_mode and _platforms.current_platform.supports_cumem_allocator and not self.enable_cumem_allocator:
            _log.info('cumem allocator enabled (sleep mode needs it)')
            self.enable_cumem_allocator = True
        if (self.enable_cumem_allocator) and not (_platforms.current_platform.supports_cumem_allocator):
            raise _r.RuleError(f'the cumem allocator is not available on the {_platforms.current_platform.device_type} platform', ["enable_cumem_allocator"])
        if (self.max_model_len is not None and self.max_model_len != (-1)) and not (self.max_model_len >= 1):
            raise _r.RuleError(f'max_model_len must be a positive number of tokens (or -1 to fit memory), got {self.max_model_len}', ["max_model_len"])
        if (self.multimodal_config is not None and self.renderer_num_workers > 1) and not (self.multimodal_config.mm_processor_cache_gb <= 0):
            raise _r.RuleError('renderer_num_workers > 1 needs the multimodal processor cache disabled (mm_processor_cache_gb=0): the cache is not thread-safe', ["renderer_num_workers", "multimodal_config.mm_processor_cache_gb"])

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
            self.trust_remote_code,
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_ModelConfig.get(text)
        if digest is None:
            digest = _sha256(b"ModelConfig:allow_deprecated_quantization,code_revision,disable_sliding_window,dtype,enable_cumem_allocator,enable_prompt_embeds,enable_return_routed_experts,enable_sleep_mode,generation_config,hf_config,hf_overrides,hf_text_config,language_model_only,max_logprobs,max_model_len,model,model_class_overrides,model_impl,model_weights,override_generation_config,quantization,quantization_config,renderer_num_workers,revision,runner,trust_remote_code:" + text.encode()).hexdigest()
            _h.remember(_MEMO_ModelConfig, text, digest)
        return digest


_MEMO_ModelConfig: dict[str, str] = {}
"""Canonical factor text -> digest for ModelConfig.compute_hash (bounded by _h.remember)."""
