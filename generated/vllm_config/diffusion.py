# Generated from schema/diffusion.yaml by cfgc; do not edit.
"""Config classes: DiffusionConfig."""

from typing import Any

from pydantic import Field, field_validator

from cfgc.runtime import hashing as _h
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config


@config
class DiffusionConfig:
    """Settings of discrete diffusion language models, which produce a fixed-length block
    of tokens (the canvas) by repeated denoising instead of one token at a time. They
    reuse the speculative-decoding path to schedule the canvas tokens.
    """

    canvas_length: _v.Int = Field(default=None, gt=0)  # unset: filled in after construction
    """Tokens per denoising canvas (block); also the number of speculative tokens
    scheduled per step. Left unset, it comes from the model's config.
    """

    max_denoising_steps: _v.Int | None = None
    """Upper bound on denoising iterations per canvas. None reads it from the model's
    generation_config.json.
    """

    @field_validator("canvas_length", mode="wrap")
    @classmethod
    def _skip_none_canvas_length(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_DiffusionConfig


_CONSTANT_HASH_DiffusionConfig = _h.digest("DiffusionConfig", {})
"""No field of DiffusionConfig feeds the cache key, so its hash is a constant."""
