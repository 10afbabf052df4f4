"""Is `vllm-config upgrade` right? Upgraded command lines, run through a real vLLM.

For every command line that vLLM 0.25.1 accepted in the parity recording (`valid` cases
whose engine outcome is ok, `vllm serve <tiny-opt> ARGV`), this tool

1. runs this worktree's `vllm-config upgrade --from 0.25.1 --to 0.33.0 --format json --
   --model <tiny-opt> ARGV` and sorts the line by its outcome:
   * exit 1: flagged (the problems the upgrade names are kept);
   * exit 0, the same argv: same; exit 0, another argv: rewritten (`respelled` when
     the only change is `--flag=value` written as `--flag value`);
   * exit 2 or anything else: error (a bug of the upgrade: it was given a good line);
2. runs each same or rewritten line through the real vLLM 0.33.0 of a scratch venv
   (vLLM's own engine-args parser, then `create_engine_config()` on vLLM's CPU platform,
   offline, with the tiny-opt checkpoint; one child process for all cases, os.environ
   reset between them: tools/engine_config_compat.py's `prepare_vllm` and
   `run_engine_case`), and checks that it is accepted and that every setting the
   ORIGINAL line names (the paths 0.25.1's record lists in `config_diff_vs_no_flags`),
   where 0.33.0 still has that path, resolves to the value 0.25.1 gave it. A line that
   0.33.0 rejects, or where a named setting resolves differently, is **wrong**: the
   upgrade should have flagged or rewritten it. A case that could not be run (the
   scratch venv lacks a module vLLM imports for it, it hung, it killed the process) is
   `unchecked`, apart from the five counts.

0.25.1's value is the recorded one; the recording was made with another torch than the
scratch venvs', so vLLM 0.25.1 of its scratch venv is run on the original lines too (in
parallel), and where it disagrees with the recording on a path (environment drift), its
value in this environment is the reference (counted as `drift`; --no-native skips this
run). Flagged lines' ORIGINAL argv also go through 0.33.0: a flagged line that 0.33.0
runs unchanged with the same values is an unneeded flag (reported, not counted wrong).

It needs vLLM, so it is a tool, never part of the test command:

    python tools/upgrade_check.py               # counts, and the wrong lines by reason
    python tools/upgrade_check.py -v            # plus every line
    python tools/upgrade_check.py --json        # machine-readable, on stdout
    python tools/upgrade_check.py --case v117 -v
    python tools/upgrade_check.py --strict      # exit 1 if any line is wrong or error

`--from R --to T` checks another pair of releases on R's recordings (vLLM's where there
is one, else ours: tests/fixtures/parity/cfgc_<R>_cli_cases.json).

Exit status 0 (it measures), or 1 with --strict when a line is wrong or an error.
The venvs are found by tools/vllm_venv.py: the target release's is `--target-venv DIR`,
else $VLLM_TARGET_VENV, else $VLLM_VENVS/T; the source release's is `--venv DIR`, else
$VLLM_VENV, else $VLLM_VENVS/R (tools/release_venv.sh makes them).
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import engine_config_compat as compat  # noqa: E402 - tools/ is on the path just above
import parity  # noqa: E402
import vllm_venv  # noqa: E402

ROOT = compat.ROOT
SHARED_PARITY = ROOT.parent / "shared" / "parity"


def default_cases(release: str) -> list[Path]:
    """The recordings of `release` checked by default: vLLM's (the repository's copy and
    ../shared/parity's, once each line), else ours."""
    shared = parity.PARITY_DIR / f"vllm_{release.replace('.', '_')}_cli_cases.json"
    if shared.is_file():
        return [shared, SHARED_PARITY / shared.name]
    return [parity.fixtures_of(release)]


CASE_TIMEOUT_S = 120
KINDS = ("same", "rewritten", "flagged", "wrong", "error")
#: Outcomes that say nothing of the line: the scratch venv lacks a module, or the case
#: hung or killed the child process. Such a line is `unchecked`, never wrong.
ENVIRONMENT_ERRORS = ("ModuleNotFoundError", "ImportError", "TimeoutError")


# --- worker side (runs inside a vLLM venv) -------------------------------------------


def _encode(value: object) -> object:
    """A resolved value in the recording's comparable form (tools/parity.py's), a
    quantization config by the repr the recording kept (its class, no address)."""
    if "QuantizationConfig" in [c.__name__ for c in type(value).__mro__]:
        return f"<{type(value).__module__}.{type(value).__qualname__} object at 0x...>"
    return parity.encode(value, _CHECKPOINT)


_CHECKPOINT = ""


def _worker(cases_file: str, out_file: str) -> None:
    """Each case ({"key", "argv"}) as one JSON line of out_file, as soon as it is done."""
    global _CHECKPOINT
    cases = json.loads(Path(cases_file).read_text())
    _CHECKPOINT = cases["checkpoint"]
    make_parser = compat.prepare_vllm()
    import vllm

    environ = dict(os.environ)

    def _timeout(*_):
        raise TimeoutError(f"no outcome in {CASE_TIMEOUT_S}s")

    signal.signal(signal.SIGALRM, _timeout)
    with open(out_file, "a") as out:
        for case in cases["cases"]:
            signal.alarm(CASE_TIMEOUT_S)
            try:
                entry = compat.run_engine_case(make_parser, case["argv"], environ,
                                               encode=_encode)
            except BaseException as exc:  # noqa: BLE001 - any outcome is a finding
                entry = {"stage": "worker", "ok": False,
                         "error": f"{type(exc).__name__}: {str(exc)[:300]}"}
            finally:
                signal.alarm(0)
            entry.update(key=case["key"], vllm=vllm.__version__)
            out.write(json.dumps(entry, default=str) + "\n")
            out.flush()


# --- driver side ---------------------------------------------------------------------


def run_vllm(python: Path, cases: list[dict], checkpoint: str) -> dict[str, dict]:
    """Every case through the vLLM of that venv's `python`, one child process (restarted
    past a case that kills it). Returns key -> outcome (with `config` when accepted)."""
    env = {k: v for k, v in os.environ.items() if k not in ("CFGC_PLATFORM", "PYTHONPATH")}
    env.update(VLLM_TARGET_DEVICE="cpu", HF_HUB_OFFLINE="1", TOKENIZERS_PARALLELISM="false",
               VLLM_LOGGING_LEVEL="ERROR")
    results: dict[str, dict] = {}
    todo = list(cases)
    with tempfile.TemporaryDirectory(prefix="upgrade-check-") as tmp:
        while todo:
            cases_file, out_file = Path(tmp) / "cases.json", Path(tmp) / "out.jsonl"
            cases_file.write_text(json.dumps({"checkpoint": checkpoint, "cases": todo}))
            out_file.unlink(missing_ok=True)
            proc = subprocess.run(
                [str(python), str(Path(__file__).resolve()), "--worker", str(cases_file),
                 str(out_file)], env=env, cwd=tmp, capture_output=True, text=True,
                check=False)
            done = [json.loads(line) for line in out_file.read_text().splitlines()
                    if line.strip()] if out_file.exists() else []
            for entry in done:
                results[entry.pop("key")] = entry
            todo = todo[len(done):]
            if todo and proc.returncode == 0:  # cannot happen; guards the loop
                for case in todo:
                    results[case["key"]] = {"stage": "worker", "ok": False,
                                            "error": "the process ended without it"}
                break
            if todo:
                if not done and not results:
                    sys.exit(f"upgrade_check: vLLM of {python} did not start:\n"
                             f"{proc.stderr[-3000:]}")
                tail = (proc.stderr.strip().splitlines() or ["?"])[-1][:300]
                results[todo[0]["key"]] = {"stage": "worker", "ok": False,
                                           "error": f"the process died ({proc.returncode}): "
                                                    f"{tail}"}
                todo = todo[1:]
    return results


def vllm_config_command() -> list[str]:
    exe = ROOT / ".venv" / "bin" / "vllm-config"
    if exe.exists():
        return [str(exe)]
    found = shutil.which("vllm-config")
    if found:
        return [found]
    return [sys.executable, "-m", "vllm_config"]


PLATFORM = ["--platform", "cpu"]


def upgrade(command: list[str], source: str, target: str, argv: list[str]) -> dict:
    # Real vLLM runs on its CPU platform here: the upgrade resolves for the same one.
    proc = subprocess.run([*command, "upgrade", "--from", source, "--to", target,
                           "--format", "json", "--", *PLATFORM, *argv],
                          capture_output=True, text=True, check=False)
    stderr = [line for line in proc.stderr.strip().splitlines() if line.strip()]
    out: dict = {"exit": proc.returncode, "stderr": stderr[-5:]}
    if proc.returncode in (0, 1):
        try:
            data = json.loads(proc.stdout)
        except ValueError:
            out.update(kind="error", reasons=["output is not JSON: " + proc.stdout[:200]])
            return out
        upgraded = data.get("argv")
        out["argv"] = upgraded[len(PLATFORM):] if upgraded and upgraded[:len(PLATFORM)] \
            == PLATFORM else upgraded
        out["changes"] = data.get("changes", [])
        out["cache_key_factors_changed"] = data.get("cache_key_factors_changed", [])
        if proc.returncode == 1:
            out["kind"] = "flagged"
            out["reasons"] = [f"{c['flag']}: {c['why']}" for c in out["changes"]
                              if c.get("problem")] or stderr
        elif out["argv"] == argv:
            out["kind"] = "same"
        else:
            out["kind"] = "rewritten"
            out["respelled"] = _unglue(out["argv"] or []) == _unglue(argv)
        return out
    out.update(kind="error", reasons=stderr[-3:] or [f"exit {proc.returncode}"])
    return out


def _unglue(argv: list[str]) -> list[str]:
    """`--flag=value` as `--flag value` (how the upgrade writes it back)."""
    out: list[str] = []
    for token in argv:
        if token.startswith("-") and "=" in token:
            out += token.split("=", 1)
        else:
            out.append(token)
    return out


def load_cases(files: list[Path], only: str | None) -> list[dict]:
    """Accepted lines of each recording, once each (by argv)."""
    seen: set[str] = set()
    cases = []
    for path in files:
        if not path.exists():
            continue
        data = json.loads(path.read_text())
        for case in data["valid"]:
            if not case.get("engine", {}).get("ok") or only not in (None, case["id"]):
                continue
            key = json.dumps(case["argv"])
            if key in seen:
                continue
            seen.add(key)
            cases.append({"id": case["id"], "source": str(path), "argv": case["argv"],
                          "cmdline": case.get("cmdline", " ".join(case["argv"])),
                          "named": case["engine"].get("config_diff_vs_no_flags", {})})
    return cases


def _norm(value: object) -> object:
    return json.loads(json.dumps(value, default=str))


def _skip(path: str, recorded: object) -> bool:
    if isinstance(recorded, dict) and set(recorded) == {"volatile"}:
        return True
    return (path in compat.VOLATILE or any(path.endswith("." + v) for v in compat.VOLATILE)
            or any(path.endswith(a) for a in compat.APPROXIMATE))


def check_values(case: dict, got: dict, native: dict | None) -> dict:
    """The named settings: mismatches (path -> want, got), gone paths, drifted paths."""
    mismatches, gone, drift = {}, [], []
    for path, diff in case["named"].items():
        recorded = diff.get("value")
        if _skip(path, recorded):
            continue
        if path not in got:
            gone.append(path)
            continue
        want = _norm(parity.decode(recorded))
        if native is not None and path in native and _norm(native[path]) != want:
            drift.append(path)
            want = _norm(native[path])
        value = _norm(got[path])
        if value != want:
            mismatches[path] = {"want": want, "got": value}
    return {"mismatches": mismatches, "gone": gone, "drift": drift}


def _error_text(outcome: dict) -> str:
    text = outcome.get("error", "?")
    return text + (f" [{outcome['where']}]" if outcome.get("where") else "")


def measure(args) -> dict:
    files = args.cases or default_cases(args.source)
    # Both venvs are checked before minutes of upgrading, not after.
    target_python = vllm_venv.vllm_python("upgrade_check", args.target, args.target_venv,
                                          "VLLM_TARGET_VENV")
    source_python = None if args.no_native else vllm_venv.vllm_python(
        "upgrade_check", args.source, args.venv)
    cases = load_cases(files, args.case)
    checkpoint = str((parity.PARITY_DIR / "tiny-opt").resolve())
    started = time.monotonic()
    command = vllm_config_command()
    full = {c["id"]: ["--model", checkpoint, *c["argv"]] for c in cases}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs + 1) as pool:
        native_job = None
        if not args.no_native:
            native_job = pool.submit(run_vllm, source_python,
                                     [{"key": cid, "argv": a} for cid, a in full.items()],
                                     checkpoint)
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as up_pool:
            upgraded = dict(zip(full, up_pool.map(
                lambda cid: upgrade(command, args.source, args.target, full[cid]), full),
                strict=True))
        batch = []
        for cid, up in upgraded.items():
            if up["kind"] in ("same", "rewritten"):
                batch.append({"key": f"{cid}:upgraded", "argv": up["argv"]})
            elif up["kind"] == "flagged":
                batch.append({"key": f"{cid}:original", "argv": full[cid]})
        target = run_vllm(target_python, batch, checkpoint)
        native = native_job.result() if native_job else {}
    versions = sorted({o.get("vllm", "?") for o in [*target.values(), *native.values()]})
    rows = []
    for case in cases:
        cid, up = case["id"], upgraded[case["id"]]
        row = {"id": cid, "cmdline": case["cmdline"], "kind": up["kind"],
               "upgrade": {k: v for k, v in up.items() if k != "kind"}}
        own = native.get(cid)
        if own is not None and not own["ok"]:
            row["note"] = f"vLLM 0.25.1 here rejects it: {_error_text(own)}"
        own_config = own.get("config") if own and own["ok"] else None
        if up["kind"] in ("same", "rewritten"):
            outcome = target[f"{cid}:upgraded"]
            if _unchecked(outcome):
                row["kind"], row["was"] = "unchecked", up["kind"]
                row["reasons"] = [f"not run on vLLM {args.target}: {_error_text(outcome)}"]
            elif not outcome["ok"]:
                row["kind"] = "wrong"
                row["was"] = up["kind"]
                row["reasons"] = [f"vLLM {args.target} rejects it ({outcome['stage']}): "
                                  f"{_error_text(outcome)}"]
            else:
                check = check_values(case, outcome["config"], own_config)
                row.update(gone=check["gone"], drift=check["drift"])
                if check["mismatches"]:
                    row["kind"], row["was"] = "wrong", up["kind"]
                    row["mismatches"] = check["mismatches"]
                    row["reasons"] = [f"{p} resolves differently" for p in check["mismatches"]]
        elif up["kind"] == "flagged":
            outcome = target[f"{cid}:original"]
            row["reasons"] = up["reasons"]
            if outcome["ok"]:
                check = check_values(case, outcome["config"], own_config)
                row["unneeded_flag"] = not check["mismatches"]
                row["original_on_target"] = (
                    "accepted, same values" if not check["mismatches"] else
                    "accepted, differs at " + ", ".join(check["mismatches"]))
            else:
                row["unneeded_flag"] = False
                row["original_on_target"] = (f"rejected ({outcome['stage']}): "
                                             f"{_error_text(outcome)}")
        else:
            row["reasons"] = up["reasons"]
        rows.append(row)
    counts = collections.Counter(r["kind"] for r in rows)
    summary = {k: counts.get(k, 0) for k in (*KINDS, "unchecked")}
    summary.update(
        total=len(rows),
        respelled_only=sum(1 for r in rows if r["upgrade"].get("respelled")
                           and r["kind"] == "rewritten"),
        unneeded_flags=sum(1 for r in rows if r.get("unneeded_flag")),
        drift_paths=sum(len(r.get("drift", ())) for r in rows),
        gone_paths=sum(len(r.get("gone", ())) for r in rows),
        seconds=round(time.monotonic() - started, 1))
    return {"from": args.source, "to": args.target, "vllm_versions": versions,
            "fixtures": [str(f) for f in files if f.exists()], "summary": summary,
            "cases": rows}


def _unchecked(outcome: dict) -> bool:
    return not outcome["ok"] and (outcome["stage"] == "worker" or outcome.get(
        "error", "").startswith(ENVIRONMENT_ERRORS))


def _group(reason: str) -> str:
    """A reason on one line, pydantic's wrapping left out, to group lines by it."""
    reason = re.sub(r"0x[0-9a-f]+", "0x...", reason)
    match = re.search(r"Value error, (.*?)(?: \[type=|$)", reason, re.S)
    if match:
        reason = reason[:reason.index(":", reason.index("rejects it")) + 1] + " " + \
            match.group(1) if "rejects it" in reason else match.group(1)
    return " ".join(reason.split())[:200]


def _show(value: object) -> str:
    text = json.dumps(value, default=str)
    return text if len(text) <= 100 else text[:97] + "..."


def report(result: dict, verbose: bool) -> None:
    s = result["summary"]
    print(f"upgrade {result['from']} -> {result['to']}: {s['total']} accepted lines "
          f"(real vLLM {', '.join(result['vllm_versions'])}; {s['seconds']}s)")
    print("  " + "  ".join(f"{k} {s[k]}" for k in KINDS)
          + (f"  (unchecked {s['unchecked']})" if s["unchecked"] else ""))
    print(f"  rewritten only by spelling (--flag=v as --flag v): {s['respelled_only']}; "
          f"flagged lines {result['to']} runs unchanged with the same values: "
          f"{s['unneeded_flags']}")
    print(f"  named paths {result['to']} no longer has (not compared): {s['gone_paths']}; "
          f"compared against 0.25.1 here, not the recording (environment drift): "
          f"{s['drift_paths']}")
    for kind in ("wrong", "error", "unchecked"):
        groups: dict[str, list[str]] = collections.defaultdict(list)
        for row in result["cases"]:
            if row["kind"] == kind:
                for reason in row.get("reasons", ["?"]):
                    groups[_group(reason)].append(row["id"])
        if groups:
            print(f"\n{kind} lines by reason:")
            for reason, ids in sorted(groups.items(), key=lambda g: -len(g[1])):
                print(f"  {len(ids):3d}  {reason}\n       {' '.join(ids)}")
    flagged: dict[str, list[str]] = collections.defaultdict(list)
    for row in result["cases"]:
        if row["kind"] == "flagged":
            for reason in row["reasons"]:
                mark = "*" if row.get("unneeded_flag") else (
                    "!" if row["original_on_target"].startswith("accepted") else "")
                flagged[_group(reason)].append(row["id"] + mark)
    if flagged:
        print(f"\nflagged lines by reason (*: {result['to']} runs the original line with "
              f"the same values; !: it runs it, but a named setting resolves differently, "
              f"see -v):")
        for reason, ids in sorted(flagged.items(), key=lambda g: -len(g[1])):
            print(f"  {len(ids):3d}  {reason}\n       {' '.join(ids)}")
    if not verbose:
        return
    print("\nevery line:")
    for row in result["cases"]:
        up = row["upgrade"]
        print(f"  {row['id']} {row['kind']}{' (was ' + row['was'] + ')' if 'was' in row else ''}"
              f": {row['cmdline']}")
        if row["kind"] in ("rewritten", "wrong") and up.get("argv"):
            print(f"      upgraded: {' '.join(up['argv'][2:])}")
        for c in up.get("changes", []):
            print(f"      change: {c['kind']} {c['flag']}: {_show(c['old'])} -> "
                  f"{_show(c['new'])} ({c['why']})")
        for reason in row.get("reasons", []):
            print(f"      reason: {' '.join(reason.split())}")
        for path, m in row.get("mismatches", {}).items():
            print(f"      {path}: 0.25.1 {_show(m['want'])}, {result['to']} {_show(m['got'])}")
        if row.get("original_on_target"):
            print(f"      original line on {result['to']}: {row['original_on_target']}")
        for key in ("gone", "drift"):
            if row.get(key):
                print(f"      {key}: {', '.join(row[key])}")
        if row.get("note"):
            print(f"      note: {row['note']}")


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output quietly
    if argv is None and len(sys.argv) > 1 and sys.argv[1] == "--worker":
        _worker(*sys.argv[2:4])
        return 0
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--from", dest="source", default="0.25.1")
    ap.add_argument("--to", dest="target", default="0.33.0")
    ap.add_argument("--cases", type=Path, action="append",
                    help="a recording of the source release (repeatable; default: the "
                         "repository's and ../shared/parity's, once each line)")
    ap.add_argument("--case", help="one case id")
    ap.add_argument("--jobs", type=int, default=max(2, os.cpu_count() or 2),
                    help="upgrade commands run at once")
    ap.add_argument("--no-native", action="store_true",
                    help="compare with the recording only (skip running the source "
                         "release here)")
    vllm_venv.add_venv_argument(ap)
    ap.add_argument("--target-venv", type=Path, metavar="DIR",
                    help="the venv holding the target release (default $VLLM_TARGET_VENV, "
                         "else $VLLM_VENVS/TARGET)")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--json", action="store_true", help="the whole result as JSON on stdout")
    ap.add_argument("--strict", action="store_true",
                    help="exit 1 when a line is wrong or an error")
    args = ap.parse_args(argv)
    result = measure(args)
    if args.json:
        print(json.dumps(result, indent=1, default=str))
    else:
        report(result, args.verbose)
    bad = result["summary"]["wrong"] + result["summary"]["error"]
    return 1 if args.strict and bad else 0


if __name__ == "__main__":
    sys.exit(main())
