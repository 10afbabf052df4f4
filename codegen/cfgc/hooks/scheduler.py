"""Hooks of schema/scheduler.yaml: SchedulerConfig.

Everything in the post-init is value-only: encoder-decoder overrides, the encoder
budgets derived from the token budget, the long-prefill threshold default, and the
checks against max_model_len (also callable later as `verify_max_model_len`).
"""

from __future__ import annotations

import logging
from typing import Any

logger = logging.getLogger("vllm_config.scheduler")

# Defaults for the init-only arguments when no model is known yet.
DEFAULT_MAX_MODEL_LEN = 8192
LONG_PREFILL_FRACTION = 0.04  # of max_model_len, with concurrent partial prefills


def check_scheduler_cls(value: Any) -> Any:
    """An import path (str), a class, or None."""
    if value is None or isinstance(value, str | type):
        return value
    raise ValueError(
        f"scheduler_cls must be a class or an import path, not {type(value).__name__}"
    )


def apply_scheduler_defaults(cfg: Any, max_model_len: int, is_encoder_decoder: bool) -> None:
    if is_encoder_decoder:
        # Encoder-decoder models support neither chunked prefill nor prefix caching.
        cfg.disable_chunked_mm_input = True
        cfg.enable_chunked_prefill = False
        cfg.long_prefill_token_threshold = 0
    cfg.max_num_encoder_input_tokens = cfg.max_num_batched_tokens
    cfg.encoder_cache_size = cfg.max_num_batched_tokens
    if cfg.max_num_partial_prefills > 1 and cfg.long_prefill_token_threshold == 0:
        cfg.long_prefill_token_threshold = int(max_model_len * LONG_PREFILL_FRACTION)
    verify_max_model_len(cfg, max_model_len)


def verify_max_model_len(cfg: Any, max_model_len: int) -> Any:
    """Check the token budget against the model length; returns cfg."""
    tokens = cfg.max_num_batched_tokens
    if tokens < max_model_len and not cfg.enable_chunked_prefill:
        raise ValueError(
            f"max_num_batched_tokens ({tokens}) is below max_model_len ({max_model_len}) "
            "with chunked prefill off, so longer sequences could never run: raise "
            "max_num_batched_tokens or lower max_model_len"
        )
    if tokens < cfg.max_num_seqs:
        raise ValueError(
            f"max_num_batched_tokens ({tokens}) must be at least max_num_seqs "
            f"({cfg.max_num_seqs})"
        )
    if tokens > cfg.max_num_seqs * max_model_len:
        logger.warning(
            "max_num_batched_tokens (%d) is larger than max_num_seqs * max_model_len (%d)",
            tokens,
            cfg.max_num_seqs * max_model_len,
        )
    if cfg.max_num_partial_prefills > 1:
        if not cfg.enable_chunked_prefill:
            raise ValueError("max_num_partial_prefills > 1 needs chunked prefill enabled")
        if cfg.long_prefill_token_threshold > max_model_len:
            raise ValueError(
                f"long_prefill_token_threshold ({cfg.long_prefill_token_threshold}) must "
                f"not exceed max_model_len ({max_model_len})"
            )
    if cfg.max_long_partial_prefills > cfg.max_num_partial_prefills:
        raise ValueError(
            f"max_long_partial_prefills ({cfg.max_long_partial_prefills}) must not exceed "
            f"max_num_partial_prefills ({cfg.max_num_partial_prefills})"
        )
    return cfg


def default_scheduler_config(**kwargs: Any) -> Any:
    """A SchedulerConfig with placeholder model facts (what VllmConfig uses as default)."""
    from vllm_config.scheduler import SchedulerConfig

    kwargs.setdefault("max_model_len", DEFAULT_MAX_MODEL_LEN)
    kwargs.setdefault("is_encoder_decoder", False)
    return SchedulerConfig(**kwargs)
