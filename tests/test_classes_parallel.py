"""EPLBConfig and ParallelConfig against the seed: defaults, post-init, checks, cache key."""

from __future__ import annotations

import ast
import inspect
import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from vllm_config.parallel import EPLBConfig, ParallelConfig

FACTS = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())["classes"]


def declared_default(cls, name):
    info = cls.__pydantic_fields__[name]
    return info.default_factory() if info.default_factory is not None else info.default


@pytest.mark.parametrize("cls", [EPLBConfig, ParallelConfig], ids=lambda c: c.__name__)
def test_fields_and_defaults_match_seed(cls):
    facts = FACTS[cls.__name__]
    assert list(inspect.signature(cls).parameters) == facts["constructor_fields"]
    for f in facts["fields"]:
        d = f["default"]
        if d["kind"] == "value":
            got = declared_default(cls, f["name"])
            want = ast.literal_eval(d["repr"])
            assert (got, type(got)) == (want, type(want)), f["name"]
        elif d["kind"] == "no_default":  # init=False, filled in by post-init
            assert cls.__pydantic_fields__[f["name"]].init is False


def test_defaults_after_post_init():
    p = ParallelConfig()
    assert p.world_size == 1
    assert p.data_parallel_index == 0
    assert p.distributed_executor_backend == "uni"
    assert p.eplb_config == EPLBConfig()
    assert p.disable_custom_all_reduce is False


def test_seed_included_hash_factors():
    for cls, facts in ((ParallelConfig, FACTS["ParallelConfig"]["hash"]),):
        assert set(cls().hash_factors()) == set(facts["included"])
    # EPLBConfig has no hash of its own in the seed: the parent hashes all its fields.
    assert set(EPLBConfig().hash_factors()) == {
        f["name"] for f in FACTS["EPLBConfig"]["fields"]
    }


@pytest.mark.parametrize("change", [
    {"tensor_parallel_size": 2},
    {"pipeline_parallel_size": 2},
    {"enable_expert_parallel": True},
    {"all2all_backend": "deepep_low_latency"},
    {"eplb_config": {"window_size": 10}},
    {"decode_context_parallel_size": 1, "dcp_kv_cache_interleave_size": 4},
    {"_coord_store_port": 1234},
])
def test_included_fields_change_hash(change):
    assert ParallelConfig(**change).compute_hash() != ParallelConfig().compute_hash()


@pytest.mark.parametrize("change", [
    {"rank": 3},
    {"master_addr": "10.0.0.1"},
    {"master_port": 1},
    {"worker_cls": "my.Worker"},
    {"disable_custom_all_reduce": True},
    {"data_parallel_rpc_port": 1},
    {"numa_bind": True, "numa_bind_nodes": [0]},
    {"assigned_physical_gpu_ids": [2, 3]},
    {"_api_process_count": 4, "_api_process_rank": 2},
    {"distributed_executor_backend": "mp"},
])
def test_excluded_fields_keep_hash(change):
    assert ParallelConfig(**change).compute_hash() == ParallelConfig().compute_hash()


def test_world_size_derived():
    p = ParallelConfig(tensor_parallel_size=2, pipeline_parallel_size=3,
                       prefill_context_parallel_size=2)
    assert p.world_size == 12
    assert p.distributed_executor_backend == "mp"  # more than one worker: processes
    assert ParallelConfig(data_parallel_size=2, data_parallel_backend="ray") \
        .distributed_executor_backend == "ray"
    assert ParallelConfig().distributed_executor_backend == "uni"
    ext = ParallelConfig(tensor_parallel_size=2, data_parallel_size=2,
                         distributed_executor_backend="external_launcher")
    assert ext.world_size == 4


def test_data_parallel_rank_checked_and_copied():
    p = ParallelConfig(data_parallel_size=4, data_parallel_rank=3)
    assert p.data_parallel_index == 3
    with pytest.raises(ValidationError, match=r"data_parallel_rank \(4\)"):
        ParallelConfig(data_parallel_size=4, data_parallel_rank=4)


def test_port_list_supplies_master_port():
    p = ParallelConfig(data_parallel_size=2, _data_parallel_master_port_list=[100, 200])
    assert p.data_parallel_master_port == 200
    assert p._data_parallel_master_port_list == [100]


def test_removed_all2all_backends_fall_back(caplog):
    for name in ("pplx", "naive"):
        assert ParallelConfig(all2all_backend=name).all2all_backend == "allgather_reducescatter"
    with pytest.raises(ValidationError):
        ParallelConfig(all2all_backend="bogus")


@pytest.mark.parametrize("kwargs, message", [
    ({"data_parallel_size": 2, "data_parallel_size_local": 3}, "data_parallel_size_local"),
    ({"data_parallel_external_lb": True}, "data_parallel_external_lb"),
    ({"numa_bind_nodes": [0]}, "numa_bind=True"),
    ({"enable_eplb": True}, "enable_expert_parallel"),
    ({"enable_eplb": True, "enable_expert_parallel": True}, "EPLB needs"),
    ({"eplb_config": {"num_redundant_experts": 2}}, "num_redundant_experts"),
    ({"tensor_parallel_size": 3, "decode_context_parallel_size": 2}, "multiple of"),
    ({"dcp_comm_backend": "a2a"}, "a2a"),
    ({"_api_process_count": 2, "_api_process_rank": 2}, "_api_process_rank"),
    ({"enable_elastic_ep": True}, "enable_eplb"),
    ({"nnodes": 2, "distributed_executor_backend": "ray"}, "nnodes"),
    ({"ray_workers_use_nsight": True}, "Ray"),
    ({"distributed_executor_backend": 5}, "distributed_executor_backend"),
    ({"numa_bind": True, "numa_bind_cpus": ["3-1"]}, "descending"),
    ({"numa_bind": True, "numa_bind_cpus": ["a"]}, "numactl"),
    ({"numa_bind": True, "numa_bind_nodes": []}, "empty"),
    ({"numa_bind": True, "numa_bind_nodes": [-1]}, "non-negative"),
    ({"tensor_parallel_size": 0}, "greater than or equal"),
    ({"data_parallel_size_local": -1}, "greater than or equal"),
    ({"_api_process_rank": -2}, "greater than or equal"),
    ({"max_parallel_loading_workers": 0}, "greater than or equal"),
])
def test_rejections(kwargs, message):
    with pytest.raises(ValidationError, match=message):
        ParallelConfig(**kwargs)


def test_elastic_ep_with_external_lb_not_implemented():
    with pytest.raises(NotImplementedError):
        ParallelConfig(enable_elastic_ep=True, enable_eplb=True, enable_expert_parallel=True,
                       tensor_parallel_size=2, data_parallel_size=2,
                       data_parallel_external_lb=True)


def test_accepted_combinations():
    p = ParallelConfig(enable_eplb=True, enable_expert_parallel=True, tensor_parallel_size=2,
                       eplb_config={"num_redundant_experts": 4})
    assert p.eplb_config.num_redundant_experts == 4
    multi = ParallelConfig(nnodes=2, distributed_executor_backend="mp")
    assert multi.disable_custom_all_reduce is True
    nsight = ParallelConfig(ray_workers_use_nsight=True, distributed_executor_backend="ray")
    assert nsight.ray_workers_use_nsight
    numa = ParallelConfig(numa_bind=True, numa_bind_cpus=["0-3", "4,6,8-9"],
                          numa_bind_nodes=[0, 1])
    assert numa.numa_bind_cpus == ["0-3", "4,6,8-9"]

    class Custom:
        uses_ray = True

    assert ParallelConfig(distributed_executor_backend=Custom).distributed_executor_backend \
        is Custom
    assert ParallelConfig(distributed_executor_backend="my.mod.Executor").world_size == 1


@pytest.mark.parametrize("kwargs, message", [
    ({"use_async": True, "communicator": "torch_nccl"}, "async EPLB"),
    ({"use_async": True, "communicator": "pynccl"}, "async EPLB"),
    ({"policy": "other"}, "literal_error|Input should be"),
    ({"window_size": 0}, "greater than 0"),
    ({"step_interval": 0}, "greater than 0"),
    ({"num_redundant_experts": -1}, "greater than or equal"),
    ({"log_balancedness_interval": 0}, "greater than 0"),
])
def test_eplb_rejections(kwargs, message):
    with pytest.raises(ValidationError, match=message):
        EPLBConfig(**kwargs)


def test_eplb_sync_allows_nccl():
    assert EPLBConfig(use_async=False, communicator="torch_nccl").communicator == "torch_nccl"
    assert EPLBConfig(communicator="nixl").communicator == "nixl"


def test_derived_properties_follow_the_fields():
    import vllm_config as v

    p = v.ParallelConfig(tensor_parallel_size=2, pipeline_parallel_size=2, data_parallel_size=3)
    assert p.world_size == 4
    assert p.world_size_across_dp == 12
    assert p.num_ubatches == p.ubatch_size and not p.use_ubatching
    assert not p.use_ray
