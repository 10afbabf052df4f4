"""ModelConfig reads the checkpoint: config folders written in tmp from transformers'
config classes (never downloaded), the test hub cache, the parity checkpoint, and the
checkpoint-facts cache."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

transformers = pytest.importorskip("transformers")

from vllm_config import ModelConfig, ParallelConfig, VllmConfig  # noqa: E402
from vllm_config.model_arch import ModelArchitectureConfig  # noqa: E402
from vllm_config.pooler import PoolerConfig  # noqa: E402

HERE = Path(__file__).parent
TINY_OPT = HERE / "fixtures" / "parity" / "tiny-opt"  # the parity checkpoint


def write(tmp_path: Path, name: str, config, **extra_files) -> str:
    """Save a transformers config object as a checkpoint folder (config only)."""
    folder = tmp_path / name
    config.save_pretrained(folder)
    for file, content in extra_files.items():
        path = folder / file
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(content))
    return str(folder)


def llama(tmp_path: Path, name: str = "llama", **kw) -> str:
    args = dict(vocab_size=1000, hidden_size=256, intermediate_size=512, num_hidden_layers=10,
                num_attention_heads=8, num_key_value_heads=4, max_position_embeddings=4096,
                dtype="bfloat16", architectures=["LlamaForCausalLM"])
    args.update(kw)
    return write(tmp_path, name, transformers.LlamaConfig(**args))


# --- dense decoder models -----------------------------------------------------------


def test_llama_sizes_dtype_and_length(tmp_path):
    c = ModelConfig(model=llama(tmp_path))
    assert c.architectures == ["LlamaForCausalLM"] and c.architecture == "LlamaForCausalLM"
    assert (c.runner_type, c.convert_type, c.pooler_config) == ("generate", "none", None)
    assert c.dtype == "bfloat16" and c.max_model_len == 4096
    assert (c.get_hidden_size(), c.get_head_size(), c.get_vocab_size()) == (256, 32, 1000)
    assert (c.get_total_num_kv_heads(), c.get_total_num_hidden_layers()) == (4, 10)
    assert not (c.is_moe or c.use_mla or c.is_hybrid or c.is_encoder_decoder or c.uses_mrope)
    assert c.attn_type == "decoder" and c.is_prefix_caching_supported
    assert c.is_pp_supported and c.multimodal_config is None
    assert isinstance(c.model_arch_config, ModelArchitectureConfig)
    assert c.model_arch_config.derived_max_model_len_and_key == (4096, "max_position_embeddings")
    assert c.tokenizer == c.served_model_name == c.model


def test_kv_heads_and_layers_with_parallelism(tmp_path):
    c = ModelConfig(model=llama(tmp_path))
    assert [c.get_num_kv_heads(ParallelConfig(tensor_parallel_size=tp)) for tp in (1, 2, 4, 8)] \
        == [4, 2, 1, 1]  # replicated once there are more GPUs than KV heads
    assert c.get_num_attention_heads(ParallelConfig(tensor_parallel_size=4)) == 2
    # 10 layers over 3 stages: the leftover layer goes to the middle stage.
    spans = [c.get_layers_start_end_indices(
        ParallelConfig(pipeline_parallel_size=3, rank=r)) for r in range(3)]
    assert spans == [(0, 3), (3, 7), (7, 10)]
    assert c.get_num_layers(ParallelConfig(pipeline_parallel_size=3, rank=1)) == 4
    assert c.get_num_layers_by_block_type(ParallelConfig(), "attention") == 10
    assert c.get_num_layers_by_block_type(ParallelConfig(), "mamba") == 0
    with pytest.raises(ValueError, match="not divisible"):
        c.verify_with_parallel_config(ParallelConfig(tensor_parallel_size=3))
    with pytest.raises(ValueError, match="mixture-of-experts"):
        c.verify_with_parallel_config(ParallelConfig(enable_expert_parallel=True))


def test_pp_partition_env(tmp_path, monkeypatch):
    c = ModelConfig(model=llama(tmp_path))
    monkeypatch.setenv("VLLM_PP_LAYER_PARTITION", "6,4")
    pc = ParallelConfig(pipeline_parallel_size=2, rank=1)
    assert c.get_layers_start_end_indices(pc) == (6, 10)
    monkeypatch.setenv("VLLM_PP_LAYER_PARTITION", "5,4")
    with pytest.raises(ValueError, match="sums to 9"):
        c.get_layers_start_end_indices(pc)


def test_dtype_resolution(tmp_path):
    fp32 = llama(tmp_path, "fp32", dtype="float32")
    assert ModelConfig(model=fp32).dtype == "bfloat16"  # downcast to the preferred dtype
    assert ModelConfig(model=fp32, dtype="float").dtype == "float32"
    assert ModelConfig(model=fp32, dtype="half").dtype == "float16"
    fp16 = llama(tmp_path, "fp16", dtype="float16")
    assert ModelConfig(model=fp16).dtype == "float16"
    gemma = write(tmp_path, "gemma2", transformers.Gemma2Config(
        vocab_size=100, hidden_size=64, intermediate_size=128, num_hidden_layers=2,
        num_attention_heads=2, num_key_value_heads=1, head_dim=32, dtype="float16",
        architectures=["Gemma2ForCausalLM"]))
    assert ModelConfig(model=gemma).dtype == "bfloat16"  # float16 is unstable for gemma2
    with pytest.raises(ValueError, match="unstable in float16"):
        ModelConfig(model=gemma, dtype="float16")


def test_max_model_len_checks(tmp_path, monkeypatch):
    path = llama(tmp_path)
    assert ModelConfig(model=path, max_model_len=1024).max_model_len == 1024
    c = ModelConfig(model=path, max_model_len=-1)
    assert (c.original_max_model_len, c.max_model_len) == (-1, 4096)
    with pytest.raises(ValueError, match=r"max_model_len \(8192\) is larger .*"
                                         r"max_position_embeddings=4096"):
        ModelConfig(model=path, max_model_len=8192)
    monkeypatch.setenv("VLLM_ALLOW_LONG_MAX_MODEL_LEN", "1")
    assert ModelConfig(model=path, max_model_len=8192).max_model_len == 8192


def test_max_model_len_rope_scaling_and_sliding_window(tmp_path):
    dyn = llama(tmp_path, "dyn", rope_parameters={"rope_type": "dynamic", "factor": 4.0,
                                                  "rope_theta": 10000.0})
    assert ModelConfig(model=dyn).max_model_len == 16384
    yarn = llama(tmp_path, "yarn", rope_parameters={
        "rope_type": "yarn", "factor": 2.0, "original_max_position_embeddings": 2048,
        "rope_theta": 10000.0})
    assert ModelConfig(model=yarn).max_model_len == 4096
    mistral = write(tmp_path, "mistral", transformers.MistralConfig(
        vocab_size=100, hidden_size=64, intermediate_size=128, num_hidden_layers=2,
        num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=8192,
        sliding_window=1024, architectures=["MistralForCausalLM"]))
    c = ModelConfig(model=mistral)
    assert (c.max_model_len, c.get_sliding_window()) == (8192, 1024)
    c = ModelConfig(model=mistral, disable_sliding_window=True)
    assert (c.max_model_len, c.get_sliding_window()) == (1024, None)


def test_hf_overrides(tmp_path):
    path = llama(tmp_path)
    c = ModelConfig(model=path, hf_overrides={"max_position_embeddings": 1024})
    assert c.max_model_len == 1024 and c.hf_config.max_position_embeddings == 1024
    assert c.compute_hash() != ModelConfig(model=path).compute_hash()
    c = ModelConfig(model=path, hf_overrides=lambda cfg: (setattr(cfg, "num_hidden_layers", 3)
                                                          or cfg))
    assert c.get_total_num_hidden_layers() == 3 and c.hf_config.num_hidden_layers == 3


# --- architecture variants ------------------------------------------------------------


def test_qwen2_gqa(tmp_path):
    path = write(tmp_path, "qwen2", transformers.Qwen2Config(
        vocab_size=500, hidden_size=128, intermediate_size=256, num_hidden_layers=4,
        num_attention_heads=8, num_key_value_heads=2, max_position_embeddings=32768,
        dtype="bfloat16", architectures=["Qwen2ForCausalLM"]))
    c = ModelConfig(model=path)
    assert (c.get_head_size(), c.get_total_num_kv_heads(), c.max_model_len) == (16, 2, 32768)
    assert c.get_num_kv_heads(ParallelConfig(tensor_parallel_size=2)) == 1


def test_deepseek_mla_moe(tmp_path, monkeypatch):
    path = write(tmp_path, "dsv3", transformers.DeepseekV3Config(
        vocab_size=1000, hidden_size=256, intermediate_size=512, moe_intermediate_size=64,
        num_hidden_layers=3, num_attention_heads=8, num_key_value_heads=8,
        n_routed_experts=16, num_experts_per_tok=2, kv_lora_rank=128, q_lora_rank=96,
        qk_rope_head_dim=32, qk_nope_head_dim=64, v_head_dim=64, max_position_embeddings=8192,
        architectures=["DeepseekV3ForCausalLM"]))
    c = ModelConfig(model=path)
    assert c.is_deepseek_mla and c.use_mla and c.is_moe and c.get_num_experts() == 16
    assert c.get_head_size() == 128 + 32  # latent KV plus the RoPE part
    assert c.get_num_kv_heads(ParallelConfig(tensor_parallel_size=4)) == 1  # MQA when decoding
    c.verify_with_parallel_config(ParallelConfig(enable_expert_parallel=True))
    v = VllmConfig(model_config=c, parallel_config=ParallelConfig(
        data_parallel_size=2, data_parallel_external_lb=True))
    assert v.needs_dp_coordinator and v.model_config.is_moe is True
    monkeypatch.setenv("VLLM_MLA_DISABLE", "1")
    assert not c.use_mla
    # the cached facts hold the MLA head size: with MLA off, the cache must not serve them
    assert ModelConfig(model=path).get_head_size() == 64 + 32  # nope + rope, per head


def test_hybrid_jamba(tmp_path):
    path = write(tmp_path, "jamba", transformers.JambaConfig(
        vocab_size=500, hidden_size=128, intermediate_size=256, num_hidden_layers=8,
        num_attention_heads=4, num_key_value_heads=2, num_experts=4, attn_layer_period=4,
        attn_layer_offset=2, expert_layer_period=2, expert_layer_offset=1,
        architectures=["JambaForCausalLM"]))
    c = ModelConfig(model=path)
    assert c.is_hybrid and c.has_inner_state and c.is_moe and c.supports_mamba_prefix_caching
    assert c.attn_type == "hybrid" and not c.is_prefix_caching_supported
    assert c.get_num_layers_by_block_type(ParallelConfig(), "attention") == 2
    assert c.get_num_layers_by_block_type(ParallelConfig(), "mamba") == 6
    assert not c.is_attention_free


def test_multimodal_llava(tmp_path):
    text = transformers.LlamaConfig(vocab_size=1000, hidden_size=128, intermediate_size=256,
                                    num_hidden_layers=2, num_attention_heads=4,
                                    max_position_embeddings=2048)
    path = write(tmp_path, "llava", transformers.LlavaConfig(
        text_config=text, architectures=["LlavaForConditionalGeneration"], dtype="float16"))
    c = ModelConfig(model=path, limit_mm_per_prompt={"image": 2})
    assert c.is_multimodal_model and c.multimodal_config is not None
    assert c.multimodal_config.limit_per_prompt["image"].count == 2
    assert c.get_multimodal_config() is c.multimodal_config
    assert (c.get_hidden_size(), c.max_model_len, c.dtype) == (128, 2048, "float16")
    assert c.model_arch_config.text_model_type == "llama"
    assert c.checkpoint_facts.nested_text_config
    # A nested override reaches the text sub-config.
    c2 = ModelConfig(model=path, hf_overrides={"text_config": {"max_position_embeddings": 512}})
    assert c2.max_model_len == 512
    with pytest.raises(ValueError, match="not multimodal"):
        ModelConfig(model=llama(tmp_path)).get_multimodal_config()


def test_mrope_qwen2_vl(tmp_path):
    path = write(tmp_path, "qwen2vl", transformers.Qwen2VLConfig(
        text_config={"vocab_size": 500, "hidden_size": 128, "intermediate_size": 256,
                     "num_hidden_layers": 2, "num_attention_heads": 4,
                     "num_key_value_heads": 2, "max_position_embeddings": 4096,
                     "rope_parameters": {"rope_type": "default", "mrope_section": [4, 6, 6],
                                         "rope_theta": 10000.0}},
        vision_config={"depth": 1, "embed_dim": 32, "hidden_size": 128, "num_heads": 2},
        architectures=["Qwen2VLForConditionalGeneration"]))
    c = ModelConfig(model=path)
    assert c.uses_mrope and c.is_multimodal_model and c.max_model_len == 4096


def test_encoder_decoder_whisper(tmp_path):
    path = write(tmp_path, "whisper", transformers.WhisperConfig(
        vocab_size=500, d_model=64, encoder_layers=2, decoder_layers=2,
        encoder_attention_heads=2, decoder_attention_heads=2, max_target_positions=448,
        architectures=["WhisperForConditionalGeneration"]))
    c = ModelConfig(model=path)
    assert c.is_encoder_decoder and c.attn_type == "encoder_decoder"
    assert c.max_model_len == 448 and not c.is_chunked_prefill_supported
    assert c.multimodal_config is not None and c.multimodal_config.mm_processor_cache_gb == 0


def test_encoder_decoder_bart(tmp_path):
    path = write(tmp_path, "bart", transformers.BartConfig(
        vocab_size=500, d_model=64, encoder_layers=2, decoder_layers=2,
        encoder_attention_heads=2, decoder_attention_heads=2, max_position_embeddings=1024,
        architectures=["BartForConditionalGeneration"]))
    c = ModelConfig(model=path)
    assert c.is_encoder_decoder and c.max_model_len == 1024 and c.runner_type == "generate"


# --- pooling models -------------------------------------------------------------------


def bert(tmp_path: Path, name: str, arch: str, **files) -> str:
    return write(tmp_path, name, transformers.BertConfig(
        vocab_size=500, hidden_size=64, intermediate_size=128, num_hidden_layers=2,
        num_attention_heads=2, max_position_embeddings=512, architectures=[arch]), **files)


def test_pooling_embedding_model(tmp_path):
    c = ModelConfig(model=bert(tmp_path, "bert", "BertModel"))
    assert (c.runner_type, c.convert_type) == ("pooling", "none")
    assert c.pooler_config == PoolerConfig(seq_pooling_type="CLS", tok_pooling_type="ALL")
    assert c.dtype == "float16"  # float32 checkpoint, pooling prefers float16
    assert c.head_dtype == "float32" and c.attn_type == "encoder_only"
    assert not c.is_chunked_prefill_supported and not c.is_prefix_caching_supported
    assert c.is_pooling_architecture and c.registry.is_pooling_model(c.architectures)
    with pytest.raises(ValueError, match="does not support --runner generate"):
        ModelConfig(model=c.model, runner="generate")


def test_pooling_classification_and_score_type(tmp_path):
    c = ModelConfig(model=bert(tmp_path, "cls", "BertForSequenceClassification"))
    assert (c.runner_type, c.convert_type, c.score_type) == ("pooling", "none", "cross-encoder")
    own = ModelConfig(model=bert(tmp_path, "own", "MyBertForSequenceClassification"))
    assert (own.runner_type, own.convert_type) == ("pooling", "classify")  # by its suffix
    assert own.get_pooling_task(("embed", "classify")) == "embed"


def test_sentence_transformers_pooling_files(tmp_path):
    modules = [{"idx": 0, "path": "", "type": "sentence_transformers.models.Transformer"},
               {"idx": 1, "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"},
               {"idx": 2, "path": "2_Normalize", "type": "sentence_transformers.models.Normalize"}]
    path = llama(tmp_path, "st")
    for name, content in {"modules.json": modules,
                          "1_Pooling/config.json": {"pooling_mode_mean_tokens": True},
                          "sentence_bert_config.json": {"max_seq_length": 256,
                                                        "do_lower_case": False}}.items():
        (Path(path) / name).parent.mkdir(parents=True, exist_ok=True)
        (Path(path) / name).write_text(json.dumps(modules if name == "modules.json" else content))
    c = ModelConfig(model=path)  # a *ForCausalLM that sentence-transformers pools
    assert c.runner_type == "pooling"
    assert (c.pooler_config.seq_pooling_type, c.pooler_config.use_activation) == ("MEAN", True)
    assert c.max_model_len == 256


# --- the parity checkpoint and the default model -----------------------------------------


def test_parity_tiny_opt_matches_vllm_baseline():
    c = ModelConfig(model=str(TINY_OPT))
    # vLLM 0.25.1's recorded baseline: dtype torch.bfloat16, max_model_len 2048.
    assert (c.dtype, c.max_model_len) == ("bfloat16", 2048)
    assert (c.architectures, c.runner_type, c.convert_type) == (["OPTForCausalLM"], "generate",
                                                                "none")
    assert (c.get_head_size(), c.get_total_num_kv_heads(), c.get_vocab_size()) == (16, 4, 1000)


def test_default_model_comes_from_the_hub_cache():
    c = ModelConfig()
    assert c.model == "Qwen/Qwen3-0.6B"
    assert "models--Qwen--Qwen3-0.6B" in c.checkpoint_facts.config_dir
    sizes = (c.get_hidden_size(), c.get_total_num_hidden_layers(), c.get_head_size())
    assert sizes == (1024, 28, 128)
    assert VllmConfig().model_config is None  # no model unless one is given


# --- errors -----------------------------------------------------------------------------


def test_missing_model_is_one_clear_error(tmp_path):
    with pytest.raises(ValueError, match=r"model 'no-such-org/x' not found.*Hugging Face cache"):
        ModelConfig(model="no-such-org/x")
    (tmp_path / "empty").mkdir()
    with pytest.raises(ValueError, match="has no config.json"):
        ModelConfig(model=str(tmp_path / "empty"))
    with pytest.raises(ValueError, match="at revision 'nope'"):
        ModelConfig(revision="nope")


def test_missing_model_on_the_command_line():
    out = subprocess.run([sys.executable, "-m", "vllm_config", "show", "--model", "no-such-org/x"],
                         capture_output=True, text=True)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "no-such-org/x" in lines[0] and "Traceback" not in out.stderr


# --- the checkpoint-facts cache ---------------------------------------------------------


def _entries() -> set[Path]:
    return set((Path(os.environ["CFGC_CACHE_DIR"]) / "checkpoints").glob("*.json"))


def test_warm_run_does_not_import_transformers(tmp_path):
    path = llama(tmp_path, "warm", vocab_size=1236)
    ModelConfig(model=path)  # cold: computes and stores the facts
    code = ("import sys; from vllm_config import ModelConfig; "
            f"c = ModelConfig(model={path!r}); "
            "print(c.max_model_len, 'transformers' in sys.modules, 'torch' in sys.modules); "
            "print(c.hf_config.num_hidden_layers, 'transformers' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:2] == ["4096 False False", "10 True"]  # lazy hf_config


def test_corrupt_cache_entry_is_recomputed(tmp_path):
    path = llama(tmp_path, "corrupt", num_hidden_layers=6, vocab_size=1235)
    before = _entries()
    first = ModelConfig(model=path)
    (new,) = _entries() - before
    new.write_text("{not json")
    again = ModelConfig(model=path)
    assert again.get_total_num_hidden_layers() == 6 and again.compute_hash() == first.compute_hash()
    assert json.loads(new.read_text())["arch"]["total_num_hidden_layers"] == 6  # rewritten
    new.write_text(json.dumps({"key": new.stem, "arch": {"bogus": 1}, "config": {}}))
    assert ModelConfig(model=path).get_total_num_hidden_layers() == 6


def test_cache_key_follows_config_and_overrides(tmp_path):
    path = llama(tmp_path, "keyed", vocab_size=1234)  # content no other test writes
    before = _entries()
    ModelConfig(model=path)
    ModelConfig(model=path)  # a hit: no new entry
    assert len(_entries() - before) == 1
    ModelConfig(model=path, hf_overrides={"vocab_size": 2000})
    assert len(_entries() - before) == 2
    ModelConfig(model=path, hf_overrides=lambda cfg: cfg)  # callables bypass the cache
    assert len(_entries() - before) == 2
    config = json.loads((Path(path) / "config.json").read_text())
    config["max_position_embeddings"] = 1024
    (Path(path) / "config.json").write_text(json.dumps(config))
    assert ModelConfig(model=path).max_model_len == 1024  # the file's bytes are the key


def test_installed_transformers_version_feeds_the_checkpoint_key(monkeypatch) -> None:
    """The checkpoint's part of the cache key depends on the transformers that read it
    (the behaviour snapshot reports the version it was recorded with, for this reason);
    nothing else about the resolved config does."""
    from cfgc.checkpoint import files as checkpoint

    seen = {}
    for version in ("5.0.0", "5.99.0"):
        monkeypatch.setattr(checkpoint, "_transformers_version", lambda v=version: v)
        config = ModelConfig(model=str(TINY_OPT))
        seen[version] = (config.compute_hash(), config.max_model_len, config.dtype)
    assert seen["5.0.0"][0] != seen["5.99.0"][0]
    assert seen["5.0.0"][1:] == seen["5.99.0"][1:]


def test_quant_config_for_fp8(tmp_path: Path) -> None:
    """VllmConfig.quant_config is built for FP8 (vLLM's Fp8Config attributes): online
    from the flag on an unquantized checkpoint, from the checkpoint's quantization
    config for an FP8 one; other methods stay None for the engine."""
    online = VllmConfig(model_config=ModelConfig(model=str(TINY_OPT), quantization="fp8"))
    q = online.quant_config
    assert (type(q).__name__, q.get_name(), q.is_checkpoint_fp8_serialized,
            q.activation_scheme, q.ignored_layers, q.weight_block_size, q.use_deep_gemm) \
        == ("Fp8Config", "fp8", False, "dynamic", [], None, None)
    assert VllmConfig(model_config=ModelConfig(model=str(TINY_OPT))).quant_config is None
    quantized = llama(tmp_path, quantization_config={
        "quant_method": "fp8", "activation_scheme": "dynamic",
        "weight_block_size": [128, 128], "ignored_layers": ["lm_head"]})
    q = VllmConfig(model_config=ModelConfig(model=quantized)).quant_config
    assert (q.is_checkpoint_fp8_serialized, q.weight_block_size, q.ignored_layers) == (
        True, [128, 128], ["lm_head"])
    assert q.has_blocked_weights()
    # the hash does not see it: model_config.quantization covers it, as in vLLM
    assert "quant_config" not in online.hash_factors()


# --- the weights' dtype and the hf_config stand-in ----------------------------------


def _safetensors(path: Path, dtypes: dict[str, str]) -> None:
    """A safetensors file whose header declares one 1-element tensor per name/dtype."""
    sizes = {"BF16": 2, "F16": 2, "F32": 4, "I8": 1, "F8_E4M3": 1, "I64": 8}
    header, offset = {}, 0
    for name, code in dtypes.items():
        header[name] = {"dtype": code, "shape": [1], "data_offsets": [offset, offset + sizes[code]]}
        offset += sizes[code]
    raw = json.dumps(header).encode()
    raw += b" " * (-len(raw) % 8)
    path.write_bytes(len(raw).to_bytes(8, "little") + raw + b"\0" * offset)


def test_weights_decide_the_dtype_of_a_config_without_one(tmp_path):
    from cfgc.checkpoint.weights import common_dtype

    # vLLM's rule: the dtype every stored dtype casts to without loss
    assert common_dtype({"BF16"}) == "bfloat16"
    assert common_dtype({"BF16", "F32"}) == "float32"
    assert common_dtype({"I8", "F16"}) == "float16"  # int8 weights, fp16 scales
    assert common_dtype({"F8_E4M3", "BF16"}) == "bfloat16"
    assert common_dtype({"I64", "I8"}) == "int64"
    assert common_dtype({"XX"}) is None
    path = llama(tmp_path, "nodtype", dtype=None, vocab_size=1237)
    config = json.loads((Path(path) / "config.json").read_text())
    assert "dtype" not in config and "torch_dtype" not in config
    assert ModelConfig(model=path).dtype == "bfloat16"  # float32 -> the platform's choice
    _safetensors(Path(path) / "model-00001-of-00002.safetensors", {"a": "F16", "b": "I8"})
    _safetensors(Path(path) / "model-00002-of-00002.safetensors", {"c": "F16"})
    c = ModelConfig(model=path)
    assert c.checkpoint_facts.config_dtype == "float16" and c.dtype == "float16"
    # the weights feed the checkpoint-facts key: new headers are read again
    _safetensors(Path(path) / "model-00002-of-00002.safetensors", {"c": "F32", "d": "BF16"})
    assert ModelConfig(model=path).checkpoint_facts.config_dtype == "float32"
    # a dtype the config states wins over the weights
    stated = llama(tmp_path, "stated", dtype="float16", vocab_size=1238)
    _safetensors(Path(stated) / "model.safetensors", {"a": "BF16"})
    assert ModelConfig(model=stated).checkpoint_facts.config_dtype == "float16"


def test_hf_config_is_a_pretrained_config_once_transformers_is_imported(tmp_path):
    path = llama(tmp_path, "isinstance", vocab_size=1239)
    ModelConfig(model=path)  # cold: fills the facts cache
    code = ("import sys; from vllm_config import ModelConfig; "
            f"c = ModelConfig(model={path!r}); c.compute_hash(); str(c.hf_config); "
            "isinstance(c.hf_config, dict); print('transformers' in sys.modules); "
            "from transformers import PretrainedConfig, LlamaConfig; "
            "print(isinstance(c.hf_config, PretrainedConfig), "
            "isinstance(c.hf_config, LlamaConfig), isinstance(c.hf_config, dict))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:2] == ["False", "True True False"]


def test_an_explicit_config_format_needs_its_file(tmp_path):
    path = llama(tmp_path, "formats", vocab_size=1240)
    assert ModelConfig(model=path, config_format="hf").max_model_len == 4096
    with pytest.raises(ValueError, match="config_format 'mistral' reads params.json"):
        ModelConfig(model=path, config_format="mistral")
    out = subprocess.run([sys.executable, "-m", "vllm_config", "show", "--model", path,
                          "--config-format", "mistral"], capture_output=True, text=True)
    assert out.returncode == 2 and "--config-format" in out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_model_config_deep_copies_and_pickles(tmp_path):
    """vLLM deep-copies configs (with_hf_config, the speculative draft) and pickles them
    into worker processes: the lazy hf_config stand-in survives both, hash unchanged."""
    import copy
    import pickle

    c = ModelConfig(model=llama(tmp_path, "copies", vocab_size=1241))
    twin = copy.deepcopy(c)
    assert twin.hf_config.vocab_size == 1241 and twin.compute_hash() == c.compute_hash()
    back = pickle.loads(pickle.dumps(c))
    assert back.hf_config.vocab_size == 1241 and back.compute_hash() == c.compute_hash()
    swapped = VllmConfig(model_config=c).with_hf_config(c.hf_config.loaded, ["X"])
    assert swapped.model_config.hf_config.architectures == ["X"]
    assert c.hf_config.architectures == ["LlamaForCausalLM"]  # the original is untouched
