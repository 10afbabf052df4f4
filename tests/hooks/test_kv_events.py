"""Hooks of KVEventsConfig, called directly."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cfgc.hooks import kv_events as hooks


@pytest.mark.parametrize("enabled, given, expected", [
    (False, None, "null"),
    (True, None, "zmq"),
    (True, "null", "null"),
    (False, "zmq", "zmq"),
])
def test_default_publisher(enabled, given, expected):
    obj = SimpleNamespace(enable_kv_cache_events=enabled, publisher=given)
    hooks.default_publisher(obj)
    assert obj.publisher == expected
