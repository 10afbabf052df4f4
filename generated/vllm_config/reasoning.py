# Generated from schema/reasoning.yaml by cfgc; do not edit.
"""Config classes: ReasoningConfig."""

from typing import Any

from pydantic import Field

from cfgc.hooks import reasoning as _hooks
from cfgc.runtime import hashing as _h
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config


@config
class ReasoningConfig:
    """Reasoning ("thinking") output of models that wrap their reasoning in delimiter
    strings such as "<think>" and "</think>". Give the delimiters, or a reasoning
    parser that knows them; their token ids are derived from the tokenizer by the
    engine and are not set by hand.
    """

    reasoning_parser: str = ""
    """Name of the reasoning parser for this model; it also supplies delimiters left empty below."""

    reasoning_start_str: str = ""
    """Text that opens a reasoning block, e.g. "<think>"."""

    reasoning_end_str: str = ""
    """Text that closes a reasoning block, e.g. "</think>"."""

    _reasoning_start_token_ids: list[_v.Int] | None = Field(default=None, init=False)
    """Token ids of the start delimiter; filled in by the engine."""

    _reasoning_end_token_ids: list[_v.Int] | None = Field(default=None, init=False)
    """Token ids of the end delimiter; filled in by the engine."""

    _enabled: bool = Field(default=False, init=False)
    """True once the delimiter token ids are known, i.e. reasoning handling is active."""

    @property
    def enabled(self) -> "bool":
        """Whether reasoning handling is on (the delimiters' token ids are known)."""
        return self._enabled

    @property
    def reasoning_start_token_ids(self) -> "list[int] | None":
        """Token ids of reasoning_start_str, once initialize_token_ids has run."""
        return self._reasoning_start_token_ids

    @property
    def reasoning_end_token_ids(self) -> "list[int] | None":
        """Token ids of reasoning_end_str, once initialize_token_ids has run."""
        return self._reasoning_end_token_ids

    def initialize_token_ids(self, model_config: "Any") -> "None":
        """Tokenizes the start and end delimiters with the model's tokenizer and turns reasoning handling on; does nothing when the token ids are already known."""
        return _hooks.initialize_token_ids(self, model_config)

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_ReasoningConfig


_CONSTANT_HASH_ReasoningConfig = _h.digest("ReasoningConfig", {})
"""No field of ReasoningConfig feeds the cache key, so its hash is a constant."""
