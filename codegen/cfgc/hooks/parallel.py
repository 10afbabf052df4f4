"""Hooks of schema/parallel.yaml (ParallelConfig): what its expressions cannot say.

The rules, derived sizes and properties of EPLBConfig and ParallelConfig are declared
in the schema. Choices that need the platform, Ray, NIXL, free ports or the process
environment are hook points of the schema.
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


def use_ray(cfg: Any) -> bool:
    """Whether the workers run on Ray: backend "ray", or an Executor class that says so.

    Stays a hook: it asks a class given from Python for its `uses_ray` attribute (a seam
    to the engine's Executor classes), which expressions cannot inspect.
    """
    backend = cfg.distributed_executor_backend
    return backend == "ray" or (
        isinstance(backend, type) and bool(getattr(backend, "uses_ray", False))
    )
