"""The "current" VllmConfig of this process, as vLLM's model code reads it.

The engine opens `set_current_vllm_config(config)` while it builds the model; layers and
custom ops then call `get_current_vllm_config()` instead of having the config passed
down. Plain module state, restored on exit, so contexts nest.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

logger = logging.getLogger("vllm_config.vllm")

_current: Any = None  # the VllmConfig of the innermost open context, or None
_current_prefix: str | None = None


@contextmanager
def set_current_vllm_config(vllm_config: Any, check_compile: bool = False,
                            prefix: str | None = None) -> Iterator[None]:
    """Make `vllm_config` the current config inside the `with` block; the previous one
    (and prefix) comes back afterwards, also on error. With `check_compile`, a block that
    ends normally logs which custom ops the model used."""
    global _current, _current_prefix
    saved = _current, _current_prefix
    get_cached_compilation_config.cache_clear()
    _current, _current_prefix = vllm_config, prefix
    try:
        yield
        if check_compile:
            vllm_config.compilation_config.custom_op_log_check()
    finally:
        _current, _current_prefix = saved
        get_cached_compilation_config.cache_clear()


def get_current_vllm_config() -> Any:
    """The current VllmConfig; an AssertionError outside `set_current_vllm_config`."""
    if _current is None:
        raise AssertionError(
            "no current VllmConfig: call this inside `with set_current_vllm_config(config):` "
            "(a custom op built at import time or during forward has none)")
    return _current


def get_current_vllm_config_or_none() -> Any:
    """The current VllmConfig, or None outside `set_current_vllm_config`."""
    return _current


@lru_cache(maxsize=1)
def get_cached_compilation_config() -> Any:
    """The current config's compilation_config, looked up once per context."""
    return get_current_vllm_config().compilation_config


def get_layers_from_vllm_config(vllm_config: Any, layer_type: type,
                                layer_names: Iterable[str] | None = None) -> dict[str, Any]:
    """The layers registered in compilation_config.static_forward_context that are
    instances of `layer_type`, by name; only `layer_names` when given."""
    layers = vllm_config.compilation_config.static_forward_context
    names = layers.keys() if layer_names is None else layer_names
    return {name: layers[name] for name in names
            if isinstance(layers.get(name), layer_type)}
