"""Op registry: declaration, priority dispatch, fallback, scoping, uuids."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading

import pytest
import torch

import vllm_kernels as vk
from vllm_kernels.registry import NATIVE, OpRegistry, RegistryError, source_uuid


def _make_registry(calls: list[str]) -> OpRegistry:
    reg = OpRegistry()
    reg.declare("double", "double(x) -> x")
    reg.declare("negate", "negate(x) -> x")

    def tag(name: str, result):
        def impl(x):
            calls.append(name)
            return result(x)

        return impl

    reg.register("double", NATIVE, tag("double/native", lambda x: 2 * x))
    reg.register("double", "fast", tag("double/fast", lambda x: x + x))
    reg.register(
        "double",
        "gpu_only",
        tag("double/gpu_only", lambda x: x * 2),
        supported=lambda: False,
    )
    reg.register(
        "double",
        "ints_only",
        tag("double/ints_only", lambda x: x << 1),
        supports_args=lambda x: isinstance(x, int),
    )
    reg.register("negate", NATIVE, tag("negate/native", lambda x: -x))
    return reg


def test_default_is_native_only() -> None:
    calls: list[str] = []
    reg = _make_registry(calls)
    assert reg.call("double", 3) == 6
    assert calls == ["double/native"]
    assert reg.priority("double") == [NATIVE]


def test_priority_order_and_fallback() -> None:
    calls: list[str] = []
    reg = _make_registry(calls)
    reg.set_default("double", ["gpu_only", "ints_only", "fast"])
    # unsupported provider skipped; supports_args decides per call.
    assert reg.call("double", 3) == 6 and calls[-1] == "double/ints_only"
    assert reg.call("double", 1.5) == 3.0 and calls[-1] == "double/fast"
    reg.set_default("double", ["gpu_only"])
    assert reg.call("double", 3) == 6 and calls[-1] == "double/native", "falls back to native"
    assert reg.select("double", 3).provider == NATIVE


def test_set_default_forms() -> None:
    reg = _make_registry([])
    reg.set_default(["fast", NATIVE])  # one list for every op; missing providers dropped
    assert reg.priority("double") == ["fast", NATIVE]
    assert reg.priority("negate") == [NATIVE]
    reg.set_default({"double": "ints_only, fast"})  # comma-separated, as config passes it
    assert reg.priority("double") == ["ints_only", "fast"]
    assert reg.priority("negate") == [NATIVE]
    with pytest.raises(RegistryError):
        reg.set_default(["fsat"])  # typo is an error, not a silent no-op
    with pytest.raises(RegistryError):
        reg.set_default({"double": ["nope"]})
    with pytest.raises(RegistryError):
        reg.set_default({"triple": ["fast"]})


def test_set_priority_restores_on_exit_and_error() -> None:
    calls: list[str] = []
    reg = _make_registry(calls)
    reg.set_default("double", ["fast"])
    with reg.set_priority({"double": [NATIVE]}):
        reg.call("double", 1)
        assert calls[-1] == "double/native"
        with reg.set_priority(["ints_only"]):
            assert reg.priority("double") == ["ints_only"]
        assert reg.priority("double") == [NATIVE]
    assert reg.priority("double") == ["fast"]
    with pytest.raises(ZeroDivisionError), reg.set_priority({"double": [NATIVE]}):
        1 / 0  # noqa: B018
    assert reg.priority("double") == ["fast"]


def test_set_priority_is_scoped_per_thread() -> None:
    reg = _make_registry([])
    reg.set_default("double", ["fast"])
    seen: list[list[str]] = []
    inside = threading.Event()
    release = threading.Event()

    def worker() -> None:
        with reg.set_priority({"double": [NATIVE]}):
            inside.set()
            release.wait(5)

    t = threading.Thread(target=worker)
    t.start()
    inside.wait(5)
    seen.append(reg.priority("double"))
    release.set()
    t.join()
    assert seen == [["fast"]]


def test_op_handle_and_errors() -> None:
    reg = _make_registry([])
    assert reg.op("negate")(4) == -4
    with pytest.raises(RegistryError):
        reg.call("triple", 1)
    with pytest.raises(RegistryError):
        reg.register("double", "fast", lambda x: x)
    with pytest.raises(RegistryError):
        reg.declare("double", "again")


def test_uuid_follows_source() -> None:
    reg = OpRegistry()
    reg.declare("op", "op(x)")

    def impl_a(x):
        return x + 1

    def impl_b(x):
        return x + 2

    a = reg.register("op", "a", impl_a)
    b = reg.register("op", "b", impl_b)
    assert a.uuid != b.uuid
    assert len(a.uuid) == 64 and int(a.uuid, 16) >= 0
    # Same source, same op and provider: same uuid (stable across processes).
    assert source_uuid("op", "a", [impl_a]) == a.uuid
    # The op and provider are part of it too.
    assert source_uuid("op", "b", [impl_a]) != a.uuid
    assert reg.provider_uuids() == {"op": {"a": a.uuid, "b": b.uuid}}


def test_uuid_of_module_source_changes_with_edit(tmp_path, monkeypatch) -> None:
    mod = tmp_path / "kernel_mod_for_uuid.py"
    mod.write_text("def f(x):\n    return x\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    before = source_uuid("op", "p", ["kernel_mod_for_uuid"])
    mod.write_text("def f(x):\n    return x * 1\n")
    after = source_uuid("op", "p", ["kernel_mod_for_uuid"])
    assert before != after


def test_package_registry() -> None:
    uuids = vk.provider_uuids()
    assert set(uuids) == {"rms_norm", "fused_add_rms_norm", "gelu_and_mul_sparse"}
    for per_op in uuids.values():
        assert set(per_op) == {"native", "triton"}
    assert uuids["rms_norm"]["triton"] != uuids["rms_norm"]["native"]
    assert vk.REGISTRY.priority("rms_norm") == ["triton", "native"]
    assert vk.REGISTRY.priority("gelu_and_mul_sparse") == ["triton", "native"]


def test_package_dispatch(device) -> None:
    x = torch.randn(4, 96, device=device)
    w = torch.randn(96, device=device)
    assert vk.REGISTRY.select("rms_norm", x, w, 1e-6).provider == "triton"
    torch.testing.assert_close(vk.rms_norm(x, w, 1e-6), vk.native.rms_norm(x, w, 1e-6))
    with vk.set_priority(["native"]):
        assert vk.REGISTRY.select("rms_norm", x, w, 1e-6).provider == "native"
    # Triton cannot take an int tensor, a strided hidden dim, or leading dims
    # that collapse neither to one row stride nor to (tokens, heads): native
    # runs instead. A per-head view (tokens, heads, head_dim) takes Triton.
    xi = torch.ones(4, 96, dtype=torch.int32, device=device)
    assert vk.REGISTRY.select("rms_norm", xi, None, 1e-6).provider == "native"
    xt = torch.randn(96, 4, 3, device=device).permute(2, 1, 0)
    assert vk.REGISTRY.select("rms_norm", xt, None, 1e-6).provider == "native"
    xh = torch.randn(4, 8, 200, device=device)[:, :3, :96]
    assert vk.REGISTRY.select("rms_norm", xh, None, 1e-6).provider == "triton"
    torch.testing.assert_close(vk.rms_norm(xh, None, 1e-6), vk.native.rms_norm(xh, None, 1e-6))
    xn = torch.randn(4, 5, 8, 200, device=device)[:, :4, :3, :96]
    assert vk.REGISTRY.select("rms_norm", xn, None, 1e-6).provider == "native"
    torch.testing.assert_close(vk.rms_norm(xn, None, 1e-6), vk.native.rms_norm(xn, None, 1e-6))
    # The fused op takes rows only: a per-head view goes native.
    assert vk.REGISTRY.select("fused_add_rms_norm", xh, xh.clone(), None, 1e-6).provider == (
        "native")
    # variance_size out of range is refused by the predicate (native then raises).
    assert vk.REGISTRY.select("rms_norm", x, None, 1e-6, 97).provider == "native"
    # The fused op through the registry keeps its in-place contract.
    r = torch.randn(4, 96, device=device)
    x2, r2 = x.clone(), r.clone()
    out, res = vk.fused_add_rms_norm(x2, r2, w, 1e-6)
    assert out is x2 and res is r2


def test_import_does_not_import_triton() -> None:
    code = (
        "import sys, json, vllm_kernels as vk; "
        "before = 'triton' in sys.modules; u = vk.provider_uuids(); "
        "print(json.dumps([before, 'triton' in sys.modules, len(u)]))"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    res = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert json.loads(res.stdout.strip().splitlines()[-1]) == [False, False, 3]


def test_gelu_and_mul_sparse_dispatch(device) -> None:
    x = torch.randn(4, 2 * 48, device=device)
    select = vk.REGISTRY.select
    assert select("gelu_and_mul_sparse", x, 1.0).provider == "triton"
    assert select("gelu_and_mul_sparse", x, -0.5, approximate="tanh").provider == "triton"
    torch.testing.assert_close(
        vk.gelu_and_mul_sparse(x, 0.5, "tanh"),
        vk.native_activation.gelu_and_mul_sparse(x, 0.5, "tanh"),
    )
    # Strided rows (a slice of a wider buffer) and leading dims stay on Triton.
    strided = torch.randn(4, 200, device=device)[:, :96]
    assert select("gelu_and_mul_sparse", strided, 1.0).provider == "triton"
    assert select("gelu_and_mul_sparse", x.view(2, 2, 96), 1.0).provider == "triton"
    # What the kernel does not take goes to native (which raises where invalid):
    # a strided last dim, rows that do not collapse, an odd width, int data, an
    # unknown approximation, a tensor or non-finite multiplier.
    refused = [
        (torch.randn(96, 4, device=device).t(), 1.0, "none"),
        (torch.randn(4, 8, 200, device=device)[:, :3, :96], 1.0, "none"),
        (torch.randn(4, 95, device=device), 1.0, "none"),
        (torch.ones(4, 96, dtype=torch.int32, device=device), 1.0, "none"),
        (x, 1.0, "erf"),
        (x, torch.tensor(1.0), "none"),
        (x, float("inf"), "none"),
        (x, True, "none"),
    ]
    for args in refused:
        assert select("gelu_and_mul_sparse", *args).provider == "native", args
    xn = torch.randn(4, 8, 200, device=device)[:, :3, :96]
    torch.testing.assert_close(
        vk.gelu_and_mul_sparse(xn, 0.3), vk.native_activation.gelu_and_mul_sparse(xn, 0.3)
    )
    with pytest.raises(ValueError, match="even"):
        vk.gelu_and_mul_sparse(torch.randn(4, 95, device=device), 1.0)
    with pytest.raises(ValueError, match="approximate"):
        vk.gelu_and_mul_sparse(x, 1.0, "erf")


# -- the per-signature cache -----------------------------------------------------


def _keyed_registry(calls: list[str], asked: list[str]) -> OpRegistry:
    """One op whose call key is the argument's type; 'fast' takes ints only and
    binds a launcher of its own."""
    reg = OpRegistry()
    op = reg.declare("inc", "inc(x) -> x", call_key=lambda x, **kw: None if kw else type(x))

    def ints_only(x):
        asked.append("fast")
        return isinstance(x, int)

    def bind(x):
        calls.append("fast/bind")

        def launcher(x):
            calls.append("fast/launcher")
            return x + 1

        return x + 1, launcher

    reg.register("inc", NATIVE, lambda x: calls.append("native") or x + 1)
    reg.register("inc", "fast", lambda x: calls.append("fast") or x + 1,
                 supports_args=ints_only, bind=bind)
    reg.set_default(["fast"])
    assert op.name == "inc"
    return reg


def test_call_cache_chooses_once_per_key() -> None:
    calls: list[str] = []
    asked: list[str] = []
    reg = _keyed_registry(calls, asked)
    inc = reg.op("inc")
    assert [inc(1), inc(2), inc(3)] == [2, 3, 4]
    # The first call chose (asked the predicate) and bound; the rest used the launcher.
    assert asked == ["fast"] and calls == ["fast/bind", "fast/launcher", "fast/launcher"]
    calls.clear()
    asked.clear()
    assert inc(1.5) == 2.5 and inc(2.5) == 3.5  # another key: chosen once, native
    assert asked == ["fast"] and calls == ["native", "native"]
    calls.clear()
    reg.register("inc", "other", lambda x: x + 1)  # a registration empties the cache
    inc(4)
    assert calls == ["fast/bind"]


def test_call_cache_follows_priority_changes() -> None:
    calls: list[str] = []
    asked: list[str] = []
    reg = _keyed_registry(calls, asked)
    inc = reg.op("inc")
    inc(1)
    inc(1)
    assert calls == ["fast/bind", "fast/launcher"]
    calls.clear()
    with reg.set_priority(["native"]):  # a scoped override bypasses the cache
        inc(1)
        inc(1)
    assert calls == ["native", "native"]
    calls.clear()
    inc(1)  # the default is back, and still cached
    assert calls == ["fast/launcher"]
    calls.clear()
    reg.set_default(["native"])  # a new default empties the cache
    inc(1)
    inc(1)
    assert calls == ["native", "native"]
    reg.set_default(["fast"])
    calls.clear()
    inc(1)
    inc(1)
    assert calls == ["fast/bind", "fast/launcher"]
    calls.clear()
    reg.clear_call_cache()
    inc(1)
    assert calls == ["fast/bind"]


def test_call_key_separates_what_specialises(device) -> None:
    from vllm_kernels._support import fused_add_rms_norm_call_key, rms_norm_call_key

    x = torch.randn(8, 64, device=device)
    w = torch.randn(64, device=device)
    key = rms_norm_call_key(x, w, 1e-6)
    assert key == rms_norm_call_key(torch.randn(15, 64, device=device), w, 1e-6)  # 8..15
    different = [
        rms_norm_call_key(torch.randn(16, 64, device=device), w, 1e-6),  # token class
        rms_norm_call_key(x.half(), w, 1e-6),  # dtype
        rms_norm_call_key(x, None, 1e-6),  # weight or not
        rms_norm_call_key(x, w.half(), 1e-6),  # weight dtype
        rms_norm_call_key(x, w, 1e-6, 32),  # variance_size
        rms_norm_call_key(torch.randn(8, 80, device=device)[:, :64], w, 1e-6),  # stride
        rms_norm_call_key(torch.randn(8 * 64 + 1, device=device)[1:].view(8, 64), w, 1e-6),
        rms_norm_call_key(torch.randn(8, 4, 64, device=device)[:, :2], w, 1e-6),  # per-head
    ]
    assert all(k != key for k in different) and len(set(different)) == len(different)
    assert rms_norm_call_key(x, w, 1e-6, out=x) is None  # keywords: not cached
    r = torch.randn(8, 64, device=device)
    fkey = fused_add_rms_norm_call_key(x, r, w, 1e-6)
    assert fkey == fused_add_rms_norm_call_key(x, r.clone(), w, 1e-6, in_place=True)
    assert fkey != fused_add_rms_norm_call_key(x, r, w, 1e-6, in_place=False)
    assert fkey != fused_add_rms_norm_call_key(x, r[:4], w, 1e-6)  # a mismatched residual


def test_cached_calls_match_native(device) -> None:
    """Second and later calls of a signature (on a GPU: the direct launcher) compute
    what the first did, at every token count of the class and across classes."""
    vk.clear_call_cache()
    g = torch.Generator(device=device).manual_seed(5)
    w = torch.randn(128, device=device, generator=g)
    qkv = torch.randn(20, 12 * 128, device=device, generator=g)
    for tokens in (1, 2, 3, 5, 8, 13, 20, 3):
        x = torch.randn(tokens, 128, device=device, generator=g)
        torch.testing.assert_close(vk.rms_norm(x, w, 1e-6), vk.native.rms_norm(x, w, 1e-6))
        q = qkv[:tokens, : 8 * 128].view(tokens, 8, 128)
        torch.testing.assert_close(vk.rms_norm(q, w, 1e-6), vk.native.rms_norm(q, w, 1e-6))
        r = torch.randn(tokens, 128, device=device, generator=g)
        x0, r0 = x.clone(), r.clone()
        out, res = vk.fused_add_rms_norm(x, r, w, 1e-6)
        ref, ref_res = vk.native.fused_add_rms_norm(x0, r0, w, 1e-6)
        assert out is x and res is r
        torch.testing.assert_close(out, ref)
        torch.testing.assert_close(res, ref_res)
        xg = torch.randn(tokens, 256, device=device, generator=g)
        torch.testing.assert_close(vk.gelu_and_mul_sparse(xg, 1.6448536, "tanh"),
                                   vk.native_activation.gelu_and_mul_sparse(xg, 1.6448536,
                                                                            "tanh"))
    cached = vk.REGISTRY._calls["rms_norm"]
    impl = vk.REGISTRY.implementation("rms_norm", "triton")
    assert cached and all(
        fn is not vk.native.rms_norm for fn in cached.values()
    ), "every signature here is Triton's"
    direct = [fn for fn in cached.values() if fn is not impl.fn]
    # On a GPU every signature launches directly; the interpreter has no binary.
    assert len(direct) == (len(cached) if device.type == "cuda" else 0)
