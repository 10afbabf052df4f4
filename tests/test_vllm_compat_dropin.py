"""Drop-in seams (issue 32): the shapes and module globals vLLM's own code reads or patches.

vLLM's config modules look names up at call time (`replace`, `envs`, `current_platform`,
`OPTIMIZATION_LEVEL_TO_CONFIG`), and code written against them patches those names; the
generated modules hold the same names and read them the same way. Also the engine's
AttentionCGSupport members, taken by name.
"""

from __future__ import annotations

import enum
import json
import os
import subprocess
import sys
import types

import pytest

import vllm_config
import vllm_config.compilation as compilation_module
import vllm_config.envs as envs_module
import vllm_config.parallel as parallel_module
import vllm_config.vllm as vllm_module
from vllm_config import (
    CompilationConfig,
    CUDAGraphMode,
    EPLBConfig,
    ParallelConfig,
    VllmConfig,
)
from vllm_config.platforms import using_platform
from vllm_config.types import AttentionCGSupport, OptimizationLevel


def _run(code: str, release: str) -> object:
    env = {**os.environ, "CFGC_RELEASE": release}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=env)
    return json.loads(out.stdout.strip().splitlines()[-1])


# -- OPTIMIZATION_LEVEL_TO_CONFIG --------------------------------------------------------


def test_level_table_is_nested_per_config_as_in_vllm() -> None:
    table = vllm_module.OPTIMIZATION_LEVEL_TO_CONFIG
    assert list(table) == list(OptimizationLevel)
    o2 = table[OptimizationLevel.O2]
    assert set(o2) == {"compilation_config", "kernel_config"}
    assert o2["compilation_config"]["cudagraph_mode"] is CUDAGraphMode.FULL_AND_PIECEWISE
    passes = o2["compilation_config"]["pass_config"]
    # vLLM's functions of the config are functions here too, under vLLM's names
    assert passes["fuse_norm_quant"] is vllm_module.enable_norm_fusion
    assert passes["fuse_allreduce_rms"] is vllm_module.enable_allreduce_rms_fusion
    assert passes["fuse_attn_quant"] is False and passes["enable_sp"] is False
    assert vllm_module.OPTIMIZATION_LEVEL_01 is table[OptimizationLevel.O1]
    assert vllm_module.IS_QUANTIZED is False
    # the named functions take the config and compute what the build fills in
    tp2 = VllmConfig(parallel_config=ParallelConfig(tensor_parallel_size=2))
    with using_platform("cpu"):
        assert vllm_module.enable_allreduce_rms_fusion(tp2) is False
    with using_platform("cuda"):
        assert vllm_module.enable_allreduce_rms_fusion(tp2) is None  # the engine's call


def test_code_walking_the_level_table_as_vllm_does() -> None:
    """vLLM's engine reads e.g. table[level]["compilation_config"]["cudagraph_mode"]."""
    modes = {level: row["compilation_config"]["cudagraph_mode"]
             for level, row in vllm_module.OPTIMIZATION_LEVEL_TO_CONFIG.items()}
    assert modes == {OptimizationLevel.O0: CUDAGraphMode.NONE,
                     OptimizationLevel.O1: CUDAGraphMode.PIECEWISE,
                     OptimizationLevel.O2: CUDAGraphMode.FULL_AND_PIECEWISE,
                     OptimizationLevel.O3: CUDAGraphMode.FULL_AND_PIECEWISE}


def test_replacing_the_level_table_changes_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    """The build reads the module's OPTIMIZATION_LEVEL_TO_CONFIG when it applies the level,
    as vLLM does: a table put in its place is the one applied."""
    assert VllmConfig().kernel_config.enable_flashinfer_autotune is True
    patched = {level: {"kernel_config": {"enable_flashinfer_autotune": False},
                       "compilation_config": {"cudagraph_mode": CUDAGraphMode.NONE},
                       "no_such_config": {"x": 1}}  # a key the config lacks is skipped
               for level in OptimizationLevel}
    monkeypatch.setattr(vllm_module, "OPTIMIZATION_LEVEL_TO_CONFIG", patched)
    v = VllmConfig()
    assert v.kernel_config.enable_flashinfer_autotune is False
    assert v.compilation_config.cudagraph_mode == CUDAGraphMode.NONE
    assert v.compilation_config.pass_config.fuse_attn_quant is None  # not in the patch


def test_editing_a_level_row_in_place_changes_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    row = vllm_module.OPTIMIZATION_LEVEL_02["compilation_config"]["pass_config"]
    monkeypatch.setitem(row, "fuse_attn_quant", lambda cfg: cfg.parallel_config.world_size > 0)
    assert VllmConfig().compilation_config.pass_config.fuse_attn_quant is True
    monkeypatch.undo()
    assert VllmConfig().compilation_config.pass_config.fuse_attn_quant is False


def test_level_table_of_0_33_0_has_vllm_keys() -> None:
    got = _run(
        "import json\nfrom vllm_config import vllm as m\n"
        "from vllm_config.types import OptimizationLevel as L\n"
        "p = m.OPTIMIZATION_LEVEL_TO_CONFIG[L.O2]['compilation_config']['pass_config']\n"
        "qk = p['fuse_qk_norm_rope_kvcache'] is m.enable_qk_norm_rope_kvcache\n"
        "print(json.dumps([sorted(p), qk, p['enable_qk_norm_rope_fusion'],"
        " hasattr(m, 'IS_DENSE')]))", "0.33.0")
    keys, named, qk_rope, has_dense = got
    assert "enable_sp" not in keys and "fuse_gemm_comms" not in keys
    assert "fuse_qk_norm_rope_kvcache" in keys and named is True
    assert qk_rope is False and has_dense is False


# -- replace -------------------------------------------------------------------------------


def test_with_hf_config_builds_through_the_module_replace(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = vllm_module.replace

    def recording(instance, /, **kwargs):
        calls.append(sorted(kwargs))
        return real(instance, **kwargs)

    monkeypatch.setattr(vllm_module, "replace", recording)
    v = VllmConfig()
    copy = v.with_hf_config(types.SimpleNamespace(architectures=None))
    assert calls == [["model_config"]] and copy is not v

    monkeypatch.setattr(vllm_module, "replace", lambda instance, /, **kwargs: "built")
    assert v.with_hf_config(object()) == "built"
    assert vllm_module.replace is not vllm_config.replace  # the package's helper is untouched


# -- envs ------------------------------------------------------------------------------------


def test_a_variable_patched_on_envs_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VLLM_COMPILE_CACHE_SAVE_FORMAT", raising=False)
    assert CompilationConfig().compile_cache_save_format == "binary"
    assert compilation_module.envs is envs_module
    monkeypatch.setattr(envs_module, "VLLM_COMPILE_CACHE_SAVE_FORMAT", "unpacked", raising=False)
    assert CompilationConfig().compile_cache_save_format == "unpacked"
    monkeypatch.undo()
    assert CompilationConfig().compile_cache_save_format == "binary"


def test_patched_values_are_read_as_vllm_types_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """vLLM's envs gives VLLM_USE_BREAKABLE_CUDAGRAPH as a bool: patched True turns the
    compile pipeline off, as the text "1" in the environment does."""
    monkeypatch.delenv("VLLM_USE_BREAKABLE_CUDAGRAPH", raising=False)
    assert VllmConfig().compilation_config.mode != 0
    monkeypatch.setattr(envs_module, "VLLM_USE_BREAKABLE_CUDAGRAPH", True, raising=False)
    assert VllmConfig().compilation_config.mode == 0


def test_a_stand_in_envs_module_global_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """Code may put its own `envs` in a config module (vLLM's `vllm.envs`, a stand-in): the
    module's reads go through it, other variables still come from the environment."""
    monkeypatch.setenv("VLLM_DP_MASTER_IP", "10.0.0.3")
    monkeypatch.setattr(compilation_module, "envs",
                        types.SimpleNamespace(VLLM_COMPILE_CACHE_SAVE_FORMAT="unpacked"))
    assert CompilationConfig().compile_cache_save_format == "unpacked"
    # parallel's envs is still ours: the environment
    assert ParallelConfig().data_parallel_master_ip == "10.0.0.3"


def test_field_env_defaults_read_envs_too() -> None:
    got = _run(
        "import json, os\nos.environ.pop('VLLM_LOGGING_LEVEL', None)\n"
        "import vllm_config.envs as e, vllm_config as v\n"
        "before = v.LoggingConfig().log_level\n"
        "e.VLLM_LOGGING_LEVEL = 'DEBUG'\n"
        "print(json.dumps([before, v.LoggingConfig().log_level]))", "0.33.0")
    assert got == ["INFO", "DEBUG"]


# -- current_platform --------------------------------------------------------------------------


def _eplb() -> ParallelConfig:
    return ParallelConfig(tensor_parallel_size=3, enable_expert_parallel=True,
                          enable_eplb=True, eplb_config=EPLBConfig(num_redundant_experts=0))


def test_platform_predicate_patched_in_a_config_module(monkeypatch: pytest.MonkeyPatch) -> None:
    """vLLM's tests patch `vllm.config.parallel.current_platform.is_cuda_alike`; the
    parallel module holds the same object its rules ask."""
    with using_platform("cpu"):
        with pytest.raises(ValueError, match="enable_eplb"):
            _eplb()
        monkeypatch.setattr("vllm_config.parallel.current_platform.is_cuda_alike", lambda: True)
        assert _eplb().eplb_config.num_redundant_experts == 0
        monkeypatch.undo()
        with pytest.raises(ValueError, match="enable_eplb"):
            _eplb()
    assert parallel_module.current_platform is vllm_config.platforms.current_platform


def test_platform_module_global_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = types.SimpleNamespace(is_cuda_alike=lambda: False, device_type="fake",
                                 supports_custom_all_reduce=False,
                                 executor_from_device_count=False)
    with using_platform("cuda"):
        _eplb()
        monkeypatch.setattr(parallel_module, "current_platform", fake)
        with pytest.raises(ValueError, match="on the fake platform"):
            _eplb()


def test_platform_predicates_follow_the_device_type() -> None:
    with using_platform("cuda"):
        p = vllm_config.platforms.current_platform
        assert (p.is_cuda(), p.is_cuda_alike(), p.is_rocm(), p.is_cpu()) == (True, True,
                                                                             False, False)
    with using_platform("cpu"):
        assert (p.is_cuda_alike(), p.is_cpu(), p.is_xpu()) == (False, True, False)


# -- AttentionCGSupport ------------------------------------------------------------------------


class AttentionCGSupport_(enum.Enum):  # stands for the engine's (the name is set below)
    ALWAYS = "a"
    UNIFORM_BATCH = "u"
    UNIFORM_SINGLE_TOKEN_DECODE = "s"
    NEVER = "n"


AttentionCGSupport_.__name__ = "AttentionCGSupport"


@pytest.mark.parametrize("support", [AttentionCGSupport_.UNIFORM_BATCH,
                                     AttentionCGSupport.UNIFORM_BATCH, "uniform_batch", 2])
def test_resolve_cudagraph_mode_takes_the_engine_member(support: object) -> None:
    """By name: the engine's member (whatever its value), ours, its name or its number."""
    cc = CompilationConfig(cudagraph_mode=CUDAGraphMode.FULL, splitting_ops=[])
    assert cc.resolve_cudagraph_mode_and_sizes(support, "B") == CUDAGraphMode.FULL_DECODE_ONLY


def test_engine_support_level_equals_ours() -> None:
    assert AttentionCGSupport.NEVER == AttentionCGSupport_.NEVER
    assert {AttentionCGSupport_.ALWAYS: 1}.get(AttentionCGSupport.ALWAYS) == 1
    cc = CompilationConfig(cudagraph_mode=CUDAGraphMode.FULL)
    with pytest.raises(ValueError, match="not possible"):
        cc.resolve_cudagraph_mode_and_sizes(AttentionCGSupport_.NEVER, "X")
    with pytest.raises(ValueError, match="unknown CUDA-graph support level"):
        cc.resolve_cudagraph_mode_and_sizes(7, "X")
    with pytest.raises(ValueError, match="unknown CUDA-graph support level"):
        cc.resolve_cudagraph_mode_and_sizes(object(), "X")


def test_verify_with_parallel_config_asks_the_instance_for_the_expert_check(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """vLLM's EPLB test runs the method on a stand-in model config whose own
    `_verify_with_expert_parallelism` is the check: the method calls it through the
    instance, so a stand-in that supplies it is asked, not `is_moe`."""
    from vllm_config import ModelConfig

    calls = []
    model = types.SimpleNamespace(
        model_arch_config=types.SimpleNamespace(total_num_attention_heads=12, num_experts=10),
        architectures=[], use_mla=True, multimodal_config=None,
        _verify_with_expert_parallelism=lambda: calls.append("checked"))
    with using_platform("cpu"):
        monkeypatch.setattr("vllm_config.parallel.current_platform.is_cuda_alike", lambda: True)
        parallel = _eplb()
    ModelConfig.verify_with_parallel_config(model, parallel)
    assert calls == ["checked"] and parallel.eplb_config.num_redundant_experts == 0
    model.model_arch_config.total_num_attention_heads = 10
    with pytest.raises(ValueError, match="not divisible by tensor_parallel_size"):
        ModelConfig.verify_with_parallel_config(model, parallel)
