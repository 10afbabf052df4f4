"""`tools/release.sh add RELEASE --venv DIR` (tools/release_add.py) against a small fake
release made here: its facts are those of the listed release before it with one field
added, one removed and one default changed, put between its two listed neighbours. The
steps that need a real vLLM (the venv, the extraction, the recording) are replaced;
everything else runs as it does for a real release, on the CPU, offline, writing under
a temporary root (`--into`)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import release_add  # noqa: E402 - tools/ is on the path just above

ROOT = release_add.ROOT
FACTS = ROOT / release_add.FACTS
FAKE = "0.32.5"  # never a release: between two listed ones
BEFORE, AFTER = release_add.neighbours(FAKE, release_add.listed())
FAKE_TAG = FAKE.replace(".", "_")


class FakeSteps(release_add.Steps):
    """A fake vLLM release: no venv, facts derived from BEFORE's, a recording of 100
    accepted and 20 rejected lines."""

    def __init__(self, fail_recording: bool = False):
        self.calls: list[str] = []
        self.fail_recording = fail_recording

    def venv(self, release: str, venv: Path) -> None:
        self.calls.append("venv")
        venv.mkdir(parents=True, exist_ok=True)

    def extract(self, release: str, venv: Path, out: Path) -> None:
        self.calls.append("extract")
        shutil.copytree(FACTS / BEFORE, out)
        path = out / "config_classes.json"
        facts = json.loads(path.read_text())
        facts["environment"]["vllm"] = release
        cache = facts["classes"]["CacheConfig"]
        cache["fields"] = [f for f in cache["fields"] if f["name"] != "kv_cache_layout"]
        cache["constructor_fields"] = [f for f in cache["constructor_fields"]
                                       if f != "kv_cache_layout"]
        for f in cache["fields"]:
            if f["name"] == "gpu_memory_utilization":
                f["default"] = {"kind": "value", "repr": "0.9", "value": 0.9}
        cache["fields"].append({"annotation": "bool", "hash": "exclude", "kind": "field",
                                "name": "fake_new_switch", "type": "bool",
                                "default": {"kind": "value", "repr": "False",
                                            "value": False}})
        path.write_text(json.dumps(facts, indent=1, sort_keys=True) + "\n")

    def fixtures(self, release: str, venv: Path, facts: Path, stage: Path
                 ) -> dict[str, Path]:
        self.calls.append("fixtures")
        (facts / "public_shapes.json").write_text("{}\n")
        (stage / "mtp.json").write_text("{}\n")
        return {f"tests/facts/releases/{release}/public_shapes.json":
                facts / "public_shapes.json",
                f"tests/fixtures/mtp/{release}.json": stage / "mtp.json"}

    def record(self, release: str, venv: Path, cases: Path, out: Path) -> None:
        self.calls.append("record")
        assert cases.read_text().count("\n") > 100  # the generated candidates
        if self.fail_recording:
            raise release_add.Failed("tools/record_parity.py failed (exit 1): vLLM died")
        out.write_text(json.dumps({"valid": [{"argv": [str(i)]} for i in range(100)],
                                   "invalid": [{"argv": ["x"]}] * 20}) + "\n")


def _written(into: Path) -> dict[str, bytes]:
    return {p.relative_to(into).as_posix(): p.read_bytes()
            for p in sorted(into.rglob("*")) if p.is_file()}


def test_add_prepares_the_release_and_prints_the_checklist(tmp_path: Path, capsys) -> None:
    steps = FakeSteps()
    argv = [FAKE, "--venv", str(tmp_path / "venv"), "--into", str(tmp_path / "into")]
    assert release_add.main(argv, steps=steps) == 0
    assert steps.calls == ["venv", "extract", "record", "fixtures"]
    out, err = capsys.readouterr()
    files = _written(tmp_path / "into")
    facts = "tests/facts/releases"
    assert {f"{facts}/{FAKE}/config_classes.json", f"{facts}/diff_{BEFORE}_{FAKE}.json",
            f"{facts}/diff_{FAKE}_{AFTER}.json", f"{facts}/history.json",
            f"tools/parity_cases/release_{FAKE}.txt",
            f"tests/fixtures/parity/cfgc_{FAKE_TAG}_cli_cases.json",
            f"{facts}/{FAKE}/public_shapes.json", f"tests/fixtures/mtp/{FAKE}.json"
            } <= set(files)
    assert not any(".release-add-" in name for name in files)  # the stage is gone
    cases = files[f"tools/parity_cases/release_{FAKE}.txt"].decode()
    assert f"--release {FAKE} --seed 32 --count 300" in cases  # seeded as 0.26.0..0.31.0
    history = json.loads(files[f"{facts}/history.json"])
    assert FAKE in json.dumps(history["releases"] if "releases" in history else history)
    # Progress: one numbered line per step.
    assert [line.split("]")[0] for line in err.splitlines() if line.startswith("[")] == [
        f"[{i}/7" for i in range(1, 8)]
    # The checklist.
    assert f'[ ] list "{FAKE}" in schema/project.yaml (project.releases.list), between '\
           f"{BEFORE} and {AFTER}" in out
    assert f"[ ] write {facts}/fates_{BEFORE}_{FAKE}.json" in out  # a field is gone
    assert "[ ] field CacheConfig.fake_new_switch (bool, default False)" in out
    assert "[ ] field CacheConfig.kv_cache_layout" in out
    assert "[ ] CacheConfig.gpu_memory_utilization: 0.92 -> 0.9" in out
    assert "Markers naming the wrong release (tools/history_check.py):" in out
    # The checkout is untouched.
    assert not (FACTS / FAKE).exists()
    assert subprocess.run(["git", "status", "--porcelain", "--", "tests/facts",
                           "tools/parity_cases", "tests/fixtures/parity"], cwd=ROOT,
                          capture_output=True, text=True).stdout == ""


def test_a_failure_halfway_writes_nothing_and_a_rerun_is_safe(tmp_path: Path,
                                                              capsys) -> None:
    into = tmp_path / "into"
    argv = [FAKE, "--venv", str(tmp_path / "venv"), "--into", str(into)]
    assert release_add.main(argv, steps=FakeSteps(fail_recording=True)) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == (f"release add {FAKE}: tools/record_parity.py failed (exit 1): vLLM "
                       "died; nothing written")
    assert _written(into) == {}  # the facts, diffs and history were made, but staged
    assert release_add.main(argv, steps=FakeSteps()) == 0
    first = _written(into)
    assert release_add.main(argv, steps=FakeSteps()) == 0  # again: the same files
    again = _written(into)
    assert set(again) == set(first)
    assert all(again[k] == first[k] for k in first if "cli_cases" not in k)


@pytest.mark.parametrize("argv, message", [
    (["add", "zero", "--venv", "v"], "'zero' is not a release number"),
    (["add", FAKE], "the following arguments are required: --venv"),
    (["bogus"], "usage: tools/release.sh add RELEASE --venv DIR"),
])
def test_usage_errors_are_one_line(argv: list[str], message: str) -> None:
    proc = subprocess.run(["bash", str(ROOT / "tools" / "release.sh"), *argv],
                          capture_output=True, text=True, env={"PYTHON": sys.executable,
                                                                "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 2 and message in proc.stderr.splitlines()[-1], proc.stderr
