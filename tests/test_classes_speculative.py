"""SpeculativeConfig against the seed: defaults, method inference, per-method defaults,
rejections and the hash (only the aux-hidden-state factors)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from pydantic import ValidationError

from vllm_config.model import ModelConfig
from vllm_config.parallel import ParallelConfig
from vllm_config.speculative import SpeculativeConfig
from vllm_config.types import AttentionBackendEnum

from .beyond_seed import constructor_fields

FACTS = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())["classes"]


def spec(**kwargs) -> SpeculativeConfig:
    return SpeculativeConfig(**kwargs)


def ngram(**kwargs) -> SpeculativeConfig:
    return SpeculativeConfig(method="ngram", num_speculative_tokens=3, **kwargs)


def test_constructor_fields_match_seed():
    assert [f.name for f in dataclasses.fields(SpeculativeConfig)] == \
        constructor_fields("SpeculativeConfig", FACTS["SpeculativeConfig"]["constructor_fields"])


def test_declared_defaults():
    fields = SpeculativeConfig.__pydantic_fields__
    expected = {
        "enforce_eager": None, "num_speculative_tokens": None, "model": None, "method": None,
        "draft_tensor_parallel_size": None, "tensor_parallel_size": None,
        "quantization": None, "moe_backend": None, "attention_backend": None,
        "max_model_len": None, "disable_padded_drafter_batch": False,
        "use_local_argmax_reduction": False, "prompt_lookup_max": None,
        "prompt_lookup_min": None, "parallel_drafting": False, "target_model_config": None,
        "suffix_decoding_max_tree_depth": 24, "suffix_decoding_max_cached_requests": 10000,
        "suffix_decoding_max_spec_factor": 1.0, "suffix_decoding_min_token_prob": 0.1,
        "draft_load_config": None, "rejection_sample_method": "standard",
        "synthetic_acceptance_rates": None, "synthetic_acceptance_length": None,
        "draft_sample_method": "greedy",
    }
    for name, value in expected.items():
        assert fields[name].default == value, name


def test_nothing_given_is_rejected():
    # No draft length and no checkpoint to take one from.
    with pytest.raises(ValidationError, match="num_speculative_tokens"):
        spec()


def test_ngram_defaults_and_inference():
    c = spec(model="ngram", num_speculative_tokens=3)
    assert (c.method, c.model, c.prompt_lookup_min, c.prompt_lookup_max) == \
        ("ngram", "ngram", 5, 5)
    assert ngram(prompt_lookup_max=7).prompt_lookup_min == 7
    assert ngram(prompt_lookup_min=2).prompt_lookup_max == 2
    assert spec(method="ngram_gpu", num_speculative_tokens=2).model == "ngram_gpu"


def test_ngram_borrows_target_configs():
    target, parallel = ModelConfig(), ParallelConfig()
    c = ngram(target_model_config=target, target_parallel_config=parallel)
    assert c.draft_model_config is target and c.draft_parallel_config is parallel


def test_custom_class_path():
    c = spec(model="my_pkg.MyProposer", num_speculative_tokens=2)
    assert c.method == "custom_class"
    assert (c.prompt_lookup_min, c.prompt_lookup_max) == (0, 0)
    # Hub ids and URLs are not class paths.
    with pytest.raises(ValidationError, match="num_speculative_tokens"):
        spec(model="org/model.v2")


def test_legacy_mtp_names_and_target_reuse():
    target = ModelConfig(quantization="fp8")
    c = spec(method="deepseek_mtp", num_speculative_tokens=1,
             target_model_config=target, target_parallel_config=ParallelConfig())
    assert (c.method, c.model, c.quantization) == ("mtp", target.model, "fp8")
    assert spec(method="mtp", num_speculative_tokens=1, quantization="awq",
                target_model_config=target).quantization == "awq"
    with pytest.raises(ValidationError, match="target_model_config"):
        spec(method="mtp", num_speculative_tokens=1)


def test_suffix_defaults():
    c = spec(method="suffix")
    assert c.num_speculative_tokens == 24 and c.model is None
    assert spec(method="suffix", suffix_decoding_max_tree_depth=8).num_speculative_tokens == 8
    assert spec(method="suffix", num_speculative_tokens=3).model == "suffix"


@pytest.mark.parametrize("kwargs", [
    {"suffix_decoding_max_tree_depth": 0},
    {"suffix_decoding_max_cached_requests": -1},
    {"suffix_decoding_max_spec_factor": -0.5},
    {"suffix_decoding_min_token_prob": 1.5},
])
def test_suffix_ranges(kwargs):
    with pytest.raises(ValidationError):
        spec(method="suffix", **kwargs)


def test_draft_model_methods():
    c = spec(method="eagle3", model="org/eagle3-head", num_speculative_tokens=2)
    assert (c.prompt_lookup_min, c.prompt_lookup_max, c.parallel_drafting) == (0, 0, False)
    assert spec(method="dflash", model="org/dflash", num_speculative_tokens=4).parallel_drafting
    assert spec(model="org/draft", num_speculative_tokens=2).method == "draft_model"


@pytest.mark.parametrize("text, member", [("flash_attn", "FLASH_ATTN"),
                                          ("TRITON_ATTN", "TRITON_ATTN")])
def test_attention_backend_by_name(text, member):
    assert ngram(attention_backend=text).attention_backend is AttentionBackendEnum[member]


def test_attention_backend_auto():
    assert ngram(attention_backend="AUTO").attention_backend is None


def test_synthetic_rates():
    c = ngram(rejection_sample_method="synthetic", synthetic_acceptance_length=2.5)
    assert c.synthetic_acceptance_rates == [1.0, 0.5, 0.0]
    assert c.synthetic_acceptance_length is None
    c = ngram(rejection_sample_method="synthetic", synthetic_acceptance_rates=[0.9, 0.5, 0.5])
    assert c.synthetic_acceptance_rates == [0.9, 0.5, 0.5]


@pytest.mark.parametrize("kwargs, match", [
    ({"num_speculative_tokens": 2}, "draft `model`"),
    ({"method": "ngram", "num_speculative_tokens": 0}, "greater than 0"),
    ({"method": "ngram", "num_speculative_tokens": 3, "tensor_parallel_size": 2},
     "draft_tensor_parallel_size"),
    ({"method": "ngram", "num_speculative_tokens": 3, "prompt_lookup_min": 6,
      "prompt_lookup_max": 5}, "prompt_lookup_min"),
    ({"method": "ngram", "num_speculative_tokens": 3, "prompt_lookup_max": 0}, "greater than"),
    ({"method": "custom_class", "num_speculative_tokens": 3}, "class path"),
    ({"method": "ngram", "num_speculative_tokens": 3, "attention_backend": "nope"},
     "valid"),
    ({"method": "ngram", "num_speculative_tokens": 3, "synthetic_acceptance_length": 2.0},
     "synthetic"),
    ({"method": "ngram", "num_speculative_tokens": 3, "rejection_sample_method": "synthetic"},
     "exactly one"),
    ({"method": "ngram", "num_speculative_tokens": 2, "rejection_sample_method": "synthetic",
      "synthetic_acceptance_rates": [0.5, 0.7]}, "increase"),
    ({"method": "medusa2", "num_speculative_tokens": 2}, "method"),
    ({"method": "ngram", "num_speculative_tokens": 2, "draft_tensor_parallel_size": 0},
     "greater than or equal"),
])
def test_rejected(kwargs, match):
    with pytest.raises(ValidationError, match=match):
        spec(**kwargs)


def test_hash_reads_only_aux_hidden_state_factors():
    base = ngram()
    assert set(base.hash_factors()) == {"uses_aux_hidden_states", "aux_hidden_state_layer_ids"}
    assert ngram(prompt_lookup_max=9).compute_hash() == base.compute_hash()
    assert spec(method="suffix").compute_hash() == base.compute_hash()
    eagle3 = spec(method="eagle3", model="org/head", num_speculative_tokens=2)
    eagle = spec(method="eagle", model="org/head", num_speculative_tokens=2)
    assert eagle3.compute_hash() != eagle.compute_hash()
    assert eagle.compute_hash() == base.compute_hash()
    # The layer ids come from the draft model's config once the engine has built it.
    eagle3.draft_model_config = SimpleNamespace(
        hf_config=SimpleNamespace(eagle_aux_hidden_state_layer_ids=[2, 16, 29]))
    assert eagle3.hash_factors()["aux_hidden_state_layer_ids"] == (2, 16, 29)
    before = eagle3.compute_hash()
    eagle3.draft_model_config.hf_config.eagle_aux_hidden_state_layer_ids = [1, 2]
    assert eagle3.compute_hash() != before


@pytest.mark.parametrize("method, aux", [("eagle3", True), ("extract_hidden_states", True),
                                         ("dflash", True), ("dspark", True),
                                         ("eagle", False), ("mtp", False)])
def test_aux_hidden_state_methods(method: str, aux: bool) -> None:
    """The methods whose drafter reads the target's intermediate hidden states, as in
    vLLM 0.25.1's SpeculativeConfig hash (dspark included)."""
    c = spec(method="eagle3", model="org/head", num_speculative_tokens=2)
    c.method = method  # the hash reads the method as it is now
    c.draft_model_config = SimpleNamespace(
        hf_config=SimpleNamespace(eagle_aux_hidden_state_layer_ids=[3, 7]))
    factors = c.hash_factors()
    assert factors["uses_aux_hidden_states"] is aux
    assert factors["aux_hidden_state_layer_ids"] == ((3, 7) if aux else None)


def test_engine_configs_taken_as_given():
    # Like the seed's SkipValidation: the engine's own config objects pass untouched.
    target = SimpleNamespace(model="org/target", quantization=None)
    parallel = SimpleNamespace(tensor_parallel_size=2)
    c = spec(method="mtp", num_speculative_tokens=1, target_model_config=target,
             target_parallel_config=parallel, draft_model_config=target,
             draft_parallel_config=parallel)  # draft configs given: none is built
    assert c.target_model_config is target and c.target_parallel_config is parallel
    assert c.model == "org/target"


def test_mtp_drafter_kinds_read_the_draft_model_type() -> None:
    from types import SimpleNamespace

    from vllm_config.speculative import SpeculativeConfig

    def spec(method: str, model_type: str | None) -> SimpleNamespace:
        draft = None if model_type is None else SimpleNamespace(model_type=model_type)
        return SimpleNamespace(method=method, draft_model_config=draft)

    assert SpeculativeConfig.use_gemma4_mtp(spec("mtp", "gemma4_mtp"))
    assert not SpeculativeConfig.use_gemma4_mtp(spec("mtp", "step3p5_mtp"))
    assert SpeculativeConfig.use_step3p5_mtp(spec("mtp", "step3p5_mtp"))
    assert not SpeculativeConfig.use_step3p5_mtp(spec("eagle", "step3p5_mtp"))
    assert not SpeculativeConfig.use_gemma4_mtp(spec("mtp", None))


def test_create_draft_parallel_config_copies_the_target_settings() -> None:
    """The draft's ParallelConfig takes the target's pipeline size, executor and loading
    settings and the draft's TP size; nothing else of the target."""
    from vllm_config import ParallelConfig

    target = ParallelConfig(pipeline_parallel_size=2, tensor_parallel_size=4,
                            distributed_executor_backend="ray", disable_custom_all_reduce=True,
                            ray_workers_use_nsight=True, max_parallel_loading_workers=3,
                            data_parallel_size=2)
    draft = SpeculativeConfig.create_draft_parallel_config(target, 1)
    assert isinstance(draft, ParallelConfig)
    assert (draft.pipeline_parallel_size, draft.tensor_parallel_size) == (2, 1)
    assert draft.distributed_executor_backend == "ray"
    assert draft.disable_custom_all_reduce is True
    assert draft.ray_workers_use_nsight is True
    assert draft.max_parallel_loading_workers == 3
    assert draft.placement_group is None
    assert draft.data_parallel_size == 1
