"""Shared fixtures: the repo root, and a throwaway project root for schema experiments."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


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
    """The hooks folder project.yaml declares, linked into a throwaway project root."""
    (root / "codegen" / "cfgc").mkdir(parents=True, exist_ok=True)
    (root / "codegen" / "cfgc" / "hooks").symlink_to(REPO / "codegen" / "cfgc" / "hooks")
