"""What the docs and `vllm-config explain` say about a stream of releases, on a project
of four (tests/stream_project.py): each subject's history as runs of releases, one
upgrading page per pair of consecutive releases with an index, the releases listed for
the site's selector, and `explain`'s history of a flag across all releases."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cfgc import pipeline

from .stream_project import DEFAULT, RELEASES, generate, make_project


@pytest.fixture(scope="module")
def stream(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    root = make_project(tmp_path_factory.mktemp("stream") / "project")
    return root, generate(root)


def test_history_is_told_in_runs_of_releases(stream) -> None:
    root, _ = stream
    models = pipeline.load_releases(root)
    assert [m.schema.release for m in models] == [DEFAULT, *(r for r in RELEASES
                                                             if r != DEFAULT)]
    history = dict(models[0].history)
    assert all(m.history == history for m in models)  # every release has the whole story
    assert history == {
        "--fresh": ("added in 2.0",),
        "--knob": ("removed in 4.0 with Legacy.knob",),
        "--level": ("added in 3.0",),
        "--newer": ("added in 4.0 (was --stale)",),
        "--old-mode": ("removed in 4.0: now --run-mode",),
        "--run-mode": ("added in 4.0 (was --old-mode)",),
        "--stale": ("removed in 4.0: now --newer",),
        "CacheConfig.dtype": ('choices: added `"fp4"` in 3.0; removed `"int8"` in 4.0',),
        "CacheConfig.fresh": ("added in 2.0",),
        "CacheConfig.newer": ("added in 4.0 (was CacheConfig.stale)",),
        "CacheConfig.ops": ('default: added `"vllm::operation_number_9"` in 3.0; removed '
                            '`"vllm::operation_number_3"` in 3.0',),
        "CacheConfig.size": ("default `8192` since 4.0 (`2048` in 1.0 to 2.0, `4096` in "
                             "3.0)",),
        "CacheConfig.stale": ("removed in 4.0: renamed to CacheConfig.newer",),
        "CacheConfig.swap": ("cache key: included since 2.0 (excluded in 1.0)",),
        "DType": ('values: added `"fp4"` in 3.0; removed `"int8"` in 4.0',),
        "Extra": ("added in 3.0",),
        "Extra.level": ("added in 3.0",),
        "Legacy": ("removed in 4.0: dropped: nothing reads it any more",),
        "Legacy.knob": ("removed in 4.0 with its class",),
        "Top.extra": ("added in 3.0",),
        "Top.legacy": ("removed in 4.0: dropped: nothing reads it any more",),
    }


def test_runs_end_where_a_subject_ends() -> None:
    from cfgc.front.history import runs, runs_note

    order = ["a", "b", "c", "d", "e"]
    found = runs([("a", 1), ("b", 1), ("c", 2), ("d", 2), ("e", None)], order)
    assert found == [("a", "b", 1), ("c", "d", 2)]
    assert runs_note("default", found, "e") == "default `2` in c to d (`1` in a to b)"
    # absent in between: two runs, even with the same value
    assert runs([("a", 1), ("b", None), ("c", 1)], order) == [("a", "a", 1), ("c", "c", 1)]
    assert runs_note("default", [("a", "e", 1)], "e") == ""


def test_each_pair_of_releases_has_its_changes(stream) -> None:
    root, _ = stream
    records = pipeline.load_releases(root)[0].release_changes
    got = {(c.release, c.kind, c.subject) for c in records}
    assert {("2.0", "added", "CacheConfig.fresh"), ("2.0", "cache_key", "CacheConfig.swap"),
            ("3.0", "default", "CacheConfig.size"), ("4.0", "default", "CacheConfig.size"),
            ("3.0", "choices", "CacheConfig.dtype"), ("4.0", "choices", "CacheConfig.dtype"),
            ("3.0", "added", "Extra"), ("4.0", "removed", "Legacy"),
            ("4.0", "removed", "--old-mode"), ("4.0", "added", "--run-mode")} <= got
    ops = next(c for c in records if c.subject == "CacheConfig.ops")
    assert ops.note == 'adds `"vllm::operation_number_9"`; drops `"vllm::operation_number_3"`'
    dtype = [c for c in records if c.subject == "CacheConfig.dtype"]
    assert [(c.release, c.old, c.new) for c in dtype] == [("3.0", "", '"fp4"'),
                                                          ("4.0", '"int8"', "")]


def test_class_and_flag_pages_show_the_history(stream) -> None:
    root, _ = stream
    ref = root / "docs" / "reference"
    size = "**Releases:** default `8192` since 4.0 (`2048` in 1.0 to 2.0, `4096` in 3.0)"
    for folder in (ref, *(ref / r for r in RELEASES if r != DEFAULT)):
        page = (folder / "CacheConfig.md").read_text()
        assert size in page, folder
        release = folder.name if folder != ref else DEFAULT
        assert f'release: "{release}"' in page.split("---", 2)[1]  # the front matter
        assert "it lists the other releases" in page
    assert "**Releases:** added in 4.0 (was --old-mode)" in (ref / "4.0" / "cli.md").read_text()
    old_cli = (ref / "cli.md").read_text()
    section = old_cli.split("{ #old-mode }", 1)[1].split("\n### ", 1)[0]
    assert "**Releases:** removed in 4.0: now --run-mode" in section
    knob = old_cli.split("{ #knob }", 1)[1].split("\n### ", 1)[0]
    # the flag went with its field, whose note says why: said once
    assert "**Releases:** removed in 4.0 with its class" in knob, knob
    assert "Releases: values: added `\"fp4\"` in 3.0" in (ref / "types.md").read_text()


def _links(page: Path) -> list[tuple[Path, str]]:
    found = re.findall(r"\]\(([^)#]+\.md)(?:#([\w-]+))?\)", page.read_text())
    return [((page.parent / path).resolve(), anchor) for path, anchor in found]


def test_one_upgrading_page_per_pair_and_an_index(stream) -> None:
    root, outputs = stream
    folder = root / "docs" / "reference" / "upgrading"
    pairs = list(zip(RELEASES, RELEASES[1:], strict=False))
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        ["index.md", *(f"{a}-to-{b}.md" for a, b in pairs)])
    index = (folder / "index.md").read_text()
    rows = [line for line in index.splitlines() if line.startswith("| [")]
    assert [re.match(r"\| \[([^]]+)\]", r).group(1) for r in rows] == [
        f"{a} to {b}" for a, b in pairs]
    assert rows[2].endswith("| 4 | 1 | 1 | 0 | 1 | 3 | 2 |"), rows[2]
    last = (folder / "3.0-to-4.0.md").read_text()
    assert "| [`stale`](../3.0/CacheConfig.md#stale)<br>`--stale` | **removed**: renamed to " \
           "CacheConfig.newer |" in last
    assert "| [`size`](../4.0/CacheConfig.md#size) | **default** `4096` to `8192` (moves the " \
           "cache key) |" in last
    assert "| [`mode`](../4.0/CacheConfig.md#mode)<br>`--run-mode` | **flag renamed**: " \
           "`--old-mode` to `--run-mode` |" in last
    assert "| [`dtype`](../4.0/CacheConfig.md#dtype) | **allowed values** drops `\"int8\"` |" \
        in last
    # a class that goes is one row, its flags listed; its fields have no rows of their own
    assert "| the class ([`Legacy`](../3.0/Legacy.md)) | **removed**: dropped: nothing reads " \
           "it any more; flags `--knob` |" in last
    assert "`knob`" not in last
    middle = (folder / "2.0-to-3.0.md").read_text()
    assert "**default** adds `\"vllm::operation_number_9\"`; drops " \
           "`\"vllm::operation_number_3\"` (moves the cache key)" in middle
    assert "[previous: 1.0 to 2.0](1.0-to-2.0.md)" in middle
    assert "[next: 3.0 to 4.0](3.0-to-4.0.md)" in middle
    # every link of every page reaches a page, and the field's heading on it
    for page in folder.iterdir():
        for target, anchor in _links(page):
            assert target.is_file(), (page.name, target)
            if anchor:
                assert re.search(rf"\n### {anchor}( {{[^}}]*}})?\n", target.read_text()), (
                    page.name, target, anchor)
    assert all(f"{DEFAULT}/" not in path for path in outputs)  # the default has no folder


def test_long_values_go_under_the_table() -> None:
    from cfgc.back.upgrade_docs import CELL_VALUE, upgrade_page
    from cfgc.model.resolved import ReleaseChange

    long = "x" * (CELL_VALUE + 5)
    page = upgrade_page("a", "b", [ReleaseChange("b", "default", "C.f", "C", "'short'",
                                                 f"'{long}'")], "a")
    assert "| **default** `'short'` to value 1 below (not in the cache key) |" in page
    assert f"1. `f` default after: `'{long}'`" in page


def test_versions_json_lists_every_release_newest_first(stream) -> None:
    root, _ = stream
    data = json.loads((root / "docs" / "reference" / "versions.json").read_text())
    assert [e["version"] for e in data] == list(reversed(RELEASES))
    assert {e["version"]: e["aliases"] for e in data}[DEFAULT] == ["default"]
    assert {e["version"]: e["properties"]["reference"] for e in data} == {
        r: "reference/" if r == DEFAULT else f"reference/{r}/" for r in RELEASES}
    assert all(set(e) == {"version", "title", "aliases", "properties"} for e in data)


def _explain(root: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(root / "generated"), "COLUMNS": "100"}
    env.pop("CFGC_RELEASE", None)
    return subprocess.run([sys.executable, "-m", "vllm_config", *argv], cwd=root, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def test_explain_shows_a_flags_history_across_all_releases(stream) -> None:
    root, _ = stream
    proc = _explain(root, "explain", "--old-mode")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-2:] == [
        "  releases:        this is 1.0, one of 4 (1.0 to 4.0)",
        "    - --old-mode: removed in 4.0: now --run-mode"]
    proc = _explain(root, "--release", "4.0", "explain", "--size", "--format", "json")
    assert proc.returncode == 0, proc.stderr
    hist = json.loads(proc.stdout)["releases"]
    assert hist["release"] == "4.0" and hist["releases"] == list(RELEASES)
    assert hist["subjects"][-1] == {
        "subject": "CacheConfig.size", "in": "every release",
        "notes": ["default 8192 since 4.0 (2048 in 1.0 to 2.0, 4096 in 3.0)"]}
    proc = _explain(root, "explain", "--size")  # the default release tells the same story
    assert "    - CacheConfig.size: default 8192 since 4.0 (2048 in 1.0 to 2.0, 4096 in" \
        in proc.stdout
    proc = _explain(root, "explain", "--swap")
    assert "CacheConfig.swap: cache key: included since 2.0 (excluded in 1.0)" in proc.stdout


def test_explain_of_a_flag_of_another_release_is_one_line(stream) -> None:
    root, _ = stream
    proc = _explain(root, "explain", "--run-mode")
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [
        "vllm-config: error: explain: --run-mode is not in vLLM 1.0 (it is in 4.0: added in "
        "4.0 (was --old-mode)); try --release 4.0"]
    proc = _explain(root, "--release", "4.0", "explain", "knob")
    assert proc.stderr.splitlines() == [
        "vllm-config: error: explain: --knob is not in vLLM 4.0 (it is in 1.0 to 3.0: removed "
        "in 4.0 with Legacy.knob); try --release 3.0"]
    proc = _explain(root, "explain", "--no-such-flag")
    assert proc.returncode == 2 and "no flag or config field '--no-such-flag'" in proc.stderr


def test_history_file_is_small_and_only_in_the_default_package(stream) -> None:
    root, outputs = stream
    files = [p for p in outputs if p.endswith("explain_history.json")]
    assert files == ["generated/vllm_config/explain_history.json"]
    data = json.loads(outputs[files[0]])
    assert data["releases"] == list(RELEASES)
    assert data["subjects"]["--knob"] == {"notes": ["removed in 4.0 with Legacy.knob"],
                                          "in": [["1.0", "3.0"]]}
    assert "DType" not in data["subjects"]  # types are not explained


def test_cfgc_diff_between_releases_names_each_change(stream) -> None:
    from .test_schema_errors import run_cfgc

    root, _ = stream
    result = run_cfgc(root, "diff", "--from-release", "2.0", "--to-release", "4.0")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert '3.0: allowed values: CacheConfig.dtype: +"fp4"' in lines
    assert '4.0: allowed values: CacheConfig.dtype: -"int8"' in lines
    assert "4.0: default: CacheConfig.size: 4096 -> 8192" in lines
    assert not any(line.startswith("2.0:") for line in lines)  # from 2.0: what comes after


def test_search_indexes_each_field_once(stream) -> None:
    """Another release's sections of what the default release also has stay out of the
    site's search; what only other releases have is searched there."""
    root, _ = stream
    ref = root / "docs" / "reference"
    newest = (ref / "4.0" / "CacheConfig.md").read_text()
    assert "\n### size { data-search-exclude }\n" in newest
    assert "\n### newer\n" in newest  # only 4.0 has it
    cli = (ref / "4.0" / "cli.md").read_text()
    assert "### `--run-mode` { #run-mode }" in cli
    assert "### `--size` { #size data-search-exclude }" in cli
    assert "data-search-exclude" not in (ref / "CacheConfig.md").read_text()
    assert "\n### level\n" in (ref / "3.0" / "Extra.md").read_text()
