"""Hooks of schema/parallel.yaml: EPLBConfig and ParallelConfig.

Only logic that reads config values lives here. Choices that need the platform, Ray,
NIXL, free ports or the process environment are hook points of the schema (see the
hook-points docs page) and are left to the engine.

The `world_size_across_dp` .. `use_ray` helpers are the value-only derived properties
of ParallelConfig; the generated class has no properties, so they take the config.
"""

from __future__ import annotations

import logging
import re
from typing import Any

logger = logging.getLogger("vllm_config.parallel")

# numactl CPU list: "3", "0-3", "0,2,4-7" (digits, ranges, comma separated).
_CPU_LIST = re.compile(r"\d+(?:-\d+)?(?:,\d+(?:-\d+)?)*")

_REMOVED_ALL2ALL = ("naive", "pplx")
_SEQUENCE_PARALLEL_MOE_BACKENDS = (
    "allgather_reducescatter",
    "deepep_high_throughput",
    "deepep_low_latency",
    "mori_high_throughput",
    "mori_low_latency",
    "nixl_ep",
)
_BATCHED_DP_MOE_BACKENDS = ("deepep_low_latency", "nixl_ep")
_MULTI_NODE_BACKENDS = ("mp", "uni", "external_launcher")


# --- EPLBConfig -------------------------------------------------------------------


def check_eplb_config(cfg: Any) -> None:
    """Async rebalancing works only with the default policy and a non-NCCL transport."""
    if cfg.use_async and cfg.policy != "default":
        raise ValueError("async EPLB (use_async=True) supports only policy='default'")
    if cfg.use_async and cfg.communicator in ("torch_nccl", "pynccl"):
        raise ValueError(
            f"EPLB communicator {cfg.communicator!r} cannot be used with async EPLB "
            "(NCCL clashes across streams); choose 'torch_gloo' or 'nixl', or leave it "
            "unset to let the engine pick"
        )
    if cfg.log_balancedness and cfg.log_balancedness_interval <= 0:
        raise ValueError("log_balancedness_interval must be positive")


# --- ParallelConfig field hooks ---------------------------------------------------


def check_executor_backend(value: Any) -> Any:
    """A name (str), a class, or None; anything else is not an executor."""
    if value is None or isinstance(value, str | type):
        return value
    raise ValueError(
        "distributed_executor_backend must be a backend name, an import path or an "
        f"Executor subclass, not {type(value).__name__}"
    )


def check_numa_nodes(value: list[int] | None) -> list[int] | None:
    if value is None:
        return None
    if not value:
        raise ValueError("numa_bind_nodes must not be empty")
    if any(node < 0 for node in value):
        raise ValueError("numa_bind_nodes must hold non-negative NUMA node indices")
    return value


def check_numa_cpus(value: list[str] | None) -> list[str] | None:
    if value is None:
        return None
    if not value:
        raise ValueError("numa_bind_cpus must not be empty")
    for cpus in value:
        if not cpus:
            raise ValueError("numa_bind_cpus entries must not be empty")
        if not _CPU_LIST.fullmatch(cpus):
            raise ValueError(
                f"numa_bind_cpus entry {cpus!r} is not a numactl CPU list "
                "(e.g. '0-3' or '0,2,4-7')"
            )
        for part in cpus.split(","):
            low, _, high = part.partition("-")
            if high and int(low) > int(high):
                raise ValueError(f"numa_bind_cpus range {part!r} in {cpus!r} is descending")
    return value


# --- ParallelConfig post-init (in schema order) -----------------------------------


def compute_world_size(cfg: Any) -> None:
    """Workers per replica; an external launcher runs every DP replica in one world."""
    cfg.world_size = (
        cfg.pipeline_parallel_size * cfg.tensor_parallel_size * cfg.prefill_context_parallel_size
    )
    if cfg.distributed_executor_backend == "external_launcher":
        cfg.world_size *= cfg.data_parallel_size


def check_elastic_ep(cfg: Any) -> None:
    if not cfg.enable_elastic_ep:
        return
    if not cfg.enable_eplb:
        raise ValueError("enable_elastic_ep needs enable_eplb=True")
    if cfg.pipeline_parallel_size > 1:
        raise ValueError(
            "enable_elastic_ep cannot be combined with pipeline parallelism "
            f"(pipeline_parallel_size={cfg.pipeline_parallel_size})"
        )
    if cfg.data_parallel_external_lb or cfg.data_parallel_hybrid_lb:
        raise NotImplementedError(
            "enable_elastic_ep needs internal load balancing: it cannot be combined with "
            "data_parallel_external_lb or data_parallel_hybrid_lb, since scaling is "
            "coordinated by a single API server"
        )


def settle_data_parallel(cfg: Any) -> None:
    """With DP configured: take a master port from a given port list, check the rank.

    Reserving ports when no list is given, the external-launcher rank and the
    VLLM_DP_* environment fallback are hook points.
    """
    if cfg.data_parallel_size > 1 or cfg.data_parallel_size_local == 0:
        if not cfg.enable_elastic_ep and cfg._data_parallel_master_port_list:
            cfg.data_parallel_master_port = cfg._data_parallel_master_port_list.pop()
        if not 0 <= cfg.data_parallel_rank < cfg.data_parallel_size:
            raise ValueError(
                f"data_parallel_rank ({cfg.data_parallel_rank}) must be in "
                f"[0, {cfg.data_parallel_size})"
            )
    cfg.data_parallel_index = cfg.data_parallel_rank


def default_single_process_backend(cfg: Any) -> None:
    """One worker in total needs no executor processes: use "uni".

    With more workers the choice depends on the platform (hook point
    pick_executor_backend), so the field stays None here.
    """
    if cfg.distributed_executor_backend is None and world_size_across_dp(cfg) == 1:
        cfg.distributed_executor_backend = "uni"


def check_multi_node_backend(cfg: Any) -> None:
    if cfg.max_parallel_loading_workers is not None:
        logger.warning("max_parallel_loading_workers is not supported and is ignored")
    backend = cfg.distributed_executor_backend
    if cfg.nnodes > 1 and backend is not None and backend not in _MULTI_NODE_BACKENDS:
        raise ValueError(
            "nnodes > 1 needs distributed_executor_backend 'mp', 'uni' or "
            f"'external_launcher', not {backend!r}"
        )


# --- ParallelConfig model validators (after post-init) -----------------------------


def check_parallel_config(cfg: Any) -> None:
    if cfg._api_process_rank >= cfg._api_process_count:
        raise ValueError(
            f"_api_process_rank must be -1 or in [0, {cfg._api_process_count}), "
            f"got {cfg._api_process_rank}"
        )
    if cfg.all2all_backend in _REMOVED_ALL2ALL:
        logger.warning(
            "all2all backend %r was removed; using 'allgather_reducescatter'",
            cfg.all2all_backend,
        )
        cfg.all2all_backend = "allgather_reducescatter"
    if cfg.data_parallel_size_local > cfg.data_parallel_size:
        raise ValueError(
            f"data_parallel_size_local ({cfg.data_parallel_size_local}) must not exceed "
            f"data_parallel_size ({cfg.data_parallel_size})"
        )
    if cfg.data_parallel_size <= 1 and cfg.data_parallel_external_lb:
        raise ValueError("data_parallel_external_lb needs data_parallel_size > 1")
    if not cfg.numa_bind and (cfg.numa_bind_nodes is not None or cfg.numa_bind_cpus is not None):
        raise ValueError("numa_bind_nodes and numa_bind_cpus need numa_bind=True")
    if cfg.enable_eplb:
        if not cfg.enable_expert_parallel:
            raise ValueError("enable_eplb needs enable_expert_parallel=True")
        if cfg.tensor_parallel_size * cfg.data_parallel_size <= 1:
            raise ValueError(
                "EPLB needs tensor_parallel_size x data_parallel_size > 1, got "
                f"TP={cfg.tensor_parallel_size}, DP={cfg.data_parallel_size}"
            )
    elif cfg.eplb_config.num_redundant_experts != 0:
        raise ValueError(
            f"eplb_config.num_redundant_experts is {cfg.eplb_config.num_redundant_experts} "
            "but EPLB is off: enable EPLB or leave num_redundant_experts at 0"
        )
    if cfg.tensor_parallel_size % cfg.decode_context_parallel_size != 0:
        raise ValueError(
            f"tensor_parallel_size ({cfg.tensor_parallel_size}) must be a multiple of "
            f"decode_context_parallel_size ({cfg.decode_context_parallel_size})"
        )
    if cfg.dcp_comm_backend == "a2a" and cfg.decode_context_parallel_size <= 1:
        raise ValueError("dcp_comm_backend='a2a' needs decode_context_parallel_size > 1")


def verify_parallel_args(cfg: Any) -> None:
    """Value-only part of the executor checks (platform and Ray parts are hook points)."""
    if cfg.nnodes > 1:
        cfg.disable_custom_all_reduce = True
    backend = cfg.distributed_executor_backend
    # Unset means the engine still picks the backend (hook point pick_executor_backend).
    if cfg.ray_workers_use_nsight and backend is not None and not use_ray(cfg):
        raise ValueError("ray_workers_use_nsight needs workers that run on Ray")


# --- derived properties (value-only) ----------------------------------------------


def world_size_across_dp(cfg: Any) -> int:
    """Workers over all data-parallel replicas."""
    return cfg.world_size * cfg.data_parallel_size


def use_ray(cfg: Any) -> bool:
    backend = cfg.distributed_executor_backend
    return backend == "ray" or (
        isinstance(backend, type) and bool(getattr(backend, "uses_ray", False))
    )


def use_ubatching(cfg: Any) -> bool:
    return cfg.enable_dbo or cfg.ubatch_size > 1


def num_ubatches(cfg: Any) -> int:
    return 2 if cfg.enable_dbo else cfg.ubatch_size


def local_engines_only(cfg: Any) -> bool:
    """The client drives only this node's engines (external or hybrid load balancing)."""
    return cfg.data_parallel_external_lb or cfg.data_parallel_hybrid_lb


def use_sequence_parallel_moe(cfg: Any) -> bool:
    return (
        cfg.all2all_backend in _SEQUENCE_PARALLEL_MOE_BACKENDS
        and cfg.enable_expert_parallel
        and cfg.tensor_parallel_size > 1
        and cfg.data_parallel_size > 1
    )


def use_batched_dp_moe(cfg: Any) -> bool:
    return (
        cfg.all2all_backend in _BATCHED_DP_MOE_BACKENDS
        and cfg.enable_expert_parallel
        and cfg.data_parallel_size > 1
    )


def nnodes_within_dp(cfg: Any) -> int:
    """Nodes spanned by one data-parallel replica."""
    if cfg.nnodes == 1:
        return 1
    nodes_per_dp_group = cfg.data_parallel_size // cfg.data_parallel_size_local
    return cfg.nnodes // nodes_per_dp_group


def node_rank_within_dp(cfg: Any) -> int:
    return cfg.node_rank % nnodes_within_dp(cfg)


def local_world_size(cfg: Any) -> int:
    return cfg.world_size // nnodes_within_dp(cfg)
