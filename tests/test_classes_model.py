"""ModelConfig against the seed: fields, defaults, value-only post-init, checks, cache key."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import json
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from vllm_config.model import ModelConfig
from vllm_config.multimodal import MultiModalConfig
from vllm_config.pooler import PoolerConfig

from .beyond_seed import constructor_fields, hashed, names

FACTS = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())["classes"]
SEED = FACTS["ModelConfig"]
LMO = "language_model_only"
TINY_OPT = str(Path(__file__).parent / "fixtures" / "parity" / "tiny-opt")
QWEN_SNAPSHOT = str(next((Path(__file__).parent / "fixtures" / "hf_hub" / "models--Qwen--Qwen3-0.6B"
                          / "snapshots").iterdir()))
#: Stored fields vLLM sets as plain attributes after reading the checkpoint; here they
#: are declared (init=False) so expressions can read them, and kept out of the key
#: (hf_config, which they are derived from, is hashed).
CHECKPOINT_FIELDS = {"model_arch_config", "checkpoint_facts", "runner_type", "convert_type",
                     "original_max_model_len"}


def test_constructor_matches_seed():
    assert list(inspect.signature(ModelConfig).parameters) == \
        constructor_fields("ModelConfig", SEED["constructor_fields"])


def test_declared_defaults_match_seed():
    params = inspect.signature(ModelConfig).parameters
    fields = {f.name: f for f in dataclasses.fields(ModelConfig)}
    for f in SEED["fields"]:
        kind, rep = f["default"]["kind"], f["default"].get("repr")
        name = f["name"]
        if kind == "value":
            ours = params[name].default
            assert ours == ast.literal_eval(rep) and type(ours) is type(ast.literal_eval(rep)), name
        elif kind == "factory":
            assert rep == "dict"
            assert ModelConfig.__pydantic_fields__[name].default_factory is dict, name
        else:  # hf_config / hf_text_config: filled in by the engine
            assert kind == "no_default"
            assert not fields[name].init and name not in params


def test_initvars_are_not_stored():
    c = ModelConfig(language_model_only=True, mm_processor_cache_gb=0)
    stored = {f.name for f in dataclasses.fields(ModelConfig)}
    assert "language_model_only" not in stored and "mm_processor_cache_gb" not in stored
    assert c._mm_init_kwargs == {"language_model_only": True, "mm_processor_cache_gb": 0}


def test_value_only_defaults():
    c = ModelConfig()
    assert c.tokenizer == c.model == "Qwen/Qwen3-0.6B"
    assert c.served_model_name == "Qwen/Qwen3-0.6B"
    assert c.max_model_len == 40960 and c.original_max_model_len is None  # from the checkpoint
    assert c.hf_config is not None and c.dtype == "bfloat16"
    c = ModelConfig(model=TINY_OPT, tokenizer="t", revision="r", served_model_name=["a", "b"])
    assert (c.tokenizer, c.tokenizer_revision, c.served_model_name) == ("t", "r", "a")
    assert ModelConfig(revision="v2", tokenizer_revision="tr").tokenizer_revision == "tr"
    assert ModelConfig(model_impl="terratorch").tokenizer_mode == "terratorch"
    assert ModelConfig(model_impl="terratorch", tokenizer_mode="hf").tokenizer_mode == "hf"


def test_pooler_config_created_for_pooling_runner():
    # Qwen3ForCausalLM is generative: pooling converts it (to embed unless told).
    defaults = PoolerConfig(seq_pooling_type="LAST", tok_pooling_type="ALL")
    assert ModelConfig(runner="pooling").pooler_config == defaults
    assert ModelConfig(runner="pooling").convert_type == "embed"
    assert ModelConfig(convert="classify").pooler_config == defaults
    assert ModelConfig().pooler_config is None  # "auto": the architecture decides
    given = PoolerConfig(task="embed")
    given_back = ModelConfig(runner="pooling", convert="embed", pooler_config=given).pooler_config
    assert given_back is given
    with pytest.raises(ValueError, match="not a pooling model"):
        ModelConfig(runner="pooling", convert="none")


def test_normalisation():
    c = ModelConfig(tokenizer_mode="Mistral", quantization="AWQ")
    assert (c.tokenizer_mode, c.quantization) == ("mistral", "awq")
    assert ModelConfig(tokenizer_mode="my_plugin").tokenizer_mode == "my_plugin"
    assert ModelConfig(quantization="my-custom").quantization == "my-custom"


def test_dtype_accepts_names_and_torch_dtypes_only():
    assert ModelConfig(dtype="bfloat16").dtype == "bfloat16"
    for bad in ("HALF", "fp8", 16, None):
        with pytest.raises(ValidationError):
            ModelConfig(dtype=bad)


def test_dtype_torch_object():
    torch = pytest.importorskip("torch")
    # Resolved to its name, so that nothing downstream needs torch.
    assert ModelConfig(dtype=torch.float16).dtype == "float16"


@pytest.mark.parametrize("kw", [
    {"max_model_len": 0},
    {"max_model_len": -2},
    {"max_logprobs": -2},
    {"runner": "embed"},
    {"convert": "reward"},
    {"logprobs_mode": "logits"},
    {"hf_overrides": [("a", 1)]},
    {"hf_overrides": {1: 2}},
    {"logits_processors": [3]},
    {"quantization_config": "fp8"},
    {"mm_tensor_ipc": None},
    {"mm_processor_cache_type": "disk"},
    {"unknown_field": 1},
    {"multimodal_config": MultiModalConfig(), "renderer_num_workers": 2},
])
def test_rejected(kw):
    with pytest.raises(ValidationError):
        ModelConfig(**kw)


def test_accepted_edge_values():
    c = ModelConfig(max_model_len=-1)  # "fit memory": the checkpoint's length until then
    assert (c.original_max_model_len, c.max_model_len) == (-1, 40960)
    assert ModelConfig(max_logprobs=-1).max_logprobs == -1
    fn = lambda cfg: cfg  # noqa: E731
    assert ModelConfig(hf_overrides=fn).hf_overrides is fn
    assert ModelConfig(logits_processors=["pkg.Proc", dict]).logits_processors == ["pkg.Proc", dict]
    mm = MultiModalConfig(mm_processor_cache_gb=0)
    assert ModelConfig(multimodal_config=mm, renderer_num_workers=4).renderer_num_workers == 4


def test_hash_factor_names_match_seed():
    included = set(SEED["hash"]["included"])
    # hf_overrides feeds the key as in vLLM 0.25.1 (the seed predates it): overrides
    # change the architecture config, so artifacts with and without them must differ.
    assert set(ModelConfig().hash_factors()) == \
        included | {LMO, "hf_overrides"} | hashed("ModelConfig")
    ignored = set(SEED["hash"]["ignored"]) - set(SEED["hash"]["ignored_initvars"]) - {
        "hf_overrides"}
    stored = {f.name for f in dataclasses.fields(ModelConfig)}
    assert stored == \
        included | ignored | {"hf_overrides"} | CHECKPOINT_FIELDS | names("ModelConfig")


CHANGES = {
    "model": TINY_OPT, "model_weights": "s3://b/m", "runner": "generate",
    "trust_remote_code": True, "dtype": "half", "revision": "v2", "code_revision": "c2",
    "max_model_len": 4096, "quantization": "fp8", "quantization_config": {"ignore": []},
    "allow_deprecated_quantization": True, "enable_return_routed_experts": True,
    "max_logprobs": 5, "disable_sliding_window": True, "enable_prompt_embeds": True,
    "generation_config": "vllm", "override_generation_config": {"temperature": 0.5},
    "enable_sleep_mode": True, "enable_cumem_allocator": True, "model_impl": "transformers",
    "renderer_num_workers": 2,  # revision v2: refs/v2 of the test hub cache
    # excluded
    "convert": "embed", "tokenizer": "tok", "tokenizer_mode": "slow", "seed": 7,
    "hf_config_path": QWEN_SNAPSHOT, "allowed_local_media_path": "/data",
    "allowed_media_domains": ["a.com"], "tokenizer_revision": "t2",
    "spec_target_max_model_len": 100, "enforce_eager": True,
    "logprobs_mode": "processed_logits", "use_fp64_gumbel": True,
    "disable_cascade_attn": False, "skip_tokenizer_init": True, "served_model_name": "x",
    "config_format": "hf", "hf_token": "tok", "hf_overrides": {"a": 1},
    "override_attention_dtype": "float16", "logits_processors": ["p.Q"],
    "io_processor_plugin": "plug", "pooler_config": PoolerConfig(task="embed"),
    "language_model_only": True, "mm_processor_cache_gb": 0,
}


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_hash_follows_seed_rule(name):
    base = ModelConfig()
    changed = ModelConfig(**{name: CHANGES[name]})
    if name in SEED["hash"]["included"] or name == "hf_overrides":  # as in vLLM 0.25.1
        assert changed.compute_hash() != base.compute_hash(), name
    else:
        assert changed.compute_hash() == base.compute_hash(), name


def test_hash_covers_every_included_field():
    assert set(SEED["hash"]["included"]) - {"hf_config", "hf_text_config"} <= set(CHANGES)


def test_language_model_only_from_multimodal_config_is_hashed():
    text = ModelConfig()
    mm = ModelConfig(multimodal_config=MultiModalConfig())
    lmo = ModelConfig(multimodal_config=MultiModalConfig(language_model_only=True))
    assert mm.hash_factors()[LMO] is False and text.hash_factors()[LMO] is None
    assert len({text.compute_hash(), mm.compute_hash(), lmo.compute_hash()}) == 3
    # Other multimodal settings are not part of ModelConfig's key.
    other = ModelConfig(multimodal_config=MultiModalConfig(mm_encoder_tp_mode="data"))
    assert other.compute_hash() == mm.compute_hash()


def test_hf_config_is_hashed_when_supplied():
    a, b = ModelConfig(), ModelConfig()
    b.hf_config = {"model_type": "llama"}  # stand-in for the engine-supplied object
    assert a.compute_hash() != b.compute_hash()


def test_import_and_construction_do_not_import_torch():
    ModelConfig(dtype="half")  # fills the checkpoint-facts cache (shared through the env)
    code = ("import sys; from vllm_config.model import ModelConfig; "
            "ModelConfig(dtype='half').compute_hash(); "
            "print('torch' in sys.modules, 'transformers' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False False"


def test_dtype_and_device_are_torch_objects_inside_the_engine_only(monkeypatch) -> None:
    # Inside vLLM's engine (vllm and torch imported) the engine's objects; the key and
    # the names elsewhere stay as they were.
    import sys
    import types

    torch = pytest.importorskip("torch")
    from vllm_config import DeviceConfig, ModelConfig, VllmConfig

    tiny = "tests/fixtures/parity/tiny-opt"
    monkeypatch.delitem(sys.modules, "vllm", raising=False)
    plain = ModelConfig(model=tiny)
    assert plain.dtype == "bfloat16" and DeviceConfig().device == "auto"
    monkeypatch.setitem(sys.modules, "vllm", types.ModuleType("vllm"))
    engine = ModelConfig(model=tiny)
    assert engine.dtype is torch.bfloat16
    assert DeviceConfig().device == torch.device("cuda")  # the suite pins cuda
    assert engine.compute_hash() == plain.compute_hash()
    assert (VllmConfig(model_config=engine).compute_hash()
            == VllmConfig(model_config=plain).compute_hash())
