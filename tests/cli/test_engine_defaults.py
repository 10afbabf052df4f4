"""Defaults the engine derives from the command line (vLLM's EngineArgs, 0.25.1 and
0.33.0 alike): what `given()` sees, and the budgets, chunked prefill and prefix caching
when the flags leave them unset."""

from __future__ import annotations

import json

from cfgc.runtime import rules

from .helpers import one_error, run


def show(*argv: str) -> dict:
    rc, out, err = run("show", "--format", "json", "--model", "tiny-opt", *argv)
    assert rc == 0, err
    return json.loads(out)


def test_given_sees_dotted_paths_of_nested_configs() -> None:
    class VllmConfig:  # the name given() compares with
        pass

    with rules.building_class("VllmConfig", {"scheduler_config": {"max_num_seqs": 4},
                                             "seed": 1}):
        obj = VllmConfig()
        assert rules.given(obj, "scheduler_config.max_num_seqs")
        assert rules.given(obj, "scheduler_config") and rules.given(obj, "seed")
        assert not rules.given(obj, "scheduler_config.max_num_batched_tokens")
    assert not rules.given(obj, "seed")  # outside the build


def test_cpu_budgets_grow_with_the_workers_and_double_for_throughput() -> None:
    base = show("--platform", "cpu")["scheduler_config"]["values"]
    assert (base["max_num_batched_tokens"], base["max_num_seqs"]) == (2048, 128)
    tp2 = show("--platform", "cpu", "-tp", "2")["scheduler_config"]["values"]
    assert (tp2["max_num_batched_tokens"], tp2["max_num_seqs"]) == (4096, 256)
    assert tp2["encoder_cache_size"] == tp2["max_num_encoder_input_tokens"] == 4096
    fast = show("--platform", "cpu", "--performance-mode", "throughput")
    values = fast["scheduler_config"]["values"]
    assert (values["max_num_batched_tokens"], values["max_num_seqs"]) == (4096, 256)
    given = show("--platform", "cpu", "-tp", "2", "--max-num-seqs", "7")
    assert given["scheduler_config"]["values"]["max_num_seqs"] == 7  # a given value stays


def test_without_chunked_prefill_the_scheduler_checks_the_models_context() -> None:
    # tiny-opt's context is 2048 and so is the budget: accepted (the scheduler used to
    # check against an 8192-token default and refuse, where vLLM passes the model's)
    values = show("--no-enable-chunked-prefill")["scheduler_config"]["values"]
    assert (values["max_num_batched_tokens"], values["enable_chunked_prefill"]) == (2048, False)


def test_pooling_models_follow_what_their_pooling_supports() -> None:
    pooled = show("--pooler-config", '{"seq_pooling_type": "MEAN"}')
    assert pooled["scheduler_config"]["values"]["enable_chunked_prefill"] is False
    assert pooled["cache_config"]["values"]["enable_prefix_caching"] is False
    forced = show("--pooler-config", '{"seq_pooling_type": "MEAN"}',
                  "--enable-prefix-caching")
    assert forced["cache_config"]["values"]["enable_prefix_caching"] is True
    message = one_error("show", "--model", "tiny-opt", "--pooler-config",
                        '{"seq_pooling_type": "MEAN"}', "--max-num-batched-tokens", "1K")
    assert "max_num_batched_tokens (1024) is below max_model_len (2048)" in message
