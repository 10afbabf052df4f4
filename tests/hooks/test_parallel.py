"""EPLBConfig and ParallelConfig: the cases of their former hooks, through the generated
classes (the logic is declared in schema/parallel.yaml), plus the hooks that remain
(check_numa_cpus, use_ray, elastic_ep_needs_internal_lb).

A case the hook accepted but the class rejects earlier by a field's type or bound is
run on a valid object whose field is then assigned, re-running the after-construction
phase (`__post_init__`): the same inputs reach the declared rule.
"""

from __future__ import annotations

import logging
import warnings

import pytest
from pydantic import ValidationError

from cfgc.hooks import parallel as hooks
from cfgc.runtime import deprecation
from vllm_config.parallel import EPLBConfig, ParallelConfig


def eplb(**kw):
    return EPLBConfig(**kw)


def eplb_with(**assigned):
    """An EPLBConfig holding values its field types reject, with its rules run again."""
    cfg = EPLBConfig()
    for name, value in assigned.items():
        setattr(cfg, name, value)
    cfg.__post_init__()
    return cfg


def parallel(**kw):
    return ParallelConfig(**kw)


# --- EPLBConfig ---------------------------------------------------------------------

def test_eplb_async_needs_default_policy():
    # "default" is the only policy the type allows, so at construction an other one
    # is a type error; the declared rule still holds for it.
    with pytest.raises(ValueError, match="policy"):
        eplb(policy="custom")
    with pytest.raises(ValueError, match="policy"):
        eplb_with(policy="custom")
    eplb_with(policy="custom", use_async=False)


@pytest.mark.parametrize("comm", ["torch_nccl", "pynccl"])
def test_eplb_async_rejects_nccl_transports(comm):
    with pytest.raises(ValueError, match=comm):
        eplb(communicator=comm)
    eplb(communicator=comm, use_async=False)


def test_eplb_balancedness_interval():
    with pytest.raises(ValueError, match="interval"):
        eplb(log_balancedness=True, log_balancedness_interval=0)
    with pytest.raises(ValueError, match="log_balancedness_interval must be positive"):
        eplb_with(log_balancedness=True, log_balancedness_interval=0)
    eplb_with(log_balancedness=False, log_balancedness_interval=0)


# --- field checks -------------------------------------------------------------------

def test_executor_backend_values():
    class Exec:
        pass

    for ok in (None, "mp", "my.module.Executor", Exec):
        given = parallel(distributed_executor_backend=ok).distributed_executor_backend
        assert given is ok or (ok is None and given == "uni")  # None: one worker -> uni
    for bad in (1, 2.5, ["mp"], Exec()):
        with pytest.raises(ValueError, match="distributed_executor_backend"):
            parallel(distributed_executor_backend=bad)


def test_numa_nodes():
    assert parallel(numa_bind=True, numa_bind_nodes=None).numa_bind_nodes is None
    assert parallel(numa_bind=True, numa_bind_nodes=[0, 0, 1, 1]).numa_bind_nodes == \
        [0, 0, 1, 1]
    with pytest.raises(ValueError, match="empty"):
        parallel(numa_bind=True, numa_bind_nodes=[])
    with pytest.raises(ValueError, match="non-negative"):
        parallel(numa_bind=True, numa_bind_nodes=[0, -1])
    # the node checks come first, as the field check they replace did
    with pytest.raises(ValueError, match="empty"):
        parallel(numa_bind_nodes=[])


@pytest.mark.parametrize("cpus", [["0"], ["0-3"], ["0,2,4-7"], ["3-3", "10-12,14"]])
def test_numa_cpus_accepted(cpus):
    assert hooks.check_numa_cpus(cpus) == cpus
    assert parallel(numa_bind=True, numa_bind_cpus=cpus).numa_bind_cpus == cpus


@pytest.mark.parametrize("cpus, message", [
    ([], "must not be empty"),
    ([""], "entries must not be empty"),
    (["0-"], "numactl"),
    (["0,,1"], "numactl"),
    (["a-b"], "numactl"),
    ([" 0-3"], "numactl"),
    (["0-3-5"], "numactl"),
    (["7-2"], "descending"),
    (["0,9-8"], "descending"),
])
def test_numa_cpus_rejected(cpus, message):
    with pytest.raises(ValueError, match=message):
        hooks.check_numa_cpus(cpus)
    with pytest.raises(ValidationError, match=message):
        parallel(numa_bind=True, numa_bind_cpus=cpus)


# --- after construction -------------------------------------------------------------

def test_world_size():
    assert parallel(tensor_parallel_size=4, pipeline_parallel_size=2).world_size == 8
    ext = parallel(tensor_parallel_size=2, data_parallel_size=3,
                   distributed_executor_backend="external_launcher")
    assert ext.world_size == 6


def test_backend_default_by_worker_count():
    assert parallel().distributed_executor_backend == "uni"
    assert parallel(tensor_parallel_size=2).distributed_executor_backend == "mp"
    # one worker per replica but several replicas: processes too, or Ray for Ray DP
    assert parallel(data_parallel_size=2).distributed_executor_backend == "mp"
    assert parallel(data_parallel_size=2, data_parallel_backend="ray") \
        .distributed_executor_backend == "ray"
    assert parallel(distributed_executor_backend="mp").distributed_executor_backend == "mp"


@pytest.mark.parametrize("kw, exc, message", [
    ({"enable_eplb": False}, ValueError, "enable_eplb"),
    ({"enable_eplb": True, "pipeline_parallel_size": 2}, ValueError, "pipeline"),
    ({"enable_eplb": True, "data_parallel_hybrid_lb": True}, NotImplementedError, "hybrid"),
    ({"enable_eplb": True, "data_parallel_external_lb": True}, NotImplementedError, "external"),
])
def test_elastic_ep_checks(kw, exc, message):
    with pytest.raises(exc, match=message):
        parallel(enable_elastic_ep=True, **kw)


def test_elastic_ep_ok_and_off():
    # EPLB itself needs expert parallelism over more than one device
    ok = parallel(enable_elastic_ep=True, enable_eplb=True, enable_expert_parallel=True,
                  tensor_parallel_size=2)
    assert ok.enable_elastic_ep
    assert parallel(enable_elastic_ep=False, pipeline_parallel_size=4).world_size == 4


def test_data_parallel_ports_and_rank():
    cfg = parallel(data_parallel_size=2, data_parallel_rank=1,
                   _data_parallel_master_port_list=[7, 8, 9])
    assert cfg.data_parallel_master_port == 9 and cfg._data_parallel_master_port_list == [7, 8]
    assert cfg.data_parallel_index == 1
    # elastic EP keeps its ports; no list means the engine reserves them (hook point)
    el = parallel(data_parallel_size=2, enable_elastic_ep=True, enable_eplb=True,
                  enable_expert_parallel=True, _data_parallel_master_port_list=[7])
    assert el.data_parallel_master_port == 29500 and el._data_parallel_master_port_list == [7]
    none_given = parallel(data_parallel_size=2)
    assert none_given.data_parallel_master_port == 29500


def test_data_parallel_rank_range():
    with pytest.raises(ValueError, match=r"\[0, 2\)"):
        parallel(data_parallel_size=2, data_parallel_rank=2)
    # DP marked external by size_local == 0: rank must still be below the DP size
    with pytest.raises(ValueError, match=r"\[0, 1\)"):
        parallel(data_parallel_size_local=0, data_parallel_rank=1)
    # DP off: rank is not checked here (the env fallback is the engine's)
    assert parallel(data_parallel_rank=5).data_parallel_index == 5


def test_multi_node_backend(caplog):
    for ok in ("mp", "uni", "external_launcher", None):
        parallel(nnodes=2, distributed_executor_backend=ok)
    with pytest.raises(ValueError, match="nnodes"):
        parallel(nnodes=2, distributed_executor_backend="ray")
    parallel(nnodes=1, distributed_executor_backend="ray")
    with caplog.at_level(logging.WARNING, logger="vllm_config.parallel"):
        parallel(max_parallel_loading_workers=2)
    assert "max_parallel_loading_workers" in caplog.text


# --- checks after the derived values --------------------------------------------------

def test_removed_all2all_backend_mapped():
    # A declared deprecated value: the warning is a ConfigDeprecationWarning (once per
    # process), no longer a log line.
    deprecation._warned.clear()
    with pytest.warns(deprecation.ConfigDeprecationWarning, match="pplx"):
        cfg = parallel(all2all_backend="pplx")
    assert cfg.all2all_backend == "allgather_reducescatter"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        keep = parallel(all2all_backend="deepep_low_latency")
    assert keep.all2all_backend == "deepep_low_latency"


@pytest.mark.parametrize("kw, message", [
    ({"_api_process_count": 2, "_api_process_rank": 2}, "_api_process_rank"),
    ({"data_parallel_size": 2, "data_parallel_size_local": 3}, "must not exceed"),
    ({"data_parallel_external_lb": True}, "external_lb"),
    ({"numa_bind_cpus": ["0"]}, "numa_bind=True"),
    ({"enable_eplb": True}, "enable_expert_parallel"),
    ({"enable_eplb": True, "enable_expert_parallel": True}, "TP=1, DP=1"),
    ({"eplb_config": {"num_redundant_experts": 1}}, "num_redundant_experts"),
    ({"tensor_parallel_size": 4, "decode_context_parallel_size": 3}, "multiple"),
    ({"dcp_comm_backend": "a2a"}, "a2a"),
])
def test_parallel_config_rejections(kw, message):
    with pytest.raises(ValueError, match=message):
        parallel(**kw)


def test_parallel_config_accepts():
    parallel(_api_process_count=2, _api_process_rank=-1)
    parallel(data_parallel_size=2, data_parallel_external_lb=True)
    parallel(enable_eplb=True, enable_expert_parallel=True, data_parallel_size=2,
             eplb_config={"num_redundant_experts": 3})
    parallel(tensor_parallel_size=4, decode_context_parallel_size=2, dcp_comm_backend="a2a")


def test_verify_args():
    assert parallel(nnodes=2).disable_custom_all_reduce is True
    assert parallel().disable_custom_all_reduce is False
    with pytest.raises(ValueError, match="Ray"):
        parallel(ray_workers_use_nsight=True, distributed_executor_backend="mp")
    parallel(ray_workers_use_nsight=True, distributed_executor_backend="ray")
    # left unset, several workers get "mp" (as vLLM off Ray), which nsight cannot use
    with pytest.raises(ValueError, match="Ray"):
        parallel(ray_workers_use_nsight=True, tensor_parallel_size=2)


# --- derived properties -------------------------------------------------------------

def test_use_ray():
    class RayExec:
        uses_ray = True

    class LocalExec:
        pass

    assert parallel(distributed_executor_backend="ray").use_ray
    assert parallel(distributed_executor_backend=RayExec).use_ray
    assert not parallel(distributed_executor_backend=LocalExec).use_ray
    assert not parallel(distributed_executor_backend="mp").use_ray


def test_ubatching():
    assert not parallel().use_ubatching
    assert parallel(enable_dbo=True).use_ubatching
    assert parallel(ubatch_size=3).use_ubatching
    assert not parallel(ubatch_size=1).use_ubatching
    assert parallel(enable_dbo=True, ubatch_size=5).num_ubatches == 2
    assert parallel(ubatch_size=5).num_ubatches == 5


def test_moe_modes():
    ep = dict(enable_expert_parallel=True, tensor_parallel_size=2, data_parallel_size=2)
    assert parallel(**ep).use_sequence_parallel_moe
    assert not parallel(**{**ep, "tensor_parallel_size": 1}).use_sequence_parallel_moe
    assert not parallel(**ep, all2all_backend="flashinfer_all2allv").use_sequence_parallel_moe
    assert parallel(**ep, all2all_backend="nixl_ep").use_batched_dp_moe
    assert not parallel(**ep).use_batched_dp_moe
    assert parallel(data_parallel_hybrid_lb=True).local_engines_only
    assert not parallel().local_engines_only


def test_node_topology():
    one = parallel(tensor_parallel_size=8)
    assert one.world_size == 8
    assert one.nnodes_within_dp == 1 and one.local_world_size == 8
    # 4 nodes, DP 4, 2 replicas per node: 2 node groups, so each replica spans 2 nodes
    cfg = parallel(tensor_parallel_size=16, nnodes=4, data_parallel_size=4,
                   data_parallel_size_local=2, node_rank=3)
    assert cfg.world_size == 16
    assert cfg.nnodes_within_dp == 2
    assert cfg.node_rank_within_dp == 1
    assert cfg.local_world_size == 8
    assert cfg.world_size_across_dp == 64
