"""Hooks for schema/pooler.yaml (PoolerConfig)."""

from __future__ import annotations

from typing import Any, get_args


def resolve_pooling_type(self: Any) -> None:
    """Reject a zero logit_sigma and route the `pooling_type` shorthand to the
    sequence or token pooling field, refusing to override an explicit one."""
    from vllm_config.types import SequencePoolingType, TokenPoolingType

    if self.logit_sigma is not None and self.logit_sigma == 0:
        raise ValueError("logit_sigma must not be 0: logits are divided by it")
    pooling_type = self.pooling_type
    if not pooling_type:
        return
    if self.seq_pooling_type is not None:
        raise ValueError("set either pooling_type or seq_pooling_type, not both")
    if self.tok_pooling_type is not None:
        raise ValueError("set either pooling_type or tok_pooling_type, not both")
    if pooling_type in get_args(SequencePoolingType):
        self.seq_pooling_type = pooling_type
    elif pooling_type in get_args(TokenPoolingType):
        self.tok_pooling_type = pooling_type
    else:  # unreachable after type validation
        raise NotImplementedError(f"unknown pooling_type {pooling_type!r}")
