"""Warmup plan parsing, the warmup runtime, and the JIT monitor."""

from __future__ import annotations

import io
import warnings

import pytest
import torch
import triton

from vllm_kernels.jit_monitor import (
    JitMonitor,
    UnexpectedCompilation,
    UnexpectedCompilationWarning,
)
from vllm_kernels.warmup import DEFAULT_NUM_TOKENS, WarmupItem, expand_plan, run_warmup


def test_item_defaults_and_validation() -> None:
    item = WarmupItem.from_dict({"op": "rms_norm", "hidden_size": 4096})
    assert item.provider == "triton" and item.dtype == "bfloat16" and item.has_weight
    assert item.num_tokens == DEFAULT_NUM_TOKENS
    assert WarmupItem.from_dict(
        {"op": "rms_norm", "hidden_size": 8, "num_tokens": [16, 1, 16]}
    ).num_tokens == (1, 16)
    bad = [
        {"op": "layer_norm", "hidden_size": 8},
        {"op": "rms_norm", "hidden_size": 8, "dtype": "int8"},
        {"op": "rms_norm", "hidden_size": 8, "in_place": True},
        {"op": "rms_norm", "hidden_size": 8, "variance_size": 9},
        {"op": "rms_norm", "hidden_size": 8, "row_stride": 4},
        {"op": "rms_norm", "hidden_size": 8, "num_tokens": []},
        {"op": "rms_norm", "hidden_size": 8, "hiden_size": 8},
    ]
    for data in bad:
        with pytest.raises((ValueError, TypeError)):
            WarmupItem.from_dict(data)


def test_expand_plan() -> None:
    plan = expand_plan(
        ["rms_norm", "fused_add_rms_norm"],
        ["bfloat16", "float16"],
        [2048, 4096],
        has_weight=[True, False],
        in_place=[True, False],
        num_tokens=[1, 8],
    )
    # rms_norm: 2 dtypes x 2 hidden x 2 weight; fused doubles for in_place.
    assert len(plan) == 8 + 16
    assert all(WarmupItem.from_dict(p) for p in plan)
    assert not any(p["in_place"] for p in plan if p["op"] == "rms_norm")


def test_run_warmup_runs_every_item(device) -> None:
    plan = expand_plan(
        ["rms_norm", "fused_add_rms_norm"],
        ["float32", "bfloat16"],
        [64, 769],
        has_weight=[True, False],
        in_place=[False, True],
        num_tokens=[1, 3, 17],
    )
    plan.append({"op": "rms_norm", "hidden_size": 96, "row_stride": 131, "num_tokens": [2]})
    plan.append({"op": "rms_norm", "hidden_size": 96, "variance_size": 32, "num_tokens": [2]})
    plan.append({"op": "rms_norm", "hidden_size": 96, "provider": "native"})
    log = io.StringIO()
    report = run_warmup(plan, device=device, monitor=None, stream=log)
    assert report.count == len(plan) - 1
    # Token count 1 is always added (it is where the kernel choice starts).
    assert report.launches == 3 * (len(plan) - 3) + 2 * 2
    assert [r.item.provider for r in report.skipped] == ["native"]
    lines = log.getvalue().splitlines()
    assert len(lines) == len(plan) + 1 and lines[0].startswith(f"[warmup 1/{len(plan)}]")
    if device.type == "cuda":
        # One binary per item at most (fused in-place and out-of-place share
        # one), never one per token count; except the strided item, whose
        # one-token launch passes hidden (96) as its stride where the others
        # pass 131, a different divisibility-by-16 specialisation.
        for r in report.results:
            assert r.compilations <= (2 if r.item.row_stride else 1), r.item.describe()
    else:
        assert report.compilations == 0  # the interpreter compiles nothing


def _fire_hook(name: str = "vllm_kernels.triton_rms_norm") -> None:
    # What Triton does after compiling: call the post-compile hook by keyword.
    from types import SimpleNamespace

    hook = triton.knobs.runtime.jit_post_compile_hook
    assert hook is not None
    hook(
        key="k",
        repr="_rms_norm_kernel[num_warps=8](...)",
        fn=SimpleNamespace(module=name, name="_rms_norm_kernel", jit_function=None),
        compile={},
        is_manual_warmup=False,
        already_compiled=False,
    )


def test_monitor_counts_then_warns_or_raises() -> None:
    previous = triton.knobs.runtime.jit_post_compile_hook
    with JitMonitor(mode="warn") as mon:
        _fire_hook()
        assert mon.count == 1 and not mon.after_warmup
        mon.arm()
        with pytest.warns(UnexpectedCompilationWarning, match="after warmup"):
            _fire_hook()
        assert len(mon.after_warmup) == 1
        mon.mode = "raise"
        with pytest.raises(UnexpectedCompilation):
            _fire_hook()
    assert triton.knobs.runtime.jit_post_compile_hook is previous, "uninstall restores"


def test_monitor_chains_previous_hook_and_filters() -> None:
    seen: list[str] = []

    def outer(**kwargs):
        seen.append(kwargs["fn"].name)

    saved = triton.knobs.runtime.jit_post_compile_hook
    triton.knobs.runtime.jit_post_compile_hook = outer
    try:
        with JitMonitor(mode="raise", only_prefix="vllm_kernels.") as mon:
            mon.arm()
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                _fire_hook("torch._inductor.something")  # filtered out: no raise
            assert mon.count == 0 and seen == ["_rms_norm_kernel"]
        assert triton.knobs.runtime.jit_post_compile_hook is outer
    finally:
        triton.knobs.runtime.jit_post_compile_hook = saved


def test_no_compilation_after_warmup(device) -> None:
    # Warm a plan, then sweep token counts the plan never listed: nothing new
    # may compile (on a GPU this is real; under the interpreter it is vacuous
    # but still checks that the armed monitor stays quiet).
    from vllm_kernels import triton_rms_norm as tk

    plan = [
        {"op": "rms_norm", "hidden_size": 1000, "dtype": "float16", "num_tokens": [1]},
        {
            "op": "fused_add_rms_norm",
            "hidden_size": 1000,
            "dtype": "float16",
            "in_place": True,
            "num_tokens": [1],
        },
    ]
    report = run_warmup(plan, device=device, monitor="raise", progress=False)
    mon = report.monitor
    assert mon is not None and mon.armed
    try:
        w = torch.randn(1000, dtype=torch.float16, device=device)
        for m in (2, 5, 16, 33, 64):
            x = torch.randn(m, 1000, dtype=torch.float16, device=device)
            tk.rms_norm(x, w, 1e-6)
            tk.fused_add_rms_norm(x, torch.randn_like(x), w, 1e-6, in_place=False)
        assert mon.after_warmup == []
    finally:
        mon.uninstall()


def test_warmup_covers_token_thresholds(device, monkeypatch) -> None:
    # A plan listing only one-token batches must still reach the chunked
    # kernel that large batches use: the warmup adds the threshold count.
    from vllm_kernels import triton_rms_norm as tk

    monkeypatch.setattr(tk, "CHUNKED_MIN_ROWS", 4)  # keep the interpreter fast
    plan = [{"op": "rms_norm", "hidden_size": 4096, "dtype": "float16", "num_tokens": [1]}]
    report = run_warmup(plan, device=device, monitor=None, progress=False)
    assert report.launches == 2
    assert report.results[0].compilations <= 2


def test_max_num_tokens_bounds_the_threshold_counts(device, monkeypatch) -> None:
    # A served model whose batches never reach a kernel's threshold does not compile
    # the launch config beyond it; one whose batches do, does.
    from vllm_kernels import triton_rms_norm as tk

    monkeypatch.setattr(tk, "CHUNKED_MIN_ROWS", 4)
    item = {"op": "rms_norm", "hidden_size": 4096, "dtype": "float16", "num_tokens": [1, 3]}
    below = run_warmup([{**item, "max_num_tokens": 3}], device=device, monitor=None,
                       progress=False)
    assert below.launches == 2  # 1 and 3: the threshold count (4) is past the bound
    reach = run_warmup([{**item, "max_num_tokens": 4}], device=device, monitor=None,
                       progress=False)
    assert reach.launches == 3
    with pytest.raises(ValueError, match="max_num_tokens"):
        WarmupItem.from_dict({**item, "max_num_tokens": 2})


def test_gelu_and_mul_sparse_items() -> None:
    item = WarmupItem.from_dict({"op": "gelu_and_mul_sparse", "hidden_size": 96})
    assert item.width == 192 and item.approximate is None
    assert "approximate=none" in item.describe() and "weight" not in item.describe()
    tanh = {"op": "gelu_and_mul_sparse", "hidden_size": 96, "approximate": "tanh"}
    assert WarmupItem.from_dict(tanh).describe().endswith("approximate=tanh")
    bad = [
        {"op": "gelu_and_mul_sparse", "hidden_size": 8, "approximate": "erf"},
        {"op": "gelu_and_mul_sparse", "hidden_size": 8, "weight_dtype": "float32"},
        {"op": "gelu_and_mul_sparse", "hidden_size": 8, "variance_size": 4},
        {"op": "gelu_and_mul_sparse", "hidden_size": 8, "in_place": True},
        {"op": "gelu_and_mul_sparse", "hidden_size": 8, "row_stride": 12},  # < 2 * 8
        {"op": "rms_norm", "hidden_size": 8, "approximate": "tanh"},
    ]
    for data in bad:
        with pytest.raises(ValueError):
            WarmupItem.from_dict(data)
    plan = expand_plan(
        ["gelu_and_mul_sparse", "rms_norm"],
        ["bfloat16", "float16"],
        [2048, 8192],
        approximate=["none", "tanh"],
        num_tokens=[1, 8],
    )
    gelu = [p for p in plan if p["op"] == "gelu_and_mul_sparse"]
    assert len(gelu) == 2 * 2 * 2 and len(plan) == 8 + 4
    assert {p["approximate"] for p in gelu} == {"none", "tanh"}
    assert all(WarmupItem.from_dict(p) for p in plan)


def test_gelu_and_mul_sparse_warmup(device, monkeypatch) -> None:
    # Warm both approximations, a strided item and a long row whose kernel
    # choice depends on the batch size (threshold lowered to keep the
    # interpreter fast); then sweep token counts the plan never named.
    from vllm_kernels import triton_activation as ta

    monkeypatch.setattr(ta, "SPLIT_MAX_ROWS", 4)
    plan = expand_plan(
        ["gelu_and_mul_sparse"], ["float16"], [96], approximate=["none", "tanh"], num_tokens=[3]
    )
    plan.append({"op": "gelu_and_mul_sparse", "hidden_size": 96, "row_stride": 203,
                 "dtype": "float16", "num_tokens": [2]})
    plan.append({"op": "gelu_and_mul_sparse", "hidden_size": 8192, "dtype": "float16",
                 "num_tokens": [1]})
    report = run_warmup(plan, device=device, monitor="raise", progress=False)
    mon = report.monitor
    assert mon is not None and mon.armed
    try:
        # Token count 1 is always added; the long row adds the threshold (4).
        assert report.launches == 2 + 2 + 2 + 2
        # At most one binary per launch config (fewer if an earlier test in this
        # process compiled it); the strided item's one-token launch passes 192
        # as its stride, a different divisibility-by-16 specialisation from 203.
        for r, most in zip(report.results, (1, 1, 2, 2), strict=True):
            assert r.compilations <= most, r.item.describe()
        for m in (2, 5, 17):
            for approx in ("none", "tanh"):
                x = torch.randn(m, 192, dtype=torch.float16, device=device)
                ta.gelu_and_mul_sparse(x, 1.0, approx)
        for m in (2, 3, 5, 6):
            x = torch.randn(m, 2 * 8192, dtype=torch.float16, device=device)
            ta.gelu_and_mul_sparse(x, 1.0)
        assert mon.after_warmup == []
    finally:
        mon.uninstall()


def test_per_head_items(device) -> None:
    """A per-head item says so (heads, token_stride), launches the view the model
    makes, and leaves nothing to compile for per-head calls at other token counts."""
    import vllm_kernels as vk

    with pytest.raises(ValueError, match="per-head"):
        WarmupItem(op="fused_add_rms_norm", hidden_size=64, heads=4)
    with pytest.raises(ValueError, match="token_stride"):
        WarmupItem(op="rms_norm", hidden_size=64, heads=4, token_stride=100)
    with pytest.raises(ValueError, match="needs heads"):
        WarmupItem(op="rms_norm", hidden_size=64, token_stride=640)
    item = WarmupItem(op="rms_norm", hidden_size=64, heads=4, token_stride=6 * 64,
                      num_tokens=(1, 3), dtype="float32")
    assert item.per_head and not WarmupItem(op="rms_norm", hidden_size=64).per_head
    assert "per-head heads=4 token_stride=384" in item.describe()
    kv = {**item.__dict__, "heads": 1, "has_weight": False}
    report = run_warmup([item, WarmupItem(**kv)], device=device,
                        monitor="raise" if device.type == "cuda" else None, progress=False)
    # 1, 2 (the counts that reach the row and per-head kernels) and 3; the int64
    # threshold lies past the largest listed count and is not launched.
    assert report.launches == 3 + 3
    try:
        qkv = torch.randn(37, 6 * 64, device=device)
        for m in (2, 5, 37):  # counts no item lists
            for heads, w in ((4, torch.randn(64, device=device)), (1, None)):
                x = qkv[:m, : heads * 64].view(m, heads, 64)
                vk.rms_norm(x, w, 1e-6)
        if device.type == "cuda":
            torch.cuda.synchronize()
            assert report.monitor is not None and report.monitor.after_warmup == []
    finally:
        if report.monitor is not None:
            report.monitor.uninstall()
