"""Unit tests of the speculative-decoding hooks and value-only helpers."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cfgc.hooks import speculative as h


def fake(**kwargs):
    base = dict(model=None, method=None, num_speculative_tokens=None, quantization=None,
                enforce_eager=None, target_model_config=None, target_parallel_config=None,
                draft_model_config=None, draft_parallel_config=None,
                prompt_lookup_min=None, prompt_lookup_max=None, parallel_drafting=False,
                suffix_decoding_max_tree_depth=24, suffix_decoding_max_cached_requests=10000,
                suffix_decoding_max_spec_factor=1.0, suffix_decoding_min_token_prob=0.1,
                tensor_parallel_size=None, rejection_sample_method="standard",
                synthetic_acceptance_rates=None, synthetic_acceptance_length=None,
                num_speculative_tokens_per_batch_size=None)
    base.update(kwargs)
    return SimpleNamespace(**base)


def test_literal_types():
    assert "mtp" in h.mtp_model_types() and "deepseek_mtp" in h.mtp_model_types()
    assert len(h.mtp_model_types()) == 20
    eagle = h.eagle_model_types()
    assert {"eagle", "eagle3", "extract_hidden_states", "dflash", "mtp"} <= set(eagle)
    assert "ngram" not in eagle and h.ngram_gpu_types() == ("ngram_gpu",)


@pytest.mark.parametrize("model, method, expected", [
    ("pkg.Proposer", None, "custom_class"),
    ("pkg.Proposer", "eagle", "custom_class"),
    ("https://x.y/model", None, "draft_model"),
    ("org/model.v1", None, "draft_model"),
    ("ngram", None, "ngram"),
    ("[ngram]", None, "ngram"),
    (None, None, "draft_model"),
    (None, "qwen3_next_mtp", "mtp"),
    ("org/model", "eagle", "eagle"),
])
def test_infer_method(model, method, expected):
    c = fake(model=model, method=method)
    h.infer_method(c)
    assert c.method == expected


def test_take_model_from_target():
    target = SimpleNamespace(model="org/target", quantization="fp8",
                             hf_text_config=SimpleNamespace(model_type="deepseek_v32"))
    c = fake(method="mtp", num_speculative_tokens=1, target_model_config=target)
    h.take_model_from_target(c)
    assert (c.model, c.quantization, c.enforce_eager) == ("org/target", "fp8", True)
    c = fake(method="dspark", num_speculative_tokens=1, quantization="awq",
             target_model_config=SimpleNamespace(model="t", quantization="fp8"))
    h.take_model_from_target(c)
    assert (c.model, c.quantization, c.enforce_eager) == ("t", "awq", None)
    for method in ("ngram", "ngram_gpu", "suffix", "extract_hidden_states"):
        c = fake(method=method, num_speculative_tokens=2)
        h.take_model_from_target(c)
        assert c.model == method
    untouched = fake(method="eagle", num_speculative_tokens=None)
    h.take_model_from_target(untouched)
    assert untouched.model is None
    with pytest.raises(ValueError, match="needs a draft"):
        h.take_model_from_target(fake(method="eagle", num_speculative_tokens=2))


@pytest.mark.parametrize("lo, hi, expected", [
    (None, None, (5, 5)), (3, None, (3, 3)), (None, 4, (4, 4)), (2, 6, (2, 6))])
def test_ngram_lookup_defaults(lo, hi, expected):
    c = fake(method="ngram", prompt_lookup_min=lo, prompt_lookup_max=hi)
    h.apply_method_defaults(c)
    assert (c.prompt_lookup_min, c.prompt_lookup_max) == expected


def test_method_defaults_for_other_methods():
    c = fake(method="extract_hidden_states", target_parallel_config="P")
    h.apply_method_defaults(c)
    assert (c.model, c.prompt_lookup_min, c.draft_parallel_config) == \
        ("extract_hidden_states", 0, "P")
    c = fake(method="dflash", model="m")
    h.apply_method_defaults(c)
    assert c.parallel_drafting and c.prompt_lookup_max == 0


def test_verify_args():
    c = fake(num_speculative_tokens=4, rejection_sample_method="synthetic",
             synthetic_acceptance_length=1.0)
    h.verify_args(c)
    assert c.synthetic_acceptance_rates == [0.0, 0.0, 0.0, 0.0]
    with pytest.raises(ValueError, match="tensor_parallel_size"):
        h.verify_args(fake(num_speculative_tokens=1, tensor_parallel_size=1))
    with pytest.raises(ValueError, match="> 0"):
        h.verify_args(fake(num_speculative_tokens=-1))
    block = fake(num_speculative_tokens=2, rejection_sample_method="block")
    h.verify_args(block)
    with pytest.raises(ValueError, match="synthetic"):
        h.verify_args(fake(num_speculative_tokens=2, rejection_sample_method="block",
                           synthetic_acceptance_rates=[1.0, 1.0]))


@pytest.mark.parametrize("length, n, rates", [
    (1.0, 3, [0.0, 0.0, 0.0]),
    (2.5, 3, [1.0, 0.5, 0.0]),
    (4.0, 3, [1.0, 1.0, 1.0]),
    (3.25, 4, [1.0, 1.0, 0.25, 0.0]),
])
def test_acceptance_length_to_rates(length, n, rates):
    assert h.acceptance_length_to_rates(length, n) == pytest.approx(rates)
    assert h.resolve_synthetic_acceptance_rates(n, None, length) == pytest.approx(rates)


@pytest.mark.parametrize("rates, length", [
    (None, None), ([1.0], 2.0), ([1.0, 0.5], None), ([1.0, 0.5, 1.2], None),
    ([0.5, 0.6, 0.1], None), (None, 0.5), (None, 4.5)])
def test_synthetic_rates_rejected(rates, length):
    with pytest.raises(ValueError):
        h.resolve_synthetic_acceptance_rates(3, rates, length)


def test_draft_tensor_parallel_size():
    assert h.draft_tensor_parallel_size(4, None, "llama") == 4
    assert h.draft_tensor_parallel_size(4, None, "mlp_speculator") == 1
    assert h.draft_tensor_parallel_size(4, 1, "llama") == 1
    assert h.draft_tensor_parallel_size(4, 4, "llama") == 4
    with pytest.raises(ValueError, match="must be 1 or"):
        h.draft_tensor_parallel_size(4, 2, "llama")


def test_draft_max_model_len():
    assert h.draft_max_model_len(None, 4096, 8192) == 4096
    assert h.draft_max_model_len(None, 8192, 2048) == 2048
    assert h.draft_max_model_len(1024, 4096, 2048) == 1024
    with pytest.raises(ValueError, match="draft"):
        h.draft_max_model_len(5000, 4096, 8192)
    with pytest.raises(ValueError, match="target"):
        h.draft_max_model_len(3000, 4096, 2048)


def test_slots_and_predicates():
    assert h.max_num_new_slots_for_drafting(fake(method="ngram", num_speculative_tokens=4)) == 0
    assert h.max_num_new_slots_for_drafting(
        fake(method="draft_model", num_speculative_tokens=4)) == 1
    assert h.max_num_new_slots_for_drafting(
        fake(method="draft_model", num_speculative_tokens=4, parallel_drafting=True)) == 4
    assert h.max_num_new_slots_for_drafting(
        fake(method="eagle", num_speculative_tokens=3, parallel_drafting=True)) == 2
    assert h.use_eagle(fake(method="mtp")) and not h.use_eagle(fake(method="ngram"))
    assert h.uses_dynamic_draft_length(fake(num_speculative_tokens_per_batch_size=[(1, 8, 3)]))


def test_hash_factor_hooks():
    c = fake(method="dflash")
    assert h.uses_aux_hidden_states_factor(c) is True
    assert h.aux_layer_ids_factor(c) is None  # no draft config yet
    c.draft_model_config = SimpleNamespace(hf_config=None)
    assert h.aux_layer_ids_factor(c) is None
    c.draft_model_config = SimpleNamespace(
        hf_config=SimpleNamespace(eagle_aux_hidden_state_layer_ids=[1, 5]))
    assert h.aux_layer_ids_factor(c) == (1, 5)
    c.method = "eagle"
    assert h.aux_layer_ids_factor(c) is None and not h.uses_aux_hidden_states_factor(c)


def test_skip_validation_returns_the_object():
    marker = object()
    assert h.skip_validation(marker) is marker
