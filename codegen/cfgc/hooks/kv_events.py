"""Hooks for schema/kv_events.yaml (KVEventsConfig)."""

from __future__ import annotations


def default_publisher(self) -> None:
    """An unset publisher follows enable_kv_cache_events: "zmq" when on, "null" when off."""
    if self.publisher is None:
        self.publisher = "zmq" if self.enable_kv_cache_events else "null"
