"""Cache-key safety: no value is hashed through a repr holding a memory address; equal
numbers hash equal; hf_overrides feeds the key (vLLM 0.25.1)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cfgc.runtime import hashing
from vllm_config import CompilationConfig, ModelConfig, PassConfig, VllmConfig

KEYS = settings(deadline=None, max_examples=30, derandomize=True)


class Opaque:
    """No identity of its own: its repr is its address."""


class PassWithUuid:
    def __init__(self, tag: str):
        self.tag = tag

    def uuid(self) -> str:
        return f"pass-{self.tag}"


def named_override(cfg):
    return cfg


@pytest.mark.parametrize("make, field", [
    (lambda: CompilationConfig(inductor_compile_config={"p": Opaque()}),
     "CompilationConfig.inductor_compile_config"),
    (lambda: VllmConfig(additional_config={"x": [Opaque()]}), "VllmConfig.additional_config"),
    (lambda: ModelConfig(hf_overrides=lambda cfg: cfg), "ModelConfig.hf_overrides"),
])
def test_value_without_stable_identity_is_refused(make, field: str) -> None:
    with pytest.raises(TypeError, match=rf"^{field}: a .* value has no stable identity for "
                                        r"the cache key: give it uuid\(\) or compute_hash\(\)$"):
        make().compute_hash()


def test_declared_identity_is_used() -> None:
    def key(tag: str) -> str:
        return CompilationConfig(inductor_compile_config={"p": PassWithUuid(tag)}).compute_hash()

    assert key("a") == key("a") != key("b")


_CHILD = """
import sys; sys.path.insert(0, {here!r})
from vllm_config import CompilationConfig, ModelConfig
from test_hash_safety import PassWithUuid, named_override
print(CompilationConfig(inductor_compile_config={{"p": PassWithUuid("a")}}).compute_hash(),
      ModelConfig(hf_overrides=named_override).compute_hash())
"""


def test_identities_are_stable_across_processes() -> None:
    here = str(__import__("pathlib").Path(__file__).parent)
    outs = {subprocess.run([sys.executable, "-c", _CHILD.format(here=here)],
                           capture_output=True, text=True, check=True, timeout=120,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout
            for seed in ("0", "1", "random")}
    assert len(outs) == 1 and len(next(iter(outs)).split()) == 2


def float_key(x: object) -> str:
    """An included float field (typed encoding)."""
    return PassConfig(fi_allreduce_fusion_max_size_mb=x).compute_hash()


def any_key(x: object) -> str:
    """An untyped value (canonical encoding of Any)."""
    return VllmConfig(additional_config={"v": x}).compute_hash()


@given(st.floats(allow_nan=False, allow_infinity=False), st.floats(allow_nan=False,
                                                                   allow_infinity=False))
@KEYS
def test_equal_numbers_hash_equal(x: float, y: float) -> None:
    assert (float_key(x) == float_key(y)) == (x == y)
    assert (any_key(x) == any_key(y)) == (x == y)
    assert float_key(-0.0) == float_key(0.0) == float_key(0)
    assert any_key(-0.0) == any_key(0.0)


def test_hf_overrides_feed_the_key() -> None:
    base = ModelConfig().compute_hash()
    assert ModelConfig(hf_overrides={"num_hidden_layers": 2}).compute_hash() != base
    assert ModelConfig(hf_overrides={"num_hidden_layers": 2}).compute_hash() != \
        ModelConfig(hf_overrides={"num_hidden_layers": 3}).compute_hash()
    assert ModelConfig(hf_overrides=named_override).compute_hash() != base
    assert VllmConfig(model_config=ModelConfig(hf_overrides={"a": 1})).compute_hash() != \
        VllmConfig().compute_hash()
    assert "hf_overrides" in ModelConfig().hash_factors()


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5)
                    | st.floats(allow_nan=False),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=3), inner, max_size=3), max_leaves=8))
@KEYS
def test_plain_data_has_no_address_in_its_key(value: object) -> None:
    text = repr(hashing.canon(value))
    assert " at 0x" not in text
    assert VllmConfig(additional_config={"v": value}).compute_hash() == \
        VllmConfig(additional_config={"v": value}).compute_hash()
