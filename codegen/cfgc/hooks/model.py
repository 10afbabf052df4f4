"""Hooks for schema/model.yaml (ModelConfig).

The value-only defaults and checks are declared in the schema. What is left checks
runtime types (torch dtypes, callables, engine classes) without importing them, and
hands the mm_* init vars to the engine. Everything that reads the checkpoint, the
model registry or the platform is a hook point of the schema, supplied by the engine.
"""

from __future__ import annotations

import inspect
from functools import cache
from typing import Any, get_args

#: InitVar names that differ from the MultiModalConfig field they feed.
_MM_RENAMED = {"limit_mm_per_prompt": "limit_per_prompt"}


def _is_torch_dtype(value: Any) -> bool:
    # Checked by name so that validating a config never imports torch.
    cls = type(value)
    return cls.__module__ == "torch" and cls.__name__ == "dtype"


@cache
def _initvar_names(cls: type) -> tuple[str, ...]:
    """The class's init vars, in the order its generated __post_init__ receives them."""
    return tuple(inspect.signature(cls.__post_init__).parameters)[1:]


def keep_mm_init_kwargs(self: Any, *initvars: Any) -> None:
    """Keep the mm_* init vars as `_mm_init_kwargs`: MultiModalConfig keyword arguments,
    unset ones left out so MultiModalConfig's own defaults apply.

    Stays a hook: a seam to the engine (its build_multimodal_config hook point builds
    multimodal_config from them once the architecture is known), and building a mapping
    is beyond an expression."""
    names = _initvar_names(type(self))
    if len(initvars) != len(names):
        raise TypeError(f"expected {len(names)} InitVars, got {len(initvars)}")
    object.__setattr__(self, "_mm_init_kwargs", {
        _MM_RENAMED.get(name, name): value
        for name, value in zip(names, initvars, strict=True)
        if value is not None
    })


def dtype_name_or_torch(value: Any, names: tuple[str, ...], what: str) -> Any:
    """`value` if it is one of `names` or a torch dtype object, else a ValueError."""
    if isinstance(value, str):
        if value in names:
            return value
        raise ValueError(f"unknown {what} {value!r}; expected one of {', '.join(names)} "
                         "(or a torch.dtype)")
    if _is_torch_dtype(value):
        return value
    raise ValueError(f"{what} must be a name ({', '.join(names)}) or a torch.dtype, "
                     f"got {type(value).__name__}")


def check_dtype(value: Any) -> Any:
    """A dtype name of ModelDType (case-sensitive) or a torch dtype object.

    Stays a hook: TorchDType is a runtime type (annotated as Any), recognised by its
    type name so that validation never imports torch."""
    from vllm_config.types import ModelDType

    return dtype_name_or_torch(value, get_args(ModelDType), "dtype")


def check_hf_overrides(value: Any) -> Any:
    """A mapping with string keys, or a callable that edits the Hugging Face config.

    Stays a hook: HfOverridesFn is a runtime type (annotated as Any, which accepts
    anything), so only a callable() test tells a function from a wrong value."""
    if isinstance(value, dict):
        bad = [k for k in value if not isinstance(k, str)]
        if bad:
            raise ValueError(f"hf_overrides keys must be strings, got {bad[0]!r}")
        return value
    if callable(value):
        return value
    raise ValueError(f"hf_overrides must be a mapping or a function, got {type(value).__name__}")


def check_logits_processors(value: Any) -> Any:
    """Each entry is a fully qualified class name or a class.

    Stays a hook: LogitsProcessorClass is a runtime type (annotated as Any); telling a
    class from an instance, and naming the offending entry, is beyond item constraints."""
    if value is None:
        return value
    for item in value:
        if not isinstance(item, str | type):
            raise ValueError(
                f"logits_processors entries must be class names or classes, got {item!r}"
            )
    return value


def check_quantization_config(value: Any) -> Any:
    """None, a mapping with string keys, or a QuantizationConfigArgs object.

    Stays a hook: QuantizationConfigArgs is a runtime type (annotated as Any, which
    accepts anything), recognised by its type name so that vLLM is never imported."""
    if value is None:
        return value
    if isinstance(value, dict):
        bad = [k for k in value if not isinstance(k, str)]
        if bad:
            raise ValueError(f"quantization_config keys must be strings, got {bad[0]!r}")
        return value
    if type(value).__name__ == "QuantizationConfigArgs":
        return value
    raise ValueError(
        "quantization_config must be a mapping or a QuantizationConfigArgs, "
        f"got {type(value).__name__}"
    )
