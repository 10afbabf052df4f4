"""DeviceConfig's device_type resolution (a declared step for names, a hook for
torch.device objects), exercised through the generated class with the same inputs."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from vllm_config.device import DeviceConfig

pytestmark = pytest.mark.filterwarnings("ignore")  # setting device is deprecated


def run(device):
    return DeviceConfig(device=device)


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
    assert run(SimpleNamespace(type=3)).device_type is None
