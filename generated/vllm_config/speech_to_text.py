# Generated from schema/speech_to_text.yaml by cfgc; do not edit.
"""Config classes: SpeechToTextConfig, SpeechToTextParams."""


from cfgc.runtime import hashing as _h
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config.model import ModelConfig
from vllm_config.types import NumpyArray


@config
class SpeechToTextConfig:
    """Audio handling for speech-to-text (transcription and translation) serving:
    resampling and how long clips are cut into chunks.
    """

    sample_rate: float = 16000
    """Sample rate in Hz that incoming audio is resampled to before the model sees
    it. 16 kHz suits most speech models; change it only if the model expects
    another rate.
    """

    max_audio_clip_s: _v.Int | None = 30
    """Longest clip in seconds handled in one piece. Longer audio is split into
    chunks when chunking is possible (this and `min_energy_split_window_size`
    both set) and rejected otherwise. None: no limit and no chunking.
    """

    overlap_chunk_second: _v.Int = 1
    """Seconds of overlap between consecutive chunks of long audio, so words cut at
    a boundary are seen whole in one of them.
    """

    min_energy_split_window_size: _v.Int | None = 1600
    """Window, in samples, searched for the quietest point at which to cut a chunk
    (1600 samples is 100 ms at 16 kHz), to avoid splitting mid-word. None turns
    chunking off.
    """

    @property
    def allow_audio_chunking(self) -> "bool":
        """Whether long audio is split into chunks (both the clip length and the split window are set)."""
        return self.min_energy_split_window_size is not None and self.max_audio_clip_s is not None

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_SpeechToTextConfig


_CONSTANT_HASH_SpeechToTextConfig = _h.digest("SpeechToTextConfig", {})
"""No field of SpeechToTextConfig feeds the cache key, so its hash is a constant."""


@config
class SpeechToTextParams:
    """Everything a speech model needs to build its prompt for one audio chunk: the
    audio, the server's audio settings, the model config and request options. Built
    per request by the transcription endpoint; not an engine setting.
    """

    audio: NumpyArray
    """Audio samples of one chunk, already resampled to the configured rate."""

    stt_config: SpeechToTextConfig
    """The server's speech-to-text settings."""

    model_config: ModelConfig
    """Configuration of the model serving the request."""

    language: str | None = None
    """ISO 639-1 code of the spoken language; None lets the model detect it."""

    hotwords: str | None = None
    """Words or phrases (names, jargon) the model should favour when it hears
    something close to them. None: no biasing.
    """

    task_type: str = "transcribe"
    """"transcribe" keeps the spoken language; "translate" outputs the target language."""

    request_prompt: str = ""
    """Optional text given to the model as context (spelling, style, previous text)."""

    to_language: str | None = None
    """Language to translate into, for models that support choosing it."""

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_SpeechToTextParams


_CONSTANT_HASH_SpeechToTextParams = _h.digest("SpeechToTextParams", {})
"""No field of SpeechToTextParams feeds the cache key, so its hash is a constant."""
