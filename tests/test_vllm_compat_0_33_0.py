"""Facts vLLM 0.33.0's own config tests check (tests/config and tests/test_config.py at
the commits of tests/fixtures/parity/vllm_config_tests_passing_on_0_33_0.txt), restated
as our tests: CI has no copy of vLLM's files (tools/vllm_tests_compat.py runs those when
a copy is at hand). The expected values are the ones vLLM's tests assert, never computed
with vllm_config. Each group runs in a child with release 0.33.0 (or the release named).
"""

from __future__ import annotations

from tests.listed_releases import run_in

_HELPERS = r'''
import dataclasses, json, os, types
out = {}

def err(call):
    try:
        call()
    except Exception as e:  # the type and text, to assert on
        return [type(e).__name__, str(e)]
    return None
'''

_UTILS = _HELPERS + r'''
from vllm_config.utils import update_config
from vllm_config import ObservabilityConfig
from vllm_config.model import _DIFF_SAMPLING_PARAMS, _modelopt_mixed_has_nvfp4

@dataclasses.dataclass
class Fields:
    a: int
    c: str = "default"

@dataclasses.dataclass
class Derived(Fields):
    pass

@dataclasses.dataclass
class Nested:
    a: Fields = dataclasses.field(default_factory=lambda: Fields(a=0))

out["unknown"] = err(lambda: update_config(Fields(a=0), {"nonexistent": 1}))
out["nested_unknown"] = err(lambda: update_config(Nested(), {"a": {"nonexistent": 1}}))
out["bad_type"] = err(lambda: update_config(Nested(), {"a": "new_value"}))
out["other_class"] = err(lambda: update_config(Nested(), {"a": Nested()}))
new = Fields(a=1, c="x")
out["declared_type"] = update_config(Nested(a=Derived(a=0)), {"a": new}).a is new
out["dict"] = update_config(Nested(), {"a": {"c": "v"}}).a.c

def buckets(value):
    return err(lambda: ObservabilityConfig(custom_histogram_buckets=value))

out["zero_ok"] = buckets({"request_num_preemptions": [0, 1, 2, 5]})
out["bool"] = buckets({"request_latency": [True, 2.0]})
out["only_zero"] = buckets({"request_num_preemptions": [0.0]})
out["unknown_family"] = buckets({"bogus": [1.0, 2.0]})
out["not_increasing"] = buckets({"request_latency": [1.0, 2.0], "request_tokens": [16, 8]})
out["negative"] = buckets({"request_latency": [-1.0, 1.0]})
out["sampling"] = list(_DIFF_SAMPLING_PARAMS)

def layers(*algos):
    return {"quantized_layers": {f"l{i}": {"quant_algo": a} for i, a in enumerate(algos)}}

out["nvfp4"] = [_modelopt_mixed_has_nvfp4(layers("FP8", "NVFP4")),
                _modelopt_mixed_has_nvfp4(layers("FP8", "W4A16_NVFP4")),
                _modelopt_mixed_has_nvfp4(None),
                _modelopt_mixed_has_nvfp4({"quantized_layers": ["NVFP4"]})]
print(json.dumps(out))
'''


def test_update_config_buckets_sampling_keys_and_nvfp4() -> None:
    got = run_in("0.33.0", _UTILS)
    assert got["unknown"][0] == "ValueError" and "Fields.nonexistent" in got["unknown"][1]
    assert "Nested.a.nonexistent" in got["nested_unknown"][1]
    assert got["bad_type"][0] == "ValueError" and "Nested.a" in got["bad_type"][1]
    assert got["other_class"][0] == "ValueError" and "Nested.a" in got["other_class"][1]
    assert got["declared_type"] is True and got["dict"] == "v"
    # vLLM 0.33.0 (and 0.32.0) refuses a 0 bound: bounds are finite and greater than 0
    # (a later vLLM accepts one; its test of that is not in 0.33.0's passing list)
    assert "greater than 0" in got["zero_ok"][1]
    assert "not a boolean" in got["bool"][1]
    assert "greater than 0" in got["only_zero"][1]
    assert "unknown bucket family 'bogus'" in got["unknown_family"][1]
    assert "'request_tokens'" in got["not_increasing"][1]
    assert "strictly increasing" in got["not_increasing"][1]
    assert "greater than 0" in got["negative"][1]
    assert {"presence_penalty", "frequency_penalty", "skip_special_tokens"} <= set(
        got["sampling"])
    assert got["nvfp4"] == [True, False, False, False]
    # 0.30.0's generation config keys had no penalties but the repetition one
    older = run_in("0.30.0", "import json\nfrom vllm_config.model import "
                   "_DIFF_SAMPLING_PARAMS as d\nprint(json.dumps(list(d)))")
    assert "presence_penalty" not in older and "repetition_penalty" in older


_SPECULATIVE = _HELPERS + r'''
import functools, pickle
from transformers import PretrainedConfig
from vllm_config import SpeculativeConfig
from vllm_config.speculative import _validate_qwen3_omni_dspark

S = SpeculativeConfig
out["custom_path"] = [S._is_custom_proposer_path(p) for p in
                      ("draft.pt", "model.safetensors", "my_module.MyProposer",
                       "pkg.sub.Proposer", "org/model", None)]
small = PretrainedConfig(max_position_embeddings=2048)
S._maybe_override_draft_max_position_embeddings(small, target_max_model_len=8192)
yarn = PretrainedConfig(max_position_embeddings=2048)
yarn.rope_parameters = {"rope_type": "yarn", "factor": 4.0}
S._maybe_override_draft_max_position_embeddings(yarn, target_max_model_len=8192)
out["max_pos"] = [small.max_position_embeddings, yarn.max_position_embeddings]

def shrink(c):
    c.num_hidden_layers = 1
    return c

composed = S.compose_draft_hf_overrides(shrink)
out["composed"] = [isinstance(composed, functools.partial),
                   composed.func is S._apply_composed_hf_override,
                   len(pickle.dumps(composed)) > 0]

text = types.SimpleNamespace(hidden_size=2048, num_hidden_layers=48,
                             num_attention_heads=32, num_key_value_heads=4, head_dim=128,
                             vocab_size=152064)
target = types.SimpleNamespace(
    hf_config=types.SimpleNamespace(model_type="qwen3_omni_moe",
                                    architectures=["Qwen3OmniMoeForConditionalGeneration"],
                                    thinker_config=types.SimpleNamespace(text_config=text)),
    hf_text_config=text, architectures=["Qwen3OmniMoeForConditionalGeneration"])

def draft(**changes):
    values = dict(model_type="qwen3", architectures=["Qwen3OmniDSparkModel"],
                  hidden_size=2048, num_attention_heads=32, num_key_value_heads=4,
                  head_dim=128, block_size=7, target_hidden_size=2048,
                  target_layer_ids=[1, 9, 17, 25, 33], use_aux_hidden_state=True,
                  markov_rank=64, markov_head_type="vanilla", sample_from_anchor=True,
                  dspark_bonus_anchor=False, vocab_size=152064, draft_vocab_size=32000,
                  mask_token_id=151669,
                  rope_parameters={"rope_type": "default", "rope_theta": 1e6})
    values.update(changes)
    hf = types.SimpleNamespace(**values)
    return types.SimpleNamespace(hf_config=hf, architectures=values["architectures"])

check = lambda d, k=7: err(lambda: _validate_qwen3_omni_dspark(target, d, k))
out["omni_ok"] = check(draft())
out["omni"] = {name: check(d) for name, d in {
    "generic": draft(architectures=["Qwen3DSparkModel"]),
    "block": draft(block_size=5),
    "layers_range": draft(target_layer_ids=[7, 48]),
    "layers_order": draft(target_layer_ids=[23, 7]),
    "head": draft(markov_head_type="gated"),
    "vocab": draft(vocab_size=0),
    "mrope": draft(rope_parameters={"rope_type": "default", "mrope_section": [24, 20, 20]}),
}.items()}
out["omni_noise_row"] = check(draft(vocab_size=152065, draft_vocab_size=152064,
                                    mask_token_id=152064))
print(json.dumps(out))
'''


def test_speculative_helpers_and_the_qwen3_omni_dspark_contract() -> None:
    got = run_in("0.33.0", _SPECULATIVE)
    # 0.33.0 takes any dotted identifiers for an import path (file names included; a
    # later vLLM tells weight files apart): only URLs, paths and None are not
    assert got["custom_path"] == [True, True, True, True, False, False]
    # raised to the target's length for a cache-only RoPE, kept for YaRN (0.33.0)
    assert got["max_pos"] == [8192, 2048]
    assert got["composed"] == [True, True, True]
    assert got["omni_ok"] is None and got["omni_noise_row"] is None
    words = {"generic": "converted first", "block": "trained block_size",
             "layers_range": "zero-based text-layer", "layers_order": "strictly increasing",
             "head": "markov_head_type='vanilla'",
             "vocab": "input vocab_size must be a positive integer",
             "mrope": "logical 1-D RoPE"}
    for name, word in words.items():
        assert got["omni"][name][0] == "ValueError" and word in got["omni"][name][1], name


_VLLM = _HELPERS + r'''
import vllm_config.vllm as module
from vllm_config import (AttentionConfig, AuxOutputConfig, CompilationConfig,
                         CUDAGraphMode, CompilationMode, HiSparseConfig, KVTransferConfig,
                         ParallelConfig, VllmConfig)
from vllm_config.platforms import current_platform
V = VllmConfig
NS = types.SimpleNamespace

def aux(**c):
    model = NS(runner_type=c.get("runner", "generate"), is_moe=c.get("moe", True))
    return NS(model_config=model, use_v2_model_runner=c.get("v2", True),
              parallel_config=NS(pipeline_parallel_size=c.get("pp", 1),
                                 decode_context_parallel_size=1,
                                 prefill_context_parallel_size=c.get("pcp", 1)),
              aux_output_config=AuxOutputConfig(enable_return_routed_experts=True),
              cache_config=NS(enable_prefix_caching=c.get("prefix", True)),
              speculative_config=None, kv_transfer_config=None)

out["aux"] = {name: err(lambda c=c: V._verify_aux_output_compatibility(aux(**c)))
              for name, c in {"ok": {}, "v1": {"v2": False}, "pooling": {"runner": "pooling"},
                              "dense": {"moe": False}, "prefix": {"prefix": False},
                              "pp": {"pp": 2}, "pcp": {"pcp": 2}}.items()}

os.environ.pop("VLLM_USE_BREAKABLE_CUDAGRAPH", None)
module.default_breakable_cudagraph_architectures.cache_clear()
cuda_set = module.default_breakable_cudagraph_architectures()
current_platform.is_rocm = lambda: True
module.default_breakable_cudagraph_architectures.cache_clear()
rocm_set = module.default_breakable_cudagraph_architectures()
del current_platform.is_rocm
module.default_breakable_cudagraph_architectures.cache_clear()
out["breakable_sets"] = ["DeepseekV32ForCausalLM" in cuda_set,
                         "DeepseekV32ForCausalLM" in rocm_set, sorted(rocm_set)]
cfg = NS(model_config=NS(architectures=["GlmMoeDsaForCausalLM"]),
         compilation_config=CompilationConfig())
cfg._uses_breakable_cudagraph_by_default = lambda: V._uses_breakable_cudagraph_by_default(cfg)
out["breakable_on"] = [V._maybe_enable_breakable_cudagraph(cfg),
                       os.environ.get("VLLM_USE_BREAKABLE_CUDAGRAPH"),
                       cfg.compilation_config.mode == CompilationMode.NONE]
os.environ.pop("VLLM_USE_BREAKABLE_CUDAGRAPH", None)

def runner(env, has_triton=True, **attrs):
    if env is None:
        os.environ.pop("VLLM_USE_V2_MODEL_RUNNER", None)
    else:
        os.environ["VLLM_USE_V2_MODEL_RUNNER"] = env
    module.HAS_TRITON = has_triton
    config = NS(model_config=NS(architectures=["LlamaForCausalLM"]),
                attention_config=attrs.get("attention", AttentionConfig()))
    config._get_v2_model_runner_unsupported_features = lambda: attrs.get("missing", [])
    try:
        return V.use_v2_model_runner.fget(config)
    except ValueError as e:
        return str(e)

out["runner"] = [runner(None), runner(None, has_triton=False), runner("0"), runner("1"),
                 runner(None, missing=["dual batch overlap"]),
                 runner(None, attention=AttentionConfig(hisparse_config=HiSparseConfig())),
                 runner("0", attention=AttentionConfig(hisparse_config=HiSparseConfig()))]
os.environ.pop("VLLM_USE_V2_MODEL_RUNNER", None)

def adaptive(mode):
    return err(lambda: V._validate_adaptive_verification(NS(
        speculative_config=NS(enable_adaptive_verification=True), lora_config=None,
        compilation_config=CompilationConfig(cudagraph_mode=mode),
        parallel_config=NS(pipeline_parallel_size=1))))

out["adaptive"] = [adaptive(m) is None for m in (CUDAGraphMode.FULL_DECODE_ONLY,
                   CUDAGraphMode.FULL_AND_PIECEWISE, CUDAGraphMode.NONE, CUDAGraphMode.PIECEWISE)]
out["sharded"] = err(lambda: V._validate_batch_sharded_sampling(NS(
    parallel_config=NS(enable_batch_sharded_sampling=True, tensor_parallel_size=2),
    scheduler_config=NS(max_num_seqs=8),
    model_config=NS(max_logprobs=20, return_sampling_mask=True), speculative_config=None)))
out["block"] = err(lambda: V.validate_block_size(NS(
    cache_config=NS(block_size=16, mamba_cache_mode="none"),
    parallel_config=NS(decode_context_parallel_size=2, cp_kv_cache_interleave_size=3),
    scheduler_config=NS(disable_chunked_mm_input=False),
    kv_transfer_config=KVTransferConfig(kv_connector="OffloadingConnector",
                                        kv_role="kv_both"))))
module_replace = module.replace
module.replace = lambda self, **kwargs: NS(**kwargs)
base = NS(model_config=NS(is_multimodal_model=False, hf_config=NS()))
out["hf_arch"] = [V.with_hf_config(base, NS(model_type="mistral", architectures=None))
                  .model_config.hf_config.architectures,
                  V.with_hf_config(base, NS(model_type="not_a_real_model", architectures=None))
                  .model_config.hf_config.architectures]
module.replace = module_replace
print(json.dumps(out))
'''


def test_vllm_config_checks_runner_choice_and_breakable_graphs() -> None:
    got = run_in("0.33.0", _VLLM)
    aux = got["aux"]
    assert aux["ok"] is None
    for name, word in {"v1": "requires Model Runner V2", "pooling": "only supports generate",
                       "dense": "only supports MoE", "prefix": "requires prefix caching",
                       "pp": "pipeline parallelism", "pcp": "context parallelism"}.items():
        assert word in aux[name][1], name
    # DeepSeek V3.2 gets breakable CUDA graphs by default, except on ROCm (V4.1 only)
    assert got["breakable_sets"] == [True, False, ["DeepseekV41ForCausalLM"]]
    assert got["breakable_on"] == [True, "1", True]
    # V2 by default with Triton; the variable wins; HiSparse needs it
    assert got["runner"][:6] == [True, False, False, True, False, True]
    assert "Model Runner V2" in got["runner"][6]
    assert got["adaptive"] == [True, True, False, False]  # full CUDA graphs needed
    assert got["sharded"][0] == "ValueError" and "sampling masks" in got["sharded"][1]
    assert got["block"][0] == "AssertionError" and "divisible by" in got["block"][1]
    assert got["hf_arch"] == [["MistralForCausalLM"], None]


_MULTIMODAL = _HELPERS + r'''
from unittest import mock
from vllm_config import (ECTransferConfig, KVTransferConfig, ModelConfig, MultiModalConfig,
                         VllmConfig)
from vllm_config.platforms import using_platform
V = VllmConfig

def vc(mm, ec_role=None, kv_role=None):
    model = mock.MagicMock(spec=ModelConfig)
    model.multimodal_config = mm
    config = mock.MagicMock(spec=VllmConfig)
    config.model_config = model
    config.ec_transfer_config = (ECTransferConfig(ec_connector="ECExampleConnector",
                                                  ec_role=ec_role) if ec_role else None)
    config.kv_transfer_config = (KVTransferConfig(kv_connector="NixlConnector",
                                                  kv_role=kv_role) if kv_role else None)
    return config

out["encoder_only"] = {}
for role in (None, "ec_consumer", "ec_both", "ec_producer"):
    mm = MultiModalConfig()
    V._resolve_mm_encoder_only(vc(mm, role))
    out["encoder_only"][str(role)] = mm.mm_encoder_only
out["embeds"] = {}
for ec, kv in ((("ec_consumer", None)), (None, "kv_consumer"), (None, None),
               ("ec_producer", None)):
    mm = MultiModalConfig()
    V._resolve_mm_embedding_inputs(vc(mm, ec, kv))
    out["embeds"][f"{ec}/{kv}"] = [mm.allow_missing_mm_embeddings, mm.enable_mm_embeds]
with using_platform("cuda"):
    out["device"] = {}
    for role, ipc, device in (("ec_producer", "torch_shm", None),
                              ("ec_consumer", "torch_shm", None),
                              ("ec_producer", "direct_rpc", None),
                              ("ec_producer", "torch_shm", "cpu")):
        mm = MultiModalConfig(mm_processor_kwargs={} if device is None else {"device": device},
                              mm_tensor_ipc=ipc)
        V._resolve_mm_processor_device(vc(mm, role))
        out["device"][f"{role}/{ipc}/{device}"] = mm.get_mm_processor_device_type()
    out["validate"] = err(lambda: V._validate_mm_processor_device(
        vc(MultiModalConfig(mm_processor_kwargs={"device": "cuda"}))))
prefix = mock.MagicMock(spec=ModelConfig)
prefix.multimodal_config = None
out["mm_prefix"] = ModelConfig._supports_multimodal_for_mm_prefix(prefix)

def mla(deepseek, transformers, rank, causal=True):
    stub = types.SimpleNamespace(is_deepseek_mla=deepseek,
                                 using_transformers_backend=lambda: transformers,
                                 hf_text_config=types.SimpleNamespace(kv_lora_rank=rank,
                                                                      is_causal=causal))
    return ModelConfig.use_mla.fget(stub)

out["mla"] = [mla(True, False, 512), mla(False, False, 512), mla(False, True, 512),
              mla(False, True, None), mla(True, False, 512, causal=False)]
print(json.dumps(out))
'''


def test_multimodal_roles_and_mla() -> None:
    got = run_in("0.33.0", _MULTIMODAL)
    # only an encode-only instance (a producer that consumes nothing) runs the encoder alone
    assert got["encoder_only"] == {"None": False, "ec_consumer": False, "ec_both": False,
                                   "ec_producer": True}
    # consumers take precomputed embeddings without the tensor, and turn them on
    assert got["embeds"] == {"ec_consumer/None": [True, True], "None/kv_consumer": [True, True],
                             "None/None": [False, False], "ec_producer/None": [False, False]}
    # auto: the accelerator only for an encode-only instance with device transport
    assert got["device"] == {"ec_producer/torch_shm/None": "cuda",
                             "ec_consumer/torch_shm/None": None,
                             "ec_producer/direct_rpc/None": None,
                             "ec_producer/torch_shm/cpu": "cpu"}
    assert "also runs the language model" in got["validate"][1]
    assert got["mm_prefix"] is True
    assert got["mla"] == [True, False, True, False, False]
