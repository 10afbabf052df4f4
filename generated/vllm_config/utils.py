# Generated from schema/ (names from cfgc.runtime.utils) by cfgc; do not edit.
"""Helpers for config dataclasses under the names of vLLM's `vllm.config.utils`:
the `config` decorator, field access and copying (`get_field`, `is_init_field`,
`replace`, `update_config`, `getattr_iter`, `get_attr_docs`), `Range`, and the
value hashing helpers (`normalize_value`, `get_hash_factors`, `hash_factors`,
`compute_hash_cached`). The code lives in cfgc.runtime.utils; this module names it.
"""

from cfgc.runtime.utils import (
    ConfigType,
    Range,
    SupportsHash,
    SupportsMetricsInfo,
    compute_hash_cached,
    config,
    get_attr_docs,
    get_field,
    get_hash_factors,
    getattr_iter,
    hash_factors,
    is_init_field,
    normalize_value,
    replace,
    update_config,
)

__all__ = [
    "ConfigType",
    "Range",
    "SupportsHash",
    "SupportsMetricsInfo",
    "compute_hash_cached",
    "config",
    "get_attr_docs",
    "get_field",
    "get_hash_factors",
    "getattr_iter",
    "hash_factors",
    "is_init_field",
    "normalize_value",
    "replace",
    "update_config",
]
