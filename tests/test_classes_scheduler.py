"""SchedulerConfig against the seed: init-only args, defaults, derived fields, cache key."""

from __future__ import annotations

import ast
import inspect
import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from vllm_config.scheduler import SchedulerConfig

FACTS = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())["classes"]


def make(**kw):
    kw.setdefault("max_model_len", 8192)
    kw.setdefault("is_encoder_decoder", False)
    return SchedulerConfig(**kw)


def test_fields_and_defaults_match_seed():
    facts = FACTS["SchedulerConfig"]
    assert list(inspect.signature(SchedulerConfig).parameters) == facts["constructor_fields"]
    fields = SchedulerConfig.__pydantic_fields__
    for f in facts["fields"]:
        d, name = f["default"], f["name"]
        if f["kind"] == "classvar":
            assert getattr(SchedulerConfig, name) == ast.literal_eval(d["repr"])
            assert name not in fields
        elif f["kind"] == "initvar":
            assert d["kind"] == "required"
            param = inspect.signature(SchedulerConfig).parameters[name]
            assert param.default is inspect.Parameter.empty
        elif d["kind"] == "value":
            want = ast.literal_eval(d.get("resolved_repr", d["repr"]))
            got = fields[name].default
            assert (got, type(got)) == (want, type(want)), name
        else:
            assert fields[name].init is False


def test_init_only_arguments_are_required_and_not_stored():
    with pytest.raises(ValidationError, match="max_model_len"):
        SchedulerConfig()
    s = make()
    assert not hasattr(s, "max_model_len") and not hasattr(s, "is_encoder_decoder")


def test_vllm_config_declares_the_default_scheduler_config():
    from vllm_config import VllmConfig

    s = VllmConfig().scheduler_config  # the declared step: an 8192-token decoder-only model
    want = make()  # (VllmConfig then decides async scheduling and the hybrid KV manager)
    for name in ("max_num_batched_tokens", "max_num_seqs", "encoder_cache_size",
                 "long_prefill_token_threshold", "enable_chunked_prefill"):
        assert getattr(s, name) == getattr(want, name), name
    given = VllmConfig(scheduler_config=make(max_num_seqs=4)).scheduler_config
    assert given.max_num_seqs == 4


def test_derived_fields():
    s = make(max_num_batched_tokens=4096)
    assert s.max_num_encoder_input_tokens == s.encoder_cache_size == 4096
    assert s.long_prefill_token_threshold == 0


def test_long_prefill_threshold_default():
    s = make(max_num_partial_prefills=2, max_model_len=10_000)
    assert s.long_prefill_token_threshold == 400
    kept = make(max_num_partial_prefills=2, long_prefill_token_threshold=123)
    assert kept.long_prefill_token_threshold == 123


def test_encoder_decoder_turns_off_chunking():
    s = make(is_encoder_decoder=True, max_model_len=1024, long_prefill_token_threshold=50)
    assert s.enable_chunked_prefill is False
    assert s.disable_chunked_mm_input is True
    assert s.long_prefill_token_threshold == 0


@pytest.mark.parametrize("kw, message", [
    ({"enable_chunked_prefill": False, "max_model_len": 4096}, "below max_model_len"),
    ({"is_encoder_decoder": True}, "below max_model_len"),
    ({"max_num_seqs": 4096}, "at least max_num_seqs"),
    ({"max_num_partial_prefills": 2, "long_prefill_token_threshold": 9000}, "must not exceed"),
    ({"max_long_partial_prefills": 2}, "max_long_partial_prefills"),
    ({"max_num_batched_tokens": 0}, "greater than or equal"),
    ({"watermark": 1.0}, "less than 1"),
    ({"watermark": -0.1}, "greater than or equal"),
    ({"policy": "lifo"}, "Input should be"),
    ({"runner_type": "embed"}, "Input should be"),
    ({"scheduler_cls": 3}, "scheduler_cls"),
    ({"stream_interval": 0}, "greater than or equal"),
])
def test_rejections(kw, message):
    with pytest.raises(ValidationError, match=message):
        make(**kw)


def test_accepted_values():
    assert make(watermark=0).watermark == 0.0
    assert make(scheduler_cls="my.mod.Sched").scheduler_cls == "my.mod.Sched"

    class Sched:
        pass

    assert make(scheduler_cls=Sched).scheduler_cls is Sched
    assert make(async_scheduling=True).async_scheduling is True
    # chunked prefill off is fine when the budget covers the model length
    assert make(enable_chunked_prefill=False, max_model_len=2048).enable_chunked_prefill is False


def test_hash_reads_only_the_token_budget():
    assert set(make().hash_factors()) == set(FACTS["SchedulerConfig"]["hash"]["reads"])
    base = make().compute_hash()
    assert make(max_num_batched_tokens=4096).compute_hash() != base
    for change in ({"max_num_seqs": 8}, {"policy": "priority"}, {"async_scheduling": True},
                   {"enable_chunked_prefill": False, "max_model_len": 2048},
                   {"stream_interval": 4}, {"watermark": 0.5}, {"max_model_len": 100}):
        assert make(**change).compute_hash() == base, change


def test_default_factory_is_a_decoder_only_8192_token_context() -> None:
    """The two init vars default to 8192 and False; keyword arguments override them."""
    s = SchedulerConfig.default_factory(max_num_partial_prefills=2)
    assert s.long_prefill_token_threshold == int(8192 * 0.04)
    assert s.enable_chunked_prefill is True  # a decoder-only model keeps chunked prefill
    s = SchedulerConfig.default_factory(max_num_partial_prefills=2, max_model_len=1000)
    assert s.long_prefill_token_threshold == 40
    assert SchedulerConfig.default_factory(is_encoder_decoder=True, max_model_len=1024) \
        .enable_chunked_prefill is False
    with pytest.raises(ValueError, match=r"below max_model_len \(8192\)"):  # the default
        SchedulerConfig.default_factory(is_encoder_decoder=True)
    with pytest.raises(ValueError, match="no_such_field"):
        SchedulerConfig.default_factory(no_such_field=1)
