"""Record our own parity cases by running vLLM itself, the way ../shared/parity was made.

Each line of a cases file is one command line (`vllm serve <tiny-opt> ARGV`, the ARGV
part, shell-quoted; `#` starts a comment). For each, vLLM's own parser and
`create_engine_config()` run (with `vllm serve`'s usage context, which picks the batch
budgets) on its CPU platform in the scratch venv, offline, on the parity checkpoint
(tests/fixtures/parity/tiny-opt), and the outcome is written in the
shared fixtures' format: the parse outcome, then `ok` with the config paths that differ
from no flags, or the exception class (never vLLM's wording). `tools/parity.py
--fixtures FILE` and tests/test_parity.py compare ours against it; the suite never
needs vLLM.

    python tools/record_parity.py tools/parity_cases/drop_in.txt \\
        tests/fixtures/parity/cfgc_0_25_1_cli_cases.json

Paths are those of the shared recording's baseline (and the children of a baseline
path that was None, e.g. a speculative config), so both recordings compare the same
values. `--release 0.33.0` records vLLM 0.33.0 against that release's shared baseline;
VLLM_VENV picks the venv (default: /work/scratch/vllm0251 or vllm0330).
"""

from __future__ import annotations

import argparse
import datetime
import enum
import json
import os
import shlex
import signal
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_config_compat import VENVS, vllm_python  # noqa: E402 - tools/ is on the path

ROOT = Path(__file__).resolve().parent.parent
PARITY_DIR = ROOT / "tests" / "fixtures" / "parity"
CHECKPOINT = PARITY_DIR / "tiny-opt"
#: Values vLLM draws at random or from the OS, recorded as volatile (as the shared file).
VOLATILE = {"instance_id": "random instance_id (vLLM-generated)",
            "kv_transfer_config.engine_id": "random engine id (vLLM-generated)",
            "parallel_config._data_parallel_master_port_list": "ports from the OS",
            # Inductor's options follow the torch version: the scratch venv's torch
            # (2.13) is not the 2.11 vLLM 0.25.1 was built and recorded with.
            "compilation_config.inductor_compile_config": "depends on the torch version"}


def read_cases(path: Path) -> list[list[str]]:
    lines = (line.split("#", 1)[0].strip() for line in path.read_text().splitlines())
    return [shlex.split(line) for line in lines if line]


# --- worker side (inside the vLLM venv) ----------------------------------------------


def _encode(value: object, checkpoint: str) -> object:
    """A vLLM value in the shared fixtures' encoding."""
    if isinstance(value, str):  # str enums as their value, as the shared file has them
        text = value.value if isinstance(value, enum.Enum) else value
        return "<tiny-opt>" if text.rstrip("/") == checkpoint else text
    if isinstance(value, enum.Enum):
        return {"enum": type(value).__name__, "name": value.name,
                "value": _encode(value.value, checkpoint)}
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, dict):
        return {str(k): _encode(v, checkpoint) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return {"set": sorted((_encode(v, checkpoint) for v in value), key=repr)}
    if isinstance(value, list | tuple):
        return [_encode(v, checkpoint) for v in value]
    text = repr(value)
    if " at 0x" in text:  # an object's default repr: its address changes every run
        text = f"<{type(value).__module__}.{type(value).__qualname__} object>"
    return {"repr": text}


def _keep(path: str, baseline: dict) -> bool:
    """A path of the shared baseline, or below one that was None there."""
    if path in baseline:
        return True
    parts = path.split(".")
    return any(baseline.get(".".join(parts[:i]), 0) is None for i in range(1, len(parts)))


def shared_fixtures(release: str) -> Path:
    return PARITY_DIR / f"vllm_{release.replace('.', '_')}_cli_cases.json"


def _worker(release: str, cases_json: str, out: str) -> None:
    import engine_config_compat as ecc

    make_parser = ecc.prepare_vllm()
    baseline_paths = json.loads(shared_fixtures(release).read_text())["baseline"]["config"]
    environ = dict(os.environ)
    checkpoint = str(CHECKPOINT)

    def run(argv: list[str]) -> dict:
        result = ecc.run_engine_case(make_parser, ["--model", checkpoint, *argv], environ,
                                     encode=lambda v: _encode(v, checkpoint),
                                     usage_context="OPENAI_API_SERVER")  # as `vllm serve`
        if result.get("ok"):
            result["config"] = {p: ({"volatile": VOLATILE[p]} if p in VOLATILE else v)
                                for p, v in result["config"].items()
                                if _keep(p, baseline_paths)}
        return result

    base = run([])
    results = [run(argv) for argv in json.loads(cases_json)]
    Path(out).write_text(json.dumps({"baseline": base, "cases": results}))


# --- driver side ---------------------------------------------------------------------


def _case(i: int, argv: list[str], outcome: dict, baseline: dict) -> tuple[str, dict]:
    cmdline = "vllm serve <tiny-opt> " + shlex.join(argv)
    if outcome["stage"] == "parse":
        return "invalid", {"argv": argv, "category": "recorded", "cmdline": cmdline,
                           "id": f"c{i:03d}", "parse": {"ok": False, "exit_code": 2}}
    engine: dict = {"ok": outcome["ok"]}
    if outcome["ok"]:
        config = outcome["config"]
        engine["config_diff_vs_no_flags"] = {
            p: {"base": baseline.get(p, {"absent": True}), "value": v}
            for p, v in config.items() if baseline.get(p, {"absent": True}) != v}
        engine["config_diff_vs_no_flags"].update({
            p: {"base": v, "value": {"absent": True}}
            for p, v in baseline.items() if p not in config})
    else:
        engine.update(stage="create_engine_config",
                      error=outcome["error"].split(":", 1)[0])
    return "valid", {"argv": argv, "cmdline": cmdline, "engine": engine, "id": f"c{i:03d}",
                     "parse": {"ok": True}}


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output quietly
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cases", type=Path, help="command lines, one per line")
    ap.add_argument("out", type=Path, help="the fixtures file to write")
    ap.add_argument("--release", choices=sorted(VENVS), default="0.25.1",
                    help="the vLLM release to record (default 0.25.1)")
    args = ap.parse_args(argv)
    python = vllm_python("record_parity", args.release)
    cases = read_cases(args.cases)
    print(f"recording {len(cases)} command lines with {python} ...", file=sys.stderr)
    tmp = args.out.with_suffix(".tmp")
    env = {k: v for k, v in os.environ.items() if not k.startswith("CFGC_")}
    # As the shared recording: no VLLM_LOGGING_LEVEL (LoggingConfig reads it).
    env.update(VLLM_TARGET_DEVICE="cpu", HF_HUB_OFFLINE="1", TOKENIZERS_PARALLELISM="false")
    proc = subprocess.run([str(python), __file__, "--worker", args.release,
                           json.dumps(cases), str(tmp)], env=env, check=False,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"record_parity: the vLLM run failed:\n{proc.stderr[-3000:]}")
    raw = json.loads(tmp.read_text())
    baseline = raw["baseline"]["config"]
    data: dict = {
        "about": [
            f"Recorded by tools/record_parity.py: vLLM {args.release} itself on "
            "`vllm serve <tiny-opt> ARGV`, CPU platform, offline, on tiny-opt/config.json "
            f"beside this file, in the format of {shared_fixtures(args.release).name} "
            "(messages left out: an engine error keeps only its exception class).",
            f"Cases: {os.path.relpath(args.cases.resolve(), ROOT)}.",
        ],
        "meta": {"generated_at": datetime.datetime.now(datetime.UTC).isoformat(
            timespec="seconds"), "generated_by": "tools/record_parity.py",
            "env": {"HF_HUB_OFFLINE": "1", "VLLM_TARGET_DEVICE": "cpu"}},
        "baseline": {"argv": [], "config": baseline},
        "valid": [], "invalid": [],
    }
    for i, (case_argv, outcome) in enumerate(zip(cases, raw["cases"], strict=True)):
        kind, case = _case(i, case_argv, outcome, baseline)
        data[kind].append(case)
    args.out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    tmp.unlink()  # only now: a failure above leaves vLLM's output for a second look
    accepted = sum(c["engine"]["ok"] for c in data["valid"])
    print(f"wrote {args.out}: {accepted} accepted, {len(cases) - accepted} rejected",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        _worker(sys.argv[2], sys.argv[3], sys.argv[4])
        sys.exit(0)
    sys.exit(main())
