"""Record what SpeculativeConfig.hf_config_override makes of MTP targets' configs.

    <venv>/bin/python tools/record_mtp_drafts.py --out tests/fixtures/mtp/0.33.0.json
    CFGC_RELEASE=0.33.0 python tools/record_mtp_drafts.py --ours tests/fixtures/mtp/0.33.0.json

The first form runs in a scratch venv that holds the vLLM release (its CPU platform,
offline; nothing is downloaded): each case of tools/parity_cases/mtp_configs.json (or
--cases) is built as a transformers PretrainedConfig from its small dict and given to
vLLM's `SpeculativeConfig.hf_config_override`; the outcome is written with the case. The
second form does the same with `vllm_config` (the release CFGC_RELEASE selects) for the
cases of a recording and prints the outcomes as JSON: what tests/test_vllm_compat_mtp.py
compares. Neither form needs the other's package.

An outcome is the config returned (`"returned"`: the one given, its text_config, or
another object), that config and the one given afterwards (both as their attributes,
nested configs alike, leaving out what a fresh PretrainedConfig has with the same value,
so that transformers versions may differ), or the exception's type.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tools" / "parity_cases" / "mtp_configs.json"
#: Keys of a case's dict that become configs of their own (the rest stay dicts).
SUBCONFIGS = ("text_config", "decoder")


def build(data: dict[str, Any]) -> Any:
    """The case's dict as a PretrainedConfig (sub-configs too)."""
    from transformers import PretrainedConfig

    values = {k: build(v) if k in SUBCONFIGS else v for k, v in data.items()}
    model_type = values.pop("model_type", None)
    config = PretrainedConfig(**values)
    if model_type is not None:
        config.model_type = model_type
    return config


def plain(config: Any, base: dict[str, Any] | None = None) -> dict[str, Any]:
    """A config's attributes as JSON, minus what a fresh PretrainedConfig holds alike."""
    from transformers import PretrainedConfig

    if base is None:
        base = {k: v for k, v in vars(PretrainedConfig()).items()}
    out: dict[str, Any] = {"model_type": getattr(config, "model_type", None)}
    for key, value in sorted(vars(config).items()):
        if key.startswith("_") or key == "transformers_version":
            continue
        if key in base and base[key] == value:
            continue
        out[key] = plain(value, base) if isinstance(value, PretrainedConfig) else value
    return json.loads(json.dumps(out, default=repr))


def outcome(override: Any, case: dict[str, Any]) -> dict[str, Any]:
    """What `override` (an hf_config_override) makes of the case."""
    config = build(case["config"])
    text = getattr(config, "text_config", None)
    kwargs = {}
    if "transformers_mtp_overrides" in case:
        kwargs["transformers_mtp_overrides"] = case["transformers_mtp_overrides"]
    try:
        result = override(config, **kwargs)
    except Exception as exc:  # noqa: BLE001 - the exception's type is the outcome
        return {"error": type(exc).__name__}
    returned = "given" if result is config else "text_config" if (
        text is not None and result is text) else "other"
    return {"returned": returned, "result": plain(result), "given_after": plain(config)}


def record(override: Any, cases: list[dict[str, Any]], release: str) -> list[dict]:
    out = []
    for case in cases:
        if "added" in case and _older(release, case["added"]):
            continue
        out.append({**case, "outcome": outcome(override, case)})
    return out


def _older(release: str, than: str) -> bool:
    return tuple(map(int, release.split("."))) < tuple(map(int, than.split(".")))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--out", type=Path, help="record the installed vLLM into this file")
    mode.add_argument("--ours", type=Path, metavar="RECORDING",
                      help="run vllm_config on the cases of a recording (JSON to stdout)")
    parser.add_argument("--cases", type=Path, default=CASES, help="the cases (with --out)")
    args = parser.parse_args(argv)
    if args.ours is not None:
        if not args.ours.is_file():
            print(f"record_mtp_drafts: no recording at {args.ours}", file=sys.stderr)
            return 2
        import vllm_config
        from vllm_config import SpeculativeConfig

        recorded = json.loads(args.ours.read_text())
        cases = [{k: v for k, v in c.items() if k != "outcome"} for c in recorded["cases"]]
        print(json.dumps({"release": vllm_config.RELEASE, "cases": record(
            SpeculativeConfig.hf_config_override, cases, vllm_config.RELEASE)}))
        return 0
    os.environ.setdefault("VLLM_TARGET_DEVICE", "cpu")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("VLLM_LOGGING_LEVEL", "ERROR")
    try:
        import vllm
        from vllm.config import SpeculativeConfig
    except ImportError as exc:
        print(f"record_mtp_drafts: --out runs in a venv with vLLM installed ({exc})",
              file=sys.stderr)
        return 2
    cases = json.loads(args.cases.read_text())["cases"]
    data = {
        "about": "What vLLM's SpeculativeConfig.hf_config_override makes of each case of "
                 "tools/parity_cases/mtp_configs.json, recorded by tools/record_mtp_drafts.py "
                 "(its doc says how an outcome is written).",
        "release": vllm.__version__,
        "cases": record(SpeculativeConfig.hf_config_override, cases, vllm.__version__),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1) + "\n")
    errors = sum("error" in c["outcome"] for c in data["cases"])
    print(f"{len(data['cases'])} cases ({errors} raise) -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
