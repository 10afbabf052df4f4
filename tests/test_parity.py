"""Parity with vLLM 0.25.1 (tools/parity.py over tests/fixtures/parity): a ratchet.

The floors below are what the harness measures today; raise them as behaviour moves
closer to vLLM's, never lower them to get green.
"""

from __future__ import annotations

import json

import pytest

from tools import parity

#: Measured floors (tools/parity.py): raise as parity improves.
ACCEPTED_AGREE_FLOOR = 81  # of 81
REJECTED_AGREE_FLOOR = 39
#: Paths that agree with vLLM on every accepted case today (a case-wide floor).
PATHS_AGREEING_EVERYWHERE_FLOOR = 289
#: Single path comparisons (case x path) that agree, over the accepted cases we accept.
PATH_CHECKS_AGREE_FLOOR = 23770


@pytest.fixture(scope="module")
def report() -> dict:
    assert parity.FIXTURES.is_file(), f"parity fixtures missing: {parity.FIXTURES}"
    return parity.run_all()


def test_counts_do_not_regress(report: dict) -> None:
    assert report["accepted_total"] == 81
    assert report["rejected_total"] == 39
    assert report["accepted_agree"] >= ACCEPTED_AGREE_FLOOR
    assert report["rejected_agree"] >= REJECTED_AGREE_FLOOR
    assert report["path_checks_agree"] >= PATH_CHECKS_AGREE_FLOOR


def test_declared_differences_come_from_the_schema() -> None:
    """A path the harness leaves out as a deliberate difference carries the reason of
    the schema's differs_from_vllm entry (the differences page), word for word."""
    from cfgc import pipeline

    reasons = {d.subject: d.reason for d in pipeline.load(parity.ROOT).schema.all_differences()}
    assert parity.DECLARED
    for path, entry in parity.DECLARED.items():
        assert parity.ignored(path) == reasons[entry]


def test_paths_agreeing_everywhere_do_not_regress(report: dict) -> None:
    data = json.loads(parity.FIXTURES.read_text())
    bad = {p for r in report["cases"] for p in r.get("mismatches", {})}
    compared = {p for p in data["baseline"]["config"] if not parity.ignored(p)}
    assert len(compared - bad) >= PATHS_AGREEING_EVERYWHERE_FLOOR


def test_every_rejection_is_one_line(report: dict) -> None:
    for r in report["cases"]:
        if r["expect"] == "reject" and r["ours"] != "accepted":
            assert "\n" not in r["ours"].strip(), r["id"]


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


#: Our own recording (tools/record_parity.py over tools/parity_cases/drop_in.txt):
#: vLLM 0.25.1 on command lines chosen for the drop-in's behaviours.
OWN = parity.PARITY_DIR / "cfgc_0_25_1_cli_cases.json"
OWN_ACCEPTED_AGREE_FLOOR = 28  # of 28
OWN_REJECTED_AGREE_FLOOR = 11  # of 11


def test_own_recorded_cases_do_not_regress() -> None:
    own = parity.run_all(fixtures=OWN)
    assert (own["accepted_total"], own["rejected_total"]) == (28, 11)
    assert own["accepted_agree"] >= OWN_ACCEPTED_AGREE_FLOOR
    assert own["rejected_agree"] >= OWN_REJECTED_AGREE_FLOOR
    assert own["path_checks_agree"] == own["path_checks_total"]
