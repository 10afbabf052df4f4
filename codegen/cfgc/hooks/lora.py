"""Hooks of schema/lora.yaml: LoRAConfig."""

from __future__ import annotations

from typing import Any, get_args


def _is_torch_dtype(value: Any) -> bool:
    # Checked by type name so that validating a config never imports torch.
    cls = type(value)
    return cls.__module__ == "torch" and cls.__name__ == "dtype"


def check_lora_dtype(value: Any) -> Any:
    """A torch.dtype object or one of the LoRADType names; nothing else.

    Stays a hook: TorchDType is a runtime type (annotated as Any), recognised by its
    type name so that validation never imports torch."""
    from vllm_config.types import LoRADType

    names = get_args(LoRADType)
    if isinstance(value, str):
        if value not in names:
            raise ValueError(
                f"lora_dtype {value!r} is not one of {', '.join(names)} (or a torch.dtype)"
            )
        return value
    if _is_torch_dtype(value):
        return value
    raise ValueError(
        f"lora_dtype must be a torch.dtype or a dtype name, not {type(value).__name__}"
    )
