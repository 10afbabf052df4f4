"""Hooks of schema/lora.yaml: LoRAConfig."""

from __future__ import annotations

from typing import Any

LORA_DTYPE_NAMES = ("auto", "float16", "bfloat16")


def _is_torch_dtype(value: Any) -> bool:
    # Checked by type name so that validating a config never imports torch.
    cls = type(value)
    return cls.__module__ == "torch" and cls.__name__ == "dtype"


def check_lora_dtype(value: Any) -> Any:
    """A torch.dtype object or one of the LoRADType names; nothing else."""
    if isinstance(value, str):
        if value not in LORA_DTYPE_NAMES:
            raise ValueError(
                f"lora_dtype {value!r} is not one of {', '.join(LORA_DTYPE_NAMES)} "
                "(or a torch.dtype)"
            )
        return value
    if _is_torch_dtype(value):
        return value
    raise ValueError(
        f"lora_dtype must be a torch.dtype or a dtype name, not {type(value).__name__}"
    )


def check_lora_config(cfg: Any) -> None:
    """max_cpu_loras defaults to max_loras and may not be smaller."""
    if cfg.max_cpu_loras is None:
        cfg.max_cpu_loras = cfg.max_loras
    elif cfg.max_cpu_loras < cfg.max_loras:
        raise ValueError(
            f"max_cpu_loras ({cfg.max_cpu_loras}) must be at least max_loras ({cfg.max_loras})"
        )

