"""Record (or check) what the generated configs resolve to for a fixed set of inputs.

A regression net for moving behaviour between hooks and the schema: every parity
command line of vLLM 0.25.1 (../shared/parity) plus command lines that reach each
after-construction step, each with a few environment variables, run through
`vllm-config show --format json`; the output (or the one-line error) is recorded.
`python tools/behaviour_snapshot.py --write` rewrites tests/behaviour/snapshot.json (with
the transformers version it names; add --installed-transformers to take up the installed
one).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Checkpoints (`--model tiny-opt`, the default model) come from the test hub cache, as
# under pytest (tests/conftest.py).
os.environ.setdefault("HF_HUB_CACHE", str(ROOT / "tests" / "fixtures" / "hf_hub"))
os.environ.setdefault("HF_HUB_OFFLINE", "1")
SNAPSHOT = ROOT / "tests" / "behaviour" / "snapshot.json"
CASES = ROOT / "tests" / "behaviour" / "cases.json"


#: The key of snapshot.json that says which dependency versions it was recorded with.
#: The checkpoint's part of every cache key includes the installed transformers version
#: (as vLLM's does: a config read by another transformers may mean something else), so
#: a recorded hash is only reproducible with that version known. Checking reports the
#: recorded version to the key; tests/test_checkpoint.py checks that the real version
#: does feed it. Everything else in a case is pinned whatever is installed.
RECORDED_WITH = "_recorded_with"

_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def cases() -> list[dict]:
    return json.loads(CASES.read_text())


def installed_transformers() -> str:
    from cfgc.checkpoint import files as checkpoint

    return checkpoint._transformers_version()


@contextlib.contextmanager
def reporting_transformers(version: str | None) -> Iterator[None]:
    """The checkpoint cache key sees `version` as the installed transformers (None: the
    real one)."""
    from cfgc.checkpoint import files as checkpoint

    real = checkpoint._transformers_version
    if version is not None:
        checkpoint._transformers_version = lambda: version
    try:
        yield
    finally:
        checkpoint._transformers_version = real


def run_case(case: dict, transformers: str | None = None) -> dict:
    """How `vllm-config show` resolves the case; `transformers` is the version the
    checkpoint's cache key is told (default: the installed one)."""
    from cfgc.runtime import deprecation
    from cfgc.runtime.cli import run
    from vllm_config import _cli_table

    deprecation._warned.clear()
    env = case.get("env", {})
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
                reporting_transformers(transformers):
            status = run(_cli_table, ["show", "--format", "json", *case["argv"]])
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    result: dict = {"status": status}
    if status == 0:
        data = json.loads(_UUID.sub("<uuid>", out.getvalue()))
        data["VllmConfig"]["values"].pop("instance_id", None)
        result["config"] = data
    else:
        # Only the error line: a warning shown once per process depends on test order.
        lines = [line for line in err.getvalue().splitlines() if ": error: " in line]
        result["error"] = re.sub(r"0x[0-9a-f]+", "0x?", "\n".join(lines))
    return result


def recorded() -> tuple[dict, str]:
    """The recorded cases and the transformers version they were recorded with."""
    want = json.loads(SNAPSHOT.read_text())
    return want, want.pop(RECORDED_WITH)["transformers"]


def snapshot(transformers: str | None = None) -> dict:
    return {case["id"]: run_case(case, transformers) for case in cases()}


def main() -> int:
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output quietly
    if "--write" in sys.argv:
        # Keep the version the snapshot names, so that only intended changes show in the
        # diff; --installed-transformers takes up the installed one (every hash moves).
        version = (installed_transformers() if "--installed-transformers" in sys.argv
                   or not SNAPSHOT.exists() else recorded()[1])
        got = snapshot(version)
        got[RECORDED_WITH] = {"transformers": version}
        SNAPSHOT.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n")
        print(f"wrote {len(got) - 1} cases to {SNAPSHOT.relative_to(ROOT)}")
        return 0
    want, version = recorded()
    got = snapshot(version)
    bad = [k for k in want if want[k] != got.get(k)]
    for k in bad:
        print(k, "differs")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
