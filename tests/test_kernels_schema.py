"""The kernels section drives IrOpPriorityConfig's fields, the provider uuids in the cache
key and the warmup plan; adding an op needs no other edit."""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import vllm_config
from cfgc import pipeline
from vllm_config import warmup

from .conftest import REPO, link_hooks
from .strategies import resolved


def test_every_specialisation_is_in_the_warmup_plan() -> None:
    ks = resolved().schema.kernel_set
    plan = {tuple(sorted(item.items())) for item in warmup.PLAN}
    expected = 0
    for op in ks.ops:
        axes = dict(op.specialisations)
        names = sorted(axes)
        for provider in op.providers:
            if not ks.providers[provider].jit:
                continue
            for combo in itertools.product(*(axes[a] for a in names)):
                item = {"op": op.name, "provider": provider, **dict(zip(names, combo, strict=True))}
                assert tuple(sorted(item.items())) in plan, item
                expected += 1
    assert len(warmup.PLAN) == expected > 0
    assert warmup.NUM_TOKENS == ks.warmup_num_tokens


def test_one_priority_field_per_op_typed_by_provider() -> None:
    ks = resolved().schema.kernel_set
    cfg = vllm_config.IrOpPriorityConfig(**{op.name: "triton, native" for op in ks.ops})
    for op in ks.ops:
        assert getattr(cfg, op.name) == ["triton", "native"]
    with pytest.raises(ValueError, match="native"):
        vllm_config.IrOpPriorityConfig(**{ks.ops[0].name: ["cuda_magic"]})


def test_generated_uuids_match_the_runtime_registry() -> None:
    """The kernel package is the newest release's kernel set: its uuids are release
    0.33.0's. An older release keeps its own op list and provider sources (0.25.1: no
    gelu_and_mul_sparse, no activation modules in the uuids), recomputed here with the
    runtime's uuid function over that release's declared sources."""
    import vllm_kernels
    from vllm_kernels.registry import source_uuid

    runtime = vllm_kernels.provider_uuids()
    ks = resolved().schema.kernel_set
    assert set(warmup.PROVIDER_UUIDS) <= set(runtime)
    for op in ks.ops:
        for p in op.providers:
            assert warmup.PROVIDER_UUIDS[op.name][p] == source_uuid(
                op.name, p, ks.providers[p].sources), (op.name, p)
    newest = subprocess.run(
        [sys.executable, "-c",
         "import json, vllm_kernels, vllm_config.warmup as w; "
         "print(json.dumps([vllm_kernels.provider_uuids() == w.PROVIDER_UUIDS, "
         "sorted(w.PROVIDER_UUIDS)]))"],
        capture_output=True, text=True, check=True,
        env={**os.environ, "CFGC_RELEASE": "0.33.0"})
    assert json.loads(newest.stdout.strip().splitlines()[-1]) == [
        True, ["fused_add_rms_norm", "gelu_and_mul_sparse", "rms_norm"]]


def test_impl_uuids_feed_the_hash() -> None:
    cfg = vllm_config.IrOpPriorityConfig(rms_norm=["native"])
    impls = cfg.hash_factors()["_impls"]
    assert f"rms_norm: native={warmup.PROVIDER_UUIDS['rms_norm']['native']};" in impls
    default = vllm_config.IrOpPriorityConfig().hash_factors()["_impls"]
    expected = ", ".join(f"{p}={warmup.PROVIDER_UUIDS['rms_norm'][p]}"
                         for p in warmup.DEFAULT_PRIORITY["rms_norm"])
    assert f"rms_norm: {expected};" in default
    assert cfg.compute_hash() != vllm_config.IrOpPriorityConfig(rms_norm=["triton"]).compute_hash()


def test_warmup_list_entry_point() -> None:
    out = subprocess.run([sys.executable, "-m", "vllm_config.warmup", "--list"],
                         capture_output=True, text=True, check=True)
    assert f"{len(warmup.PLAN)} items" in out.stdout
    probe = subprocess.run([sys.executable, "-c",
                            "import sys, vllm_config.warmup as w; w.main(['--list']);"
                            "print('torch' in sys.modules)"],
                           capture_output=True, text=True, check=True)
    assert probe.stdout.strip().endswith("False")


def test_warmup_list_into_a_closed_pipe_is_quiet() -> None:
    """`--list | head -1`: the reader has gone before the plan is written (made certain
    here by closing the pipe's read end first); no BrokenPipeError traceback."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        proc = subprocess.run([sys.executable, "-m", "vllm_config.warmup", "--list"],
                              stdout=write_end, stderr=subprocess.PIPE, text=True,
                              check=False)
    finally:
        os.close(write_end)
    assert proc.stderr == ""
    assert proc.returncode == 0


def test_adding_an_op_adds_field_docs_and_warmup(tmp_path: Path) -> None:
    shutil.copytree(REPO / "schema", tmp_path / "schema")
    link_hooks(tmp_path)
    shutil.copytree(REPO / "kernels", tmp_path / "kernels",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "pyproject.toml", tmp_path)
    path = tmp_path / "schema" / "kernels.yaml"
    text = path.read_text()
    path.write_text(text + """    silu_and_mul:
      doc: SiLU of the first half of the last dimension times its second half.
      signature: "silu_and_mul(x) -> Tensor"
      activations: [x]
      providers: [native, triton]
      default_priority: [triton, native]
      specialisations:
        dtype: [bfloat16]
        hidden_size: [11008, 14336]
""")
    outputs = pipeline.build(pipeline.load(tmp_path))
    kernel_py = outputs["generated/vllm_config/kernel.py"]
    assert "    silu_and_mul: list[IrOpProvider] = Field(default_factory=list)" in kernel_py
    assert "### silu_and_mul" in outputs["docs/reference/IrOpPriorityConfig.md"]
    warm = outputs["generated/vllm_config/warmup.py"]
    assert warm.count('"op": "silu_and_mul"') == 2


def test_warmup_plan_per_release() -> None:
    """0.33.0's kernel set adds gelu_and_mul_sparse; 0.25.1's does not have it."""
    def listed(*extra: str) -> str:
        return subprocess.run([sys.executable, "-m", "vllm_config.warmup", "--list", *extra],
                              capture_output=True, text=True, check=True).stdout

    assert "op=gelu_and_mul_sparse" in listed("--release", "0.33.0")
    assert "op=gelu_and_mul_sparse" not in listed()
    assert "op=gelu_and_mul_sparse" not in listed("--release=0.25.1")
