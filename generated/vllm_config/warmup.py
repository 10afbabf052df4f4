# Generated from schema/kernels.yaml by cfgc; do not edit.
"""Kernel warmup: every specialisation serving can hit, and the entry that compiles them.

Run before serving (`python -m vllm_config.warmup`) so nothing JIT-compiles while
requests are in flight; afterwards a JIT monitor warns (or raises) on any compilation.
Without a model the plan is the product of each op's specialisations in
schema/kernels.yaml; for a served model (`python -m vllm_config.warmup -- SERVE FLAGS`,
`plan_for(vllm_config)`) it is the specialisations that model's layers hit, derived
from the schema's `kernels.deployment` and the resolved config.
"""

import argparse
import json
import os
import sys
import warnings
from typing import Any

#: {op: {provider: uuid}}: SHA-256 of each provider's sources; feeds the cache key.
PROVIDER_UUIDS: dict[str, dict[str, str]] = {
    "rms_norm": {
        "native": "e5efcbdc538b383971a7d94bcd17b74eff7eb6b173fcd766a79fe4d71d3aaae2",
        "triton": "4377cce9adca6929a93a15487fc1d19e01f5ed97214628f406b9932e812b594f",
    },
    "fused_add_rms_norm": {
        "native": "15a6e1d078fddfaddbb4e6f20139da31f3e803c93148d597cdb815a6227ec898",
        "triton": "bcbfb46e57944469ce95f5c23b9cdc04801af8c49d2e1b551ed9783160ebf5b4",
    },
}

#: Default provider order per op (used when IrOpPriorityConfig leaves an op empty).
DEFAULT_PRIORITY: dict[str, tuple[str, ...]] = {
    "rms_norm": ("triton", "native"),
    "fused_add_rms_norm": ("triton", "native"),
}

#: Token counts every plan item launches with.
NUM_TOKENS: tuple[int, ...] = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192)

#: Every specialisation to compile, one dict per item (vllm_kernels.warmup format).
PLAN: tuple[dict[str, Any], ...] = (
    {"op": "rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 2048, "has_weight": True},
    {"op": "rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 2048, "has_weight": False},
    {"op": "rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 4096, "has_weight": True},
    {"op": "rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 4096, "has_weight": False},
    {"op": "rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 5120, "has_weight": True},
    {"op": "rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 5120, "has_weight": False},
    {"op": "rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 7168, "has_weight": True},
    {"op": "rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 7168, "has_weight": False},
    {"op": "rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 8192, "has_weight": True},
    {"op": "rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 8192, "has_weight": False},
    {"op": "rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 2048, "has_weight": True},
    {"op": "rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 2048, "has_weight": False},
    {"op": "rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 4096, "has_weight": True},
    {"op": "rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 4096, "has_weight": False},
    {"op": "rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 5120, "has_weight": True},
    {"op": "rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 5120, "has_weight": False},
    {"op": "rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 7168, "has_weight": True},
    {"op": "rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 7168, "has_weight": False},
    {"op": "rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 8192, "has_weight": True},
    {"op": "rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 8192, "has_weight": False},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 2048, "has_weight": True, "in_place": True},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 2048, "has_weight": True, "in_place": False},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 4096, "has_weight": True, "in_place": True},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 4096, "has_weight": True, "in_place": False},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 5120, "has_weight": True, "in_place": True},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 5120, "has_weight": True, "in_place": False},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 7168, "has_weight": True, "in_place": True},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 7168, "has_weight": True, "in_place": False},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 8192, "has_weight": True, "in_place": True},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 8192, "has_weight": True, "in_place": False},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 2048, "has_weight": True, "in_place": True},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 2048, "has_weight": True, "in_place": False},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 4096, "has_weight": True, "in_place": True},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 4096, "has_weight": True, "in_place": False},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 5120, "has_weight": True, "in_place": True},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 5120, "has_weight": True, "in_place": False},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 7168, "has_weight": True, "in_place": True},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 7168, "has_weight": True, "in_place": False},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 8192, "has_weight": True, "in_place": True},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 8192, "has_weight": True, "in_place": False},
)

#: Providers whose kernels are JIT-compiled (the others have nothing to warm).
JIT_PROVIDERS: tuple[str, ...] = ("triton",)


def _deployment(self: Any) -> dict[str, Any]:
    """The op calls of the served architecture's layers, from schema/kernels.yaml's
    deployment (calls None: the architecture has no entry there)."""
    _architecture = self.model_config.architecture
    _known = ("LlamaForCausalLM", "MistralForCausalLM", "Qwen2ForCausalLM", "Qwen3ForCausalLM", "DeepseekV2ForCausalLM", "DeepseekV3ForCausalLM", "Gemma3nForCausalLM", "Gemma3nForConditionalGeneration")
    if _architecture not in _known:
        return {"architecture": _architecture, "calls": None}
    text = self.model_config.hf_text_config
    tp = self.parallel_config.tensor_parallel_size
    hidden_size = self.model_config.model_arch_config.hidden_size
    head_size = self.model_config.model_arch_config.head_size
    q_heads = self.model_config.model_arch_config.total_num_attention_heads // tp
    kv_heads = max(1, self.model_config.model_arch_config.total_num_kv_heads // tp)
    num_layers = self.model_config.model_arch_config.total_num_hidden_layers
    kv_lora_rank = getattr(text, 'kv_lora_rank', None) or 0
    q_lora_rank = getattr(text, 'q_lora_rank', None) or 0
    qk_rope_head_dim = getattr(text, 'qk_rope_head_dim', None) or 0
    mm_images = self.model_config.multimodal_config is not None and self.model_config.multimodal_config.get_limit_per_prompt('image') > 0
    mm_audio = self.model_config.multimodal_config is not None and self.model_config.multimodal_config.get_limit_per_prompt('audio') > 0
    encoder_max_num_tokens = self.scheduler_config.max_num_encoder_input_tokens
    _calls: list[dict[str, Any]] = []
    if _architecture == "LlamaForCausalLM":
        _calls.append({
            "op": "rms_norm",
            "layers": "input_layernorm of the first decoder layer (no residual yet)",
            "has_weight": True,
            "in_place": False,
            "width": hidden_size,
            "from": {"hidden_size": ("model_config.model_arch_config.hidden_size",)},
        })
        _calls.append({
            "op": "fused_add_rms_norm",
            "layers": "input_layernorm of the other decoder layers, post_attention_layernorm, and the final norm (each adds the residual first)",
            "has_weight": True,
            "in_place": True,
            "width": hidden_size,
            "from": {"hidden_size": ("model_config.model_arch_config.hidden_size",)},
        })
    elif _architecture == "MistralForCausalLM":
        _calls.append({
            "op": "rms_norm",
            "layers": "input_layernorm of the first decoder layer (no residual yet)",
            "has_weight": True,
            "in_place": False,
            "width": hidden_size,
            "from": {"hidden_size": ("model_config.model_arch_config.hidden_size",)},
        })
        _calls.append({
            "op": "fused_add_rms_norm",
            "layers": "input_layernorm of the other decoder layers, post_attention_layernorm, and the final norm (each adds the residual first)",
            "has_weight": True,
            "in_place": True,
            "width": hidden_size,
            "from": {"hidden_size": ("model_config.model_arch_config.hidden_size",)},
        })
    elif _architecture == "Qwen2ForCausalLM":
        _calls.append({
            "op": "rms_norm",
            "layers": "input_layernorm of the first decoder layer (no residual yet)",
            "has_weight": True,
            "in_place": False,
            "width": hidden_size,
            "from": {"hidden_size": ("model_config.model_arch_config.hidden_size",)},
        })
        _calls.append({
            "op": "fused_add_rms_norm",
            "layers": "input_layernorm of the other decoder layers, post_attention_layernorm, and the final norm (each adds the residual first)",
            "has_weight": True,
            "in_place": True,
            "width": hidden_size,
            "from": {"hidden_size": ("model_config.model_arch_config.hidden_size",)},
        })
        if bool(getattr(text, 'qk_norm', False)):
            _calls.append({
                "op": "rms_norm",
                "layers": "q_norm (qk_norm checkpoints only), over a per-head view of the fused QKV output",
                "has_weight": True,
                "in_place": False,
                "width": head_size,
                "rows_per_token": q_heads,
                "token_stride": (q_heads + (2 * kv_heads)) * head_size,
                "from": {"hidden_size": ("model_config.model_arch_config.head_size",), "rows_per_token": ("model_config.model_arch_config.total_num_attention_heads", "parallel_config.tensor_parallel_size"), "token_stride": ("model_config.model_arch_config.total_num_attention_heads", "parallel_config.tensor_parallel_size", "model_config.model_arch_config.total_num_kv_heads", "model_config.model_arch_config.head_size"), "when": ("model_config.hf_text_config.qk_norm",)},
            })
        if bool(getattr(text, 'qk_norm', False)):
            _calls.append({
                "op": "rms_norm",
                "layers": "k_norm (qk_norm checkpoints only)",
                "has_weight": True,
                "in_place": False,
                "width": head_size,
                "rows_per_token": kv_heads,
                "token_stride": (q_heads + (2 * kv_heads)) * head_size,
                "from": {"hidden_size": ("model_config.model_arch_config.head_size",), "rows_per_token": ("model_config.model_arch_config.total_num_kv_heads", "parallel_config.tensor_parallel_size"), "token_stride": ("model_config.model_arch_config.total_num_attention_heads", "parallel_config.tensor_parallel_size", "model_config.model_arch_config.total_num_kv_heads", "model_config.model_arch_config.head_size"), "when": ("model_config.hf_text_config.qk_norm",)},
            })
    elif _architecture == "Qwen3ForCausalLM":
        _calls.append({
            "op": "rms_norm",
            "layers": "input_layernorm of the first decoder layer (no residual yet)",
            "has_weight": True,
            "in_place": False,
            "width": hidden_size,
            "from": {"hidden_size": ("model_config.model_arch_config.hidden_size",)},
        })
        _calls.append({
            "op": "fused_add_rms_norm",
            "layers": "input_layernorm of the other decoder layers, post_attention_layernorm, and the final norm (each adds the residual first)",
            "has_weight": True,
            "in_place": True,
            "width": hidden_size,
            "from": {"hidden_size": ("model_config.model_arch_config.hidden_size",)},
        })
        _calls.append({
            "op": "rms_norm",
            "layers": "q_norm, over the query heads of the rank: a per-head view of the fused QKV output, whose tokens are the whole QKV width apart",
            "has_weight": True,
            "in_place": False,
            "width": head_size,
            "rows_per_token": q_heads,
            "token_stride": (q_heads + (2 * kv_heads)) * head_size,
            "from": {"hidden_size": ("model_config.model_arch_config.head_size",), "rows_per_token": ("model_config.model_arch_config.total_num_attention_heads", "parallel_config.tensor_parallel_size"), "token_stride": ("model_config.model_arch_config.total_num_attention_heads", "parallel_config.tensor_parallel_size", "model_config.model_arch_config.total_num_kv_heads", "model_config.model_arch_config.head_size")},
        })
        _calls.append({
            "op": "rms_norm",
            "layers": "k_norm, over the key heads of the rank (the same QKV output)",
            "has_weight": True,
            "in_place": False,
            "width": head_size,
            "rows_per_token": kv_heads,
            "token_stride": (q_heads + (2 * kv_heads)) * head_size,
            "from": {"hidden_size": ("model_config.model_arch_config.head_size",), "rows_per_token": ("model_config.model_arch_config.total_num_kv_heads", "parallel_config.tensor_parallel_size"), "token_stride": ("model_config.model_arch_config.total_num_attention_heads", "parallel_config.tensor_parallel_size", "model_config.model_arch_config.total_num_kv_heads", "model_config.model_arch_config.head_size")},
        })
    elif _architecture == "DeepseekV2ForCausalLM":
        _calls.append({
            "op": "rms_norm",
            "layers": "input_layernorm of the first decoder layer (no residual yet)",
            "has_weight": True,
            "in_place": False,
            "width": hidden_size,
            "from": {"hidden_size": ("model_config.model_arch_config.hidden_size",)},
        })
        _calls.append({
            "op": "fused_add_rms_norm",
            "layers": "input_layernorm of the other decoder layers, post_attention_layernorm, and the final norm (each adds the residual first)",
            "has_weight": True,
            "in_place": True,
            "width": hidden_size,
            "from": {"hidden_size": ("model_config.model_arch_config.hidden_size",)},
        })
        if kv_lora_rank > 0:
            _calls.append({
                "op": "rms_norm",
                "layers": "kv_a_layernorm, over the latent KV part of the a-projection's output (a strided view: the rotary part and, with q_lora_rank, the latent query share its rows)",
                "has_weight": True,
                "in_place": False,
                "width": kv_lora_rank,
                "row_stride": (q_lora_rank + kv_lora_rank) + qk_rope_head_dim,
                "from": {"hidden_size": ("model_config.hf_text_config.kv_lora_rank",), "row_stride": ("model_config.hf_text_config.q_lora_rank", "model_config.hf_text_config.kv_lora_rank", "model_config.hf_text_config.qk_rope_head_dim"), "when": ("model_config.hf_text_config.kv_lora_rank",)},
            })
        if q_lora_rank > 0:
            _calls.append({
                "op": "rms_norm",
                "layers": "q_a_layernorm, over the latent query part of the same rows",
                "has_weight": True,
                "in_place": False,
                "width": q_lora_rank,
                "row_stride": (q_lora_rank + kv_lora_rank) + qk_rope_head_dim,
                "from": {"hidden_size": ("model_config.hf_text_config.q_lora_rank",), "row_stride": ("model_config.hf_text_config.q_lora_rank", "model_config.hf_text_config.kv_lora_rank", "model_config.hf_text_config.qk_rope_head_dim"), "when": ("model_config.hf_text_config.q_lora_rank",)},
            })
    elif _architecture == "DeepseekV3ForCausalLM":
        _calls.append({
            "op": "rms_norm",
            "layers": "input_layernorm of the first decoder layer (no residual yet)",
            "has_weight": True,
            "in_place": False,
            "width": hidden_size,
            "from": {"hidden_size": ("model_config.model_arch_config.hidden_size",)},
        })
        _calls.append({
            "op": "fused_add_rms_norm",
            "layers": "input_layernorm of the other decoder layers, post_attention_layernorm, and the final norm (each adds the residual first)",
            "has_weight": True,
            "in_place": True,
            "width": hidden_size,
            "from": {"hidden_size": ("model_config.model_arch_config.hidden_size",)},
        })
        if kv_lora_rank > 0:
            _calls.append({
                "op": "rms_norm",
                "layers": "kv_a_layernorm, over the latent KV part of the a-projection's output (a strided view: the rotary part and, with q_lora_rank, the latent query share its rows)",
                "has_weight": True,
                "in_place": False,
                "width": kv_lora_rank,
                "row_stride": (q_lora_rank + kv_lora_rank) + qk_rope_head_dim,
                "from": {"hidden_size": ("model_config.hf_text_config.kv_lora_rank",), "row_stride": ("model_config.hf_text_config.q_lora_rank", "model_config.hf_text_config.kv_lora_rank", "model_config.hf_text_config.qk_rope_head_dim"), "when": ("model_config.hf_text_config.kv_lora_rank",)},
            })
        if q_lora_rank > 0:
            _calls.append({
                "op": "rms_norm",
                "layers": "q_a_layernorm, over the latent query part of the same rows",
                "has_weight": True,
                "in_place": False,
                "width": q_lora_rank,
                "row_stride": (q_lora_rank + kv_lora_rank) + qk_rope_head_dim,
                "from": {"hidden_size": ("model_config.hf_text_config.q_lora_rank",), "row_stride": ("model_config.hf_text_config.q_lora_rank", "model_config.hf_text_config.kv_lora_rank", "model_config.hf_text_config.qk_rope_head_dim"), "when": ("model_config.hf_text_config.q_lora_rank",)},
            })
    elif _architecture == "Gemma3nForCausalLM":
        _calls.append({
            "op": "rms_norm",
            "layers": "input_layernorm, post_attention_layernorm, pre_feedforward_layernorm, post_feedforward_layernorm and post_per_layer_input_norm of every layer, the laurel block's post_laurel_norm, altup's router_norm, and the final norm",
            "has_weight": True,
            "in_place": False,
            "width": hidden_size,
            "from": {"hidden_size": ("model_config.model_arch_config.hidden_size",)},
        })
        if num_layers > (getattr(text, 'num_kv_shared_layers', None) or 0):
            _calls.append({
                "op": "rms_norm",
                "layers": "q_norm of the layers that compute their own KV: a per-head view of the fused QKV output, whose tokens are the whole QKV width apart",
                "has_weight": True,
                "in_place": False,
                "width": head_size,
                "rows_per_token": q_heads,
                "token_stride": (q_heads + (2 * kv_heads)) * head_size,
                "from": {"hidden_size": ("model_config.model_arch_config.head_size",), "rows_per_token": ("model_config.model_arch_config.total_num_attention_heads", "parallel_config.tensor_parallel_size"), "token_stride": ("model_config.model_arch_config.total_num_attention_heads", "parallel_config.tensor_parallel_size", "model_config.model_arch_config.total_num_kv_heads", "model_config.model_arch_config.head_size"), "when": ("model_config.model_arch_config.total_num_hidden_layers", "model_config.hf_text_config.num_kv_shared_layers")},
            })
        if (getattr(text, 'num_kv_shared_layers', None) or 0) > 0:
            _calls.append({
                "op": "rms_norm",
                "layers": "q_norm of the KV-shared layers, which project q alone (whole rows of heads)",
                "has_weight": True,
                "in_place": False,
                "width": head_size,
                "rows_per_token": q_heads,
                "from": {"hidden_size": ("model_config.model_arch_config.head_size",), "rows_per_token": ("model_config.model_arch_config.total_num_attention_heads", "parallel_config.tensor_parallel_size"), "when": ("model_config.hf_text_config.num_kv_shared_layers",)},
            })
        if num_layers > (getattr(text, 'num_kv_shared_layers', None) or 0):
            _calls.append({
                "op": "rms_norm",
                "layers": "k_norm (layers that compute their own KV), per head of the QKV output",
                "has_weight": True,
                "in_place": False,
                "width": head_size,
                "rows_per_token": kv_heads,
                "token_stride": (q_heads + (2 * kv_heads)) * head_size,
                "from": {"hidden_size": ("model_config.model_arch_config.head_size",), "rows_per_token": ("model_config.model_arch_config.total_num_kv_heads", "parallel_config.tensor_parallel_size"), "token_stride": ("model_config.model_arch_config.total_num_attention_heads", "parallel_config.tensor_parallel_size", "model_config.model_arch_config.total_num_kv_heads", "model_config.model_arch_config.head_size"), "when": ("model_config.model_arch_config.total_num_hidden_layers", "model_config.hf_text_config.num_kv_shared_layers")},
            })
        if num_layers > (getattr(text, 'num_kv_shared_layers', None) or 0):
            _calls.append({
                "op": "rms_norm",
                "layers": "v_norm, without a weight, per head of the same QKV output",
                "has_weight": False,
                "in_place": False,
                "width": head_size,
                "rows_per_token": kv_heads,
                "token_stride": (q_heads + (2 * kv_heads)) * head_size,
                "from": {"hidden_size": ("model_config.model_arch_config.head_size",), "rows_per_token": ("model_config.model_arch_config.total_num_kv_heads", "parallel_config.tensor_parallel_size"), "token_stride": ("model_config.model_arch_config.total_num_attention_heads", "parallel_config.tensor_parallel_size", "model_config.model_arch_config.total_num_kv_heads", "model_config.model_arch_config.head_size"), "when": ("model_config.model_arch_config.total_num_hidden_layers", "model_config.hf_text_config.num_kv_shared_layers")},
            })
        _calls.append({
            "op": "rms_norm",
            "layers": "per_layer_projection_norm, one row per decoder layer for each token",
            "has_weight": True,
            "in_place": False,
            "width": getattr(text, 'hidden_size_per_layer_input', None) or 0,
            "rows_per_token": num_layers,
            "from": {"hidden_size": ("model_config.hf_text_config.hidden_size_per_layer_input",), "rows_per_token": ("model_config.model_arch_config.total_num_hidden_layers",)},
        })
    elif _architecture == "Gemma3nForConditionalGeneration":
        _calls.append({
            "op": "rms_norm",
            "layers": "input_layernorm, post_attention_layernorm, pre_feedforward_layernorm, post_feedforward_layernorm and post_per_layer_input_norm of every layer, the laurel block's post_laurel_norm, altup's router_norm, and the final norm",
            "has_weight": True,
            "in_place": False,
            "width": hidden_size,
            "from": {"hidden_size": ("model_config.model_arch_config.hidden_size",)},
        })
        if num_layers > (getattr(text, 'num_kv_shared_layers', None) or 0):
            _calls.append({
                "op": "rms_norm",
                "layers": "q_norm of the layers that compute their own KV: a per-head view of the fused QKV output, whose tokens are the whole QKV width apart",
                "has_weight": True,
                "in_place": False,
                "width": head_size,
                "rows_per_token": q_heads,
                "token_stride": (q_heads + (2 * kv_heads)) * head_size,
                "from": {"hidden_size": ("model_config.model_arch_config.head_size",), "rows_per_token": ("model_config.model_arch_config.total_num_attention_heads", "parallel_config.tensor_parallel_size"), "token_stride": ("model_config.model_arch_config.total_num_attention_heads", "parallel_config.tensor_parallel_size", "model_config.model_arch_config.total_num_kv_heads", "model_config.model_arch_config.head_size"), "when": ("model_config.model_arch_config.total_num_hidden_layers", "model_config.hf_text_config.num_kv_shared_layers")},
            })
        if (getattr(text, 'num_kv_shared_layers', None) or 0) > 0:
            _calls.append({
                "op": "rms_norm",
                "layers": "q_norm of the KV-shared layers, which project q alone (whole rows of heads)",
                "has_weight": True,
                "in_place": False,
                "width": head_size,
                "rows_per_token": q_heads,
                "from": {"hidden_size": ("model_config.model_arch_config.head_size",), "rows_per_token": ("model_config.model_arch_config.total_num_attention_heads", "parallel_config.tensor_parallel_size"), "when": ("model_config.hf_text_config.num_kv_shared_layers",)},
            })
        if num_layers > (getattr(text, 'num_kv_shared_layers', None) or 0):
            _calls.append({
                "op": "rms_norm",
                "layers": "k_norm (layers that compute their own KV), per head of the QKV output",
                "has_weight": True,
                "in_place": False,
                "width": head_size,
                "rows_per_token": kv_heads,
                "token_stride": (q_heads + (2 * kv_heads)) * head_size,
                "from": {"hidden_size": ("model_config.model_arch_config.head_size",), "rows_per_token": ("model_config.model_arch_config.total_num_kv_heads", "parallel_config.tensor_parallel_size"), "token_stride": ("model_config.model_arch_config.total_num_attention_heads", "parallel_config.tensor_parallel_size", "model_config.model_arch_config.total_num_kv_heads", "model_config.model_arch_config.head_size"), "when": ("model_config.model_arch_config.total_num_hidden_layers", "model_config.hf_text_config.num_kv_shared_layers")},
            })
        if num_layers > (getattr(text, 'num_kv_shared_layers', None) or 0):
            _calls.append({
                "op": "rms_norm",
                "layers": "v_norm, without a weight, per head of the same QKV output",
                "has_weight": False,
                "in_place": False,
                "width": head_size,
                "rows_per_token": kv_heads,
                "token_stride": (q_heads + (2 * kv_heads)) * head_size,
                "from": {"hidden_size": ("model_config.model_arch_config.head_size",), "rows_per_token": ("model_config.model_arch_config.total_num_kv_heads", "parallel_config.tensor_parallel_size"), "token_stride": ("model_config.model_arch_config.total_num_attention_heads", "parallel_config.tensor_parallel_size", "model_config.model_arch_config.total_num_kv_heads", "model_config.model_arch_config.head_size"), "when": ("model_config.model_arch_config.total_num_hidden_layers", "model_config.hf_text_config.num_kv_shared_layers")},
            })
        _calls.append({
            "op": "rms_norm",
            "layers": "per_layer_projection_norm, one row per decoder layer for each token",
            "has_weight": True,
            "in_place": False,
            "width": getattr(text, 'hidden_size_per_layer_input', None) or 0,
            "rows_per_token": num_layers,
            "from": {"hidden_size": ("model_config.hf_text_config.hidden_size_per_layer_input",), "rows_per_token": ("model_config.model_arch_config.total_num_hidden_layers",)},
        })
        if mm_images:
            _calls.append({
                "op": "rms_norm",
                "layers": "the vision embedder's soft_embedding_norm, one row per image soft token",
                "has_weight": True,
                "in_place": False,
                "width": getattr(getattr(self.model_config.hf_config, 'vision_config', None), 'hidden_size', None) or 0,
                "max_num_tokens": encoder_max_num_tokens,
                "from": {"hidden_size": ("model_config.hf_config.vision_config.hidden_size",), "max_num_tokens": ("scheduler_config.max_num_encoder_input_tokens",), "when": ("model_config.multimodal_config", "model_config.multimodal_config.get_limit_per_prompt")},
            })
        if mm_audio:
            _calls.append({
                "op": "rms_norm",
                "layers": "the audio embedder's soft_embedding_norm (one row per audio soft token) and hard_embedding_norm (the padding token)",
                "has_weight": True,
                "in_place": False,
                "width": getattr(getattr(self.model_config.hf_config, 'audio_config', None), 'hidden_size', None) or 0,
                "max_num_tokens": encoder_max_num_tokens,
                "from": {"hidden_size": ("model_config.hf_config.audio_config.hidden_size",), "max_num_tokens": ("scheduler_config.max_num_encoder_input_tokens",), "when": ("model_config.multimodal_config", "model_config.multimodal_config.get_limit_per_prompt")},
            })
        if mm_images or mm_audio:
            _calls.append({
                "op": "rms_norm",
                "layers": "both embedders' embedding_post_projection_norm, without a weight",
                "has_weight": False,
                "in_place": False,
                "width": hidden_size,
                "max_num_tokens": encoder_max_num_tokens,
                "from": {"hidden_size": ("model_config.model_arch_config.hidden_size",), "max_num_tokens": ("scheduler_config.max_num_encoder_input_tokens",), "when": ("model_config.multimodal_config", "model_config.multimodal_config.get_limit_per_prompt")},
            })
    return {
        "architecture": _architecture,
        "dtype": str(self.model_config.dtype).replace('torch.', ''),
        "num_tokens": sorted(set([1, self.scheduler_config.max_num_batched_tokens] + ([s for s in self.compilation_config.cudagraph_capture_sizes if s <= self.scheduler_config.max_num_batched_tokens] if self.compilation_config.cudagraph_capture_sizes is not None else []))),
        "max_num_tokens": self.scheduler_config.max_num_batched_tokens,
        "calls": _calls,
        "from": {"dtype": ["model_config.dtype"], "num_tokens": ["scheduler_config.max_num_batched_tokens", "compilation_config.cudagraph_capture_sizes"], "max_num_tokens": ["scheduler_config.max_num_batched_tokens"]},
    }



def _static_plan() -> list[dict[str, Any]]:
    return [{**item, "num_tokens": list(NUM_TOKENS)} for item in PLAN]


def plan_for(vllm_config: Any = None) -> list[dict[str, Any]]:
    """The plan for a served model: one item per kernel specialisation its layers hit,
    each with the token counts it launches with (`num_tokens`, rows for per-head
    calls), the most rows one launch can have (`max_num_tokens`), the layers that call
    it (`layers`) and the config values it came from (`from`). Without a model (or for
    an architecture the schema has no entry for, with a warning) the static PLAN."""
    model = None if vllm_config is None else getattr(vllm_config, "model_config", None)
    if model is None or getattr(model, "model_arch_config", None) is None:
        return _static_plan()
    from cfgc.runtime.warmup_plan import build_plan

    deployment = _deployment(vllm_config)
    if deployment["calls"] is not None:
        ir = getattr(getattr(vllm_config, "kernel_config", None), "ir_op_priority", None)
        priorities = {op: list(getattr(ir, op, None) or []) for op in DEFAULT_PRIORITY}
        return build_plan(deployment, priorities, DEFAULT_PRIORITY,
                          {op: tuple(by) for op, by in PROVIDER_UUIDS.items()}, JIT_PROVIDERS)
    warnings.warn(f"schema/kernels.yaml has no warmup entry for architecture "
                  f"{deployment['architecture']!r}: the static plan is used", stacklevel=2)
    return _static_plan()


def warmup(device: str | None = None, monitor: str | None = "warn",
           progress: bool = True, vllm_config: Any = None) -> Any:
    """Compile every item of the plan (`plan_for(vllm_config)`; the static PLAN
    without a config) on `device`, then leave the JIT monitor armed ("warn" or
    "raise" on any later compilation; None removes it)."""
    from vllm_kernels.warmup import run_warmup  # imports torch: only when warming up

    plan = [{k: v for k, v in item.items() if k not in ("layers", "from")}
            for item in plan_for(vllm_config)]
    return run_warmup(plan, device=device, progress=progress, monitor=monitor)


def _print(text: str) -> int:
    """Write to stdout; a reader that stops early (`| head -1`) is not an error."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        # The exit-time flush would fail again: point stdout at nothing first.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def _served_config(prog: str, flags: list[str]) -> Any:
    """The VllmConfig of a serve command line, built as `vllm-config show` builds it;
    a line it refuses is SystemExit(2) after one line of error."""
    from cfgc.runtime.cli.build import build_configs
    from cfgc.runtime.cli.values import CliError

    from . import _cli_table

    def warn(message: str) -> None:
        print(f"{prog}: warning: {message}", file=sys.stderr)

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the builder reports its own through warn
            _, built = build_configs(_cli_table, flags, warn)
    except CliError as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    return built.roots["VllmConfig"]


def _listing(items: list[dict[str, Any]], architecture: str | None) -> str:
    if architecture is None:
        lines = [" ".join(f"{k}={v}" for k, v in item.items() if k != "num_tokens")
                 for item in items]
        lines.append(f"{len(items)} items x {len(NUM_TOKENS)} token counts")
        return "\n".join(lines) + "\n"
    from cfgc.runtime.warmup_plan import describe

    lines = [line for item in items for line in describe(item)]
    lines.append(f"{len(items)} items for {architecture} (the static plan has {len(PLAN)}); "
                 "each also launches at its kernel's launch-config thresholds up to "
                 "max_num_tokens, asked of the device being warmed")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    prog = "python -m vllm_config.warmup"
    given = list(sys.argv[1:] if argv is None else argv)
    own, serve = (given[:given.index("--")], given[given.index("--") + 1:]) if (
        "--" in given) else (given, None)
    parser = argparse.ArgumentParser(
        prog=prog, usage=f"{prog} [options] [-- SERVE FLAGS...]",
        description=__doc__.split("\n")[0],
        epilog="After --, a serve command line (the flags of vllm serve): the plan is then "
               "the one for that deployment's model.")
    parser.add_argument("--device", default=None, help="torch device (default: cuda if present)")
    parser.add_argument("--monitor", choices=["warn", "raise", "count"], default="warn",
                        help="what a compilation after warmup does")
    parser.add_argument("--list", action="store_true", help="print the plan and exit")
    parser.add_argument("--format", choices=["text", "json"], default="text",
                        help="how --list prints the plan")
    # the package's: this module's code is the same in every release that shares it
    from vllm_config import RELEASE, RELEASES

    parser.add_argument("--release", default=None, metavar="RELEASE",
                        help=f"the vLLM release whose kernel set to warm, one of "
                             f"{', '.join(RELEASES)} (default: {RELEASE}, or $CFGC_RELEASE)")
    args = parser.parse_args(own)
    if args.release is not None and args.release not in RELEASES:  # one line
        print(f"{parser.prog}: error: --release: invalid choice: {args.release!r} "
              f"(known releases: {', '.join(RELEASES)})", file=sys.stderr)
        return 2
    if args.release not in (None, RELEASE):  # another release's plan: its package
        import subprocess

        rest = [a for i, a in enumerate(own) if a != "--release" and not a.startswith(
            "--release=") and (i == 0 or own[i - 1] != "--release")]
        rest += [] if serve is None else ["--", *serve]
        return subprocess.call([sys.executable, "-m", "vllm_config.warmup", *rest],
                               env={**os.environ, "CFGC_RELEASE": args.release})
    vllm_config = None if serve is None else _served_config(prog, serve)
    architecture = None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            items = plan_for(vllm_config)
        except (ValueError, TypeError, AttributeError) as exc:
            print(f"{prog}: error: cannot derive the warmup plan: {exc}", file=sys.stderr)
            return 1
    for w in caught:
        print(f"{prog}: warning: {w.message}", file=sys.stderr)
    model = None if vllm_config is None else getattr(vllm_config, "model_config", None)
    if model is not None and getattr(model, "model_arch_config", None) is not None and (
            not caught):  # a served model's plan, not the static one
        architecture = model.architecture
    if args.list:
        if args.format == "json":
            return _print(json.dumps({"release": RELEASE, "architecture": architecture,
                                      "items": items}, indent=2) + "\n")
        return _print(_listing(items, architecture))
    if args.device is not None:  # a bad device is one line naming the flag, not torch's traceback
        import torch

        try:
            dev = torch.device(args.device)
        except RuntimeError as exc:
            parser.error(f"--device {args.device!r}: {str(exc).splitlines()[0]}")
        count = torch.cuda.device_count() if torch.cuda.is_available() else 0
        if dev.type == "cuda" and (dev.index or 0) >= count:
            parser.error(f"--device {args.device!r}: no such CUDA device here ({count} found)")
    report = warmup(device=args.device, monitor=args.monitor, vllm_config=vllm_config)
    print(report, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
