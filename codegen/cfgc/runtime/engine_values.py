"""Values as vLLM's engine holds them, inside the engine only.

vLLM's engine keeps some resolved values as torch objects (ModelConfig.dtype is a
torch.dtype, DeviceConfig.device a torch.device). vllm_config keeps them as names so
that `import vllm_config` never imports torch and a config prints and hashes the same
everywhere. When vllm_config stands in for `vllm.config` inside a running engine, the
engine needs the objects: `in_engine()` is true when vLLM and torch are both already
imported in this process (nothing here imports either), and the config classes then
store the object (hook steps of the schema). The cache key reads such an object by its
name, so it is the same in and out of the engine. `kv_cache_layout`, which only the
engine's own code calls, answers with the engine's enum (imported when called).
"""

from __future__ import annotations

import functools
import importlib
import sys
from typing import Any


def in_engine() -> bool:
    """vLLM's engine code and torch are both imported in this process."""
    return "vllm" in sys.modules and "torch" in sys.modules


def torch_dtype(name: str) -> Any:
    """The torch.dtype called `name` ("bfloat16"), or `name` unchanged when torch has none."""
    torch = sys.modules["torch"]
    value = getattr(torch, name, None)
    return value if type(value).__name__ == "dtype" else name


def torch_device(device_type: str) -> Any:
    """torch.device(device_type)."""
    return sys.modules["torch"].device(device_type)


def is_torch_dtype(value: Any) -> bool:
    kind = type(value)
    return kind.__module__ == "torch" and kind.__name__ == "dtype"


def dtype_name(value: Any) -> Any:
    """A torch.dtype as its name ("bfloat16"); anything else unchanged."""
    return str(value).removeprefix("torch.") if is_torch_dtype(value) else value


#: Layout names older releases used, read as the layouts they meant.
_LAYOUT_ALIASES = {"NHD": "LBNHC", "HND": "LBHNC"}


@functools.cache
def kv_cache_layout(layout_name: str) -> Any:
    """The engine's KVCacheLayout member called `layout_name` (NHD and HND read as LBNHC
    and LBHNC); a ValueError naming the layouts otherwise. The enum is the engine's own
    (vllm.v1.kv_cache_layout, which its attention backends compare with), so this runs
    inside the engine only."""
    layout_name = _LAYOUT_ALIASES.get(layout_name, layout_name)
    try:
        layouts = importlib.import_module("vllm.v1.kv_cache_layout").KVCacheLayout
    except ImportError:
        raise ValueError(f"KV cache layout {layout_name!r}: the layouts are vLLM's engine's "
                         "(vllm.v1.kv_cache_layout), which is not installed") from None
    try:
        return layouts[layout_name]
    except KeyError:
        raise ValueError(f"Unknown KV cache layout {layout_name!r}. "
                         f"Valid layouts: {[m.name for m in layouts]}") from None
