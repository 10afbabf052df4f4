"""Shared fixtures: the repo root, and a throwaway project root for schema experiments.

Every test (and every CLI subprocess a test starts, through the environment) reads
checkpoints from the test hub cache in tests/fixtures/hf_hub, offline, with a fresh
checkpoint-facts cache: ModelConfig's default model (Qwen/Qwen3-0.6B) is found there.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
HF_HUB = REPO / "tests" / "fixtures" / "hf_hub"

# Triton reads TRITON_INTERPRET when it is first imported, and reading a checkpoint
# (transformers -> torch) may import it long before tests/kernels/conftest.py runs: set
# the CPU default here (a GPU run sets TRITON_INTERPRET=0 explicitly).
os.environ.setdefault("TRITON_INTERPRET", "1")
# The Python API detects the platform as vLLM does (VLLM_TARGET_DEVICE, then the GPUs
# present); the suite was written for the cuda profile, so it pins it whatever machine
# runs it (tests of detection itself change this variable).
os.environ["VLLM_TARGET_DEVICE"] = "cuda"
# A few rules read the host's CPU flags (platforms.yaml, host_cpu_flag), as vLLM asks
# torch: pin those of the host the parity recordings were made on, so no result depends
# on the machine running the suite (tests of detection itself change this variable).
os.environ["CFGC_HOST_CPU_FLAGS"] = "avx512_bf16"
os.environ["HF_HUB_CACHE"] = str(HF_HUB)
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["CFGC_CACHE_DIR"] = tempfile.mkdtemp(prefix="cfgc-test-cache-")
atexit.register(shutil.rmtree, os.environ["CFGC_CACHE_DIR"], ignore_errors=True)


@pytest.fixture
def repo() -> Path:
    return REPO


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """An empty project root with pyproject.toml and schema/project.yaml only."""
    (tmp_path / "schema").mkdir()
    shutil.copy(REPO / "pyproject.toml", tmp_path / "pyproject.toml")
    shutil.copy(REPO / "schema" / "project.yaml", tmp_path / "schema" / "project.yaml")
    link_hooks(tmp_path)
    return tmp_path


def link_hooks(root: Path) -> None:
    """The hooks and library folders project.yaml declares, linked into a throwaway
    project root."""
    (root / "codegen" / "cfgc").mkdir(parents=True, exist_ok=True)
    (root / "codegen" / "cfgc" / "hooks").symlink_to(REPO / "codegen" / "cfgc" / "hooks")
    (root / "codegen" / "cfgc" / "checkpoint").symlink_to(
        REPO / "codegen" / "cfgc" / "checkpoint")


@pytest.fixture(autouse=True)
def _keep_the_generated_package():
    """Tests that import a throwaway project's `vllm_config` (a demo schema) leave the
    real one in sys.modules afterwards, even when it had not been imported before them:
    otherwise the next test to import vllm_config gets the demo. Modules of the real
    package that a test imported for the first time stay."""
    import sys

    real = str(REPO / "generated" / "vllm_config")

    def ours() -> dict:
        return {k: v for k, v in sys.modules.items()
                if k == "vllm_config" or k.startswith("vllm_config.")}

    before = ours()
    yield
    for name, module in ours().items():
        if not (getattr(module, "__file__", None) or "").startswith(real):
            del sys.modules[name]  # a demo package's module
    sys.modules.update(before)
