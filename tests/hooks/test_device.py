"""Hooks of DeviceConfig, called directly."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cfgc.hooks import device as hooks


def run(device):
    obj = SimpleNamespace(device=device, device_type=None)
    hooks.resolve_device_type(obj)
    return obj


@pytest.mark.parametrize("device", ["auto", None])
def test_auto_and_none_are_left_to_the_platform(device):
    obj = run(device)
    assert obj.device_type is None and obj.device == device


def test_name_copied():
    assert run("cpu").device_type == "cpu"


def test_device_object_type_used():
    assert run(SimpleNamespace(type="xpu", index=0)).device_type == "xpu"


def test_real_torch_device():
    torch = pytest.importorskip("torch")
    assert run(torch.device("cuda", 1)).device_type == "cuda"


def test_unknown_object_left_unset():
    assert run(42).device_type is None
