"""The op calls a served model's layers make, written out by hand from vLLM 0.33.0's
model code for the architectures of tests/fixtures/models (llama.py, qwen2.py,
qwen3.py, mistral.py, deepseek_v2.py with layers/mla.py, gemma3n.py with
gemma3n_mm.py), reading the checkpoint's config.json directly.

It is the independent side of the warmup tests: nothing here reads the schema or
calls the plan code. Each call also says how the layer lays its input out, so the GPU
check (bench/warmup_gpu.py) can replay it exactly: whole rows, a 2-D view of some
columns of wider rows (MLA's latent parts), or a per-head view of a fused QKV
projection's columns, which is 3-D and collapses to rows only for a single token.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

MODELS = Path(__file__).parent / "fixtures" / "models"
#: The fixture folders: public configs (config.json only) with their published sizes.
FIXTURES = ("llama-3.1-8b", "qwen2.5-7b-instruct", "qwen3-8b", "gemma-3n-e2b-it",
            "gemma-3n-e4b-it", "deepseek-v2-lite", "mistral-7b-v0.1")


@dataclass(frozen=True)
class Call:
    """One kind of op call, with the layout of x (rows of `width` values each)."""

    op: str
    width: int
    what: str
    has_weight: bool = True
    in_place: bool = False
    approximate: str | None = None
    # layout: "rows" ([tokens * rows_per_token, width], contiguous), "columns" (columns
    # [offset, offset + width) of rows `stride` wide: a 2-D strided view) or "heads"
    # (rows_per_token heads of `width` at column `offset` of rows `stride` wide, viewed
    # as [tokens, heads, width]).
    layout: str = "rows"
    rows_per_token: int = 1
    stride: int = 0
    offset: int = 0
    budget: str = "batch"  # "batch": max_num_batched_tokens; "encoder": the encoder's

    def spec(self, dtype: str) -> tuple:
        """The kernel specialisation the call hits (as the plan's items name it)."""
        spec: dict[str, object] = {"op": self.op, "provider": "triton", "dtype": dtype,
                                   "hidden_size": self.width}
        if self.op == "gelu_and_mul_sparse":
            spec["approximate"] = self.approximate
        else:
            spec["has_weight"] = self.has_weight
            if self.op == "fused_add_rms_norm":
                spec["in_place"] = self.in_place
            if self.layout == "columns" and self.stride != self.width:
                spec["row_stride"] = self.stride
            if self.layout == "heads":  # the per-head kernel's view, as the layer makes it
                spec["heads"] = self.rows_per_token
                spec["token_stride"] = self.stride
        return tuple(sorted(spec.items()))

    @property
    def rows_per_count(self) -> int:
        """What one of the plan's token counts means: rows for a rows item (tokens x
        rows per token), tokens for a per-head item."""
        return 1 if self.layout == "heads" else self.rows_per_token

    def as_dict(self) -> dict:
        return asdict(self)


def read_config(name: str) -> dict:
    return json.loads((MODELS / name / "config.json").read_text())


def _decoder(hidden: int) -> list[Call]:
    """A pre-norm decoder (Llama's layer): the first layer's input_layernorm has no
    residual yet; every later norm adds the residual first, in place."""
    return [Call("rms_norm", hidden, "first input_layernorm"),
            Call("fused_add_rms_norm", hidden, "input/post_attention layernorms, final norm",
                 in_place=True)]


def _heads(text: dict, tp: int) -> tuple[int, int, int]:
    heads = text["num_attention_heads"]
    kv = text.get("num_key_value_heads", heads)
    head_dim = text.get("head_dim") or text["hidden_size"] // heads
    return heads // tp, max(1, kv // tp), head_dim


def _qk_norm(text: dict, tp: int) -> list[Call]:
    """q_norm and k_norm over per-head views of the fused QKV projection's output."""
    q, kv, hd = _heads(text, tp)
    width = (q + 2 * kv) * hd
    return [Call("rms_norm", hd, "q_norm", layout="heads", rows_per_token=q, stride=width),
            Call("rms_norm", hd, "k_norm", layout="heads", rows_per_token=kv, stride=width,
                 offset=q * hd)]


def _deepseek(cfg: dict) -> list[Call]:
    calls = _decoder(cfg["hidden_size"])
    q_lora = cfg.get("q_lora_rank") or 0
    kv_lora, rope = cfg["kv_lora_rank"], cfg["qk_rope_head_dim"]
    row = q_lora + kv_lora + rope  # the a-projection's output: [q latent | kv latent | rope]
    calls.append(Call("rms_norm", kv_lora, "kv_a_layernorm", layout="columns", stride=row,
                      offset=q_lora))
    if q_lora:
        calls.append(Call("rms_norm", q_lora, "q_a_layernorm", layout="columns", stride=row))
    return calls


def _gemma3n_text(text: dict, tp: int) -> list[Call]:
    hidden = text["hidden_size"]
    q, kv, hd = _heads(text, tp)
    layers = text["num_hidden_layers"]
    shared = text.get("num_kv_shared_layers", 0)
    qkv = (q + 2 * kv) * hd
    calls = [Call("rms_norm", hidden, "the layers' norms, laurel, altup router, final norm")]
    if layers - shared > 0:  # layers with their own K/V: a fused QKV projection
        calls += [
            Call("rms_norm", hd, "q_norm", layout="heads", rows_per_token=q, stride=qkv),
            Call("rms_norm", hd, "k_norm", layout="heads", rows_per_token=kv, stride=qkv,
                 offset=q * hd),
            Call("rms_norm", hd, "v_norm", has_weight=False, layout="heads",
                 rows_per_token=kv, stride=qkv, offset=(q + kv) * hd)]
    if shared:  # KV-shared layers project q alone: whole rows of heads
        calls.append(Call("rms_norm", hd, "q_norm (KV-shared layers)", rows_per_token=q))
    calls.append(Call("rms_norm", text["hidden_size_per_layer_input"],
                      "per_layer_projection_norm", rows_per_token=layers))
    sizes = text["intermediate_size"]
    sizes = sizes if isinstance(sizes, list) else [sizes] * layers
    approximate = "tanh" if text["hidden_activation"] == "gelu_pytorch_tanh" else "none"
    for d in sorted({s // tp for s, p in zip(sizes, text["activation_sparsity_pattern"],
                                            strict=True) if p > 0}):
        calls.append(Call("gelu_and_mul_sparse", d, "sparse MLP activation",
                          approximate=approximate))
    return calls


def _gemma3n(cfg: dict, tp: int, images: bool, audio: bool) -> list[Call]:
    calls = _gemma3n_text(cfg["text_config"], tp)
    hidden = cfg["text_config"]["hidden_size"]
    if images:
        calls.append(Call("rms_norm", cfg["vision_config"]["hidden_size"],
                          "vision soft_embedding_norm", budget="encoder"))
    if audio:
        calls.append(Call("rms_norm", cfg["audio_config"]["hidden_size"],
                          "audio soft/hard_embedding_norm", budget="encoder"))
    if images or audio:
        calls.append(Call("rms_norm", hidden, "embedding_post_projection_norm",
                          has_weight=False, budget="encoder"))
    return calls


def calls_of(cfg: dict, tp: int, *, images: bool = True, audio: bool = True) -> list[Call]:
    """Every kind of op call the served architecture's layers make."""
    arch = cfg["architectures"][0]
    if arch in ("LlamaForCausalLM", "MistralForCausalLM"):
        return _decoder(cfg["hidden_size"])
    if arch == "Qwen2ForCausalLM":
        return _decoder(cfg["hidden_size"]) + (_qk_norm(cfg, tp) if cfg.get("qk_norm") else [])
    if arch == "Qwen3ForCausalLM":
        return _decoder(cfg["hidden_size"]) + _qk_norm(cfg, tp)
    if arch in ("DeepseekV2ForCausalLM", "DeepseekV3ForCausalLM"):
        return _deepseek(cfg)
    if arch == "Gemma3nForConditionalGeneration":
        return _gemma3n(cfg, tp, images, audio)
    raise KeyError(f"no reference for {arch}")


def expected_specs(cfg: dict, tp: int, dtype: str, **mm: bool) -> set[tuple]:
    return {call.spec(dtype) for call in calls_of(cfg, tp, **mm)}
