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
