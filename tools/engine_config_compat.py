"""Does vLLM's own engine-config path give the same VllmConfig on vllm_config?

For every recorded command line of a release's parity fixtures (`vllm serve <tiny-opt>
ARGV`; 0.25.1's unless --release names another), this tool runs that vLLM release's
`EngineArgs.create_engine_config()` twice, each in a fresh interpreter of the scratch
venv that has the release installed:

* native: vLLM as released;
* aliased: `vllm.config` and every `vllm.config.<module>` replaced by `vllm_config`
  and its modules of the same release (CFGC_RELEASE; an import hook installed before
  vLLM is imported), with this worktree's `generated/` and `codegen/` on the path.

Both runs flatten the resulting VllmConfig the same way (every dataclass field,
recursively through the config classes; enums by class and member name, torch dtypes
and devices by repr, sets sorted, other objects by class name, a quantization config
by its class and plain attributes) and the two are compared case by case:

* both reject the command line (argparse or create_engine_config raised): agree;
* both accept it and every path of the native config has the same value in the
  aliased one (minus VOLATILE, values vLLM draws at random or from the OS): agree;
* anything else: differ, with the paths (or the exception) that differ.

The aliased run is done with no platform given and with CFGC_PLATFORM=cpu (vLLM's
platform is CPU in the scratch venv: VLLM_TARGET_DEVICE=cpu, and its CPU platform
class selected, as the recording did). It needs vLLM, so it is
a tool, never part of the test command:

    python tools/engine_config_compat.py                 # both aliased runs, summary
    python tools/engine_config_compat.py -v              # plus every differing case
    python tools/engine_config_compat.py --platform none # only the run with no platform
    python tools/engine_config_compat.py --case v003 -v
    python tools/engine_config_compat.py --json out.json

    python tools/engine_config_compat.py --release 0.28.0  # another release's recording

The venv holding the release is `--venv DIR`, else $VLLM_VENV, else
$VLLM_VENVS/RELEASE (tools/vllm_venv.py; tools/release_venv.sh makes one). The fp8 case
needs compressed-tensors and loguru there, as vLLM imports them for it.

Recorded (tests/fixtures/parity, 120 cases, torch 2.13.0+cpu, issue 20): 38/120 agree
with no platform and 39/120 with CFGC_PLATFORM=cpu at the start; 118/120 for both after
platform detection, the engine's torch objects, the torch-version rule for Inductor's
asserts and validate_backend_before; 120/120 for both once quant_config is built for FP8
and the other offline methods (v117, `-q fp8`, was the last case left).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import vllm_venv  # noqa: E402 - tools/ is on the path just above

# The recordings (vLLM's shared one of a release where there is one, else ours) are
# found as tools/parity.py finds them.
from parity import CHECKPOINT, ROOT, fixtures_of  # noqa: E402

#: Variables that tell the tools where vLLM's venvs are (tools/vllm_venv.py); never
#: passed on to vLLM itself.
VENV_VARIABLES = ("VLLM_VENV", "VLLM_VENVS", "VLLM_TARGET_VENV")

#: Paths whose value is drawn per engine (random ids, free ports): never compared.
VOLATILE = {
    "instance_id": "a random id per engine",
    "kv_transfer_config.engine_id": "a random uuid4 per engine",
    "ec_transfer_config.engine_id": "a random uuid4 per engine",
    "parallel_config._data_parallel_master_port_list": "free ports the OS hands out",
    "parallel_config.data_parallel_master_port": "a free port the OS hands out when data "
                                                 "parallelism is on (0 otherwise)",
}

#: Paths that hold a stand-in on purpose: compared by class name only in neither run.
APPROXIMATE = {
    "model_config.hf_config": "the checkpoint's config: transformers' PretrainedConfig in "
                              "vLLM, a stand-in with the attributes the config layer reads "
                              "in vllm_config",
    "model_config.hf_text_config": "as hf_config",
}


# --- worker side (runs inside the vLLM venv) -----------------------------------------


def _install_alias() -> None:
    """Make `import vllm.config[.x]` return `vllm_config[.x]`."""
    import importlib
    import importlib.abc
    import importlib.machinery

    class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
        def find_spec(self, fullname, path=None, target=None):
            if fullname == "vllm.config" or fullname.startswith("vllm.config."):
                target_name = "vllm_config" + fullname[len("vllm.config"):]
                if importlib.util.find_spec(target_name) is None:
                    return None
                return importlib.machinery.ModuleSpec(fullname, self,
                                                      is_package=fullname == "vllm.config")
            return None

        def create_module(self, spec):
            return importlib.import_module("vllm_config" + spec.name[len("vllm.config"):])

        def exec_module(self, module):
            pass

    import importlib.util  # noqa: F811 - the finder needs it bound

    sys.meta_path.insert(0, _Alias())


def _encode(value, depth=0):
    import dataclasses
    import enum

    if depth > 12:
        return "<deep>"
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, dict):
        return {str(k): _encode(v, depth + 1) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return sorted((_encode(v, depth + 1) for v in value), key=repr)
    if isinstance(value, list | tuple):
        return [_encode(v, depth + 1) for v in value]
    module = type(value).__module__
    if module == "torch":
        return repr(value)
    if isinstance(value, type):
        return f"<class {value.__qualname__}>"
    if callable(value) and not dataclasses.is_dataclass(value):
        return f"<callable {getattr(value, '__qualname__', type(value).__name__)}>"
    if "QuantizationConfig" in [c.__name__ for c in type(value).__mro__]:
        attrs = {k: _encode(v, depth + 1) for k, v in sorted(vars(value).items())
                 if not k.startswith("__")}
        return {"class": type(value).__name__, "attrs": attrs}
    return f"<{type(value).__name__}>"


def _flatten(obj, prefix, out, depth=0, encode=None):
    import dataclasses

    encode = encode or _encode
    if (dataclasses.is_dataclass(obj) and not isinstance(obj, type) and depth < 6
            and type(obj).__module__.startswith(("vllm.config", "vllm_config"))):
        for f in dataclasses.fields(obj):
            try:
                value = getattr(obj, f.name)
            except Exception as exc:  # noqa: BLE001 - a missing attribute is a finding
                value = f"<error {type(exc).__name__}>"
            _flatten(value, f"{prefix}{f.name}.", out, depth + 1, encode)
        return
    out[prefix.rstrip(".")] = encode(obj)


def prepare_vllm(alias: bool = False):
    """Import vLLM on its CPU platform, quietly; return a maker of `vllm serve`'s engine-
    args parser. Shared with tools/upgrade_check.py (which runs it in another release)."""
    import logging
    import warnings

    if alias:
        _install_alias()
    logging.disable(logging.WARNING)
    warnings.simplefilter("ignore")
    # The scratch vLLM is a CUDA build on a machine without a GPU: its platform
    # detection finds nothing, so CPU is selected as the recording did.
    import vllm.platforms as platforms

    platforms.resolve_current_platform_cls_qualname = \
        lambda: "vllm.platforms.cpu.CpuPlatform"
    from vllm.platforms.cpu import CpuPlatform

    if type(platforms._current_platform).__name__ != "CpuPlatform":
        platforms._current_platform = CpuPlatform()
    from vllm.engine.arg_utils import AsyncEngineArgs
    from vllm.utils.argparse_utils import FlexibleArgumentParser

    logging.disable(logging.WARNING)
    return lambda: AsyncEngineArgs.add_cli_args(FlexibleArgumentParser(prog="vllm serve"))


def run_engine_case(make_parser, argv: list[str], environ: dict, encode=None,
                    usage_context: str | None = None) -> dict:
    """Parse ARGV with vLLM's parser and build its engine config: the outcome, and the
    flattened VllmConfig when it is accepted. The environment is reset first: vLLM writes
    to os.environ while it builds a config (external_launcher turns
    VLLM_ENABLE_V1_MULTIPROCESSING off), and each recorded case ran in a fresh process.
    `usage_context` names a UsageContext member (`vllm serve` passes OPENAI_API_SERVER,
    which picks the batch budgets); None builds it as create_engine_config() does."""
    import contextlib
    import io
    import traceback

    from vllm.engine.arg_utils import AsyncEngineArgs

    os.environ.clear()
    # The tools' own venv variables share vLLM's VLLM_ prefix; vLLM refuses unknown
    # VLLM_* variables under --fail-on-environ-validation, so they never reach it.
    os.environ.update({k: v for k, v in environ.items() if k not in VENV_VARIABLES})
    parser = make_parser()
    try:
        with contextlib.redirect_stderr(io.StringIO()) as err:
            ns = parser.parse_args(argv)
    except SystemExit:
        return {"stage": "parse", "ok": False,
                "error": (err.getvalue().strip().splitlines() or ["?"])[-1][:300]}
    try:
        with contextlib.redirect_stderr(io.StringIO()), \
                contextlib.redirect_stdout(io.StringIO()):
            engine_args = AsyncEngineArgs.from_cli_args(ns)
            context = None
            if usage_context is not None:
                from vllm.usage.usage_lib import UsageContext

                context = UsageContext[usage_context]
            config = engine_args.create_engine_config(context)
    except Exception as exc:  # noqa: BLE001 - the outcome is recorded
        tb = traceback.extract_tb(exc.__traceback__)
        where = f"{Path(tb[-1].filename).name}:{tb[-1].lineno}" if tb else "?"
        return {"stage": "engine", "ok": False,
                "error": f"{type(exc).__name__}: {str(exc)[:300]}", "where": where}
    flat: dict = {}
    _flatten(config, "", flat, encode=encode)
    return {"stage": "engine", "ok": True, "config": flat}


def _worker(mode: str, cases_file: str, out_file: str) -> None:
    make_parser = prepare_vllm(alias=mode != "native")
    cases = json.loads(Path(cases_file).read_text())
    environ = dict(os.environ)
    results = {case["id"]: run_engine_case(make_parser, ["--model", str(CHECKPOINT),
                                                         *case["argv"]], environ)
               for case in cases}
    Path(out_file).write_text(json.dumps(results, default=str))


# --- driver side ---------------------------------------------------------------------


def _run_worker(python: Path, release: str, mode: str, platform: str | None,
                cases: list[dict]) -> dict:
    # both runs read this host's CPU flags: nothing states others
    env = {k: v for k, v in os.environ.items()
           if k not in ("CFGC_PLATFORM", "CFGC_HOST_CPU_FLAGS")}
    env["CFGC_RELEASE"] = release  # the aliased run loads that release's package
    env.update(VLLM_TARGET_DEVICE="cpu", HF_HUB_OFFLINE="1", TOKENIZERS_PARALLELISM="false",
               VLLM_LOGGING_LEVEL="ERROR")
    if mode != "native":
        env["PYTHONPATH"] = os.pathsep.join(
            [str(ROOT / "generated"), str(ROOT / "codegen"), env.get("PYTHONPATH", "")])
    if platform:
        env["CFGC_PLATFORM"] = platform
    with tempfile.TemporaryDirectory(prefix="engine-compat-") as tmp:
        cases_file = Path(tmp) / "cases.json"
        out_file = Path(tmp) / "out.json"
        cases_file.write_text(json.dumps(cases))
        proc = subprocess.run(
            [str(python), str(Path(__file__).resolve()), "--worker", mode,
             str(cases_file), str(out_file)],
            env=env, cwd=tmp, capture_output=True, text=True, check=False)
        if not out_file.exists():
            sys.exit(f"engine_config_compat: the {mode} run failed:\n{proc.stderr[-3000:]}")
        return json.loads(out_file.read_text())


def compare(native: dict, ours: dict) -> dict:
    """One case: agree, and what differs."""
    if not native["ok"] or not ours["ok"]:
        if not native["ok"] and not ours["ok"]:
            return {"agree": True, "kind": "both reject"}
        if native["ok"]:
            return {"agree": False, "kind": f"ours rejects ({ours['stage']})",
                    "detail": ours["error"] + (f" [{ours.get('where')}]" if ours.get("where")
                                               else "")}
        return {"agree": False, "kind": "vLLM rejects, ours accepts",
                "detail": native["error"]}
    mismatches = {}
    for path, want in native["config"].items():
        if (path in VOLATILE or any(path.endswith("." + v) for v in VOLATILE)
                or any(path.endswith(a) for a in APPROXIMATE)):
            continue
        got = ours["config"].get(path, "<missing>")
        if got != want:
            mismatches[path] = {"vllm": want, "ours": got}
    return {"agree": not mismatches, "kind": "values differ" if mismatches else "equal",
            "mismatches": mismatches}


def _show(value: object) -> str:
    text = json.dumps(value, default=str)
    return text if len(text) <= 100 else text[:97] + "..."


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output quietly
    if argv is None and len(sys.argv) > 1 and sys.argv[1] == "--worker":
        _worker(*sys.argv[2:5])
        return 0
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--platform", choices=["none", "cpu", "both"], default="both",
                    help="CFGC_PLATFORM for the aliased run (none: unset)")
    ap.add_argument("--case", help="one case id")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--json", type=Path, help="write every result here")
    ap.add_argument("--release", default="0.25.1",
                    help="the vLLM release to run, on its recorded command lines "
                         "(default 0.25.1)")
    vllm_venv.add_venv_argument(ap)
    args = ap.parse_args(argv)
    python = vllm_venv.vllm_python("engine_config_compat", args.release, args.venv)
    fixtures = fixtures_of(args.release)
    if not fixtures.is_file():
        sys.exit(f"engine_config_compat: no recorded command lines of {args.release} "
                 f"at {fixtures}")
    data = json.loads(fixtures.read_text())
    cases = [c for c in [*data["valid"], *data["invalid"]] if args.case in (None, c["id"])]
    native = _run_worker(python, args.release, "native", None, cases)
    # Sanity: the native run against the recording (accept/reject only).
    recorded_ok = {c["id"]: c["parse"]["ok"] and c.get("engine", {}).get("ok", False)
                   for c in cases}
    same = sum(recorded_ok[i] == native[i]["ok"] for i in recorded_ok)
    print(f"native vLLM run vs the recording: same outcome (accept/reject) in "
          f"{same}/{len(cases)}")
    report: dict = {"native": native, "runs": {}}
    for platform in (["none", "cpu"] if args.platform == "both" else [args.platform]):
        ours = _run_worker(python, args.release, "alias",
                           None if platform == "none" else platform, cases)
        rows = {cid: compare(native[cid], ours[cid]) for cid in native}
        report["runs"][platform] = {"ours": ours, "rows": rows}
        agree = sum(r["agree"] for r in rows.values())
        kinds = collections.Counter(r["kind"] for r in rows.values() if not r["agree"])
        paths = collections.Counter(p for r in rows.values() for p in r.get("mismatches", {}))
        errors = collections.Counter(r["detail"][:150] for r in rows.values()
                                     if r["kind"].startswith("ours rejects"))
        label = "no platform given" if platform == "none" else f"CFGC_PLATFORM={platform}"
        print(f"\n[{label}] agree: {agree}/{len(rows)}")
        for kind, n in kinds.most_common():
            print(f"  {n:4d}  {kind}")
        if errors:
            print("  our rejections:")
            for text, n in errors.most_common(args.top):
                print(f"  {n:4d}  {text}")
        if paths:
            print(f"  most common differing paths (of {len(paths)}):")
            for path, n in paths.most_common(args.top):
                print(f"  {n:4d}  {path}")
        if args.verbose:
            for cid, r in rows.items():
                if r["agree"]:
                    continue
                case = next(c for c in cases if c["id"] == cid)
                print(f"  {cid} {case['cmdline']}\n      {r['kind']}: {r.get('detail', '')}")
                for path, m in r.get("mismatches", {}).items():
                    print(f"      {path}: vllm {_show(m['vllm'])}, ours {_show(m['ours'])}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
