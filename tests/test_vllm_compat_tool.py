"""tools/vllm_tests_compat.py on test files of our own that use vLLM's import paths."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
TOOL = REPO / "tools" / "vllm_tests_compat.py"
GUIDE = REPO / "docs" / "guide" / "vllm-tests.md"

SAMPLE = '''
import pytest

from vllm.config import CacheConfig
from vllm.config.cache import CacheConfig as Cache2, not_a_name
from vllm.config.utils import hash_factors
from vllm.engine.thing import helper


def test_plain():
    assert CacheConfig().block_size == Cache2().block_size == 16
    assert len(hash_factors({"a": 1})) == 64


def test_outside_config():
    helper()


def test_absent_name():
    not_a_name()


def test_wording():
    with pytest.raises(ValueError, match="exactly vLLM's sentence"):
        CacheConfig(gpu_memory_utilization=2.0)


def test_really_different():
    assert CacheConfig().block_size == 17


def test_patch_platform(monkeypatch):
    monkeypatch.setattr("vllm.config.pooler.current_platform.is_cuda", lambda: True)


def test_patch_platform_held(monkeypatch):
    monkeypatch.setattr("vllm.config.cache.current_platform.is_cuda", lambda: True)
'''


@pytest.fixture(scope="module")
def tool():
    spec = importlib.util.spec_from_file_location("vllm_tests_compat", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_rewrite_touches_only_vllm_config_names(tool) -> None:
    out = tool.rewrite("from vllm.config.cache import A\nimport vllm.configs\n"
                       "x = 'vllm.config.parallel.p'\nfrom vllm.v1 import B\n")
    assert "from vllm_config.cache import A as A" in out
    assert "import vllm.configs" in out and "'vllm_config.parallel.p'" in out
    assert "from vllm.v1 import B" in out


def test_each_listed_test_is_classified(tool, tmp_path: Path, capsys) -> None:
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_sample.py").write_text(SAMPLE)
    listing = tmp_path / "list.txt"
    names = ["test_plain", "test_outside_config", "test_absent_name", "test_wording",
             "test_really_different", "test_patch_platform", "test_patch_platform_held",
             "test_missing"]
    listing.write_text("# comment\n" + "".join(
        f"tests/config/test_sample.py@0123::{n}\n" for n in names))
    rows = {t: (c, first) for _, t, c, first in tool.run(tests, tool.read_list(listing))}
    assert rows["test_plain"][0] == "passed"
    assert rows["test_outside_config"] == ("needs-vLLM-module", "vllm.engine.thing.helper")
    assert rows["test_absent_name"][0] == "failed"
    assert "[absent] vllm_config.cache.not_a_name" in rows["test_absent_name"][1]
    assert rows["test_wording"][0] == "wording-only"
    assert "gpu_memory_utilization" in rows["test_wording"][1]
    assert rows["test_really_different"][0] == "failed"
    assert rows["test_patch_platform"][0] == "needs-vLLM-module"  # pooler reads no platform
    assert rows["test_patch_platform_held"][0] == "passed"  # cache holds current_platform
    assert rows["test_missing"] == ("failed", "not collected")

    assert tool.main([str(tests), "--list", str(listing)]) == 0
    assert "pass count: 2/8" in capsys.readouterr().out


def test_bad_arguments_are_one_line(tool, tmp_path: Path, capsys) -> None:
    assert tool.main([str(tmp_path / "nope")]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert tool.main([]) == 2  # no directory named: say what to give, in one line
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "fetched" in err


def test_files_are_found_under_their_commit(tool, tmp_path: Path) -> None:
    # The layout the fetched copies are kept in: <dir>/<commit>/<path in vLLM's repo>.
    fetched = tmp_path / "fetched" / "0123" / "tests" / "config"
    fetched.mkdir(parents=True)
    (fetched / "test_sample.py").write_text(SAMPLE)
    listing = tmp_path / "list.txt"
    listing.write_text("tests/config/test_sample.py@0123::test_plain\n"
                       "tests/config/test_sample.py@0123::test_really_different\n")
    rows = tool.run(tmp_path / "fetched", tool.read_list(listing))
    assert [c for _, _, c, _ in rows] == ["passed", "failed"]
    assert tool.unexpected(rows) == [
        "test_sample.py::test_really_different: expected passed, got failed"]
    assert tool.main([str(tmp_path / "fetched"), "--list", str(listing), "--check"]) == 1


# -- the expected exceptions, the list of vLLM's tests and the guide stay in step ----------


def test_expected_exceptions_are_listed_tests_with_a_reason(tool) -> None:
    listed = {entry.key for entry in tool.read_list(tool.DEFAULT_LIST)}
    assert len(listed) == 86
    for key, (category, owner, reason) in tool.EXPECTED_EXCEPTIONS.items():
        assert owner in tool.OWNERS, key
        assert key in listed, key
        assert category in tool.CATEGORIES and category != "passed", key
        assert len(reason) > 20, key


def test_guide_states_the_expected_tally_and_every_exception(tool) -> None:
    guide = GUIDE.read_text().split("## 0.33.0")[0]  # the 0.25.1 part
    total = len(tool.read_list(tool.DEFAULT_LIST))
    exceptions = tool.EXPECTED_EXCEPTIONS
    tally = re.search(r"(\d+) of (\d+) pass", guide)
    assert tally and (int(tally.group(1)), int(tally.group(2))) == (
        total - len(exceptions), total)
    for category in ("needs-vLLM-module", "wording-only"):
        count = sum(1 for c, _, _ in exceptions.values() if c == category)
        assert f"{category} ({count})" in guide, category
    bullets = re.findall(r"^- `([^`]+)`", guide, re.M)
    assert sorted(bullets) == sorted(exceptions)


# -- release 0.33.0: its list, its exceptions and the guide's section ----------------------


def test_0_33_0_exceptions_are_listed_tests_with_an_owner_and_a_reason(tool) -> None:
    listed = {entry.key for entry in tool.read_list(tool.LISTS["0.33.0"])}
    assert len(listed) == 379
    # vLLM has two test_config.py: outside tests/config a file is keyed by its path
    assert any(key.startswith("tests/test_config.py::") for key in listed)
    exceptions = tool.EXPECTED_BY_RELEASE["0.33.0"]
    for key, (category, owner, reason) in exceptions.items():
        assert key in listed, key
        assert category in tool.CATEGORIES and category != "passed", key
        assert owner in tool.OWNERS and len(reason) > 20, key


def test_guide_states_the_0_33_0_tally_and_every_exception(tool) -> None:
    section = GUIDE.read_text().split("## 0.33.0", 1)[1]
    total = len(tool.read_list(tool.LISTS["0.33.0"]))
    exceptions = tool.EXPECTED_BY_RELEASE["0.33.0"]
    assert f"{total - len(exceptions)} of {total} pass" in section
    for owner, title in (("ours", "Ours to fix"), ("engine", "Engine internals")):
        count = sum(1 for _, o, _ in exceptions.values() if o == owner)
        assert f"{title} ({count})" in section, owner
    for key in exceptions:
        assert f"`{key.split('[')[0]}`" in section, key


def test_keys_and_the_rewrite_for_a_run_on_vllm_itself(tool) -> None:
    assert tool.Listed("test_a.py", "t", "tests/config/test_a.py", "c").key == "test_a.py::t"
    assert tool.Listed("test_config.py", "t", "tests/test_config.py", "c").key == \
        "tests/test_config.py::t"
    out = tool.rewrite("from vllm.config.cache import A, B\nx = 'vllm.config.x'\n",
                       alias=False)
    assert "vllm_config" not in out  # vLLM's own names stay
    assert "from vllm.config.cache import A as A" in out and "_CompatAbsent" in out


SAMPLE_OURS = """
from unittest import mock

import vllm.envs as envs
from vllm.platforms import current_platform
from vllm.v1.attention.backend import AttentionCGSupport
from vllm.config.cache import CacheConfig


def test_platform_is_vllm_configs(monkeypatch):
    import vllm_config.platforms
    assert current_platform is vllm_config.platforms.current_platform
    with mock.patch("vllm.platforms.current_platform.device_type", "cuda"):
        assert vllm_config.platforms.current_platform.device_type == "cuda"


def test_envs_is_vllm_configs(monkeypatch):
    monkeypatch.setenv("VLLM_USE_V2_MODEL_RUNNER", "0")
    assert envs.VLLM_USE_V2_MODEL_RUNNER is False


def test_engine_enum_is_the_mirror():
    assert AttentionCGSupport.ALWAYS.name == "ALWAYS"


def test_a_variable_no_config_reads():
    envs.VLLM_NOT_A_CONFIG_VARIABLE
"""


def test_platform_envs_and_engine_enum_are_vllm_configs(tool, tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_ours.py").write_text(SAMPLE_OURS)
    listing = tmp_path / "list.txt"
    names = ["test_platform_is_vllm_configs", "test_envs_is_vllm_configs",
             "test_engine_enum_is_the_mirror", "test_a_variable_no_config_reads"]
    listing.write_text("".join(f"tests/config/test_ours.py@0123::{n}\n" for n in names))
    rows = {t: (c, first) for _, t, c, first in tool.run(tests, tool.read_list(listing))}
    assert [rows[n][0] for n in names[:3]] == ["passed"] * 3
    assert rows[names[3]] == ("needs-vLLM-module", "vllm.envs.VLLM_NOT_A_CONFIG_VARIABLE")
