"""VllmConfig.quant_config and the quantization the checkpoint decides agree with vLLM
0.25.1 on the quantized tiny checkpoints of tests/fixtures/quant/cases.json (vLLM's
values recorded by tools/record_quant_configs.py; vLLM is never imported here)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tools.record_quant_configs import CASES, engine_kwargs, recording, write_checkpoint
from vllm_config import ModelConfig, VllmConfig
from vllm_config.platforms import using_platform

DATA = json.loads(CASES.read_text())
RECORDED = json.loads(recording("0.25.1").read_text())

#: Attributes of vLLM's objects that name its engine classes, not settings.
ENGINE_ONLY = {"LinearMethodCls"}
#: Attributes vLLM fills from a set (its order is arbitrary): compared sorted.
ORDER_FREE = {"modules_in_block_to_quantize", "modules_to_not_convert"}


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _ours(case: dict[str, Any], tmp_path: Path) -> dict[str, Any]:
    folder = write_checkpoint(DATA["config"], case, tmp_path)
    # vLLM's recording ran on its CPU platform
    with using_platform("cpu"):
        try:
            config = VllmConfig(model_config=ModelConfig(model=str(folder),
                                                         **engine_kwargs(case)))
        except ValueError as exc:
            return {"ok": False, "error": str(exc)}
    q = config.quant_config
    if q is None:
        return {"ok": True, "quantization": config.model_config.quantization, "class": None}
    return {"ok": True, "quantization": config.model_config.quantization,
            "class": type(q).__name__, "name": q.get_name(),
            "min_capability": q.get_min_capability(), "act_dtypes": q.get_supported_act_dtypes(),
            "attrs": _plain(vars(q))}


def _comparable(result: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in result.items() if k != "error"}
    if "attrs" in out:
        out["attrs"] = {k: sorted(v) if k in ORDER_FREE else v
                        for k, v in out["attrs"].items() if k not in ENGINE_ONLY}
    return out


@pytest.mark.parametrize("case", DATA["cases"], ids=lambda c: c["id"])
def test_quant_config_matches_vllm(case: dict[str, Any], tmp_path: Path) -> None:
    want = RECORDED[case["id"]]
    got = _ours(case, tmp_path)
    if not want["ok"]:
        assert not got["ok"], f"vLLM rejects it: {want['error']}"
        return
    assert got["ok"], got.get("error")
    assert _comparable(got) == _comparable(want)


def test_every_case_is_recorded_and_most_build_a_config() -> None:
    assert sorted(RECORDED) == sorted(c["id"] for c in DATA["cases"])
    built = {v["class"] for v in RECORDED.values() if v["ok"]}
    assert {"Fp8Config", "AutoGPTQConfig", "AutoAWQConfig", "BitsAndBytesConfig",
            "CompressedTensorsConfig", "ModelOptFp8Config", "ModelOptNvFp4Config"} <= built


def test_the_checkpoint_decides_the_method_and_the_hash_sees_it(tmp_path: Path) -> None:
    """A GPTQ checkpoint resolves quantization to auto_gptq (ModelConfig's hash covers
    it); quant_config itself stays out of VllmConfig's hash, as in vLLM."""
    gptq = next(c for c in DATA["cases"] if c["id"] == "gptq")
    plain = {**gptq, "id": "plain", "quantization_config": None}
    quantized = ModelConfig(model=str(write_checkpoint(DATA["config"], gptq, tmp_path)))
    unquantized = ModelConfig(model=str(write_checkpoint(DATA["config"], plain, tmp_path)))
    assert (quantized.quantization, unquantized.quantization) == ("auto_gptq", None)
    assert quantized.compute_hash() != unquantized.compute_hash()
    config = VllmConfig(model_config=quantized)
    assert config.quant_config is not None
    assert "quant_config" not in config.hash_factors()


def test_awq_runs_as_auto_awq_off_cpu(tmp_path: Path) -> None:
    awq = next(c for c in DATA["cases"] if c["id"] == "awq")
    with using_platform("cuda"):
        config = ModelConfig(model=str(write_checkpoint(DATA["config"], awq, tmp_path)))
    assert config.quantization == "auto_awq"
