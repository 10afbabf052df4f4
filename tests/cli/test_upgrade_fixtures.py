"""Every command line vLLM 0.25.1 accepted in the parity recording, upgraded to 0.33.0:
each comes back unchanged and clean, or flagged with a reason, never an error; what
real vLLM 0.33.0 makes of the results is checked by tools/upgrade_check.py (it needs
vLLM, so it is not part of this suite)."""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from ..conftest import REPO

FIXTURES = REPO / "tests" / "fixtures" / "parity"
#: Lines the schema's history says 0.33.0 refuses or reads differently (removed
#: --calculate-kv-scales, V2-runner-only features, -q fp8, the CPU SSM state dtype,
#: --mamba-cache-mode without effect); raise only with a reason.
FLAGGED = {"v045", "v057", "v066", "v084", "v117", "v165", "v195"}


def upgrade(argv: list[str]) -> tuple[int, dict]:
    proc = subprocess.run([sys.executable, "-m", "vllm_config", "upgrade", "--to", "0.33.0",
                           "--format", "json", "--", "--platform", "cpu", *argv],
                          capture_output=True, text=True, cwd=REPO, check=False, timeout=300)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc.returncode, json.loads(proc.stdout) if proc.returncode in (0, 1) else {}


def test_recorded_lines_upgrade_cleanly_or_are_flagged() -> None:
    data = json.loads((FIXTURES / "vllm_0_25_1_cli_cases.json").read_text())
    cases = {c["id"]: ["--model", str(FIXTURES / "tiny-opt"),
                       *[a.replace("<tiny-opt>", str(FIXTURES / "tiny-opt"))
                         for a in c["argv"]]]
             for c in data["valid"] if c["engine"].get("ok")}
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = dict(zip(cases, pool.map(upgrade, cases.values()), strict=True))
    assert {k: code for k, (code, _) in results.items() if code not in (0, 1)} == {}
    flagged = {k for k, (code, _) in results.items() if code == 1}
    assert flagged == FLAGGED
    for key, (code, out) in results.items():
        problems = [c for c in out["changes"] if c["problem"]]
        assert bool(problems) == (code == 1), key
        assert all(c["why"] for c in problems), key
        if code == 0:  # 0.25.1's lines run as they are, less the switches that stopped
            # doing anything (--disable-cascade-attn from 0.32.0), each dropped by a change
            # that names the release
            dropped = {c["flag"]: c["release"] for c in out["changes"]
                       if c["kind"] == "dropped"}
            assert set(dropped.values()) <= {"0.32.0", "0.33.0"}, key
            assert out["argv"] == ["--platform", "cpu",
                                   *[a for a in cases[key] if a not in dropped]], key
