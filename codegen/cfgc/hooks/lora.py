"""Hooks of schema/lora.yaml: LoRAConfig."""

from __future__ import annotations

from typing import Any, get_args

from .model import dtype_name_or_torch


def check_lora_dtype(value: Any) -> Any:
    """A torch.dtype object or one of the LoRADType names; nothing else.

    Stays a hook: TorchDType is a runtime type (annotated as Any), recognised by its
    type name so that validation never imports torch (the check is model's)."""
    from vllm_config.types import LoRADType

    return dtype_name_or_torch(value, get_args(LoRADType), "lora_dtype")

