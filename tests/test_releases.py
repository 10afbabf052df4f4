"""Several releases in one schema: projection onto one release, the package of each
release and how one is selected (CFGC_RELEASE, --release)."""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cfgc.errors import Collector
from cfgc.front import releases as history
from cfgc.front.yaml_loader import load_yaml

from .cli.helpers import run as run_cli
from .conftest import REPO, link_hooks
from .listed_releases import DEFAULT
from .listed_releases import RELEASES as LISTED
from .test_schema_errors import run_cfgc

RELEASES = history.Releases(("1.0", "2.0", "3.0"), "1.0")


def projected(tmp_path: Path, text: str, release: str) -> object:
    path = tmp_path / "x.yaml"
    path.write_text(text)
    node = load_yaml(path, "x.yaml")
    errors = Collector()
    history.check([("x.yaml", "x", node)], RELEASES, errors)
    errors.raise_if_any()
    out = history.project(node, release, RELEASES)
    return None if out is None else out.plain()


DOC = """
fields:
  kept: {type: int, default: 1}
  new: {type: int, default: 2, added: "2.0"}
  old:
    type: int
    default: 3
    removed: {in: "3.0", renamed_to: newer}
  moved:
    type: int
    default: 4
    cli: {flag: --moved, aliases: [-m]}
    changed:
      "2.0": {default: 8, cli: {aliases: []}}
      "3.0": {doc: third}
rules:
  - {when: a, require: b, message: m}
  - {when: c, require: d, message: n, added: "3.0"}
"""


def test_each_release_sees_its_own_entries(tmp_path: Path) -> None:
    one, two, three = (projected(tmp_path, DOC, r) for r in RELEASES.names)
    assert set(one["fields"]) == {"kept", "old", "moved"}
    assert set(two["fields"]) == {"kept", "new", "old", "moved"}
    assert set(three["fields"]) == {"kept", "new", "moved"}
    assert one["fields"]["moved"] == {"type": "int", "default": 4,
                                      "cli": {"flag": "--moved", "aliases": ["-m"]}}
    # changes pile up release by release; mappings merge key by key, lists are replaced
    assert two["fields"]["moved"] == {"type": "int", "default": 8,
                                      "cli": {"flag": "--moved", "aliases": []}}
    assert three["fields"]["moved"]["doc"] == "third"
    assert three["fields"]["moved"]["default"] == 8
    assert [r["message"] for r in two["rules"]] == ["m"]
    assert [r["message"] for r in three["rules"]] == ["m", "n"]


def test_an_entry_removed_until_a_release_is_back_there(tmp_path: Path) -> None:
    text = """
fields:
  size:
    type: int
    default: 1
    removed: {in: "2.0", renamed_to: unit, until: "3.0"}
    changed: {"3.0": {init: false}}
"""
    one, two, three = (projected(tmp_path, text, r) for r in RELEASES.names)
    assert one == {"fields": {"size": {"type": "int", "default": 1}}}
    assert two == {"fields": {}}
    # the entry of the same name that comes back, with what differs in it
    assert three == {"fields": {"size": {"type": "int", "default": 1, "init": False}}}
    path = tmp_path / "x.yaml"
    (fate,) = history.check([("x.yaml", "x", load_yaml(path, "x.yaml"))], RELEASES,
                            Collector()).fates
    assert (fate.release, fate.kind, fate.target) == ("2.0", "renamed_to", "unit")


def test_fates_are_collected(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text(DOC)
    history_ = history.check([("x.yaml", "x", load_yaml(path, "x.yaml"))], RELEASES,
                             Collector())
    (fate,) = history_.fates
    assert (fate.path, fate.release, fate.kind, fate.target) == (
        ("fields", "old"), "3.0", "renamed_to", "newer")


def test_a_field_named_like_a_marker_is_a_field(tmp_path: Path) -> None:
    text = "fields:\n  added: {type: int, default: 1}\n  changed: {type: str}\n"
    assert projected(tmp_path, text, "1.0") == {
        "fields": {"added": {"type": "int", "default": 1}, "changed": {"type": "str"}}}


def test_removed_before_added_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("a: {added: '2.0', removed: {in: '2.0', dropped: gone}}\n")
    errors = Collector()
    history.check([("x.yaml", "x", load_yaml(path, "x.yaml"))], RELEASES, errors)
    assert [d.message for d in errors.diagnostics] == [
        "removed in a release before (or in) the one it was added in"]


def test_changed_where_the_entry_does_not_exist_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("a: {added: '3.0', default: 1, changed: {'2.0': {default: 2}}}\n"
                    "b: {removed: {in: '2.0', dropped: x}, changed: {'3.0': {default: 2}}}\n")
    errors = Collector()
    history.check([("x.yaml", "x", load_yaml(path, "x.yaml"))], RELEASES, errors)
    assert [d.message for d in errors.diagnostics] == [
        "changed in '2.0', before it was added in '3.0': it does not exist there",
        "changed in '3.0', after it was removed in '2.0': it does not exist there"]


DEMO = """
classes:
  Demo:
    doc: A demo class.
    hash: {default: include}
    fields:
      size:
        type: int
        default: 2048
        changed: {"0.33.0": {default: 8192}}
        doc: A size.
      fresh: {type: bool, default: false, added: "0.33.0", doc: New in 0.33.0.}
      stale:
        type: bool
        default: false
        removed: {in: "0.33.0", dropped: nothing read it}
        doc: Gone in 0.33.0.
"""


def test_generated_package_holds_every_release(project: Path) -> None:
    # a project of the two releases the demo speaks of, whatever the real one lists
    listing = project / "schema" / "project.yaml"
    text = listing.read_text()
    start = text.index("    list: [")
    end = text.index("]", start) + 1
    listing.write_text(text[:start] + '    list: ["0.25.1", "0.33.0"]' + text[end:])
    (project / "schema" / "demo.yaml").write_text(DEMO)
    result = run_cfgc(project, "generate")
    assert result.returncode == 0, result.stderr
    pkg = project / "generated" / "vllm_config"
    # 0.25.1, the default, is whole files; 0.33.0 is 0.25.1's lines it shares and its
    # own version of what differs (`size`), one part each, listed by the index
    assert (pkg / "demo.py").is_file() and not (pkg / "_releases" / "v0_33_0" / "demo.py").exists()
    parts = pkg / "_modules" / "demo"
    assert (parts / "size.v0_33_0.part").read_text().startswith(
        "# vllm_config.demo in 0.33.0 ")
    assert "size: _v.Int = 2048" not in (parts / "size.v0_33_0.part").read_text()
    index = (pkg / "_releases" / "v0_33_0" / "_parts.py").read_text()
    assert "'size.v0_33_0'" in index and not (pkg / "_releases" / "v0_25_1").exists()
    probe = ("import dataclasses, vllm_config as p; from vllm_config import Demo; "
             "print(p.RELEASE, {f.name: f.default for f in dataclasses.fields(Demo)})")
    seen = {}
    for release in ("", "0.25.1", "0.33.0"):
        env = {**os.environ, "CFGC_RELEASE": release,
               "PYTHONPATH": str(project / "generated")}
        out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True,
                             text=True, check=True, cwd=project).stdout.strip()
        seen[release] = out
    assert seen[""] == seen["0.25.1"] == "0.25.1 {'size': 2048, 'stale': False}"
    assert seen["0.33.0"] == "0.33.0 {'size': 8192, 'fresh': False}"
    docs = project / "docs" / "reference"
    assert (docs / "0.33.0" / "Demo.md").is_file()
    assert "fresh" in (docs / "0.33.0" / "Demo.md").read_text()
    assert "fresh" not in (docs / "Demo.md").read_text()
    # each page says which release it describes (its front matter; the selector on the
    # site), and how each field differs in the other
    old_page, new_page = (docs / "Demo.md").read_text(), (docs / "0.33.0" / "Demo.md").read_text()
    assert 'release: "0.25.1"' in old_page and 'release: "0.33.0"' in new_page
    assert "Describes the default release of vLLM" in old_page
    assert "Describes the release of vLLM" in new_page
    size = "**Releases:** default `8192` since 0.33.0 (`2048` in 0.25.1)"
    assert size in old_page and size in new_page
    assert "**Releases:** removed in 0.33.0: dropped: nothing read it" in old_page
    assert "**Releases:** added in 0.33.0" in new_page
    # the upgrading page and `cfgc diff --from-release` state the same facts
    upgrading = (docs / "upgrading" / "0.25.1-to-0.33.0.md").read_text()
    assert "| [`stale`](../Demo.md#stale) | **removed**: dropped: nothing read it |" \
        in upgrading
    assert "| [`size`](../0.33.0/Demo.md#size) | **default** `2048` to `8192` (moves the " \
           "cache key) |" in upgrading
    assert "| [`fresh`](../0.33.0/Demo.md#fresh) | **new**, default `False`" in upgrading
    result = run_cfgc(project, "diff", "--from-release", "0.25.1", "--to-release", "0.33.0")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "0.33.0: added: Demo.fresh",
        "0.33.0: default: Demo.size: 2048 -> 8192",
        "0.33.0: removed: Demo.stale (dropped: nothing read it)",
        "cfgc diff 0.25.1..0.33.0: 3 changes"]
    bad = run_cfgc(project, "diff", "--from-release", "0.33.0", "--to-release", "0.1")
    assert bad.returncode == 2 and "'0.1' is not a release" in bad.stderr


KNOWN = f"known releases: {', '.join(LISTED)}"


def test_unknown_release_in_the_environment_is_one_clear_line() -> None:
    """Python: one ImportError raised by the package itself (no frames of the import
    machinery or of a second module); the package's commands: one line, exit 2."""
    env = {**os.environ, "CFGC_RELEASE": "0.99.0"}
    why = f"CFGC_RELEASE='0.99.0' is not a release of vllm_config ({KNOWN})"
    proc = subprocess.run([sys.executable, "-c", "import vllm_config; vllm_config.VllmConfig"],
                          env=env, capture_output=True, text=True, check=False)
    assert proc.returncode == 1
    assert proc.stderr.splitlines()[-1] == f"ImportError: {why}"
    frames = [line for line in proc.stderr.splitlines() if line.startswith("  File ")]
    assert len(frames) == 2 and "<string>" in frames[0] and "__init__.py" in frames[1]
    script = Path(sys.executable).with_name("vllm-config")
    commands = [
        ("vllm-config", [str(script), "show"]),
        ("python -m vllm_config", [sys.executable, "-m", "vllm_config", "show"]),
        ("python -m vllm_config", [sys.executable, "-m", "vllm_config.warmup", "--list"]),
    ]
    assert script.is_file()
    for prog, argv in commands:
        proc = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
        assert (proc.returncode, proc.stdout, proc.stderr) == (
            2, "", f"{prog}: error: {why}\n"), argv


def test_unknown_release_on_the_command_line_is_one_line() -> None:
    proc = subprocess.run([sys.executable, "-m", "vllm_config.warmup", "--release", "0.9"],
                          capture_output=True, text=True, check=False)
    assert (proc.returncode, proc.stderr) == (
        2, f"python -m vllm_config.warmup: error: --release: invalid choice: '0.9' "
           f"({KNOWN})\n")
    parity = REPO / "tools" / "parity.py"
    for argv, env, what in (
            (["--release", "0.9"], {}, "--release"),
            ([], {"CFGC_RELEASE": "0.9"}, "CFGC_RELEASE")):
        proc = subprocess.run([sys.executable, str(parity), *argv],
                              env={**os.environ, **env}, capture_output=True, text=True,
                              check=False)
        assert (proc.returncode, proc.stderr) == (
            2, f"parity: {what}: '0.9' is not a release of vllm_config ({KNOWN})\n")


def test_release_flag_runs_that_release() -> None:
    rc, out, err = run_cli("--release", "0.33.0", "show", "--format", "json")
    assert rc == 0, err
    data = json.loads(out)
    assert "kernel_config" in data
    rc, out, err = run_cli("show", "--release=0.25.1", "--format", "json")
    assert rc == 0, err
    rc, out, err = run_cli("--release", "0.9", "show")
    assert rc == 2
    assert err.strip() == ("vllm-config: error: --release: invalid choice: '0.9' "
                           f"(choose from {', '.join(LISTED)})")


def test_release_is_not_a_config_file_key(tmp_path: Path) -> None:
    path = tmp_path / "serve.yaml"
    path.write_text("release: 0.33.0\n")
    rc, _, err = run_cli("show", "--config", str(path))
    assert rc == 2
    assert "is an option of the command" in err


@functools.cache
def _resolved_releases() -> dict[str, object]:
    from cfgc import pipeline

    return {r.schema.release: r for r in pipeline.load_releases(REPO)}


@pytest.mark.parametrize("release", LISTED)
def test_every_listed_release_resolves(release: str) -> None:
    by_release = _resolved_releases()
    assert set(by_release) == set(LISTED)
    assert by_release[release].schema.default_release == DEFAULT


def _with_middle_releases(root: Path, middle: tuple[str, ...]) -> tuple[str, ...]:
    """The real schema copied to `root`, listing `middle` releases as well, with changes
    in them: an enum member, an alias's type, a field's default, a class's doc."""
    from ruamel.yaml import YAML

    shutil.copytree(REPO / "schema", root / "schema")
    shutil.copy(REPO / "pyproject.toml", root)
    link_hooks(root)
    (root / "kernels").symlink_to(REPO / "kernels")
    yaml = YAML()
    yaml.width = 4096

    def edit(name: str, change) -> None:
        path = root / "schema" / name
        data = yaml.load(path.read_text())
        change(data)
        with path.open("w") as fh:
            yaml.dump(data, fh)

    def listing(data) -> None:
        listed = list(data["project"]["releases"]["list"])
        data["project"]["releases"]["list"] = sorted(
            {*listed, *middle}, key=lambda r: tuple(int(p) for p in r.split(".")))

    edit("project.yaml", listing)
    first, second, third, fourth = middle

    def attention(data) -> None:
        members = data["enums"]["AttentionBackendEnum"]["members"]
        members["EXTRA_BACKEND"] = {"value": "example.ExtraBackend", "added": first}
        alias = data["aliases"]["IndexerKVDType"]
        alias.setdefault("changed", {})[second] = {
            "type": 'Literal["auto", "bf16", "fp8", "mxfp4", "nvfp4", "fp16"]'}

    def scheduler(data) -> None:
        cls = next(iter(data["classes"].values()))
        name, field = next((n, f) for n, f in cls["fields"].items()
                           if f.get("type") == "bool" and f.get("default") is False
                           and not {"changed", "added", "removed"} & set(f))
        field["changed"] = {third: {"default": True}}
        cls["changed"] = {fourth: {"doc": f"Changed in {fourth}: {name} is on."}}

    edit("attention.yaml", attention)
    edit("scheduler.yaml", scheduler)
    return middle


def test_releases_share_work_without_changing_a_byte(tmp_path: Path) -> None:
    """Compiling the releases together (each reusing what an earlier one worked out for a
    class it does not change) gives the bytes of compiling each one alone."""
    from cfgc import pipeline
    from cfgc.back import parts
    from cfgc.front import history as notes
    from cfgc.front.load import load

    _with_middle_releases(tmp_path, ("0.27.1", "0.28.0", "0.29.0", "0.30.0"))
    together = pipeline.load_releases(tmp_path)
    names = [r.schema.release for r in together]
    assert {"0.27.1", "0.28.0", "0.29.0", "0.30.0"} <= set(names)
    alone = notes.annotate([load(tmp_path, r) for r in names])
    shared, separate = pipeline.build_releases(together), pipeline.build_releases(alone)
    assert shared.keys() == separate.keys()
    assert [p for p in shared if shared[p] != separate[p]] == []
    # the changes are there, each from its release on
    def types(release: str) -> str:  # the release's module, from its shared parts
        return parts.joined(shared, "generated/vllm_config", release, "types") or ""

    assert "EXTRA_BACKEND" in types("0.27.1")
    assert "EXTRA_BACKEND" not in types("0.25.1")
    assert '"fp16"' in types("0.28.0")
    assert '"fp16"' not in types("0.27.1")
    flipped = {(c.release, c.kind, c.old, c.new) for c in together[0].release_changes
               if c.kind == "default" and c.subject.startswith("SchedulerConfig.")}
    assert {(r, k) for r, k, _, _ in flipped} == {("0.29.0", "default")}, flipped
