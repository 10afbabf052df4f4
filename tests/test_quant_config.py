"""VllmConfig.quant_config and the quantization the checkpoint decides agree with each
listed vLLM release on the quantized tiny checkpoints of tests/fixtures/quant/cases.json
(vLLM's values recorded by tools/record_quant_configs.py --release R; vLLM is never
imported here)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import vllm_config
import vllm_config.quantization
from cfgc.checkpoint import quant
from cfgc.checkpoint.quant import traits
from tests.listed_releases import RELEASES
from tools.record_quant_configs import (
    CASES,
    agrees,
    comparable,
    ours,
    ours_all,
    recording,
    write_checkpoint,
)
from vllm_config import ModelConfig, VllmConfig
from vllm_config.platforms import using_platform

DATA = json.loads(CASES.read_text())
RECORDED = json.loads(recording("0.25.1").read_text())

_ONLINE_FP8 = ("-q fp8 on an unquantized checkpoint builds this release's online "
               "quantization config (engine classes); quant_config stays None here")
_CT_DEFAULTS = ("recorded with compressed-tensors 0.17.0, whose scheme arguments mark zp_dtype "
                "and observer as set (a re-recording of 0.33.0 shows them too); the 0.25.1 "
                "and 0.33.0 recordings predate it, and ours leaves them unset as they do")
#: Cases where a release differs from its vLLM on purpose: release -> case -> why.
DIFFERS: dict[str, dict[str, str]] = {
    "0.26.0": dict.fromkeys(("ct-fp8", "ct-kv-fp8", "ct-w4a16"), _CT_DEFAULTS),
    "0.27.1": dict.fromkeys(("ct-fp8", "ct-kv-fp8", "ct-w4a16"), _CT_DEFAULTS),
    "0.28.0": dict.fromkeys(("ct-fp8", "ct-kv-fp8", "ct-w4a16"), _CT_DEFAULTS),
    "0.29.0": dict.fromkeys(("ct-fp8", "ct-kv-fp8", "ct-w4a16"), _CT_DEFAULTS),
    "0.30.0": dict.fromkeys(("ct-fp8", "ct-kv-fp8", "ct-w4a16"), _CT_DEFAULTS),
    "0.31.0": {**dict.fromkeys(("ct-fp8", "ct-kv-fp8", "ct-w4a16"), _CT_DEFAULTS),
               "fp8-flag": _ONLINE_FP8},
    "0.32.0": {**dict.fromkeys(("ct-fp8", "ct-kv-fp8", "ct-w4a16"), _CT_DEFAULTS),
               "fp8-flag": _ONLINE_FP8},
    "0.33.0": {"fp8-flag": _ONLINE_FP8},
}


def _case(case_id: str) -> dict[str, Any]:
    return next(c for c in DATA["cases"] if c["id"] == case_id)


@pytest.mark.parametrize("case", DATA["cases"], ids=lambda c: c["id"])
def test_quant_config_matches_vllm(case: dict[str, Any], tmp_path: Path) -> None:
    want = RECORDED[case["id"]]
    got = ours(DATA["config"], case, tmp_path)
    if not want["ok"]:
        assert not got["ok"], f"vLLM rejects it: {want['error']}"
        return
    assert got["ok"], got.get("error")
    assert comparable(got) == comparable(want)


@pytest.mark.parametrize("release", RELEASES)
def test_release_matches_its_vllm(release: str) -> None:
    assert recording(release).is_file(), (
        f"no quantization recording of vLLM {release}: run tools/record_quant_configs.py "
        f"--release {release} (tests/facts/releases/README.md says where its venv comes from)")
    want = json.loads(recording(release).read_text())
    got = ours_all(release)
    differ = {k for k in want if not agrees(want[k], got[k])}
    assert differ == set(DIFFERS.get(release, {})), {k: (want[k], got[k]) for k in differ}


def test_what_0_33_0_changed_shows() -> None:
    """GPTQ activation order and bitsandbytes are refused, FP8 configs match ignored
    layers exactly, ModelOpt FP8 needs capability 80, and ModelOpt per-block FP8 turns
    the quant_fp8 custom op on (not in 0.25.1)."""
    got = ours_all("0.33.0")
    assert not got["gptq-flag-marlin"]["ok"] and not got["bnb-4bit"]["ok"]
    assert got["fp8-block"]["attrs"]["ignored_layers_match_mode"] == "exact"
    assert got["modelopt-fp8"]["min_capability"] == 80
    assert "+quant_fp8" in got["modelopt-fp8-pb-wo"]["related"]["compilation_config.custom_ops"]
    assert "+quant_fp8" not in RECORDED["modelopt-fp8-pb-wo"]["related"][
        "compilation_config.custom_ops"]


def test_every_case_is_recorded_and_most_build_a_config() -> None:
    assert sorted(RECORDED) == sorted(c["id"] for c in DATA["cases"])
    built = {v["class"] for v in RECORDED.values() if v["ok"]}
    assert {"Fp8Config", "AutoGPTQConfig", "AutoAWQConfig", "BitsAndBytesConfig",
            "CompressedTensorsConfig", "ModelOptFp8Config", "ModelOptNvFp4Config"} <= built


def test_the_checkpoint_decides_the_method_and_the_hash_sees_it(tmp_path: Path) -> None:
    """A GPTQ checkpoint resolves quantization to auto_gptq (ModelConfig's hash covers
    it); quant_config itself stays out of VllmConfig's hash, as in vLLM."""
    plain = {**_case("gptq"), "id": "plain", "quantization_config": None}
    quantized = ModelConfig(model=str(write_checkpoint(DATA["config"], _case("gptq"),
                                                       tmp_path)))
    unquantized = ModelConfig(model=str(write_checkpoint(DATA["config"], plain, tmp_path)))
    assert (quantized.quantization, unquantized.quantization) == ("auto_gptq", None)
    assert quantized.compute_hash() != unquantized.compute_hash()
    config = VllmConfig(model_config=quantized)
    assert config.quant_config is not None
    assert "quant_config" not in config.hash_factors()


def test_awq_runs_as_auto_awq_off_cpu(tmp_path: Path) -> None:
    with using_platform("cuda"):
        config = ModelConfig(model=str(write_checkpoint(DATA["config"], _case("awq"),
                                                        tmp_path)))
    assert config.quantization == "auto_awq"


def test_a_method_the_checkpoint_contradicts_is_refused(tmp_path: Path) -> None:
    folder = write_checkpoint(DATA["config"], _case("gptq"), tmp_path)
    with pytest.raises(ValueError, match="quantized with gptq, which does not match "
                                         "--quantization fp8"):
        ModelConfig(model=str(folder), quantization="fp8")


def _traits_of(release: str) -> dict[str, Any]:
    """The `_QUANT_CONFIG_TRAITS` of a release's package, from a fresh interpreter."""
    code = ("import json; from vllm_config.quantization import _QUANT_CONFIG_TRAITS as t; "
            "print(json.dumps(t))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "CFGC_RELEASE": release}, check=True)
    return json.loads(proc.stdout)


@pytest.mark.parametrize("release", vllm_config.RELEASES)
def test_each_release_declares_every_trait_the_library_reads(release: str) -> None:
    """Each release's traits have the same keys, name only the library's classes, and
    give each a capability (the library looks them up without a default)."""
    got = _traits_of(release)
    assert set(got) == set(traits())
    built = {name for name in got["methods"].values() if name is not None}
    assert built <= set(quant.CLASSES) == set(got["min_capability"])
    assert set(got["attributes"]) <= set(quant.CLASSES)
    assert all(isinstance(v, int) and v > 0 for v in got["min_capability"].values())


def test_the_library_follows_the_traits_not_the_release(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """0.25.1's package with 0.33.0-like traits behaves as 0.33.0 does: the code reads
    the data, not which release is loaded."""
    changed = {**traits(), "gptq_activation_order": False,
               "methods": {**traits()["methods"], "bitsandbytes": None},
               "min_capability": {**traits()["min_capability"], "ModelOptFp8Config": 80},
               "attributes": {"Fp8Config": {"ignored_layers_match_mode": "exact"}},
               "modelopt_block_algorithms": ["FP8_PB_WO"],
               "fp8_quantizes_online": False}
    monkeypatch.setattr(vllm_config.quantization, "_QUANT_CONFIG_TRAITS", changed)
    got = {case: ours(DATA["config"], _case(case), tmp_path / case)
           for case in ("gptq-flag-marlin", "bnb-flag", "modelopt-fp8", "fp8-block",
                        "modelopt-fp8-pb-wo", "fp8-flag")}
    assert not got["gptq-flag-marlin"]["ok"]
    assert "activation ordering" in got["gptq-flag-marlin"]["error"]
    assert got["bnb-flag"]["ok"] and got["bnb-flag"]["class"] is None
    assert got["modelopt-fp8"]["min_capability"] == 80
    assert got["fp8-block"]["attrs"]["ignored_layers_match_mode"] == "exact"
    assert "+quant_fp8" in got["modelopt-fp8-pb-wo"]["related"][
        "compilation_config.custom_ops"]
    assert got["fp8-flag"]["ok"] and got["fp8-flag"]["class"] is None
    with pytest.raises(ValueError, match="FP8 checkpoints only"):
        quant.Fp8Config(is_checkpoint_fp8_serialized=False)


def test_modelopt_flat_configs_read_the_exclude_keys_the_release_lists(
        monkeypatch: pytest.MonkeyPatch) -> None:
    flat = {"quant_algo": "FP8", "exclude_modules": ["lm_head"]}
    assert quant.ModelOptFp8Config.from_config(flat).exclude_modules == []
    monkeypatch.setattr(vllm_config.quantization, "_QUANT_CONFIG_TRAITS", {
        **traits(), "modelopt_flat_exclude_keys": ["ignore", "exclude_modules"]})
    assert quant.ModelOptFp8Config.from_config(flat).exclude_modules == ["lm_head"]
    both = {**flat, "ignore": ["embed"]}
    assert quant.ModelOptFp8Config.from_config(both).exclude_modules == ["embed"]
