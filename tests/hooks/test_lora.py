"""Hooks of LoRAConfig, called directly."""

from __future__ import annotations

from typing import get_args

import pytest
from pydantic import ValidationError

from cfgc.hooks import lora as hooks
from vllm_config.lora import LoRAConfig
from vllm_config.types import LoRADType


@pytest.mark.parametrize("name", ["auto", "float16", "bfloat16"])
def test_dtype_names(name):
    assert hooks.check_lora_dtype(name) == name


@pytest.mark.parametrize("bad", ["float32", "AUTO", "", None, 16, object()])
def test_dtype_rejected(bad):
    with pytest.raises(ValueError, match="lora_dtype"):
        hooks.check_lora_dtype(bad)


def test_dtype_object_recognised_by_type_name():
    fake_dtype = type("dtype", (), {"__module__": "torch"})()
    assert hooks.check_lora_dtype(fake_dtype) is fake_dtype
    impostor = type("dtype", (), {"__module__": "numpy"})()
    with pytest.raises(ValueError):
        hooks.check_lora_dtype(impostor)


def test_real_torch_dtype():
    torch = pytest.importorskip("torch")
    assert hooks.check_lora_dtype(torch.bfloat16) is torch.bfloat16


def test_dtype_names_are_the_schema_alias():
    with pytest.raises(ValueError, match=", ".join(get_args(LoRADType))):
        hooks.check_lora_dtype("float32")


def test_max_cpu_loras():
    assert LoRAConfig(max_loras=3).max_cpu_loras == 3
    assert LoRAConfig(max_loras=3, max_cpu_loras=3).max_cpu_loras == 3
    with pytest.raises(ValidationError, match=r"max_cpu_loras \(2\)"):
        LoRAConfig(max_loras=3, max_cpu_loras=2)
