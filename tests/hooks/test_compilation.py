"""Hooks and helpers of codegen/cfgc/hooks/compilation.py, called directly."""

from __future__ import annotations

import logging
from collections import Counter
from types import SimpleNamespace

import pytest

from cfgc.hooks import compilation as h
from vllm_config.compilation import CompilationConfig, PassConfig
from vllm_config.types import CompilationMode, CUDAGraphMode

M = CUDAGraphMode
ATTN = list(CompilationConfig._attention_ops)
KV_OPS = ["vllm::unified_kv_cache_update", "vllm::unified_mla_kv_cache_update"]


# ---------------------------------------------------------------- CUDAGraphMode predicates


@pytest.mark.parametrize("mode, decode, mixed, separate, top, full, piecewise", [
    (M.NONE, M.NONE, M.NONE, False, M.NONE, False, False),
    (M.PIECEWISE, M.PIECEWISE, M.PIECEWISE, False, M.PIECEWISE, False, True),
    (M.FULL, M.FULL, M.FULL, False, M.FULL, True, False),
    (M.FULL_DECODE_ONLY, M.FULL, M.NONE, True, M.FULL, True, False),
    (M.FULL_AND_PIECEWISE, M.FULL, M.PIECEWISE, True, M.FULL, True, True),
])
def test_cudagraph_mode_predicates(mode, decode, mixed, separate, top, full, piecewise):
    assert h.cudagraph_separate_routine(mode) is separate
    assert h.cudagraph_decode_mode(mode) is decode
    assert h.cudagraph_mixed_mode(mode) is mixed
    assert h.cudagraph_max_mode(mode) is top
    assert h.cudagraph_has_full(mode) is full
    assert h.cudagraph_has_piecewise(mode) is piecewise
    assert h.cudagraph_requires_piecewise_compilation(mode) is piecewise
    assert h.cudagraph_is_valid_runtime_mode(mode) is (not separate)
    assert h.cudagraph_enabled(mode) is (mode is not M.NONE)


def test_cudagraph_has_mode():
    assert h.cudagraph_has_mode(M.FULL_DECODE_ONLY, M.NONE)
    assert not h.cudagraph_has_mode(M.FULL_DECODE_ONLY, M.PIECEWISE)
    assert h.cudagraph_has_mode(M.FULL, M.FULL) and not h.cudagraph_has_mode(M.FULL, M.NONE)
    with pytest.raises(ValueError):
        h.cudagraph_has_mode(M.FULL, M.FULL_AND_PIECEWISE)


def test_valid_runtime_modes_and_unset_mode():
    assert h.cudagraph_valid_runtime_modes(M) == frozenset({M.NONE, M.PIECEWISE, M.FULL})
    assert h.cudagraph_enabled(None) is False


# ---------------------------------------------------------------- post-init hooks


def ns(**kw):
    base = dict(custom_ops=[], inductor_compile_config={}, mode=None, backend="",
                pass_config=SimpleNamespace(enable_qk_norm_rope_fusion=None,
                                            fuse_rope_kvcache=None),
                cudagraph_mm_encoder=False, encoder_cudagraph_max_vision_items_per_batch=0,
                encoder_cudagraph_max_frames_per_batch=None,
                encoder_cudagraph_token_budgets=[], compile_cache_save_format=None,
                enabled_custom_ops={}, disabled_custom_ops={"x": 2})
    base.update(kw)
    return SimpleNamespace(**base)


def test_default_compile_cache_save_format(monkeypatch):
    monkeypatch.delenv("VLLM_COMPILE_CACHE_SAVE_FORMAT", raising=False)
    c = ns()
    h.default_compile_cache_save_format(c)
    assert c.compile_cache_save_format == "binary"
    monkeypatch.setenv("VLLM_COMPILE_CACHE_SAVE_FORMAT", "unpacked")
    c = ns()
    h.default_compile_cache_save_format(c)
    assert c.compile_cache_save_format == "unpacked"
    c = ns(compile_cache_save_format="binary")
    h.default_compile_cache_save_format(c)
    assert c.compile_cache_save_format == "binary"  # explicit value wins
    monkeypatch.setenv("VLLM_COMPILE_CACHE_SAVE_FORMAT", "BINARY")
    with pytest.raises(ValueError, match="VLLM_COMPILE_CACHE_SAVE_FORMAT"):
        h.default_compile_cache_save_format(ns())


def test_use_counters_for_op_tallies():
    c = ns()
    h.use_counters_for_op_tallies(c)
    assert isinstance(c.enabled_custom_ops, Counter) and c.disabled_custom_ops["x"] == 2
    c.enabled_custom_ops.update(["a", "a"])
    assert c.enabled_custom_ops["a"] == 2


def test_check_custom_ops_all_none():
    h.check_custom_ops_all_none(ns(custom_ops=["all", "-a"]))
    h.check_custom_ops_all_none(ns(custom_ops=[]))
    with pytest.raises(ValueError):
        h.check_custom_ops_all_none(ns(custom_ops=["all", "none"]))


def test_default_auto_functionalized_v2():
    c = ns()
    h.default_auto_functionalized_v2(c)
    assert c.inductor_compile_config == {"enable_auto_functionalized_v2": False}
    c = ns(inductor_compile_config={"enable_auto_functionalized_v2": True})
    h.default_auto_functionalized_v2(c)
    assert c.inductor_compile_config["enable_auto_functionalized_v2"] is True


def test_add_rotary_embedding_for_rope_fusions():
    c = ns()
    h.add_rotary_embedding_for_rope_fusions(c)
    assert c.custom_ops == []
    pc = SimpleNamespace(enable_qk_norm_rope_fusion=True, fuse_rope_kvcache=False)
    c = ns(custom_ops=["none"], pass_config=pc)
    h.add_rotary_embedding_for_rope_fusions(c)
    h.add_rotary_embedding_for_rope_fusions(c)
    assert c.custom_ops == ["none", "+rotary_embedding"]


@pytest.mark.parametrize("ops, ok", [
    (["all", "-x", "+y", "none"], True), (["x"], False), ([""], False), (["~x"], False),
])
def test_check_custom_op_syntax(ops, ok):
    if ok:
        h.check_custom_op_syntax(ns(custom_ops=ops))
    else:
        with pytest.raises(ValueError, match="custom op"):
            h.check_custom_op_syntax(ns(custom_ops=ops))


def test_check_piecewise_backend():
    h.check_piecewise_backend(ns(mode=CompilationMode.VLLM_COMPILE, backend="eager"))
    h.check_piecewise_backend(ns(mode=CompilationMode.DYNAMO_TRACE_ONCE, backend="tvm"))
    h.check_piecewise_backend(ns(mode=None, backend="tvm"))
    with pytest.raises(ValueError, match="piecewise"):
        h.check_piecewise_backend(ns(mode=CompilationMode.VLLM_COMPILE, backend="tvm"))


def test_check_encoder_cudagraph():
    h.check_encoder_cudagraph(ns(encoder_cudagraph_max_vision_items_per_batch=-1))
    h.check_encoder_cudagraph(ns(cudagraph_mm_encoder=True,
                                 encoder_cudagraph_max_frames_per_batch=0))
    with pytest.raises(ValueError, match="vision_items"):
        h.check_encoder_cudagraph(ns(cudagraph_mm_encoder=True,
                                     encoder_cudagraph_max_vision_items_per_batch=-1))
    with pytest.raises(ValueError, match="frames"):
        h.check_encoder_cudagraph(ns(cudagraph_mm_encoder=True,
                                     encoder_cudagraph_max_frames_per_batch=-1))
    with pytest.raises(ValueError, match="token_budgets"):
        h.check_encoder_cudagraph(ns(encoder_cudagraph_token_budgets=[16, -16]))


# ---------------------------------------------------------------- PassConfig helpers


def test_warn_fusions_without_noop_elimination(caplog):
    with caplog.at_level(logging.WARNING, logger="vllm_config.compilation"):
        PassConfig(eliminate_noops=False, fuse_norm_quant=True, fuse_attn_quant=True)
    assert "fuse_norm_quant" in caplog.text and "fuse_attn_quant" in caplog.text
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="vllm_config.compilation"):
        PassConfig(eliminate_noops=True, fuse_norm_quant=True)
        PassConfig(eliminate_noops=False)
    assert caplog.text == ""


def test_enabled_fusions():
    pc = PassConfig(fuse_norm_quant=True, fuse_act_quant=False, enable_sp=True,
                    fuse_rope_kvcache=True)
    assert h.enabled_fusions(pc) == ["norm_quant", "rope_kvcache"]


def test_flashinfer_max_size():
    table = {2: 64, 4: 2}
    assert h.flashinfer_max_size(PassConfig(), 4, table) == 2 * 1024 * 1024
    assert h.flashinfer_max_size(PassConfig(), 8, table) is None  # no default known
    assert h.flashinfer_max_size(PassConfig(), 3, table) is None  # unsupported size
    own = PassConfig(fi_allreduce_fusion_max_size_mb=0.5)
    assert h.flashinfer_max_size(own, 16, table) == 512 * 1024


# ---------------------------------------------------------------- capture sizes


def test_default_cudagraph_capture_sizes():
    sizes = h.default_cudagraph_capture_sizes(512, 8192)
    assert sizes[:5] == [1, 2, 4, 8, 16] and sizes[-2:] == [496, 512]
    assert len(sizes) == 3 + 31 + 17 and sizes == sorted(set(sizes))
    assert h.default_cudagraph_capture_sizes(16, 8192) == [1, 2, 4, 8, 16]
    assert h.default_cudagraph_capture_sizes(10, 10) == [1, 2, 4, 8, 10]  # max tokens added
    assert h.default_cudagraph_capture_sizes(2, 8192) == [1, 2]
    inter = h.default_cudagraph_capture_sizes(64, 8192, interactivity=True)
    assert inter[:32] == list(range(1, 33)) and inter[32:] == [40, 48, 56, 64]


def test_sizes_for_sequence_parallelism():
    assert h.sizes_for_sequence_parallelism([1, 2, 4, 6, 8], 4) == [4, 8]


def test_resolve_capture_sizes_default_list():
    c = CompilationConfig()
    h.resolve_cudagraph_capture_sizes(c, cudagraphs_enabled=True, max_num_seqs=256,
                                      max_num_batched_tokens=8192)
    assert c.max_cudagraph_capture_size == 512 and c.cudagraph_capture_sizes[-1] == 512
    assert c.compile_sizes == []
    c = CompilationConfig()
    h.resolve_cudagraph_capture_sizes(c, cudagraphs_enabled=True, max_num_seqs=4,
                                      max_num_batched_tokens=8192, num_speculative_tokens=1)
    assert c.cudagraph_capture_sizes == [1, 2, 4, 8, 16] and c.max_cudagraph_capture_size == 16


def test_resolve_capture_sizes_user_list_filtered_and_sorted():
    c = CompilationConfig(cudagraph_capture_sizes=[16, 4, 2, 2, 4096],
                          compile_sizes=["cudagraph_capture_sizes", 3])
    h.resolve_cudagraph_capture_sizes(c, cudagraphs_enabled=True, max_num_seqs=8,
                                      max_num_batched_tokens=1024)
    assert c.cudagraph_capture_sizes == [2, 4, 16] and c.max_cudagraph_capture_size == 16
    assert sorted(c.compile_sizes) == [2, 3, 4, 16]


def test_resolve_capture_sizes_inconsistent_max():
    c = CompilationConfig(cudagraph_capture_sizes=[1, 2, 4], max_cudagraph_capture_size=8)
    with pytest.raises(ValueError, match="must equal"):
        h.resolve_cudagraph_capture_sizes(c, cudagraphs_enabled=True, max_num_seqs=8,
                                          max_num_batched_tokens=1024)
    c = CompilationConfig(max_cudagraph_capture_size=100)  # alone: truncated to the list
    h.resolve_cudagraph_capture_sizes(c, cudagraphs_enabled=True, max_num_seqs=8,
                                      max_num_batched_tokens=1024)
    assert c.max_cudagraph_capture_size == 96 == c.cudagraph_capture_sizes[-1]


def test_resolve_capture_sizes_disabled_and_sp():
    c = CompilationConfig(cudagraph_capture_sizes=[1, 2])
    h.resolve_cudagraph_capture_sizes(c, cudagraphs_enabled=False, max_num_seqs=8,
                                      max_num_batched_tokens=1024)
    assert c.cudagraph_capture_sizes == [] and c.max_cudagraph_capture_size == 0
    c = CompilationConfig(pass_config={"enable_sp": True})
    h.resolve_cudagraph_capture_sizes(c, cudagraphs_enabled=True, max_num_seqs=4,
                                      max_num_batched_tokens=1024, tensor_parallel_size=4)
    assert c.cudagraph_capture_sizes == [4, 8] and c.max_cudagraph_capture_size == 8
    with pytest.raises(ValueError, match="empty"):
        h.resolve_cudagraph_capture_sizes(
            CompilationConfig(cudagraph_capture_sizes=[]), cudagraphs_enabled=True,
            max_num_seqs=4, max_num_batched_tokens=1024)


def test_post_init_cudagraph_sizes():
    c = SimpleNamespace(compile_sizes=[8, 8, "cudagraph_capture_sizes"],
                        cudagraph_capture_sizes=[4, 1, 2], max_cudagraph_capture_size=4)
    h.post_init_cudagraph_sizes(c)
    assert c.cudagraph_capture_sizes == [1, 2, 4] and sorted(c.compile_sizes) == [1, 2, 4, 8]
    c = SimpleNamespace(compile_sizes=None, cudagraph_capture_sizes=[],
                        max_cudagraph_capture_size=0)
    h.post_init_cudagraph_sizes(c)
    assert c.compile_sizes == []
    with pytest.raises(ValueError, match="compile_sizes"):
        h.post_init_cudagraph_sizes(SimpleNamespace(
            compile_sizes=["all"], cudagraph_capture_sizes=[1], max_cudagraph_capture_size=1))
    with pytest.raises(ValueError, match="max_cudagraph_capture_size"):
        h.post_init_cudagraph_sizes(SimpleNamespace(
            compile_sizes=None, cudagraph_capture_sizes=[1, 8], max_cudagraph_capture_size=16))


def sized(sizes, max_size, **pass_kw):
    return CompilationConfig(cudagraph_capture_sizes=sizes, max_cudagraph_capture_size=max_size,
                             pass_config=pass_kw)


def test_adjust_cudagraph_sizes_for_spec_decode():
    c = sized([1, 2, 4, 8, 16], 16)
    h.adjust_cudagraph_sizes_for_spec_decode(c, 3, 1)
    assert c.cudagraph_capture_sizes == [3, 6, 9] and c.max_cudagraph_capture_size == 9
    c = sized([4], 5)  # 4 -> 6 is too big, but 3 still fits
    h.adjust_cudagraph_sizes_for_spec_decode(c, 3, 1)
    assert c.cudagraph_capture_sizes == [3] and c.max_cudagraph_capture_size == 3
    c = sized([1, 2], 2)
    h.adjust_cudagraph_sizes_for_spec_decode(c, 1, 1)  # nothing to round
    assert c.cudagraph_capture_sizes == [1, 2]
    c = sized([2, 4, 6, 8], 8, enable_sp=True)
    h.adjust_cudagraph_sizes_for_spec_decode(c, 2, 4)
    assert c.cudagraph_capture_sizes == [4, 8]
    with pytest.raises(ValueError, match="no capture size is left"):
        h.adjust_cudagraph_sizes_for_spec_decode(sized([1, 2], 4), 5, 1)
    with pytest.raises(ValueError, match="multiple of both"):
        h.adjust_cudagraph_sizes_for_spec_decode(sized([4], 4, enable_sp=True), 2, 3)


# ---------------------------------------------------------------- compile ranges


def test_resolve_compile_ranges_endpoints():
    c = CompilationConfig()
    h.resolve_compile_ranges_endpoints(c, 8192)
    assert c.compile_ranges_endpoints == [8192]
    c = CompilationConfig(compile_ranges_endpoints=[64, 1, 16, 9000])
    h.resolve_compile_ranges_endpoints(c, 8192)
    assert c.compile_ranges_endpoints == [16, 64, 8192]
    c = CompilationConfig(pass_config={"fuse_rope_kvcache": True, "enable_sp": True,
                                       "fuse_allreduce_rms": True})
    h.resolve_compile_ranges_endpoints(c, 8192, allreduce_max_token_num=2048,
                                       sp_min_token_num=512)
    assert c.compile_ranges_endpoints == [256, 511, 2048, 8192]
    assert c.pass_config.sp_min_token_num == 512
    c = CompilationConfig(pass_config={"enable_sp": True, "sp_min_token_num": 1024})
    h.resolve_compile_ranges_endpoints(c, 8192, sp_min_token_num=4)
    assert c.compile_ranges_endpoints == [1023, 8192]
    c = CompilationConfig(pass_config={"fuse_allreduce_rms": True})
    h.resolve_compile_ranges_endpoints(c, 1024, allreduce_max_token_num=4096)
    assert c.compile_ranges_endpoints == [1024]  # the limit is above the range end
    with pytest.raises(ValueError, match="positive"):
        h.resolve_compile_ranges_endpoints(CompilationConfig(compile_ranges_endpoints=[0]), 64)


def test_get_compile_ranges():
    assert h.get_compile_ranges(CompilationConfig()) == []
    c = CompilationConfig(compile_ranges_endpoints=[8192, 16, 64, 16])
    assert h.get_compile_ranges(c) == [(1, 16), (17, 64), (65, 8192)]


# ---------------------------------------------------------------- splitting ops, custom ops


def compiled(**kw):
    kw.setdefault("mode", "VLLM_COMPILE")
    kw.setdefault("cudagraph_mode", "FULL_AND_PIECEWISE")
    return CompilationConfig(**kw)


def test_splitting_ops_outside_vllm_compile():
    c = CompilationConfig(mode="NONE", cudagraph_mode="FULL")
    h.set_splitting_ops_for_v1(c, "allgather_reducescatter")
    assert c.splitting_ops == [] and c.cudagraph_mode is M.FULL


def test_default_splitting_ops():
    c = compiled(pass_config={"fuse_rope_kvcache": True})
    h.set_splitting_ops_for_v1(c, "allgather_reducescatter")
    assert c.splitting_ops == ATTN + KV_OPS and c.pass_config.fuse_rope_kvcache is False
    assert c.splitting_ops is not CompilationConfig._attention_ops
    assert CompilationConfig._attention_ops == ATTN  # class list untouched
    assert h.splitting_ops_contain_attention(c) and h.is_attention_compiled_piecewise(c)
    c = compiled(use_inductor_graph_partition=True)
    h.set_splitting_ops_for_v1(c, "allgather_reducescatter")
    assert c.splitting_ops == ATTN


@pytest.mark.parametrize("mode, expected", [
    (M.PIECEWISE, M.NONE), (M.FULL_AND_PIECEWISE, M.FULL), (M.FULL_DECODE_ONLY,
                                                            M.FULL_DECODE_ONLY),
])
def test_empty_splitting_ops_downgrade(mode, expected):
    c = compiled(splitting_ops=[], cudagraph_mode=mode)
    h.set_splitting_ops_for_v1(c, "allgather_reducescatter")
    assert c.splitting_ops == [] and c.cudagraph_mode is expected


def test_attn_fusion_needs_whole_graph():
    c = compiled(pass_config={"fuse_attn_quant": True})
    h.set_splitting_ops_for_v1(c, "allgather_reducescatter")
    assert c.splitting_ops == [] and c.cudagraph_mode is M.FULL
    c = compiled(pass_config={"fuse_attn_quant": True}, splitting_ops=list(ATTN))
    with pytest.raises(ValueError, match="attention"):
        h.set_splitting_ops_for_v1(c, "allgather_reducescatter")
    with pytest.raises(ValueError):
        h.set_splitting_ops_for_attn_fusion(compiled())


def test_sequence_parallelism_needs_whole_graph():
    c = compiled(pass_config={"enable_sp": True})
    h.set_splitting_ops_for_v1(c, "allgather_reducescatter")
    assert c.splitting_ops == [] and c.cudagraph_mode is M.FULL


def test_deepep_high_throughput_disables_cudagraphs():
    c = compiled()
    h.set_splitting_ops_for_v1(c, "deepep_high_throughput", data_parallel_size=2)
    assert c.cudagraph_mode is M.NONE
    c = compiled()
    h.set_splitting_ops_for_v1(c, "deepep_high_throughput", data_parallel_size=1)
    assert c.cudagraph_mode is M.FULL_AND_PIECEWISE


def test_kv_cache_update_and_piecewise_queries():
    assert h.splitting_ops_contain_kv_cache_update(compiled())  # will be added
    assert not h.splitting_ops_contain_kv_cache_update(compiled(splitting_ops=ATTN))
    assert h.splitting_ops_contain_kv_cache_update(compiled(splitting_ops=KV_OPS))
    assert not h.splitting_ops_contain_attention(compiled())
    assert not h.is_attention_compiled_piecewise(compiled(splitting_ops=ATTN[:2]))
    assert not h.is_attention_compiled_piecewise(compiled(mode=2, splitting_ops=ATTN))
    part = compiled(splitting_ops=ATTN, use_inductor_graph_partition=True, backend="inductor")
    assert h.is_attention_compiled_piecewise(part)
    part = compiled(splitting_ops=ATTN, use_inductor_graph_partition=True, backend="eager")
    assert not h.is_attention_compiled_piecewise(part)


def test_is_custom_op_enabled():
    assert h.is_custom_op_enabled(CompilationConfig(custom_ops=["all", "-a"]), "b")
    assert not h.is_custom_op_enabled(CompilationConfig(custom_ops=["all", "-a"]), "a")
    assert h.is_custom_op_enabled(CompilationConfig(custom_ops=["none", "+a"]), "a")
    assert not h.is_custom_op_enabled(CompilationConfig(custom_ops=["none"]), "a")
    with pytest.raises(ValueError):
        h.is_custom_op_enabled(CompilationConfig(), "a")
