"""What vLLM 0.33.0 does that cfgc's 0.33.0 missed beyond the first recordings (issue 28),
checked for each release where it holds:

- command lines (tools/parity_cases/release_0_33_0_gaps.txt, recorded from vLLM 0.25.1
  and 0.33.0 by tools/record_parity.py): trace replay and ReplaySSM refused, TurboQuant
  boundary layers and FlashAttention 2, the LoRA dtype "auto", max_cudagraph_capture_size
  when piecewise graphs are dropped;
- the constructor parameters of every dataclass of vllm.config's modules
  (tests/fixtures/constructor_fields/, recorded from each release: `--record` below),
  for every release schema/project.yaml lists;
- the architecture facts that joined ModelArchitectureConfig (num_experts_per_token,
  per_layer_overrides), against values vLLM 0.33.0 gave for the same configs.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cfgc.checkpoint.per_layer import merge_layers

from .conftest import REPO
from .listed_releases import RELEASES as LISTED
from .listed_releases import parity_report, run_in

#: The releases the gap lines were recorded from (they are about 0.33.0's gaps).
RELEASES = ("0.25.1", "0.33.0")
CASES = REPO / "tools" / "parity_cases" / "release_0_33_0_gaps.txt"
FIELDS = REPO / "tests" / "fixtures" / "constructor_fields"


def _tag(release: str) -> str:
    return release.replace(".", "_")


@pytest.mark.parametrize("release", RELEASES)
def test_recorded_gap_cases_resolve_as_vllm_does(release: str) -> None:
    fixtures = REPO / "tests" / "fixtures" / "parity" / f"gaps_{_tag(release)}_cli_cases.json"
    recorded = json.loads(fixtures.read_text())
    lines = [line for line in CASES.read_text().splitlines()
             if line.split("#", 1)[0].strip()]
    assert len(recorded["valid"]) + len(recorded["invalid"]) == len(lines)
    report = parity_report(release, fixtures)
    assert report["accepted_agree"] == report["accepted_total"] > 20
    assert report["rejected_agree"] == report["rejected_total"] > 5
    assert report["path_checks_agree"] == report["path_checks_total"]


def test_the_gap_cases_cover_what_each_release_does() -> None:
    """The recordings hold the behaviour the cases are about (not just agreement)."""
    def diff(release: str, argv: str) -> dict[str, Any] | str:
        path = REPO / "tests" / "fixtures" / "parity" / f"gaps_{_tag(release)}_cli_cases.json"
        for case in json.loads(path.read_text())["valid"]:
            if " ".join(case["argv"]) == argv:
                engine = case["engine"]
                return ({k: v["value"] for k, v in engine["config_diff_vs_no_flags"].items()}
                        if engine["ok"] else engine["error"])
        raise AssertionError(f"{argv!r} is not a recorded case of {release}")

    for release in RELEASES:
        tq = diff(release, "--kv-cache-dtype turboquant_k8v4")
        assert tq["cache_config.kv_cache_dtype_skip_layers"] == ["0", "1"]
        assert tq["attention_config.flash_attn_version"] == 2
        assert diff(release, "--enable-lora --dtype float16")["lora_config.lora_dtype"] == {
            "repr": "torch.float16"}
    new = diff("0.33.0", "-cc.mode 0 -cc.cudagraph_mode PIECEWISE")
    assert new["compilation_config.max_cudagraph_capture_size"] == 0
    assert "compilation_config.max_cudagraph_capture_size" not in diff(
        "0.25.1", "-cc.mode 0 -cc.cudagraph_mode PIECEWISE")
    assert diff("0.33.0", "--use-replayssm --performance-mode interactivity") == \
        "ValidationError"
    assert diff("0.33.0", "--enable-trace-replay") == "ValidationError"
    # 0.25.1 sorts the skip list as numbers (a name fails), 0.33.0 as text
    assert isinstance(diff("0.25.1", "--kv-cache-dtype turboquant_k8v4 "
                                     "--kv-cache-dtype-skip-layers sliding_window"), str)
    assert diff("0.33.0", "--kv-cache-dtype turboquant_k8v4 --kv-cache-dtype-skip-layers "
                          "sliding_window")["cache_config.kv_cache_dtype_skip_layers"] == [
        "0", "1", "sliding_window"]


#: Run in the package of one release: each recorded class, by name at the top level and
#: in the module of the same name, and the recorded parameters it lacks.
_FIELDS_PROBE = r"""
import importlib, inspect, json, sys
import vllm_config
classes = json.load(open(sys.argv[1]))["classes"]
out = {"missing": [], "not_found": []}
for key, params in classes.items():
    module, name = key.split(".")
    top = getattr(vllm_config, name, None)
    try:
        own = getattr(importlib.import_module(f"vllm_config.{module}"), name, None)
    except ImportError:
        own = None
    if top is None or own is not top:
        out["not_found"].append(key)
    found = top or own
    if found is not None:
        have = inspect.signature(found).parameters
        out["missing"] += [f"{key}.{p}" for p in params if p not in have]
print(json.dumps(out))
"""


@pytest.mark.parametrize("release", LISTED)
def test_every_constructor_parameter_of_vllm_config_classes_is_there(release: str) -> None:
    fixture = FIELDS / f"vllm_{_tag(release)}.json"
    assert fixture.is_file(), (f"no constructor parameters recorded from vLLM {release}: "
                               f"python -m tests.test_release_gaps --record VENV_PYTHON "
                               f"{fixture.relative_to(REPO)}")
    assert json.loads(fixture.read_text())["release"] == release
    got = run_in(release, _FIELDS_PROBE, str(fixture))
    assert got == {"missing": [], "not_found": []}


_ARCH_PROBE = r"""
import json, sys
from vllm_config import ModelConfig
arch = ModelConfig(model=sys.argv[1]).model_arch_config
print(json.dumps({k: getattr(arch, k, "absent") for k in (
    "num_experts", "num_experts_per_token", "total_num_kv_heads", "per_layer_overrides")}))
"""

#: Checkpoint configs and what vLLM 0.33.0's ModelConfig(model=...).model_arch_config
#: holds for them (read in its scratch venv).
ARCH_CASES = {
    "mixtral": ({"architectures": ["MixtralForCausalLM"], "model_type": "mixtral",
                 "hidden_size": 64, "num_attention_heads": 4, "num_key_value_heads": 2,
                 "num_hidden_layers": 2, "vocab_size": 1000, "num_local_experts": 8,
                 "num_experts_per_tok": 2, "intermediate_size": 128,
                 "max_position_embeddings": 2048, "torch_dtype": "bfloat16"},
                {"num_experts": 8, "num_experts_per_token": 2, "total_num_kv_heads": 2,
                 "per_layer_overrides": None}),
    "layers-differ": ({"architectures": ["LlamaForCausalLM"], "model_type": "llama",
                       "hidden_size": 64, "num_attention_heads": 4, "num_key_value_heads": 2,
                       "num_hidden_layers": 3, "vocab_size": 1000, "intermediate_size": 128,
                       "max_position_embeddings": 2048, "torch_dtype": "bfloat16",
                       "per_layer_config": {"0": {"num_key_value_heads": 4},
                                            "2": {"num_key_value_heads": 1}}},
                      {"num_experts": 0, "num_experts_per_token": 0, "total_num_kv_heads": 4,
                       "per_layer_overrides": [{}, {"total_num_kv_heads": 2},
                                               {"total_num_kv_heads": 1}]}),
}


@pytest.mark.parametrize("case", sorted(ARCH_CASES))
def test_architecture_facts_of_0_33_0_match_vllm(case: str, tmp_path: Path) -> None:
    config, want = ARCH_CASES[case]
    (tmp_path / "config.json").write_text(json.dumps(config))
    env_dir = tmp_path / "cache"
    code = f"import os; os.environ['CFGC_CACHE_DIR'] = {str(env_dir)!r}\n" + _ARCH_PROBE
    assert run_in("0.33.0", code, str(tmp_path)) == want
    # 0.25.1's class has neither field; the same facts (now cached) still build it
    older = run_in("0.25.1", code, str(tmp_path))
    assert older["num_experts_per_token"] == older["per_layer_overrides"] == "absent"
    assert older["total_num_kv_heads"] == want["total_num_kv_heads"]


def test_layers_that_differ_merge_numbers_only() -> None:
    layer = {"total_num_hidden_layers": 2, "total_num_kv_heads": 2, "is_deepseek_mla": False}
    assert merge_layers([layer, layer])["per_layer_overrides"] is None
    assert merge_layers([layer, {**layer, "total_num_kv_heads": 8}]) == {
        **layer, "total_num_kv_heads": 8,
        "per_layer_overrides": [{"total_num_kv_heads": 2}, {}]}
    with pytest.raises(ValueError, match="is_deepseek_mla"):
        merge_layers([layer, {**layer, "is_deepseek_mla": True}])
    with pytest.raises(ValueError, match="3 per-layer configs for 2 layers"):
        merge_layers([layer] * 3)


#: What `--record` runs in a vLLM venv: the constructor parameters of every dataclass
#: defined in a module of vllm.config.
_RECORD = r"""
import dataclasses, importlib, inspect, json, pkgutil, sys
import vllm.config
out = {}
for info in pkgutil.iter_modules(vllm.config.__path__):
    module = importlib.import_module(f"vllm.config.{info.name}")
    for name, obj in vars(module).items():
        if (inspect.isclass(obj) and obj.__module__ == module.__name__
                and dataclasses.is_dataclass(obj)):
            out[f"{info.name}.{name}"] = list(inspect.signature(obj).parameters)
print("\n" + json.dumps(out))
"""


def _record(python: str, out: Path) -> None:
    """Write the fixture of the release installed where `python` runs."""
    env = {**os.environ, "VLLM_TARGET_DEVICE": "cpu", "HF_HUB_OFFLINE": "1"}
    proc = subprocess.run([python, "-c", "import vllm; print(vllm.__version__)"],
                          capture_output=True, text=True, env=env, check=True)
    release = proc.stdout.strip().splitlines()[-1]
    proc = subprocess.run([python, "-c", _RECORD], capture_output=True, text=True,
                          env=env, check=True)
    classes = json.loads(proc.stdout.rsplit("\n", 2)[-2])  # after vLLM's log lines
    about = json.loads(out.read_text())["about"] if out.exists() else []
    out.write_text(json.dumps({"about": about, "release": release, "classes": classes},
                              indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    if sys.argv[1:2] != ["--record"] or len(sys.argv) != 4:
        sys.exit("usage: python -m tests.test_release_gaps --record VENV_PYTHON OUT")
    _record(sys.argv[2], Path(sys.argv[3]))
