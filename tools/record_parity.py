"""Record our own parity cases by running vLLM itself, the way ../shared/parity was made.

Each line of a cases file is one command line (`vllm serve <tiny-opt> ARGV`, the ARGV
part, shell-quoted; `#` starts a comment, and a comment after a command line is its
category, e.g. `bad_choice`). For each, vLLM's own parser and
`create_engine_config()` run (with `vllm serve`'s usage context, which picks the batch
budgets) on its CPU platform in the release's scratch venv, offline, on the parity
checkpoint
(tests/fixtures/parity/tiny-opt), and the outcome is written in the
shared fixtures' format: the parse outcome, then `ok` with the config paths that differ
from no flags, or the exception class (never vLLM's wording). `tools/parity.py
--fixtures FILE` and tests/test_parity.py compare ours against it; the suite never
needs vLLM.

    python tools/record_parity.py tools/parity_cases/drop_in.txt \\
        tests/fixtures/parity/cfgc_0_25_1_cli_cases.json
    python tools/record_parity.py --release 0.28.0 --accepted 100 --rejected 20 \\
        tools/parity_cases/release_0.28.0.txt tests/fixtures/parity/cfgc_0_28_0_cli_cases.json

`--release R` runs vLLM R, found by tools/vllm_venv.py: `--venv DIR`, else $VLLM_VENV,
else $VLLM_VENVS/R (tools/release_venv.sh makes one). Paths are those of the release's
shared recording's baseline (and the children of a baseline path that was None, e.g. a
speculative config), so both recordings compare the same values; a release with no
shared recording (vllm_<R>_cli_cases.json) is recorded against its own no-flag baseline,
with every path of its flattened VllmConfig except UNRECORDED, those the shared
recordings leave out. `--accepted N --rejected M` keeps the
first N lines vLLM accepts and M it rejects, in the file's order: half of them lines
with a category (deliberately bad), half lines meant to be good (a generated file holds
more candidates than that: tools/parity_cases/generate_cases.py); a line that fails
only because the venv lacks an optional package (an ImportError) is left out.
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
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import vllm_venv  # noqa: E402 - tools/ is on the path

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


#: Paths the shared recordings leave out (runtime state filled while a model loads, and
#: transformers' own config object); a release without a shared recording leaves them
#: out too, so that every recording compares the same kind of values.
UNRECORDED = ("compilation_config.disabled_custom_ops",
              "compilation_config.enabled_custom_ops",
              "compilation_config.static_forward_context", "compilation_config.traced_files",
              "model_config.hf_config", "model_config.hf_text_config")


#: Exceptions that say the environment lacks something, not that the line is wrong.
ENVIRONMENT_ERRORS = ("ImportError", "ModuleNotFoundError")


def read_cases(path: Path) -> list[tuple[list[str], str | None]]:
    """Each command line's argv and its category (the comment after it, if any)."""
    cases = []
    for line in path.read_text().splitlines():
        text, _, comment = line.partition(" #")
        if line.lstrip().startswith("#") or not text.strip():
            continue
        cases.append((shlex.split(text), comment.strip() or None))
    return cases


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


def _keep(path: str, baseline: dict | None) -> bool:
    """A path of the shared baseline, or below one that was None there; with no shared
    baseline, any path but UNRECORDED ones."""
    if baseline is None:
        return not any(path == p or path.startswith(p + ".") for p in UNRECORDED)
    if path in baseline:
        return True
    parts = path.split(".")
    return any(baseline.get(".".join(parts[:i]), 0) is None for i in range(1, len(parts)))


def host_cpu_flags() -> list[str]:
    """The flags of this host's CPU that the schema reads (platforms.yaml's host_cpu_flag
    attributes): vLLM's CPU platform asks torch about them, so tools/parity.py replays a
    recording with the same ones."""
    from cfgc.runtime.host import detected_cpu_flags
    from vllm_config.platforms import HOST_CPU_FLAGS

    return sorted(set(HOST_CPU_FLAGS.values()) & detected_cpu_flags())


def shared_fixtures(release: str) -> Path:
    return PARITY_DIR / f"vllm_{release.replace('.', '_')}_cli_cases.json"


def _worker(release: str, job_file: str, out: str) -> None:
    import engine_config_compat as ecc

    job = json.loads(Path(job_file).read_text())
    make_parser = ecc.prepare_vllm()
    shared = shared_fixtures(release)
    baseline_paths = (json.loads(shared.read_text())["baseline"]["config"]
                      if shared.is_file() else None)
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
    results = []
    for argv in job["cases"]:
        results.append(run(argv))
        # Enough of every kind: the rest of the candidates would be dropped anyway.
        if (job["accepted"] is not None and job["rejected"] is not None
                and sum(map(_accepted, results)) >= job["accepted"]
                and _enough(job["categories"], results, job["rejected"])):
            break
    Path(out).write_text(json.dumps({"baseline": base, "cases": results}))


# --- driver side ---------------------------------------------------------------------


def _case(i: int, argv: list[str], category: str | None, outcome: dict,
          baseline: dict) -> tuple[str, dict]:
    cmdline = "vllm serve <tiny-opt> " + shlex.join(argv)
    if outcome["stage"] == "parse":
        return "invalid", {"argv": argv, "category": category or "recorded",
                           "cmdline": cmdline, "id": f"c{i:03d}",
                           "parse": {"ok": False, "exit_code": 2}}
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
    case = {"argv": argv, "cmdline": cmdline, "engine": engine, "id": f"c{i:03d}",
            "parse": {"ok": True}}
    if category:
        case["category"] = category
    return "valid", case


def _accepted(outcome: dict) -> bool:
    return outcome["stage"] == "engine" and outcome["ok"]


def _environment(outcome: dict) -> bool:
    """An outcome that says nothing of the line: vLLM lacked an optional package here
    (suffix decoding's arctic_inference, ...). Such a line is left out of a recording
    chosen by --accepted/--rejected."""
    return not outcome["ok"] and outcome.get("error", "").startswith(ENVIRONMENT_ERRORS)


def _split(rejected: int) -> dict[bool, int]:
    """How many rejected lines of each kind are kept: half deliberately bad (a line with
    a category), half the others (lines meant to be good that vLLM refuses)."""
    return {True: (rejected + 1) // 2, False: rejected // 2}


def _enough(categories: list, outcomes: list[dict], rejected: int) -> bool:
    """Both halves of the rejected lines are found."""
    found = {True: 0, False: 0}
    for category, outcome in zip(categories, outcomes, strict=False):
        if not _accepted(outcome) and not _environment(outcome):
            found[category is not None] += 1
    return all(found[k] >= n for k, n in _split(rejected).items())


def select(cases: list, outcomes: list[dict], accepted: int | None,
           rejected: int | None) -> list[tuple[int, tuple, dict]]:
    """The cases kept, with their index in the file: all, or the first `accepted` that
    vLLM accepted and `rejected` it rejected, half deliberately bad and half not where
    both are found (one kind fills in for the other when it runs short)."""
    rows = list(enumerate(zip(cases, outcomes, strict=False)))
    if accepted is not None or rejected is not None:
        rows = [row for row in rows if not _environment(row[1][1])]
    good = [i for i, (_, o) in rows if _accepted(o)]
    keep = set(good if accepted is None else good[:accepted])
    bad = {kind: [i for i, ((_, category), o) in rows
                  if not _accepted(o) and (category is not None) == kind]
           for kind in (True, False)}
    if rejected is None:
        keep |= set(bad[True]) | set(bad[False])
    else:
        share = _split(rejected)
        taken = {kind: bad[kind][:share[kind]] for kind in (True, False)}
        spare = rejected - len(taken[True]) - len(taken[False])
        for kind in (True, False):  # one kind fills in for the other
            extra = bad[kind][len(taken[kind]):len(taken[kind]) + spare]
            taken[kind] += extra
            spare -= len(extra)
        keep |= set(taken[True]) | set(taken[False])
    return [(i, case, outcome) for i, (case, outcome) in rows if i in keep]


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output quietly
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cases", type=Path, help="command lines, one per line")
    ap.add_argument("out", type=Path, help="the fixtures file to write")
    ap.add_argument("--release", default="0.25.1",
                    help="the vLLM release to record (default 0.25.1)")
    ap.add_argument("--accepted", type=int, metavar="N",
                    help="keep the first N lines vLLM accepts (default: all)")
    ap.add_argument("--rejected", type=int, metavar="N",
                    help="keep the first N lines vLLM rejects (default: all)")
    vllm_venv.add_venv_argument(ap)
    args = ap.parse_args(argv)
    if not args.cases.is_file():
        sys.exit(f"record_parity: no cases file at {args.cases}")
    python = vllm_venv.vllm_python("record_parity", args.release, args.venv)
    cases = read_cases(args.cases)
    print(f"recording up to {len(cases)} command lines with {python} ...", file=sys.stderr)
    started = time.monotonic()
    tmp = args.out.with_suffix(".tmp")
    job = args.out.with_suffix(".job")
    job.write_text(json.dumps({"cases": [argv for argv, _ in cases],
                               "categories": [category for _, category in cases],
                               "accepted": args.accepted, "rejected": args.rejected}))
    env = {k: v for k, v in os.environ.items() if not k.startswith("CFGC_")}
    # As the shared recording: no VLLM_LOGGING_LEVEL (LoggingConfig reads it).
    env.update(VLLM_TARGET_DEVICE="cpu", HF_HUB_OFFLINE="1", TOKENIZERS_PARALLELISM="false")
    proc = subprocess.run([str(python), __file__, "--worker", args.release,
                           str(job), str(tmp)], env=env, check=False,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"record_parity: the vLLM run failed:\n{proc.stderr[-3000:]}")
    raw = json.loads(tmp.read_text())
    baseline = raw["baseline"]["config"]
    shared = shared_fixtures(args.release)
    against = (f"in the format of {shared.name}" if shared.is_file() else
               "in the format of ../shared/parity's recordings, against this release's "
               "own no-flag baseline (no shared recording of it)")
    data: dict = {
        "about": [
            f"Recorded by tools/record_parity.py: vLLM {args.release} itself on "
            "`vllm serve <tiny-opt> ARGV`, CPU platform, offline, on tiny-opt/config.json "
            f"beside this file, {against} (messages left out: an engine error keeps only "
            "its exception class).",
            f"Cases: {os.path.relpath(args.cases.resolve(), ROOT)}"
            + (f" (the first {args.accepted} accepted and {args.rejected} rejected)."
               if args.accepted is not None or args.rejected is not None else "."),
        ],
        "meta": {"generated_at": datetime.datetime.now(datetime.UTC).isoformat(
            timespec="seconds"), "generated_by": "tools/record_parity.py",
            "vllm_version": args.release,
            "env": {"HF_HUB_OFFLINE": "1", "VLLM_TARGET_DEVICE": "cpu"},
            "host_cpu_flags": host_cpu_flags()},
        "baseline": {"argv": [], "config": baseline},
        "valid": [], "invalid": [],
    }
    for i, (case_argv, category), outcome in select(cases, raw["cases"], args.accepted,
                                                     args.rejected):
        kind, case = _case(i, case_argv, category, outcome, baseline)
        data[kind].append(case)
    args.out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    tmp.unlink()  # only now: a failure above leaves vLLM's output for a second look
    job.unlink()
    accepted = sum(c["engine"]["ok"] for c in data["valid"])
    rejected = len(data["valid"]) + len(data["invalid"]) - accepted
    print(f"wrote {args.out}: {accepted} accepted, {rejected} rejected "
          f"({len(raw['cases'])} lines run, {time.monotonic() - started:.0f} s)",
          file=sys.stderr)
    short = [f"{want - got} {kind}" for kind, want, got in
             (("accepted", args.accepted, accepted), ("rejected", args.rejected, rejected))
             if want is not None and got < want]
    if short:
        sys.exit(f"record_parity: {' and '.join(short)} short: add candidate lines")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        _worker(sys.argv[2], sys.argv[3], sys.argv[4])
        sys.exit(0)
    sys.exit(main())
