"""Parity harness: do our configs resolve the way vLLM does?

Runs every case of the recorded fixtures (tests/fixtures/parity, a copy of ../shared/parity,
`vllm serve <tiny-opt> ARGV` on vLLM's CPU platform) in-process through the same path
as `vllm-config show --platform cpu --model <tiny-opt> ARGV`, flattens our resolved
VllmConfig to the fixture's attribute paths and compares:

* a case vLLM accepted (argparse and create_engine_config both fine): the fixture's
  baseline config updated with the case's config_diff_vs_no_flags must equal ours on
  every path the fixture has (minus IGNORED, each with its reason);
* a case vLLM rejected (argparse error, or create_engine_config raised): ours must
  reject too, with one line.

    python tools/parity.py            # summary: agreement counts, commonest mismatches
    python tools/parity.py -v         # plus every mismatching path of every case
    python tools/parity.py --json     # everything, machine-readable
    python tools/parity.py --case v003
    python tools/parity.py --release 0.28.0   # that release's package and recording
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import enum
import io
import json
import os
import re
import signal
import sys
import warnings
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
# The in-repo copy of ../shared/parity (tests/fixtures/parity/README.md); CFGC_PARITY_DIR
# points at another recording.
PARITY_DIR = Path(os.environ.get("CFGC_PARITY_DIR", ROOT / "tests" / "fixtures" / "parity"))
FIXTURES = PARITY_DIR / "vllm_0_25_1_cli_cases.json"


def recordings_of(release: str) -> list[Path]:
    """Every recording of one vLLM release: vLLM's shared one (vllm_*), then ours
    (cfgc_*: tools/record_parity.py), those that exist."""
    dotted = release.replace(".", "_")
    return [p for p in (PARITY_DIR / f"vllm_{dotted}_cli_cases.json",
                        PARITY_DIR / f"cfgc_{dotted}_cli_cases.json") if p.is_file()]


def fixtures_of(release: str) -> Path:
    """The recording `--release` compares with: vLLM's shared one where there is one,
    else ours."""
    found = recordings_of(release)
    return found[0] if found else PARITY_DIR / f"vllm_{release.replace('.', '_')}_cli_cases.json"


#: The CPU flags (of those the schema reads: platforms.yaml's host_cpu_flag attributes)
#: of the host a recording was made on, for recordings whose meta does not say: vLLM's
#: CPU platform asks torch about them. Read off the recordings themselves: the no-flag
#: baselines of 0.29.0 on keep the SSM state in float32 (AVX-512 BF16 present), those of
#: 0.26.0 to 0.28.0 leave it "auto" (no AMX tiles).
RECORDED_HOST_CPU_FLAGS = ("avx512_bf16",)
HOST_ENV = "CFGC_HOST_CPU_FLAGS"

CHECKPOINT = PARITY_DIR / "tiny-opt"
PLACEHOLDER = "<tiny-opt>"

#: Paths vLLM fills that we cannot (or should not) reproduce, each with its reason.
#: A path listed here is left out of the comparison; everything else counts.
IGNORED: dict[str, str] = {
    "instance_id": "a random id vLLM draws per engine (recorded as volatile); ours is "
                   "random too",
    "kv_transfer_config.engine_id": "a random uuid4 vLLM draws per engine (recorded as "
                                    "volatile); ours is a fresh uuid4 too",
    "parallel_config._data_parallel_master_port_list": "free ports the OS hands vLLM at "
                                                       "start-up (recorded as volatile); "
                                                       "we open no sockets",
    "device_config.device": "vLLM stores a torch.device built for the platform; we never "
                            "import torch and keep the given value ('auto'); "
                            "device_config.device_type carries the platform and is compared",
}
#: Suffixes ignored under any parent (the draft/target copies of speculative configs).
IGNORED_SUFFIXES = tuple("." + p for p in IGNORED)
#: Paths where we differ from vLLM on purpose: path -> the schema entry whose
#: `differs_from_vllm` states why (the same reason is on docs/reference/differences.md).
DECLARED: dict[str, str] = {
    "quant_config": "VllmConfig.quant_config",
}
_declared_reasons: dict[str, str] = {}


def declared(path: str) -> str | None:
    """The schema's reason for a deliberate difference at `path`, or None."""
    if path not in DECLARED:
        return None
    if not _declared_reasons:
        from cfgc import pipeline

        reasons = {d.subject: d.reason for d in pipeline.load(ROOT).schema.all_differences()}
        _declared_reasons.update({p: reasons[entry] for p, entry in DECLARED.items()})
    return _declared_reasons[path]


def ignored(path: str) -> str | None:
    """The reason `path` is left out of the comparison, or None."""
    if path in DECLARED:
        return declared(path)
    if path in IGNORED:
        return IGNORED[path]
    for suffix in IGNORED_SUFFIXES:
        if path.endswith(suffix):
            return IGNORED[suffix[1:]]
    return None


# --- the fixture's encodings -------------------------------------------------------


def decode(value: object) -> object:
    """A fixture value in comparable form: enums by name, sets sorted, torch dtypes and
    devices by their name."""
    if isinstance(value, dict):
        if set(value) == {"enum", "name", "value"}:
            return ("enum", value["name"])
        if set(value) == {"set"}:
            return sorted((decode(v) for v in value["set"]), key=repr)
        if set(value) == {"repr"}:
            text = value["repr"]
            if text.startswith("torch."):
                return text.removeprefix("torch.")
            match = re.fullmatch(r"device\(type='(\w+)'(?:, index=\d+)?\)", text)
            return match.group(1) if match else text
        return {k: decode(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [decode(v) for v in value]
    return value


def encode(value: object, checkpoint: str) -> object:
    """One of our values in the same comparable form (a str-valued enum as its value:
    vLLM's str enums were recorded as plain strings)."""
    if isinstance(value, enum.Enum):
        return value.value if isinstance(value, str) else ("enum", value.name)
    if isinstance(value, str):
        return PLACEHOLDER if value.rstrip("/") == checkpoint else value
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, dict):
        return {str(k): encode(v, checkpoint) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return sorted((encode(v, checkpoint) for v in value), key=repr)
    if isinstance(value, list | tuple):
        return [encode(v, checkpoint) for v in value]
    if type(value).__module__ == "torch":  # torch.dtype / torch.device
        return str(value).removeprefix("torch.") if "dtype" in type(value).__name__ \
            else getattr(value, "type", str(value))
    if hasattr(value, "compute_hash"):
        return f"<{type(value).__name__}>"
    return str(value)


def _volatile(value: object) -> bool:
    return isinstance(value, dict) and set(value) == {"volatile"}


def expected_config(data: dict, case: dict) -> dict[str, object]:
    """The baseline, updated with the case's differences; a path that gained children
    (a sub-config that was None) loses its own None entry."""
    config = dict(data["baseline"]["config"])
    for path, change in case["engine"].get("config_diff_vs_no_flags", {}).items():
        value = change["value"]
        if isinstance(value, dict) and value.get("absent"):
            config.pop(path, None)
        else:
            config[path] = value
    parents = {p.rsplit(".", i)[0] for p in config for i in range(1, p.count(".") + 1)}
    return {p: v for p, v in config.items() if p not in parents}


_MISSING = object()


def lookup(obj: object, path: str) -> object:
    for key in path.split("."):
        if obj is None:
            return _MISSING
        if isinstance(obj, dict):
            obj = obj.get(key, _MISSING)
        else:
            obj = getattr(obj, key, _MISSING)
        if obj is _MISSING:
            return _MISSING
    return obj


# --- running one command line ------------------------------------------------------


def _platform_argv(table) -> list[str]:
    return ["--platform", "cpu"] if getattr(table, "PLATFORMS", None) else []


def resolve(argv: list[str]):
    """(VllmConfig, None) when ours accepts `argv`, else (None, the error text)."""
    from cfgc.runtime import deprecation
    from cfgc.runtime.cli.build import build_configs
    from cfgc.runtime.cli.values import CliError
    from vllm_config import _cli_table

    deprecation._warned.clear()
    full = [*_platform_argv(_cli_table), "--model", str(CHECKPOINT), *argv]
    try:
        with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
            warnings.simplefilter("ignore")
            _, built = build_configs(_cli_table, full, lambda *a, **k: None)
    except CliError as exc:
        return None, str(exc)
    except RecursionError:
        return None, "the input is nested too deeply"
    except Exception as exc:  # noqa: BLE001 - a crash is a finding, not a rejection
        return None, f"CRASH {type(exc).__name__}: {exc}\n(a traceback, not one line)"
    return built.roots["VllmConfig"], None


def vllm_rejects(case: dict) -> bool:
    return not case["parse"]["ok"] or not case.get("engine", {}).get("ok", False)


def run_case(data: dict, case: dict) -> dict:
    """One case's outcome: agree (bool), and what differs."""
    ours, error = resolve(case["argv"])
    result: dict = {"id": case["id"], "cmdline": case["cmdline"]}
    if vllm_rejects(case):
        result["expect"] = "reject"
        result["vllm_error"] = (case["parse"].get("stderr_normalized", "").strip().splitlines()
                                or [case.get("engine", {}).get("error", "")])[-1][:200]
        one_line = error is not None and "\n" not in error.strip()
        result["agree"] = one_line
        result["ours"] = error if error is not None else "accepted"
        return result
    result["expect"] = "accept"
    if error is not None:
        result.update(agree=False, ours=f"rejected: {error}", mismatches={})
        return result
    checkpoint = str(CHECKPOINT)
    mismatches: dict[str, dict] = {}
    compared = 0
    for path, want in expected_config(data, case).items():
        if _volatile(want) or ignored(path):
            continue
        compared += 1
        got = lookup(ours, path)
        want_d = decode(want)
        if got is _MISSING:
            mismatches[path] = {"want": want_d, "ours": "<missing>"}
            continue
        got_e = encode(got, checkpoint)
        if got_e != want_d:
            mismatches[path] = {"want": want_d, "ours": got_e}
    result.update(agree=not mismatches, mismatches=mismatches, compared=compared)
    return result


def recording_host(data: dict):
    """Resolve as on the host the recording was made on (its CPU flags, HOST_ENV)."""
    flags = data.get("meta", {}).get("host_cpu_flags", RECORDED_HOST_CPU_FLAGS)
    return mock.patch.dict(os.environ, {HOST_ENV: ",".join(flags)})


def run_all(only: str | None = None, fixtures: Path | None = None) -> dict:
    data = json.loads((fixtures or FIXTURES).read_text())
    cases = [*data["valid"], *data["invalid"]]
    with recording_host(data):
        results = [run_case(data, c) for c in cases if only in (None, c["id"])]
    accepted = [r for r in results if r["expect"] == "accept"]
    rejected = [r for r in results if r["expect"] == "reject"]
    paths = collections.Counter(p for r in accepted for p in r.get("mismatches", {}))
    compared = sum(r.get("compared", 0) for r in accepted)
    return {
        "path_checks_agree": compared - sum(len(r.get("mismatches", {})) for r in accepted
                                            if "compared" in r),
        "path_checks_total": compared,
        "accepted_agree": sum(r["agree"] for r in accepted),
        "accepted_total": len(accepted),
        "accepted_rejected_by_us": sum(1 for r in accepted
                                       if str(r.get("ours", "")).startswith("rejected")),
        "rejected_agree": sum(r["agree"] for r in rejected),
        "rejected_total": len(rejected),
        "common_mismatches": paths.most_common(),
        "ignored": {**IGNORED, **{p: declared(p) for p in DECLARED}},
        "cases": results,
    }


def _show(value: object) -> str:
    text = json.dumps(value, default=str)
    return text if len(text) <= 90 else text[:87] + "..."


def known_releases() -> list[str]:
    """The releases the installed vllm_config holds, read without importing it (an
    unknown CFGC_RELEASE would stop the import)."""
    import importlib.util

    spec = importlib.util.find_spec("vllm_config")
    if spec is None or not spec.origin:
        return []
    try:
        return json.loads((Path(spec.origin).parent / "releases.json").read_text())["releases"]
    except (OSError, ValueError, KeyError):
        return []


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output quietly
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", action="store_true", help="the whole report as JSON")
    ap.add_argument("-v", "--verbose", action="store_true", help="every mismatch")
    ap.add_argument("--case", help="one case id (v003, x010, ...)")
    ap.add_argument("--top", type=int, default=15, help="mismatching paths to list")
    ap.add_argument("--release", help="compare this release of vllm_config with the "
                    "same vLLM release's recording: vLLM's shared one, else ours "
                    "(default: the package's default release)")
    ap.add_argument("--fixtures", type=Path, help="another recording to compare with "
                    "(e.g. our own, tests/fixtures/parity/cfgc_0_25_1_cli_cases.json)")
    args = ap.parse_args(argv)
    global FIXTURES
    if args.fixtures:
        FIXTURES = args.fixtures
    known = known_releases()
    for what, name in (("--release", args.release),
                       ("CFGC_RELEASE", os.environ.get("CFGC_RELEASE"))):
        if name and known and name not in known:
            print(f"parity: {what}: {name!r} is not a release of vllm_config (known "
                  f"releases: {', '.join(known)})", file=sys.stderr)
            return 2
    if args.release:
        # Before vllm_config is first imported: CFGC_RELEASE selects the package.
        os.environ["CFGC_RELEASE"] = args.release
        FIXTURES = args.fixtures or fixtures_of(args.release)
    if not FIXTURES.is_file():
        print(f"parity: no fixtures at {FIXTURES} (set CFGC_PARITY_DIR)", file=sys.stderr)
        return 2
    try:
        import vllm_config  # noqa: F401 - CFGC_RELEASE names a release it has, or not
    except ImportError as exc:
        print(f"parity: {exc}", file=sys.stderr)
        return 2
    report = run_all(args.case)
    if args.json:
        print(json.dumps(report, indent=1, default=str))
        return 0
    print(f"accepted by vLLM, ours equal on every path: "
          f"{report['accepted_agree']}/{report['accepted_total']} "
          f"({report['accepted_rejected_by_us']} of them rejected by us)")
    print(f"path checks equal (accepted cases we accept): {report['path_checks_agree']}/"
          f"{report['path_checks_total']}")
    print(f"rejected by vLLM, rejected by us in one line: "
          f"{report['rejected_agree']}/{report['rejected_total']}")
    print(f"most common mismatching paths (of {len(report['common_mismatches'])}):")
    for path, n in report["common_mismatches"][:args.top]:
        print(f"  {n:4d}  {path}")
    for r in report["cases"]:
        if r["agree"] or not (args.verbose or args.case):
            continue
        print(f"{r['id']} {r['cmdline']}")
        if r["expect"] == "reject":
            print(f"    vLLM rejects ({r['vllm_error']}); ours: {r['ours']}")
            continue
        if "ours" in r:
            print(f"    {r['ours']}")
        for path, m in r["mismatches"].items():
            print(f"    {path}: want {_show(m['want'])}, ours {_show(m['ours'])}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "tools"))
    sys.exit(main())
