# Generated from schema/pooler.yaml by cfgc; do not edit.
"""Config classes: PoolerConfig."""


from cfgc.runtime import hashing as _h
from cfgc.runtime import rules as _r
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config.types import PoolingTask, SequencePoolingType, TokenPoolingType

#: Every sequence pooling type, in declaration order.
SEQ_POOLING_TYPES = ('CLS', 'LAST', 'MEAN')

#: Every token pooling type, in declaration order.
TOK_POOLING_TYPES = ('ALL', 'STEP')


@config
class PoolerConfig:
    """Output pooling of pooling models (embedding, classification, reward). Unset
    pooling types are filled in by the engine from the checkpoint and the model's
    defaults.
    """

    task: PoolingTask | None = None
    """Pooling task to serve; unset picks the first task the model supports."""

    pooling_type: SequencePoolingType | TokenPoolingType | None = None
    """Shorthand: a sequence type (CLS, LAST, MEAN) sets seq_pooling_type, a token
    type (ALL, STEP) sets tok_pooling_type. Do not combine with those fields.
    """

    seq_pooling_type: SequencePoolingType | None = None
    """Reduction used for per-sequence outputs."""

    tok_pooling_type: TokenPoolingType | None = None
    """Selection used for per-token outputs."""

    use_activation: bool | None = None
    """Apply the pooler's activation (e.g. sigmoid/softmax) to outputs; unset uses the pooler's default (usually on)."""

    dimensions: _v.Int | None = None
    """Truncate embeddings to this many dimensions; only for Matryoshka-trained models."""

    enable_chunked_processing: bool = False
    """Embed inputs longer than the model's context by splitting them into chunks
    and combining the chunk embeddings with a weighted average.
    """

    max_embed_len: _v.Int | None = None
    """Longest input accepted for embedding, in tokens; lets embedding inputs exceed
    max_model_len (use with chunked processing). Unset means max_model_len.
    """

    logit_mean: float | None = None
    """Subtracted from classification logits before the activation (Platt-style score calibration)."""

    logit_sigma: float | None = None
    """Classification logits are divided by this after subtracting logit_mean; must not be 0."""

    step_tag_id: _v.Int | None = None
    """Reward models - return only the scores at this token id; unset returns every token's score."""

    returned_token_ids: list[_v.Int] | None = None
    """Vocabulary ids whose scores are returned (e.g. the "good" and "bad" tokens of a process reward model)."""

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if not (self.logit_sigma is None or self.logit_sigma != 0):
            raise _r.RuleError('logit_sigma must not be 0: logits are divided by it', ["logit_sigma"], self)
        if (self.pooling_type is not None) and self.seq_pooling_type is not None:
            raise _r.RuleError('set either pooling_type or seq_pooling_type, not both', ["pooling_type", "seq_pooling_type"], self)
        if (self.pooling_type is not None) and self.tok_pooling_type is not None:
            raise _r.RuleError('set either pooling_type or tok_pooling_type, not both', ["pooling_type", "tok_pooling_type"], self)
        if self.pooling_type in ('CLS', 'LAST', 'MEAN'):
            self.seq_pooling_type = self.pooling_type
        if self.pooling_type in ('ALL', 'STEP'):
            self.tok_pooling_type = self.pooling_type

    def get_seq_pooling_type(self) -> "SequencePoolingType":
        """seq_pooling_type, which must have been resolved (it raises while unset)."""
        if self.seq_pooling_type is None:
            raise _r.RuleError('seq_pooling_type is unset: the model config resolves it first', ["seq_pooling_type"])
        return self.seq_pooling_type

    def get_tok_pooling_type(self) -> "TokenPoolingType":
        """tok_pooling_type, which must have been resolved (it raises while unset)."""
        if self.tok_pooling_type is None:
            raise _r.RuleError('tok_pooling_type is unset: the model config resolves it first', ["tok_pooling_type"])
        return self.tok_pooling_type

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_PoolerConfig


_CONSTANT_HASH_PoolerConfig = _h.digest("PoolerConfig", {})
"""No field of PoolerConfig feeds the cache key, so its hash is a constant."""
