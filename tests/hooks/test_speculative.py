"""SpeculativeConfig behaviour declared in schema/speculative.yaml (through the generated
class), and the hooks and value-only helpers of codegen/cfgc/hooks/speculative.py."""

from __future__ import annotations

import typing
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vllm_config.model import ModelConfig
from vllm_config.speculative import SpeculativeConfig
from vllm_config.types import MTPModelTypes, SpeculativeMethod

# A real target config: drafters with weights get a draft ModelConfig built from it.
TARGET = ModelConfig(model="org/target")


def spec(**kwargs) -> SpeculativeConfig:
    return SpeculativeConfig(**kwargs)


def test_literal_types():
    mtp = typing.get_args(MTPModelTypes)
    assert "mtp" in mtp and "deepseek_mtp" in mtp
    assert len(mtp) == 20
    from vllm_config import types

    def values(t) -> tuple:  # a Literal, or a union of Literal aliases, flattened
        return tuple(v for a in typing.get_args(t)
                     for v in (values(a) if typing.get_args(a) and not isinstance(a, str)
                               else (a,)))

    eagle = values(types.EagleModelTypes)
    assert {"eagle", "eagle3", "extract_hidden_states", "dflash", "mtp"} <= set(eagle)
    assert "ngram" not in eagle and values(types.NgramGPUTypes) == ("ngram_gpu",)


def test_draft_checkpoint_must_be_found():
    # A drafter with weights reads its checkpoint (never downloaded): a URL is not one.
    with pytest.raises(ValueError, match="'https://x.y/model' not found"):
        spec(model="https://x.y/model", num_speculative_tokens=1, target_model_config=TARGET)


@pytest.mark.parametrize("model, method, expected", [
    ("pkg.Proposer", None, "custom_class"),
    ("pkg.Proposer", "eagle", "custom_class"),
    ("org/model.v1", None, "draft_model"),
    ("ngram", None, "ngram"),
    ("[ngram]", None, "ngram"),
    (None, None, "draft_model"),
    (None, "qwen3_next_mtp", "mtp"),
    ("org/model", "eagle", "eagle"),
])
def test_infer_method(model, method, expected):
    kwargs = dict(model=model, method=method, num_speculative_tokens=1,
                  target_model_config=TARGET)
    if model is None and expected == "draft_model":
        # Inferred, then rejected for want of a draft model: the message names it.
        with pytest.raises(ValueError, match=f"method '{expected}' needs a draft"):
            spec(**kwargs)
        return
    assert spec(**kwargs).method == expected


def test_take_model_from_target():
    target = ModelConfig(model="org/target", quantization="fp8")
    target.hf_text_config = SimpleNamespace(model_type="deepseek_v32")  # engine-loaded
    c = spec(method="mtp", num_speculative_tokens=1, target_model_config=target)
    assert (c.model, c.quantization, c.enforce_eager) == ("org/target", "fp8", True)
    assert c.draft_model_config.model == "org/target"  # the target's own MTP layers
    assert c.draft_model_config.quantization == "fp8"
    c = spec(method="dspark", num_speculative_tokens=1, quantization="awq",
             target_model_config=ModelConfig(model="t", quantization="fp8"))
    assert (c.model, c.quantization, c.enforce_eager) == ("t", "awq", None)
    assert c.parallel_drafting is True
    c = spec(method="mtp", num_speculative_tokens=1, target_model_config=TARGET)
    assert c.enforce_eager is None  # a target without hf_text_config: not deepseek_v32
    for method in ("ngram", "ngram_gpu", "suffix", "extract_hidden_states"):
        c = spec(method=method, num_speculative_tokens=2)
        assert c.model == method
    # No draft length: nothing is taken, and the final check asks for the length.
    with pytest.raises(ValueError, match="num_speculative_tokens is required"):
        spec(method="eagle", num_speculative_tokens=None)
    with pytest.raises(ValueError, match="needs a draft"):
        spec(method="eagle", num_speculative_tokens=2)
    with pytest.raises(ValueError, match="dotted class path"):
        spec(method="custom_class", num_speculative_tokens=2)


@pytest.mark.parametrize("lo, hi, expected", [
    (None, None, (5, 5)), (3, None, (3, 3)), (None, 4, (4, 4)), (2, 6, (2, 6))])
def test_ngram_lookup_defaults(lo, hi, expected):
    c = spec(method="ngram", num_speculative_tokens=1, prompt_lookup_min=lo,
             prompt_lookup_max=hi)
    assert (c.prompt_lookup_min, c.prompt_lookup_max) == expected


def test_method_defaults_for_other_methods():
    c = spec(method="extract_hidden_states", num_speculative_tokens=1,
             target_parallel_config="P")
    assert (c.model, c.prompt_lookup_min, c.draft_parallel_config) == \
        ("extract_hidden_states", 0, "P")
    c = spec(method="dflash", model="m", num_speculative_tokens=1)
    assert c.parallel_drafting and c.prompt_lookup_max == 0


def test_verify_args():
    c = spec(method="ngram", num_speculative_tokens=4, rejection_sample_method="synthetic",
             synthetic_acceptance_length=1.0)
    assert c.synthetic_acceptance_rates == [0.0, 0.0, 0.0, 0.0]
    assert c.synthetic_acceptance_length is None
    with pytest.raises(ValueError, match="tensor_parallel_size"):
        spec(method="ngram", num_speculative_tokens=1, tensor_parallel_size=1)
    with pytest.raises(ValueError, match="num_speculative_tokens"):
        spec(method="ngram", num_speculative_tokens=-1)
    block = spec(method="ngram", num_speculative_tokens=2, rejection_sample_method="block")
    assert block.synthetic_acceptance_rates is None
    with pytest.raises(ValueError, match="synthetic"):
        spec(method="ngram", num_speculative_tokens=2, rejection_sample_method="block",
             synthetic_acceptance_rates=[1.0, 1.0])
    with pytest.raises(ValueError, match="exactly one"):
        spec(method="ngram", num_speculative_tokens=2, rejection_sample_method="synthetic")


@pytest.mark.parametrize("length, n, rates", [
    (1.0, 3, [0.0, 0.0, 0.0]),
    (2.5, 3, [1.0, 0.5, 0.0]),
    (4.0, 3, [1.0, 1.0, 1.0]),
    (3.25, 4, [1.0, 1.0, 0.25, 0.0]),
])
def test_acceptance_length_to_rates(length, n, rates):
    c = spec(method="ngram", num_speculative_tokens=n, rejection_sample_method="synthetic",
             synthetic_acceptance_length=length)
    assert c.synthetic_acceptance_rates == pytest.approx(rates)


@pytest.mark.parametrize("rates, length", [
    (None, None), ([1.0], 2.0), ([1.0, 0.5], None), ([1.0, 0.5, 1.2], None),
    ([0.5, 0.6, 0.1], None), (None, 0.5), (None, 4.5)])
def test_synthetic_rates_rejected(rates, length):
    with pytest.raises(ValueError):
        spec(method="ngram", num_speculative_tokens=3, rejection_sample_method="synthetic",
             synthetic_acceptance_rates=rates, synthetic_acceptance_length=length)


def test_slots_and_predicates():
    assert spec(method="ngram", num_speculative_tokens=4).max_num_new_slots_for_drafting == 0
    draft = spec(method="draft_model", model="m", num_speculative_tokens=4)
    assert draft.max_num_new_slots_for_drafting == 1
    assert spec(method="draft_model", model="m", num_speculative_tokens=4,
                parallel_drafting=True).max_num_new_slots_for_drafting == 4
    assert spec(method="eagle", model="m", num_speculative_tokens=3,
                parallel_drafting=True).max_num_new_slots_for_drafting == 2
    mtp = spec(method="mtp", model="m", num_speculative_tokens=1)
    assert mtp.use_eagle()
    assert not spec(method="ngram", num_speculative_tokens=1).use_eagle()
    dyn = spec(method="ngram", num_speculative_tokens=3,
               num_speculative_tokens_per_batch_size=[(1, 8, 3)])
    assert dyn.uses_dynamic_speculative_decoding()
    assert not spec(method="ngram", num_speculative_tokens=3).uses_dynamic_speculative_decoding()


def _literal_values(tp: object) -> list[str]:
    """Every value of a Literal, or of a union of Literals (vLLM writes the method type
    as one; we generate it flat)."""
    args = typing.get_args(tp)
    return [v for a in args for v in (_literal_values(a) if typing.get_args(a) else [a])]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(_literal_values(SpeculativeMethod)), st.integers(1, 16),
       st.booleans())
def test_slots_match_reference(method, n, parallel):
    """The declared property and method agree with the hand-written rules they replaced."""
    c = spec(method="ngram", num_speculative_tokens=n)
    c.method, c.parallel_drafting = method, parallel
    expected = (n - 1 if parallel else 0) + (1 if method == "draft_model" else 0)
    assert c.max_num_new_slots_for_drafting == expected
    assert c.use_eagle() is (method in ("eagle", "eagle3", "mtp", "dflash", "dspark"))


def test_hash_factor_hooks():
    c = spec(method="dflash", model="m", num_speculative_tokens=1)
    assert c.hash_factors()["uses_aux_hidden_states"] is True
    def aux(c):  # the declared factor (formerly a hook)
        return c.hash_factors()["aux_hidden_state_layer_ids"]

    assert aux(c) is None  # no draft config yet
    c.draft_model_config = SimpleNamespace(hf_config=None)
    assert aux(c) is None
    c.draft_model_config = SimpleNamespace(
        hf_config=SimpleNamespace(eagle_aux_hidden_state_layer_ids=[1, 5]))
    assert aux(c) == (1, 5)
    c.method = "eagle"
    assert aux(c) is None
    assert c.hash_factors()["uses_aux_hidden_states"] is False


def test_engine_objects_are_taken_as_given():
    marker = object()  # `validate: [as_is]`: the engine's own config objects, unchanged
    cfg = SpeculativeConfig(method="ngram", num_speculative_tokens=2,
                            target_model_config=marker)
    assert cfg.target_model_config is marker
