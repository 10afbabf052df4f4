# Generated from schema/model_arch.yaml by cfgc; do not edit.
"""Config classes: HfConfigFacts, ModelArchitectureConfig."""

from hashlib import sha256 as _sha256
from typing import Any

from cfgc.runtime import hashing as _h
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config


@config
class HfConfigFacts:
    """What ModelConfig reads from the Hugging Face config beyond the architecture
    summary: dtype, sliding window, RoPE scaling, position-encoding variants, layer
    kinds, pooling files. Plain data, so a checkpoint read once is answered from the
    checkpoint-facts cache without importing transformers.
    """

    config_dir: str = ""
    """The folder the config was read from (a local checkpoint or a hub-cache snapshot)."""

    config_dtype: str = "float32"
    """The checkpoint's dtype name (dtype / torch_dtype of the config or its text,
    vision or encoder sub-config); when it states none, the type every weight of
    its safetensors files casts to without loss (read from their headers); float32
    when there are none.
    """

    sliding_window: _v.Int | None = None
    """Sliding-window size of the text config; None without one (0 means disabled)."""

    attention_chunk_size: _v.Int | None = None
    """Chunk size of chunked local attention (Llama 4), or None."""

    rope_parameters: dict[str, dict[str, Any]] | None = None
    """RoPE settings of the text config per layer type ("" when shared by all layers)."""

    original_max_position_embeddings: _v.Int | None = None
    """Pre-scaling context length of the text config (LongRoPE models), or None."""

    model_max_length: _v.Int | None = None
    """model_max_length of the text config (Command-R style), or None."""

    position_embedding_type: str = ""
    """position_embedding_type of the config (BERT-style models say "absolute")."""

    is_causal: bool = True
    """Whether attention is causal (the config's is_causal; true when unstated)."""

    is_encoder_decoder: bool = False
    """Whether the config (or its text config) declares an encoder-decoder model."""

    uses_mrope: bool = False
    """Whether RoPE is multimodal (mrope_section in the RoPE settings, also of a thinker)."""

    uses_xdrope_dim: _v.Int = 0
    """Number of XD-RoPE sections; 0 without XD-RoPE."""

    is_diffusion: bool = False
    """Whether the config declares a diffusion canvas (canvas_length)."""

    uses_alibi: bool = False
    """Whether positions are encoded with ALiBi (Falcon, Bloom, MPT, ...)."""

    matryoshka_dimensions: list[_v.Int] | None = None
    """Output sizes a Matryoshka embedding model supports, or None."""

    is_matryoshka: bool = False
    """Whether the embedding model is Matryoshka-trained (dimensions or the is_matryoshka flag)."""

    use_sep_token: bool = True
    """Whether cross-encoder inputs are joined with the separator token (use_sep_token, or the older use_pad_token)."""

    head_dtype: str | None = None
    """The config's head_dtype ("model" or a dtype name), or None."""

    embedding_size: _v.Int | None = None
    """The config's embedding_size override of the pooled output size, or None."""

    inputs_embeds_size: _v.Int | None = None
    """Width of input embeddings when it differs from hidden_size (projection_dim / projection_size)."""

    mamba_chunk_size: _v.Int = 2048
    """Chunk size of the state-space scan (mamba_chunk_size or chunk_size; 2048 when unstated)."""

    layers_block_type: list[str] | None = None
    """Kind of each layer of a hybrid model (layers_block_type), or None."""

    attn_type_list: list[_v.Int] | None = None
    """Per-layer attention kind of MiniMax-style hybrids (1 for softmax attention), or None."""

    layer_types: list[str] | None = None
    """Per-layer kind of the text config (layer_types), or None."""

    config_layer_types: list[str] | None = None
    """layer_types of the top-level config (decides whether a hybrid-capable model is hybrid)."""

    noop_attention_layers: list[bool] | None = None
    """For models with block configs, whether each layer's attention is a no-op; else None."""

    is_quantized: bool = False
    """Whether the config carries a quantization config."""

    has_multimodal_subconfig: bool = False
    """Whether the config has a vision, audio or other non-text sub-config (fallback for unregistered architectures)."""

    nested_text_config: bool = False
    """Whether the text config is a sub-config (hf_text_config is not hf_config)."""

    pooling_config: dict[str, Any] | None = None
    """Pooling settings from the sentence-transformers files (modules.json and the
    pooling module's config): seq_pooling_type / tok_pooling_type and
    use_activation; None when the checkpoint has none.
    """

    encoder_max_seq_length: _v.Int | None = None
    """max_seq_length of a sentence-transformers encoder config, or None."""

    tokenizer_model_max_length: _v.Int | None = None
    """model_max_length of the checkpoint's tokenizer_config.json, or None."""

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "attention_chunk_size": self.attention_chunk_size,
            "attn_type_list": None if self.attn_type_list is None else tuple(self.attn_type_list),
            "config_dtype": self.config_dtype,
            "config_layer_types": None if self.config_layer_types is None else tuple(self.config_layer_types),
            "embedding_size": self.embedding_size,
            "encoder_max_seq_length": self.encoder_max_seq_length,
            "has_multimodal_subconfig": self.has_multimodal_subconfig,
            "head_dtype": self.head_dtype,
            "inputs_embeds_size": self.inputs_embeds_size,
            "is_causal": self.is_causal,
            "is_diffusion": self.is_diffusion,
            "is_encoder_decoder": self.is_encoder_decoder,
            "is_matryoshka": self.is_matryoshka,
            "is_quantized": self.is_quantized,
            "layer_types": None if self.layer_types is None else tuple(self.layer_types),
            "layers_block_type": None if self.layers_block_type is None else tuple(self.layers_block_type),
            "mamba_chunk_size": self.mamba_chunk_size,
            "matryoshka_dimensions": None if self.matryoshka_dimensions is None else tuple(self.matryoshka_dimensions),
            "model_max_length": self.model_max_length,
            "nested_text_config": self.nested_text_config,
            "noop_attention_layers": None if self.noop_attention_layers is None else tuple(self.noop_attention_layers),
            "original_max_position_embeddings": self.original_max_position_embeddings,
            "pooling_config": None if self.pooling_config is None else tuple(sorted([(k0, _h.canon(v0)) for k0, v0 in self.pooling_config.items()])),
            "position_embedding_type": self.position_embedding_type,
            "rope_parameters": None if self.rope_parameters is None else tuple(sorted([(k0, tuple(sorted([(k1, _h.canon(v1)) for k1, v1 in v0.items()]))) for k0, v0 in self.rope_parameters.items()])),
            "sliding_window": self.sliding_window,
            "tokenizer_model_max_length": self.tokenizer_model_max_length,
            "use_sep_token": self.use_sep_token,
            "uses_alibi": self.uses_alibi,
            "uses_mrope": self.uses_mrope,
            "uses_xdrope_dim": self.uses_xdrope_dim,
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = _h.text_of(self, lambda: (  # names the field of a value without stable identity
            self.attention_chunk_size,
            None if self.attn_type_list is None else tuple(self.attn_type_list),
            self.config_dtype,
            None if self.config_layer_types is None else tuple(self.config_layer_types),
            self.embedding_size,
            self.encoder_max_seq_length,
            self.has_multimodal_subconfig,
            self.head_dtype,
            self.inputs_embeds_size,
            self.is_causal,
            self.is_diffusion,
            self.is_encoder_decoder,
            self.is_matryoshka,
            self.is_quantized,
            None if self.layer_types is None else tuple(self.layer_types),
            None if self.layers_block_type is None else tuple(self.layers_block_type),
            self.mamba_chunk_size,
            None if self.matryoshka_dimensions is None else tuple(self.matryoshka_dimensions),
            self.model_max_length,
            self.nested_text_config,
            None if self.noop_attention_layers is None else tuple(self.noop_attention_layers),
            self.original_max_position_embeddings,
            None if self.pooling_config is None else tuple(sorted([(k0, _h.canon(v0)) for k0, v0 in self.pooling_config.items()])),
            self.position_embedding_type,
            None if self.rope_parameters is None else tuple(sorted([(k0, tuple(sorted([(k1, _h.canon(v1)) for k1, v1 in v0.items()]))) for k0, v0 in self.rope_parameters.items()])),
            self.sliding_window,
            self.tokenizer_model_max_length,
            self.use_sep_token,
            self.uses_alibi,
            self.uses_mrope,
            self.uses_xdrope_dim,
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_HfConfigFacts.get(text)
        if digest is None:
            digest = _sha256(b"HfConfigFacts:attention_chunk_size,attn_type_list,config_dtype,config_layer_types,embedding_size,encoder_max_seq_length,has_multimodal_subconfig,head_dtype,inputs_embeds_size,is_causal,is_diffusion,is_encoder_decoder,is_matryoshka,is_quantized,layer_types,layers_block_type,mamba_chunk_size,matryoshka_dimensions,model_max_length,nested_text_config,noop_attention_layers,original_max_position_embeddings,pooling_config,position_embedding_type,rope_parameters,sliding_window,tokenizer_model_max_length,use_sep_token,uses_alibi,uses_mrope,uses_xdrope_dim:" + text.encode()).hexdigest()
            _h.remember(_MEMO_HfConfigFacts, text, digest)
        return digest


_MEMO_HfConfigFacts: dict[str, str] = {}
"""Canonical factor text -> digest for HfConfigFacts.compute_hash (bounded by _h.remember)."""


@config
class ModelArchitectureConfig:
    """The architecture summary of a checkpoint that the engine needs at run time:
    sizes, head counts, experts, attention variant and the context length the config
    declares. Built from the Hugging Face config when ModelConfig reads the
    checkpoint (and cached with the other checkpoint facts).
    """

    architectures: list[str]
    """Model class names from the config, e.g. ["LlamaForCausalLM"]; empty for a sub-config."""

    model_type: str
    """The config's model type, e.g. "llama"."""

    text_model_type: str | None
    """Model type of the text sub-config (the language model of a multimodal checkpoint)."""

    hidden_size: _v.Int
    """Width of the hidden states."""

    total_num_hidden_layers: _v.Int
    """Number of transformer (or state-space) layers, before pipeline splitting."""

    total_num_attention_heads: _v.Int
    """Query heads per attention layer, before tensor-parallel splitting."""

    head_size: _v.Int
    """Size of one attention head (for MLA, the latent KV size plus the RoPE part)."""

    vocab_size: _v.Int
    """Number of tokens in the vocabulary."""

    total_num_kv_heads: _v.Int
    """Key/value heads per attention layer (fewer than query heads with grouped-query attention)."""

    num_experts: _v.Int
    """Routed experts per MoE layer; 0 for a dense model."""

    quantization_config: dict[str, Any] | None
    """The checkpoint's quantization settings with quant_method normalised; None when unquantized."""

    is_deepseek_mla: bool
    """Whether attention is DeepSeek-style multi-head latent attention (MLA)."""

    is_mm_prefix_lm: bool
    """Whether multimodal positions attend bidirectionally (prefix-LM style)."""

    rswa_window: _v.Int | None
    """Window of reference sliding-window attention; None when the model does not use it."""

    derived_max_model_len_and_key: tuple[float, str | None]
    """The context length the config declares and the key it came from (the smallest
    of the known length keys); infinity and None when it declares none.
    """

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "architectures": tuple(self.architectures),
            "derived_max_model_len_and_key": ((float(self.derived_max_model_len_and_key[0]) + 0.0), self.derived_max_model_len_and_key[1]),
            "head_size": self.head_size,
            "hidden_size": self.hidden_size,
            "is_deepseek_mla": self.is_deepseek_mla,
            "is_mm_prefix_lm": self.is_mm_prefix_lm,
            "model_type": self.model_type,
            "num_experts": self.num_experts,
            "quantization_config": None if self.quantization_config is None else tuple(sorted([(k0, _h.canon(v0)) for k0, v0 in self.quantization_config.items()])),
            "rswa_window": self.rswa_window,
            "text_model_type": self.text_model_type,
            "total_num_attention_heads": self.total_num_attention_heads,
            "total_num_hidden_layers": self.total_num_hidden_layers,
            "total_num_kv_heads": self.total_num_kv_heads,
            "vocab_size": self.vocab_size,
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = _h.text_of(self, lambda: (  # names the field of a value without stable identity
            tuple(self.architectures),
            ((float(self.derived_max_model_len_and_key[0]) + 0.0), self.derived_max_model_len_and_key[1]),
            self.head_size,
            self.hidden_size,
            self.is_deepseek_mla,
            self.is_mm_prefix_lm,
            self.model_type,
            self.num_experts,
            None if self.quantization_config is None else tuple(sorted([(k0, _h.canon(v0)) for k0, v0 in self.quantization_config.items()])),
            self.rswa_window,
            self.text_model_type,
            self.total_num_attention_heads,
            self.total_num_hidden_layers,
            self.total_num_kv_heads,
            self.vocab_size,
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_ModelArchitectureConfig.get(text)
        if digest is None:
            digest = _sha256(b"ModelArchitectureConfig:architectures,derived_max_model_len_and_key,head_size,hidden_size,is_deepseek_mla,is_mm_prefix_lm,model_type,num_experts,quantization_config,rswa_window,text_model_type,total_num_attention_heads,total_num_hidden_layers,total_num_kv_heads,vocab_size:" + text.encode()).hexdigest()
            _h.remember(_MEMO_ModelArchitectureConfig, text, digest)
        return digest


_MEMO_ModelArchitectureConfig: dict[str, str] = {}
"""Canonical factor text -> digest for ModelArchitectureConfig.compute_hash (bounded by _h.remember)."""
