# Generated from schema/multimodal.yaml by cfgc; do not edit.
"""Config classes: AudioDummyOptions, BaseDummyOptions, ImageDummyOptions, VideoDummyOptions, MultiModalConfig."""

from hashlib import sha256 as _sha256
from typing import Any, Literal

from pydantic import Field, field_validator

from cfgc.hooks import multimodal as _hooks
from cfgc.runtime import hashing as _h
from cfgc.runtime import rules as _r
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config.types import AttentionBackendEnum, MMCacheType, MMEncoderTPMode, MMTensorIPC


@config
class AudioDummyOptions:
    """Per-prompt limit and dummy clip length used when profiling memory."""

    count: _v.Int = Field(default=999, ge=0)
    """Most audio clips accepted in one prompt."""

    length: _v.Int | None = Field(default=None, gt=0)
    """Dummy clip length in samples; unset uses the model's maximum."""

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_AudioDummyOptions


_CONSTANT_HASH_AudioDummyOptions = _h.digest("AudioDummyOptions", {})
"""No field of AudioDummyOptions feeds the cache key, so its hash is a constant."""


@config
class BaseDummyOptions:
    """Profiling options for one modality: how many dummy items to generate per prompt.
    Used for modalities other than image, video and audio.
    """

    count: _v.Int = Field(default=999, ge=0)
    """Most items of this modality accepted in one prompt (also the profiling count)."""

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_BaseDummyOptions


_CONSTANT_HASH_BaseDummyOptions = _h.digest("BaseDummyOptions", {})
"""No field of BaseDummyOptions feeds the cache key, so its hash is a constant."""


@config
class ImageDummyOptions:
    """Per-prompt limit and dummy image size used when profiling memory."""

    count: _v.Int = Field(default=999, ge=0)
    """Most images accepted in one prompt."""

    width: _v.Int | None = Field(default=None, gt=0)
    """Dummy image width in pixels; unset uses the model's maximum."""

    height: _v.Int | None = Field(default=None, gt=0)
    """Dummy image height in pixels; unset uses the model's maximum."""

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_ImageDummyOptions


_CONSTANT_HASH_ImageDummyOptions = _h.digest("ImageDummyOptions", {})
"""No field of ImageDummyOptions feeds the cache key, so its hash is a constant."""


@config
class VideoDummyOptions:
    """Per-prompt limit and dummy video shape used when profiling memory."""

    count: _v.Int = Field(default=999, ge=0)
    """Most videos accepted in one prompt."""

    num_frames: _v.Int | None = Field(default=None, gt=0)
    """Frames per dummy video during profiling; unset uses the model's maximum."""

    width: _v.Int | None = Field(default=None, gt=0)
    """Dummy video width in pixels; unset uses the model's maximum."""

    height: _v.Int | None = Field(default=None, gt=0)
    """Dummy video height in pixels; unset uses the model's maximum."""

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_VideoDummyOptions


_CONSTANT_HASH_VideoDummyOptions = _h.digest("VideoDummyOptions", {})
"""No field of VideoDummyOptions feeds the cache key, so its hash is a constant."""


@config
class MultiModalConfig:
    """Inputs, preprocessing caches and encoder execution of multimodal models (images,
    video, audio). Built by the engine from ModelConfig's mm_* arguments when the
    architecture accepts non-text inputs.
    """

    language_model_only: bool = False
    """Serve the model as text-only: every modality limit becomes 0 and the encoders
    are not used. Same effect as a limit of 0 for each modality.
    """

    limit_per_prompt: dict[str, BaseDummyOptions | VideoDummyOptions | ImageDummyOptions | AudioDummyOptions] = Field(default_factory=dict)
    """Per-modality cap on items in one prompt, optionally with the dummy input shape
    used for memory profiling. Give a count (`{"image": 4}`) or options
    (`{"video": {"count": 1, "num_frames": 16}}`); modalities not listed allow 999.
    """

    enable_mm_embeds: bool = False
    """Accept precomputed multimodal embeddings as inputs. With a modality limit of 0
    the encoder is not loaded but embeddings still pass. Shapes are not checked
    thoroughly: enable only for trusted clients.
    """

    media_io_kwargs: dict[str, dict[str, Any]] = Field(default_factory=dict)
    """Options for loading media, per modality, e.g. `{"video": {"num_frames": 40}}`."""

    mm_processor_kwargs: dict[str, Any] | None = None
    """Keyword overrides passed to the model's Hugging Face processor (e.g.
    `{"num_crops": 4}`); which keys work depends on the model.
    """

    mm_processor_cache_gb: float = Field(default=4, ge=0)
    """Size in GiB of the cache of processed multimodal inputs, kept once per API
    process and per engine process. 0 disables it.
    """

    mm_processor_cache_type: MMCacheType = "lru"
    """Cache kind for processed multimodal inputs; "shm" shares one cache through shared memory."""

    mm_shm_cache_max_object_size_mb: _v.Int = Field(default=128, ge=0)
    """Largest single entry, in MiB, of the shared-memory cache. Only valid with cache type "shm"."""

    mm_encoder_only: bool = False
    """Run only the multimodal encoder, without the language model (disaggregated encoder workers)."""

    mm_encoder_tp_mode: MMEncoderTPMode = "weights"
    """Tensor-parallel strategy for the encoder: "weights" shards each layer across
    ranks; "data" keeps full weights on every rank and splits the batch. "data"
    falls back to "weights" for encoders that do not support it.
    """

    mm_encoder_attn_backend: AttentionBackendEnum | None = None
    """Attention backend for vision encoders, by name (e.g. FLASH_ATTN); unset lets the engine choose."""

    mm_encoder_attn_dtype: Literal["fp8"] | None = None
    """Set to "fp8" to run encoder attention in FP8 (FlashInfer cuDNN). Scales are
    dynamic unless mm_encoder_fp8_scale_path is given.
    """

    mm_encoder_fp8_scale_path: str | None = None
    """JSON file of per-layer FP8 Q/K/V scales for static encoder-attention scaling. The file must exist."""

    mm_encoder_fp8_scale_save_path: str | None = None
    """With dynamic FP8 scaling, write the calibrated scales to this file once
    calibration is done, for reuse as mm_encoder_fp8_scale_path. Its folder must exist.
    """

    mm_encoder_fp8_scale_save_margin: float = Field(default=1.5, gt=0.0)
    """Factor applied to saved FP8 scales; above 1 leaves headroom for larger activations."""

    interleave_mm_strings: bool = False
    """Allow text and media items in any order in prompts rendered with the "string" chat content format."""

    skip_mm_profiling: bool = False
    """Profile memory with the language model only. Starts faster, but you must leave
    room for encoder activations and the embedding cache yourself.
    """

    video_pruning_rate: float | None = Field(default=None, ge=0.0, lt=1.0)
    """Fraction in [0, 1) of each video's tokens dropped by Efficient Video Sampling; unset disables pruning."""

    mm_tensor_ipc: MMTensorIPC = "direct_rpc"
    """Transport for multimodal tensors: "direct_rpc" serialises them over RPC;
    "torch_shm" passes them through torch shared memory (single engine, no TP/DP/PP).
    """

    mm_ipc_gpu_memory_gb: float = Field(default=0, ge=0)
    """GPU memory in GiB reserved (out of the KV cache budget) for GPU work in the API
    process, such as hardware video decoding. 0 disables the reservation.
    """

    @field_validator("limit_per_prompt", mode="before")
    @classmethod
    def _before_limit_per_prompt(cls, value: Any) -> Any:
        value = _hooks.limit_per_prompt_options(value)
        return value

    @field_validator("mm_encoder_attn_backend", mode="before")
    @classmethod
    def _before_mm_encoder_attn_backend(cls, value: Any) -> Any:
        value = _v.upper(value)
        value = _v.reject(value, ('XFORMERS',), 'attention backend XFORMERS was removed; choose another backend')
        value = _v.enum_by_name(value, AttentionBackendEnum)
        return value

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if (self.mm_processor_cache_type != 'shm') and not (self.mm_shm_cache_max_object_size_mb == 128):
            raise _r.RuleError("mm_shm_cache_max_object_size_mb only applies to mm_processor_cache_type='shm'", ["mm_processor_cache_type", "mm_shm_cache_max_object_size_mb"], self)
        if (self.mm_encoder_attn_dtype != 'fp8') and not (self.mm_encoder_fp8_scale_path is None and self.mm_encoder_fp8_scale_save_path is None):
            raise _r.RuleError("mm_encoder_fp8_scale_path and mm_encoder_fp8_scale_save_path need mm_encoder_attn_dtype='fp8'", ["mm_encoder_attn_dtype", "mm_encoder_fp8_scale_path", "mm_encoder_fp8_scale_save_path"], self)
        if (self.mm_encoder_fp8_scale_path is not None) and self.mm_encoder_fp8_scale_save_path is not None:
            raise _r.RuleError('mm_encoder_fp8_scale_save_path saves dynamically calibrated scales and cannot be combined with the static mm_encoder_fp8_scale_path', ["mm_encoder_fp8_scale_path", "mm_encoder_fp8_scale_save_path"], self)
        _hooks.check_fp8_scale_files(self)

    def get_limit_per_prompt(self, modality: "str") -> "int":
        """Most items of `modality` one prompt may hold (0 text-only, 999 when not listed)."""
        return (0 if self.language_model_only else (999 if modality not in self.limit_per_prompt else self.limit_per_prompt[modality].count))

    def merge_mm_processor_kwargs(self, inference_kwargs: "dict[str, Any]") -> "dict[str, Any]":
        """The processor keyword arguments of this config, overridden by those of the request."""
        return (self.mm_processor_kwargs | inference_kwargs if self.mm_processor_kwargs is not None else inference_kwargs | ({}))

    def is_multimodal_pruning_enabled(self) -> "bool":
        """Whether Efficient Video Sampling drops video tokens."""
        return self.video_pruning_rate is not None and self.video_pruning_rate > 0

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "mm_encoder_attn_backend": _h.enum_name(self.mm_encoder_attn_backend),
            "mm_encoder_attn_dtype": self.mm_encoder_attn_dtype,
            "mm_encoder_fp8_scale_path": self.mm_encoder_fp8_scale_path,
            "mm_encoder_tp_mode": self.mm_encoder_tp_mode,
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = repr((
            _h.enum_name(self.mm_encoder_attn_backend),
            self.mm_encoder_attn_dtype,
            self.mm_encoder_fp8_scale_path,
            self.mm_encoder_tp_mode,
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_MultiModalConfig.get(text)
        if digest is None:
            digest = _sha256(b"MultiModalConfig:mm_encoder_attn_backend,mm_encoder_attn_dtype,mm_encoder_fp8_scale_path,mm_encoder_tp_mode:" + text.encode()).hexdigest()
            _h.remember(_MEMO_MultiModalConfig, text, digest)
        return digest


_MEMO_MultiModalConfig: dict[str, str] = {}
"""Canonical factor text -> digest for MultiModalConfig.compute_hash (bounded by _h.remember)."""
