"""Engine-level resolution: what VllmConfig's construction does between the parsed flags
and the final config, checked against vLLM 0.25.1's create_engine_config() on command
lines recorded in tests/fixtures/parity (ids such as v024 name the recorded case).

Each test runs `vllm-config show` in-process on the checkpoint-free model path used by
the recordings and asserts the resolved values, or that a rejected command line ends
in exactly one error line. Values the recorded CPU platform changed (CUDA-graph mode,
block size, backend, ...) are not asserted here: they belong to the platform profiles.
"""

from __future__ import annotations

import json

import pytest

from .cli.helpers import one_error as cli_error
from .cli.helpers import run

pytestmark = pytest.mark.filterwarnings("ignore")

MODEL = "tiny-opt-no-weights"  # the parity checkpoint, from the test hub cache
TOKENIZER_MODEL = "org/with-tokenizer"  # a checkpoint with tokenizer files
MOE_MODEL = "tiny-moe"  # a small Mixtral config: external DP load balancing needs MoE


def show(*argv: str, model: str = MODEL) -> dict:
    rc, out, err = run("show", "--model", model, *argv, "--format", "json")
    assert rc == 0, err
    return json.loads(out)


def value(data: dict, path: str) -> object:
    """`compilation_config.pass_config.fuse_norm_quant` -> its value in `show` output."""
    section, _, field = path.rpartition(".")
    return data[section or "VllmConfig"]["values"][field]


def one_error(*argv: str) -> str:
    return cli_error("show", "--model", MODEL, *argv)


# --- optimization-level defaults for the fusion passes ------------------------------

FUSIONS = ("fuse_norm_quant", "fuse_act_quant", "fuse_allreduce_rms", "fuse_act_padding")


@pytest.mark.parametrize("level", ["0", "1", "2", "3"])
def test_fusions_off_with_inductor_generated_ops(level: str) -> None:
    """No flags (baseline) / -O0 (v192) / -O1 / -O3 (v006): custom ops 'none' or 'all'
    at O0, no rms_norm/silu_and_mul custom op enabled at O1+ and one TP rank: every
    level-dependent fusion resolves to False, none stays unset."""
    data = show("-O", level)
    for name in FUSIONS:
        pc = "compilation_config.pass_config." + name
        if level == "0":  # O0 compiles nothing: custom ops 'all', fusions still off
            assert value(data, pc) is False, name
        else:
            assert value(data, pc) is False, (level, name)


def test_norm_fusion_follows_enabled_rms_norm_op() -> None:
    """v033/v114/v174: `-cc.custom_ops+ +rms_norm,-silu_and_mul` turns norm + quant
    fusion on (the custom RMSNorm is matched) and leaves activation fusion off."""
    data = show("--compilation-config.custom_ops+", "+rms_norm,-silu_and_mul")
    assert value(data, "compilation_config.custom_ops") == ["+rms_norm", "-silu_and_mul",
                                                            "none"]
    assert value(data, "compilation_config.pass_config.fuse_norm_quant") is True
    assert value(data, "compilation_config.pass_config.fuse_act_quant") is False


def test_all_custom_ops_turn_both_quant_fusions_on() -> None:
    """v087/v198/v225/v273/v297: without Inductor (backend eager, or mode NONE) custom
    ops default to 'all', so rms_norm and silu_and_mul are custom ops and both quant
    fusions are on."""
    for argv in (["-cc.backend", "eager"], ["-cc", '{"mode": "NONE"}']):
        data = show(*argv)
        assert value(data, "compilation_config.custom_ops") == ["all"]
        assert value(data, "compilation_config.pass_config.fuse_norm_quant") is True
        assert value(data, "compilation_config.pass_config.fuse_act_quant") is True


def test_disabled_ops_keep_their_fusions_off_under_all() -> None:
    """Under 'all' the quant_fp8 custom op alone keeps both fusions on; disabling it
    and the two matched ops turns them off."""
    data = show("-cc.backend", "eager", "-cc.custom_ops+", "-rms_norm,-silu_and_mul")
    assert value(data, "compilation_config.pass_config.fuse_norm_quant") is True
    data = show("-cc.backend", "eager", "-cc.custom_ops+", "-rms_norm,-silu_and_mul,-quant_fp8")
    assert value(data, "compilation_config.pass_config.fuse_norm_quant") is False
    assert value(data, "compilation_config.pass_config.fuse_act_quant") is False


def test_explicit_fusion_setting_wins_over_the_level() -> None:
    data = show("-cc.backend", "eager", "-cc.pass_config.fuse_norm_quant", "false")
    assert value(data, "compilation_config.pass_config.fuse_norm_quant") is False
    assert value(data, "compilation_config.pass_config.fuse_act_quant") is True


def test_allreduce_fusion_is_the_platforms_call_with_several_tp_ranks() -> None:
    """With TP > 1 the fused all-reduce depends on the GPU and FlashInfer: left unset
    for the platform (hook point optimization_level_dynamic_defaults); O1 turns it off."""
    assert value(show("-tp", "2"),
                 "compilation_config.pass_config.fuse_allreduce_rms") is None
    assert value(show("-tp", "2", "-O1"),
                 "compilation_config.pass_config.fuse_allreduce_rms") is False


def test_aiter_only_fusions_stay_unset_off_rocm() -> None:
    """Recorded baseline and v063 (-O1): MLA dual RMSNorm stays None at every level but
    O0; RoPE + KV-cache fusion is None at O2 and False at O1."""
    base, o1 = show(), show("-O1")
    pc = "compilation_config.pass_config."
    assert value(base, pc + "fuse_mla_dual_rms_norm") is None
    assert value(o1, pc + "fuse_mla_dual_rms_norm") is None
    assert value(base, pc + "fuse_rope_kvcache") is None
    assert value(o1, pc + "fuse_rope_kvcache") is False


# --- Inductor runtime asserts ---------------------------------------------------------

ASSERTS = ("size_asserts", "alignment_asserts", "scalar_asserts")


def test_inductor_asserts_default_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """v009/v024/v090/v129/v192...: the three runtime asserts are added, off."""
    monkeypatch.delenv("VLLM_LOGGING_LEVEL", raising=False)
    config = value(show("-O0"), "compilation_config.inductor_compile_config")
    assert {k: config[k] for k in (*ASSERTS, "enable_auto_functionalized_v2")} == {
        "size_asserts": False, "alignment_asserts": False, "scalar_asserts": False,
        "enable_auto_functionalized_v2": False}


def test_inductor_asserts_on_with_debug_logging(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VLLM_LOGGING_LEVEL", "debug")
    config = value(show(), "compilation_config.inductor_compile_config")
    assert all(config[key] is True for key in ASSERTS)


def test_given_inductor_assert_wins() -> None:
    config = value(show("-cc", '{"inductor_compile_config": {"size_asserts": true}}'),
                   "compilation_config.inductor_compile_config")
    assert config["size_asserts"] is True and config["scalar_asserts"] is False


# --- engine checks on the flags -------------------------------------------------------


def test_concurrent_partial_prefill_is_rejected() -> None:
    """v012: vLLM raises NotImplementedError for more than one partial prefill."""
    msg = one_error("--max-num-partial-prefills", "2")
    assert "concurrent partial prefills" in msg and "--max-num-partial-prefills" in msg


def test_long_partial_prefills_alone_are_rejected() -> None:
    msg = one_error("--max-num-partial-prefills", "2", "--max-long-partial-prefills", "2")
    assert "concurrent partial prefills" in msg


def test_pipeline_parallel_needs_a_multiprocess_executor() -> None:
    msg = one_error("-pp", "2", "--distributed-executor-backend", "uni")
    assert "pipeline parallelism" in msg and "'uni'" in msg
    assert value(show("-pp", "2", "--distributed-executor-backend", "mp"),
                 "parallel_config.pipeline_parallel_size") == 2


@pytest.mark.parametrize("lora", [["--enable-lora"], []])
def test_default_mm_loras_need_a_multimodal_model(lora: list[str]) -> None:
    """v027/v141: a text-only model has no modalities to map; the engine checks the flag
    even without --enable-lora, when it has no other effect (unused())."""
    msg = one_error(*lora, "--default-mm-loras", '{"image": "/srv/lora"}')
    assert "default_mm_loras" in msg and "multimodal" in msg


def test_empty_default_mm_loras_without_enable_lora_are_not_checked() -> None:
    """vLLM checks --default-mm-loras only when it maps some modality: '{}' passes."""
    rc, out, err = run("show", "--model", MODEL, "--default-mm-loras", "{}", "--format",
                       "json")
    assert rc == 0, err
    assert json.loads(out)["VllmConfig"]["values"]["lora_config"] is None


def test_other_lora_flags_without_enable_lora_only_warn() -> None:
    rc, out, err = run("show", "--model", MODEL, "--max-loras", "4", "--format", "json")
    assert rc == 0 and "no effect without --enable-lora" in err
    assert json.loads(out)["VllmConfig"]["values"]["lora_config"] is None


def test_unused_is_false_outside_the_command_line() -> None:
    from vllm_config.model import ModelConfig
    from vllm_config.vllm import VllmConfig

    assert VllmConfig(model_config=ModelConfig(model=MODEL)).lora_config is None


def test_external_dp_needs_moe_model_once_known() -> None:
    """Non-MoE models reject external DP load balancing (the checkpoint says which)."""
    assert "MoE" in one_error("-dp", "2", "--data-parallel-external-lb", "-dpn", "1")
    data = show("-dp", "2", "--data-parallel-external-lb", "-dpn", "1", model=MOE_MODEL)
    assert value(data, "parallel_config.data_parallel_external_lb") is True
    assert value(data, "parallel_config.data_parallel_rank") == 1


# --- data-parallel flags: what the engine derives before building ParallelConfig --------

DP = ("data_parallel_size_local", "data_parallel_rank", "data_parallel_external_lb",
      "data_parallel_hybrid_lb")


@pytest.mark.parametrize("argv, expected", [
    # no local size: the whole DP size runs on this node
    (["-dp", "2"], (2, 0, False, False)),
    # v285: the given local size; hybrid LB is moot when it covers every rank
    (["-dp", "2", "-dpl", "2"], (2, 0, False, False)),
    (["-dp", "4", "-dpl", "2", "--data-parallel-hybrid-lb"], (2, 0, False, True)),
    # hybrid LB with one local rank becomes external LB
    (["-dp", "4", "-dpl", "1", "--data-parallel-hybrid-lb"], (1, 0, True, False)),
    # a given DP rank: one engine per rank, externally balanced
    (["-dp", "4", "-dpn", "2"], (1, 2, True, False)),
    # several nodes: local size and rank from the node rank
    (["--nnodes", "2", "-dp", "4", "--node-rank", "1"], (2, 2, False, False)),
    (["--nnodes", "2", "-dp", "4", "--node-rank", "1", "--data-parallel-external-lb"],
     (1, 2, True, False)),
])
def test_data_parallel_flags_resolve_like_the_engine(argv: list[str], expected: tuple) -> None:
    data = show(*argv, model=MOE_MODEL)  # external LB cases need an MoE model
    assert tuple(value(data, "parallel_config." + name) for name in DP) == expected


@pytest.mark.parametrize("argv, words", [
    (["--data-parallel-hybrid-lb"], ["needs data_parallel_size_local"]),  # v030
    (["--data-parallel-hybrid-lb", "-dpn", "0"], ["data_parallel_size > 1"]),  # v042
    (["-dpn", "1"], ["data_parallel_size > 1"]),  # v264
    (["-dp", "4", "-dpn", "2", "-dpl", "2"], ["must be 1"]),
    (["-dp", "2", "--data-parallel-external-lb"], ["data_parallel_rank"]),
])
def test_data_parallel_flag_rejections(argv: list[str], words: list[str]) -> None:
    msg = one_error(*argv)
    assert all(word in msg for word in words), msg


def test_data_parallel_derivation_is_for_flags_only() -> None:
    from vllm_config.parallel import ParallelConfig

    p = ParallelConfig(data_parallel_size=2)
    assert p.data_parallel_size_local == 1  # vLLM's class default, not the engine's
    assert ParallelConfig(data_parallel_size=2, data_parallel_rank=1).data_parallel_external_lb \
        is False


@pytest.mark.parametrize("argv, words", [
    (["--data-parallel-hybrid-lb", "--data-parallel-external-lb", "-dp", "2"],
     ["data_parallel_hybrid_lb", "data_parallel_external_lb"]),
    (["--nnodes", "2", "-dp", "2", "--data-parallel-backend", "ray"],
     ["nnodes > 1", "'ray'"]),
    (["--nnodes", "2", "-tp", "3"], ["nnodes=2"]),
    (["--nnodes", "2", "-tp", "2", "--node-rank", "2"], ["node_rank (2)"]),
])
def test_multi_node_and_load_balancing_checks(argv: list[str], words: list[str]) -> None:
    msg = one_error(*argv)
    assert all(word in msg for word in words), msg


def test_multi_node_split_accepted() -> None:
    data = show("--nnodes", "2", "-tp", "2", "--node-rank", "1")
    assert value(data, "parallel_config.nnodes") == 2


def test_engine_checks_apply_to_flags_only() -> None:
    """The checks above are vLLM's EngineArgs checks (from_flags()): configs built in
    Python accept what vLLM's classes accept."""
    from vllm_config.parallel import ParallelConfig
    from vllm_config.scheduler import SchedulerConfig
    from vllm_config.vllm import VllmConfig

    assert ParallelConfig(nnodes=2).nnodes == 2
    sched = SchedulerConfig(max_model_len=8192, is_encoder_decoder=False,
                            max_num_partial_prefills=2, long_prefill_token_threshold=64)
    assert VllmConfig(scheduler_config=sched).scheduler_config.max_num_partial_prefills == 2
    from cfgc.runtime import rules

    assert rules.from_flags() is False
    with rules.building_from_flags():
        assert rules.from_flags() is True
        with pytest.raises(NotImplementedError, match="concurrent partial prefills"):
            VllmConfig(scheduler_config=sched)
    assert rules.from_flags() is False


# --- speculative decoding: target and draft configs ------------------------------------


def spec(*argv: str) -> dict:
    return show("--max-model-len", "1024", "-tp", "2", *argv)


def test_ngram_drafts_with_the_target_configs() -> None:
    """v048: the engine passes the target model and parallel configs; the n-gram
    proposer has no weights and uses them as its draft configs."""
    data = spec("--speculative-config",
                '{"method": "ngram", "num_speculative_tokens": 3, "prompt_lookup_max": 3}')
    sc = "speculative_config."
    assert value(data, sc + "prompt_lookup_min") == 3
    for which in ("target", "draft"):
        assert value(data, f"{sc}{which}_model_config.model") == MODEL
        assert value(data, f"{sc}{which}_model_config.max_model_len") == 1024
        assert value(data, f"{sc}{which}_parallel_config.tensor_parallel_size") == 2
    assert value(data, "scheduler_config.max_num_scheduled_tokens") == 2048


def test_suffix_decoding_has_no_draft_model() -> None:
    data = spec("--speculative-config", '{"method": "suffix"}')
    assert value(data, "speculative_config.draft_model_config") is None
    assert value(data, "speculative_config.draft_parallel_config") is None
    assert value(data, "speculative_config.num_speculative_tokens") == 24


def test_draft_model_gets_its_own_configs() -> None:
    """A drafter with weights: a ModelConfig for `model` (runner "draft", the target's
    tokenizer, context limit capped by the target's) and a ParallelConfig with the
    drafter's TP degree (the target's by default)."""
    data = spec("--speculative-config", '{"model": "draft-ckpt", "num_speculative_tokens": 2}')
    sc = "speculative_config."
    assert value(data, sc + "method") == "draft_model"
    assert value(data, sc + "draft_tensor_parallel_size") == 2
    assert value(data, sc + "draft_model_config.model") == "draft-ckpt"
    assert value(data, sc + "draft_model_config.runner") == "draft"
    assert value(data, sc + "draft_model_config.tokenizer") == MODEL
    assert value(data, sc + "draft_model_config.spec_target_max_model_len") == 1024
    assert value(data, sc + "draft_parallel_config.tensor_parallel_size") == 2
    assert value(data, sc + "draft_parallel_config.pipeline_parallel_size") == 1


def test_draft_model_limits_given() -> None:
    data = spec("--speculative-config", '{"model": "draft-ckpt", "num_speculative_tokens": 2,'
                ' "draft_tensor_parallel_size": 1, "max_model_len": 512}')
    sc = "speculative_config."
    assert value(data, sc + "draft_model_config.max_model_len") == 512
    assert value(data, sc + "draft_parallel_config.tensor_parallel_size") == 1
    assert value(data, sc + "draft_parallel_config.world_size") == 1


def test_mlp_speculator_drafts_on_one_rank() -> None:
    data = spec("--speculative-config", '{"model": "draft-ckpt", "method": "mlp_speculator",'
                ' "num_speculative_tokens": 2}')
    assert value(data, "speculative_config.draft_tensor_parallel_size") == 1


@pytest.mark.parametrize("config, words", [
    ('{"model": "draft-ckpt", "num_speculative_tokens": 2, "draft_tensor_parallel_size": 3}',
     ["draft_tensor_parallel_size (3)", "must be 1 or"]),
    ('{"model": "draft-ckpt", "num_speculative_tokens": 2, "max_model_len": 4096}',
     ["max_model_len (4096)", "target"]),
    ('{"num_speculative_tokens": 3}', ["num_speculative_tokens"]),  # v111
])
def test_draft_config_rejections(config: str, words: list[str]) -> None:
    msg = one_error("--max-model-len", "1024", "-tp", "2", "--speculative-config", config)
    assert all(word in msg for word in words), msg


def test_speculative_config_in_python_keeps_given_targets() -> None:
    from vllm_config.model import ModelConfig
    from vllm_config.parallel import ParallelConfig
    from vllm_config.speculative import SpeculativeConfig

    target = ModelConfig(model="m", max_model_len=100)
    sc = SpeculativeConfig(model="d", num_speculative_tokens=1, target_model_config=target,
                           target_parallel_config=ParallelConfig())
    # The draft's length: its checkpoint's 8192, capped by the target's 100.
    assert sc.draft_model_config.model == "d" and sc.draft_model_config.max_model_len == 100
    assert sc.draft_parallel_config.tensor_parallel_size == 1
    assert SpeculativeConfig(method="ngram", num_speculative_tokens=2).draft_model_config is None


# --- other engine choices on the flags -------------------------------------------------


def test_reasoning_parser_creates_the_reasoning_config() -> None:
    """--reasoning-parser names the parser for structured outputs and for a reasoning
    config the engine creates (its token ids come from the tokenizer: hook point)."""
    data = show("--reasoning-parser", "deepseek_r1", model=TOKENIZER_MODEL)
    assert value(data, "structured_outputs_config.reasoning_parser") == "deepseek_r1"
    assert value(data, "reasoning_config.reasoning_parser") == "deepseek_r1"
    data = show("--reasoning-parser", "qwen3", "--reasoning-config",
                '{"reasoning_start_str": "<a>", "reasoning_end_str": "</a>"}',
                model=TOKENIZER_MODEL)
    assert value(data, "reasoning_config.reasoning_parser") == "qwen3"
    assert value(data, "reasoning_config.reasoning_start_str") == "<a>"
    assert value(show(), "VllmConfig.reasoning_config") is None


@pytest.mark.parametrize("argv", [
    ["--reasoning-parser", "deepseek_r1"],  # v108
    ["--reasoning-config", '{"reasoning_start_str": "<think>", "reasoning_end_str": "</think>"}'],
])
def test_reasoning_needs_tokenizer_files(argv: list[str]) -> None:
    """v099/v108/v123: the parity checkpoint has no tokenizer, so vLLM cannot find the
    reasoning tokens and rejects the config; so do we, in one line."""
    msg = one_error(*argv)
    assert "tokenizer" in msg and "reasoning" in msg
    rc, _, err = run("show", "--model", MODEL, *argv, "--tokenizer", TOKENIZER_MODEL)
    assert rc == 0, err  # a tokenizer elsewhere is the engine's to check


def test_bitsandbytes_model_uses_its_loader() -> None:
    assert value(show("-q", "bitsandbytes"), "load_config.load_format") == "bitsandbytes"
    assert value(show(), "load_config.load_format") == "auto"


def test_lora_with_speculation_needs_room_for_drafts() -> None:
    spec_config = '{"method": "ngram", "num_speculative_tokens": 3}'
    msg = one_error("--enable-lora", "--max-num-seqs", "512", "--max-num-batched-tokens",
                    "1024", "--speculative-config", spec_config)
    assert "max_num_batched_tokens (1024)" in msg and "2048" in msg
    data = show("--enable-lora", "--max-num-seqs", "8", "--speculative-config", spec_config)
    assert value(data, "speculative_config.num_speculative_tokens") == 3
