"""Small module-level functions of vLLM's config modules that the generated package
re-exports (declared under `constants:` with `import:` in the schema)."""

from __future__ import annotations

import functools
import hashlib
from abc import ABC
from typing import Any


def get_served_model_name(model: str, served_model_name: str | list[str] | None) -> str:
    """The name the server reports: the first of `served_model_name` when it is a
    non-empty list, itself when a non-empty string, else `model`."""
    if not served_model_name:
        return model
    if isinstance(served_model_name, list):
        return served_model_name[0]
    return served_model_name


def _is_uri_path(path: str) -> bool:
    """Whether `path` is a URI such as s3://bucket/x (a scheme of two or more characters
    before "://"; "C://" is a Windows drive, not a URI)."""
    scheme, sep, _ = path.partition("://")
    return bool(sep) and len(scheme) > 1


def validate_profile_prefix(prefix: str | None) -> str | None:
    """`prefix` unchanged when it may start a profile's file names (1 to 128 ASCII
    letters, digits, ".", "_" or "-", the first a letter or digit) or is None; a
    ValueError otherwise."""
    if prefix is None:
        return None
    allowed = all(c.isalnum() or c in "._-" for c in prefix[1:])
    if not (1 <= len(prefix) <= 128 and prefix.isascii() and prefix[0].isalnum() and allowed):
        raise ValueError("profile_prefix must be 1-128 ASCII characters, start with a letter "
                         "or number, and contain only letters, numbers, '.', '_', or '-'")
    return prefix


def validate_profile_iteration_bounds(delay_iterations: int | None,
                                      max_iterations: int | None) -> None:
    """A ValueError when one profiling session's delay or maximum iterations (each
    optional) is negative."""
    for name, value in (("delay_iterations", delay_iterations),
                        ("max_iterations", max_iterations)):
        if value is not None and value < 0:
            raise ValueError(f"{name} must be greater than or equal to 0")


def derive_watermark_key(key: int, domain: bytes) -> int:
    """The 64-bit key of one watermark domain: the first eight bytes, big-endian, of
    SHA-256 over `domain` followed by `key` as eight big-endian bytes."""
    digest = hashlib.sha256(domain + key.to_bytes(8, "big")).digest()
    return int.from_bytes(digest[:8], "big")


def hisparse_host_pool_gib(kv_transfer_config: Any) -> float | None:
    """The host memory pool (GiB) of the HiSparse KV connector the config sets up, alone
    or among a MultiConnector's `connectors`; None without one. A ValueError when two are
    configured, or when the one has no positive `host_pool_gib`."""
    if kv_transfer_config is None:
        return None
    extra = kv_transfer_config.kv_connector_extra_config
    if kv_transfer_config.kv_connector == "MultiConnector":
        connectors = extra.get("connectors", [])
    else:
        connectors = [{"kv_connector": kv_transfer_config.kv_connector,
                       "kv_connector_extra_config": extra}]
    pools = [c.get("kv_connector_extra_config", {}) for c in connectors
             if c.get("kv_connector") == "HiSparseConnector"]
    if not pools:
        return None
    if len(pools) > 1:
        raise ValueError("Only one HiSparseConnector may be configured")
    gib = pools[0].get("host_pool_gib")
    if gib is None:
        raise ValueError("HiSparseConnector requires host_pool_gib")
    if float(gib) <= 0:
        raise ValueError("HiSparseConnector host_pool_gib must be positive")
    return float(gib)


def is_known_kv_cache_dtype(name: str) -> bool:
    """Whether `name` is a KV cache dtype of the loaded release (its KV_CACHE_DTYPES)."""
    from vllm_config.cache import KV_CACHE_DTYPES

    return name in KV_CACHE_DTYPES


def get_kv_cache_dtype_handler(name: str) -> None:
    """The handler a platform plugin registered for the KV cache dtype `name`: always
    None here, where cache_dtype takes only the dtypes the schema declares (vLLM answers
    None for those too)."""
    return None


class EncoderCacheManagerMetadata(ABC):  # noqa: B024 (a base with no abstract method)
    """Base of what the engine's scheduler-side encoder-cache manager hands its worker-side
    manager each step; custom managers subclass it."""


class MultiModalDummyOptions(dict):
    """The dummy-input options of each modality (limit_per_prompt's value): a dict of
    modality -> options, whose `get` takes its arguments positionally, as vLLM's does."""

    def get(self, key: str, default: Any = None, /) -> Any:
        return super().get(key, default)


@functools.lru_cache
def default_breakable_cudagraph_architectures() -> frozenset[str]:
    """The architectures that get breakable CUDA graphs by default on the selected
    platform: DEFAULT_BREAKABLE_CUDAGRAPH_ARCHITECTURES, or on ROCm the release's smaller
    set (_ROCM_BREAKABLE_CUDAGRAPH_ARCHITECTURES). Cached, as vLLM's is: `cache_clear()`
    after selecting another platform."""
    from vllm_config.platforms import current_platform
    from vllm_config.vllm import (
        _ROCM_BREAKABLE_CUDAGRAPH_ARCHITECTURES,
        DEFAULT_BREAKABLE_CUDAGRAPH_ARCHITECTURES,
    )

    if current_platform.is_rocm():
        return _ROCM_BREAKABLE_CUDAGRAPH_ARCHITECTURES
    return DEFAULT_BREAKABLE_CUDAGRAPH_ARCHITECTURES


def _has_triton() -> bool:
    """Whether Triton is installed and a GPU driver is active (an NVIDIA GPU present):
    where vLLM's Triton kernels run. vLLM asks Triton's backends for exactly one active
    driver; this asks the driver's device list, without importing Triton or torch."""
    import importlib.util

    from cfgc.runtime.platform_detect import _nvidia_gpu_present

    return importlib.util.find_spec("triton") is not None and _nvidia_gpu_present()


HAS_TRITON = _has_triton()
