"""gelu_and_mul_sparse: Triton kernels and the native reference against float64.

The reference here is written out independently in float64 (mean, population
std, relu, both GELU forms), so it checks the native provider too.
"""

from __future__ import annotations

import math

import pytest
import torch
import triton  # noqa: F401  (hard requirement: a missing Triton must fail, not skip)

import vllm_kernels as vk
from vllm_kernels import native_activation as na
from vllm_kernels import triton_activation as ta

# (rtol, atol) per dtype; atol is relative to the case's scale, max |gate| * max |up|.
# The output rounds once to the dtype (Triton's interpreter truncates to bf16:
# up to one ulp, 2**-7), and the fp32 cutoff carries a few fp32 ulps of the
# row's magnitude, which near the threshold is an absolute, not relative, error.
TOL: dict[torch.dtype, tuple[float, float]] = {
    torch.float32: (1e-5, 1e-6),
    torch.float16: (2e-3, 1e-5),
    torch.bfloat16: (1.6e-2, 1e-5),
}
DTYPES = list(TOL)
APPROX = ["none", "tanh"]
# 1: a one-value gate (std 0); 5, 769, 5125: odd (masked tails, no vector loads);
# 64: several rows per program (the unmasked paths: test_large_d_all_kernels).
D = [1, 5, 64, 769, 5125]
# Whatever launch_config picks, both kernels must be right: a small chunk makes
# the chunked kernel loop (and leave a partial last chunk) even at small d.
CHUNKED = ta.LaunchConfig(block_d=512, rows=1, num_warps=4, chunked=True)


def _gen(seed: int, device: torch.device) -> torch.Generator:
    return torch.Generator(device=device).manual_seed(seed)


def _randn(shape, device, g) -> torch.Tensor:
    return torch.randn(shape, device=device, generator=g, dtype=torch.float64)


def _ref64(x: torch.Tensor, std_multiplier: float, approximate: str) -> torch.Tensor:
    x = x.double()
    d = x.shape[-1] // 2
    gate, up = x[..., :d], x[..., d:]
    mean = gate.mean(dim=-1, keepdim=True)
    std = (gate - mean).square().mean(dim=-1, keepdim=True).sqrt()
    s = (gate - (mean + std * std_multiplier)).clamp_min(0.0)
    if approximate == "tanh":
        gelu = 0.5 * s * (1 + torch.tanh(math.sqrt(2 / math.pi) * (s + 0.044715 * s**3)))
    else:
        gelu = 0.5 * s * (1 + torch.erf(s / math.sqrt(2)))
    return gelu * up


def _assert_close(
    got: torch.Tensor, x: torch.Tensor, m: float, approximate: str, atol: float | None = None
) -> None:
    """``got`` against the float64 reference, within the dtype's tolerance."""
    assert got.dtype == x.dtype
    assert got.shape == (*x.shape[:-1], x.shape[-1] // 2)
    assert not got.isnan().any(), "NaN in output (unwritten element?)"
    ref = _ref64(x, m, approximate)
    rtol, rel_atol = TOL[x.dtype]
    if atol is None:
        d = x.shape[-1] // 2
        xf = x.double()
        scale = (xf[..., :d].abs().max() * xf[..., d:].abs().max()).item() if x.numel() else 0
        atol = rel_atol * scale
    torch.testing.assert_close(got.double(), ref, rtol=rtol, atol=atol)


def _x(shape, dtype, device, seed, scale=1.0, offset=0.0) -> torch.Tensor:
    g = _gen(seed, device)
    # Non-zero mean and a spread of magnitudes: zeros or unit data hide bugs.
    return ((_randn(shape, device, g) * 2.0 + 0.3) * scale + offset).to(dtype)


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("d", D)
@pytest.mark.parametrize("approximate", APPROX)
def test_matches_float64_reference(device, dtype, d, approximate) -> None:
    rows = 19 if d <= 64 else 3  # a partly filled multi-row program at small d
    x = _x((rows, 2 * d), dtype, device, seed=d)
    x_before = x.clone()
    m = 0.7
    for cfg in (None, CHUNKED):
        out = torch.full((rows, d), float("nan"), dtype=dtype, device=device)  # poison
        got = ta.gelu_and_mul_sparse(x, m, approximate, out=out, config=cfg)
        assert got is out
        _assert_close(got, x, m, approximate)
    _assert_close(na.gelu_and_mul_sparse(x, m, approximate), x, m, approximate)
    assert torch.equal(x, x_before), "the op must not modify its input"
    # The cutoff keeps part of each row and zeroes the rest (the test means something).
    zero = (_ref64(x, m, approximate) == 0).double().mean().item()
    assert d == 1 or 0.3 < zero < 0.95


@pytest.mark.parametrize("cfg", [None, CHUNKED], ids=["default", "chunked"])
@pytest.mark.parametrize("m", [0.0, 1.5, -2.0])
def test_constant_gate_rows(device, cfg, m) -> None:
    # std 0: the cutoff is the mean itself, so every gate value sits exactly on
    # it and the whole row is zero. The kernels shift by the row's first gate
    # value, which makes that exact; the fp32 native mean may be off by an ulp.
    d = 769
    x = _x((6, 2 * d), torch.float32, device, seed=5)
    # 0.1, 3.3 and -2.7: a plain fp32 mean of 769 copies is not the value itself.
    x[:4, :d] = torch.tensor([0.1, -1e4, 3.3, -2.7], device=device)[:, None]
    got = ta.gelu_and_mul_sparse(x, m, "tanh", config=cfg)
    assert torch.equal(got[:4], torch.zeros_like(got[:4]))
    _assert_close(got, x, m, "tanh")  # rows 4, 5 are random: packed with the others
    _assert_close(na.gelu_and_mul_sparse(x, m, "tanh"), x, m, "tanh")


@pytest.mark.parametrize("approximate", APPROX)
@pytest.mark.parametrize("m", [0.0, -1.5, -1e3, 1e3])
def test_std_multiplier_extremes(device, approximate, m) -> None:
    # 0: cutoff at the mean; negative: below it; -1e3: nothing is cut (s = gate -
    # cutoff > 0 everywhere); 1e3: everything is cut (all zero).
    d = 769
    x = _x((4, 2 * d), torch.float32, device, seed=11)
    for cfg in (None, CHUNKED):
        got = ta.gelu_and_mul_sparse(x, m, approximate, config=cfg)
        _assert_close(got, x, m, approximate)
        if m == 1e3:
            assert not got.any()
        if m == -1e3:
            assert got.ne(0).all()


# (dtype, gate scale, up scale, offset of the gate): products stay in range.
MAGNITUDES = [
    (torch.float32, 1e15, 1e15, 0.0),
    (torch.bfloat16, 1e15, 1e15, 0.0),
    (torch.float16, 30.0, 30.0, 0.0),
    (torch.float32, 1e-15, 1e15, 0.0),
    (torch.bfloat16, 1e-15, 1e15, 0.0),
    (torch.float16, 1e-3, 1e3, 0.0),
]


# s**3 overflows to inf for s ~ 1e15 in the tanh form, by design (see _gelu).
@pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
@pytest.mark.parametrize("dtype,gate_scale,up_scale,offset", MAGNITUDES, ids=str)
@pytest.mark.parametrize("approximate", APPROX)
def test_large_and_small_magnitudes(device, dtype, gate_scale, up_scale, offset, approximate):
    d = 700
    x = _x((3, 2 * d), torch.float64, device, seed=13)
    x[:, :d] = x[:, :d] * gate_scale + offset
    x[:, d:] *= up_scale
    x = x.to(dtype)
    for cfg in (None, CHUNKED):
        _assert_close(ta.gelu_and_mul_sparse(x, 1.1, approximate, config=cfg), x, 1.1, approximate)
    _assert_close(na.gelu_and_mul_sparse(x, 1.1, approximate), x, 1.1, approximate)


@pytest.mark.parametrize("cfg", [None, CHUNKED], ids=["default", "chunked"])
def test_large_mean_small_spread(device, cfg) -> None:
    # A gate of 1e4 + N(0, 1): sum-of-squares variance would cancel to noise in
    # fp32 (1e8 * d against d). The fp32 cutoff itself is only good to a few ulps
    # of 1e4, so that is the tolerance: a cancelled std would miss it by ~1e3x.
    d = 1500
    x = _x((4, 2 * d), torch.float32, device, seed=17, scale=0.5)
    x[:, :d] += 1e4
    atol = 8 * 2**-24 * 1e4 * x[:, d:].abs().max().item()
    for approx in APPROX:
        _assert_close(ta.gelu_and_mul_sparse(x, 0.8, approx, config=cfg), x, 0.8, approx, atol)


def test_nan_row_stays_nan(device) -> None:
    # torch.relu keeps NaN; so must the kernels' relu (tl.maximum would not).
    x = _x((3, 2 * 64), torch.float32, device, seed=19)
    x[1, 5] = float("nan")
    for cfg in (None, CHUNKED):
        got = ta.gelu_and_mul_sparse(x, 0.5, "none", config=cfg)
        assert got[1].isnan().all() and not got[[0, 2]].isnan().any()


@pytest.mark.parametrize("d", [8192, 16384])
@pytest.mark.parametrize("approximate", APPROX)
def test_large_d_all_kernels(device, d, approximate) -> None:
    x = _x((2, 2 * d), torch.bfloat16, device, seed=d + 1)
    big = ta.launch_config("gelu_and_mul_sparse", d, 2, ta.SPLIT_MAX_ROWS)
    small = ta.launch_config("gelu_and_mul_sparse", d, 2, 1)
    assert big.chunked and big.split == 1
    assert small.chunked and small.split == d // small.block_d
    rows = ta.LaunchConfig(d, 1, 16)  # not chosen for these d, but must stay right
    for cfg in (small, big, rows):
        _assert_close(ta.gelu_and_mul_sparse(x, 1.6449, approximate, config=cfg), x, 1.6449,
                      approximate)


def test_leading_dims_and_empty(device) -> None:
    x = _x((2, 3, 2 * 96), torch.float16, device, seed=23)
    got = ta.gelu_and_mul_sparse(x, 0.2, "tanh")
    assert got.shape == (2, 3, 96)
    _assert_close(got, x, 0.2, "tanh")
    x4 = _x((2, 1, 3, 2 * 33), torch.bfloat16, device, seed=29)
    _assert_close(ta.gelu_and_mul_sparse(x4, 0.2), x4, 0.2, "none")
    for shape in [(0, 2 * 96), (2, 0, 2 * 96)]:
        empty = torch.empty(shape, dtype=torch.float16, device=device)
        for fn in (ta.gelu_and_mul_sparse, na.gelu_and_mul_sparse, vk.gelu_and_mul_sparse):
            assert fn(empty, 1.0).shape == (*shape[:-1], 96)


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_strided_rows(device, dtype) -> None:
    # Rows of a wider buffer (odd stride: no alignment specialisation to lean
    # on), written into rows of another; padding on both sides untouched.
    d, pad = 385, 43
    buf = _x((7, 2 * d + pad), dtype, device, seed=31)
    x = buf[:, : 2 * d]
    assert not x.is_contiguous()
    out_buf = torch.full((7, d + 5), 7.0, dtype=dtype, device=device)
    out = out_buf[:, :d]
    buf_before = buf.clone()
    for cfg in (None, CHUNKED):
        ta.gelu_and_mul_sparse(x, 0.4, "tanh", out=out, config=cfg)
        _assert_close(out, x.contiguous(), 0.4, "tanh")
        assert torch.equal(buf, buf_before)
        assert (out_buf[:, d:] == 7.0).all()
    # Through the registry: strided rows stay on Triton; a one-row batch too.
    assert vk.REGISTRY.select("gelu_and_mul_sparse", x, 0.4).provider == "triton"
    _assert_close(vk.gelu_and_mul_sparse(x[:1], 0.4), x[:1].contiguous(), 0.4, "none")


def test_argument_errors(device) -> None:
    x = torch.randn(2, 10, device=device)
    with pytest.raises(ValueError, match="even"):
        ta.gelu_and_mul_sparse(torch.randn(2, 9, device=device), 1.0)
    with pytest.raises(ValueError, match="approximate"):
        ta.gelu_and_mul_sparse(x, 1.0, "sigmoid")
    with pytest.raises(ValueError, match="out"):
        ta.gelu_and_mul_sparse(x, 1.0, out=torch.empty(2, 10, device=device))
    with pytest.raises(ValueError, match="even"):
        na.gelu_and_mul_sparse(torch.randn(2, 9, device=device), 1.0)
    with pytest.raises(ValueError, match="approximate"):
        na.gelu_and_mul_sparse(x, 1.0, "sigmoid")


def test_launch_config_table() -> None:
    # The token count enters the choice only through SPLIT_MAX_ROWS.
    op, big = "gelu_and_mul_sparse", ta.SPLIT_MAX_ROWS
    assert ta.launch_config(op, 64, 2).rows > 1
    assert ta.launch_config(op, 2048, 2, 1) == ta.launch_config(op, 2048, 2, big)
    assert not ta.launch_config(op, 4096, 2, big).chunked
    assert ta.launch_config(op, 4096, 4, big).chunked  # an fp32 gate of 16 KiB
    assert ta.launch_config(op, 8192, 2, big - 1).split == 4
    assert ta.launch_config(op, 8192, 2, big) == ta.LaunchConfig(4096, 1, 16, chunked=True)
    assert ta.launch_config(op, 40000, 2, big).chunked
    assert ta.warmup_token_counts(op, 8192, 2) == (1, big)
    assert ta.warmup_token_counts(op, 2048, 2) == (1,)
    with pytest.raises(ValueError):
        ta.launch_config("silu_and_mul", 64, 2)


def test_native_computes_float64_in_float64() -> None:
    x = _x((3, 2 * 50), torch.float64, torch.device("cpu"), seed=37)
    torch.testing.assert_close(na.gelu_and_mul_sparse(x, 0.9, "none"), _ref64(x, 0.9, "none"),
                               rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("split", [2, 3, 7])
def test_split_rows(device, split) -> None:
    # A row spread over programs: each recomputes the statistics and writes its
    # own chunks; 7 chunks over 2 or 3 programs leaves one with a partial share
    # (and 7 over 7, one each). The last chunk is partial too.
    d = 6 * 256 + 100
    x = _x((3, 2 * d), torch.float16, device, seed=split)
    cfg = ta.LaunchConfig(256, 1, 4, chunked=True, split=split)
    out = torch.full((3, d), float("nan"), dtype=torch.float16, device=device)
    for approx in APPROX:
        _assert_close(ta.gelu_and_mul_sparse(x, 0.6, approx, out=out, config=cfg), x, 0.6, approx)
