"""Launch choices read off the device: DeviceProfile, the high-bandwidth tables, and
the warmup asking the device being warmed for its token-count thresholds.

Everything here runs on the CPU: profiles are built by hand (or from stand-in device
properties), and the kernels run the high-bandwidth launch shapes through whatever
Triton runs them (the interpreter, or a GPU).
"""

from __future__ import annotations

import math
from types import SimpleNamespace

import pytest
import torch

from vllm_kernels import _support
from vllm_kernels import triton_activation as ta
from vllm_kernels import triton_rms_norm as tk
from vllm_kernels._support import DEFAULT_PROFILE, DeviceProfile, device_profile
from vllm_kernels.warmup import run_warmup

GELU = "gelu_and_mul_sparse"
H100_SXM = DeviceProfile(sms=132, dram_gbps=3352.0)
H100_PCIE = DeviceProfile(sms=114, dram_gbps=2039.0)
H200 = DeviceProfile(sms=132, dram_gbps=4814.3)


def test_bandwidth_class_follows_bytes_per_sm_not_the_name() -> None:
    assert not H100_SXM.high_bandwidth and not H100_PCIE.high_bandwidth
    assert H200.high_bandwidth
    # The same memory spread over twice the SMs is no longer "high bandwidth".
    assert not DeviceProfile(sms=264, dram_gbps=4814.3).high_bandwidth
    assert DEFAULT_PROFILE == H100_SXM or not DEFAULT_PROFILE.high_bandwidth


def test_cuda_profile_from_memory_clock_and_bus(monkeypatch) -> None:
    # An H200 as CUDA reports it: 3201 MHz (in kHz), a 6016-bit bus, 132 SMs.
    props = SimpleNamespace(multi_processor_count=132, memory_clock_rate=3_201_000,
                            memory_bus_width=6016)
    monkeypatch.setattr(torch.cuda, "get_device_properties", lambda index: props)
    _support._cuda_profile.cache_clear()
    try:
        got = _support._cuda_profile(0)
        assert got.sms == 132 and math.isclose(got.dram_gbps, 4814.304)
        assert got.high_bandwidth
        # Without the memory attributes (and no driver to ask): the default
        # bandwidth with the device's own SM count, never an error.
        bare = SimpleNamespace(multi_processor_count=114)
        monkeypatch.setattr(torch.cuda, "get_device_properties", lambda index: bare)
        monkeypatch.setattr(_support, "_memory_attributes", lambda index, p: (0, 0))
        _support._cuda_profile.cache_clear()
        assert _support._cuda_profile(0) == DeviceProfile(114, DEFAULT_PROFILE.dram_gbps)
    finally:
        _support._cuda_profile.cache_clear()


def test_cpu_tensors_get_the_default_profile() -> None:
    assert device_profile(torch.device("cpu")) == DEFAULT_PROFILE


def test_gelu_high_bandwidth_table() -> None:
    cfg = ta.launch_config
    split, short = ta.SPLIT_MAX_ROWS, ta.SHORT_CHUNKED_MIN_ROWS
    # Gates up to 1 KiB: packed rows, as by default.
    assert cfg(GELU, 256, 2, 1, H200) == cfg(GELU, 256, 2, 1) and cfg(GELU, 256, 2, 1).rows > 1
    # 4 KiB gates: the row kernel, then 2 KiB chunks from SHORT_CHUNKED_MIN_ROWS.
    assert cfg(GELU, 2048, 2, short - 1, H200) == ta.LaunchConfig(2048, 1, 8)
    assert cfg(GELU, 2048, 2, short, H200) == ta.LaunchConfig(1024, 1, 4, chunked=True)
    assert cfg(GELU, 1024, 4, short, H200) == ta.LaunchConfig(512, 1, 4, chunked=True)
    assert cfg(GELU, 4096, 2, 1 << 20, H200) == ta.LaunchConfig(4096, 1, 8)
    # Long gates: split rows below SPLIT_MAX_ROWS, then whole rows in registers.
    assert cfg(GELU, 8192, 2, split - 1, H200) == cfg(GELU, 8192, 2, split - 1)
    assert cfg(GELU, 8192, 2, split, H200) == ta.LaunchConfig(8192, 1, 8, max_registers=64)
    assert cfg(GELU, 16384, 2, split, H200) == ta.LaunchConfig(16384, 1, 16, max_registers=64)
    assert cfg(GELU, 8192, 4, split, H200) == ta.LaunchConfig(8192, 1, 8)  # fp32: no cap
    assert cfg(GELU, 32768, 2, split, H200).chunked
    # The default table is what it was, whatever GPU the tests run on.
    assert cfg(GELU, 8192, 2, split) == ta.LaunchConfig(4096, 1, 16, chunked=True)
    assert cfg(GELU, 8192, 2, split, H100_SXM) == cfg(GELU, 8192, 2, split)


def test_gelu_warmup_counts_cover_each_profiles_thresholds() -> None:
    counts = ta.warmup_token_counts
    assert counts(GELU, 2048, 2, H200) == (1, ta.SHORT_CHUNKED_MIN_ROWS)
    assert counts(GELU, 2048, 2) == (1,)
    assert counts(GELU, 8192, 2, H200) == (1, ta.SPLIT_MAX_ROWS)
    assert counts(GELU, 256, 2, H200) == (1,)
    for d, es in ((2048, 2), (4096, 2), (8192, 2), (16384, 2), (8192, 4), (40000, 2)):
        seen = {ta.launch_config(GELU, d, es, m, H200) for m in counts(GELU, d, es, H200)}
        every = {ta.launch_config(GELU, d, es, m, H200) for m in range(1, 5000, 7)}
        assert seen == every, (d, es)


def test_rms_norm_high_bandwidth_table() -> None:
    low = tk.HIGH_BANDWIDTH_CHUNKED_MIN_ROWS
    # Rows over 12 KiB take the chunked kernel from the lower threshold...
    assert not tk.launch_config("rms_norm", 8192, 2, low - 1, H200).chunked
    assert tk.launch_config("rms_norm", 8192, 2, low, H200).chunked
    assert not tk.launch_config("rms_norm", 8192, 2, low).chunked  # default: not yet
    # ... shorter ones and the fused op keep the default choices.
    assert not tk.launch_config("rms_norm", 4096, 2, low, H200).chunked
    assert tk.warmup_token_counts("rms_norm", 8192, 2, H200) == (1, low)
    assert tk.warmup_token_counts("rms_norm", 4096, 2, H200) == (1, tk.CHUNKED_MIN_ROWS)
    for m in (1, low, tk.CHUNKED_MIN_ROWS):
        assert tk.launch_config("fused_add_rms_norm", 8192, 2, m, H200) == tk.launch_config(
            "fused_add_rms_norm", 8192, 2, m)


def _ref64(x: torch.Tensor, m: float, approximate: str) -> torch.Tensor:
    x = x.double()
    d = x.shape[-1] // 2
    gate, up = x[..., :d], x[..., d:]
    mean = gate.mean(dim=-1, keepdim=True)
    std = (gate - mean).square().mean(dim=-1, keepdim=True).sqrt()
    s = (gate - (mean + std * m)).clamp_min(0.0)
    if approximate == "tanh":
        return 0.5 * s * (1 + torch.tanh(math.sqrt(2 / math.pi) * (s + 0.044715 * s**3))) * up
    return 0.5 * s * (1 + torch.erf(s / math.sqrt(2))) * up


@pytest.mark.parametrize("approximate", ["none", "tanh"])
@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16], ids=str)
def test_high_bandwidth_launches_compute_the_op(device, dtype, approximate) -> None:
    # Every launch shape of the high-bandwidth table, at a size it is chosen for
    # (the 2 KiB-chunk kernel, the capped row kernel), against float64.
    tol = {torch.float16: 2e-3, torch.bfloat16: 1.6e-2}[dtype]
    for d, m in ((2048, ta.SHORT_CHUNKED_MIN_ROWS), (8192, ta.SPLIT_MAX_ROWS)):
        cfg = ta.launch_config(GELU, d, dtype.itemsize, m, H200)
        g = torch.Generator(device=device).manual_seed(d)
        x = ((torch.randn(3, 2 * d, generator=g, device=device, dtype=torch.float64) * 2 + 0.3)
             .to(dtype))
        out = torch.full((3, d), float("nan"), dtype=dtype, device=device)
        got = ta.gelu_and_mul_sparse(x, 1.6449, approximate, out=out, config=cfg)
        scale = (x[:, :d].double().abs().max() * x[:, d:].double().abs().max()).item()
        torch.testing.assert_close(got.double(), _ref64(x, 1.6449, approximate), rtol=tol,
                                   atol=1e-5 * scale)


def test_warmup_uses_the_warmed_devices_profile(device, monkeypatch) -> None:
    # Warming on a high-bandwidth GPU adds that GPU's threshold (lowered here to
    # keep the interpreter fast), which the default profile would not name.
    import vllm_kernels.warmup as warmup_module

    monkeypatch.setattr(tk, "HIGH_BANDWIDTH_CHUNKED_MIN_ROWS", 3)
    for module in (warmup_module, tk):
        monkeypatch.setattr(module, "device_profile", lambda dev=None: H200)
    plan = [{"op": "rms_norm", "hidden_size": 8192, "dtype": "float16", "num_tokens": [1]}]
    report = run_warmup(plan, device=device, monitor=None, progress=False)
    assert report.launches == 2  # 1 and the high-bandwidth threshold (3)
    assert report.results[0].compilations <= 2
