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
    from vllm_config.platforms import using_platform

    obj = run(device)
    assert obj.device_type == "cuda" and obj.device == device  # the default platform's
    with using_platform("cpu"):
        assert run(device).device_type == "cpu"


def test_name_copied():
    assert run("cpu").device_type == "cpu"


def test_device_object_type_used():
    assert run(SimpleNamespace(type="xpu", index=0)).device_type == "xpu"


def test_real_torch_device():
    torch = pytest.importorskip("torch")
    assert run(torch.device("cuda", 1)).device_type == "cuda"


def test_unknown_object_gets_the_platform_type():
    assert run(42).device_type == "cuda"
    assert run(SimpleNamespace(type=3)).device_type == "cuda"
