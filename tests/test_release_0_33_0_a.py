"""Release 0.33.0 of the attention, cache, mamba, compilation and kernel classes (issue 22,
group a) and its kernel set (issue 24): each check runs the 0.33.0 package in a
subprocess (CFGC_RELEASE=0.33.0), and where it matters checks 0.25.1 is as it was."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest


def _run(code: str, release: str = "0.33.0") -> object:
    env = {**os.environ, "CFGC_RELEASE": release}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=env)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_new_fields_and_defaults() -> None:
    got = _run(
        "import json, vllm_config as v\n"
        "a, c, k = v.AttentionConfig(), v.CacheConfig(), v.KernelConfig()\n"
        "print(json.dumps([a.indexer_kv_dtype, a.tokenspeed_mla_min_split_kv,"
        " a.hisparse_config, c.replayssm_buffer_len, c.swa_bounded_replay,"
        " c.prefix_cache_retention_interval, c.block_size, k.monokernel,"
        " k.sparse_indexer_topk_backend, v.MambaConfig().ssu_algorithm,"
        " v.CompilationConfig().decoder_replay_trim_threshold,"
        " hasattr(c, 'calculate_kv_scales'), hasattr(a, 'use_fp4_indexer_cache')]))")
    assert got == ["auto", 1, None, 16, True, 0, 16, False, "auto", None, 768, False, False]
    old = _run("import json, vllm_config as v\n"
               "a, c = v.AttentionConfig(), v.CacheConfig()\n"
               "print(json.dumps([a.indexer_kv_dtype, hasattr(c, 'swa_bounded_replay'),"
               " hasattr(v, 'HiSparseConfig')]))", release="0.25.1")
    assert old == ["bf16", False, False]


def test_msa_backend_names_pick_the_sparse_decode_kernel() -> None:
    got = _run(
        "import json, vllm_config as v\n"
        "a = v.AttentionConfig(backend='triton_msa')\n"
        "b = v.AttentionConfig(backend='cutlass_msa')\n"
        "h = v.AttentionConfig(hisparse_config={'device_buffer_size': 64})\n"
        "print(json.dumps([a.backend, a.minimax_m3_msa_decode_backend, b.backend,"
        " b.minimax_m3_msa_decode_backend, h.hisparse_config.device_buffer_size,"
        " h.hisparse_config.eager_host_mirror]))")
    assert got == [None, "triton", None, "cutlass", 64, True]


@pytest.mark.parametrize(("code", "needle"), [
    ("v.AttentionConfig(minimax_m3_indexer_cp=True, indexer_kv_dtype='mxfp4')",
     "minimax_m3_indexer_cp"),
    ("v.MambaConfig(ssu_algorithm='simple')", "FlashInfer"),
    ("v.CompilationConfig(custom_ops=['+rms_norm', '-rms_norm'])", "both enables"),
    ("v.CompilationConfig(custom_ops=['+'])", "invalid custom op"),
    ("v.CompilationConfig(decoder_replay_cudagraph_capture_sizes=[0])", "decoder_replay"),
    ("v.CacheConfig(mamba_cache_mode='all')", "mamba_cache_mode"),
])
def test_rejected_in_0_33_0(code: str, needle: str) -> None:
    got = _run("import json, vllm_config as v\n"
               f"try:\n    {code}\n    print(json.dumps('accepted'))\n"
               "except ValueError as e:\n    print(json.dumps(str(e)))")
    assert got != "accepted" and needle in got


def test_hash_rules_of_0_33_0() -> None:
    got = _run(
        "import json, vllm_config as v\n"
        "C, K = v.CacheConfig, v.KernelConfig\n"
        "print(json.dumps([C(kv_cache_memory_bytes=1 << 30).compute_hash() =="
        " C().compute_hash(), C(use_replayssm=True).compute_hash() == C().compute_hash(),"
        " K(enable_jit_warmup=False).compute_hash() == K().compute_hash(),"
        " K(monokernel=True).compute_hash() == K().compute_hash()]))")
    assert got == [True, False, True, False]
    old = _run("import json, vllm_config as v\nC = v.CacheConfig\n"
               "print(json.dumps(C(kv_cache_memory_bytes=1 << 30).compute_hash() =="
               " C().compute_hash()))", release="0.25.1")
    assert old is False


def test_gelu_and_mul_sparse_is_a_0_33_0_op() -> None:
    new = _run("import json, vllm_config as v, vllm_config.warmup as w\n"
               "c = v.IrOpPriorityConfig(gelu_and_mul_sparse='native')\n"
               "print(json.dumps([c.gelu_and_mul_sparse, c.compute_hash() !="
               " v.IrOpPriorityConfig().compute_hash(),"
               " sorted((i['dtype'], i['hidden_size']) for i in w.PLAN"
               " if i['op'] == 'gelu_and_mul_sparse')]))")
    assert new == [["native"], True, [["bfloat16", 8192], ["bfloat16", 16384],
                                      ["float16", 8192], ["float16", 16384]]]
    old = _run("import json, vllm_config as v, vllm_config.warmup as w\n"
               "print(json.dumps(['gelu_and_mul_sparse' in w.PROVIDER_UUIDS,"
               " hasattr(v.IrOpPriorityConfig(), 'gelu_and_mul_sparse')]))",
               release="0.25.1")
    assert old == [False, False]


@pytest.mark.parametrize(("release", "count"), [("0.33.0", 4), ("0.25.1", 0)])
def test_warmup_list_follows_the_release(release: str, count: int) -> None:
    out = subprocess.run([sys.executable, "-m", "vllm_config.warmup", "--list"],
                         capture_output=True, text=True, check=True,
                         env={**os.environ, "CFGC_RELEASE": release})
    assert out.stdout.count("op=gelu_and_mul_sparse") == count


def test_new_flags_on_the_command_line() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "vllm_config", "--release", "0.33.0", "show",
         "--format", "json", "--use-replayssm", "--prefix-match-unit", "32",
         "--mamba-backend", "flashinfer", "--mamba-ssu-algorithm", "vertical",
         "--sparse-indexer-topk-backend", "Per-Row", "--monokernel"],
        capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    cfg = {k: v["values"] for k, v in json.loads(out.stdout).items()}
    assert cfg["cache_config"]["use_replayssm"] is True
    assert cfg["cache_config"]["prefix_match_unit"] == 32
    assert cfg["mamba_config"]["ssu_algorithm"] == "vertical"
    assert cfg["kernel_config"]["sparse_indexer_topk_backend"] == "per_row"
    assert cfg["kernel_config"]["monokernel"] is True


def test_cuda_platform_defaults_prefer_triton_for_gelu_and_mul_sparse() -> None:
    """KernelConfig.set_platform_defaults (the engine's platform hook) gives 0.33.0's
    new op CUDA's order [triton, native], compiled or not; 0.25.1 has no such op."""
    code = (
        "from types import SimpleNamespace as N\n"
        "from vllm_config import KernelConfig, CompilationConfig\n"
        "import dataclasses\n"
        "k = KernelConfig()\n"
        "v = N(device_config=N(device_type='cuda'), compilation_config=CompilationConfig())\n"
        "k.set_platform_defaults(v)\n"
        "ops = {f.name: getattr(k.ir_op_priority, f.name)\n"
        "       for f in dataclasses.fields(k.ir_op_priority)}\n"
        "import json; print(json.dumps(ops.get('gelu_and_mul_sparse')))\n")
    assert _run(code, "0.33.0") == ["triton", "native"]
    assert _run(code, "0.25.1") is None
