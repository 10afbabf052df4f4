"""`--help` and `--help=all` against the golden files (100 columns). On an intended
change, rewrite them with `.venv/bin/python tests/cli/golden_help.py` and review the diff."""

from __future__ import annotations

import difflib

import pytest

from .golden_help import CASES, GOLDEN, render


@pytest.mark.parametrize("name", sorted(CASES))
def test_help_matches_golden(name: str) -> None:
    path = GOLDEN / name
    assert path.exists(), f"missing {path}; run tests/cli/golden_help.py"
    want = path.read_text()
    got = render(CASES[name])
    if got != want:
        diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True),
                                            f"golden/{name}", "now", n=1))
        pytest.fail(f"help text drifted from golden/{name} (rewrite it with "
                    f"tests/cli/golden_help.py if intended):\n{diff[:6000]}")
