"""Hooks of KernelConfig / IrOpPriorityConfig, called directly."""

from __future__ import annotations

import pytest

from cfgc.runtime.platforms import add_ir_op_priority
from vllm_config.kernel import IrOpPriorityConfig, KernelConfig


@pytest.mark.parametrize("value, expected", [
    ("a,b", ["a", "b"]),
    (" a , b ", ["a", "b"]),
    ("a b,c", ["ab", "c"]),
    ("a,,b", ["a", "", "b"]),
    (["x", "y"], ["x", "y"]),
    ([], []),
])
def test_priority_list(value, expected):
    """The kernels section's priority_validate steps, as every op field runs them."""
    assert IrOpPriorityConfig._before_rms_norm(value) == expected
    assert IrOpPriorityConfig._before_fused_add_rms_norm(value) == expected


def test_priority_list_from_a_string():
    assert IrOpPriorityConfig(rms_norm="native, triton").rms_norm == ["native", "triton"]


def test_priority_list_rejects_non_string_items():
    with pytest.raises(ValueError, match=r"provider names must be strings, got \['a', 1\]"):
        IrOpPriorityConfig(rms_norm=["a", 1])


def test_priority_list_passes_other_types_to_pydantic():
    assert IrOpPriorityConfig._before_rms_norm(None) is None


def test_with_default_fills_unnamed_ops():
    cfg = IrOpPriorityConfig.with_default(["native"], rms_norm=["triton"])
    assert cfg.rms_norm == ["triton"] and cfg.fused_add_rms_norm == ["native"]


def test_with_default_copies_the_list():
    default = ["native"]
    cfg = IrOpPriorityConfig.with_default(default)
    cfg.rms_norm.append("x")
    assert default == ["native"] and cfg.fused_add_rms_norm == ["native"]


def test_with_default_rejects_an_unknown_op():
    with pytest.raises(ValueError, match="no_such_op"):
        IrOpPriorityConfig.with_default(["native"], no_such_op=["native"])


def _orders(eager: dict[str, list[str]]) -> dict:
    """A generated-style IR_OP_PRIORITY table with one (fallback) entry."""
    return {None: {"compiled": {}, "eager": eager, "first": []}}


def test_merge_platform_priorities_appends_missing_only():
    k = KernelConfig(ir_op_priority={"rms_norm": ["triton"]})
    platform = _orders({"rms_norm": ["native", "triton"], "fused_add_rms_norm": ["native"]})
    add_ir_op_priority(platform, k.ir_op_priority, "tpu", False)
    assert k.ir_op_priority.rms_norm == ["triton", "native"]
    assert k.ir_op_priority.fused_add_rms_norm == ["native"]


def test_merge_platform_priorities_is_idempotent():
    k = KernelConfig()
    platform = _orders({"rms_norm": ["triton", "native"]})
    add_ir_op_priority(platform, k.ir_op_priority, "tpu", False)
    first = k.compute_hash()
    add_ir_op_priority(platform, k.ir_op_priority, "tpu", False)
    assert k.ir_op_priority.rms_norm == ["triton", "native"]
    assert k.compute_hash() == first


def test_merge_changes_hash():
    k = KernelConfig()
    before = k.compute_hash()
    add_ir_op_priority(_orders({"rms_norm": ["native"]}), k.ir_op_priority, "tpu", False)
    assert k.compute_hash() != before
