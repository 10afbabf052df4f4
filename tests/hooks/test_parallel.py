"""Hooks of EPLBConfig and ParallelConfig, called directly on plain objects."""

from __future__ import annotations

import logging
from types import SimpleNamespace

import pytest

from cfgc.hooks import parallel as hooks


def eplb(**kw):
    base = dict(use_async=True, policy="default", communicator=None, log_balancedness=False,
                log_balancedness_interval=1, num_redundant_experts=0)
    return SimpleNamespace(**{**base, **kw})


def parallel(**kw):
    base = dict(
        pipeline_parallel_size=1, tensor_parallel_size=1, prefill_context_parallel_size=1,
        data_parallel_size=1, data_parallel_size_local=1, data_parallel_rank=0,
        data_parallel_master_port=29500, _data_parallel_master_port_list=[],
        data_parallel_external_lb=False, data_parallel_hybrid_lb=False,
        enable_expert_parallel=False, enable_eplb=False, enable_elastic_ep=False,
        eplb_config=eplb(), all2all_backend="allgather_reducescatter",
        max_parallel_loading_workers=None, disable_custom_all_reduce=False,
        enable_dbo=False, ubatch_size=0, ray_workers_use_nsight=False,
        distributed_executor_backend=None, node_rank=0, nnodes=1, numa_bind=False,
        numa_bind_nodes=None, numa_bind_cpus=None, world_size=None, data_parallel_index=None,
        decode_context_parallel_size=1, dcp_comm_backend="ag_rs",
        _api_process_count=1, _api_process_rank=0,
    )
    return SimpleNamespace(**{**base, **kw})


def post_init(cfg):
    for hook in (hooks.compute_world_size, hooks.check_elastic_ep, hooks.settle_data_parallel,
                 hooks.default_single_process_backend, hooks.check_multi_node_backend):
        hook(cfg)
    return cfg


# --- EPLBConfig ---------------------------------------------------------------------

def test_eplb_async_needs_default_policy():
    with pytest.raises(ValueError, match="policy"):
        hooks.check_eplb_config(eplb(policy="custom"))
    hooks.check_eplb_config(eplb(policy="custom", use_async=False))


@pytest.mark.parametrize("comm", ["torch_nccl", "pynccl"])
def test_eplb_async_rejects_nccl_transports(comm):
    with pytest.raises(ValueError, match=comm):
        hooks.check_eplb_config(eplb(communicator=comm))
    hooks.check_eplb_config(eplb(communicator=comm, use_async=False))


def test_eplb_balancedness_interval():
    with pytest.raises(ValueError, match="interval"):
        hooks.check_eplb_config(eplb(log_balancedness=True, log_balancedness_interval=0))
    hooks.check_eplb_config(eplb(log_balancedness=False, log_balancedness_interval=0))


# --- field hooks --------------------------------------------------------------------

def test_executor_backend_values():
    class Exec:
        pass

    for ok in (None, "mp", "my.module.Executor", Exec):
        assert hooks.check_executor_backend(ok) is ok
    for bad in (1, 2.5, ["mp"], Exec()):
        with pytest.raises(ValueError, match="distributed_executor_backend"):
            hooks.check_executor_backend(bad)


def test_numa_nodes():
    assert hooks.check_numa_nodes(None) is None
    assert hooks.check_numa_nodes([0, 0, 1, 1]) == [0, 0, 1, 1]
    with pytest.raises(ValueError, match="empty"):
        hooks.check_numa_nodes([])
    with pytest.raises(ValueError, match="non-negative"):
        hooks.check_numa_nodes([0, -1])


@pytest.mark.parametrize("cpus", [["0"], ["0-3"], ["0,2,4-7"], ["3-3", "10-12,14"]])
def test_numa_cpus_accepted(cpus):
    assert hooks.check_numa_cpus(cpus) == cpus


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


# --- post-init ----------------------------------------------------------------------

def test_world_size():
    assert post_init(parallel(tensor_parallel_size=4, pipeline_parallel_size=2)).world_size == 8
    ext = post_init(parallel(tensor_parallel_size=2, data_parallel_size=3,
                             distributed_executor_backend="external_launcher"))
    assert ext.world_size == 6


def test_backend_default_only_for_a_single_worker():
    assert post_init(parallel()).distributed_executor_backend == "uni"
    assert post_init(parallel(tensor_parallel_size=2)).distributed_executor_backend is None
    # one worker per replica but several replicas: the engine decides
    assert post_init(parallel(data_parallel_size=2)).distributed_executor_backend is None
    assert post_init(parallel(distributed_executor_backend="mp")).distributed_executor_backend \
        == "mp"


@pytest.mark.parametrize("kw, exc, message", [
    ({"enable_eplb": False}, ValueError, "enable_eplb"),
    ({"enable_eplb": True, "pipeline_parallel_size": 2}, ValueError, "pipeline"),
    ({"enable_eplb": True, "data_parallel_hybrid_lb": True}, NotImplementedError, "hybrid"),
    ({"enable_eplb": True, "data_parallel_external_lb": True}, NotImplementedError, "external"),
])
def test_elastic_ep_checks(kw, exc, message):
    with pytest.raises(exc, match=message):
        hooks.check_elastic_ep(parallel(enable_elastic_ep=True, **kw))


def test_elastic_ep_ok_and_off():
    hooks.check_elastic_ep(parallel(enable_elastic_ep=True, enable_eplb=True))
    hooks.check_elastic_ep(parallel(enable_elastic_ep=False, pipeline_parallel_size=4))


def test_data_parallel_ports_and_rank():
    cfg = post_init(parallel(data_parallel_size=2, data_parallel_rank=1,
                             _data_parallel_master_port_list=[7, 8, 9]))
    assert cfg.data_parallel_master_port == 9 and cfg._data_parallel_master_port_list == [7, 8]
    assert cfg.data_parallel_index == 1
    # elastic EP keeps its ports; no list means the engine reserves them (hook point)
    el = parallel(data_parallel_size=2, enable_elastic_ep=True, enable_eplb=True,
                  _data_parallel_master_port_list=[7])
    hooks.settle_data_parallel(el)
    assert el.data_parallel_master_port == 29500 and el._data_parallel_master_port_list == [7]
    none_given = post_init(parallel(data_parallel_size=2))
    assert none_given.data_parallel_master_port == 29500


def test_data_parallel_rank_range():
    with pytest.raises(ValueError, match=r"\[0, 2\)"):
        hooks.settle_data_parallel(parallel(data_parallel_size=2, data_parallel_rank=2))
    # DP marked external by size_local == 0: rank must still be below the DP size
    with pytest.raises(ValueError, match=r"\[0, 1\)"):
        hooks.settle_data_parallel(parallel(data_parallel_size_local=0, data_parallel_rank=1))
    # DP off: rank is not checked here (the env fallback is the engine's)
    cfg = parallel(data_parallel_rank=5)
    hooks.settle_data_parallel(cfg)
    assert cfg.data_parallel_index == 5


def test_multi_node_backend(caplog):
    for ok in ("mp", "uni", "external_launcher", None):
        hooks.check_multi_node_backend(parallel(nnodes=2, distributed_executor_backend=ok))
    with pytest.raises(ValueError, match="nnodes"):
        hooks.check_multi_node_backend(parallel(nnodes=2, distributed_executor_backend="ray"))
    hooks.check_multi_node_backend(parallel(nnodes=1, distributed_executor_backend="ray"))
    with caplog.at_level(logging.WARNING, logger="vllm_config.parallel"):
        hooks.check_multi_node_backend(parallel(max_parallel_loading_workers=2))
    assert "max_parallel_loading_workers" in caplog.text


# --- model validators ---------------------------------------------------------------

def test_removed_all2all_backend_mapped(caplog):
    cfg = parallel(all2all_backend="pplx")
    with caplog.at_level(logging.WARNING, logger="vllm_config.parallel"):
        hooks.check_parallel_config(cfg)
    assert cfg.all2all_backend == "allgather_reducescatter"
    assert "pplx" in caplog.text
    keep = parallel(all2all_backend="deepep_low_latency")
    hooks.check_parallel_config(keep)
    assert keep.all2all_backend == "deepep_low_latency"


@pytest.mark.parametrize("kw, message", [
    ({"_api_process_count": 2, "_api_process_rank": 2}, "_api_process_rank"),
    ({"data_parallel_size": 2, "data_parallel_size_local": 3}, "must not exceed"),
    ({"data_parallel_external_lb": True}, "external_lb"),
    ({"numa_bind_cpus": ["0"]}, "numa_bind=True"),
    ({"enable_eplb": True}, "enable_expert_parallel"),
    ({"enable_eplb": True, "enable_expert_parallel": True}, "TP=1, DP=1"),
    ({"eplb_config": eplb(num_redundant_experts=1)}, "num_redundant_experts"),
    ({"tensor_parallel_size": 4, "decode_context_parallel_size": 3}, "multiple"),
    ({"dcp_comm_backend": "a2a"}, "a2a"),
])
def test_parallel_config_rejections(kw, message):
    with pytest.raises(ValueError, match=message):
        hooks.check_parallel_config(parallel(**kw))


def test_parallel_config_accepts():
    hooks.check_parallel_config(parallel(_api_process_count=2, _api_process_rank=-1))
    hooks.check_parallel_config(parallel(data_parallel_size=2, data_parallel_external_lb=True))
    hooks.check_parallel_config(parallel(enable_eplb=True, enable_expert_parallel=True,
                                         data_parallel_size=2,
                                         eplb_config=eplb(num_redundant_experts=3)))
    hooks.check_parallel_config(parallel(tensor_parallel_size=4, decode_context_parallel_size=2,
                                         dcp_comm_backend="a2a"))


def test_verify_args():
    multi = parallel(nnodes=2)
    hooks.verify_parallel_args(multi)
    assert multi.disable_custom_all_reduce is True
    single = parallel()
    hooks.verify_parallel_args(single)
    assert single.disable_custom_all_reduce is False
    with pytest.raises(ValueError, match="Ray"):
        hooks.verify_parallel_args(parallel(ray_workers_use_nsight=True,
                                            distributed_executor_backend="mp"))
    hooks.verify_parallel_args(parallel(ray_workers_use_nsight=True,
                                        distributed_executor_backend="ray"))
    # backend still unset: the engine picks it later, so no verdict yet
    hooks.verify_parallel_args(parallel(ray_workers_use_nsight=True))


# --- derived properties -------------------------------------------------------------

def test_use_ray():
    class RayExec:
        uses_ray = True

    class LocalExec:
        pass

    assert hooks.use_ray(parallel(distributed_executor_backend="ray"))
    assert hooks.use_ray(parallel(distributed_executor_backend=RayExec))
    assert not hooks.use_ray(parallel(distributed_executor_backend=LocalExec))
    assert not hooks.use_ray(parallel(distributed_executor_backend="mp"))


def test_ubatching():
    assert not hooks.use_ubatching(parallel())
    assert hooks.use_ubatching(parallel(enable_dbo=True))
    assert hooks.use_ubatching(parallel(ubatch_size=3))
    assert not hooks.use_ubatching(parallel(ubatch_size=1))
    assert hooks.num_ubatches(parallel(enable_dbo=True, ubatch_size=5)) == 2
    assert hooks.num_ubatches(parallel(ubatch_size=5)) == 5


def test_moe_modes():
    ep = dict(enable_expert_parallel=True, tensor_parallel_size=2, data_parallel_size=2)
    assert hooks.use_sequence_parallel_moe(parallel(**ep))
    assert not hooks.use_sequence_parallel_moe(parallel(**{**ep, "tensor_parallel_size": 1}))
    assert not hooks.use_sequence_parallel_moe(
        parallel(**ep, all2all_backend="flashinfer_all2allv"))
    assert hooks.use_batched_dp_moe(parallel(**ep, all2all_backend="nixl_ep"))
    assert not hooks.use_batched_dp_moe(parallel(**ep))
    assert hooks.local_engines_only(parallel(data_parallel_hybrid_lb=True))
    assert not hooks.local_engines_only(parallel())


def test_node_topology():
    one = parallel(world_size=8)
    assert hooks.nnodes_within_dp(one) == 1 and hooks.local_world_size(one) == 8
    # 4 nodes, DP 4, 2 replicas per node: 2 node groups, so each replica spans 2 nodes
    cfg = parallel(world_size=16, nnodes=4, data_parallel_size=4, data_parallel_size_local=2,
                   node_rank=3)
    assert hooks.nnodes_within_dp(cfg) == 2
    assert hooks.node_rank_within_dp(cfg) == 1
    assert hooks.local_world_size(cfg) == 8
    assert hooks.world_size_across_dp(cfg) == 64
