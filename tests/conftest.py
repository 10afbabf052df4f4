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
    return tmp_path
