"""Parity with vLLM 0.33.0 (tools/parity.py --release 0.33.0 over the recording of
vLLM 0.33.0 itself): a ratchet, as for 0.25.1 (tests/test_parity.py).

Run in a child process: CFGC_RELEASE must be set before vllm_config is first imported,
and this process has the default release loaded. Raise the floors as the 0.33.0 schema
moves closer to vLLM's behaviour; never lower them to get green.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from .conftest import REPO

ACCEPTED_AGREE_FLOOR = 74  # of 76
REJECTED_AGREE_FLOOR = 43  # of 44
PATH_CHECKS_AGREE_FLOOR = 27188


@pytest.fixture(scope="module")
def report() -> dict:
    proc = subprocess.run([sys.executable, str(REPO / "tools" / "parity.py"), "--release",
                           "0.33.0", "--json"], capture_output=True, text=True, cwd=REPO,
                          check=True, timeout=600)
    return json.loads(proc.stdout)


def test_counts_do_not_regress(report: dict) -> None:
    assert report["accepted_total"] == 76
    assert report["rejected_total"] == 44
    assert report["accepted_agree"] >= ACCEPTED_AGREE_FLOOR
    assert report["rejected_agree"] >= REJECTED_AGREE_FLOOR
    assert report["path_checks_agree"] >= PATH_CHECKS_AGREE_FLOOR


def test_every_rejection_is_one_line(report: dict) -> None:
    for r in report["cases"]:
        if r["expect"] == "reject" and r["ours"] != "accepted":
            assert "\n" not in r["ours"].strip(), r["id"]


#: Our own recording of vLLM 0.33.0 (tools/record_parity.py --release 0.33.0).
OWN_ACCEPTED_AGREE_FLOOR = 28  # of 28
OWN_REJECTED_AGREE_FLOOR = 11  # of 11


def test_own_recorded_cases_do_not_regress() -> None:
    proc = subprocess.run([sys.executable, str(REPO / "tools" / "parity.py"), "--release",
                           "0.33.0", "--json", "--fixtures",
                           str(REPO / "tests/fixtures/parity/cfgc_0_33_0_cli_cases.json")],
                          capture_output=True, text=True, cwd=REPO, check=True, timeout=600)
    own = json.loads(proc.stdout)
    assert (own["accepted_total"], own["rejected_total"]) == (28, 11)
    assert own["accepted_agree"] >= OWN_ACCEPTED_AGREE_FLOOR
    assert own["rejected_agree"] >= OWN_REJECTED_AGREE_FLOOR
    assert own["path_checks_agree"] == own["path_checks_total"]
