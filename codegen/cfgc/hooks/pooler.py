"""Hooks of schema/pooler.yaml (PoolerConfig): getters that must raise while unset."""

from __future__ import annotations

from typing import Any


def get_seq_pooling_type(self: Any) -> Any:
    """seq_pooling_type once resolved. A hook: asking earlier is a programming error
    that raises, which an expression cannot do."""
    if self.seq_pooling_type is None:
        raise ValueError("seq_pooling_type is unset: the model config resolves it first")
    return self.seq_pooling_type


def get_tok_pooling_type(self: Any) -> Any:
    """tok_pooling_type once resolved (raises while unset, as above)."""
    if self.tok_pooling_type is None:
        raise ValueError("tok_pooling_type is unset: the model config resolves it first")
    return self.tok_pooling_type
