# Generated from schema/parallel.yaml by cfgc; do not edit.
"""Config classes: EPLBConfig, ParallelConfig."""

import logging
from hashlib import sha256 as _sha256
from typing import Any

from pydantic import Field, field_validator

from cfgc.hooks import parallel as _hooks
from cfgc.runtime import hashing as _h
from cfgc.runtime import rules as _r
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config import envs
from vllm_config.platforms import current_platform
from vllm_config.types import (
    All2AllBackend,
    DataParallelBackend,
    DCPCommBackend,
    DistributedExecutorBackend,
    EPLBCommunicatorBackend,
    EPLBPolicyOption,
    ExpertPlacementStrategy,
    PlacementGroup,
    RuntimeEnv,
)

_log = logging.getLogger(__name__)


@config
class EPLBConfig:
    """Expert-parallel load balancing (EPLB): how expert load is measured and how often
    experts are moved between ranks. Only used when enable_eplb is on.
    """

    window_size: _v.Int = Field(default=1000, gt=0)
    """Number of recent engine steps whose expert load is recorded."""

    step_interval: _v.Int = Field(default=3000, gt=0)
    """Engine steps between two expert rearrangements. When larger than window_size, only the last window_size steps inform each rearrangement."""

    num_redundant_experts: _v.Int = Field(default=0, ge=0)
    """Extra expert replicas spread over the ranks so hot experts can be served in several places. Must stay 0 unless enable_eplb is on."""

    log_balancedness: bool = False
    """Log how evenly expert load is spread. Adds communication, so off by default."""

    log_balancedness_interval: _v.Int = Field(default=1, gt=0)
    """Engine steps between two balancedness log lines."""

    use_async: bool = True
    """Move expert weights in the background instead of pausing the engine. Needs the default policy and a communicator other than torch_nccl or pynccl."""

    policy: EPLBPolicyOption = "default"
    """Rebalancing algorithm."""

    communicator: EPLBCommunicatorBackend | None = None
    """Transport for expert weights. Unset: the engine picks nixl when installed, else pynccl for elastic EP or torch_gloo otherwise."""

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if not (not self.use_async or self.policy == 'default'):
            raise _r.RuleError("async EPLB (use_async=True) supports only policy='default'", ["use_async", "policy"], self)
        if (self.use_async) and self.communicator in ('torch_nccl', 'pynccl'):
            raise _r.RuleError(f"EPLB communicator {self.communicator!r} cannot be used with async EPLB (NCCL clashes across streams); choose 'torch_gloo' or 'nixl', or leave it unset to let the engine pick", ["use_async", "communicator"], self)
        if (self.log_balancedness) and not (self.log_balancedness_interval > 0):
            raise _r.RuleError('log_balancedness_interval must be positive', ["log_balancedness", "log_balancedness_interval"], self)

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "communicator": self.communicator,
            "log_balancedness": self.log_balancedness,
            "log_balancedness_interval": self.log_balancedness_interval,
            "num_redundant_experts": self.num_redundant_experts,
            "policy": self.policy,
            "step_interval": self.step_interval,
            "use_async": self.use_async,
            "window_size": self.window_size,
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = repr((
            self.communicator,
            self.log_balancedness,
            self.log_balancedness_interval,
            self.num_redundant_experts,
            self.policy,
            self.step_interval,
            self.use_async,
            self.window_size,
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_EPLBConfig.get(text)
        if digest is None:
            digest = _sha256(b"EPLBConfig:communicator,log_balancedness,log_balancedness_interval,num_redundant_experts,policy,step_interval,use_async,window_size:" + text.encode()).hexdigest()
            _h.remember(_MEMO_EPLBConfig, text, digest)
        return digest


_MEMO_EPLBConfig: dict[str, str] = {}
"""Canonical factor text -> digest for EPLBConfig.compute_hash (bounded by _h.remember)."""


@config
class ParallelConfig:
    """How the model is split over devices and processes: tensor, pipeline, data, context
    and expert parallelism, the executor that runs the workers, and multi-node and
    NUMA placement.
    """

    pipeline_parallel_size: _v.Int = Field(default=1, ge=1)
    """Pipeline stages; the model's layers are split across this many device groups."""

    tensor_parallel_size: _v.Int = Field(default=1, ge=1)
    """Devices each layer's weights are sharded across."""

    prefill_context_parallel_size: _v.Int = Field(default=1, ge=1)
    """Devices a long prompt's prefill is split across by sequence; adds workers."""

    data_parallel_size: _v.Int = Field(default=1, ge=1)
    """Model replicas serving requests side by side. MoE layers are sharded over tensor_parallel_size x data_parallel_size devices."""

    data_parallel_size_local: _v.Int = Field(default=1, ge=0)
    """Data-parallel replicas on this node. 0 marks DP as configured by the launcher even when data_parallel_size is 1."""

    data_parallel_rank: _v.Int = Field(default=0, ge=0)
    """This replica's data-parallel rank; must be below data_parallel_size."""

    data_parallel_rank_local: _v.Int | None = None
    """This replica's rank among the replicas of its node (SPMD runs only)."""

    data_parallel_master_ip: str = "127.0.0.1"
    """Address of the data-parallel coordinator."""

    data_parallel_rpc_port: _v.Int = 29550
    """Port for data-parallel control messages."""

    data_parallel_master_port: _v.Int = 29500
    """Port of the data-parallel coordinator's process group."""

    data_parallel_backend: DataParallelBackend = "mp"
    """Launch data-parallel replicas as local processes ("mp") or Ray actors ("ray")."""

    data_parallel_external_lb: bool = False
    """One engine per DP rank, balanced by an external load balancer (e.g. one pod per rank for wide EP on Kubernetes). MoE only; needs data_parallel_size > 1. Implied when a DP rank is given to the server."""

    data_parallel_hybrid_lb: bool = False
    """Balance across the DP ranks of a node internally and across nodes externally (one API server per node). Set together with the DP start rank."""

    is_moe_model: bool | None = None
    """Whether the model uses mixture-of-experts layers; None when not known yet."""

    enable_expert_parallel: bool = False
    """Shard MoE layers by whole experts (expert parallelism) instead of tensor slicing."""

    enable_ep_weight_filter: bool = False
    """With expert parallelism, have each rank read only its own experts' weights from the checkpoint, cutting load I/O for per-expert checkpoints. No effect on fused 3D expert tensors or dense models."""

    enable_eplb: bool = False
    """Rebalance experts across ranks at run time (EPLB); needs expert parallelism."""

    eplb_config: EPLBConfig = Field(default_factory=EPLBConfig)
    """Settings of expert-parallel load balancing."""

    expert_placement_strategy: ExpertPlacementStrategy = "linear"
    """Initial expert layout: "linear" gives each rank a contiguous block, "round_robin" deals experts out one by one, which can balance grouped-expert models without redundant experts."""

    all2all_backend: All2AllBackend = "allgather_reducescatter"
    """Communication kernels for expert-parallel token exchange (DeepEP, MoRI, NIXL-EP, FlashInfer variants, or all-gather plus reduce-scatter). The removed "naive" and "pplx" map to "allgather_reducescatter" with a warning."""

    max_parallel_loading_workers: _v.Int | None = Field(default=None, ge=1)
    """Cap on workers loading weights at once, to bound host RAM. Currently ignored."""

    disable_custom_all_reduce: bool = False
    """Use NCCL all-reduce instead of vLLM's custom kernel. Forced on for multi-node runs."""

    enable_elastic_ep: bool = False
    """Let the expert-parallel world grow and shrink at run time (stateless groups). Needs enable_eplb, no pipeline parallelism and internal load balancing."""

    enable_dbo: bool = False
    """Dual batch overlap - split a batch in two micro-batches to overlap compute and communication."""

    ubatch_size: _v.Int = Field(default=0, ge=0)
    """Micro-batches per step; values above 1 turn micro-batching on."""

    dbo_decode_token_threshold: _v.Int = Field(default=32, ge=0)
    """Decode-only batches with more tokens than this are split into micro-batches."""

    dbo_prefill_token_threshold: _v.Int = Field(default=512, ge=0)
    """Batches containing a prefill with more tokens than this are split into micro-batches."""

    disable_nccl_for_dp_synchronization: bool | None = None
    """Use Gloo instead of NCCL for the per-step data-parallel synchronisation. Unset: on when async scheduling is on, off otherwise."""

    ray_workers_use_nsight: bool = False
    """Profile Ray workers with Nsight Systems; needs a Ray executor."""

    ray_runtime_env: RuntimeEnv | None = None
    """Ray runtime environment handed to the distributed workers."""

    placement_group: PlacementGroup | None = None
    """Ray placement group to run the workers in."""

    distributed_executor_backend: str | DistributedExecutorBackend | type | None = None
    """What runs the workers: "mp" (local processes; set nnodes for several hosts), "ray", "uni" (in-process, single worker), "external_launcher" (e.g. torchrun), an Executor subclass or its import path. Unset: "uni" for one worker, otherwise chosen from the platform and Ray state."""

    worker_cls: str = "auto"
    """Import path of the worker class; "auto" lets the platform choose."""

    sd_worker_cls: str = "auto"
    """Import path of the worker class for speculative decoding; "auto" lets the platform choose."""

    worker_extension_cls: str = ""
    """Import path of a class mixed into the worker class, to add methods callable through collective_rpc. Empty for none."""

    master_addr: str = "127.0.0.1"
    """Address of the rank-0 host for multi-node runs with the "mp" executor."""

    master_port: _v.Int = 29501
    """Port on the rank-0 host for multi-node runs with the "mp" executor."""

    node_rank: _v.Int = Field(default=0, ge=0)
    """This host's index for multi-node runs with the "mp" executor."""

    nnodes: _v.Int = Field(default=1, ge=1)
    """Hosts in a multi-node run with the "mp" executor. Above 1 needs an "mp", "uni" or "external_launcher" executor and disables the custom all-reduce."""

    numa_bind: bool = False
    """Pin each GPU worker process to the CPUs and memory of its GPU's NUMA node (auto-detected unless numa_bind_nodes or numa_bind_cpus is given)."""

    numa_bind_nodes: list[_v.Int] | None = None
    """NUMA node for each visible GPU, e.g. [0, 0, 1, 1]; non-negative numactl node indices. Needs numa_bind."""

    numa_bind_cpus: list[str] | None = None
    """CPU list for each visible GPU in numactl syntax, e.g. ["0-3", "4-7"]; replaces the NUMA-node CPU binding. Needs numa_bind."""

    assigned_physical_gpu_ids: list[_v.Int] | None = None
    """Physical GPU id for each logical GPU index of this engine, e.g. [2, 3]; used at topology boundaries (NVML, NIC affinity, P2P checks). Unset: visible order."""

    distributed_timeout_seconds: _v.Int | None = None
    """Timeout for device process-group operations, in seconds. Unset: PyTorch's default (600 s for NCCL). Raise it when slow downloads delay multi-node start."""

    cpu_distributed_timeout_seconds: _v.Int | None = None
    """Timeout for CPU (Gloo) process groups, in seconds. Unset - PyTorch's default (1800 s)."""

    world_size: _v.Int = Field(default=None, init=False)  # derived after construction
    """Worker processes per replica, derived as pipeline x tensor x prefill-context parallel size (times data_parallel_size for "external_launcher")."""

    rank: _v.Int = 0
    """This worker's global rank."""

    _data_parallel_master_port_list: list[_v.Int] = Field(default_factory=list)
    """Free ports reserved for data-parallel process groups, taken one at a time. Internal."""

    _coord_store_port: _v.Int = 0
    """Port of the coordination TCP store through which workers share the ports they picked; 0 for none. Internal, set by the API server."""

    decode_context_parallel_size: _v.Int = Field(default=1, ge=1)
    """Devices the KV cache of a sequence is split across during decode. Reuses the tensor-parallel devices, so tensor_parallel_size must be a multiple of it."""

    dcp_kv_cache_interleave_size: _v.Int = 1
    """Older name of cp_kv_cache_interleave_size for decode context parallelism only."""

    dcp_comm_backend: DCPCommBackend = "ag_rs"
    """Decode context parallel communication: "ag_rs" (all-gather + reduce-scatter) or "a2a" (all-to-all of partial outputs, fewer collectives for MLA models; needs decode_context_parallel_size > 1)."""

    cp_kv_cache_interleave_size: _v.Int = 1
    """Tokens stored on one context-parallel rank before moving to the next. 1 spreads tokens round-robin; the block size fills a whole block per rank. The block size must be a multiple of it."""

    data_parallel_index: _v.Int = Field(default=None, init=False)  # derived after construction
    """Copy of data_parallel_rank that is kept even for dense models; not used for process groups."""

    _api_process_count: _v.Int = Field(default=1, gt=0)
    """Number of API server processes. Internal, set by API server scale-out."""

    _api_process_rank: _v.Int = Field(default=0, ge=-1)
    """This API server's index, or -1 in engine-core processes. Internal, set by API server scale-out."""

    @field_validator("all2all_backend", mode="before")
    @classmethod
    def _before_all2all_backend(cls, value: Any) -> Any:
        value = _v.deprecated_value(value, {'naive': 'allgather_reducescatter', 'pplx': 'allgather_reducescatter'}, 'ParallelConfig.all2all_backend', {'naive': 'the naive all2all backend was removed', 'pplx': 'the pplx all2all backend was removed'})
        return value

    @field_validator("numa_bind_cpus", mode="after")
    @classmethod
    def _after_numa_bind_cpus(cls, value: Any) -> Any:
        value = _hooks.check_numa_cpus(value)
        return value

    @field_validator("world_size", mode="wrap")
    @classmethod
    def _skip_none_world_size(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("data_parallel_index", mode="wrap")
    @classmethod
    def _skip_none_data_parallel_index(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if self.world_size is None:
            self.world_size = ((self.pipeline_parallel_size * self.tensor_parallel_size) * self.prefill_context_parallel_size) * (self.data_parallel_size if self.distributed_executor_backend == 'external_launcher' else 1)
        if self.data_parallel_index is None:
            self.data_parallel_index = self.data_parallel_rank
        if (_r.from_flags()) and not (not (self.data_parallel_hybrid_lb and self.data_parallel_external_lb)):
            raise _r.RuleError('data_parallel_hybrid_lb and data_parallel_external_lb exclude each other; choose one load-balancing mode', ["data_parallel_hybrid_lb", "data_parallel_external_lb"], self)
        if _r.from_flags() and self.nnodes > 1 and self.data_parallel_size > 1 and self.data_parallel_external_lb and not _r.given(self, 'data_parallel_rank'):
            self.data_parallel_rank = (self.node_rank * (((self.data_parallel_size * self.pipeline_parallel_size) * self.tensor_parallel_size) // self.nnodes)) // (self.pipeline_parallel_size * self.tensor_parallel_size)
        if _r.from_flags() and _r.given(self, 'data_parallel_rank') and not self.data_parallel_external_lb:
            self.data_parallel_external_lb = True
        if (_r.from_flags() and self.data_parallel_external_lb) and not (_r.given(self, 'data_parallel_rank') or (self.nnodes > 1 and self.data_parallel_size > 1)):
            raise _r.RuleError("external data-parallel load balancing needs this engine's data_parallel_rank (or node_rank, with nnodes > 1)", ["data_parallel_external_lb", "nnodes", "data_parallel_size"], self)
        if (_r.from_flags() and self.data_parallel_external_lb and _r.given(self, 'data_parallel_size_local')) and not (self.data_parallel_size_local == 1):
            raise _r.RuleError(f'data_parallel_size_local must be 1 (or left unset) with external data-parallel load balancing (a data-parallel rank given), got {self.data_parallel_size_local}', ["data_parallel_external_lb", "data_parallel_size_local"], self)
        if _r.from_flags() and not self.data_parallel_external_lb and self.nnodes > 1 and not _r.given(self, 'data_parallel_size_local'):
            self.data_parallel_size_local = max((((self.data_parallel_size * self.pipeline_parallel_size) * self.tensor_parallel_size) // self.nnodes) // (self.pipeline_parallel_size * self.tensor_parallel_size), 1)
        if _r.from_flags() and not self.data_parallel_external_lb and self.nnodes > 1:
            self.data_parallel_rank = (self.node_rank * (((self.data_parallel_size * self.pipeline_parallel_size) * self.tensor_parallel_size) // self.nnodes)) // (self.pipeline_parallel_size * self.tensor_parallel_size)
        if _r.from_flags() and not self.data_parallel_external_lb and self.data_parallel_hybrid_lb and self.data_parallel_size_local == 1 and (_r.given(self, 'data_parallel_size_local') or self.nnodes > 1):
            _log.warning('hybrid load balancing needs more than one local DP rank; using external load balancing')
        if _r.from_flags() and not self.data_parallel_external_lb and self.data_parallel_hybrid_lb and self.data_parallel_size_local == 1 and (_r.given(self, 'data_parallel_size_local') or self.nnodes > 1):
            self.data_parallel_external_lb = True
        if _r.from_flags() and self.data_parallel_hybrid_lb and (self.data_parallel_external_lb or (self.data_parallel_size_local == self.data_parallel_size and (_r.given(self, 'data_parallel_size_local') or self.nnodes > 1))):
            self.data_parallel_hybrid_lb = False
        if (_r.from_flags() and not self.data_parallel_external_lb and self.nnodes == 1 and not _r.given(self, 'data_parallel_size_local')) and not (not self.data_parallel_hybrid_lb):
            raise _r.RuleError('data_parallel_hybrid_lb needs data_parallel_size_local (the DP ranks on this node)', ["data_parallel_external_lb", "nnodes", "data_parallel_hybrid_lb"], self)
        if _r.from_flags() and not self.data_parallel_external_lb and self.nnodes == 1 and not _r.given(self, 'data_parallel_size_local') and not (self.data_parallel_backend == 'ray' and _r.env('VLLM_RAY_DP_PACK_STRATEGY', 'strict', envs) == 'span'):
            self.data_parallel_size_local = self.data_parallel_size
        if (self.numa_bind_nodes is not None) and not (len(self.numa_bind_nodes) > 0):
            raise _r.RuleError('numa_bind_nodes must not be empty', ["numa_bind_nodes"], self)
        if (self.numa_bind_nodes is not None) and not (all(node >= 0 for node in self.numa_bind_nodes)):
            raise _r.RuleError('numa_bind_nodes must hold non-negative NUMA node indices', ["numa_bind_nodes"], self)
        if not (not self.enable_elastic_ep or self.enable_eplb):
            raise _r.RuleError('enable_elastic_ep needs enable_eplb=True', ["enable_elastic_ep", "enable_eplb"], self)
        if (self.enable_elastic_ep) and not (self.pipeline_parallel_size <= 1):
            raise _r.RuleError(f'enable_elastic_ep cannot be combined with pipeline parallelism (pipeline_parallel_size={self.pipeline_parallel_size})', ["enable_elastic_ep", "pipeline_parallel_size"], self)
        if (self.enable_elastic_ep) and not (not (self.data_parallel_external_lb or self.data_parallel_hybrid_lb)):
            raise _r.NotSupportedError('enable_elastic_ep needs internal load balancing: it cannot be combined with data_parallel_external_lb or data_parallel_hybrid_lb, since scaling is coordinated by a single API server', ["enable_elastic_ep", "data_parallel_external_lb", "data_parallel_hybrid_lb"], self)
        if (self.data_parallel_size > 1 or self.data_parallel_size_local == 0) and not self.enable_elastic_ep and len(self._data_parallel_master_port_list) > 0:
            self.data_parallel_master_port = self._data_parallel_master_port_list[-1]
        if (self.data_parallel_size > 1 or self.data_parallel_size_local == 0) and not self.enable_elastic_ep and len(self._data_parallel_master_port_list) > 0:
            self._data_parallel_master_port_list = self._data_parallel_master_port_list[:-1]
        if not (self.data_parallel_size > 1 or self.data_parallel_size_local == 0):
            self.data_parallel_rank = _r.env('VLLM_DP_RANK', 0, envs)
        if not (self.data_parallel_size > 1 or self.data_parallel_size_local == 0):
            self.data_parallel_rank_local = (int(_r.env('VLLM_DP_RANK_LOCAL', None, envs)) if _r.env('VLLM_DP_RANK_LOCAL', None, envs) is not None else self.data_parallel_rank)
        if not (self.data_parallel_size > 1 or self.data_parallel_size_local == 0):
            self.data_parallel_master_ip = _r.env('VLLM_DP_MASTER_IP', '127.0.0.1', envs)
        if not (self.data_parallel_size > 1 or self.data_parallel_size_local == 0):
            self.data_parallel_master_port = _r.env('VLLM_DP_MASTER_PORT', 0, envs)
        if not (self.data_parallel_size > 1 or self.data_parallel_size_local == 0):
            self.data_parallel_size = _r.env('VLLM_DP_SIZE', 1, envs)
        if (self.data_parallel_size > 1 or self.data_parallel_size_local == 0) and not (0 <= self.data_parallel_rank < self.data_parallel_size):
            raise _r.RuleError(f'data_parallel_rank ({self.data_parallel_rank}) must be in [0, {self.data_parallel_size})', ["data_parallel_size", "data_parallel_size_local", "data_parallel_rank"], self)
        if self.distributed_executor_backend is None and self.world_size_across_dp > 1:
            self.distributed_executor_backend = ('ray' if self.data_parallel_backend == 'ray' else 'mp')
        if self.distributed_executor_backend is None and self.world_size_across_dp == 1:
            self.distributed_executor_backend = 'uni'
        if self.distributed_executor_backend is None and self.world_size_across_dp > 1 and not current_platform.executor_from_device_count:
            self.distributed_executor_backend = ('ray' if self.data_parallel_backend == 'ray' else 'mp')
        if self.max_parallel_loading_workers is not None:
            _log.warning('max_parallel_loading_workers is not supported and is ignored')
        if (self.nnodes > 1 and self.distributed_executor_backend is not None) and self.distributed_executor_backend not in ('mp', 'uni', 'external_launcher'):
            raise _r.RuleError(f"nnodes > 1 needs distributed_executor_backend 'mp', 'uni' or 'external_launcher', not {self.distributed_executor_backend!r}", ["nnodes", "distributed_executor_backend"], self)
        if not (self._api_process_rank < self._api_process_count):
            raise _r.RuleError(f'_api_process_rank must be -1 or in [0, {self._api_process_count}), got {self._api_process_rank}', ["_api_process_rank", "_api_process_count"], self)
        if not (self.data_parallel_size_local <= self.data_parallel_size):
            raise _r.RuleError(f'data_parallel_size_local ({self.data_parallel_size_local}) must not exceed data_parallel_size ({self.data_parallel_size})', ["data_parallel_size_local", "data_parallel_size"], self)
        if (_r.from_flags() and self.nnodes > 1) and not (self.data_parallel_backend == 'mp'):
            raise _r.RuleError(f"nnodes > 1 needs data_parallel_backend 'mp', not {self.data_parallel_backend!r}", ["nnodes", "data_parallel_backend"], self)
        if (_r.from_flags() and self.nnodes > 1) and not ((((self.data_parallel_size * self.pipeline_parallel_size) * self.tensor_parallel_size) % self.nnodes) == 0):
            raise _r.RuleError(f'the {(self.data_parallel_size * self.pipeline_parallel_size) * self.tensor_parallel_size} workers (DP x PP x TP) cannot be split evenly over nnodes={self.nnodes}', ["nnodes", "data_parallel_size", "pipeline_parallel_size", "tensor_parallel_size"], self)
        if (_r.from_flags() and self.nnodes > 1) and not (self.node_rank < self.nnodes):
            raise _r.RuleError(f'node_rank ({self.node_rank}) must be below nnodes ({self.nnodes})', ["nnodes", "node_rank"], self)
        if (self.data_parallel_external_lb) and not (self.data_parallel_size > 1):
            raise _r.RuleError('data_parallel_external_lb needs data_parallel_size > 1', ["data_parallel_external_lb", "data_parallel_size"], self)
        if (self.numa_bind_nodes is not None or self.numa_bind_cpus is not None) and not (self.numa_bind):
            raise _r.RuleError('numa_bind_nodes and numa_bind_cpus need numa_bind=True', ["numa_bind_nodes", "numa_bind_cpus", "numa_bind"], self)
        if (self.enable_eplb) and not (current_platform.is_cuda_alike()):
            raise _r.RuleError(f'expert-parallel load balancing (enable_eplb) is not available on the {current_platform.device_type} platform', ["enable_eplb"], self)
        if (self.enable_eplb) and not (self.enable_expert_parallel):
            raise _r.RuleError('enable_eplb needs enable_expert_parallel=True', ["enable_eplb", "enable_expert_parallel"], self)
        if (self.enable_eplb) and not ((self.tensor_parallel_size * self.data_parallel_size) > 1):
            raise _r.RuleError(f'EPLB needs tensor_parallel_size x data_parallel_size > 1, got TP={self.tensor_parallel_size}, DP={self.data_parallel_size}', ["enable_eplb", "tensor_parallel_size", "data_parallel_size"], self)
        if (not self.enable_eplb) and not (self.eplb_config.num_redundant_experts == 0):
            raise _r.RuleError(f'eplb_config.num_redundant_experts is {self.eplb_config.num_redundant_experts}, but EPLB is not enabled: pass --enable-eplb or leave num_redundant_experts at 0', ["enable_eplb", "eplb_config.num_redundant_experts"], self)
        if not ((self.tensor_parallel_size % self.decode_context_parallel_size) == 0):
            raise _r.RuleError(f'tensor_parallel_size ({self.tensor_parallel_size}) must be a multiple of decode_context_parallel_size ({self.decode_context_parallel_size})', ["tensor_parallel_size", "decode_context_parallel_size"], self)
        if (self.dcp_comm_backend == 'a2a') and not (self.decode_context_parallel_size > 1):
            raise _r.RuleError("dcp_comm_backend='a2a' needs decode_context_parallel_size > 1", ["dcp_comm_backend", "decode_context_parallel_size"], self)
        if self.nnodes > 1:
            self.disable_custom_all_reduce = True
        if not current_platform.supports_custom_all_reduce:
            self.disable_custom_all_reduce = True
        if (self.ray_workers_use_nsight and self.distributed_executor_backend is not None) and not (self.use_ray):
            raise _r.RuleError('ray_workers_use_nsight needs workers that run on Ray', ["ray_workers_use_nsight", "distributed_executor_backend", "use_ray"], self)

    @property
    def world_size_across_dp(self) -> "int":
        """Workers across all data-parallel replicas: world_size times data_parallel_size."""
        return self.world_size * self.data_parallel_size

    @property
    def use_ray(self) -> "bool":
        """True when workers or data-parallel replicas run on Ray."""
        return self.distributed_executor_backend == 'ray' or (isinstance(self.distributed_executor_backend, type) and bool(getattr(self.distributed_executor_backend, 'uses_ray', False)))

    @property
    def use_ubatching(self) -> "bool":
        """True when micro-batching is on (dual-batch overlap or ubatch_size above 1)."""
        return self.enable_dbo or self.ubatch_size > 1

    @property
    def num_ubatches(self) -> "int":
        """How many micro-batches a step is split into (2 with dual-batch overlap, else ubatch_size)."""
        return (2 if self.enable_dbo else self.ubatch_size)

    @property
    def local_engines_only(self) -> "bool":
        """True when this node only runs its local data-parallel engines (external or hybrid load balancing)."""
        return self.data_parallel_external_lb or self.data_parallel_hybrid_lb

    @property
    def use_sequence_parallel_moe(self) -> "bool":
        """True when MoE layers shard tokens across tensor-parallel ranks (sequence-parallel MoE)."""
        return self.all2all_backend in ('allgather_reducescatter', 'deepep_high_throughput', 'deepep_low_latency', 'mori_high_throughput', 'mori_low_latency', 'nixl_ep') and self.enable_expert_parallel and self.tensor_parallel_size > 1 and self.data_parallel_size > 1

    @property
    def use_batched_dp_moe(self) -> "bool":
        """True when data-parallel ranks batch their MoE tokens together."""
        return self.all2all_backend in ('deepep_low_latency', 'nixl_ep') and self.enable_expert_parallel and self.data_parallel_size > 1

    @property
    def nnodes_within_dp(self) -> "int":
        """Nodes one data-parallel replica spans."""
        return (1 if self.nnodes == 1 else self.nnodes // (self.data_parallel_size // self.data_parallel_size_local))

    @property
    def node_rank_within_dp(self) -> "int":
        """This node's rank among the nodes of its data-parallel replica."""
        return self.node_rank % self.nnodes_within_dp

    @property
    def local_world_size(self) -> "int":
        """Workers of one data-parallel replica on this node."""
        return self.world_size // self.nnodes_within_dp

    def get_next_dp_init_port(self) -> "int":
        """A fresh port for a data-parallel process group: the next prepared one, else data_parallel_master_port (which then moves up by one)."""
        return _hooks.get_next_dp_init_port(self)

    def stateless_init_dp_group(self, return_store: "bool" = False) -> "Any":
        """Creates the data-parallel process group (and its store when asked)."""
        raise _r.NotSupportedError("ParallelConfig.stateless_init_dp_group() is not available in vllm_config: creating the data-parallel process group needs a running engine and vLLM's stateless torch.distributed helpers")

    @staticmethod
    def has_unfinished_dp(dp_group: "Any", has_unfinished: "bool") -> "bool":
        """Whether any data-parallel rank has unfinished work (an all-reduce; imports torch)."""
        return _hooks.has_unfinished_dp(dp_group, has_unfinished)

    @staticmethod
    def sync_dp_state(dp_group: "Any", has_unfinished: "bool", pending_pause: "bool") -> "tuple[bool, bool]":
        """One all-reduce for (some rank has work or a pause is not agreed yet, every rank asked to pause); imports torch."""
        return _hooks.sync_dp_state(dp_group, has_unfinished, pending_pause)

    @staticmethod
    def sync_kv_cache_memory_size(dp_group: "Any", kv_cache_memory: "int") -> "int":
        """The smallest KV-cache budget across data-parallel ranks (-1 means no limit); imports torch."""
        return _hooks.sync_kv_cache_memory_size(dp_group, kv_cache_memory)

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "_coord_store_port": self._coord_store_port,
            "all2all_backend": self.all2all_backend,
            "cp_kv_cache_interleave_size": self.cp_kv_cache_interleave_size,
            "cpu_distributed_timeout_seconds": self.cpu_distributed_timeout_seconds,
            "data_parallel_size": self.data_parallel_size,
            "dbo_decode_token_threshold": self.dbo_decode_token_threshold,
            "dbo_prefill_token_threshold": self.dbo_prefill_token_threshold,
            "dcp_comm_backend": self.dcp_comm_backend,
            "dcp_kv_cache_interleave_size": self.dcp_kv_cache_interleave_size,
            "decode_context_parallel_size": self.decode_context_parallel_size,
            "disable_nccl_for_dp_synchronization": self.disable_nccl_for_dp_synchronization,
            "distributed_timeout_seconds": self.distributed_timeout_seconds,
            "enable_dbo": self.enable_dbo,
            "enable_elastic_ep": self.enable_elastic_ep,
            "enable_ep_weight_filter": self.enable_ep_weight_filter,
            "enable_eplb": self.enable_eplb,
            "enable_expert_parallel": self.enable_expert_parallel,
            "eplb_config": self.eplb_config.compute_hash(),
            "expert_placement_strategy": self.expert_placement_strategy,
            "is_moe_model": self.is_moe_model,
            "pipeline_parallel_size": self.pipeline_parallel_size,
            "prefill_context_parallel_size": self.prefill_context_parallel_size,
            "tensor_parallel_size": self.tensor_parallel_size,
            "ubatch_size": self.ubatch_size,
            "world_size": self.world_size,
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = repr((
            self._coord_store_port,
            self.all2all_backend,
            self.cp_kv_cache_interleave_size,
            self.cpu_distributed_timeout_seconds,
            self.data_parallel_size,
            self.dbo_decode_token_threshold,
            self.dbo_prefill_token_threshold,
            self.dcp_comm_backend,
            self.dcp_kv_cache_interleave_size,
            self.decode_context_parallel_size,
            self.disable_nccl_for_dp_synchronization,
            self.distributed_timeout_seconds,
            self.enable_dbo,
            self.enable_elastic_ep,
            self.enable_ep_weight_filter,
            self.enable_eplb,
            self.enable_expert_parallel,
            self.eplb_config.compute_hash(),
            self.expert_placement_strategy,
            self.is_moe_model,
            self.pipeline_parallel_size,
            self.prefill_context_parallel_size,
            self.tensor_parallel_size,
            self.ubatch_size,
            self.world_size,
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_ParallelConfig.get(text)
        if digest is None:
            digest = _sha256(b"ParallelConfig:_coord_store_port,all2all_backend,cp_kv_cache_interleave_size,cpu_distributed_timeout_seconds,data_parallel_size,dbo_decode_token_threshold,dbo_prefill_token_threshold,dcp_comm_backend,dcp_kv_cache_interleave_size,decode_context_parallel_size,disable_nccl_for_dp_synchronization,distributed_timeout_seconds,enable_dbo,enable_elastic_ep,enable_ep_weight_filter,enable_eplb,enable_expert_parallel,eplb_config,expert_placement_strategy,is_moe_model,pipeline_parallel_size,prefill_context_parallel_size,tensor_parallel_size,ubatch_size,world_size:" + text.encode()).hexdigest()
            _h.remember(_MEMO_ParallelConfig, text, digest)
        return digest


_MEMO_ParallelConfig: dict[str, str] = {}
"""Canonical factor text -> digest for ParallelConfig.compute_hash (bounded by _h.remember)."""
