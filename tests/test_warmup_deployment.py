"""A served model's warmup plan (schema/kernels.yaml's `kernels.deployment`): for public
model configs (tests/fixtures/models, config.json only) at tensor parallelism 1, 2 and
4 in bf16 and fp16, the plan is exactly the set of kernel specialisations the model's
layers hit, as tests/warmup_reference.py derives it by hand from the architecture; its
token counts reach every call's rows; each item says where its values came from; and
without a model the plan is the static one."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from . import warmup_reference as ref
from .conftest import REPO

TPS = (1, 2, 4)
DTYPES = ("bfloat16", "float16")
RELEASES = ("0.25.1", "0.33.0")
#: Ops each release's kernel set has (0.25.1 has no gelu_and_mul_sparse).
RELEASE_OPS = {"0.25.1": {"rms_norm", "fused_add_rms_norm"},
               "0.33.0": {"rms_norm", "fused_add_rms_norm", "gelu_and_mul_sparse"}}

PROBE = r"""
import json, sys, warnings
warnings.simplefilter("ignore")
from cfgc.runtime.cli.build import build_configs
import vllm_config
from vllm_config import _cli_table, warmup
out = {"release": vllm_config.RELEASE, "static": warmup.plan_for(None),
       "static_of_default_config": warmup.plan_for(vllm_config.VllmConfig()), "plans": {}}
for name, tp, dtype in json.loads(sys.argv[1]):
    _, built = build_configs(_cli_table, ["--model", sys.argv[2] + "/" + name, "-tp", str(tp),
                                          "--dtype", dtype], lambda m: None)
    cfg = built.roots["VllmConfig"]
    out["plans"][f"{name}/{tp}/{dtype}"] = {
        "items": warmup.plan_for(cfg),
        "max_num_batched_tokens": cfg.scheduler_config.max_num_batched_tokens,
        "encoder_budget": cfg.scheduler_config.max_num_encoder_input_tokens,
        "capture_sizes": cfg.compilation_config.cudagraph_capture_sizes}
print(json.dumps(out))
"""


def _probe(release: str) -> dict:
    cases = [[name, tp, dtype] for name in ref.FIXTURES for tp in TPS for dtype in DTYPES]
    proc = subprocess.run([sys.executable, "-c", PROBE, json.dumps(cases), str(ref.MODELS)],
                          capture_output=True, text=True, cwd=REPO,
                          env={**os.environ, "CFGC_RELEASE": release}, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def probes() -> dict[str, dict]:
    return {release: _probe(release) for release in RELEASES}


def _spec(item: dict) -> tuple:
    keep = {k: v for k, v in item.items()
            if k not in ("num_tokens", "max_num_tokens", "layers", "from")}
    return tuple(sorted(keep.items()))


@pytest.mark.parametrize("release", RELEASES)
@pytest.mark.parametrize("name", ref.FIXTURES)
def test_plan_is_exactly_the_specialisations_the_layers_hit(probes, release, name) -> None:
    cfg = ref.read_config(name)
    for tp in TPS:
        for dtype in DTYPES:
            items = probes[release]["plans"][f"{name}/{tp}/{dtype}"]["items"]
            got = [_spec(i) for i in items]
            assert len(got) == len(set(got)), f"{name} tp={tp}: duplicate items"
            want = {s for s in ref.expected_specs(cfg, tp, dtype)
                    if dict(s)["op"] in RELEASE_OPS[release]}
            assert set(got) == want, (name, tp, dtype, set(got) ^ want)


@pytest.mark.parametrize("name", ref.FIXTURES)
def test_token_counts_reach_every_call(probes, name) -> None:
    """Each call's rows at one token and at the largest batch are launched, and the
    item's bound is the largest rows any of its calls can have (thresholds up to it are
    asked of the kernels on the device)."""
    cfg = ref.read_config(name)
    for tp in TPS:
        probe = probes["0.33.0"]["plans"][f"{name}/{tp}/bfloat16"]
        by_spec = {_spec(i): i for i in probe["items"]}
        most: dict[tuple, int] = {}
        for call in ref.calls_of(cfg, tp):
            item = by_spec[call.spec("bfloat16")]
            cap = probe["encoder_budget" if call.budget == "encoder" else
                        "max_num_batched_tokens"]
            rows = call.rows_per_count
            assert {rows, rows * cap} <= set(item["num_tokens"]), (name, tp, call)
            capture = [s for s in probe["capture_sizes"] or [] if s <= cap]
            assert {rows * s for s in capture} <= set(item["num_tokens"]), (name, tp, call)
            most[call.spec("bfloat16")] = max(most.get(call.spec("bfloat16"), 0), rows * cap)
        for spec, bound in most.items():
            assert by_spec[spec]["max_num_tokens"] == bound
            assert max(by_spec[spec]["num_tokens"]) <= bound


def test_items_say_where_their_values_came_from(probes) -> None:
    items = probes["0.33.0"]["plans"]["gemma-3n-e2b-it/2/bfloat16"]["items"]
    gelu = next(i for i in items if i["op"] == "gelu_and_mul_sparse")
    assert gelu["hidden_size"] == 8192 // 2 and gelu["approximate"] == "tanh"
    assert "model_config.hf_text_config.hidden_activation" in gelu["from"]["approximate"]
    assert "parallel_config.tensor_parallel_size" in gelu["from"]["hidden_size"]
    assert "model_config.hf_text_config.activation_sparsity_pattern" in gelu["from"]["hidden_size"]
    assert gelu["from"]["dtype"] == ["model_config.dtype"]
    assert gelu["from"]["provider"] == "the registry's default order"
    assert "compilation_config.cudagraph_capture_sizes" in gelu["from"]["num_tokens"]
    assert "MLP activation" in gelu["layers"][0]
    mla = probes["0.33.0"]["plans"]["deepseek-v2-lite/1/float16"]["items"]
    latent = next(i for i in mla if i["hidden_size"] == 512)
    assert latent["row_stride"] == 512 + 64
    assert latent["from"]["hidden_size"] == ["model_config.hf_text_config.kv_lora_rank"]
    assert any("kv_a_layernorm" in text for text in latent["layers"])


def test_without_a_model_the_plan_is_the_static_one(probes) -> None:
    from vllm_config import warmup

    for release, probe in probes.items():
        assert probe["static"] == probe["static_of_default_config"], release
        plan = [{k: v for k, v in item.items() if k != "num_tokens"}
                for item in probe["static"]]
        assert all(item["num_tokens"] == list(probe["static"][0]["num_tokens"])
                   for item in probe["static"])
        if release == "0.25.1":
            assert plan == [dict(item) for item in warmup.PLAN]
        assert len(plan) == (44 if release == "0.33.0" else 40)


def _warmup(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "vllm_config.warmup", *args],
                          capture_output=True, text=True, cwd=REPO, check=False)


def test_entry_takes_a_serve_line() -> None:
    model = str(ref.MODELS / "qwen3-8b")
    text = _warmup("--list", "--", "--model", model, "-tp", "2")
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    # The first layer's norm, the fused norms, and q_norm and k_norm: per-head views
    # of the QKV output (16 and 4 heads of 128 at TP 2, tokens (16 + 2 * 4) * 128 apart).
    assert lines[-1].startswith("4 items for Qwen3ForCausalLM")
    for heads in (16, 4):
        assert any(line.startswith("op=rms_norm provider=triton dtype=bfloat16 hidden_size=128 "
                                   f"has_weight=True heads={heads} token_stride=3072 ")
                   for line in lines), lines
    assert any("from: " in line and "model_config.model_arch_config.head_size" in line
               for line in lines)
    js = _warmup("--release", "0.33.0", "--list", "--format", "json", "--",
                 "--model", str(ref.MODELS / "gemma-3n-e4b-it"), "--dtype", "float16",
                 "--limit-mm-per-prompt", '{"image": 0, "audio": 0}')
    assert js.returncode == 0, js.stderr
    data = json.loads(js.stdout)
    assert (data["release"], data["architecture"]) == ("0.33.0", "Gemma3nForConditionalGeneration")
    ops = {(i["op"], i["hidden_size"], i.get("has_weight")) for i in data["items"]}
    assert ("gelu_and_mul_sparse", 16384, None) in ops
    assert ("rms_norm", 1536, True) not in ops  # no audio: the audio embedder never runs
    want = {call.spec("float16") for call in ref.calls_of(
        ref.read_config("gemma-3n-e4b-it"), 1, images=False, audio=False)}
    assert {_spec(i) for i in data["items"]} == want


def test_entry_refuses_a_bad_line_in_one_line() -> None:
    bad = _warmup("--list", "--", "--model", str(ref.MODELS / "qwen3-8b"), "-tp", "zwei")
    assert bad.returncode == 2
    assert bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr
    assert "-tp" in bad.stderr or "tensor-parallel-size" in bad.stderr


def test_unknown_architecture_warns_and_keeps_the_static_plan() -> None:
    out = _warmup("--list", "--", "--model", str(REPO / "tests" / "fixtures" / "parity" /
                                                  "tiny-opt"))
    assert out.returncode == 0, out.stderr
    assert "no warmup entry for architecture 'OPTForCausalLM'" in out.stderr
    assert out.stdout.splitlines()[-1].endswith("items x 14 token counts")


def test_empty_serve_line_is_the_static_plan() -> None:
    out = _warmup("--list", "--format", "json", "--")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["architecture"] is None and len(data["items"]) == 40


def test_warmup_takes_a_vllm_config() -> None:
    """warmup(vllm_config=...) warms plan_for's items (here on the CPU interpreter):
    each launched at its token counts, nothing skipped."""
    from cfgc.runtime.cli.build import build_configs
    from vllm_config import _cli_table, warmup

    _, built = build_configs(_cli_table, ["--model", str(REPO / "examples" / "tiny-llama"),
                                          "--max-num-batched-tokens", "16", "--max-num-seqs", "16"],
                                         lambda m: None)
    cfg = built.roots["VllmConfig"]
    plan = warmup.plan_for(cfg)
    assert [(i["op"], i["hidden_size"]) for i in plan] == [("rms_norm", 256),
                                                          ("fused_add_rms_norm", 256)]
    assert all(i["num_tokens"] == [1, 2, 4, 8, 16] and i["max_num_tokens"] == 16
               for i in plan)
    report = warmup.warmup(device="cpu", monitor=None, progress=False, vllm_config=cfg)
    assert report.count == 2 and not report.skipped
    assert report.launches == 2 * 5
