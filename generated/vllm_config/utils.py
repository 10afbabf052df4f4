# Generated from schema/ (names from cfgc.runtime.utils) by cfgc; do not edit.
"""Helpers for config dataclasses under the names of vLLM's `vllm.config.utils`:
the `config` decorator, field access and copying (`get_field`, `is_init_field`,
`replace`, `update_config`, `getattr_iter`, `get_attr_docs`), `Range`, and the
value hashing helpers (`normalize_value`, `get_hash_factors`, `hash_factors`,
`compute_hash_cached`), and the deprecated-setting helpers (`handle_deprecated`,
`get_from_deprecated_env_if_set`, `set_from_deprecated_env_if_set`). The code lives
in cfgc.runtime.utils; this module names it.
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
    get_from_deprecated_env_if_set,
    get_hash_factors,
    getattr_iter,
    handle_deprecated,
    hash_factors,
    is_init_field,
    normalize_value,
    replace,
    set_from_deprecated_env_if_set,
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
    "get_from_deprecated_env_if_set",
    "get_hash_factors",
    "getattr_iter",
    "handle_deprecated",
    "hash_factors",
    "is_init_field",
    "normalize_value",
    "replace",
    "set_from_deprecated_env_if_set",
    "update_config",
]
