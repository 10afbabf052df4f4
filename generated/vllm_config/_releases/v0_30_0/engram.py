# Generated from schema/engram.yaml by cfgc; do not edit.
"""Config classes: EngramConfig."""

from hashlib import sha256 as _sha256
from typing import Any

from cfgc.runtime import hashing as _h
from cfgc.runtime import rules as _r
from cfgc.runtime.dataclass import config


@config
class EngramConfig:
    """Where the large n-gram embedding tables of models that have them (e.g. DeepSeek
    V4.1's Engram layers) are kept and how they are split over ranks. Only valid for
    such models; the engine creates it with its defaults when the model has these
    layers and none is given.
    """

    cpu_offload: bool = True
    """Keep the embedding tables in pinned host memory and read them from the GPU directly."""

    embedding_across_dp: bool = False
    """Shard the tables over the tensor-parallel ranks of all data-parallel replicas together, instead of one tensor-parallel copy per replica."""

    dp_shared_memory: bool = False
    """Let data-parallel replicas on one host share one copy of the offloaded tables in /dev/shm. Needs cpu_offload, data parallelism above 1 and no elastic EP."""

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if (self.dp_shared_memory is not None and self.dp_shared_memory) and not (self.cpu_offload):
            raise _r.RuleError('dp_shared_memory needs cpu_offload=True', ["dp_shared_memory", "cpu_offload"], self)

    def verify_model_config(self, model_config: "Any") -> "None":
        """Fails unless the model (a ModelConfig, or None) has n-gram embedding layers: its architecture's layer-id field of the text config is non-empty."""
        if not (model_config is not None and ((model_config.architecture == 'DeepseekV41ForCausalLM' and bool(getattr(model_config.hf_text_config, 'engram_layer_ids', None))) or (model_config.architecture in ('Qwen4ExpForCausalLM', 'Qwen4ExpForConditionalGeneration') and bool(getattr(model_config.hf_text_config, 'ple_layer_ids', None))))):
            raise _r.RuleError('engram_config needs a model with supported Engram embeddings and non-empty n-gram layer ids', [])
        return None

    def verify_parallel_config(self, parallel_config: "Any") -> "None":
        """Fails on a parallel layout the tables cannot be split over: shared host tables without data parallelism or with elastic EP, and tables across data-parallel ranks with elastic EP."""
        if (bool(self.dp_shared_memory)) and not (parallel_config.data_parallel_size > 1 and not parallel_config.enable_elastic_ep):
            raise _r.RuleError('Engram dp_shared_memory needs data_parallel_size > 1 and does not work with elastic EP', ["dp_shared_memory"])
        if (self.embedding_across_dp and parallel_config.data_parallel_size > 1) and not (not parallel_config.enable_elastic_ep):
            raise _r.RuleError('Engram embedding_across_dp does not work with elastic EP yet', ["embedding_across_dp"])
        return None

    def verify_load_config(self, load_config: "Any") -> "None":
        """Fails when shared host tables are asked for with a load format other than auto, safetensors or pt."""
        if (bool(self.dp_shared_memory)) and load_config.load_format not in ('auto', 'safetensors', 'pt'):
            raise _r.RuleError(f"Engram dp_shared_memory needs load_format 'auto', 'safetensors' or 'pt', got {load_config.load_format!r}", ["dp_shared_memory"])
        return None

    def get_parallel_size(self, parallel_config: "Any") -> "int":
        """Ranks one embedding table is sharded over - tensor-parallel ranks, times data-parallel ranks with embedding_across_dp."""
        return (parallel_config.tensor_parallel_size * parallel_config.data_parallel_size if self.embedding_across_dp and parallel_config.data_parallel_size > 1 else parallel_config.tensor_parallel_size)

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "cpu_offload": self.cpu_offload,
            "dp_shared_memory": self.dp_shared_memory,
            "embedding_across_dp": self.embedding_across_dp,
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = repr((
            self.cpu_offload,
            self.dp_shared_memory,
            self.embedding_across_dp,
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_EngramConfig.get(text)
        if digest is None:
            digest = _sha256(b"EngramConfig:cpu_offload,dp_shared_memory,embedding_across_dp:" + text.encode()).hexdigest()
            _h.remember(_MEMO_EngramConfig, text, digest)
        return digest


_MEMO_EngramConfig: dict[str, str] = {}
"""Canonical factor text -> digest for EngramConfig.compute_hash (bounded by _h.remember)."""
