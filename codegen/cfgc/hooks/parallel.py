"""Hooks of schema/parallel.yaml (ParallelConfig): what its expressions cannot say.

The rules, derived sizes and properties of EPLBConfig and ParallelConfig are declared
in the schema. Choices that need the platform, Ray, NIXL, free ports or the process
environment are hook points of the schema. The public methods that pop ports or run
data-parallel collectives (torch imported inside) are here.
"""

from __future__ import annotations

import re
from typing import Any

# numactl CPU list: "3", "0-3", "0,2,4-7" (digits, ranges, comma separated).
_CPU_LIST = re.compile(r"\d+(?:-\d+)?(?:,\d+(?:-\d+)?)*")


def check_numa_cpus(value: list[str] | None) -> list[str] | None:
    """Each entry must be a numactl CPU list with ascending ranges.

    Stays a hook: a small parser (ranges are compared as numbers), not a condition.
    """
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


def get_next_dp_init_port(self: Any) -> int:
    """Take the next prepared data-parallel port, else data_parallel_master_port and
    move that up by one. A hook: it pops from and increments the config's state."""
    if self._data_parallel_master_port_list:
        return self._data_parallel_master_port_list.pop()
    port = self.data_parallel_master_port
    self.data_parallel_master_port += 1
    return port


def _all_reduce(values: list[int], op: str, dp_group: Any) -> list[int]:
    """All-reduce int64 `values` over `dp_group` with torch.distributed's `op`
    (imported here: the generated package never needs torch otherwise)."""
    import torch
    import torch.distributed as dist

    tensor = torch.tensor(values, dtype=torch.int64, device="cpu")
    dist.all_reduce(tensor, op=getattr(dist.ReduceOp, op), group=dp_group)
    return [int(v) for v in tensor.tolist()]


def has_unfinished_dp(dp_group: Any, has_unfinished: bool) -> bool:
    """Whether any rank has unfinished work: the maximum over ranks (a collective)."""
    return bool(_all_reduce([int(has_unfinished)], "MAX", dp_group)[0])


def sync_dp_state(dp_group: Any, has_unfinished: bool, pending_pause: bool) -> tuple[bool, bool]:
    """(work remains somewhere or the pause is not unanimous, every rank asked to pause),
    from one sum over ranks (a collective)."""
    work, pauses = _all_reduce([int(has_unfinished), int(pending_pause)], "SUM", dp_group)
    size = dp_group.size()
    return work > 0 or pauses % size != 0, pauses == size


def cpu_distributed_timeout(self: Any) -> Any:
    """cpu_distributed_timeout_seconds as a timedelta (None when unset). A hook: the
    expression language has no timedelta."""
    from datetime import timedelta

    seconds = self.cpu_distributed_timeout_seconds
    return None if seconds is None else timedelta(seconds=seconds)


def sync_dp_state_with_timeout(self: Any, dp_group: Any, has_unfinished: bool,
                               pending_pause: bool) -> tuple[bool, bool]:
    """sync_dp_state as a method (vLLM 0.33.0): the same sum over ranks, waiting at most
    the config's CPU process-group timeout."""
    import torch
    import torch.distributed as dist

    tensor = torch.tensor([int(has_unfinished), int(pending_pause)], dtype=torch.int64,
                          device="cpu")
    work = dist.all_reduce(tensor, op=dist.ReduceOp.SUM, group=dp_group, async_op=True)
    timeout = cpu_distributed_timeout(self)
    if timeout is None:
        work.wait()
    else:
        work.wait(timeout=timeout)
    busy, pauses = (int(v) for v in tensor.tolist())
    size = dp_group.size()
    return busy > 0 or pauses % size != 0, pauses == size


def sync_kv_cache_memory_size(dp_group: Any, kv_cache_memory: int) -> int:
    """The smallest KV-cache budget over ranks; -1 (no limit) loses to any budget."""
    if kv_cache_memory == -1:
        kv_cache_memory = 2**63 - 1
    return _all_reduce([kv_cache_memory], "MIN", dp_group)[0]
