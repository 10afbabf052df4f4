"""vllm_config.envs: the environment variables the configs read, under vLLM's names,
each read when accessed; the same list as the environment page."""

from __future__ import annotations

import re

import pytest

from vllm_config import envs

from .conftest import REPO


def test_reads_when_accessed_with_its_type_and_default(monkeypatch) -> None:
    monkeypatch.delenv("VLLM_DP_SIZE", raising=False)
    assert envs.VLLM_DP_SIZE == 1
    assert not envs.is_set("VLLM_DP_SIZE")
    monkeypatch.setenv("VLLM_DP_SIZE", "4")
    assert envs.VLLM_DP_SIZE == 4 and envs.is_set("VLLM_DP_SIZE")
    monkeypatch.setenv("VLLM_MLA_DISABLE", "yes")
    assert envs.VLLM_MLA_DISABLE is True
    monkeypatch.setenv("VLLM_DP_SIZE", "four")
    with pytest.raises(ValueError, match="VLLM_DP_SIZE='four' is not int"):
        _ = envs.VLLM_DP_SIZE
    with pytest.raises(AttributeError):
        _ = envs.VLLM_NOT_A_VARIABLE


def test_every_variable_of_the_environment_page() -> None:
    page = (REPO / "docs" / "reference" / "environment.md").read_text()
    listed = set(re.findall(r"^\| `([A-Z0-9_]+)` \|", page, re.M))
    listed.discard("CFGC_PLATFORM")  # ours, not vLLM's: selects the platform profile
    assert listed == set(envs.VARIABLES)
    assert set(dir(envs)) >= listed
