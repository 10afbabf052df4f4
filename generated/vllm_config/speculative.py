# Generated from schema/speculative.yaml by cfgc; do not edit.
"""Config classes: SpeculativeConfig."""

import logging
from hashlib import sha256 as _sha256
from typing import Any

from pydantic import Field, field_validator

from cfgc.hooks import speculative as _hooks
from cfgc.runtime import hashing as _h
from cfgc.runtime import rules as _r
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config import types as _types
from vllm_config.load import LoadConfig
from vllm_config.model import ModelConfig
from vllm_config.parallel import ParallelConfig
from vllm_config.types import (
    AttentionBackendEnum,
    DraftSampleMethod,
    MoEBackend,
    QuantizationMethods,
    RejectionSampleMethod,
    SpeculativeMethod,
)

_log = logging.getLogger(__name__)

#: Speculative methods that run an EAGLE-style draft head (re-exported from vllm_config.types).
EagleModelTypes = _types.EagleModelTypes

#: Speculative methods that propose n-grams on the GPU (re-exported from vllm_config.types).
NgramGPUTypes = _types.NgramGPUTypes

#: Speculative methods with an MTP drafter (re-exported from vllm_config.types).
MTPModelTypes = _types.MTPModelTypes

#: DFlash methods (re-exported from vllm_config.types).
DFlashModelTypes = _types.DFlashModelTypes

#: DSpark methods (re-exported from vllm_config.types).
DSparkModelTypes = _types.DSparkModelTypes

#: How SpeculativeConfig.hf_config_override turns a target model's Hugging Face config into the config of the MTP drafter built into its checkpoint, per architecture (read from vLLM's own rewrite of each release). Rules are tried in order, each on the config as the rules before it left it; every rule whose `when` holds applies. `when`: any of model_type / architecture (the first listed) / initial_architecture (the first as given) in a list, any_architecture (any listed one) in a list, model_type_contains (a substring of it) or model_type_within (it is a substring of the text); `and`: all of positive (an attribute present and above 0) and truthy (a dotted attribute path that holds a true value); `unless`: none of what `when` may test. Then in order: `let` (names computed first), `promote` (continue with the text sub-config: missing it is an error, or keeps the config; keep_quantization carries the quantization config over; copy works on a copy), `check` (a value compared, else ValueError), `update_text` (attributes set on the text sub-config), `model_type`, `update` (attributes set, in order), `stop` (no later rule runs). Values: a literal, or {value} (a literal mapping), {attr: dotted path, from: current|entry|text|hf_text|text_config_or_self, default, required}, {ref: name} (a `let` name or an earlier `update` key), {first: [...]} (the first not None), {or: [...]} (the first true, else the last), {int}, {len}, {repeat, times}, {concat: [...]}, {merge: [...]} (dicts, None as empty), {key, of, default} (a dict item), {by, map, default} (a value looked up).
_MTP_DRAFT_REWRITES = [{'when': {'model_type': ['deepseek_v3', 'deepseek_v32', 'glm_moe_dsa', 'deepseek_mtp']},
  'model_type': 'deepseek_mtp',
  'update': {'n_predict': {'attr': 'num_nextn_predict_layers'},
             'architectures': ['DeepSeekMTPModel']}},
 {'when': {'model_type': ['deepseek_v4']},
  'model_type': 'deepseek_mtp',
  'update': {'n_predict': {'attr': 'num_nextn_predict_layers'},
             'architectures': ['DeepSeekV4MTPModel']}},
 {'when': {'model_type_within': 'pangu_ultra_moe', 'model_type': ['pangu_ultra_moe_mtp']},
  'model_type': 'pangu_ultra_moe_mtp',
  'update': {'n_predict': {'attr': 'num_nextn_predict_layers'},
             'architectures': ['OpenPanguMTPModel']}},
 {'when': {'architecture': ['MiMoForCausalLM']},
  'model_type': 'mimo_mtp',
  'update': {'num_hidden_layers': 0,
             'n_predict': {'attr': 'num_nextn_predict_layers'},
             'architectures': ['MiMoMTPModel']}},
 {'when': {'architecture': ['MiMoV2ForCausalLM', 'MiMoV2OmniForCausalLM']},
  'let': {'architecture': {'attr': 'architectures.0'}},
  'model_type': 'mimo_v2_mtp',
  'update': {'num_hidden_layers': 0,
             'n_predict': 1,
             'num_nextn_predict_layers': 1,
             'architectures': {'by': {'ref': 'architecture'},
                               'map': {'MiMoV2ForCausalLM': ['MiMoV2MTPModel'],
                                       'MiMoV2OmniForCausalLM': ['MiMoV2OmniMTPModel']}}}},
 {'when': {'architecture': ['MiMoV2FlashForCausalLM']},
  'model_type': 'mimo_v2_mtp',
  'update': {'num_hidden_layers': 0,
             'n_predict': 1,
             'num_nextn_predict_layers': 1,
             'architectures': ['MiMoV2MTPModel']}},
 {'when': {'architecture': ['Glm4MoeForCausalLM']},
  'model_type': 'glm4_moe_mtp',
  'update': {'n_predict': {'attr': 'num_nextn_predict_layers'},
             'architectures': ['Glm4MoeMTPModel']}},
 {'when': {'architecture': ['Glm4MoeLiteForCausalLM']},
  'model_type': 'glm4_moe_lite_mtp',
  'update': {'num_hidden_layers': 0,
             'n_predict': {'attr': 'num_nextn_predict_layers'},
             'architectures': ['Glm4MoeLiteMTPModel']}},
 {'when': {'architecture': ['GlmOcrForConditionalGeneration']},
  'model_type': 'glm_ocr_mtp',
  'update': {'num_hidden_layers': 0,
             'n_predict': {'attr': 'num_nextn_predict_layers'},
             'architectures': ['GlmOcrMTPModel']}},
 {'when': {'model_type': ['ernie4_5_moe', 'ernie_mtp']},
  'model_type': 'ernie_mtp',
  'update': {'n_predict': {'attr': 'num_nextn_predict_layers'},
             'architectures': ['ErnieMTPModel']}},
 {'when': {'architecture': ['NemotronH_Super_Omni_Reasoning_V3']},
  'promote': {'missing': 'error'}},
 {'when': {'model_type': ['nemotron_h', 'nemotron_h_puzzle']},
  'and': {'positive': 'num_nextn_predict_layers'},
  'model_type': 'nemotron_h_mtp'},
 {'when': {'model_type': ['nemotron_h_mtp']},
  'update': {'n_predict': {'attr': 'num_nextn_predict_layers', 'default': 1},
             'architectures': ['NemotronHMTPModel']}},
 {'when': {'model_type': ['qwen3_next', 'qwen3_next_mtp']},
  'model_type': 'qwen3_next_mtp',
  'update': {'n_predict': {'attr': 'num_nextn_predict_layers'},
             'architectures': ['Qwen3NextMTP']}},
 {'when': {'model_type': ['bailing_hybrid'],
           'any_architecture': ['BailingMoeV2_5ForCausalLM']},
  'model_type': 'bailing_hybrid_mtp'},
 {'when': {'model_type': ['bailing_hybrid_mtp']},
  'update': {'n_predict': {'attr': 'num_nextn_predict_layers'},
             'architectures': ['BailingMoeV25MTPModel']}},
 {'when': {'model_type': ['exaone_moe', 'exaone_moe_mtp']},
  'model_type': 'exaone_moe_mtp',
  'update': {'n_predict': {'attr': 'num_nextn_predict_layers'},
             'architectures': ['ExaoneMoeMTP']}},
 {'when': {'model_type_contains': 'exaone4_5'},
  'model_type': 'exaone4_5_mtp',
  'update': {'n_predict': {'attr': 'num_nextn_predict_layers'},
             'architectures': ['Exaone4_5_MTP']}},
 {'when': {'model_type': ['qwen3_5', 'qwen3_5_moe']},
  'let': {'target_type': {'attr': 'model_type'}},
  'model_type': 'qwen3_5_mtp',
  'update': {'n_predict': {'attr': 'mtp_num_hidden_layers'},
             'architectures': {'by': {'ref': 'target_type'},
                               'map': {'qwen3_5_moe': ['Qwen3_5MoeMTP'],
                                       'qwen3_5_moe_text': ['Qwen3_5MoeMTP']},
                               'default': ['Qwen3_5MTP']}}},
 {'when': {'model_type': ['intern_s2_preview']},
  'let': {'text_type': {'attr': 'text_config.model_type'}},
  'model_type': 'qwen3_5_mtp',
  'update': {'n_predict': {'attr': 'text_config.mtp_num_hidden_layers'},
             'architectures': {'by': {'ref': 'text_type'},
                               'map': {'qwen3_5_moe_text': ['Qwen3_5MoeMTP']},
                               'default': ['Qwen3_5MTP']}}},
 {'when': {'model_type': ['longcat_flash']},
  'model_type': 'longcat_flash_mtp',
  'update': {'n_predict': {'attr': 'num_nextn_predict_layers', 'default': 1},
             'architectures': ['LongCatFlashMTPModel']}},
 {'when': {'model_type': ['step3p5', 'step3p7'],
           'architecture': ['Step3p5ForCausalLM', 'Step3p7ForConditionalGeneration']},
  'promote': {'missing': 'keep', 'keep_quantization': True},
  'model_type': 'step3p5_mtp',
  'update': {'n_predict': {'attr': 'num_nextn_predict_layers', 'default': 1},
             'architectures': ['Step3p5MTP']}},
 {'when': {'initial_architecture': ['MistralLarge3ForCausalLM']},
  'update': {'architectures': ['EagleMistralLarge3ForCausalLM']}},
 {'when': {'model_type': ['hy_v3']},
  'model_type': 'hy_v3_mtp',
  'update': {'n_predict': {'attr': 'num_nextn_predict_layers'},
             'architectures': ['HYV3MTPModel']}},
 {'when': {'model_type': ['gemma4_assistant', 'gemma4_unified_assistant']},
  'model_type': 'gemma4_mtp',
  'update_text': {'of': 'text_config_or_self',
                  'only_present': True,
                  'set': {'num_kv_shared_layers': 0}},
  'update': {'n_predict': 1, 'architectures': ['Gemma4MTPModel']}},
 {'when': {'model_type': ['minimax_m3_vl'],
           'initial_architecture': ['MiniMaxM3SparseForConditionalGeneration']},
  'promote': {'missing': 'keep', 'keep_quantization': True},
  'model_type': 'minimax_m3_mtp',
  'update': {'n_predict': {'attr': 'num_mtp_modules', 'default': 1},
             'architectures': ['MiniMaxM3MTP']}},
 {'when': {'model_type': ['minimax_m3_mtp'], 'initial_architecture': ['MiniMaxM3MTP']},
  'unless': {'model_type': ['minimax_m3_vl'],
             'initial_architecture': ['MiniMaxM3SparseForConditionalGeneration']},
  'update': {'n_predict': {'attr': 'num_mtp_modules', 'default': 1},
             'architectures': ['MiniMaxM3MTP']}}]


@config
class SpeculativeConfig:
    """Speculative decoding: a cheap proposer drafts several tokens per step and the
    target model verifies them in one forward pass. Choose the proposer with
    `method` (and `model` for drafters with weights) and the draft length with
    `num_speculative_tokens`.
    """

    enforce_eager: bool | None = None
    """Run the drafter without CUDA graphs / compilation. None follows the target
    model's setting.
    """

    num_speculative_tokens: _v.Int = Field(default=None, gt=0)  # unset: filled in after construction
    """Tokens drafted per step. Required unless the draft checkpoint states how many
    it predicts (n_predict); suffix decoding defaults it to the tree depth. More
    tokens pay off only when most of them are accepted.
    """

    model: str | None = None
    """Draft model, EAGLE head or extra weights (HF id or path). Also accepts
    "ngram", or a dotted `package.Class` path for a custom proposer. For MTP
    without a model, the target checkpoint's own MTP layers are used.
    """

    method: SpeculativeMethod | None = None
    """Proposer. Left None, it is inferred: "ngram" for model "ngram", a custom
    proposer for a dotted class path, otherwise "draft_model" refined from the
    checkpoint (eagle, eagle3, dflash, medusa, mlp_speculator, mtp). Legacy
    "*_mtp" names become "mtp".
    """

    draft_tensor_parallel_size: _v.Int | None = Field(default=None, ge=1)
    """Tensor-parallel degree of the drafter: 1 or the target's degree. None uses
    the target's degree (1 for mlp_speculator).
    """

    tensor_parallel_size: _v.Int | None = None
    """Not accepted: a guard that rejects this common misspelling. Use
    `draft_tensor_parallel_size`.
    """

    quantization: QuantizationMethods | str | None = None
    """Quantization of the draft weights (draft-model methods only). None means
    unquantized; for MTP it follows the target's quantization.
    """

    moe_backend: MoEBackend | None = None
    """MoE kernel family for the drafter when it must differ from the target's,
    e.g. an unquantized drafter next to a quantized target. None inherits.
    """

    attention_backend: AttentionBackendEnum | None = None
    """Attention backend for the drafter, by name (case-insensitive); "auto" or
    None selects automatically. DFlash, for example, needs a backend with
    non-causal attention.
    """

    max_model_len: _v.Int | None = Field(default=None, ge=1)
    """Context limit of the drafter; requests longer than this skip speculation.
    At most the draft's and the target's own limits. Mostly for testing.
    """

    revision: str | None = None
    """Branch, tag or commit of the draft checkpoint; None uses the default branch."""

    code_revision: str | None = None
    """Branch, tag or commit of the draft model's remote code on the Hub."""

    disable_padded_drafter_batch: bool = False
    """Let drafter batches mix sequences of different lengths instead of padding
    them (EAGLE only). Needs a supporting attention backend and is incompatible
    with asynchronous scheduling.
    """

    use_local_argmax_reduction: bool = False
    """For greedy, non-tree drafting under tensor parallelism: reduce per-shard
    argmax results instead of gathering the full logits, cutting communication
    from vocabulary size to about two values per rank per token.
    """

    use_heterogeneous_vocab: bool = False
    """Let the draft model have a vocabulary other than the target's: drafting is
    limited to the tokens both share. Only for method "draft_model" with greedy
    draft sampling.
    """

    prompt_lookup_max: _v.Int | None = Field(default=None, ge=1)
    """Longest n-gram matched against the prompt (ngram methods). Defaults to
    `prompt_lookup_min`, or 5 if neither is given.
    """

    prompt_lookup_min: _v.Int | None = Field(default=None, ge=1)
    """Shortest n-gram matched against the prompt (ngram methods). Defaults to
    `prompt_lookup_max`, or 5 if neither is given.
    """

    parallel_drafting: bool = False
    """Draft all tokens in one pass instead of one after another. Faster, but the
    drafter must be trained for it (EAGLE and draft models); always on for DFlash.
    """

    target_model_config: ModelConfig = None  # unset: filled in after construction
    """Target model's configuration, passed in by the engine."""

    target_parallel_config: ParallelConfig = None  # unset: filled in after construction
    """Target model's parallel configuration, passed in by the engine."""

    num_speculative_tokens_per_batch_size: list[tuple[_v.Int, _v.Int, _v.Int]] | None = None
    """Dynamic draft length: entries (first_batch_size, last_batch_size, tokens)
    choose how many tokens to draft for batch sizes in that inclusive range.
    None keeps `num_speculative_tokens` fixed. Full CUDA graphs are then
    downgraded to piecewise.
    """

    draft_model_config: ModelConfig = None  # unset: filled in after construction
    """Draft model's configuration, derived when the config is built."""

    draft_parallel_config: ParallelConfig = None  # unset: filled in after construction
    """Draft model's parallel configuration, derived when the config is built."""

    suffix_decoding_max_tree_depth: _v.Int = 24
    """Suffix decoding: depth of the global and per-prompt suffix trees, which caps
    matched prefix plus drafted tokens. Also the default draft length.
    """

    suffix_decoding_max_cached_requests: _v.Int = 10000
    """Suffix decoding: past requests kept in the global tree, evicted oldest first.
    0 disables the global tree (per-prompt trees remain).
    """

    suffix_decoding_max_spec_factor: float = 1.0
    """Suffix decoding: draft at most this many tokens per matched prefix token, so
    longer matches allow longer drafts.
    """

    suffix_decoding_min_token_prob: float = 0.1
    """Suffix decoding: only draft tokens whose estimated probability (from match
    frequencies) is at least this, in [0, 1].
    """

    draft_load_config: LoadConfig | None = None
    """How to load the draft weights; None reuses the target's load settings."""

    rejection_sample_method: RejectionSampleMethod = "standard"
    """How drafts are verified. "standard" is lossless rejection sampling;
    "synthetic" accepts at configured rates regardless of the tokens (benchmarks
    only); "block" verifies the draft jointly.
    """

    synthetic_acceptance_rates: list[float] | None = None
    """Synthetic sampling only: probability that the first i+1 drafted tokens are
    all accepted, one entry per draft position, each in [0, 1] and never
    increasing. Give this or `synthetic_acceptance_length`, not both.
    """

    synthetic_acceptance_length: float | None = None
    """Synthetic sampling only: target mean accepted length, in
    [1, num_speculative_tokens + 1]; converted to per-position rates (then reset
    to None).
    """

    draft_sample_method: DraftSampleMethod = "greedy"
    """"greedy" drafts the argmax token; "probabilistic" samples from the drafter
    and keeps its full distribution for verification, which raises acceptance
    with sampling but costs GPU memory.
    """

    @field_validator("num_speculative_tokens", mode="wrap")
    @classmethod
    def _skip_none_num_speculative_tokens(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("attention_backend", mode="before")
    @classmethod
    def _before_attention_backend(cls, value: Any) -> Any:
        value = _v.auto_to_none(value)
        value = _v.enum_by_name(value, AttentionBackendEnum)
        return value

    @field_validator("target_model_config", mode="wrap")
    @classmethod
    def _skip_none_target_model_config(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("target_model_config", mode="plain")
    @classmethod
    def _plain_target_model_config(cls, value: Any) -> Any:
        return value

    @field_validator("target_parallel_config", mode="wrap")
    @classmethod
    def _skip_none_target_parallel_config(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("target_parallel_config", mode="plain")
    @classmethod
    def _plain_target_parallel_config(cls, value: Any) -> Any:
        return value

    @field_validator("draft_model_config", mode="wrap")
    @classmethod
    def _skip_none_draft_model_config(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("draft_model_config", mode="plain")
    @classmethod
    def _plain_draft_model_config(cls, value: Any) -> Any:
        return value

    @field_validator("draft_parallel_config", mode="wrap")
    @classmethod
    def _skip_none_draft_parallel_config(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("draft_parallel_config", mode="plain")
    @classmethod
    def _plain_draft_parallel_config(cls, value: Any) -> Any:
        return value

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if self.model is not None and '.' in self.model and '/' not in self.model and not self.model.startswith(('http://', 'https://', 'file://')):
            self.method = 'custom_class'
        if self.method is None:
            self.method = ('ngram' if self.model in ('ngram', '[ngram]') else 'draft_model')
        if self.method != 'mtp' and self.method in ('deepseek_mtp', 'mimo_mtp', 'mimo_v2_mtp', 'glm4_moe_mtp', 'glm4_moe_lite_mtp', 'glm_ocr_mtp', 'ernie_mtp', 'nemotron_h_mtp', 'exaone_moe_mtp', 'exaone4_5_mtp', 'qwen3_next_mtp', 'qwen3_5_mtp', 'longcat_flash_mtp', 'minimax_m3_mtp', 'bailing_hybrid_mtp', 'mtp', 'pangu_ultra_moe_mtp', 'step3p5_mtp', 'hy_v3_mtp', 'gemma4_mtp'):
            _log.warning(f"speculative method {self.method!r} is deprecated; using 'mtp'")
            self.method = 'mtp'
        if (self.model is None and self.num_speculative_tokens is not None and self.method in ('mtp', 'dspark')) and self.target_model_config is None:
            raise _r.RuleError(f"speculative method {self.method!r} without a model needs target_model_config (the target's own layers are used)", ["model", "num_speculative_tokens", "method", "target_model_config"], self)
        if self.model is None and self.num_speculative_tokens is not None and self.method == 'mtp' and getattr(getattr(self.target_model_config, 'hf_text_config', None), 'model_type', None) == 'deepseek_v32':
            self.enforce_eager = True
        if self.model is None and self.num_speculative_tokens is not None and self.method in ('mtp', 'dspark') and not self.quantization:
            self.quantization = self.target_model_config.quantization
        if self.model is None and self.num_speculative_tokens is not None and self.method in ('mtp', 'dspark'):
            self.model = self.target_model_config.model
        if self.model is None and self.num_speculative_tokens is not None and self.method in ('ngram', 'ngram_gpu', 'suffix', 'extract_hidden_states'):
            self.model = self.method
        if (self.model is None and self.num_speculative_tokens is not None) and not (self.method != 'custom_class'):
            raise _r.RuleError("method 'custom_class' needs `model` set to the proposer's dotted class path, e.g. 'my_pkg.MyProposer'", ["model", "num_speculative_tokens", "method"], self)
        if (self.model is None) and self.num_speculative_tokens is not None:
            raise _r.RuleError(f'num_speculative_tokens is set but method {self.method!r} needs a draft `model`', ["model", "num_speculative_tokens"], self)
        if self.method in ('ngram', 'ngram_gpu') and self.prompt_lookup_min is None:
            self.prompt_lookup_min = (self.prompt_lookup_max if self.prompt_lookup_max is not None else 5)
        if self.method in ('ngram', 'ngram_gpu') and self.prompt_lookup_max is None:
            self.prompt_lookup_max = self.prompt_lookup_min
        if (self.method in ('ngram', 'ngram_gpu') and self.prompt_lookup_min is not None and self.prompt_lookup_max is not None) and not (self.prompt_lookup_min <= self.prompt_lookup_max):
            raise _r.RuleError(f'prompt_lookup_min={self.prompt_lookup_min} must be <= prompt_lookup_max={self.prompt_lookup_max}', ["method", "prompt_lookup_min", "prompt_lookup_max"], self)
        if self.method == 'suffix' and self.num_speculative_tokens is None:
            self.num_speculative_tokens = self.suffix_decoding_max_tree_depth
        if (self.method == 'suffix') and not (self.suffix_decoding_max_tree_depth >= 1):
            raise _r.RuleError(f'suffix_decoding_max_tree_depth must be >= 1, got {self.suffix_decoding_max_tree_depth}', ["method", "suffix_decoding_max_tree_depth"], self)
        if (self.method == 'suffix') and not (self.suffix_decoding_max_cached_requests >= 0):
            raise _r.RuleError(f'suffix_decoding_max_cached_requests must be >= 0, got {self.suffix_decoding_max_cached_requests}', ["method", "suffix_decoding_max_cached_requests"], self)
        if (self.method == 'suffix') and not (self.suffix_decoding_max_spec_factor >= 0):
            raise _r.RuleError(f'suffix_decoding_max_spec_factor must be >= 0, got {self.suffix_decoding_max_spec_factor}', ["method", "suffix_decoding_max_spec_factor"], self)
        if (self.method == 'suffix') and not (0 <= self.suffix_decoding_min_token_prob <= 1):
            raise _r.RuleError(f'suffix_decoding_min_token_prob must be in [0, 1], got {self.suffix_decoding_min_token_prob}', ["method", "suffix_decoding_min_token_prob"], self)
        if self.method == 'custom_class':
            _log.warning('custom proposer classes are experimental; their interface may change between releases')
        if self.method == 'extract_hidden_states':
            self.model = 'extract_hidden_states'
        if self.method not in ('ngram', 'ngram_gpu', 'suffix'):
            self.prompt_lookup_max = 0
        if self.method not in ('ngram', 'ngram_gpu', 'suffix'):
            self.prompt_lookup_min = 0
        if self.method == 'dflash' and self.model is not None:
            self.parallel_drafting = True
        if self.method in ('ngram', 'ngram_gpu', 'custom_class'):
            self.draft_model_config = self.target_model_config
        if self.method in ('ngram', 'ngram_gpu', 'custom_class', 'extract_hidden_states'):
            self.draft_parallel_config = self.target_parallel_config
        if self.model is not None and self.target_model_config is not None and self.draft_model_config is None and self.method not in ('ngram', 'ngram_gpu', 'suffix', 'custom_class', 'extract_hidden_states'):
            self.draft_model_config = ModelConfig(model=self.model, runner='draft', tokenizer=self.target_model_config.tokenizer, tokenizer_mode=self.target_model_config.tokenizer_mode, trust_remote_code=self.target_model_config.trust_remote_code, allowed_local_media_path=self.target_model_config.allowed_local_media_path, allowed_media_domains=self.target_model_config.allowed_media_domains, dtype=self.target_model_config.dtype, seed=self.target_model_config.seed, revision=self.revision, code_revision=self.code_revision, tokenizer_revision=self.target_model_config.tokenizer_revision, spec_target_max_model_len=self.target_model_config.max_model_len, quantization=self.quantization, enforce_eager=self.target_model_config.enforce_eager, max_logprobs=self.target_model_config.max_logprobs, hf_overrides=({'model_type': 'medusa'} if self.method == 'medusa' else {}), config_format=self.target_model_config.config_format)
        if self.method in ('dflash', 'dspark') and self.draft_model_config is not None:
            self.parallel_drafting = True
        if self.draft_parallel_config is None and self.method not in ('ngram', 'ngram_gpu', 'suffix', 'custom_class', 'extract_hidden_states') and self.draft_tensor_parallel_size is None and self.draft_model_config is not None and self.target_parallel_config is not None:
            self.draft_tensor_parallel_size = (1 if self.method == 'mlp_speculator' else self.target_parallel_config.tensor_parallel_size)
        if self.draft_parallel_config is None and self.method == 'mlp_speculator' and self.target_parallel_config is not None and self.target_parallel_config.tensor_parallel_size > 1:
            _log.warning('MLP speculator drafters run with tensor_parallel_size 1')
        if (self.draft_parallel_config is None and self.method not in ('ngram', 'ngram_gpu', 'suffix', 'custom_class', 'extract_hidden_states') and self.draft_tensor_parallel_size is not None and self.target_parallel_config is not None and self.draft_model_config is not None) and self.draft_tensor_parallel_size not in (1, self.target_parallel_config.tensor_parallel_size):
            raise _r.RuleError(f"draft_tensor_parallel_size ({self.draft_tensor_parallel_size}) must be 1 or the target's tensor_parallel_size ({self.target_parallel_config.tensor_parallel_size})", ["draft_parallel_config", "method", "draft_tensor_parallel_size", "draft_model_config", "target_parallel_config.tensor_parallel_size"], self)
        if (self.draft_parallel_config is None and self.method not in ('ngram', 'ngram_gpu', 'suffix', 'custom_class', 'extract_hidden_states') and self.max_model_len is not None and self.draft_model_config is not None and self.draft_model_config.max_model_len is not None) and not (self.max_model_len <= self.draft_model_config.max_model_len):
            raise _r.RuleError(f"speculative max_model_len ({self.max_model_len}) exceeds the draft model's max_model_len ({self.draft_model_config.max_model_len})", ["draft_parallel_config", "method", "max_model_len", "draft_model_config.max_model_len"], self)
        if (self.draft_parallel_config is None and self.method not in ('ngram', 'ngram_gpu', 'suffix', 'custom_class', 'extract_hidden_states') and self.max_model_len is not None and self.draft_model_config is not None and self.target_model_config is not None and self.target_model_config.max_model_len is not None) and not (self.max_model_len <= self.target_model_config.max_model_len):
            raise _r.RuleError(f"speculative max_model_len ({self.max_model_len}) exceeds the target model's max_model_len ({self.target_model_config.max_model_len})", ["draft_parallel_config", "method", "max_model_len", "draft_model_config", "target_model_config.max_model_len"], self)
        if self.draft_parallel_config is None and self.method not in ('ngram', 'ngram_gpu', 'suffix', 'custom_class', 'extract_hidden_states') and self.max_model_len is not None and self.draft_model_config is not None:
            self.draft_model_config.max_model_len = self.max_model_len
        if self.draft_parallel_config is None and self.method not in ('ngram', 'ngram_gpu', 'suffix', 'custom_class', 'extract_hidden_states') and self.max_model_len is None and self.draft_model_config is not None and self.draft_model_config.max_model_len is not None and self.target_model_config is not None and self.target_model_config.max_model_len is not None:
            self.draft_model_config.max_model_len = min(self.draft_model_config.max_model_len, self.target_model_config.max_model_len)
        if self.draft_parallel_config is None and self.draft_model_config is not None and self.target_parallel_config is not None and self.draft_tensor_parallel_size is not None:
            self.draft_parallel_config = ParallelConfig(pipeline_parallel_size=self.target_parallel_config.pipeline_parallel_size, tensor_parallel_size=self.draft_tensor_parallel_size, distributed_executor_backend=self.target_parallel_config.distributed_executor_backend, max_parallel_loading_workers=self.target_parallel_config.max_parallel_loading_workers, disable_custom_all_reduce=self.target_parallel_config.disable_custom_all_reduce, ray_workers_use_nsight=self.target_parallel_config.ray_workers_use_nsight, placement_group=self.target_parallel_config.placement_group)
        if self.tensor_parallel_size is not None:
            raise _r.RuleError('speculative config takes draft_tensor_parallel_size, not tensor_parallel_size', ["tensor_parallel_size"], self)
        if self.num_speculative_tokens is None:
            raise _r.RuleError('num_speculative_tokens is required unless the draft checkpoint defines n_predict', ["num_speculative_tokens"], self)
        if (self.num_speculative_tokens is not None) and not (self.num_speculative_tokens > 0):
            raise _r.RuleError(f'num_speculative_tokens must be > 0, got {self.num_speculative_tokens}', ["num_speculative_tokens"], self)
        if (self.rejection_sample_method != 'synthetic') and not (self.synthetic_acceptance_rates is None and self.synthetic_acceptance_length is None):
            raise _r.RuleError("synthetic_acceptance_rates and synthetic_acceptance_length need rejection_sample_method='synthetic'", ["rejection_sample_method", "synthetic_acceptance_rates", "synthetic_acceptance_length"], self)
        if (self.rejection_sample_method == 'synthetic' and self.num_speculative_tokens is not None) and not (self.num_speculative_tokens <= 65536):
            raise _r.RuleError(f'num_speculative_tokens={self.num_speculative_tokens} is too large for synthetic rates', ["rejection_sample_method", "num_speculative_tokens"], self)
        if (self.rejection_sample_method == 'synthetic') and not ((self.synthetic_acceptance_rates is None) != (self.synthetic_acceptance_length is None)):
            raise _r.RuleError("rejection_sample_method='synthetic' needs exactly one of synthetic_acceptance_rates or synthetic_acceptance_length", ["rejection_sample_method", "synthetic_acceptance_rates", "synthetic_acceptance_length"], self)
        if (self.rejection_sample_method == 'synthetic' and self.synthetic_acceptance_rates is not None and self.num_speculative_tokens is not None) and not (len(self.synthetic_acceptance_rates) == self.num_speculative_tokens):
            raise _r.RuleError(f'synthetic_acceptance_rates needs {self.num_speculative_tokens} entries (num_speculative_tokens), got {self.synthetic_acceptance_rates}', ["rejection_sample_method", "synthetic_acceptance_rates", "num_speculative_tokens"], self)
        if (self.rejection_sample_method == 'synthetic' and self.synthetic_acceptance_rates is not None) and not (all(0.0 <= r <= 1.0 for r in self.synthetic_acceptance_rates)):
            raise _r.RuleError(f'synthetic_acceptance_rates entries must be in [0, 1], got {self.synthetic_acceptance_rates}', ["rejection_sample_method", "synthetic_acceptance_rates"], self)
        if (self.rejection_sample_method == 'synthetic' and self.synthetic_acceptance_rates is not None) and not (all(self.synthetic_acceptance_rates[i + 1] <= self.synthetic_acceptance_rates[i] for i in range(len(self.synthetic_acceptance_rates) - 1))):
            raise _r.RuleError(f'synthetic_acceptance_rates must not increase, got {self.synthetic_acceptance_rates}', ["rejection_sample_method", "synthetic_acceptance_rates"], self)
        if (self.rejection_sample_method == 'synthetic' and self.synthetic_acceptance_length is not None and self.num_speculative_tokens is not None) and not (1.0 <= self.synthetic_acceptance_length <= (self.num_speculative_tokens + 1)):
            raise _r.RuleError(f'synthetic_acceptance_length must be in [1, {self.num_speculative_tokens + 1}], got {self.synthetic_acceptance_length}', ["rejection_sample_method", "synthetic_acceptance_length", "num_speculative_tokens"], self)
        if self.rejection_sample_method == 'synthetic' and self.synthetic_acceptance_length is not None and self.num_speculative_tokens is not None:
            self.synthetic_acceptance_rates = (([1.0 for _ in range(int(self.synthetic_acceptance_length - 1))] + [(self.synthetic_acceptance_length - 1) - int(self.synthetic_acceptance_length - 1)]) + [0.0 for _ in range((self.num_speculative_tokens - int(self.synthetic_acceptance_length - 1)) - 1)])[:self.num_speculative_tokens]
        if self.rejection_sample_method == 'synthetic':
            self.synthetic_acceptance_length = None
        if (self.use_heterogeneous_vocab) and not (self.uses_draft_model()):
            raise _r.RuleError(f"use_heterogeneous_vocab needs method='draft_model', not {self.method!r}", ["use_heterogeneous_vocab"], self)
        if (self.use_heterogeneous_vocab) and not (self.draft_sample_method == 'greedy'):
            raise _r.RuleError(f'use_heterogeneous_vocab supports greedy draft sampling only, not draft_sample_method={self.draft_sample_method!r}', ["use_heterogeneous_vocab", "draft_sample_method"], self)

    @property
    def max_num_new_slots_for_drafting(self) -> "int":
        """Most extra batch slots one request's drafting can add per step: num_speculative_tokens - 1 with parallel drafting, plus one for a draft model."""
        return (self.num_speculative_tokens - 1 if self.parallel_drafting and self.num_speculative_tokens is not None else 0) + (1 if self.method == 'draft_model' else 0)

    def use_gemma4_mtp(self) -> "bool":
        """Whether the drafter is Gemma 4's MTP head (method mtp, draft model type gemma4_mtp)."""
        return self.method == 'mtp' and self.draft_model_config is not None and self.draft_model_config.model_type == 'gemma4_mtp'

    def use_step3p5_mtp(self) -> "bool":
        """Whether the drafter is Step-3.5's MTP head (method mtp, draft model type step3p5_mtp)."""
        return self.method == 'mtp' and self.draft_model_config is not None and self.draft_model_config.model_type == 'step3p5_mtp'

    def use_dflash(self) -> "bool":
        """Whether the method is DFlash."""
        return self.method == 'dflash'

    def use_dspark(self) -> "bool":
        """Whether the method is DSpark."""
        return self.method == 'dspark'

    def uses_draft_model(self) -> "bool":
        """Whether a separate (smaller) draft model proposes the tokens."""
        return self.method == 'draft_model'

    def uses_extract_hidden_states(self) -> "bool":
        """Whether the method only extracts hidden states (no drafting model)."""
        return self.method == 'extract_hidden_states'

    def use_ngram_gpu(self) -> "bool":
        """Whether n-gram proposals run on the GPU."""
        return self.method == 'ngram_gpu'

    @staticmethod
    def hf_config_override(hf_config: "Any") -> "Any":
        """The Hugging Face config of the MTP drafter built into a target checkpoint, made from the target's (changed in place; for some architectures the text sub-config is returned) by the per-architecture rules of _MTP_DRAFT_REWRITES. From 0.33.0, transformers_mtp_overrides (the Transformers modeling backend's) are set instead."""
        return _hooks.hf_config_override(hf_config)

    @staticmethod
    def compose_draft_hf_overrides(target_hf_overrides: "Any") -> "Any":
        """The hf_overrides of the draft model: the drafter override, followed by the target's override when that is a function (a picklable partial); a dict of the target is not applied to the draft."""
        return _hooks.compose_draft_hf_overrides(target_hf_overrides)

    def update_arch_(self) -> "None":
        """Refreshes the draft model's architecture facts after its Hugging Face config changed."""
        raise _r.NotSupportedError("SpeculativeConfig.update_arch_() is not available in vllm_config: re-reading the draft model's architecture needs vLLM's model registry")

    @staticmethod
    def create_draft_parallel_config(target_parallel_config: "ParallelConfig", speculative_draft_tensor_parallel_size: "int") -> "ParallelConfig":
        """The draft worker's ParallelConfig: the target's pipeline size, executor and loading settings, with the draft's tensor-parallel size."""
        return ParallelConfig(pipeline_parallel_size=target_parallel_config.pipeline_parallel_size, tensor_parallel_size=speculative_draft_tensor_parallel_size, distributed_executor_backend=target_parallel_config.distributed_executor_backend, max_parallel_loading_workers=target_parallel_config.max_parallel_loading_workers, disable_custom_all_reduce=target_parallel_config.disable_custom_all_reduce, ray_workers_use_nsight=target_parallel_config.ray_workers_use_nsight, placement_group=target_parallel_config.placement_group)

    def verify_equal_vocab_size_if_draft_model(self) -> "None":
        """With a draft model, fails when its vocabulary size differs from the target's."""
        if (self.method == 'draft_model' and self.target_model_config is not None and self.draft_model_config is not None) and not (self.target_model_config.get_vocab_size() == self.draft_model_config.get_vocab_size()):
            raise _r.RuleError(f"the draft model's vocabulary ({self.draft_model_config.get_vocab_size()} tokens) differs from the target's ({self.target_model_config.get_vocab_size()}); draft and target need the same vocabulary size", ["method", "target_model_config", "draft_model_config"])
        return None

    def use_eagle(self) -> "bool":
        """Whether the drafter is EAGLE-style (it reads the target's hidden states)."""
        return self.method in ('eagle', 'eagle3', 'mtp', 'dflash', 'dspark')

    def uses_dynamic_speculative_decoding(self) -> "bool":
        """Whether the draft length depends on the batch size."""
        return self.num_speculative_tokens_per_batch_size is not None

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "aux_hidden_state_layer_ids": _h.canon(None if self.method not in ('eagle3', 'extract_hidden_states', 'dflash', 'dspark') or self.draft_model_config is None or getattr(self.draft_model_config.hf_config, 'eagle_aux_hidden_state_layer_ids', None) is None else tuple(getattr(self.draft_model_config.hf_config, 'eagle_aux_hidden_state_layer_ids', None))),
            "uses_aux_hidden_states": _h.canon(self.method in ('eagle3', 'extract_hidden_states', 'dflash', 'dspark')),
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = _h.text_of(self, lambda: (  # names the field of a value without stable identity
            _h.canon(None if self.method not in ('eagle3', 'extract_hidden_states', 'dflash', 'dspark') or self.draft_model_config is None or getattr(self.draft_model_config.hf_config, 'eagle_aux_hidden_state_layer_ids', None) is None else tuple(getattr(self.draft_model_config.hf_config, 'eagle_aux_hidden_state_layer_ids', None))),
            _h.canon(self.method in ('eagle3', 'extract_hidden_states', 'dflash', 'dspark')),
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_SpeculativeConfig.get(text)
        if digest is None:
            digest = _sha256(b"SpeculativeConfig:aux_hidden_state_layer_ids,uses_aux_hidden_states:" + text.encode()).hexdigest()
            _h.remember(_MEMO_SpeculativeConfig, text, digest)
        return digest


_MEMO_SpeculativeConfig: dict[str, str] = {}
"""Canonical factor text -> digest for SpeculativeConfig.compute_hash (bounded by _h.remember)."""
