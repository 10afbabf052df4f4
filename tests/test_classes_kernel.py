"""KernelConfig and IrOpPriorityConfig against the seed."""

from __future__ import annotations

import ast
import dataclasses
import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from vllm_config.kernel import IrOpPriorityConfig, KernelConfig

from .beyond_seed import constructor_fields

FACTS = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())["classes"]


def declared_default(cls, name):
    info = cls.__pydantic_fields__[name]
    return info.default_factory() if info.default_factory is not None else info.default


@pytest.mark.parametrize("cls", [KernelConfig, IrOpPriorityConfig])
def test_constructor_fields_match_seed(cls):
    assert [f.name for f in dataclasses.fields(cls) if f.init] == \
        constructor_fields(cls.__name__, FACTS[cls.__name__]["constructor_fields"])


def test_defaults_match_seed():
    assert declared_default(KernelConfig, "ir_op_priority") == IrOpPriorityConfig()
    for name in ("enable_flashinfer_autotune", "moe_backend", "linear_backend"):
        fact = next(f for f in FACTS["KernelConfig"]["fields"] if f["name"] == name)
        assert declared_default(KernelConfig, name) == ast.literal_eval(fact["default"]["repr"])
    assert IrOpPriorityConfig().rms_norm == [] and IrOpPriorityConfig().fused_add_rms_norm == []


def test_autotune_stays_unset():
    assert KernelConfig().enable_flashinfer_autotune is None
    assert KernelConfig(enable_flashinfer_autotune=True).enable_flashinfer_autotune is True


@pytest.mark.parametrize("field", ["moe_backend", "linear_backend"])
@pytest.mark.parametrize("text, value", [
    ("FLASHINFER_CUTLASS", "flashinfer_cutlass"),
    ("flashinfer-cutlass", "flashinfer_cutlass"),
    ("Marlin", "marlin"),
])
def test_backends_normalised(field, text, value):
    assert getattr(KernelConfig(**{field: text}), field) == value


@pytest.mark.parametrize("kwargs", [
    {"moe_backend": "machete"},          # linear-only
    {"linear_backend": "triton_unfused"},  # MoE-only
    {"linear_backend": "nope"},
    {"enable_flashinfer_autotune": "sometimes"},
    {"ir_op_priority": {"no_such_op": []}},
])
def test_rejected(kwargs):
    with pytest.raises(ValidationError):
        KernelConfig(**kwargs)


@pytest.mark.parametrize("text, expected", [
    ("triton, native", ["triton", "native"]),
    ("native", ["native"]),
    (" triton ,native ", ["triton", "native"]),
])
def test_priority_strings_split_like_the_engine(text, expected):
    assert IrOpPriorityConfig(rms_norm=text).rms_norm == expected
    assert IrOpPriorityConfig(fused_add_rms_norm=text).fused_add_rms_norm == expected


@pytest.mark.parametrize("text", ["cuda_magic", "a,,b", "", "unfused"])
def test_priority_rejects_providers_no_one_has(text):
    # Stricter than the engine, which only fails at worker start: an empty item or a
    # name that is neither ours nor one of the engine's providers is rejected here,
    # naming the choices.
    with pytest.raises(ValidationError, match="'native', 'triton', 'vllm_c'"):
        IrOpPriorityConfig(rms_norm=text)


def test_priority_rejects_non_strings():
    with pytest.raises(ValidationError):
        IrOpPriorityConfig(rms_norm=["triton", 3])


def test_nested_dict_becomes_class():
    k = KernelConfig(ir_op_priority={"rms_norm": "triton,native"})
    assert k.ir_op_priority.rms_norm == ["triton", "native"]


def test_kernel_hash_factors():
    facts = FACTS["KernelConfig"]["hash"]
    expected = set(facts["included"]) | {n["key"] for n in facts["nested"]}
    factors = KernelConfig().hash_factors()
    assert set(factors) == expected
    assert factors["ir_op_priority"] == IrOpPriorityConfig().compute_hash()


def test_ir_op_priority_hash_factors():
    facts = FACTS["IrOpPriorityConfig"]["hash"]
    nested = {n["key"] for n in facts["nested"]}  # "_impls": the provider source uuids
    assert set(IrOpPriorityConfig().hash_factors()) == set(facts["included"]) | nested


@pytest.mark.parametrize("kwargs", [
    {"moe_backend": "triton"},
    {"linear_backend": "cutlass"},
    {"ir_op_priority": {"rms_norm": ["triton"]}},
    {"ir_op_priority": {"fused_add_rms_norm": ["native"]}},
])
def test_included_fields_change_hash(kwargs):
    assert KernelConfig(**kwargs).compute_hash() != KernelConfig().compute_hash()


@pytest.mark.parametrize("value", [True, False])
def test_autotune_does_not_change_hash(value):
    assert KernelConfig(enable_flashinfer_autotune=value).compute_hash() == \
        KernelConfig().compute_hash()


def test_priority_order_matters_for_hash():
    a = IrOpPriorityConfig(rms_norm=["triton", "native"]).compute_hash()
    b = IrOpPriorityConfig(rms_norm=["native", "triton"]).compute_hash()
    assert a != b
