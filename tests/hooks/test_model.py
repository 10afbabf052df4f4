"""ModelConfig: the runtime-type hooks called directly, and the declared value
defaults and checks (formerly hooks called on plain objects) through the generated class
with the same inputs."""

from __future__ import annotations

import inspect

import pytest
from pydantic import ValidationError

from cfgc.hooks import model as hooks
from vllm_config.model import ModelConfig
from vllm_config.multimodal import MultiModalConfig
from vllm_config.pooler import PoolerConfig

from ..strategies import resolved

SCHEMA_INITVARS = tuple(f.name for f in resolved().classes["ModelConfig"].fields
                        if f.kind == "initvar")


def blank(**kw):
    return ModelConfig(**{"model": "org/m", **kw})


def test_initvar_order_matches_generated_post_init():
    params = list(inspect.signature(ModelConfig.__post_init__).parameters)[1:]
    assert tuple(params) == SCHEMA_INITVARS == hooks._initvar_names(ModelConfig)


@pytest.mark.parametrize(("served", "expected"), [
    (None, "org/m"), ("", "org/m"), ([], "org/m"), ("api", "api"), (["a", "b"], "a"),
])
def test_primary_served_name(served, expected):
    assert blank(served_model_name=served).served_model_name == expected


@pytest.mark.parametrize(("runner", "convert", "pooling"), [
    ("pooling", "auto", True), ("auto", "embed", True),
    ("auto", "classify", True), ("auto", "auto", False), ("auto", "none", False),
    ("generate", "embed", False), ("draft", "auto", False),
])
def test_runner_is_pooling(runner, convert, pooling):
    c = blank(runner=runner, convert=convert)
    assert (c.pooler_config is not None) is pooling
    assert (c.runner_type == "pooling") is pooling


def test_pooling_runner_without_conversion_is_refused():
    # org/m is a LlamaForCausalLM: pooling it needs an embed/classify adapter.
    with pytest.raises(ValidationError, match="not a pooling model"):
        blank(runner="pooling", convert="none")


def test_multimodal_kwargs_drop_unset_and_rename():
    c = blank(limit_mm_per_prompt={"image": 1}, mm_processor_cache_gb=0.0)
    assert c._mm_init_kwargs == {
        "language_model_only": False, "limit_per_prompt": {"image": 1},
        "mm_processor_cache_gb": 0.0}
    with pytest.raises(TypeError):
        hooks.keep_mm_init_kwargs(c, False)


def test_apply_value_defaults():
    c = blank(revision="v1", served_model_name=["x", "y"])
    assert (c.tokenizer, c.tokenizer_revision, c.served_model_name) == ("org/m", "v1", "x")
    assert c.pooler_config is None and c._mm_init_kwargs == {"language_model_only": False}


def test_apply_value_defaults_keeps_given_values():
    c = blank(tokenizer="tok", revision="v1", tokenizer_revision="t1", tokenizer_mode="hf",
              model_impl="terratorch")
    assert (c.tokenizer, c.tokenizer_revision, c.tokenizer_mode) == ("tok", "t1", "hf")


def test_apply_value_defaults_terratorch_and_pooling():
    c = blank(model_impl="terratorch", runner="pooling")
    assert c.tokenizer_mode == "terratorch"
    assert c.pooler_config == PoolerConfig(seq_pooling_type="LAST", tok_pooling_type="ALL")


@pytest.mark.parametrize("length", [None, -1, 1, 131072])
def test_check_model_values_accepts(length):
    blank(tokenizer="t", max_model_len=length)


def test_tokenizer_is_always_a_string():
    # The hook rejected a tokenizer that was not a string; in the class an unset
    # (None) tokenizer is filled in from model first, and other types never validate.
    assert blank(tokenizer=None).tokenizer == "org/m"
    with pytest.raises(ValidationError, match="tokenizer"):
        blank(tokenizer=3)


@pytest.mark.parametrize("kw", [
    {"tokenizer": "t", "max_model_len": 0},
    {"tokenizer": "t", "max_model_len": -5},
    {"tokenizer": "t", "renderer_num_workers": 2,
     "multimodal_config": MultiModalConfig(mm_processor_cache_gb=1.0)},
])
def test_check_model_values_rejects(kw):
    with pytest.raises(ValueError):
        blank(**kw)


def test_renderer_workers_fine_without_cache():
    blank(tokenizer="t", renderer_num_workers=8,
          multimodal_config=MultiModalConfig(mm_processor_cache_gb=0))


@pytest.mark.parametrize("name", ["auto", "half", "float16", "bfloat16", "float", "float32"])
def test_dtype_names(name):
    assert ModelConfig._after_dtype(name) == name
    blank(dtype=name)  # accepted


@pytest.mark.parametrize(("bad", "message"), [
    ("Half", "unknown dtype 'Half'; expected one of auto, half, float16, bfloat16, float, "
             "float32 \\(or a torch.dtype\\)"),
    ("int8", "unknown dtype 'int8'"), (1.0, "got float"), (None, "got NoneType"),
    (object(), "dtype must be a name .* or a torch.dtype, got object"),
])
def test_dtype_rejected(bad, message):
    with pytest.raises(ValidationError, match=message):
        blank(dtype=bad)


def test_dtype_object_recognised_by_type_name():
    fake = type("dtype", (), {"__module__": "torch"})()
    assert ModelConfig._after_dtype(fake) is fake


def test_hf_overrides():
    assert blank(hf_overrides={"a": {"b": 1}}).hf_overrides == {"a": {"b": 1}}
    def keep(config):
        return config
    assert blank(hf_overrides=keep).hf_overrides is keep
    for bad, message in (({1: "x"}, "keys must be strings, got 1"),
                         ("a=1", "a mapping or a function, got str"), ([1], "got list"),
                         (3, "got int")):
        with pytest.raises(ValidationError, match=message):
            blank(hf_overrides=bad)


def test_logits_processors():
    assert blank(logits_processors=None).logits_processors is None
    assert blank(logits_processors=["a.B", dict]).logits_processors == ["a.B", dict]
    with pytest.raises(ValidationError, match="class names or classes, got <object"):
        blank(logits_processors=["a.B", object()])


def test_quantization_config_types():
    """pydantic checks the declared union itself (no validator): a mapping with string
    keys or the config class."""
    assert blank(quantization_config=None).quantization_config is None
    assert blank(quantization_config={"linear": "fp8"}).quantization_config == {
        "linear": "fp8"}
    for bad in ("fp8", {1: 2}, [("linear", "fp8")],
                type("QuantizationConfigArgs", (), {})()):
        with pytest.raises(ValidationError, match="quantization_config"):
            blank(quantization_config=bad)


