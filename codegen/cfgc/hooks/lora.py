"""Hooks of schema/lora.yaml: LoRAConfig."""

from __future__ import annotations

from typing import Any


def verify_with_model_config(self: Any, model_config: Any) -> None:
    """lora_dtype "auto" (or unset) becomes the model's dtype; a name stays a name.
    A hook: it writes the field from another config, once the engine has the model."""
    if self.lora_dtype in (None, "auto"):
        self.lora_dtype = model_config.dtype
