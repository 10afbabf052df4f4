"""vllm_config.envs: the environment variables the configs read, under vLLM's names,
each read when accessed; the same list as the environment page. Every test runs for
each release schema/project.yaml lists (each release's envs module is loaded from its
file, as tools/envs_check.py does)."""

from __future__ import annotations

import functools
import re
from types import ModuleType

import pytest

from .conftest import REPO
from .listed_releases import DEFAULT, RELEASES, facts


@functools.cache
def envs_of(release: str) -> ModuleType:
    from tools.envs_check import envs_module

    return envs_module(release)


@pytest.mark.parametrize("release", RELEASES)
def test_reads_when_accessed_with_its_type_and_default(release: str, monkeypatch) -> None:
    envs = envs_of(release)
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


@pytest.mark.parametrize("release", RELEASES)
def test_every_variable_of_the_environment_page(release: str) -> None:
    """The release's own page: docs/reference/environment.md for the default release,
    docs/reference/<release>/environment.md for the others."""
    envs = envs_of(release)
    folder = REPO / "docs" / "reference"
    page = (folder if release == DEFAULT else folder / release).joinpath(
        "environment.md").read_text()
    listed = set(re.findall(r"^\| `([A-Z0-9_]+)` \|", page, re.M))
    # ours, not vLLM's: select the platform profile and state the host's CPU flags
    listed -= {"CFGC_PLATFORM", "CFGC_HOST_CPU_FLAGS"}
    assert listed == set(envs.VARIABLES)
    assert set(dir(envs)) >= listed


@pytest.mark.parametrize("release", RELEASES)
def test_types_and_defaults_are_vllms(release: str, monkeypatch) -> None:
    """vLLM's types, not the ones the configs read them as: VLLM_USE_V2_MODEL_RUNNER is
    bool | None (a config reads it as a string), VLLM_ENABLE_V1_MULTIPROCESSING a bool."""
    envs = envs_of(release)
    for name in ("VLLM_USE_V2_MODEL_RUNNER", "VLLM_ENABLE_V1_MULTIPROCESSING",
                 "VLLM_TRACE_FUNCTION", "VLLM_DP_RANK", "VLLM_DP_RANK_LOCAL",
                 "VLLM_COMPILE_CACHE_SAVE_FORMAT"):
        monkeypatch.delenv(name, raising=False)
    assert envs.VLLM_USE_V2_MODEL_RUNNER is None
    assert envs.VLLM_ENABLE_V1_MULTIPROCESSING is True
    assert envs.VLLM_TRACE_FUNCTION == 0 and envs.VLLM_DP_RANK_LOCAL == 0
    monkeypatch.setenv("VLLM_USE_V2_MODEL_RUNNER", "0")
    assert envs.VLLM_USE_V2_MODEL_RUNNER is False
    monkeypatch.setenv("VLLM_DP_RANK", "3")  # the local rank defaults to the rank
    assert envs.VLLM_DP_RANK_LOCAL == 3
    monkeypatch.setenv("VLLM_COMPILE_CACHE_SAVE_FORMAT", "zip")
    with pytest.raises(ValueError, match="is not one of binary, unpacked"):
        _ = envs.VLLM_COMPILE_CACHE_SAVE_FORMAT


@pytest.mark.parametrize("release", RELEASES)
def test_every_variable_matches_the_releases_vllm_envs(release: str) -> None:
    """The comparison of tools/envs_check.py against the recorded facts of vllm.envs:
    every variable agrees, except those the schema declares vLLM reads itself."""
    from cfgc.front.load import load
    from tools.envs_check import compare

    diffs = compare(envs_of(release), facts(release, "envs")["variables"])
    outside = {v.name for v in load(REPO, release).schema.environment if not v.vllm_envs}
    assert {name: problems for name, problems in diffs.items() if name not in outside} == {}
    assert set(diffs) == outside
