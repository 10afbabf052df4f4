"""LoRAConfig: the lora_dtype check (declared field validators)."""

from __future__ import annotations

from typing import get_args

import pytest
from pydantic import ValidationError

from vllm_config.lora import LoRAConfig
from vllm_config.types import LoRADType


@pytest.mark.parametrize("name", ["auto", "float16", "bfloat16"])
def test_dtype_names(name):
    assert LoRAConfig(lora_dtype=name).lora_dtype == name


@pytest.mark.parametrize(("bad", "message"), [
    ("float32", "unknown lora_dtype 'float32'"), ("AUTO", "unknown lora_dtype 'AUTO'"),
    ("", "unknown lora_dtype ''"), (None, "got NoneType"), (16, "got int"),
    (object(), "lora_dtype must be a name .* or a torch.dtype, got object"),
])
def test_dtype_rejected(bad, message):
    with pytest.raises(ValidationError, match=message):
        LoRAConfig(lora_dtype=bad)


def test_dtype_object_recognised_by_type_name():
    fake_dtype = type("dtype", (), {"__module__": "torch"})()
    assert LoRAConfig(lora_dtype=fake_dtype).lora_dtype is fake_dtype
    impostor = type("dtype", (), {"__module__": "numpy"})()
    with pytest.raises(ValidationError, match="got dtype"):
        LoRAConfig(lora_dtype=impostor)


def test_real_torch_dtype():
    torch = pytest.importorskip("torch")
    assert LoRAConfig(lora_dtype=torch.bfloat16).lora_dtype is torch.bfloat16


def test_dtype_names_are_the_schema_alias():
    with pytest.raises(ValidationError, match=", ".join(get_args(LoRADType))):
        LoRAConfig(lora_dtype="float32")


def test_max_cpu_loras():
    assert LoRAConfig(max_loras=3).max_cpu_loras == 3
    assert LoRAConfig(max_loras=3, max_cpu_loras=3).max_cpu_loras == 3
    with pytest.raises(ValidationError, match=r"max_cpu_loras \(2\)"):
        LoRAConfig(max_loras=3, max_cpu_loras=2)
