"""Triton kernels against the native reference (interpreter on CPU, compiled on GPU)."""

from __future__ import annotations

import pytest
import torch
import triton  # noqa: F401  (hard requirement: a missing Triton must fail, not skip)

from vllm_kernels import native
from vllm_kernels import triton_rms_norm as tk
from vllm_kernels._support import interpreter_enabled

# rtol/atol per dtype. Outputs round to the dtype twice (normalised value, then
# times weight), and a different summation order can move a value across a
# rounding boundary, so allow about two ulps of the dtype.
TOL: dict[torch.dtype, tuple[float, float]] = {
    torch.float32: (1e-5, 1e-5),
    torch.float16: (2e-3, 2e-3),
    torch.bfloat16: (2e-2, 2e-2),
}
DTYPES = list(TOL)
# 64: several rows per program (exercises the row mask); 769, 5125: odd sizes
# (masked tail, no vector loads); 4096: the common unmasked fast path.
HIDDEN = [64, 769, 4096, 5125]
EPS = 1e-6


def _rows_for(hidden: int) -> int:
    # Enough rows for a partly filled multi-row program at small hidden sizes;
    # few otherwise, because the interpreter's cost is per program.
    return 37 if hidden <= 64 else 5


def _gen(seed: int, device: torch.device) -> torch.Generator:
    return torch.Generator(device=device).manual_seed(seed)


def _rand(shape: tuple[int, ...], dtype: torch.dtype, device: torch.device, g) -> torch.Tensor:
    # Non-zero mean and a spread of magnitudes: zeros or unit data hide bugs.
    return (torch.randn(shape, device=device, generator=g) * 2.5 + 0.3).to(dtype)


def _assert_close(actual: torch.Tensor, expected: torch.Tensor, slack: float = 1.0) -> None:
    rtol, atol = (t * slack for t in TOL[expected.dtype])
    assert actual.dtype == expected.dtype
    assert not actual.isnan().any(), "NaN in output (unwritten element?)"
    torch.testing.assert_close(actual, expected, rtol=rtol, atol=atol)


def _residual_slack(dtype: torch.dtype) -> float:
    return 2.0 if dtype == torch.bfloat16 and interpreter_enabled() else 1.0


def _assert_residual(actual: torch.Tensor, expected: torch.Tensor) -> None:
    # x + residual is one rounding: bit-exact, except that Triton's interpreter
    # converts fp32 to bf16 by truncation rather than round-to-nearest (one ulp).
    if expected.dtype == torch.bfloat16 and interpreter_enabled():
        torch.testing.assert_close(actual, expected, rtol=2**-7, atol=0)
    else:
        assert torch.equal(actual, expected)


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("hidden", HIDDEN)
@pytest.mark.parametrize("has_weight", [True, False], ids=["w", "nw"])
def test_rms_norm_matches_native(device, dtype, hidden, has_weight) -> None:
    g = _gen(hidden, device)
    x = _rand((_rows_for(hidden), hidden), dtype, device, g)
    w = _rand((hidden,), dtype, device, g) if has_weight else None
    x_before = x.clone()
    out = torch.full_like(x, float("nan"))  # poison: every element must be written
    got = tk.rms_norm(x, w, EPS, out=out)
    assert got is out
    _assert_close(got, native.rms_norm(x, w, EPS))
    assert torch.equal(x, x_before), "rms_norm must not modify its input"


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("hidden", HIDDEN)
@pytest.mark.parametrize("has_weight", [True, False], ids=["w", "nw"])
@pytest.mark.parametrize("in_place", [True, False], ids=["inplace", "outofplace"])
def test_fused_add_rms_norm_matches_native(device, dtype, hidden, has_weight, in_place) -> None:
    g = _gen(hidden + 1, device)
    rows = _rows_for(hidden)
    x = _rand((rows, hidden), dtype, device, g)
    residual = _rand((rows, hidden), dtype, device, g)
    w = _rand((hidden,), dtype, device, g) if has_weight else None
    x0, r0 = x.clone(), residual.clone()

    out, new_res = tk.fused_add_rms_norm(x, residual, w, EPS, in_place=in_place)

    assert new_res is residual, "residual must be updated in place"
    _assert_residual(new_res, x0 + r0)
    if in_place:
        assert out is x, "in_place output must overwrite x"
    else:
        assert out.data_ptr() != x.data_ptr()
        assert torch.equal(x, x0), "out-of-place must leave x alone"
    ref_out, _ = native.fused_add_rms_norm(x0.clone(), r0.clone(), w, EPS, in_place=False)
    # Under the interpreter a bf16 residual may sit one (truncated) ulp off the
    # reference's, and that ulp flows into the output: allow for it here; the
    # check below, against the residual actually stored, stays tight.
    _assert_close(out, ref_out, slack=_residual_slack(dtype))
    # The output is the norm of exactly the stored residual.
    _assert_close(out, native.rms_norm(new_res, w, EPS))


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_strided_rows(device, dtype) -> None:
    hidden, pad = 769, 43  # odd stride too: no alignment specialisation to lean on
    g = _gen(7, device)
    buf = _rand((11, hidden + pad), dtype, device, g)
    x = buf[:, :hidden]
    assert x.stride(0) == hidden + pad and not x.is_contiguous()
    w = _rand((hidden,), dtype, device, g)
    _assert_close(tk.rms_norm(x, w, EPS), native.rms_norm(x.contiguous(), w, EPS))

    rbuf = _rand((11, hidden + 5), dtype, device, g)
    residual = rbuf[:, :hidden]
    buf_before, rbuf_before = buf.clone(), rbuf.clone()
    x0, r0 = x.clone(), residual.clone()
    out, _ = tk.fused_add_rms_norm(x, residual, w, EPS, in_place=True)
    _assert_residual(residual, x0 + r0)
    _assert_close(out, native.rms_norm(x0 + r0, w, EPS), slack=_residual_slack(dtype))
    _assert_close(out, native.rms_norm(residual, w, EPS))
    # Padding between rows is never touched.
    assert torch.equal(buf[:, hidden:], buf_before[:, hidden:])
    assert torch.equal(rbuf[:, hidden:], rbuf_before[:, hidden:])


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("variance_size", [1, 100, 768])
def test_variance_size(device, dtype, variance_size) -> None:
    hidden = 769
    g = _gen(variance_size, device)
    x = _rand((9, hidden), dtype, device, g)
    r = _rand((9, hidden), dtype, device, g)
    w = _rand((hidden,), dtype, device, g)
    _assert_close(tk.rms_norm(x, w, EPS, variance_size), native.rms_norm(x, w, EPS, variance_size))
    ref, _ = native.fused_add_rms_norm(x.clone(), r.clone(), w, EPS, variance_size, in_place=False)
    out, _ = tk.fused_add_rms_norm(x.clone(), r.clone(), w, EPS, variance_size, in_place=False)
    _assert_close(out, ref, slack=_residual_slack(dtype))


def test_variance_size_uses_only_prefix(device) -> None:
    # Changing elements past variance_size must not change the scale.
    x = torch.ones(2, 64, device=device)
    x[:, 32:] = 100.0
    out = tk.rms_norm(x, None, 1e-12, 32)
    torch.testing.assert_close(out, x)
    with pytest.raises(ValueError):
        tk.rms_norm(x, None, EPS, 65)


def test_leading_dims_and_empty(device) -> None:
    g = _gen(3, device)
    x = _rand((2, 3, 4096), torch.float16, device, g)
    w = _rand((4096,), torch.float16, device, g)
    out = tk.rms_norm(x, w, EPS)
    assert out.shape == x.shape
    _assert_close(out, native.rms_norm(x, w, EPS))
    empty = torch.empty(0, 4096, dtype=torch.float16, device=device)
    assert tk.rms_norm(empty, w, EPS).shape == (0, 4096)
    o, r = tk.fused_add_rms_norm(empty, empty.clone(), w, EPS)
    assert o.shape == r.shape == (0, 4096)


def test_mixed_weight_dtype(device) -> None:
    g = _gen(5, device)
    x = _rand((5, 769), torch.bfloat16, device, g)
    w = _rand((769,), torch.float32, device, g)
    got = tk.rms_norm(x, w, EPS)
    assert got.dtype == torch.bfloat16
    _assert_close(got, native.rms_norm(x, w, EPS))


def test_launch_config_table() -> None:
    # The token count enters the choice only through CHUNKED_MIN_ROWS.
    big = tk.CHUNKED_MIN_ROWS
    assert tk.launch_config("rms_norm", 64, 2).rows > 1
    assert not tk.launch_config("rms_norm", 1024, 2, big).chunked  # 2 KiB rows
    # 4 KiB rows: large batches take the two-pass kernel, the whole row one chunk.
    assert not tk.launch_config("rms_norm", 2048, 2, big - 1).chunked
    assert tk.launch_config("rms_norm", 2048, 2, big) == tk.LaunchConfig(2048, 1, 4, True)
    assert not tk.launch_config("rms_norm", 4096, 2, big - 1).chunked
    assert tk.launch_config("rms_norm", 4096, 2, big).chunked
    assert tk.launch_config("rms_norm", 8192, 2, big).block_n == 4096
    assert tk.launch_config("rms_norm", 40000, 2, 1).chunked  # too long for registers
    assert not tk.launch_config("fused_add_rms_norm", 8192, 2, big).chunked
    # fp32 rows of 32 KiB: in registers for small batches, chunked for large ones.
    assert tk.launch_config("fused_add_rms_norm", 8192, 4, 1) == tk.LaunchConfig(8192, 1, 16)
    assert tk.launch_config("fused_add_rms_norm", 8192, 4, big).chunked
    assert tk.launch_config("fused_add_rms_norm", 16384, 4, 1).chunked  # 64 KiB
    assert tk.warmup_token_counts("rms_norm", 4096, 2) == (1, big)
    assert tk.warmup_token_counts("rms_norm", 2048, 2) == (1, big)
    assert tk.warmup_token_counts("rms_norm", 1024, 2) == (1,)
    assert tk.warmup_token_counts("fused_add_rms_norm", 8192, 2) == (1,)
    assert tk.warmup_token_counts("fused_add_rms_norm", 8192, 4) == (1, big)
    # A high-bandwidth GPU (an H200) moves both thresholds to 1024 tokens.
    from vllm_kernels._support import DeviceProfile

    h200 = DeviceProfile(sms=132, dram_gbps=4814.0)
    low = tk.HIGH_BANDWIDTH_CHUNKED_MIN_ROWS
    assert tk.warmup_token_counts("rms_norm", 2048, 2, h200) == (1, low)
    assert tk.warmup_token_counts("fused_add_rms_norm", 8192, 4, h200) == (1, low)
    with pytest.raises(ValueError):
        tk.launch_config("layer_norm", 64, 2)


ROW = tk.LaunchConfig(block_n=8192, rows=1, num_warps=4)
ROW2 = tk.LaunchConfig(block_n=8192, rows=2, num_warps=4)
CHUNK = tk.LaunchConfig(block_n=512, rows=1, num_warps=4, chunked=True)


@pytest.mark.parametrize("cfg", [ROW, ROW2, CHUNK], ids=["rows", "rows2", "chunked"])
@pytest.mark.parametrize("hidden", [769, 5125])
@pytest.mark.parametrize("variance_size", [None, 300])
@pytest.mark.parametrize("has_weight", [True, False], ids=["w", "nw"])
def test_both_code_paths(device, cfg, hidden, variance_size, has_weight) -> None:
    # Whatever launch_config picks today, both kernels must stay correct: strided
    # rows, masked tail chunk, partial variance, optional weight.
    dtype = torch.float16
    g = _gen(hidden + (variance_size or 0), device)
    buf = _rand((5, hidden + 24), dtype, device, g)
    pad_before = buf[:, hidden:].clone()
    x = buf[:, :hidden]
    r = _rand((5, hidden), dtype, device, g)
    w = _rand((hidden,), dtype, device, g) if has_weight else None
    out = torch.full((5, hidden), float("nan"), dtype=dtype, device=device)
    tk.rms_norm(x, w, EPS, variance_size, out=out, config=cfg)
    _assert_close(out, native.rms_norm(x, w, EPS, variance_size))

    x0, r0 = x.clone(), r.clone()
    got, res = tk.fused_add_rms_norm(x, r, w, EPS, variance_size, in_place=True, config=cfg)
    _assert_residual(res, x0 + r0)
    _assert_close(got, native.rms_norm(x0 + r0, w, EPS, variance_size))
    assert torch.equal(buf[:, hidden:], pad_before)


def test_long_rows_use_chunked_kernel(device) -> None:
    hidden = 20011  # past the row kernels' register budget, odd
    g = _gen(11, device)
    x = _rand((3, hidden), torch.float32, device, g)
    r = _rand((3, hidden), torch.float32, device, g)
    w = _rand((hidden,), torch.float32, device, g)
    assert tk.launch_config("fused_add_rms_norm", hidden, 4).chunked
    _assert_close(tk.rms_norm(x, w, EPS), native.rms_norm(x, w, EPS))
    ref, _ = native.fused_add_rms_norm(x.clone(), r.clone(), w, EPS, in_place=False)
    out, _ = tk.fused_add_rms_norm(x, r, w, EPS)
    _assert_close(out, ref)


# -- per-head views (tokens, heads, head_dim) -----------------------------------


def _ref64(x: torch.Tensor, w: torch.Tensor | None) -> torch.Tensor:
    """Float64 reference: no rounding at all (the ops round twice, ~2 ulps)."""
    x64 = x.double()
    y = x64 * torch.rsqrt(x64.pow(2).mean(dim=-1, keepdim=True) + EPS)
    return y * w.double() if w is not None else y


def _qkv(tokens: int, q_heads: int, kv_heads: int, head_dim: int, dtype, device, g):
    """q, k, v per-head views of one fused QKV output, as Qwen3 and Gemma 3n make
    them: each token's row is the whole QKV width apart."""
    width = (q_heads + 2 * kv_heads) * head_dim
    qkv = _rand((tokens, width), dtype, device, g)
    q, k, v = qkv.split([q_heads * head_dim, kv_heads * head_dim, kv_heads * head_dim], dim=-1)
    return qkv, (t.view(tokens, -1, head_dim) for t in (q, k, v))


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("head_dim", [64, 128, 256])
@pytest.mark.parametrize("has_weight", [True, False], ids=["w", "nw"])
def test_per_head_views_match_float64(device, dtype, head_dim, has_weight) -> None:
    g = _gen(head_dim + has_weight, device)
    tokens, q_heads, kv_heads = 5, 4, 2
    qkv, views = _qkv(tokens, q_heads, kv_heads, head_dim, dtype, device, g)
    before = qkv.clone()
    w = _rand((head_dim,), dtype, device, g) if has_weight else None
    for view in views:
        assert view.stride(0) == qkv.shape[1] and view.stride(1) == head_dim
        assert tk.rows_view(view) is None  # the per-head path, not the row one
        out = torch.full(view.shape, float("nan"), dtype=dtype, device=device)
        got = tk.rms_norm(view, w, EPS, out=out)
        assert got is out and not got.isnan().any(), "every element must be written"
        rtol, atol = TOL[dtype]
        torch.testing.assert_close(got.double(), _ref64(view, w), rtol=rtol, atol=atol)
        _assert_close(got, native.rms_norm(view, w, EPS))
    assert torch.equal(qkv, before), "the QKV output must not change"


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_per_head_any_strides(device, dtype) -> None:
    # Heads further apart than head_dim, an odd token stride, odd head_dim (masked
    # tail), one head per token's row, and a strided out.
    g = _gen(3, device)
    buf = _rand((7, 5, 100), dtype, device, g)
    x = buf[:, 1:4, 3:72]  # (7, 3, 69): token stride 500, head stride 100
    assert tk.rows_view(x) is None
    w = _rand((69,), dtype, device, g)
    obuf = torch.full((7, 4, 80), float("nan"), dtype=dtype, device=device)
    out = obuf[:, :3, :69]
    got = tk.rms_norm(x, w, EPS, out=out)
    assert got is out
    rtol, atol = TOL[dtype]
    torch.testing.assert_close(got.double(), _ref64(x, w), rtol=rtol, atol=atol)
    assert obuf[:, 3:].isnan().all() and obuf[:, :, 69:].isnan().all(), "padding written"
    # Leading dims that collapse into tokens: (2, 7, 3, 69) -> (14, 3, 69).
    big = _rand((2, 7, 5, 100), dtype, device, g)[:, :, 1:4, 3:72]
    torch.testing.assert_close(tk.rms_norm(big, w, EPS).double(), _ref64(big, w),
                               rtol=rtol, atol=atol)


@pytest.mark.parametrize("split", [1, 2, 4])
@pytest.mark.parametrize("head_dim", [64, 69, 256])
@pytest.mark.parametrize("variance_size", [None, 40])
@pytest.mark.parametrize("has_weight", [True, False], ids=["w", "nw"])
def test_per_head_split_tiles(device, split, head_dim, variance_size, has_weight) -> None:
    # A head held as `split` chunks a thread (LaunchConfig.split): same numbers as
    # one chunk, with a masked tail (69 of 128), a variance prefix, a partial last
    # program (7 tokens x 3 heads, 4 rows a program), and no weight.
    g = _gen(head_dim * 10 + split, device)
    dtype = torch.bfloat16
    _, (q, _k, _v) = _qkv(7, 3, 1, head_dim, dtype, device, g)
    w = _rand((head_dim,), dtype, device, g) if has_weight else None
    cfg = tk.LaunchConfig(triton.next_power_of_2(head_dim), 4, 2, split=split)
    out = torch.full(q.shape, float("nan"), dtype=dtype, device=device)
    got = tk.rms_norm(q, w, EPS, variance_size, out=out, config=cfg)
    assert got is out and not got.isnan().any(), "every element must be written"
    _assert_close(got, native.rms_norm(q, w, EPS, variance_size))


def test_per_head_one_launch_and_one_token(device, monkeypatch) -> None:
    launches: list[str] = []
    real = tk._Launch.__call__

    def counting(self):  # type: ignore[no-untyped-def]
        launches.append(self.kernel.fn.__name__)
        return real(self)

    monkeypatch.setattr(tk._Launch, "__call__", counting)
    g = _gen(11, device)
    _, (q, k, _v) = _qkv(9, 8, 2, 128, torch.float32, device, g)
    tk.rms_norm(q, None, EPS)
    assert launches == ["_rms_norm_heads"], "one launch for every head of every token"
    # One token: its heads are contiguous rows, so the row kernel (and its
    # contiguous binary) serves it.
    launches.clear()
    _, (q1, _k1, _v1) = _qkv(1, 8, 2, 128, torch.float32, device, g)
    got = tk.rms_norm(q1, None, EPS)
    assert launches == ["_rms_norm_rows"]
    torch.testing.assert_close(got.double(), _ref64(q1, None), rtol=1e-5, atol=1e-5)


def test_per_head_launch_config_follows_profile() -> None:
    from vllm_kernels._support import DEFAULT_PROFILE, DeviceProfile

    h200 = DeviceProfile(sms=132, dram_gbps=4814.0)
    for profile in (DEFAULT_PROFILE, h200):
        for head_dim, es in ((64, 2), (128, 2), (256, 2), (128, 4), (100, 2)):
            cfg = tk.launch_config("rms_norm_heads", head_dim, es, 4096, profile)
            assert cfg.block_n == triton.next_power_of_2(head_dim) and not cfg.chunked
            assert cfg.rows & (cfg.rows - 1) == 0, "ROWS must be a power of two"
            # No token-count threshold: every batch takes one binary.
            assert cfg == tk.launch_config("rms_norm_heads", head_dim, es, 2, profile)
    # Per-head counts: one token (rows), two (the per-head kernel), and where
    # int32 offsets end: 349,525 tokens of Qwen3-8B's q fit, one more does not.
    wide = tk.heads_wide_from(32, 128, 6144, 128)
    assert (wide - 2) * 6144 + 32 * 128 <= 2**31 < (wide - 1) * 6144 + 32 * 128
    assert tk.warmup_token_counts("rms_norm", 128, 2, heads=32, token_stride=6144) == (
        1, 2, wide)
    assert 1 in tk.warmup_token_counts("rms_norm", 256, 2, heads=1, token_stride=3072)


def test_per_head_int64_offsets_only_where_needed(device) -> None:
    g = _gen(13, device)
    qkv = _rand((3, 48), torch.float32, device, g)
    x = qkv[:, :32].view(3, 2, 16)
    plan = tk._plan_rms_norm(x, None, EPS, 16, torch.empty_like(x), None)
    assert plan is not None and plan.kernel is tk._rms_norm_heads
    assert plan.consts["WIDE"] is False and plan.consts["HEADS"] == 2
    # A token stride that would overflow int32 within the batch takes int64
    # offsets (planned on meta tensors: no 8 GiB buffer needed).
    huge = torch.empty_strided((3, 2, 16), (2**30, 16, 1), device="meta")
    plan = tk._plan_rms_norm(huge, None, EPS, 16, torch.empty(3, 2, 16, device="meta"), None)
    assert plan is not None and plan.consts["WIDE"] is True
