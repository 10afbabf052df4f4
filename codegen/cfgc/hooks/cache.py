"""Hooks for schema/cache.yaml (CacheConfig)."""

from __future__ import annotations


def metrics_info(self) -> dict[str, str]:
    """Every stored field as a string, for the Prometheus cache-config info metric
    (vLLM's public CacheConfig.metrics_info).

    Stays a hook: it walks all the object's attributes, which an expression cannot."""
    return {key: str(value) for key, value in self.__dict__.items()}
