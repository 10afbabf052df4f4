# Generated from schema/ by cfgc; do not edit.
"""vllm_config: the engine's config classes, generated from the schema.

Importing the package is cheap: classes load on first use (PEP 562), so tools that
need one class (or only `--help`) never pay for pydantic or the whole surface.
"""

import importlib
from typing import Any

SCHEMA_VERSION = 1

_EXPORTS: dict[str, str] = {
    "IrOpPriorityConfig": "kernel",
    "KernelConfig": "kernel",
    "MoEBackend": "types",
}

__all__ = sorted(_EXPORTS) + ["SCHEMA_VERSION"]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
