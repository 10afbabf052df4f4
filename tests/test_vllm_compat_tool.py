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
    guide = GUIDE.read_text()
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
