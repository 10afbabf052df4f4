"""Hooks for schema/structured_outputs.yaml."""

from __future__ import annotations

from typing import Any

#: Backends that can emit JSON without optional whitespace.
_COMPACT_JSON_BACKENDS = ("xgrammar", "guidance")


def check_backend_options(self: Any) -> None:
    """Reject backend-specific options combined with a backend that lacks them."""
    if self.disable_any_whitespace and self.backend not in _COMPACT_JSON_BACKENDS:
        raise ValueError(
            "disable_any_whitespace needs backend 'xgrammar' or 'guidance', "
            f"not {self.backend!r}"
        )
    if self.disable_additional_properties and self.backend != "guidance":
        raise ValueError(
            f"disable_additional_properties needs backend 'guidance', not {self.backend!r}"
        )
