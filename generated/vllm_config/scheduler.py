# Generated from schema/scheduler.yaml by cfgc; do not edit.
"""Config classes: SchedulerConfig."""

import logging
from dataclasses import InitVar
from hashlib import sha256 as _sha256
from typing import Any, ClassVar

from pydantic import Field, field_validator

from cfgc.hooks import scheduler as _hooks
from cfgc.runtime import hashing as _h
from cfgc.runtime import rules as _r
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config.types import RunnerType, SchedulerPolicy

_log = logging.getLogger(__name__)


@config
class SchedulerConfig:
    """Per-step batching limits and admission policy of the engine's scheduler: how many
    tokens and sequences one step may hold, chunked prefill, and scheduling order.
    Construct it with the model's max_model_len and is_encoder_decoder (init-only
    arguments, not stored here).
    """

    max_model_len: InitVar[_v.Int]
    """The model's maximum sequence length (prompt plus output), used to derive defaults and check the token budget. Stored in ModelConfig, not here."""

    is_encoder_decoder: InitVar[bool]
    """Whether the model is encoder-decoder; such models get chunked prefill turned off. Stored in ModelConfig, not here."""

    DEFAULT_MAX_NUM_BATCHED_TOKENS: ClassVar[int] = 2048
    """Default token budget per step when nothing better is known."""

    DEFAULT_MAX_NUM_BATCHED_TOKENS_FOR_BATCHED_DP: ClassVar[int] = 256
    """Default token budget per step for batched data-parallel MoE deployments."""

    DEFAULT_MAX_NUM_SEQS: ClassVar[int] = 128
    """Default cap on sequences per step when nothing better is known."""

    runner_type: RunnerType = "generate"
    """Kind of runner the engine starts for the model."""

    max_num_batched_tokens: _v.Int = Field(default=2048, ge=1)
    """Token budget of one engine step (all sequences together). Part of the cache key: it sizes static buffers (e.g. LoRA) and decides Inductor's index width. The engine normally sets it from the model and hardware."""

    max_num_scheduled_tokens: _v.Int | None = Field(default=None, ge=0)
    """Tokens the scheduler itself may hand out per step; below max_num_batched_tokens when the model adds tokens of its own (e.g. speculative decoding). Unset: equal to max_num_batched_tokens."""

    max_num_seqs: _v.Int = Field(default=128, ge=1)
    """Most sequences in one engine step. The engine normally sets it from the hardware."""

    max_num_partial_prefills: _v.Int = Field(default=1, ge=1)
    """With chunked prefill, how many prompts may be part-way through prefill at once."""

    max_long_partial_prefills: _v.Int = Field(default=1, ge=1)
    """With chunked prefill, how many long prompts (over long_prefill_token_threshold) may prefill at once. Set it below max_num_partial_prefills to let short prompts overtake long ones."""

    long_prefill_token_threshold: _v.Int = Field(default=0, ge=0)
    """Prompt length in tokens from which a prompt counts as long. 0 with several partial prefills means 4% of max_model_len."""

    enable_chunked_prefill: bool = True
    """Split long prompts over several steps to fit the token budget. Turned off for encoder-decoder models. The engine normally decides."""

    is_multimodal_model: bool = False
    """Whether the model takes multimodal inputs."""

    max_num_encoder_input_tokens: _v.Int = Field(default=None, init=False)  # derived after construction
    """Multimodal encoder compute budget per step, in tokens. Derived from max_num_batched_tokens; the engine may raise it for large multimodal items."""

    encoder_cache_size: _v.Int = Field(default=None, init=False)  # derived after construction
    """Multimodal encoder output cache size, in tokens. Derived from max_num_batched_tokens; the engine may raise it for large multimodal items."""

    policy: SchedulerPolicy = "fcfs"
    """"fcfs" serves requests in arrival order; "priority" serves lower priority values first, breaking ties by arrival time."""

    disable_chunked_mm_input: bool = False
    """With chunked prefill, never split a multimodal item across steps: text before it is scheduled now and the whole item in a later step."""

    scheduler_cls: str | type | None = None
    """Custom scheduler, as a class or its import path ("module.Class"). Unset: vLLM's own scheduler. The custom-scheduler interface is not stable."""

    disable_hybrid_kv_cache_manager: bool | None = None
    """Give every attention layer the same KV cache size even when layer types differ (e.g. full and sliding-window attention). Unset: decided from the environment and the rest of the config."""

    scheduler_reserve_full_isl: bool = True
    """Admit a request only if its whole prompt fits in the KV cache, not just its first chunk; avoids over-admission and cache thrashing with chunked prefill."""

    watermark: float = Field(default=0.0, ge=0.0, lt=1.0)
    """Fraction of KV cache blocks kept free when admitting waiting or preempted requests, to avoid repeated preemption under memory pressure. 0 disables it."""

    prefill_schedule_interval: _v.Int = Field(default=1, ge=1)
    """With data parallelism, admit new prefills only every N steps, aligned across ranks, to even out step times."""

    async_scheduling: bool | None = None
    """Schedule the next step while the current one runs, avoiding GPU idle gaps. False turns it off; unset lets the engine decide."""

    stream_interval: _v.Int = Field(default=1, ge=1)
    """Tokens buffered per streamed chunk. 1 streams every token; larger values cut host overhead at the cost of smoothness."""

    @field_validator("max_num_encoder_input_tokens", mode="wrap")
    @classmethod
    def _skip_none_max_num_encoder_input_tokens(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("encoder_cache_size", mode="wrap")
    @classmethod
    def _skip_none_encoder_cache_size(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    def __post_init__(self, max_model_len: int, is_encoder_decoder: bool) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if self.max_num_encoder_input_tokens is None:
            self.max_num_encoder_input_tokens = self.max_num_batched_tokens
        if self.encoder_cache_size is None:
            self.encoder_cache_size = self.max_num_batched_tokens
        if _r.from_flags() and not _r.given(self, 'max_num_seqs'):
            self.max_num_seqs = min(self.max_num_seqs, self.max_num_batched_tokens)
        if is_encoder_decoder:
            self.disable_chunked_mm_input = True
        if is_encoder_decoder:
            self.enable_chunked_prefill = False
        if is_encoder_decoder:
            self.long_prefill_token_threshold = 0
        if self.max_num_partial_prefills > 1 and self.long_prefill_token_threshold == 0:
            self.long_prefill_token_threshold = int(max_model_len * 0.04)
        if not (self.max_num_batched_tokens >= max_model_len or self.enable_chunked_prefill):
            raise _r.RuleError(f'max_num_batched_tokens ({self.max_num_batched_tokens}) is below max_model_len ({max_model_len}) with chunked prefill off, so longer sequences could never run: raise max_num_batched_tokens or lower max_model_len', ["max_num_batched_tokens", "max_model_len", "enable_chunked_prefill"], self)
        if not (self.max_num_batched_tokens >= self.max_num_seqs):
            raise _r.RuleError(f'max_num_batched_tokens ({self.max_num_batched_tokens}) must be at least max_num_seqs ({self.max_num_seqs})', ["max_num_batched_tokens", "max_num_seqs"], self)
        if self.max_num_batched_tokens > (self.max_num_seqs * max_model_len):
            _log.warning(f'max_num_batched_tokens ({self.max_num_batched_tokens}) is larger than max_num_seqs * max_model_len ({self.max_num_seqs * max_model_len})')
        if (self.max_num_partial_prefills > 1) and not (self.enable_chunked_prefill):
            raise _r.RuleError('max_num_partial_prefills > 1 needs chunked prefill enabled', ["max_num_partial_prefills", "enable_chunked_prefill"], self)
        if (self.max_num_partial_prefills > 1) and not (self.long_prefill_token_threshold <= max_model_len):
            raise _r.RuleError(f'long_prefill_token_threshold ({self.long_prefill_token_threshold}) must not exceed max_model_len ({max_model_len})', ["max_num_partial_prefills", "long_prefill_token_threshold", "max_model_len"], self)
        if not (self.max_long_partial_prefills <= self.max_num_partial_prefills):
            raise _r.RuleError(f'max_long_partial_prefills ({self.max_long_partial_prefills}) must not exceed max_num_partial_prefills ({self.max_num_partial_prefills})', ["max_long_partial_prefills", "max_num_partial_prefills"], self)

    @staticmethod
    def default_factory(**kwargs: "Any") -> "SchedulerConfig":
        """A SchedulerConfig for a context of 8192 tokens and a decoder-only model unless the keyword arguments say otherwise."""
        return SchedulerConfig(**({'max_model_len': 8192, 'is_encoder_decoder': False}) | kwargs)

    def get_scheduler_cls(self) -> "Any":
        """The scheduler class: scheduler_cls (imported by qualified name when a string), else vLLM's async or plain scheduler (NotSupportedError without vLLM installed)."""
        return _hooks.get_scheduler_cls(self)

    def verify_max_model_len(self, max_model_len: "int") -> "Any":
        """Checks the token budget against the final context length once the engine knows it (the class rules, with this max_model_len); returns this config."""
        return _hooks.verify_max_model_len(self, max_model_len)

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "max_num_batched_tokens": self.max_num_batched_tokens,
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = repr((
            self.max_num_batched_tokens,
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_SchedulerConfig.get(text)
        if digest is None:
            digest = _sha256(b"SchedulerConfig:max_num_batched_tokens:" + text.encode()).hexdigest()
            _h.remember(_MEMO_SchedulerConfig, text, digest)
        return digest


_MEMO_SchedulerConfig: dict[str, str] = {}
"""Canonical factor text -> digest for SchedulerConfig.compute_hash (bounded by _h.remember)."""
