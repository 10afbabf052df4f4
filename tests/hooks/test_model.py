"""Hooks of ModelConfig, called directly."""

from __future__ import annotations

import inspect
from types import SimpleNamespace

import pytest

from cfgc.hooks import model as hooks
from vllm_config.model import ModelConfig
from vllm_config.pooler import PoolerConfig

NO_MM = (False,) + (None,) * (len(hooks.MM_INITVARS) - 1)


def blank(**kw):
    base = dict(model="org/m", tokenizer=None, revision=None, tokenizer_revision=None,
                served_model_name=None, tokenizer_mode="auto", model_impl="auto",
                runner="auto", convert="auto", pooler_config=None, max_model_len=None,
                multimodal_config=None, renderer_num_workers=1)
    base.update(kw)
    return SimpleNamespace(**base)


def test_initvar_order_matches_generated_post_init():
    params = list(inspect.signature(ModelConfig.__post_init__).parameters)[1:]
    assert tuple(params) == hooks.MM_INITVARS


@pytest.mark.parametrize(("served", "expected"), [
    (None, "org/m"), ("", "org/m"), ([], "org/m"), ("api", "api"), (["a", "b"], "a"),
])
def test_primary_served_name(served, expected):
    assert hooks.primary_served_name("org/m", served) == expected


@pytest.mark.parametrize(("runner", "convert", "pooling"), [
    ("pooling", "auto", True), ("pooling", "none", True), ("auto", "embed", True),
    ("auto", "classify", True), ("auto", "auto", False), ("auto", "none", False),
    ("generate", "embed", False), ("draft", "auto", False),
])
def test_runner_is_pooling(runner, convert, pooling):
    assert hooks.runner_is_pooling(runner, convert) is pooling


def test_multimodal_kwargs_drop_unset_and_rename():
    values = list(NO_MM)
    values[hooks.MM_INITVARS.index("limit_mm_per_prompt")] = {"image": 1}
    values[hooks.MM_INITVARS.index("mm_processor_cache_gb")] = 0.0
    assert hooks.multimodal_kwargs(tuple(values)) == {
        "language_model_only": False, "limit_per_prompt": {"image": 1},
        "mm_processor_cache_gb": 0.0}
    with pytest.raises(TypeError):
        hooks.multimodal_kwargs((False,))


def test_apply_value_defaults():
    c = blank(revision="v1", served_model_name=["x", "y"])
    hooks.apply_value_defaults(c, *NO_MM)
    assert (c.tokenizer, c.tokenizer_revision, c.served_model_name) == ("org/m", "v1", "x")
    assert c.pooler_config is None and c._mm_init_kwargs == {"language_model_only": False}


def test_apply_value_defaults_keeps_given_values():
    c = blank(tokenizer="tok", revision="v1", tokenizer_revision="t1", tokenizer_mode="hf",
              model_impl="terratorch")
    hooks.apply_value_defaults(c, *NO_MM)
    assert (c.tokenizer, c.tokenizer_revision, c.tokenizer_mode) == ("tok", "t1", "hf")


def test_apply_value_defaults_terratorch_and_pooling():
    c = blank(model_impl="terratorch", runner="pooling")
    hooks.apply_value_defaults(c, *NO_MM)
    assert c.tokenizer_mode == "terratorch"
    assert c.pooler_config == PoolerConfig()


@pytest.mark.parametrize("length", [None, -1, 1, 131072])
def test_check_model_values_accepts(length):
    hooks.check_model_values(blank(tokenizer="t", max_model_len=length))


@pytest.mark.parametrize("kw", [
    {"tokenizer": None}, {"tokenizer": 3}, {"tokenizer": "t", "max_model_len": 0},
    {"tokenizer": "t", "max_model_len": -5},
    {"tokenizer": "t", "renderer_num_workers": 2,
     "multimodal_config": SimpleNamespace(mm_processor_cache_gb=1.0)},
])
def test_check_model_values_rejects(kw):
    with pytest.raises(ValueError):
        hooks.check_model_values(blank(**kw))


def test_renderer_workers_fine_without_cache():
    hooks.check_model_values(blank(tokenizer="t", renderer_num_workers=8,
                                   multimodal_config=SimpleNamespace(mm_processor_cache_gb=0)))


def test_check_dtype():
    for name in ("auto", "half", "float16", "bfloat16", "float", "float32"):
        assert hooks.check_dtype(name) == name
    for bad in ("Half", "int8", 1.0, None, object()):
        with pytest.raises(ValueError):
            hooks.check_dtype(bad)
    fake = type("dtype", (), {"__module__": "torch"})()
    assert hooks.check_dtype(fake) is fake


def test_check_hf_overrides():
    assert hooks.check_hf_overrides({"a": {"b": 1}}) == {"a": {"b": 1}}
    assert hooks.check_hf_overrides(len) is len
    for bad in ({1: "x"}, "a=1", [1], 3):
        with pytest.raises(ValueError):
            hooks.check_hf_overrides(bad)


def test_check_logits_processors():
    assert hooks.check_logits_processors(None) is None
    assert hooks.check_logits_processors(["a.B", dict]) == ["a.B", dict]
    with pytest.raises(ValueError):
        hooks.check_logits_processors(["a.B", object()])


def test_check_quantization_config():
    assert hooks.check_quantization_config(None) is None
    assert hooks.check_quantization_config({"linear": "fp8"}) == {"linear": "fp8"}
    args = type("QuantizationConfigArgs", (), {})()
    assert hooks.check_quantization_config(args) is args
    for bad in ("fp8", {1: 2}, [("linear", "fp8")]):
        with pytest.raises(ValueError):
            hooks.check_quantization_config(bad)
