"""Parity with vLLM, release by release (tools/parity.py over tests/fixtures/parity).

Every release that schema/project.yaml lists and that has recordings is compared with
each of them: vLLM's shared recording (`vllm_<release>_cli_cases.json`, a copy of
../shared/parity) and ours (`cfgc_<release>_cli_cases.json`, tools/record_parity.py).
The bar is the same for every release: at least 95% of the lines vLLM accepted resolve
to the same VllmConfig, and at least 95% of those it rejected are rejected, in one
line. FLOORS are the ratchets measured for the first releases; raise them as parity
improves, never lower them to get green.

Each release runs in a child process: CFGC_RELEASE selects the package before
vllm_config is first imported.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tools import parity

from .conftest import REPO
from .listed_releases import RELEASES

ACCEPTED_SHARE = 0.95
REJECTED_SHARE = 0.95
#: (release, recording) -> (accepted total, rejected total, accepted agreeing,
#: rejected agreeing, path checks agreeing; None: every path check agrees).
FLOORS: dict[tuple[str, str], tuple[int, int, int, int, int | None]] = {
    ("0.25.1", "vllm_0_25_1_cli_cases.json"): (81, 39, 81, 39, 23770),
    ("0.25.1", "cfgc_0_25_1_cli_cases.json"): (28, 11, 28, 11, None),
    ("0.33.0", "vllm_0_33_0_cli_cases.json"): (76, 44, 76, 43, 27190),
    ("0.33.0", "cfgc_0_33_0_cli_cases.json"): (28, 11, 28, 11, None),
}
#: Paths that agree with vLLM on every accepted case of 0.25.1's shared recording.
PATHS_AGREEING_EVERYWHERE_FLOOR = 289


RECORDED = [(release, path.name) for release in RELEASES
            for path in parity.recordings_of(release)]

#: Run in the child: every recording of one release, through tools/parity.py; only the
#: cases a test reads are kept (disagreements and rejections).
CHILD = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from tools import parity
out = {}
for name in sys.argv[2:]:
    report = parity.run_all(fixtures=parity.PARITY_DIR / name)
    report["cases"] = [c for c in report["cases"] if not c["agree"] or c["expect"] == "reject"]
    out[name] = report
print(json.dumps(out, default=str))
"""

_reports: dict[str, dict] = {}


def report_of(release: str, name: str) -> dict:
    """tools/parity.py's report of one recording, from one child process per release."""
    if release not in _reports:
        names = [n for r, n in RECORDED if r == release]
        proc = subprocess.run([sys.executable, "-c", CHILD, str(REPO), *names],
                              env={**os.environ, "CFGC_RELEASE": release}, cwd=REPO,
                              capture_output=True, text=True, timeout=900, check=False)
        assert proc.returncode == 0, proc.stderr[-3000:]
        _reports[release] = json.loads(proc.stdout)
    return _reports[release][name]


def test_every_listed_release_has_recorded_command_lines() -> None:
    for release in RELEASES:
        assert parity.recordings_of(release), f"no recording of {release}"


@pytest.mark.parametrize(("release", "name"), RECORDED)
def test_recorded_lines_resolve_as_vllm_did(release: str, name: str) -> None:
    report = report_of(release, name)
    accepted, rejected = report["accepted_total"], report["rejected_total"]
    assert accepted and rejected
    assert report["accepted_agree"] >= ACCEPTED_SHARE * accepted, (
        f"{release} {name}: {report['accepted_agree']}/{accepted} accepted lines agree; "
        f"commonest mismatches {report['common_mismatches'][:5]}")
    assert report["rejected_agree"] >= REJECTED_SHARE * rejected, (
        f"{release} {name}: {report['rejected_agree']}/{rejected} rejected lines rejected")
    floor = FLOORS.get((release, name))
    if floor is not None:
        assert (accepted, rejected) == floor[:2]
        assert report["accepted_agree"] >= floor[2]
        assert report["rejected_agree"] >= floor[3]
        if floor[4] is None:
            assert report["path_checks_agree"] == report["path_checks_total"]
        else:
            assert report["path_checks_agree"] >= floor[4]


@pytest.mark.parametrize(("release", "name"), RECORDED)
def test_every_rejection_is_one_line(release: str, name: str) -> None:
    for r in report_of(release, name)["cases"]:
        if r["expect"] == "reject" and r["ours"] != "accepted":
            assert "\n" not in r["ours"].strip(), (release, r["id"])


def test_our_recordings_say_which_release_they_hold() -> None:
    for path in sorted(parity.PARITY_DIR.glob("cfgc_*_cli_cases.json")):
        data = json.loads(path.read_text())
        release = path.name.removeprefix("cfgc_").removesuffix("_cli_cases.json")
        assert release.replace("_", ".") in data["about"][0], path.name
        assert data["valid"] or data["invalid"], path.name


def test_paths_agreeing_everywhere_do_not_regress() -> None:
    report = report_of("0.25.1", "vllm_0_25_1_cli_cases.json")
    data = json.loads((parity.PARITY_DIR / "vllm_0_25_1_cli_cases.json").read_text())
    bad = {p for r in report["cases"] for p in r.get("mismatches", {})}
    compared = {p for p in data["baseline"]["config"] if not parity.ignored(p)}
    assert len(compared - bad) >= PATHS_AGREEING_EVERYWHERE_FLOOR


def test_declared_differences_come_from_the_schema() -> None:
    """A path the harness leaves out as a deliberate difference carries the reason of
    the schema's differs_from_vllm entry (the differences page), word for word."""
    from cfgc import pipeline

    reasons = {d.subject: d.reason for d in pipeline.load(parity.ROOT).schema.all_differences()}
    assert parity.DECLARED
    for path, entry in parity.DECLARED.items():
        assert parity.ignored(path) == reasons[entry]


def test_decoding_of_fixture_encodings() -> None:
    assert parity.decode({"enum": "CUDAGraphMode", "name": "NONE", "value": 0}) == \
        ("enum", "NONE")
    assert parity.decode({"set": ["b", "a"]}) == ["a", "b"]
    assert parity.decode({"repr": "torch.bfloat16"}) == "bfloat16"
    assert parity.decode({"repr": "device(type='cpu')"}) == "cpu"


def test_expected_config_merges_the_diff_over_the_baseline() -> None:
    data = {"baseline": {"config": {"a.x": 1, "lora_config": None}}}
    case = {"engine": {"config_diff_vs_no_flags": {
        "a.x": {"base": 1, "value": 2},
        "lora_config.max_loras": {"base": {"absent": True}, "value": 4}}}}
    assert parity.expected_config(data, case) == {"a.x": 2, "lora_config.max_loras": 4}


def test_a_mismatch_is_reported_per_path() -> None:
    data = json.loads(parity.FIXTURES.read_text())
    case = next(c for c in data["valid"] if c["id"] == "v003")
    wrong = json.loads(json.dumps(case))
    wrong["engine"]["config_diff_vs_no_flags"] = {
        "scheduler_config.max_num_seqs": {"base": 128, "value": 99}}
    result = parity.run_case(data, wrong)
    assert result["mismatches"]["scheduler_config.max_num_seqs"]["want"] == 99


def test_every_ignored_path_is_a_fixture_path_with_a_reason() -> None:
    data = json.loads(parity.FIXTURES.read_text())
    paths = set(data["baseline"]["config"])
    for case in data["valid"]:
        paths |= set(case.get("engine", {}).get("config_diff_vs_no_flags", {}))
    for path, reason in parity.IGNORED.items():
        assert reason.strip()
        assert path in paths or any(p.endswith("." + path) for p in paths), path
