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
    # that do not collapse to one row stride: native runs instead.
    xi = torch.ones(4, 96, dtype=torch.int32, device=device)
    assert vk.REGISTRY.select("rms_norm", xi, None, 1e-6).provider == "native"
    xt = torch.randn(96, 4, 3, device=device).permute(2, 1, 0)
    assert vk.REGISTRY.select("rms_norm", xt, None, 1e-6).provider == "native"
    xn = torch.randn(4, 8, 200, device=device)[:, :3, :96]
    assert vk.REGISTRY.select("rms_norm", xn, None, 1e-6).provider == "native"
    torch.testing.assert_close(vk.rms_norm(xn, None, 1e-6), vk.native.rms_norm(xn, None, 1e-6))
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
