"""vLLM 0.33.0 as transcribed for the model group of schema files (model, multimodal,
lora, load, pooler, speculative, structured outputs, reasoning): a few behaviours that
differ from 0.25.1, each checked in a fresh interpreter with CFGC_RELEASE, and through
`vllm-config --release`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TINY = ROOT / "tests" / "fixtures" / "parity" / "tiny-opt"

PROBE = r"""
import dataclasses, json, warnings
warnings.simplefilter("ignore")
import vllm_config as p
from vllm_config import (LoRAConfig, ModelConfig, MultiModalConfig, PoolerConfig,
                         SpeculativeConfig)

def rejected(make):
    try:
        make()
    except Exception:
        return True
    return False

model_fields = {f.name for f in dataclasses.fields(ModelConfig)}
out = {"release": p.RELEASE,
       "model_fields": sorted(model_fields & {
           "enable_return_routed_experts", "override_attention_dtype",
           "return_sampling_mask", "enable_trace_replay", "enable_nccl_comm_suspend",
           "sleep_mode_offload_cudagraph", "sleep_preserve_parameter_names",
           "is_submodel_config", "word_embeddings_untied_by_checkpoint"})}
if p.RELEASE == "0.33.0":
    out["mm_device"] = MultiModalConfig(mm_processor_device="cpu").mm_processor_kwargs
    out["mm_device_given"] = MultiModalConfig(
        mm_processor_device="cpu", mm_processor_kwargs={"device": "cuda"}).mm_processor_kwargs
    out["mm_defaults"] = [MultiModalConfig().mm_hasher_algorithm,
                          MultiModalConfig().video_pruning_method,
                          MultiModalConfig(video_pruning_rate=0.5).get_video_pruning_spec()]
    out["mm_normalize_hashed"] = (MultiModalConfig().compute_hash()
                                  != MultiModalConfig(mm_device_do_normalize=False).compute_hash())
    out["fly_window"] = SpeculativeConfig(method="ngram", num_speculative_tokens=4,
                                          rejection_sample_method="fly").fly_window_size
    out["fly_one_token_rejected"] = rejected(lambda: SpeculativeConfig(
        method="ngram", num_speculative_tokens=1, rejection_sample_method="fly"))
    out["medusa_rejected"] = rejected(lambda: SpeculativeConfig(method="medusa"))
    out["lora_shared_hashed"] = (LoRAConfig().compute_hash()
                                 != LoRAConfig(enable_moe_shared_loras=True).compute_hash())
    out["lora_cls_labels_0_rejected"] = rejected(lambda: LoRAConfig(max_lora_cls_labels=0))
    out["pooler_flash"] = PoolerConfig().enable_flash_late_interaction
print(json.dumps(out))
"""


def probe(release: str) -> dict:
    env = {**os.environ, "CFGC_RELEASE": release}
    proc = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True,
                          text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_model_config_fields_per_release() -> None:
    old, new = probe("0.25.1"), probe("0.33.0")
    assert old["release"] == "0.25.1" and new["release"] == "0.33.0"
    assert old["model_fields"] == ["enable_return_routed_experts", "override_attention_dtype"]
    assert new["model_fields"] == [
        "enable_nccl_comm_suspend", "enable_trace_replay", "is_submodel_config",
        "return_sampling_mask", "sleep_mode_offload_cudagraph",
        "sleep_preserve_parameter_names", "word_embeddings_untied_by_checkpoint"]


def test_behaviours_of_0_33_0() -> None:
    new = probe("0.33.0")
    # --mm-processor-device folds into mm_processor_kwargs; an explicit device wins.
    assert new["mm_device"] == {"device": "cpu"}
    assert new["mm_device_given"] == {"device": "cuda"}
    assert new["mm_defaults"] == ["blake3", "evs", ["evs", 0.5]]
    assert new["mm_normalize_hashed"] is True
    # FLy verification: window derived from the draft length; needs 2 or more tokens.
    assert new["fly_window"] == 3
    assert new["fly_one_token_rejected"] is True
    assert new["medusa_rejected"] is True
    assert new["lora_shared_hashed"] is True
    assert new["lora_cls_labels_0_rejected"] is True
    assert new["pooler_flash"] is True


def cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    exe = Path(sys.executable).parent / "vllm-config"
    return subprocess.run([str(exe), *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=300, env={**os.environ, **(env or {})})


def test_flags_of_0_33_0() -> None:
    base = ["show", "--format", "json", "--platform", "cpu", "--model", str(TINY)]
    proc = cli("--release", "0.33.0", *base, "--enable-nccl-comm-suspend",
               "--disable-sliding-window", "--enable-sliding-window",
               "--return-sampling-mask", "--logprobs-mode", "processed_logprobs",
               "--sleep-mode-backend", "cumem",
               env={"VLLM_USE_V2_MODEL_RUNNER": "1"})  # the sampling mask needs it
    assert proc.returncode == 0, proc.stderr
    model = json.loads(proc.stdout)["model_config"]["values"]
    assert model["enable_nccl_comm_suspend"] is True
    assert model["return_sampling_mask"] is True
    assert model["disable_sliding_window"] is False  # --enable-sliding-window is its negation
    # The removed flag is gone in 0.33.0 and still works in 0.25.1.
    gone = cli("--release", "0.33.0", *base, "--override-attention-dtype", "float16")
    assert gone.returncode != 0 and "--override-attention-dtype" in gone.stderr
    assert cli(*base, "--override-attention-dtype", "float16").returncode == 0
    assert cli(*base, "--enable-sliding-window").returncode != 0
