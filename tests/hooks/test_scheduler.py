"""Hooks of SchedulerConfig, called directly on plain objects."""

from __future__ import annotations

import logging
from types import SimpleNamespace

import pytest

from cfgc.hooks import scheduler as hooks


def sched(**kw):
    base = dict(max_num_batched_tokens=2048, max_num_seqs=128, max_num_partial_prefills=1,
                max_long_partial_prefills=1, long_prefill_token_threshold=0,
                enable_chunked_prefill=True, disable_chunked_mm_input=False,
                max_num_encoder_input_tokens=None, encoder_cache_size=None)
    return SimpleNamespace(**{**base, **kw})


def test_scheduler_cls_values():
    class S:
        pass

    for ok in (None, "pkg.Scheduler", S):
        assert hooks.check_scheduler_cls(ok) is ok
    for bad in (1, S(), ["x"]):
        with pytest.raises(ValueError, match="scheduler_cls"):
            hooks.check_scheduler_cls(bad)


def test_defaults_filled_in():
    cfg = sched(max_num_batched_tokens=3000)
    hooks.apply_scheduler_defaults(cfg, 8192, False)
    assert cfg.max_num_encoder_input_tokens == cfg.encoder_cache_size == 3000
    assert cfg.enable_chunked_prefill is True and cfg.disable_chunked_mm_input is False


def test_encoder_decoder_overrides():
    cfg = sched(long_prefill_token_threshold=10, max_num_batched_tokens=4096)
    hooks.apply_scheduler_defaults(cfg, 4096, True)
    assert (cfg.enable_chunked_prefill, cfg.disable_chunked_mm_input,
            cfg.long_prefill_token_threshold) == (False, True, 0)


def test_long_prefill_threshold_is_four_percent():
    cfg = sched(max_num_partial_prefills=4, max_long_partial_prefills=2)
    hooks.apply_scheduler_defaults(cfg, 1000, False)
    assert cfg.long_prefill_token_threshold == 40
    cfg = sched(max_num_partial_prefills=4)
    hooks.apply_scheduler_defaults(cfg, 99, False)
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
    with pytest.raises(ValueError, match=message):
        hooks.verify_max_model_len(sched(**kw), max_model_len)


def test_verify_max_model_len_accepts_and_warns(caplog):
    cfg = sched(max_num_seqs=1, max_num_batched_tokens=2048)
    with caplog.at_level(logging.WARNING, logger="vllm_config.scheduler"):
        assert hooks.verify_max_model_len(cfg, 100) is cfg
    assert "larger than max_num_seqs * max_model_len" in caplog.text
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="vllm_config.scheduler"):
        hooks.verify_max_model_len(sched(), 8192)
    assert caplog.text == ""
    # equal budget and length with chunking off is fine
    hooks.verify_max_model_len(sched(enable_chunked_prefill=False), 2048)
    hooks.verify_max_model_len(sched(max_num_partial_prefills=2,
                                     long_prefill_token_threshold=100), 100)
