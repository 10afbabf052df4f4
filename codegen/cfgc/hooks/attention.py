"""Hooks of schema/attention.yaml (AttentionConfig).

Seams to the engine only: vLLM's arg_utils calls AttentionConfig's field validators by
their vLLM names; these hand the value to the validators the schema declares on the
fields (the generated `_before_<field>`), so there is one conversion, not two.
"""

from __future__ import annotations

from typing import Any


def validate_backend_before(cls: type, value: Any) -> Any:
    """`value` converted as the `backend` field converts what it is given."""
    return cls._before_backend(value)


def validate_mla_prefill_backend_before(cls: type, value: Any) -> Any:
    """`value` converted as the `mla_prefill_backend` field converts what it is given."""
    return cls._before_mla_prefill_backend(value)
