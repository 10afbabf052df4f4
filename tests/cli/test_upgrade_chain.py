"""`vllm-config upgrade` through a chain of four releases of a small package: every
change is named with the release in which it happened, renames compose step by step,
a value that changed twice shows each step, lists show what was added and removed,
and the package is swapped in one process (release_loader)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .test_upgrade import generated_project

RELEASES = ("1.0", "2.0", "3.0", "4.0")

SCHEMA = """
classes:
  ChainConfig:
    doc: A config that changes in every release.
    hash: {default: include}
    cli: {group: ChainConfig}
    fields:
      size: {type: int, default: 1, doc: A size.}
      budget:
        type: int
        default: 2048
        changed: {"3.0": {default: 8192}}
        doc: A budget that grew in 3.0.
      ops:
        type: list[str]
        default: [a, b]
        changed: {"2.0": {default: [a, b, c]}, "4.0": {default: [a, c, d]}}
        doc: A list that gained and lost items.
      first_name:
        type: bool
        default: false
        removed: {in: "2.0", renamed_to: ChainConfig.second_name}
        doc: Renamed twice.
      second_name:
        type: bool
        default: false
        added: "2.0"
        removed: {in: "4.0", renamed_to: ChainConfig.third_name}
        doc: The middle name.
      third_name: {type: bool, default: false, added: "4.0", doc: The last name.}
      legacy:
        type: int
        default: 0
        removed: {in: "3.0", dropped: nothing reads it any more}
        doc: Gone in 3.0.
      mode:
        type: Literal["a", "b", "c"]
        default: a
        changed:
          "3.0": {type: 'Literal["a", "b"]'}
          "4.0": {meaning_changed: {b: b is slower now}}
        doc: One choice fewer from 3.0, and b reads differently from 4.0.
  OtherConfig:
    doc: A config the lines below never set.
    hash: {default: include}
    cli: {group: OtherConfig}
    fields:
      level:
        type: int
        default: 1
        changed: {"2.0": {default: 2}}
        doc: A default that changed in 2.0.
  StableConfig:
    doc: The same in every release (its module is loaded once).
    module: stable
    hash: {default: include}
    cli: {group: StableConfig}
    fields:
      steady: {type: int, default: 7, doc: Never changes.}
"""


@pytest.fixture(scope="module")
def chained(tmp_path_factory) -> Path:
    return generated_project(tmp_path_factory.mktemp("chain"), "chaincli", RELEASES, SCHEMA)


def upgrade(root: Path, *argv: str, env: dict[str, str] | None = None,
            ) -> subprocess.CompletedProcess[str]:
    """`chaincli upgrade ARGV`; ARGV starting with `--release` or `upgrade` is the whole
    command line (the release selected before the command)."""
    full = {**os.environ, "PYTHONPATH": str(root / "generated")}
    full.pop("CFGC_RELEASE", None)
    full.update(env or {})
    command = list(argv) if argv[:1] in (("--release",), ("upgrade",)) else ["upgrade", *argv]
    return subprocess.run([sys.executable, "-m", "chaincli", *command], env=full,
                          capture_output=True, text=True, cwd=root, check=False)


def as_json(root: Path, *argv: str, source: str = "1.0") -> tuple[int, dict]:
    proc = upgrade(root, "--from", source, "--to", "4.0", "--format", "json", "--", *argv)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc.returncode, json.loads(proc.stdout)


def by_flag(data: dict) -> dict[str, list[tuple[str, str]]]:
    out: dict[str, list[tuple[str, str]]] = {}
    for c in data["changes"]:
        out.setdefault(c["flag"], []).append((c["release"], c["kind"]))
    return out


def test_each_change_names_its_release(chained: Path) -> None:
    code, data = as_json(chained, "--first-name", "--size", "2", "--legacy", "0")
    assert code == 0, data
    assert data["through"] == list(RELEASES)
    assert data["argv"] == ["--third-name", "--size", "2"]
    changes = by_flag(data)
    # renamed twice, one step each; dropped at its default when its field went
    assert changes["--first-name"] == [("2.0", "renamed")]
    assert changes["--second-name"] == [("4.0", "renamed")]
    assert changes["--legacy"] == [("3.0", "dropped")]
    # the budget changed in 3.0, not in the release upgraded to
    budget = next(c for c in data["changes"] if c.get("path") == "ChainConfig.budget")
    assert (budget["release"], budget["old"], budget["new"]) == ("3.0", 2048, 8192)
    assert "steps" not in budget
    # a value that changed twice lists each step
    ops = next(c for c in data["changes"] if c.get("path") == "ChainConfig.ops")
    assert (ops["old"], ops["new"]) == (["a", "b"], ["a", "c", "d"])
    assert ops["steps"] == [{"release": "2.0", "old": ["a", "b"], "new": ["a", "b", "c"]},
                            {"release": "4.0", "old": ["a", "b", "c"],
                             "new": ["a", "c", "d"]}]
    level = next(c for c in data["changes"] if c.get("path") == "OtherConfig.level")
    assert level["release"] == "2.0"


def test_a_later_start_skips_the_earlier_steps(chained: Path) -> None:
    code, data = as_json(chained, "--second-name", source="2.0")
    assert code == 0
    assert data["through"] == ["2.0", "3.0", "4.0"]
    assert data["argv"] == ["--third-name"]
    assert by_flag(data)["--second-name"] == [("4.0", "renamed")]
    assert "OtherConfig.level" not in {c.get("path") for c in data["changes"]}


def test_without_from_the_selected_release_is_the_start(chained: Path) -> None:
    """`--release R` or CFGC_RELEASE=R picks the release the line is written for; the
    chain starts there, not at the default release."""
    line = ("--to", "4.0", "--format", "json", "--", "--second-name")
    for proc in (upgrade(chained, "--release", "2.0", "upgrade", *line),
                 upgrade(chained, "upgrade", *line, env={"CFGC_RELEASE": "2.0"})):
        assert proc.returncode == 0, proc.stderr
        data = json.loads(proc.stdout)
        assert data["through"] == ["2.0", "3.0", "4.0"]
        assert data["argv"] == ["--third-name"]
    # without a selection it is still the default release, where --second-name is unknown
    proc = upgrade(chained, "upgrade", *line)
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    # --from still wins over the selection
    proc = upgrade(chained, "--release", "2.0", "upgrade", "--from", "1.0", "--to", "4.0",
                   "--format", "json", "--", "--first-name")
    assert json.loads(proc.stdout)["through"] == list(RELEASES)
    # a target before the selected release names where the chain would start
    proc = upgrade(chained, "--release", "3.0", "upgrade", "--to", "2.0", "--", "--size", "1")
    assert proc.returncode == 2
    assert "--to 2.0 is older than the selected release 3.0" in proc.stderr


def test_text_report_is_readable(chained: Path) -> None:
    proc = upgrade(chained, "--to", "4.0", "--", "--first-name", "--size", "2")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "--third-name --size 2\n"
    notes = proc.stderr.splitlines()
    assert "note: 2.0: renamed: --first-name -> --second-name " \
           "(ChainConfig.first_name is ChainConfig.second_name in vLLM 2.0)" in notes
    assert "note: 4.0: renamed: --second-name -> --third-name " \
           "(ChainConfig.second_name is ChainConfig.third_name in vLLM 4.0)" in notes
    # a list as the items added and removed, step by step, never both whole lists
    assert "note: 2.0, 4.0: default of ChainConfig.ops (--ops): +c in 2.0; +d -b in 4.0" \
        in notes
    assert "note: 3.0: default of ChainConfig.budget (--budget): 2048 -> 8192" in notes
    # a section the line sets nothing in: one line for all its values
    assert "note: 1 default change where the line sets nothing: OtherConfig.level (2.0) " \
           "(--format json has their values)" in notes
    assert not any("['a', 'b']" in line or '["a", "b"]' in line for line in notes)


def test_problems_name_the_release(chained: Path) -> None:
    proc = upgrade(chained, "--to", "4.0", "--", "--legacy", "5")
    assert proc.returncode == 1
    assert "upgrade: error: 3.0: --legacy: removed in 3.0: nothing reads it any more" \
        in proc.stderr
    # rejected from 3.0 on: the first release that rejects the line is named
    code, data = as_json(chained, "--mode", "c")
    assert code == 1
    (rejected,) = [c for c in data["changes"] if c["problem"]]
    assert (rejected["kind"], rejected["release"]) == ("rejected", "3.0")
    assert rejected["why"].startswith("vLLM 4.0 rejects the upgraded input: --mode")
    code, data = as_json(chained, "--mode", "b")
    assert code == 1
    (meaning,) = [c for c in data["changes"] if c["problem"]]
    assert (meaning["kind"], meaning["release"], meaning["why"]) == (
        "meaning_changed", "4.0", "in vLLM 4.0: b is slower now")


def test_config_file_names_keys_and_lines(chained: Path, tmp_path: Path) -> None:
    source = tmp_path / "serve.yaml"
    source.write_text("# production\nsize: 3\nfirst_name: true  # keep\nlegacy: 5\n")
    out = tmp_path / "new.yaml"
    proc = upgrade(chained, "--to", "4.0", str(source), "-o", str(out))
    assert proc.returncode == 1  # legacy 5 cannot be carried
    assert out.read_text() == "# production\nsize: 3\nthird-name: true  # keep\n"
    assert "note: 2.0: renamed: serve.yaml:3: key 'first_name': first_name -> " \
           "second-name (ChainConfig.first_name is ChainConfig.second_name in vLLM 2.0)" \
        in proc.stderr
    assert "note: 4.0: renamed: serve.yaml:3: key 'first_name': second-name -> " \
           "third-name (" in proc.stderr
    assert "error: 3.0: serve.yaml:4: key 'legacy': removed in 3.0" in proc.stderr
    assert "--legacy" not in proc.stderr and "--first-name" not in proc.stderr


def test_backwards_is_one_line(chained: Path) -> None:
    proc = upgrade(chained, "--from", "3.0", "--to", "1.0", "--", "--size", "1")
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [
        "chaincli: error: upgrade: --to 1.0 is older than --from 3.0: upgrade goes to a "
        "later release (releases, oldest first: 1.0, 2.0, 3.0, 4.0)"]


def test_loader_reuses_unchanged_modules_and_restores(chained: Path) -> None:
    """Releases loaded one after the other in one process: a module with the same code
    (and the same imports) is the same object, a changed one is new, and close() puts
    the caller's package back."""
    probe = f"""
import sys
from pathlib import Path
from cfgc.runtime.cli.release_loader import ReleaseLoader
from cfgc.runtime.cli.build import build_configs
import chaincli._cli_table as mine
root = Path(mine.__file__).parent
folders = {{r: root if r == "1.0" else root / "_releases" / ("v" + r.replace(".", "_"))
           for r in {RELEASES!r}}}
loader = ReleaseLoader("chaincli", folders)
seen = {{}}
for release in ("2.0", "3.0", "2.0"):
    table = loader.load(release)
    _, built = build_configs(table, [], lambda *a, **k: None)
    seen.setdefault(release, []).append(
        (sys.modules["chaincli.stable"], sys.modules["chaincli.chain"],
         built.roots["ChainConfig"].budget))
loader.close()
(s2, c2, b2), (s2b, c2b, _) = seen["2.0"]
(s3, c3, b3), = seen["3.0"]
print(s2 is s3, c2 is not c3, s2b is s2, c2b is c2, b2, b3,
      sys.modules["chaincli._cli_table"] is mine, sys.modules["chaincli"].RELEASE)
"""
    env = {**os.environ, "PYTHONPATH": str(chained / "generated")}
    env.pop("CFGC_RELEASE", None)
    proc = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True,
                          text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["True", "True", "True", "True", "2048", "8192", "True",
                                   "1.0"]
