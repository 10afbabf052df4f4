"""Resolved configs for a fixed set of command lines (and environments) stay as
recorded: moving behaviour between hooks and the schema must not change it.

The cases are vLLM 0.25.1's parity command lines plus ones that reach every
after-construction step; `python tools/behaviour_snapshot.py --write` re-records them
when a change of behaviour is intended (review the diff of snapshot.json).
"""

from __future__ import annotations

import pytest

from tools.behaviour_snapshot import cases, recorded, run_case

# The hashes were recorded with one transformers version (it feeds the checkpoint's part
# of the key); each case is checked with that version reported, so a new transformers
# release leaves every value and hash as recorded.
WANT, TRANSFORMERS = recorded()


@pytest.mark.parametrize("case", cases(), ids=lambda c: c["id"])
def test_case_resolves_as_recorded(case: dict) -> None:
    got = run_case(case, TRANSFORMERS)
    want = WANT[case["id"]]
    if got != want and "config" in got and "config" in want:
        for section in sorted(set(got["config"]) | set(want["config"])):
            assert got["config"].get(section) == want["config"].get(section), section
    assert got == want


def test_every_case_is_recorded() -> None:
    assert sorted(WANT) == sorted(c["id"] for c in cases())
    assert sum(1 for v in WANT.values() if v["status"] == 0) > 100
