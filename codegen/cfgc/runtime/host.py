"""The CPU flags of the machine a config is resolved on.

vLLM asks torch about its own host in a few rules (its CPU platform keeps the SSM state
in float32 unless the CPU has AVX-512 BF16, say). The platform attributes the schema
declares with `host_cpu_flag` read these flags, so a config resolved here matches vLLM
run here. An environment variable (the schema's `host_env`) states them instead:
comma- or space-separated flag names, empty (or `none`) for none. Tests and recorded
command lines pin the host that way.
"""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path

#: Where Linux lists the CPU's flags (one "flags : ..." line per logical CPU).
CPUINFO = Path("/proc/cpuinfo")


def cpu_flags(env_var: str | None) -> frozenset[str]:
    """The flags `env_var` states when it is set, else the host's (detected once)."""
    stated = os.environ.get(env_var) if env_var else None
    if stated is not None:
        return frozenset(f for f in re.split(r"[\s,]+", stated.strip().lower())
                         if f and f != "none")
    return detected_cpu_flags()


@functools.cache
def detected_cpu_flags(cpuinfo: Path = CPUINFO) -> frozenset[str]:
    """The x86 flags of the first CPU in `cpuinfo`; none where there is no such file
    (not Linux) or no `flags` line (not x86: Arm lists `Features`, which vLLM's x86
    checks never match)."""
    try:
        text = cpuinfo.read_text(errors="replace")
    except OSError:
        return frozenset()
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "flags":
            return frozenset(value.split())
    return frozenset()
