"""Public members of the exported classes, in every release the schema lists.

tests/facts/releases/<release>/public_api.json records each public method, property,
classmethod, staticmethod and pydantic validator of vLLM's config classes in that
release, with its parameter names. The release's generated package must have each one
under the same name, of the same kind, taking the same parameters in the same order (a
parameter of ours after vLLM's must have a default, so calls written against vLLM still
work). One child process per release inspects the whole package; a difference is only
accepted when the release's schema declares one for that member (the differences page),
and at least 98% of the members must match.

Then the behaviour of the members added for the releases after 0.25.1, each against
values worked out by hand from vLLM's code of that release.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest

from tests.listed_releases import FACTS, RELEASES, REPO, facts, run_in

#: Inspects the release's package (run in a child with CFGC_RELEASE set): for each
#: member of the facts file given as argv[1], what we have under its name.
_INSPECT = """
import importlib, inspect, json, sys

def kind(owner, name):
    decorators = getattr(owner, "__pydantic_decorators__", None)
    if decorators is not None and (name in decorators.field_validators
                                   or name in decorators.model_validators):
        return "validator"  # pydantic's, as vLLM's @field_validator / @model_validator
    attr = inspect.getattr_static(owner, name)
    for k in (property, classmethod, staticmethod):
        if isinstance(attr, k):
            return k.__name__
    return "method" if callable(attr) else type(attr).__name__

api = json.load(open(sys.argv[1]))["classes"]
out = {}
for cls, members in api.items():
    for member in members:
        key = f"{cls}.{member['name']}"
        try:
            owner = getattr(importlib.import_module(f"vllm_config.{member['module']}"), cls)
        except (ImportError, AttributeError) as exc:
            out[key] = {"missing": f"class {cls} not in vllm_config.{member['module']} ({exc})"}
            continue
        if not hasattr(owner, member["name"]):
            out[key] = {"missing": "no such member"}
            continue
        ours = {"kind": kind(owner, member["name"])}
        if ours["kind"] != "property":
            params = list(inspect.signature(getattr(owner, member["name"])).parameters.values())
            if inspect.isfunction(inspect.getattr_static(owner, member["name"])):
                params = params[1:]  # self (class- and staticmethods come bound or bare)
            named = [p for p in params if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
            ours["params"] = [p.name for p in named]
            ours["defaults"] = [p.default is not p.empty for p in named]
        out[key] = ours
print(json.dumps(out))
"""


@functools.cache
def _ours(release: str) -> dict[str, dict[str, Any]]:
    facts(release, "public_api")  # a clear failure when the release has none
    return run_in(release, _INSPECT, str(FACTS / release / "public_api.json"))


@functools.cache
def _declared(release: str) -> dict[str, str]:
    """The release's declared differences from vLLM: subject -> reason."""
    from cfgc.front.load import load

    return {d.subject: d.reason for d in load(REPO, release).schema.all_differences()}


def _difference(theirs: dict[str, Any], ours: dict[str, Any]) -> str:
    """How our member differs from vLLM's ('' when it does not)."""
    if "missing" in ours:
        return f"{theirs['kind']} missing: {ours['missing']}"
    if ours["kind"] != theirs["kind"]:
        return f"a {ours['kind']} where vLLM has a {theirs['kind']}"
    if theirs["kind"] == "property":
        return ""
    want = theirs["params"]
    if ours["params"][:len(want)] != want:
        return f"parameters {ours['params']} where vLLM has {want}"
    extra = [p for p, has in zip(ours["params"][len(want):], ours["defaults"][len(want):],
                                 strict=True) if not has]
    return f"extra parameters without a default: {extra}" if extra else ""


def _members(release: str) -> list[tuple[str, dict[str, Any]]]:
    return [(f"{cls}.{m['name']}", m)
            for cls, members in facts(release, "public_api")["classes"].items()
            for m in members]


@pytest.mark.parametrize("release", RELEASES)
def test_every_member_has_vllms_name_kind_and_parameters(release: str) -> None:
    ours = _ours(release)
    differences = {key: d for key, m in _members(release)
                   if (d := _difference(m, ours[key]))}
    declared = _declared(release)
    undeclared = [f"{key}: {d}" for key, d in sorted(differences.items())
                  if key not in declared]
    assert not undeclared, (f"vLLM {release}: {len(undeclared)} members differ from vLLM's "
                            "and the schema declares no difference for them:\n"
                            + "\n".join(undeclared))
    total = len(_members(release))
    assert total - len(differences) >= 0.98 * total, (
        f"vLLM {release}: only {total - len(differences)}/{total} members match: "
        + ", ".join(sorted(differences)))


def test_the_facts_cover_every_kind_of_member() -> None:
    """The facts list what the test compares: all five kinds, in every release."""
    for release in RELEASES:
        kinds = {m["kind"] for _, m in _members(release)}
        assert kinds == {"method", "property", "classmethod", "staticmethod", "validator"}, \
            (release, kinds)
    assert len(_members(RELEASES[-1])) > len(_members(RELEASES[0]))


def test_a_difference_is_reported() -> None:
    """The comparison fails on each way a member can differ."""
    method = {"kind": "method", "params": ["a", "b"]}
    assert _difference(method, {"missing": "no such member"}).startswith("method missing")
    assert "staticmethod" in _difference(method, {"kind": "staticmethod", "params": ["a", "b"],
                                                  "defaults": [False, False]})
    assert "parameters" in _difference(method, {"kind": "method", "params": ["a"],
                                                "defaults": [False]})
    assert "without a default" in _difference(
        method, {"kind": "method", "params": ["a", "b", "c"], "defaults": [False] * 3})
    assert _difference(method, {"kind": "method", "params": ["a", "b", "c"],
                                "defaults": [False, False, True]}) == ""


# -- behaviour of the members added since 0.25.1 -----------------------------------------
# Each runs in a child with the release's package; the expected values are worked out by
# hand from vLLM's code of that release.


def _run(release: str, code: str, **env: str) -> Any:
    return run_in(release, "import json\n" + code, env=env or None)


def test_model_validators_run_at_construction_and_by_name() -> None:
    got = _run("0.33.0", """
import warnings
from pydantic import ValidationError
from vllm_config import OffloadConfig, PoolerConfig, VllmConfig
from vllm_config.offload import PrefetchOffloadConfig
from vllm_config.watermarking import WatermarkConfig
out = {}
try:
    OffloadConfig(offload_backend="prefetch",
                  prefetch=PrefetchOffloadConfig(offload_group_size=2, offload_num_in_group=3))
except ValidationError as exc:
    out["offload"] = str(exc)
ok = OffloadConfig(prefetch=PrefetchOffloadConfig(offload_group_size=4, offload_num_in_group=2))
out["same"] = ok.validate_offload_config() is ok
for bad in ({"normalize": True}, {"task": "score"}, {"task": "encode"}):
    try:
        PoolerConfig(**bad)
    except ValidationError as exc:
        out.setdefault("pooler", []).append(str(exc))
out["passes"] = PoolerConfig.reject_removed_parameters({"task": "embed"})
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    w = WatermarkConfig(key=7, deduplicate_contexts="all")
out["watermark_ok"] = w.validate_watermark_settings() is w
w.key = 2**64  # a key set after construction is caught when the check runs again
try:
    w.validate_watermark_settings()
except ValueError as exc:
    out["watermark"] = str(exc)
out["vllm"] = sorted(VllmConfig.__pydantic_decorators__.model_validators)
print(json.dumps(out))
""")
    assert "offload_num_in_group (3) must not exceed" in got["offload"]
    assert got["same"] and got["watermark_ok"]
    assert [("normalize" in m, "use classify" in m, "token_embed" in m) for m in got["pooler"]] \
        == [(True, False, False), (False, True, False), (False, False, True)]
    assert got["passes"] == {"task": "embed"}
    assert "64 bits" in got["watermark"]
    assert got["vllm"] == ["validate_mamba_block_size", "validate_mamba_cached_kernel",
                           "validate_nvfp4_kv_cache_with_mla"]


def test_field_validators_under_vllms_names() -> None:
    got = _run("0.33.0", """
from vllm_config import AttentionConfig, CompilationConfig, ModelConfig
from vllm_config.mamba import MambaConfig
out = {
  "mode": int(CompilationConfig.validate_mode_before("vllm_compile")),
  "cg": CompilationConfig.validate_cudagraph_mode_before("full_and_piecewise").name,
  "pass": type(CompilationConfig.validate_pass_config_before({"fuse_norm_quant": True})).__name__,
  "save": CompilationConfig.validate_compile_cache_save_format("unpacked"),
  "mamba": MambaConfig.validate_backend_before("FlashInfer").name,
  "quant": ModelConfig.validate_quantization_before("FP8"),
  "per_kind": {k: v.name for k, v in
               AttentionConfig(backend_per_kind={"mamba": "triton_attn"}).backend_per_kind.items()},
}
try:
    AttentionConfig(backend_per_kind={"full": "flash_attn"})
except ValueError as exc:
    out["bad_kind"] = str(exc)
print(json.dumps(out))
""")
    assert got["mode"] == 3 and got["cg"] == "FULL_AND_PIECEWISE" and got["pass"] == "PassConfig"
    assert got["save"] == "unpacked" and got["mamba"] == "FLASHINFER" and got["quant"] == "fp8"
    assert got["per_kind"] == {"mamba": "TRITON_ATTN"}
    assert "unknown KV cache group kind" in got["bad_kind"]


def test_lookahead_tokens_per_release() -> None:
    code = """
from vllm_config import VllmConfig
from vllm_config.speculative import SpeculativeConfig
def lookahead(method, n, **kw):
    v = VllmConfig.__new__(VllmConfig)
    object.__setattr__(v, "speculative_config", None if method is None else
                       SpeculativeConfig.__new__(SpeculativeConfig))
    if method is not None:
        s = v.speculative_config
        for k, x in {"method": method, "num_speculative_tokens": n,
                     "draft_model_config": None, "disable_eagle_block_drop": False,
                     "disable_lookahead_block_hashes": False, **kw}.items():
            object.__setattr__(s, k, x)
    object.__setattr__(v, "diffusion_config", None)
    return v
out = {}
for m, n in ((None, 0), ("ngram", 3), ("eagle", 3), ("dflash", 3), ("draft_model", 2)):
    out[str(m)] = lookahead(m, n).num_lookahead_tokens
if hasattr(VllmConfig, "num_prefill_lookahead_tokens"):
    out["prefill_eagle"] = lookahead("eagle3", 4).num_prefill_lookahead_tokens
    out["prefill_ngram"] = lookahead("ngram", 4).num_prefill_lookahead_tokens
print(json.dumps(out))
"""
    # vLLM 0.29.0: DFlash reserves the bonus slot too; EAGLE-style and draft models
    # their draft tokens; n-gram nothing.
    assert _run("0.29.0", code) == {"None": 0, "ngram": 0, "eagle": 3, "dflash": 4,
                                    "draft_model": 2}
    # 0.33.0: an EAGLE3 drafter reads one token ahead while prefilling (MTP with one
    # module too); n-gram reads none.
    assert _run("0.33.0", code) == {"None": 0, "ngram": 0, "eagle": 3, "dflash": 4,
                                    "draft_model": 2, "prefill_eagle": 1, "prefill_ngram": 0}
    assert "num_lookahead_tokens" not in _run(
        "0.27.1", "from vllm_config import VllmConfig\n"
        "print(json.dumps(sorted(dir(VllmConfig))))")


def test_speculative_predicates() -> None:
    got = _run("0.33.0", """
from vllm_config.speculative import SpeculativeConfig
def spec(method, **kw):
    s = SpeculativeConfig.__new__(SpeculativeConfig)
    for k, x in {"method": method, "draft_model_config": None,
                 "disable_eagle_block_drop": False, **kw}.items():
        object.__setattr__(s, k, x)
    return s
out = {m: [spec(m).use_ngram(), spec(m).needs_eagle_block_drop(),
           spec(m).use_eagle_block_drop(), spec(m).is_xpress()]
       for m in ("ngram", "ngram_gpu", "eagle3", "mtp", "dflash", "dspark", "suffix")}
out["eagle3_off"] = spec("eagle3", disable_eagle_block_drop=True).use_eagle_block_drop()
out["mtp_no_draft"] = spec("mtp").use_multi_module_mtp()
print(json.dumps(out))
""")
    # use_ngram, needs_eagle_block_drop, use_eagle_block_drop, is_xpress (no draft config)
    assert got == {"ngram": [True, False, False, False], "ngram_gpu": [True, False, False, False],
                   "eagle3": [False, True, True, False], "mtp": [False, True, True, False],
                   "dflash": [False, False, False, False], "dspark": [False, False, False, False],
                   "suffix": [False, False, False, False], "eagle3_off": False,
                   "mtp_no_draft": False}
    # 0.30.0: every EAGLE-style drafter drops the block (DFlash too)
    assert _run("0.30.0", """
from vllm_config.speculative import SpeculativeConfig
s = SpeculativeConfig.__new__(SpeculativeConfig)
for k, x in {"method": "dflash", "disable_eagle_block_drop": False}.items():
    object.__setattr__(s, k, x)
print(json.dumps(s.use_eagle_block_drop()))
""") is True


def test_parallel_members() -> None:
    got = _run("0.33.0", """
from vllm_config import ParallelConfig
p = ParallelConfig()
p.set_dcp_defaults("a2a", True)
out = {"dcp": [p.dcp_comm_backend, p.dcp_q_replicate]}
q = ParallelConfig(dcp_comm_backend="ag_rs")
q.set_dcp_defaults("a2a")
out["kept"] = [q.dcp_comm_backend, q.dcp_q_replicate]
out["timeout"] = [ParallelConfig().cpu_distributed_timeout,
                  ParallelConfig(cpu_distributed_timeout_seconds=90).cpu_distributed_timeout.total_seconds()]
r = ParallelConfig(tensor_parallel_size=2, data_parallel_size=2, data_parallel_rank=1)
out["gpu"] = [r.get_local_gpu_index(1), r.get_local_gpu_index(1, 0)]
s = ParallelConfig(data_parallel_size=4, data_parallel_size_local=2, data_parallel_rank=3,
                   nnodes=2, node_rank=1)
s.reconfigure_for_independent_dp_rank()
out["alone"] = [s.data_parallel_size, s.data_parallel_size_local, s.data_parallel_rank,
                s.nnodes, s.node_rank]
print(json.dumps(out))
""")
    assert got["dcp"] == ["a2a", True] and got["kept"] == ["ag_rs", False]
    assert got["timeout"] == [None, 90.0]
    # rank 1 of replica 1 with 2 GPUs per replica on one host: GPU 1 + 1 * 2 = 3;
    # told replica 0: GPU 1
    assert got["gpu"] == [3, 1]
    # 2 nodes for 2 replicas (2 per node): each replica lives within one node
    assert got["alone"] == [1, 1, 0, 1, 0]


def test_multimodal_processor_device() -> None:
    got = _run("0.33.0", """
from vllm_config import MultiModalConfig
fold = MultiModalConfig.fold_mm_processor_device
out = {"fold": [fold(None, None), fold(None, "auto"), fold(None, "cpu"), fold({"x": 1}, "cuda"),
                fold({"device": "cpu"}, "cuda")],
       "type": [MultiModalConfig().get_mm_processor_device_type(),
                MultiModalConfig(mm_processor_kwargs={"device": "cuda:1"})
                .get_mm_processor_device_type()],
       "gpu_video": [MultiModalConfig(media_io_kwargs=kw).use_gpu_video_backend()
                     for kw in ({}, {"video": {"video_backend": "pynvvideocodec"}},
                                {"video": {"backend": "opencv"}})]}
try:
    MultiModalConfig(mm_processor_kwargs={"device": "cuda"}).validate_mm_processor_device(None)
except ValueError as exc:
    out["shared"] = str(exc)
MultiModalConfig(mm_processor_kwargs={"device": "cpu"}).validate_mm_processor_device(None)
print(json.dumps(out))
""", CFGC_PLATFORM="cuda")
    assert got["fold"] == [None, None, {"device": "cpu"}, {"x": 1, "device": "cuda"},
                           {"device": "cpu"}]
    assert got["type"] == [None, "cuda"]
    assert got["gpu_video"] == [False, True, False]
    assert "also runs the language model" in got["shared"]


def test_engram_checks() -> None:
    got = _run("0.31.0", """
from vllm_config import ParallelConfig
from vllm_config.engram import EngramConfig
out = {}
e = EngramConfig()
e.resolve_dp_shared_memory(ParallelConfig(data_parallel_size=2))
out["shared"] = e.dp_shared_memory
f = EngramConfig()
f.resolve_dp_shared_memory(ParallelConfig())
out["alone"] = f.dp_shared_memory
try:
    EngramConfig(dp_shared_memory=True).verify_parallel_config(ParallelConfig())
except ValueError as exc:
    out["dp"] = str(exc)
try:
    EngramConfig().verify_model_config(None)
except ValueError as exc:
    out["model"] = str(exc)
print(json.dumps(out))
""")
    assert got["shared"] is True and got["alone"] is False
    assert "data_parallel_size > 1" in got["dp"] and "n-gram layer ids" in got["model"]


def test_signatures_that_changed() -> None:
    code = """
import inspect
from vllm_config import CompilationConfig, ParallelConfig, VllmConfig
sig = lambda f: list(inspect.signature(f).parameters)
v = VllmConfig()
print(json.dumps({"hash": sig(VllmConfig.compute_hash),
                  "versioned": v.compute_hash() == v.compute_hash(True)
                  if "include_version" in sig(VllmConfig.compute_hash) else None,
                  "unversioned": v.compute_hash() != v.compute_hash(include_version=False)
                  if "include_version" in sig(VllmConfig.compute_hash) else None,
                  "sync": type(inspect.getattr_static(ParallelConfig, "sync_dp_state")).__name__,
                  "resolve": sig(CompilationConfig.resolve_cudagraph_mode_and_sizes)}))
"""
    old, new = _run("0.29.0", code), _run("0.33.0", code)
    assert old["hash"] == ["self"] and new["hash"] == ["self", "include_version"]
    assert new["versioned"] and new["unversioned"]
    assert (old["sync"], new["sync"]) == ("staticmethod", "function")
    assert "tensor_parallel_size" in old["resolve"] and "tensor_parallel_size" not in new["resolve"]


def test_a_listed_release_has_facts() -> None:
    for release in RELEASES:
        assert Path(FACTS / release / "public_api.json").is_file(), release
    assert json.loads((FACTS / RELEASES[0] / "public_api.json").read_text())["classes"]


def test_model_config_members_from_the_checkpoint_facts() -> None:
    got = _run("0.33.0", """
from types import SimpleNamespace
from vllm_config import ModelConfig
def model(arch, experts_per_tok=0, rope=None, mrope=False):
    m = ModelConfig.__new__(ModelConfig)
    object.__setattr__(m, "model_arch_config", SimpleNamespace(
        architectures=[arch], num_experts_per_token=experts_per_tok))
    object.__setattr__(m, "checkpoint_facts", SimpleNamespace(
        rope_parameters=rope, uses_mrope=mrope))
    object.__setattr__(m, "multimodal_config", None)
    return m
qwen_vl = {"": {"rope_type": "default", "mrope_section": [16, 24, 24]}}
print(json.dumps({
    "lora": [model(arch).is_lora_supported
             for arch in ("LlamaForCausalLM", "BloomForCausalLM", "SomeNewForCausalLM")],
    "experts": model("MixtralForCausalLM", 2).get_num_experts_per_tok(),
    "mrope": [model("LlamaForCausalLM").mrope_num_dims,
              model("Qwen2VLForConditionalGeneration", rope=qwen_vl, mrope=True).mrope_num_dims,
              model("X", rope={"": {"rope_type": "default", "mrope_section": [8, 8]}},
                    mrope=True).mrope_num_dims,
              model("X", rope={"": {"rope_type": "default"}}, mrope=True).mrope_num_dims],
    "grouping": model("LlamaForCausalLM").supports_kv_cache_grouping,
    "mm": model("LlamaForCausalLM").supports_multimodal_inputs,
}))
""")
    # BloomForCausalLM has no LoRA in vLLM 0.33.0's registry; an unknown architecture counts as yes
    assert got["lora"] == [True, False, True]
    assert got["experts"] == 2
    # no M-RoPE: 0; a 3-part section: 3; a 2-part section still means 3-D positions; no
    # section in the RoPE settings: 3
    assert got["mrope"] == [0, 3, 3, 3]
    assert got["grouping"] is False and got["mm"] is False


def test_supports_multimodal_inputs_follows_the_limits() -> None:
    got = _run("0.31.0", """
from vllm_config import ModelConfig, MultiModalConfig
def model(**mm):
    m = ModelConfig.__new__(ModelConfig)
    object.__setattr__(m, "multimodal_config", MultiModalConfig(**mm))
    return m
print(json.dumps([model(**mm).supports_multimodal_inputs for mm in (
    {}, {"language_model_only": True}, {"language_model_only": True, "enable_mm_embeds": True},
    {"limit_per_prompt": {"image": 0, "video": 0, "audio": 0}})]))
""")
    assert got == [True, False, True, False]
