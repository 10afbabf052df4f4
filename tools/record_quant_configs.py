"""Record vLLM's quantization config (`VllmConfig.quant_config`) for the quantized tiny
checkpoints of tests/fixtures/quant/cases.json, so that tests/test_quant_config.py can
compare ours without vLLM.

Each case is written as a checkpoint folder (the fixture's config.json with the case's
quantization_config, side files, and a safetensors file holding only a header), then
vLLM's `EngineArgs(model=folder, quantization=..., dtype=...).create_engine_config()`
runs on its CPU platform in the scratch venv (as tools/engine_config_compat.py does), and
the outcome is stored: the resolved model_config.quantization, the settings the
quantization moves elsewhere (RELATED: custom ops, fusion passes, load format), the
quant_config's class,
get_name(), get_min_capability(), get_supported_act_dtypes() and its attributes (plain
values; torch dtypes by name, scalar types by vLLM's name, pydantic settings as the
values they were given, None ones left out, classes by name), or the error when vLLM
rejects the case.

    python tools/record_quant_configs.py                   # -> fixtures/quant/vllm_0_25_1.json
    python tools/record_quant_configs.py --release 0.33.0  # -> fixtures/quant/vllm_0_33_0.json
    python tools/record_quant_configs.py --compare [--release 0.33.0]  # ours vs recorded

`--compare` builds ours the same way (VllmConfig on the cpu platform profile, in a
fresh interpreter with CFGC_RELEASE) and prints the cases that differ and the count.

The venv holding the release is `--venv DIR`, else $VLLM_VENV, else $VLLM_VENVS/RELEASE
(tools/vllm_venv.py; tools/release_venv.sh makes one). Never part of the test command
(it needs vLLM).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from typing import Any

import vllm_venv  # noqa: E402 - tools/ is on the path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "quant"
CASES = FIXTURES / "cases.json"


def recording(release: str) -> Path:
    """Where a release's recording is kept."""
    return FIXTURES / f"vllm_{release.replace('.', '_')}.json"


def write_checkpoint(base: dict[str, Any], case: dict[str, Any], folder: Path) -> Path:
    """The case's checkpoint folder under `folder` (created): config.json, side files
    and a header-only safetensors file. Shared with the test."""
    path = folder / case["id"]
    path.mkdir(parents=True)
    config = dict(base)
    if case.get("quantization_config") is not None:
        config["quantization_config"] = case["quantization_config"]
    (path / "config.json").write_text(json.dumps(config, indent=1))
    for name, content in case.get("files", {}).items():
        (path / name).write_text(json.dumps(content))
    if "safetensors" in case:
        header = {name: {"dtype": dtype, "shape": [0], "data_offsets": [0, 0]}
                  for name, dtype in case["safetensors"].items()}
        data = json.dumps(header).encode()
        (path / "model.safetensors").write_bytes(struct.pack("<Q", len(data)) + data)
    return path


#: Settings elsewhere in VllmConfig that the quantization moves (dotted paths).
RELATED = ("compilation_config.custom_ops", "compilation_config.pass_config.fuse_norm_quant",
           "compilation_config.pass_config.fuse_act_quant", "load_config.load_format")


def related(config: Any) -> dict[str, Any]:
    """The RELATED settings of a built VllmConfig (vLLM's or ours)."""
    out = {}
    for path in RELATED:
        value = config
        for part in path.split("."):
            value = getattr(value, part)
        out[path] = list(value) if isinstance(value, list) else value
    return out


def engine_kwargs(case: dict[str, Any]) -> dict[str, Any]:
    """The engine arguments a case sets besides the model."""
    return {k: case[k] for k in ("quantization", "dtype") if case.get(k) is not None}


#: vLLM's attributes that name its engine classes, not settings: never compared.
ENGINE_ONLY = {"LinearMethodCls"}
#: Attributes vLLM fills from a set (in no fixed order): compared sorted.
ORDER_FREE = {"modules_in_block_to_quantize", "modules_to_not_convert"}


def ours(base: dict[str, Any], case: dict[str, Any], folder: Path) -> dict[str, Any]:
    """Our outcome for a case, in the recording's shape: the command line vLLM's
    recording parsed (`--model FOLDER -q ... --dtype ...`), through our flags, on the cpu
    platform profile (vLLM's recording ran on its CPU platform); the loaded release."""
    import contextlib
    import io
    import warnings

    from cfgc.runtime.cli.build import build_configs
    from cfgc.runtime.cli.values import CliError
    from vllm_config import _cli_table

    path = write_checkpoint(base, case, folder)
    argv = ["--platform", "cpu", "--model", str(path)]
    for key, value in engine_kwargs(case).items():
        argv += [f"--{key}", str(value)]
    try:
        with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
            warnings.simplefilter("ignore")
            _, built = build_configs(_cli_table, argv, lambda *a, **k: None)
    except CliError as exc:
        return {"ok": False, "error": str(exc)}
    config = built.roots["VllmConfig"]
    q = config.quant_config
    out: dict[str, Any] = {"ok": True, "quantization": config.model_config.quantization,
                           "class": type(q).__name__ if q is not None else None,
                           "related": related(config)}
    if q is not None:
        out.update(name=q.get_name(), min_capability=q.get_min_capability(),
                   act_dtypes=q.get_supported_act_dtypes(),
                   attrs=json.loads(json.dumps(vars(q))))
    return out


def comparable(result: dict[str, Any]) -> dict[str, Any]:
    """What is compared of an outcome: all but the error text and engine-only
    attributes, set-filled lists sorted."""
    out = {k: v for k, v in result.items() if k != "error"}
    if "attrs" in out:
        out["attrs"] = {k: sorted(v) if k in ORDER_FREE else v
                        for k, v in out["attrs"].items() if k not in ENGINE_ONLY}
    return out


def agrees(want: dict[str, Any], got: dict[str, Any]) -> bool:
    """Both reject the case, or both accept it with the same comparable outcome."""
    if not want["ok"] or not got["ok"]:
        return not want["ok"] and not got["ok"]
    return comparable(want) == comparable(got)


def ours_all(release: str) -> dict[str, dict[str, Any]]:
    """Our outcome of every case for `release`, from a fresh interpreter."""
    env = {**os.environ, "CFGC_RELEASE": release}
    proc = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--ours"],
                          env=env, capture_output=True, text=True, check=False, cwd=ROOT)
    if proc.returncode != 0:
        raise RuntimeError(f"record_quant_configs --ours failed:\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout)


def _ours_worker() -> None:
    data = json.loads(CASES.read_text())
    with tempfile.TemporaryDirectory(prefix="quant-ours-") as tmp:
        out = {case["id"]: ours(data["config"], case, Path(tmp)) for case in data["cases"]}
    print(json.dumps(out))


# --- worker side (runs inside the vLLM venv) -----------------------------------------


def _plain(value: Any) -> Any:
    """A quantization config attribute as plain JSON data."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(_plain(v) for v in value)
    if isinstance(value, type):
        return f"<class {value.__name__}>"
    kind = type(value)
    if kind.__module__ == "torch" and kind.__name__ == "dtype":
        return str(value).removeprefix("torch.")
    if kind.__name__ == "ScalarType":
        return str(value)
    if hasattr(value, "model_dump"):  # pydantic settings (compressed-tensors)
        return _plain(value.model_dump(mode="json", exclude_unset=True,
                                             exclude_none=True))
    return f"<{kind.__name__}>"


def _worker(cases_file: str, out_file: str) -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    from engine_config_compat import prepare_vllm

    prepare_vllm()
    from vllm.engine.arg_utils import EngineArgs

    data = json.loads(Path(cases_file).read_text())
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="quant-") as tmp:
        for case in data["cases"]:
            folder = write_checkpoint(data["config"], case, Path(tmp))
            try:
                config = EngineArgs(model=str(folder), **engine_kwargs(case)) \
                    .create_engine_config()
            except Exception as exc:  # noqa: BLE001 - the outcome is recorded
                out[case["id"]] = {"ok": False, "error": f"{type(exc).__name__}: {exc}"[:400]}
                continue
            q = config.quant_config
            out[case["id"]] = {
                "ok": True, "quantization": config.model_config.quantization,
                "class": type(q).__name__ if q is not None else None,
                "related": related(config),
                **({} if q is None else {
                    "name": q.get_name(), "min_capability": q.get_min_capability(),
                    "act_dtypes": _plain(q.get_supported_act_dtypes()),
                    "attrs": {k: _plain(v) for k, v in sorted(vars(q).items())}}),
            }
    Path(out_file).write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")


def main() -> None:
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output quietly
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--release", default="0.25.1")
    vllm_venv.add_venv_argument(ap)
    ap.add_argument("--compare", action="store_true", help="compare ours with the recording")
    ap.add_argument("--out", type=Path, help="record into this file, not into "
                    "tests/fixtures/quant/vllm_R.json")
    ap.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    ap.add_argument("--ours", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        _worker(*args.worker)
        return
    if args.ours:
        _ours_worker()
        return
    if args.compare:
        if not recording(args.release).is_file():
            sys.exit(f"record_quant_configs: no recording of {args.release} at "
                     f"{recording(args.release).relative_to(ROOT)} (record it first)")
        want = json.loads(recording(args.release).read_text())
        got = ours_all(args.release)
        differ = [k for k in want if not agrees(want[k], got[k])]
        for k in differ:
            print(f"{k}: vLLM {comparable(want[k])}\n    ours {comparable(got[k])}")
        print(f"{len(want) - len(differ)}/{len(want)} cases agree with vLLM {args.release}")
        return
    python = vllm_venv.vllm_python("record_quant_configs", args.release, args.venv)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(VLLM_TARGET_DEVICE="cpu", HF_HUB_OFFLINE="1", VLLM_LOGGING_LEVEL="ERROR")
    out = (args.out or recording(args.release)).resolve()
    proc = subprocess.run([str(python), str(Path(__file__).resolve()), "--worker",
                           str(CASES), str(out)], env=env, capture_output=True, text=True,
                          check=False, cwd=tempfile.gettempdir())
    if proc.returncode != 0:
        sys.exit(f"record_quant_configs: the vLLM run failed:\n{proc.stderr[-3000:]}")
    got = json.loads(out.read_text())
    print(f"recorded {len(got)} cases ({sum(v['ok'] for v in got.values())} accepted) "
          f"-> {out}")


if __name__ == "__main__":
    main()
