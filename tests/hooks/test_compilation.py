"""CompilationConfig / PassConfig behaviour declared in schema/compilation.yaml (through
the generated classes), the CUDAGraphMode methods, and the capture-size, compile-range
and splitting-op methods declared as steps (they were hooks; every assertion of their
hook tests is kept)."""

from __future__ import annotations

import logging
import typing
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vllm_config.compilation import CompilationConfig, PassConfig
from vllm_config.types import CompilationMode, CUDAGraphMode, KVCacheUpdateOp

M = CUDAGraphMode
ATTN = list(CompilationConfig._attention_ops)
KV_OPS = ["vllm::unified_kv_cache_update", "vllm::unified_mla_kv_cache_update"]
assert list(typing.get_args(KVCacheUpdateOp)) == KV_OPS


# ---------------------------------------------------------------- CUDAGraphMode methods


@pytest.mark.parametrize("mode, decode, mixed, separate, top, full, piecewise", [
    (M.NONE, M.NONE, M.NONE, False, M.NONE, False, False),
    (M.PIECEWISE, M.PIECEWISE, M.PIECEWISE, False, M.PIECEWISE, False, True),
    (M.FULL, M.FULL, M.FULL, False, M.FULL, True, False),
    (M.FULL_DECODE_ONLY, M.FULL, M.NONE, True, M.FULL, True, False),
    (M.FULL_AND_PIECEWISE, M.FULL, M.PIECEWISE, True, M.FULL, True, True),
])
def test_cudagraph_mode_predicates(mode, decode, mixed, separate, top, full, piecewise):
    assert mode.separate_routine() is separate
    assert mode.decode_mode() is decode
    assert mode.mixed_mode() is mixed
    assert mode.max_cudagraph_mode() is top
    assert mode.has_full_cudagraphs() is full
    assert mode.has_piecewise_cudagraphs() is piecewise
    assert mode.requires_piecewise_compilation() is piecewise
    assert mode.is_valid_runtime_mode() is (not separate)
    assert bool(mode) is (mode is not M.NONE)


def test_cudagraph_has_mode():
    assert M.FULL_DECODE_ONLY.has_mode(M.NONE)
    assert not M.FULL_DECODE_ONLY.has_mode(M.PIECEWISE)
    assert M.FULL.has_mode(M.FULL) and not M.FULL.has_mode(M.NONE)
    # The removed free function raised for a pair; the declared method answers False
    # (a pair is never the single mode of one batch kind).
    assert not M.FULL.has_mode(M.FULL_AND_PIECEWISE)


def test_valid_runtime_modes_and_unset_mode():
    assert {m for m in M if m.is_valid_runtime_mode()} == {M.NONE, M.PIECEWISE, M.FULL}
    assert bool(M.NONE) is False and CompilationConfig().cudagraph_mode is None


# A hand-written reference of the CUDAGraphMode semantics (the free functions the
# declared enum methods replaced): members are single modes or (decode, mixed) pairs.
def _ref_pair(mode):
    v = mode.value
    return (M(v[0]), M(v[1])) if isinstance(v, tuple | list) else (mode, mode)


@given(st.sampled_from(list(M)), st.sampled_from(list(M)))
def test_cudagraph_mode_methods_match_reference(mode, other):
    decode, mixed = _ref_pair(mode)
    separate = isinstance(mode.value, tuple | list)
    top = M(max(mode.value)) if separate else mode
    assert mode.separate_routine() is separate
    assert (mode.decode_mode(), mode.mixed_mode()) == (decode, mixed)
    assert mode.max_cudagraph_mode() is top
    assert mode.has_full_cudagraphs() is (top == M.FULL)
    assert mode.has_piecewise_cudagraphs() is (M.PIECEWISE in (decode, mixed))
    assert mode.requires_piecewise_compilation() is (M.PIECEWISE in (decode, mixed))
    assert mode.is_valid_runtime_mode() is (not separate)
    assert bool(mode) is (mode != M.NONE)
    if not isinstance(other.value, tuple | list):
        assert mode.has_mode(other) is (other in (decode, mixed))
    assert str(mode) == mode.name


# ---------------------------------------------------------------- after construction


def test_default_compile_cache_save_format(monkeypatch):
    monkeypatch.delenv("VLLM_COMPILE_CACHE_SAVE_FORMAT", raising=False)
    assert CompilationConfig().compile_cache_save_format == "binary"
    monkeypatch.setenv("VLLM_COMPILE_CACHE_SAVE_FORMAT", "unpacked")
    assert CompilationConfig().compile_cache_save_format == "unpacked"
    c = CompilationConfig(compile_cache_save_format="binary")
    assert c.compile_cache_save_format == "binary"  # explicit value wins
    monkeypatch.setenv("VLLM_COMPILE_CACHE_SAVE_FORMAT", "BINARY")
    with pytest.raises(ValueError, match="VLLM_COMPILE_CACHE_SAVE_FORMAT"):
        CompilationConfig()


def test_use_counters_for_op_tallies():
    c = CompilationConfig()
    assert isinstance(c.enabled_custom_ops, Counter)
    assert isinstance(c.disabled_custom_ops, Counter)
    assert CompilationConfig().disabled_custom_ops is not c.disabled_custom_ops  # fresh
    c.enabled_custom_ops.update(["a", "a"])
    assert c.enabled_custom_ops["a"] == 2


def test_check_custom_ops_all_none():
    CompilationConfig(custom_ops=["all", "-a"])
    CompilationConfig(custom_ops=[])
    with pytest.raises(ValueError, match="at most one of 'all' and 'none'"):
        CompilationConfig(custom_ops=["all", "none"])
    with pytest.raises(ValueError, match="at most one"):
        CompilationConfig(custom_ops=["none", "none"])


def test_default_auto_functionalized_v2():
    c = CompilationConfig()  # combo kernels: the default (cuda) platform has them
    assert c.inductor_compile_config["enable_auto_functionalized_v2"] is False
    assert c.inductor_compile_config["combo_kernels"] is True
    c = CompilationConfig(inductor_compile_config={"enable_auto_functionalized_v2": True})
    assert c.inductor_compile_config["enable_auto_functionalized_v2"] is True


def test_add_rotary_embedding_for_rope_fusions():
    assert CompilationConfig().custom_ops == []
    pc = {"enable_qk_norm_rope_fusion": True, "fuse_rope_kvcache": False}
    c = CompilationConfig(custom_ops=["none"], pass_config=pc)
    assert c.custom_ops == ["none", "+rotary_embedding"]
    again = CompilationConfig(custom_ops=c.custom_ops, pass_config=pc)  # added once only
    assert again.custom_ops == ["none", "+rotary_embedding"]
    c = CompilationConfig(custom_ops=["none"], pass_config={"fuse_rope_kvcache": True})
    assert c.custom_ops == ["none", "+rotary_embedding"]


@pytest.mark.parametrize("ops, ok", [
    (["all", "-x", "+y"], True), (["-x", "+y", "none"], True), (["x"], False), ([""], False),
    (["~x"], False),
])
def test_check_custom_op_syntax(ops, ok):
    if ok:
        CompilationConfig(custom_ops=ops)
    else:
        with pytest.raises(ValueError, match="custom op"):
            CompilationConfig(custom_ops=ops)


def test_check_piecewise_backend():
    CompilationConfig(mode=CompilationMode.VLLM_COMPILE, backend="eager")
    CompilationConfig(mode=CompilationMode.DYNAMO_TRACE_ONCE, backend="tvm")
    CompilationConfig(mode=None, backend="tvm")
    with pytest.raises(ValueError, match="piecewise"):
        CompilationConfig(mode=CompilationMode.VLLM_COMPILE, backend="tvm")


def test_check_encoder_cudagraph():
    CompilationConfig(encoder_cudagraph_max_vision_items_per_batch=-1)
    CompilationConfig(cudagraph_mm_encoder=True, encoder_cudagraph_max_frames_per_batch=0)
    with pytest.raises(ValueError, match="vision_items"):
        CompilationConfig(cudagraph_mm_encoder=True,
                          encoder_cudagraph_max_vision_items_per_batch=-1)
    with pytest.raises(ValueError, match="frames"):
        CompilationConfig(cudagraph_mm_encoder=True, encoder_cudagraph_max_frames_per_batch=-1)
    with pytest.raises(ValueError, match="token_budgets"):
        CompilationConfig(encoder_cudagraph_token_budgets=[16, -16])


# ---------------------------------------------------------------- PassConfig


def test_warn_fusions_without_noop_elimination(caplog):
    with caplog.at_level(logging.WARNING, logger="vllm_config.compilation"):
        PassConfig(eliminate_noops=False, fuse_norm_quant=True, fuse_attn_quant=True)
    assert "fuse_norm_quant" in caplog.text and "fuse_attn_quant" in caplog.text
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="vllm_config.compilation"):
        PassConfig(eliminate_noops=True, fuse_norm_quant=True)
        PassConfig(eliminate_noops=False)
    assert caplog.text == ""


def test_flashinfer_max_size():
    table = {2: 64, 4: 2}
    assert PassConfig().flashinfer_max_size(4, table) == 2 * 1024 * 1024
    assert PassConfig().flashinfer_max_size(8, table) is None  # no default known
    assert PassConfig().flashinfer_max_size(3, table) is None  # unsupported size
    own = PassConfig(fi_allreduce_fusion_max_size_mb=0.5)
    assert own.flashinfer_max_size(16, table) == 512 * 1024


# ---------------------------------------------------------------- capture sizes


def test_default_cudagraph_capture_sizes():
    default = CompilationConfig()._default_cudagraph_capture_sizes
    sizes = default(512, 8192)
    assert sizes[:5] == [1, 2, 4, 8, 16] and sizes[-2:] == [496, 512]
    assert len(sizes) == 3 + 31 + 17 and sizes == sorted(set(sizes))
    assert default(16, 8192) == [1, 2, 4, 8, 16]
    assert default(10, 10) == [1, 2, 4, 8, 10]  # max tokens added
    assert default(2, 8192) == [1, 2]
    inter = default(64, 8192, interactivity=True)
    assert inter[:32] == list(range(1, 33)) and inter[32:] == [40, 48, 56, 64]


def test_sizes_for_sequence_parallelism(caplog):
    c = CompilationConfig(cudagraph_capture_sizes=[1, 2, 4, 6, 8], pass_config={"enable_sp": True})
    with caplog.at_level(logging.WARNING, logger="vllm_config.compilation"):
        c._resolve_cudagraph_capture_sizes(cudagraphs_enabled=True, max_num_seqs=8,
                                           max_num_batched_tokens=1024, tensor_parallel_size=4)
    assert c.cudagraph_capture_sizes == [4, 8] and c.max_cudagraph_capture_size == 8
    assert "capture sizes [1, 2, 6] dropped: not multiples of tensor_parallel_size 4" in caplog.text


def test_resolve_capture_sizes_default_list():
    c = CompilationConfig()
    c._resolve_cudagraph_capture_sizes(cudagraphs_enabled=True, max_num_seqs=256,
                                      max_num_batched_tokens=8192)
    assert c.max_cudagraph_capture_size == 512 and c.cudagraph_capture_sizes[-1] == 512
    assert c.compile_sizes == []
    c = CompilationConfig()
    c._resolve_cudagraph_capture_sizes(cudagraphs_enabled=True, max_num_seqs=4,
                                      max_num_batched_tokens=8192, num_speculative_tokens=1)
    assert c.cudagraph_capture_sizes == [1, 2, 4, 8, 16] and c.max_cudagraph_capture_size == 16


def test_resolve_capture_sizes_user_list_filtered_and_sorted():
    c = CompilationConfig(cudagraph_capture_sizes=[16, 4, 2, 2, 4096],
                          compile_sizes=["cudagraph_capture_sizes", 3])
    c._resolve_cudagraph_capture_sizes(cudagraphs_enabled=True, max_num_seqs=8,
                                      max_num_batched_tokens=1024)
    assert c.cudagraph_capture_sizes == [2, 4, 16] and c.max_cudagraph_capture_size == 16
    assert sorted(c.compile_sizes) == [2, 3, 4, 16]


def test_resolve_capture_sizes_inconsistent_max():
    c = CompilationConfig(cudagraph_capture_sizes=[1, 2, 4], max_cudagraph_capture_size=8)
    with pytest.raises(ValueError, match="must equal"):
        c._resolve_cudagraph_capture_sizes(cudagraphs_enabled=True, max_num_seqs=8,
                                          max_num_batched_tokens=1024)
    c = CompilationConfig(max_cudagraph_capture_size=100)  # alone: truncated to the list
    c._resolve_cudagraph_capture_sizes(cudagraphs_enabled=True, max_num_seqs=8,
                                      max_num_batched_tokens=1024)
    assert c.max_cudagraph_capture_size == 96 == c.cudagraph_capture_sizes[-1]


def test_resolve_capture_sizes_disabled_and_sp():
    c = CompilationConfig(cudagraph_capture_sizes=[1, 2])
    c._resolve_cudagraph_capture_sizes(cudagraphs_enabled=False, max_num_seqs=8,
                                      max_num_batched_tokens=1024)
    assert c.cudagraph_capture_sizes == [] and c.max_cudagraph_capture_size == 0
    c = CompilationConfig(pass_config={"enable_sp": True})
    c._resolve_cudagraph_capture_sizes(cudagraphs_enabled=True, max_num_seqs=4,
                                      max_num_batched_tokens=1024, tensor_parallel_size=4)
    assert c.cudagraph_capture_sizes == [4, 8] and c.max_cudagraph_capture_size == 8
    with pytest.raises(ValueError, match="empty"):
        CompilationConfig(cudagraph_capture_sizes=[])._resolve_cudagraph_capture_sizes(
            cudagraphs_enabled=True,
            max_num_seqs=4, max_num_batched_tokens=1024)


def test_post_init_cudagraph_sizes():
    c = CompilationConfig(compile_sizes=[8, 8, "cudagraph_capture_sizes"],
                          cudagraph_capture_sizes=[4, 1, 2], max_cudagraph_capture_size=4)
    c.post_init_cudagraph_sizes()
    assert c.cudagraph_capture_sizes == [1, 2, 4] and sorted(c.compile_sizes) == [1, 2, 4, 8]
    c = CompilationConfig(compile_sizes=None, cudagraph_capture_sizes=[],
                          max_cudagraph_capture_size=0)
    c.post_init_cudagraph_sizes()
    assert c.compile_sizes == []
    with pytest.raises(ValueError, match="compile_sizes"):
        CompilationConfig(compile_sizes=["all"], cudagraph_capture_sizes=[1],
                          max_cudagraph_capture_size=1).post_init_cudagraph_sizes()
    with pytest.raises(ValueError, match="max_cudagraph_capture_size"):
        CompilationConfig(compile_sizes=None, cudagraph_capture_sizes=[1, 8],
                          max_cudagraph_capture_size=16).post_init_cudagraph_sizes()


def sized(sizes, max_size, **pass_kw):
    return CompilationConfig(cudagraph_capture_sizes=sizes, max_cudagraph_capture_size=max_size,
                             pass_config=pass_kw)


def test_adjust_cudagraph_sizes_for_spec_decode():
    c = sized([1, 2, 4, 8, 16], 16)
    c.adjust_cudagraph_sizes_for_spec_decode(3, 1)
    assert c.cudagraph_capture_sizes == [3, 6, 9] and c.max_cudagraph_capture_size == 9
    c = sized([4], 5)  # 4 -> 6 is too big, but 3 still fits
    c.adjust_cudagraph_sizes_for_spec_decode(3, 1)
    assert c.cudagraph_capture_sizes == [3] and c.max_cudagraph_capture_size == 3
    c = sized([1, 2], 2)
    c.adjust_cudagraph_sizes_for_spec_decode(1, 1)  # nothing to round
    assert c.cudagraph_capture_sizes == [1, 2]
    c = sized([2, 4, 6, 8], 8, enable_sp=True)
    c.adjust_cudagraph_sizes_for_spec_decode(2, 4)
    assert c.cudagraph_capture_sizes == [4, 8]
    with pytest.raises(ValueError, match="no capture size is left"):
        sized([1, 2], 4).adjust_cudagraph_sizes_for_spec_decode(5, 1)
    with pytest.raises(ValueError, match="multiple of both"):
        sized([4], 4, enable_sp=True).adjust_cudagraph_sizes_for_spec_decode(2, 3)


# ---------------------------------------------------------------- compile ranges


def test_resolve_compile_ranges_endpoints():
    c = CompilationConfig()
    c._resolve_compile_ranges_endpoints(8192)
    assert c.compile_ranges_endpoints == [8192]
    c = CompilationConfig(compile_ranges_endpoints=[64, 1, 16, 9000])
    c._resolve_compile_ranges_endpoints(8192)
    assert c.compile_ranges_endpoints == [16, 64, 8192]
    c = CompilationConfig(pass_config={"fuse_rope_kvcache": True, "enable_sp": True,
                                       "fuse_allreduce_rms": True})
    c._resolve_compile_ranges_endpoints(8192, allreduce_max_token_num=2048,
                                       sp_min_token_num=512)
    assert c.compile_ranges_endpoints == [256, 511, 2048, 8192]
    assert c.pass_config.sp_min_token_num == 512
    c = CompilationConfig(pass_config={"enable_sp": True, "sp_min_token_num": 1024})
    c._resolve_compile_ranges_endpoints(8192, sp_min_token_num=4)
    assert c.compile_ranges_endpoints == [1023, 8192]
    c = CompilationConfig(pass_config={"fuse_allreduce_rms": True})
    c._resolve_compile_ranges_endpoints(1024, allreduce_max_token_num=4096)
    assert c.compile_ranges_endpoints == [1024]  # the limit is above the range end
    with pytest.raises(ValueError, match="positive"):
        CompilationConfig(compile_ranges_endpoints=[0])._resolve_compile_ranges_endpoints(64)


def test_get_compile_ranges():
    assert CompilationConfig().get_compile_ranges() == []
    c = CompilationConfig(compile_ranges_endpoints=[8192, 16, 64, 16])
    assert c.get_compile_ranges() == [(1, 16), (17, 64), (65, 8192)]
    c.compile_ranges_endpoints = [64, 16, 64]  # sorted, duplicates dropped
    assert c.get_compile_ranges() == [(1, 16), (17, 64)]


# ---------------------------------------------------------------- splitting ops, custom ops


def compiled(**kw):
    kw.setdefault("mode", "VLLM_COMPILE")
    kw.setdefault("cudagraph_mode", "FULL_AND_PIECEWISE")
    return CompilationConfig(**kw)


def test_splitting_ops_outside_vllm_compile():
    c = CompilationConfig(mode="NONE", cudagraph_mode="FULL")
    c.set_splitting_ops_for_v1("allgather_reducescatter")
    assert c.splitting_ops == [] and c.cudagraph_mode is M.FULL


def test_default_splitting_ops():
    c = compiled(pass_config={"fuse_rope_kvcache": True})
    c.set_splitting_ops_for_v1("allgather_reducescatter")
    assert c.splitting_ops == ATTN + KV_OPS and c.pass_config.fuse_rope_kvcache is False
    assert c.splitting_ops is not CompilationConfig._attention_ops
    assert CompilationConfig._attention_ops == ATTN  # class list untouched
    assert c.splitting_ops_contain_attention() and c.is_attention_compiled_piecewise()
    c = compiled(use_inductor_graph_partition=True)
    c.set_splitting_ops_for_v1("allgather_reducescatter")
    assert c.splitting_ops == ATTN


@pytest.mark.parametrize("mode, expected", [
    (M.PIECEWISE, M.NONE), (M.FULL_AND_PIECEWISE, M.FULL), (M.FULL_DECODE_ONLY,
                                                            M.FULL_DECODE_ONLY),
])
def test_empty_splitting_ops_downgrade(mode, expected):
    c = compiled(splitting_ops=[], cudagraph_mode=mode)
    c.set_splitting_ops_for_v1("allgather_reducescatter")
    assert c.splitting_ops == [] and c.cudagraph_mode is expected


def test_attn_fusion_needs_whole_graph():
    c = compiled(pass_config={"fuse_attn_quant": True})
    c.set_splitting_ops_for_v1("allgather_reducescatter")
    assert c.splitting_ops == [] and c.cudagraph_mode is M.FULL
    c = compiled(pass_config={"fuse_attn_quant": True}, splitting_ops=list(ATTN))
    with pytest.raises(ValueError, match="attention"):
        c.set_splitting_ops_for_v1("allgather_reducescatter")
    with pytest.raises(ValueError):
        compiled().set_splitting_ops_for_attn_fusion()


def test_sequence_parallelism_needs_whole_graph():
    c = compiled(pass_config={"enable_sp": True})
    c.set_splitting_ops_for_v1("allgather_reducescatter")
    assert c.splitting_ops == [] and c.cudagraph_mode is M.FULL


def test_deepep_high_throughput_disables_cudagraphs():
    c = compiled()
    c.set_splitting_ops_for_v1("deepep_high_throughput", data_parallel_size=2)
    assert c.cudagraph_mode is M.NONE
    c = compiled()
    c.set_splitting_ops_for_v1("deepep_high_throughput", data_parallel_size=1)
    assert c.cudagraph_mode is M.FULL_AND_PIECEWISE


def test_kv_cache_update_and_piecewise_queries():
    assert compiled().splitting_ops_contain_kv_cache_update()  # will be added
    assert not compiled(splitting_ops=ATTN).splitting_ops_contain_kv_cache_update()
    assert compiled(splitting_ops=KV_OPS).splitting_ops_contain_kv_cache_update()
    assert not compiled(pass_config={"fuse_attn_quant": True}
                        ).splitting_ops_contain_kv_cache_update()
    assert not compiled(use_inductor_graph_partition=True
                        ).splitting_ops_contain_kv_cache_update()
    assert not compiled().splitting_ops_contain_attention()
    assert not compiled(splitting_ops=ATTN[:2]).is_attention_compiled_piecewise()
    assert not compiled(mode=2, splitting_ops=ATTN).is_attention_compiled_piecewise()
    part = compiled(splitting_ops=ATTN, use_inductor_graph_partition=True, backend="inductor")
    assert part.is_attention_compiled_piecewise()
    part = compiled(splitting_ops=ATTN, use_inductor_graph_partition=True, backend="eager")
    assert not part.is_attention_compiled_piecewise()
    part = compiled(mode="NONE", splitting_ops=ATTN, use_inductor_graph_partition=True,
                    backend="inductor")
    assert not part.is_attention_compiled_piecewise()


def test_is_custom_op_enabled():
    assert CompilationConfig(custom_ops=["all", "-a"]).is_custom_op_enabled("b")
    assert not CompilationConfig(custom_ops=["all", "-a"]).is_custom_op_enabled("a")
    assert CompilationConfig(custom_ops=["none", "+a"]).is_custom_op_enabled("a")
    assert not CompilationConfig(custom_ops=["none"]).is_custom_op_enabled("a")
    with pytest.raises(ValueError):
        CompilationConfig().is_custom_op_enabled("a")
