"""DeviceConfig against the seed: unvalidated device, derived device_type, constant hash."""

from __future__ import annotations

import dataclasses
import json
import warnings
from pathlib import Path

import pytest
from pydantic import ValidationError

from cfgc.runtime import deprecation
from vllm_config.device import DeviceConfig

FACTS = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())["classes"]


def test_constructor_fields_match_seed():
    assert [f.name for f in dataclasses.fields(DeviceConfig) if f.init] == \
        FACTS["DeviceConfig"]["constructor_fields"]
    assert {f.name for f in dataclasses.fields(DeviceConfig) if not f.init} == {"device_type"}


def test_default_is_auto_and_type_from_the_platform():
    from vllm_config.platforms import using_platform

    c = DeviceConfig()
    assert c.device == "auto"
    assert c.device_type == "cuda"
    with using_platform("cpu"):
        assert DeviceConfig().device_type == "cpu"


@pytest.mark.filterwarnings("ignore")
@pytest.mark.parametrize("name", ["cuda", "cpu", "xpu", "tpu"])
def test_named_device_sets_type(name):
    assert DeviceConfig(device=name).device_type == name


@pytest.mark.filterwarnings("ignore")
def test_device_is_not_validated():
    # the engine accepts any value here (it is not checked at construction)
    assert DeviceConfig(device="npu").device_type == "npu"


@pytest.mark.filterwarnings("ignore")
def test_torch_device_gives_its_type():
    class FakeDevice:  # what torch.device offers: a .type string
        type = "cuda"

    assert DeviceConfig(device=FakeDevice()).device_type == "cuda"


def test_device_type_is_not_an_argument():
    with pytest.raises(ValidationError):
        DeviceConfig(device_type="cuda")


def test_setting_device_is_deprecated():
    deprecation._warned.discard("DeviceConfig.device")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        DeviceConfig()
        assert not caught
        DeviceConfig(device="cpu")
    assert any("DeviceConfig.device" in str(w.message) for w in caught)


@pytest.mark.filterwarnings("ignore")
def test_hash_is_constant():
    assert FACTS["DeviceConfig"]["hash"]["style"] == "constant"
    assert DeviceConfig().hash_factors() == {}
    assert DeviceConfig(device="cpu").compute_hash() == DeviceConfig().compute_hash()


def test_import_does_not_load_torch():
    import subprocess
    import sys

    code = "import sys, vllm_config.device; print('torch' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
