# Generated from schema/watermarking.yaml by cfgc; do not edit.
"""Config classes: WatermarkConfig."""

import logging
from typing import Any

from pydantic import Field, model_validator

from cfgc.runtime import hashing as _h
from cfgc.runtime import names as _names
from cfgc.runtime import rules as _r
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config.types import WatermarkContextScope, WatermarkingAlgorithm, WatermarkPRFName

_log = logging.getLogger(__name__)

#: The 64-bit key of one watermark domain, derived from the secret key (the first eight bytes of SHA-256 over the domain and the key).
derive_watermark_key = _names.derive_watermark_key


@config
class WatermarkConfig:
    """Embeds a secret-keyed statistical watermark in the text the engine samples, so that
    the text can later be recognised as generated. Off unless given.
    """

    key: _v.Int = Field(ge=0)
    """Secret 64-bit key of the watermark. Keep it private; whoever has it can detect (and forge) the mark."""

    algorithm: WatermarkingAlgorithm = "gumbel"
    """"gumbel" (one key) or "dual_key_gumbel" (two keys mixed with probability alpha; also works with speculative decoding)."""

    alpha: float = Field(default=0.1, ge=0.0, le=1.0)
    """With dual_key_gumbel, how often the second key is used."""

    context_width: _v.Int = Field(default=4, ge=1)
    """Number of preceding tokens that seed the watermark's pseudo-random choice."""

    deduplicate_contexts: WatermarkContextScope = "single_turn"
    """Where to look for a context seen before, whose token is then sampled without the mark: "none" never looks, "single_turn" (default) in this request's output, "all" also in the prompt (and the first context_width tokens go unmarked)."""

    deduplicate_contexts_max_history: _v.Int | None = Field(default=8192, ge=1)
    """How many of the latest positions that search covers; None for all of them."""

    prf: WatermarkPRFName = "philox"
    """Pseudo-random function behind the watermark."""

    allow_target_only_watermarking: bool = False
    """Allow speculative decoding with an algorithm that cannot mark draft tokens (only the target's tokens are marked)."""

    @property
    def supports_speculative_decoding(self) -> "bool":
        """Whether draft tokens of speculative decoding can be watermarked too (dual-key only)."""
        return self.algorithm == 'dual_key_gumbel'

    @model_validator(mode="after")
    def validate_watermark_settings(self) -> "Any":
        """The checks made when the config is built, under vLLM's name: the key fits in 64 bits, and a warning when context deduplication is off or searches too few positions."""
        if not (self.key <= 18446744073709551615):
            raise _r.RuleError('the watermark key must fit in 64 bits', ["key"], self)
        if self.deduplicate_contexts == 'none' or (self.deduplicate_contexts_max_history is not None and self.deduplicate_contexts_max_history < 1024):
            _log.warning("Gumbel watermarking without context deduplication, or searching fewer than 1024 positions, can make generations degenerate (e.g. repetition loops); use deduplicate_contexts 'single_turn' or 'all' with at least 1024 positions or no limit")
        return self

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_WatermarkConfig


_CONSTANT_HASH_WatermarkConfig = _h.digest("WatermarkConfig", {})
"""No field of WatermarkConfig feeds the cache key, so its hash is a constant."""
