"""SchedulerConfig's declared defaults and token-budget rules (formerly hooks called on
plain objects), exercised through the generated class with the same inputs."""

from __future__ import annotations

import logging

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from vllm_config.scheduler import SchedulerConfig


def sched(max_model_len: int = 8192, is_encoder_decoder: bool = False, **kw):
    return SchedulerConfig(max_model_len=max_model_len, is_encoder_decoder=is_encoder_decoder,
                           **kw)


def test_scheduler_cls_values():
    class S:
        pass

    for ok in (None, "pkg.Scheduler", S):
        assert sched().__class__(max_model_len=8192, is_encoder_decoder=False,
                                 scheduler_cls=ok).scheduler_cls is ok
    for bad in (1, S(), ["x"]):
        with pytest.raises(ValidationError, match="scheduler_cls"):
            sched(scheduler_cls=bad)


def test_defaults_filled_in():
    cfg = sched(max_num_batched_tokens=3000)
    assert cfg.max_num_encoder_input_tokens == cfg.encoder_cache_size == 3000
    assert cfg.enable_chunked_prefill is True and cfg.disable_chunked_mm_input is False


def test_encoder_decoder_overrides():
    cfg = sched(4096, True, long_prefill_token_threshold=10, max_num_batched_tokens=4096)
    assert (cfg.enable_chunked_prefill, cfg.disable_chunked_mm_input,
            cfg.long_prefill_token_threshold) == (False, True, 0)


def test_long_prefill_threshold_is_four_percent():
    cfg = sched(1000, max_num_partial_prefills=4, max_long_partial_prefills=2)
    assert cfg.long_prefill_token_threshold == 40
    cfg = sched(99, max_num_partial_prefills=4)
    assert cfg.long_prefill_token_threshold == 3  # int() truncates 3.96


@pytest.mark.parametrize("kw, max_model_len, message", [
    ({"enable_chunked_prefill": False}, 4096, "below max_model_len"),
    ({"max_num_seqs": 4096}, 100, "at least max_num_seqs"),
    ({"max_num_partial_prefills": 2, "enable_chunked_prefill": False,
      "max_num_batched_tokens": 9000}, 8192, "chunked prefill"),
    ({"max_num_partial_prefills": 2, "long_prefill_token_threshold": 101}, 100,
     "long_prefill_token_threshold"),
    ({"max_long_partial_prefills": 3, "max_num_partial_prefills": 2}, 100,
     "max_long_partial_prefills"),
])
def test_verify_max_model_len_rejects(kw, max_model_len, message):
    with pytest.raises(ValidationError, match=message):  # at construction
        sched(max_model_len, **kw)


@pytest.mark.parametrize("kw, max_model_len, message", [
    ({"enable_chunked_prefill": False}, 4096, "below max_model_len"),
    ({"max_num_partial_prefills": 2, "long_prefill_token_threshold": 101}, 100,
     "long_prefill_token_threshold"),
])
def test_verify_max_model_len_later_rejects(kw, max_model_len, message):
    cfg = sched(2048, **kw)  # fine for the length it was built with
    with pytest.raises(ValueError, match=message):
        cfg.verify_max_model_len(max_model_len)


def test_verify_max_model_len_accepts_and_warns(caplog):
    cfg = sched(max_num_seqs=1, max_num_batched_tokens=2048)
    with caplog.at_level(logging.WARNING, logger="vllm_config.scheduler"):
        assert cfg.verify_max_model_len(100) is cfg
    assert "larger than max_num_seqs * max_model_len" in caplog.text
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="vllm_config.scheduler"):
        sched().verify_max_model_len(8192)
    assert caplog.text == ""
    # equal budget and length with chunking off is fine
    sched(2048, enable_chunked_prefill=False).verify_max_model_len(2048)
    sched(100, max_num_partial_prefills=2, long_prefill_token_threshold=100,
          max_num_seqs=100).verify_max_model_len(100)


def test_verify_max_model_len_leaves_the_config_unchanged():
    cfg = sched(max_num_partial_prefills=2, max_num_batched_tokens=4096)
    cfg.encoder_cache_size = 9999  # raised by the engine after construction
    before = dict(cfg.__dict__)
    cfg.verify_max_model_len(4096)
    assert cfg.__dict__ == before


def budget_ok(tokens, seqs, partial, long_partial, threshold, chunked, length, enc_dec):
    """The token-budget checks of vLLM 0.25.1's verify_max_model_len, by hand, after
    the encoder-decoder overrides and the long-prefill default."""
    if enc_dec:
        chunked, threshold = False, 0
    if partial > 1 and threshold == 0:
        threshold = int(length * 0.04)
    if tokens < length and not chunked:
        return False
    if tokens < seqs:
        return False
    if partial > 1 and (not chunked or threshold > length):
        return False
    return long_partial <= partial


@settings(max_examples=300, deadline=None)
@given(tokens=st.integers(1, 20000), seqs=st.integers(1, 300), partial=st.integers(1, 4),
       long_partial=st.integers(1, 4), threshold=st.integers(0, 20000), chunked=st.booleans(),
       length=st.integers(1, 20000), enc_dec=st.booleans())
def test_declared_budget_rules_agree_with_hand_written_predicate(
        tokens, seqs, partial, long_partial, threshold, chunked, length, enc_dec):
    kw = dict(max_num_batched_tokens=tokens, max_num_seqs=seqs,
              max_num_partial_prefills=partial, max_long_partial_prefills=long_partial,
              long_prefill_token_threshold=threshold, enable_chunked_prefill=chunked)
    ok = budget_ok(tokens, seqs, partial, long_partial, threshold, chunked, length, enc_dec)
    try:
        sched(length, enc_dec, **kw)
    except ValidationError:
        assert not ok
    else:
        assert ok
