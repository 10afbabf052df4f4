"""CompilationConfig, PassConfig, DynamicShapesConfig and their enums against the seed:
fields and defaults, value parsing, rejection, and which fields feed the cache key."""

from __future__ import annotations

import ast
import dataclasses
import json
from collections import Counter
from pathlib import Path

import pytest
from pydantic import ValidationError

from vllm_config.compilation import CompilationConfig, DynamicShapesConfig, PassConfig
from vllm_config.types import CompilationMode, CUDAGraphMode, DynamicShapesType

SEED = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())
FACTS = SEED["classes"]


def declared_default(cls, name):
    info = cls.__pydantic_fields__[name]
    return info.default_factory() if info.default_factory is not None else info.default


def init_fields(cls) -> list[str]:
    return [f.name for f in dataclasses.fields(cls) if f.init]


# ---------------------------------------------------------------- fields and defaults


@pytest.mark.parametrize("cls", [CompilationConfig, PassConfig], ids=lambda c: c.__name__)
def test_constructor_fields_match_seed(cls):
    assert init_fields(cls) == FACTS[cls.__name__]["constructor_fields"]


@pytest.mark.parametrize("cls", [CompilationConfig, PassConfig], ids=lambda c: c.__name__)
def test_declared_defaults_match_seed(cls):
    stored = {f.name for f in dataclasses.fields(cls)}
    for f in FACTS[cls.__name__]["fields"]:
        name, default = f["name"], f["default"]
        if f["kind"] == "classvar":
            assert getattr(cls, name) == ast.literal_eval(default["repr"]), name
            continue
        assert name in stored, name
        if default["kind"] == "value":
            assert declared_default(cls, name) == ast.literal_eval(default["repr"]), name
        elif name == "compile_cache_save_format":
            # seed: a factory reading VLLM_COMPILE_CACHE_SAVE_FORMAT (checked below)
            assert declared_default(cls, name) is None
        else:
            factory = {"list": list, "dict": dict, "set": set, "Counter": Counter,
                       "PassConfig": PassConfig, "DynamicShapesConfig": DynamicShapesConfig}
            assert declared_default(cls, name) == factory[default["repr"]](), name


def test_init_false_fields_are_not_constructor_arguments():
    for name in ("local_cache_dir", "enabled_custom_ops", "disabled_custom_ops",
                 "traced_files", "compilation_time", "encoder_compilation_time",
                 "static_forward_context", "static_all_moe_layers"):
        with pytest.raises(ValidationError):
            CompilationConfig(**{name: None})


def test_constructed_defaults(monkeypatch):
    monkeypatch.delenv("VLLM_COMPILE_CACHE_SAVE_FORMAT", raising=False)
    c = CompilationConfig()
    assert c.mode is None and c.cudagraph_mode is None
    assert c.cudagraph_capture_sizes is None and c.max_cudagraph_capture_size is None
    assert c.use_inductor_graph_partition is None and c.ir_enable_torch_wrap is None
    assert c.local_cache_dir is None
    assert c.compile_cache_save_format == "binary"
    # Inductor's runtime asserts: off unless VLLM_LOGGING_LEVEL=DEBUG (vLLM on torch 2.11);
    # combo kernels: the default (cuda) platform has them
    assert c.inductor_compile_config == {"size_asserts": False, "alignment_asserts": False,
                                         "scalar_asserts": False,
                                         "enable_auto_functionalized_v2": False,
                                         "combo_kernels": True, "benchmark_combo_kernel": True}
    assert c.backend == "inductor"  # the platform's, for an empty backend
    assert c.custom_ops == [] and c.splitting_ops is None
    assert isinstance(c.enabled_custom_ops, Counter)
    assert isinstance(c.disabled_custom_ops, Counter)
    assert c.pass_config == PassConfig() and c.dynamic_shapes_config == DynamicShapesConfig()
    assert c.cudagraph_specialize_lora is True and c.cudagraph_num_of_warmups == 0


def test_pass_config_defaults():
    p = PassConfig()
    assert p.eliminate_noops is True
    assert p.rope_kvcache_fusion_max_token_num == 256
    for name in ("fuse_norm_quant", "fuse_act_quant", "fuse_attn_quant", "enable_sp",
                 "fuse_gemm_comms", "fuse_allreduce_rms", "enable_qk_norm_rope_fusion",
                 "fuse_rope_kvcache_cat_mla", "fuse_act_padding", "fuse_mla_dual_rms_norm",
                 "fuse_rope_kvcache", "fi_allreduce_fusion_max_size_mb", "sp_min_token_num"):
        assert getattr(p, name) is None, name


def test_dynamic_shapes_config_defaults():
    d = DynamicShapesConfig()
    assert d.type is DynamicShapesType.BACKED
    assert d.evaluate_guards is False and d.assume_32_bit_indexing is False
    assert DynamicShapesConfig(type="unbacked").type is DynamicShapesType.UNBACKED
    with pytest.raises(ValidationError):
        DynamicShapesConfig(type="sometimes")


def test_compile_cache_save_format_comes_from_environment(monkeypatch):
    monkeypatch.setenv("VLLM_COMPILE_CACHE_SAVE_FORMAT", "unpacked")
    assert CompilationConfig().compile_cache_save_format == "unpacked"
    assert CompilationConfig(compile_cache_save_format="binary").compile_cache_save_format \
        == "binary"
    monkeypatch.setenv("VLLM_COMPILE_CACHE_SAVE_FORMAT", "zip")
    with pytest.raises(ValidationError, match="VLLM_COMPILE_CACHE_SAVE_FORMAT"):
        CompilationConfig()


def test_compile_cache_save_format_rejects_other_values():
    with pytest.raises(ValidationError):
        CompilationConfig(compile_cache_save_format="zip")


# ---------------------------------------------------------------- enums


@pytest.mark.parametrize("enum_cls", [CompilationMode, CUDAGraphMode], ids=lambda e: e.__name__)
def test_enum_members_match_seed(enum_cls):
    members = SEED["enums"][enum_cls.__name__]["members"]
    assert [m.name for m in enum_cls] == [m["name"] for m in members]
    for m in members:
        value = enum_cls[m["name"]].value
        assert (list(value) if isinstance(value, list | tuple) else value) == m["value"]


def test_compilation_mode_is_an_int_enum():
    assert CompilationMode.VLLM_COMPILE == 3 and CompilationMode(0) is CompilationMode.NONE


# ---------------------------------------------------------------- parsing


@pytest.mark.parametrize("value, expected", [
    (3, CompilationMode.VLLM_COMPILE),
    (0, CompilationMode.NONE),
    ("VLLM_COMPILE", CompilationMode.VLLM_COMPILE),
    ("stock_torch_compile", CompilationMode.STOCK_TORCH_COMPILE),
    ("Dynamo_Trace_Once", CompilationMode.DYNAMO_TRACE_ONCE),
    (CompilationMode.NONE, CompilationMode.NONE),
    (None, None),
])
def test_mode_accepts_ints_names_and_members(value, expected):
    assert CompilationConfig(mode=value).mode is expected


@pytest.mark.parametrize("value", ["fast", "3", 4, -1])
def test_mode_rejects_unknown(value):
    with pytest.raises(ValidationError) as err:
        CompilationConfig(mode=value)
    if isinstance(value, str):
        assert "VLLM_COMPILE" in str(err.value)  # the valid names are listed


@pytest.mark.parametrize("value, expected", [
    ("full_and_piecewise", CUDAGraphMode.FULL_AND_PIECEWISE),
    ("PIECEWISE", CUDAGraphMode.PIECEWISE),
    ("Full_Decode_Only", CUDAGraphMode.FULL_DECODE_ONLY),
    ("none", CUDAGraphMode.NONE),
    (CUDAGraphMode.FULL, CUDAGraphMode.FULL),
    (2, CUDAGraphMode.FULL),
    (None, None),
])
def test_cudagraph_mode_by_name(value, expected):
    assert CompilationConfig(cudagraph_mode=value).cudagraph_mode is expected


def test_cudagraph_mode_rejects_unknown_name_listing_valid_ones():
    with pytest.raises(ValidationError, match="FULL_AND_PIECEWISE"):
        CompilationConfig(cudagraph_mode="sometimes")


def test_pass_config_from_mapping():
    c = CompilationConfig(pass_config={"fuse_norm_quant": True, "eliminate_noops": False})
    assert isinstance(c.pass_config, PassConfig)
    assert c.pass_config.fuse_norm_quant is True and c.pass_config.eliminate_noops is False
    with pytest.raises(ValidationError):
        CompilationConfig(pass_config={"no_such_pass": True})


def test_dynamic_shapes_config_from_mapping():
    c = CompilationConfig(dynamic_shapes_config={"type": "backed_size_oblivious"})
    assert c.dynamic_shapes_config.type is DynamicShapesType.BACKED_SIZE_OBLIVIOUS


def test_unset_fields_accept_none():
    c = CompilationConfig(max_cudagraph_capture_size=None, use_inductor_graph_partition=None,
                          ir_enable_torch_wrap=None, mode=None, cudagraph_mode=None)
    assert c.max_cudagraph_capture_size is None and c.use_inductor_graph_partition is None
    assert PassConfig(fuse_norm_quant=None, enable_sp=None).enable_sp is None


def test_debug_dump_path_is_a_path():
    assert CompilationConfig(debug_dump_path="/tmp/dump").debug_dump_path == Path("/tmp/dump")
    assert CompilationConfig(debug_dump_path=Path("/d")).debug_dump_path == Path("/d")
    assert CompilationConfig().debug_dump_path is None


def test_unknown_field_rejected():
    with pytest.raises(ValidationError):
        CompilationConfig(level=3)  # removed in favour of mode
    with pytest.raises(ValidationError):
        PassConfig(enable_fusion=True)


# ---------------------------------------------------------------- post-init behaviour


@pytest.mark.parametrize("ops", [["all", "none"], ["all", "all"], ["none", "none", "+x"]])
def test_custom_ops_all_and_none_at_most_once(ops):
    with pytest.raises(ValidationError, match="at most one"):
        CompilationConfig(custom_ops=ops)


@pytest.mark.parametrize("op", ["rms_norm", "", "*rms_norm"])
def test_custom_op_syntax(op):
    with pytest.raises(ValidationError, match="invalid custom op"):
        CompilationConfig(custom_ops=["none", op])


def test_custom_ops_accepted():
    assert CompilationConfig(custom_ops=["all", "-rms_norm"]).custom_ops == ["all", "-rms_norm"]


@pytest.mark.parametrize("flag", ["enable_qk_norm_rope_fusion", "fuse_rope_kvcache"])
def test_rope_fusions_enable_the_rotary_op(flag):
    c = CompilationConfig(custom_ops=["none"], pass_config={flag: True})
    assert c.custom_ops == ["none", "+rotary_embedding"]
    both = CompilationConfig(pass_config={"enable_qk_norm_rope_fusion": True,
                                          "fuse_rope_kvcache": True})
    assert both.custom_ops.count("+rotary_embedding") == 1


def test_explicit_auto_functionalized_v2_kept():
    c = CompilationConfig(inductor_compile_config={"enable_auto_functionalized_v2": True,
                                                   "combo_kernels": False})
    assert c.inductor_compile_config["enable_auto_functionalized_v2"] is True
    assert c.inductor_compile_config["combo_kernels"] is False


@pytest.mark.parametrize("mode, backend, ok", [
    (3, "openxla", False), (3, "inductor", True), (3, "eager", True), (3, "", True),
    (1, "openxla", True), (None, "openxla", True),
])
def test_piecewise_backend(mode, backend, ok):
    if ok:
        assert CompilationConfig(mode=mode, backend=backend).backend == (backend or "inductor")
    else:
        with pytest.raises(ValidationError, match="piecewise"):
            CompilationConfig(mode=mode, backend=backend)


def test_encoder_cudagraph_checks():
    with pytest.raises(ValidationError):
        CompilationConfig(cudagraph_mm_encoder=True,
                          encoder_cudagraph_max_vision_items_per_batch=-1)
    with pytest.raises(ValidationError):
        CompilationConfig(cudagraph_mm_encoder=True, encoder_cudagraph_max_frames_per_batch=-2)
    with pytest.raises(ValidationError):
        CompilationConfig(encoder_cudagraph_token_budgets=[2048, 0])
    # counts are only checked when encoder graphs are captured
    CompilationConfig(encoder_cudagraph_max_vision_items_per_batch=-1)
    ok = CompilationConfig(cudagraph_mm_encoder=True, encoder_cudagraph_token_budgets=[4096])
    assert ok.encoder_cudagraph_token_budgets == [4096]


# ---------------------------------------------------------------- cache key


def expected_factor_keys(name: str) -> set[str]:
    h = FACTS[name]["hash"]
    return set(h["included"]) | {n["key"] for n in h["nested"]}


@pytest.mark.parametrize("cls", [CompilationConfig, PassConfig], ids=lambda c: c.__name__)
def test_hash_factor_keys_match_seed(cls):
    assert set(cls().hash_factors()) == expected_factor_keys(cls.__name__)


def test_dynamic_shapes_hash_reads_every_field():
    assert set(DynamicShapesConfig().hash_factors()) == {
        "type", "evaluate_guards", "assume_32_bit_indexing"}


def test_nested_configs_enter_by_their_own_hash():
    c = CompilationConfig()
    factors = c.hash_factors()
    assert factors["pass_config"] == c.pass_config.compute_hash()
    assert factors["dynamic_shapes_config"] == c.dynamic_shapes_config.compute_hash()
    assert CompilationConfig(pass_config={"fuse_norm_quant": True}).compute_hash() \
        != c.compute_hash()
    assert CompilationConfig(dynamic_shapes_config={"evaluate_guards": True}).compute_hash() \
        != c.compute_hash()


@pytest.mark.parametrize("kwargs", [
    {"mode": 3}, {"backend": "eager"}, {"custom_ops": ["none"]}, {"splitting_ops": []},
    {"cudagraph_mode": "FULL"}, {"cudagraph_capture_sizes": [1, 2]},
    {"max_cudagraph_capture_size": 2}, {"compile_sizes": [4]},
    {"compile_ranges_endpoints": [8]}, {"inductor_passes": {"p": "m.f"}},
    {"inductor_compile_config": {"max_autotune": True}}, {"cudagraph_copy_inputs": True},
    {"cudagraph_specialize_lora": False}, {"use_inductor_graph_partition": True},
    {"ir_enable_torch_wrap": False}, {"fast_moe_cold_start": True},
    {"compile_cache_save_format": "unpacked"}, {"compile_mm_encoder": True},
    {"cudagraph_mm_encoder": True}, {"encoder_cudagraph_token_budgets": [64]},
    {"cudagraph_num_of_warmups": 1},
])
def test_included_fields_change_the_hash(kwargs, monkeypatch):
    monkeypatch.delenv("VLLM_COMPILE_CACHE_SAVE_FORMAT", raising=False)
    assert CompilationConfig(**kwargs).compute_hash() != CompilationConfig().compute_hash()


@pytest.mark.parametrize("kwargs", [
    {"debug_dump_path": "/tmp/dump"}, {"cache_dir": "/tmp/cache"},
])
def test_excluded_fields_leave_the_hash(kwargs):
    assert CompilationConfig(**kwargs).compute_hash() == CompilationConfig().compute_hash()


def test_run_time_state_and_the_cache_key():
    base = CompilationConfig().compute_hash()
    c = CompilationConfig()
    c.local_cache_dir = "/tmp/rank0"
    c.traced_files.add("model.py")
    c.compilation_time = 12.5
    c.encoder_compilation_time = 1.0
    c.static_forward_context["layer.0"] = object()
    assert c.compute_hash() == base
    c.enabled_custom_ops.update(["rms_norm"])  # the seed hashes the op tallies
    assert c.compute_hash() != base
    d = CompilationConfig()
    d.static_all_moe_layers.append("model.layers.0.mlp")
    assert d.compute_hash() != base


def test_pass_config_every_field_changes_the_hash():
    base = PassConfig().compute_hash()
    for name in FACTS["PassConfig"]["constructor_fields"]:
        value = 7 if name in ("rope_kvcache_fusion_max_token_num", "sp_min_token_num") else \
            1.5 if name == "fi_allreduce_fusion_max_size_mb" else \
            False if name == "eliminate_noops" else True
        assert PassConfig(**{name: value}).compute_hash() != base, name
