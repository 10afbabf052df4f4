# Generated from schema/structured_outputs.yaml by cfgc; do not edit.
"""Config classes: StructuredOutputsConfig."""


from cfgc.runtime import hashing as _h
from cfgc.runtime import rules as _r
from cfgc.runtime.dataclass import config
from vllm_config.types import StructuredOutputsBackend


@config
class StructuredOutputsConfig:
    """Engine-wide defaults for structured (constrained) decoding: which grammar backend
    enforces JSON schemas, regexes and grammars, and how reasoning output interacts
    with it. Constraining happens on the logits, so none of this reaches the
    compiled model graph.
    """

    backend: StructuredOutputsBackend = "auto"
    """Default grammar backend. "auto" chooses per request from what the request
    asks for and what each backend supports, so its choice may change between
    releases; name a backend to pin it.
    """

    disable_any_whitespace: bool = False
    """Emit compact JSON with no whitespace between tokens. Saves tokens, but some
    models were trained on spaced JSON and degrade. Only the xgrammar and
    guidance backends support it; any other backend is rejected.
    """

    disable_additional_properties: bool = False
    """Make the guidance backend ignore `additionalProperties` in JSON schemas, so it
    behaves like outlines and xgrammar do. Rejected with any other backend.
    """

    reasoning_parser: str = ""
    """Name of the reasoning parser that splits the model's thinking from its answer
    (model family specific, e.g. "deepseek_r1"). Empty: no reasoning parsing.
    """

    reasoning_parser_plugin: str = ""
    """Path to a Python file that registers an extra reasoning parser at start-up,
    for parsers not shipped with the engine. Empty: none.
    """

    enable_in_reasoning: bool = False
    """Apply the output constraints inside the reasoning (thinking) section too.
    By default only the final answer is constrained.
    """

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if (self.disable_any_whitespace) and self.backend not in ('xgrammar', 'guidance'):
            raise _r.RuleError(f"disable_any_whitespace needs backend 'xgrammar' or 'guidance', not {self.backend!r}", ["disable_any_whitespace", "backend"], self)
        if (self.disable_additional_properties) and not (self.backend == 'guidance'):
            raise _r.RuleError(f"disable_additional_properties needs backend 'guidance', not {self.backend!r}", ["disable_additional_properties", "backend"], self)

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_StructuredOutputsConfig


_CONSTANT_HASH_StructuredOutputsConfig = _h.digest("StructuredOutputsConfig", {})
"""No field of StructuredOutputsConfig feeds the cache key, so its hash is a constant."""
