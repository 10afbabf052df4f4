"""Platform profiles (schema/platforms.yaml): selection, what each profile changes in a
resolved config, and what a platform rejects (one line from the CLI)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from vllm_config import _cli_table, platforms
from vllm_config.platforms import current_platform, set_current_platform, using_platform


def _show(*argv: str, env: dict | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "vllm_config", "show", "--format", "json",
                           *argv], capture_output=True, text=True, check=False,
                          env={**os.environ, **(env or {})})


def _resolved(*argv: str, platform: str | None = None):
    from cfgc.runtime.cli.build import build_configs

    flags = ["--platform", platform] if platform else []
    _, built = build_configs(_cli_table, [*flags, "--model", "org/target", *argv],
                             lambda *a, **k: None)
    return built.roots["VllmConfig"]


def test_default_is_cuda_and_profiles_are_listed() -> None:
    assert platforms.DEFAULT == "cuda"
    assert set(platforms.PROFILES) >= {"cuda", "cpu"}
    assert _cli_table.PLATFORMS[0] == "cuda"
    assert current_platform.name == "cuda"
    assert current_platform.supported_dtypes[0] == "bfloat16"


def test_using_platform_selects_for_a_block_and_restores() -> None:
    with using_platform("cpu") as p:
        assert p.device_type == "cpu"
        assert current_platform.device_type == "cpu"
        with using_platform("cuda"):
            assert current_platform.dist_backend == "nccl"
        assert current_platform.dist_backend == "gloo"
    assert current_platform.device_type == "cuda"


def test_set_current_platform_and_reset() -> None:
    try:
        set_current_platform("cpu")
        assert current_platform.name == "cpu"
    finally:
        set_current_platform(None)
    assert current_platform.name == "cuda"


def test_unknown_names_list_the_profiles() -> None:
    with pytest.raises(ValueError, match=r"unknown platform 'tpu9': expected one of cuda, cpu"):
        set_current_platform("tpu9")


def test_environment_selects(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(platforms.ENV_VAR, "cpu")
    assert current_platform.name == "cpu"
    monkeypatch.setenv(platforms.ENV_VAR, "nope")
    with pytest.raises(ValueError, match="CFGC_PLATFORM: unknown platform 'nope'"):
        current_platform.device_type  # noqa: B018


def test_profile_values_are_copies() -> None:
    current_platform.supported_dtypes.append("int8")
    assert "int8" not in current_platform.supported_dtypes


def test_cpu_profile_changes_the_resolved_config() -> None:
    cpu = _resolved(platform="cpu")
    cuda = _resolved(platform="cuda")
    assert (cpu.cache_config.block_size, cuda.cache_config.block_size) == (128, 16)
    assert cpu.compilation_config.cudagraph_mode.name == "NONE"
    assert cpu.compilation_config.cudagraph_capture_sizes == []
    assert cpu.compilation_config.max_cudagraph_capture_size is None
    assert cpu.compilation_config.mode.name == "DYNAMO_TRACE_ONCE"
    assert cpu.compilation_config.backend == "inductor"
    assert cpu.compilation_config.inductor_compile_config["cpp.dynamic_threads"] is True
    assert "combo_kernels" not in cpu.compilation_config.inductor_compile_config
    assert cuda.compilation_config.inductor_compile_config["combo_kernels"] is True
    assert cpu.compilation_config.ir_enable_torch_wrap is False
    assert cpu.kernel_config.ir_op_priority.rms_norm == ["native"]
    assert cuda.kernel_config.ir_op_priority.rms_norm == []
    assert cpu.parallel_config.worker_cls == "vllm.v1.worker.cpu_worker.CPUWorker"
    assert cuda.parallel_config.worker_cls == "vllm.v1.worker.gpu_worker.Worker"
    assert (cpu.parallel_config.distributed_executor_backend,
            cuda.parallel_config.distributed_executor_backend) == ("mp", "uni")
    assert cpu.parallel_config.disable_custom_all_reduce is True
    assert cuda.parallel_config.disable_custom_all_reduce is False
    assert cpu.scheduler_config.async_scheduling is False
    assert cpu.model_config.disable_cascade_attn is True
    assert cpu.profiler_config.torch_profiler_dump_cuda_time_total is False
    assert (cpu.device_config.device_type, cuda.device_config.device_type) == ("cpu", "cuda")


def test_an_explicit_block_size_wins_over_the_platform_default() -> None:
    assert _resolved("--block-size", "32", platform="cpu").cache_config.block_size == 32


def test_cpu_turns_dual_batch_overlap_off() -> None:
    cfg = _resolved("--enable-dbo", "--all2all-backend", "deepep_low_latency", platform="cpu")
    assert cfg.parallel_config.enable_dbo is False


def test_lora_on_cpu_disables_compilation() -> None:
    cfg = _resolved("--enable-lora", platform="cpu")
    assert cfg.compilation_config.mode.name == "NONE"


def test_sleep_mode_turns_the_cumem_allocator_on_where_it_exists() -> None:
    assert _resolved("--enable-sleep-mode").model_config.enable_cumem_allocator is True


@pytest.mark.parametrize(("flag", "what"), [("--enable-sleep-mode", "sleep mode"),
                                            ("--enable-cumem-allocator", "cumem allocator")])
def test_cpu_rejects_what_it_cannot_do_in_one_line(flag: str, what: str) -> None:
    result = _show("--platform", "cpu", flag)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and what in lines[0] and "cpu platform" in lines[0], result.stderr
    assert "Traceback" not in result.stderr


def test_cli_bad_platform_is_one_line_with_the_choices() -> None:
    result = _show("--platform", "tpu9")
    assert result.returncode == 2
    assert result.stderr.strip() == ("vllm-config: error: --platform: invalid choice: 'tpu9' "
                                     "(choose from 'cuda', 'cpu')")


def test_cli_platform_from_the_environment() -> None:
    out = _show(env={"CFGC_PLATFORM": "cpu"})
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["cache_config"]["values"]["block_size"] == 128
    bad = _show(env={"CFGC_PLATFORM": "nope"})
    assert bad.returncode == 2
    assert bad.stderr.strip().splitlines() == [
        "vllm-config: error: CFGC_PLATFORM: unknown platform 'nope': expected one of cuda, cpu"]


def test_the_cli_flag_beats_the_environment() -> None:
    out = _show("--platform", "cuda", env={"CFGC_PLATFORM": "cpu"})
    assert json.loads(out.stdout)["cache_config"]["values"]["block_size"] == 16


def test_platforms_page_lists_every_profile_and_attribute(repo) -> None:
    page = (repo / "docs" / "reference" / "platforms.md").read_text()
    for name in platforms.PROFILES:
        assert f"| `{name}` |" in page
    for attr in platforms.ATTRIBUTES:
        assert f"| `{attr}` |" in page
    assert "`worker_cls`: VllmConfig" in page


def test_explain_shows_the_value_on_a_platform() -> None:
    out = subprocess.run([sys.executable, "-m", "vllm_config", "explain", "--block-size",
                          "--platform", "cpu", "--format", "json"], capture_output=True,
                         text=True, check=True).stdout
    assert json.loads(out)["resolved"] == {"platform": "cpu", "value": 128}


def test_diff_between_platforms() -> None:
    result = subprocess.run([sys.executable, "-m", "vllm_config", "diff", "",
                             "--platform cpu", "--format", "json"], capture_output=True,
                            text=True, check=False)
    assert result.returncode == 1  # the cache key differs
    rows = {r["path"]: r for r in json.loads(result.stdout)}
    assert (rows["cache_config.block_size"]["a"], rows["cache_config.block_size"]["b"]) == \
        (16, 128)
    same = subprocess.run([sys.executable, "-m", "vllm_config", "diff", "--platform", "cpu",
                           "", "--block-size 128"], capture_output=True, text=True,
                          check=False)
    assert same.returncode == 0, same.stdout + same.stderr


def test_cpu_rejects_eplb_and_has_no_custom_all_reduce() -> None:
    from vllm_config import ParallelConfig

    with using_platform("cpu"):
        assert ParallelConfig().disable_custom_all_reduce is True
    assert ParallelConfig().disable_custom_all_reduce is False
    result = _show("--platform", "cpu", "--enable-eplb", "-ep", "-tp", "2")
    assert result.returncode == 2
    assert "not available on the cpu platform" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


# --- detection (the Python API) and the CLI's default --------------------------------


def test_python_api_detects_the_platform_as_vllm_does(monkeypatch) -> None:
    from cfgc.runtime import platform_detect

    monkeypatch.delenv("CFGC_PLATFORM", raising=False)
    monkeypatch.setenv("VLLM_TARGET_DEVICE", "cpu")
    assert current_platform.name == "cpu"
    monkeypatch.setenv("VLLM_TARGET_DEVICE", "CUDA")
    assert current_platform.name == "cuda"
    # Not a known profile (or unset): the devices present decide.
    monkeypatch.setenv("VLLM_TARGET_DEVICE", "tpu")
    monkeypatch.setattr(platform_detect, "_nvidia_gpu_present", lambda: False)
    assert current_platform.name == "cpu"
    monkeypatch.delenv("VLLM_TARGET_DEVICE")
    monkeypatch.setattr(platform_detect, "_nvidia_gpu_present", lambda: True)
    assert current_platform.name == "cuda"


def test_the_environment_and_code_beat_detection(monkeypatch) -> None:
    monkeypatch.setenv("VLLM_TARGET_DEVICE", "cpu")
    monkeypatch.setenv("CFGC_PLATFORM", "cuda")
    assert current_platform.name == "cuda"
    monkeypatch.delenv("CFGC_PLATFORM")
    with using_platform("cuda"):
        assert current_platform.name == "cuda"
    assert current_platform.name == "cpu"


# --- the host's CPU flags (attributes with host_cpu_flag) -----------------------------


def test_host_cpu_flags_are_read_from_cpuinfo(tmp_path) -> None:
    from cfgc.runtime.host import detected_cpu_flags

    info = tmp_path / "cpuinfo"
    info.write_text("processor\t: 0\nvendor_id\t: GenuineIntel\n"
                    "flags\t\t: fpu sse avx512f avx512_bf16 amx_tile\n\n"
                    "processor\t: 1\nflags\t\t: fpu\n")
    assert detected_cpu_flags(info) == {"fpu", "sse", "avx512f", "avx512_bf16", "amx_tile"}
    arm = tmp_path / "arm"
    arm.write_text("processor\t: 0\nFeatures\t: fp asimd bf16\n")
    assert detected_cpu_flags(arm) == frozenset()
    assert detected_cpu_flags(tmp_path / "absent") == frozenset()


def test_host_attributes_follow_the_stated_flags(monkeypatch) -> None:
    assert platforms.HOST_CPU_FLAGS == {"cpu_avx512_bf16": "avx512_bf16",
                                        "cpu_amx_tile": "amx_tile"}
    assert "cpu_amx_tile" not in platforms.PROFILES["cpu"]
    for name in ("cpu", "cuda"):
        monkeypatch.setenv("CFGC_HOST_CPU_FLAGS", "AMX_TILE, fpu")
        p = platforms.get_platform(name)
        assert (p.cpu_amx_tile, p.cpu_avx512_bf16) == (True, False)
        monkeypatch.setenv("CFGC_HOST_CPU_FLAGS", "")
        assert (p.cpu_amx_tile, p.cpu_avx512_bf16) == (False, False)


def test_host_attributes_are_detected_when_not_stated(monkeypatch) -> None:
    from cfgc.runtime import host

    monkeypatch.delenv("CFGC_HOST_CPU_FLAGS")
    monkeypatch.setattr(host, "detected_cpu_flags", lambda: frozenset({"avx512_bf16"}))
    assert current_platform.cpu_avx512_bf16 is True
    assert current_platform.cpu_amx_tile is False


@pytest.mark.parametrize(("release", "flags", "expected"), [
    # 0.26.0 to 0.28.0: float32 on a CPU with AMX tiles; from 0.29.0 with AVX-512 BF16
    ("0.25.1", "amx_tile,avx512_bf16", "auto"),
    ("0.26.0", "amx_tile", "float32"),
    ("0.28.0", "avx512_bf16", "auto"),
    ("0.29.0", "avx512_bf16", "float32"),
    ("0.29.0", "amx_tile", "auto"),
    ("0.33.0", "avx512_bf16", "float32"),
    ("0.33.0", "", "auto"),
])
def test_cpu_ssm_state_dtype_follows_the_host(release: str, flags: str, expected: str) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "vllm_config", "show", "--format", "json", "--platform",
         "cpu", "--model", "org/target"], capture_output=True, text=True, check=True,
        env={**os.environ, "CFGC_RELEASE": release, "CFGC_HOST_CPU_FLAGS": flags})
    resolved = json.loads(out.stdout)
    assert resolved["cache_config"]["values"]["mamba_ssm_cache_dtype"] == expected


def test_cli_previews_cuda_whatever_the_machine_has() -> None:
    # An operator on a laptop previews the GPU server: the CLI does not detect.
    env = {k: v for k, v in os.environ.items() if k != "CFGC_PLATFORM"}
    env["VLLM_TARGET_DEVICE"] = "cpu"
    out = subprocess.run([sys.executable, "-m", "vllm_config", "show", "--format", "json"],
                         capture_output=True, text=True, check=False, env=env)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["cache_config"]["values"]["block_size"] == 16


def _platform_defaults(device_type: str, compiled: bool, **given) -> dict[str, list[str]]:
    """KernelConfig.set_platform_defaults for a stand-in VllmConfig of that device type."""
    from types import SimpleNamespace as N

    from vllm_config import KernelConfig
    from vllm_config.types import CompilationMode

    k = KernelConfig(ir_op_priority=given)
    mode = CompilationMode.VLLM_COMPILE if compiled else CompilationMode.NONE
    k.set_platform_defaults(N(device_config=N(device_type=device_type),
                              compilation_config=N(backend="inductor", mode=mode)))
    return {"rms_norm": k.ir_op_priority.rms_norm,
            "fused_add_rms_norm": k.ir_op_priority.fused_add_rms_norm}


@pytest.mark.parametrize("device_type, compiled, oink, expected", [
    ("cuda", False, "0", ["vllm_c", "native"]),
    ("cuda", True, "0", ["native"]),
    ("cuda", False, "1", ["oink", "vllm_c", "native"]),
    ("cuda", True, "1", ["oink", "native"]),
    ("cpu", False, "1", ["native"]),
    ("cpu", True, "0", ["native"]),
    ("tpu", False, "1", ["native"]),  # a device no profile describes
])
def test_set_platform_defaults_follows_the_profile_of_the_device(
        monkeypatch: pytest.MonkeyPatch, device_type, compiled, oink, expected) -> None:
    monkeypatch.setenv("VLLM_USE_OINK_OPS", oink)
    got = _platform_defaults(device_type, compiled)
    assert got == {"rms_norm": expected, "fused_add_rms_norm": expected}


def test_set_platform_defaults_keeps_given_providers_first() -> None:
    got = _platform_defaults("cuda", False, rms_norm=["native", "triton"])
    assert got["rms_norm"] == ["native", "triton", "vllm_c"]
    assert got["fused_add_rms_norm"] == ["vllm_c", "native"]


def test_oink_only_reorders_the_norm_ops(monkeypatch: pytest.MonkeyPatch) -> None:
    """The environment entry names rms_norm and fused_add_rms_norm only."""
    assert platforms.IR_OP_PRIORITY["cuda"]["first"] == [
        ("VLLM_USE_OINK_OPS", "1", {"rms_norm": ["oink"], "fused_add_rms_norm": ["oink"]})]
    monkeypatch.setenv("VLLM_USE_OINK_OPS", "yes")  # only the declared value counts
    assert _platform_defaults("cuda", False)["rms_norm"] == ["vllm_c", "native"]


def test_built_configs_append_the_order_only_where_the_profile_says() -> None:
    """cpu appends its order when VllmConfig is built; cuda (ir_op_priority_on_build
    false) leaves the lists to the engine's set_platform_defaults."""
    assert platforms.get_platform("cuda").ir_op_priority_on_build is False
    assert _resolved(platform="cuda").kernel_config.ir_op_priority.fused_add_rms_norm == []
    cpu = _resolved(platform="cpu").kernel_config
    assert cpu.ir_op_priority.fused_add_rms_norm == ["native"]
    cpu.set_platform_defaults(_resolved(platform="cpu"))  # the engine's call adds nothing
    assert cpu.ir_op_priority.fused_add_rms_norm == ["native"]
