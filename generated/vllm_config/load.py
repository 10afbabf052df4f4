# Generated from schema/load.yaml by cfgc; do not edit.
"""Config classes: LoadConfig."""

import logging
from typing import Any

from pydantic import Field, field_validator

from cfgc.runtime import hashing as _h
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config.types import LoadFormats, SafetensorsLoadStrategy, TensorizerConfig

_log = logging.getLogger(__name__)

#: Default number of threads that read safetensors files ahead into the page cache.
DEFAULT_SAFETENSORS_PREFETCH_NUM_THREADS = 8

#: Default size in bytes (16 MiB) of each safetensors prefetch read.
DEFAULT_SAFETENSORS_PREFETCH_BLOCK_SIZE = 16777216


@config
class LoadConfig:
    """How and from where model weights are read at startup."""

    load_format: str | LoadFormats = "auto"
    """Weight format to load (case-insensitive). "auto" tries safetensors and falls
    back to PyTorch .bin files. "pt" / "safetensors" force one of those;
    "instanttensor" loads safetensors onto CUDA with pipelined prefetch and direct
    I/O; "npcache" loads .bin files and keeps a numpy cache for faster restarts;
    "dummy" fills random weights (profiling); "tensorizer" uses CoreWeave's
    tensorizer; "runai_streamer" / "runai_streamer_sharded" stream (pre-sharded)
    safetensors with Run:ai Model Streamer; "bitsandbytes" quantizes with
    bitsandbytes while loading; "sharded_state" reads per-rank pre-sharded files
    for fast tensor-parallel loading; "mistral" reads Mistral's consolidated
    safetensors; "modelexpress" uses ModelExpress. Plugins may add other names.
    """

    download_dir: str | None = None
    """Where weights are downloaded and read from; None uses the Hugging Face cache directory."""

    safetensors_load_strategy: SafetensorsLoadStrategy | None = None
    """How safetensors files are read. None (default): memory-mapped, switching to
    prefetch automatically on NFS when the checkpoint fits in 90% of free RAM.
    "lazy": always memory-mapped, no NFS auto-prefetch; best on local disks.
    "eager": read each whole file into CPU memory first; avoids slow random reads
    on network filesystems (Lustre, NFS) at the cost of CPU RAM. "prefetch": warm
    the OS page cache with the files before workers load them; helps on slow or
    remote storage. "torchao": load, then rebuild torchao tensor subclasses, for
    checkpoints quantized and saved with torchao (torchao >= 0.14.0).
    """

    safetensors_prefetch_num_threads: _v.Int = Field(default=8, ge=1)
    """Threads that read safetensors files into the page cache when prefetching."""

    safetensors_prefetch_block_size: _v.Int = Field(default=16777216, ge=1)
    """Bytes per read when prefetching safetensors files (default 16 MiB)."""

    model_loader_extra_config: dict[Any, Any] | TensorizerConfig = Field(default_factory=dict)
    """Extra settings handed to the loader of the chosen load_format (e.g. tensorizer options)."""

    device: str | None = None
    """Device the weights are loaded onto; None uses the engine's device."""

    ignore_patterns: list[str] | str = Field(default_factory=lambda: ["original/**/*"])
    """Glob patterns of checkpoint files to skip when downloading and loading. The
    default skips "original/**/*" so Llama checkpoints are not loaded twice.
    """

    use_tqdm_on_load: bool = True
    """Show a progress bar while weights load."""

    pt_load_map_location: str | dict[str, str] = "cpu"
    """Where PyTorch .bin checkpoints are mapped while loading, as torch.load's
    map_location: a device ("cuda" equals {"": "cuda"}) or a device remapping such
    as {"cuda:1": "cuda:0"}. On the command line give the mapping as JSON.
    """

    @field_validator("load_format", mode="before")
    @classmethod
    def _before_load_format(cls, value: Any) -> Any:
        value = _v.lower(value)
        return value

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if self.ignore_patterns != ['original/**/*'] and len(self.ignore_patterns) > 0:
            _log.info(f'Skipping checkpoint files matching: {self.ignore_patterns}')

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_LoadConfig


_CONSTANT_HASH_LoadConfig = _h.digest("LoadConfig", {})
"""No field of LoadConfig feeds the cache key, so its hash is a constant."""
