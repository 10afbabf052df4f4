"""Which platform profile a process runs on when nobody named one.

vLLM 0.25.1 decides its platform once per process: the device it was built or told
to target (VLLM_TARGET_DEVICE), then the devices the machine has. `detect` answers the
same question for the profiles a generated package knows, without importing torch or
vLLM: the Python API (`current_platform`, every config built in code) follows it, so
`vllm_config` inside a running engine agrees with the engine. The operator CLI does not
detect: it previews a deployment, so it keeps the schema's default unless told
(`--platform`, CFGC_PLATFORM).

Order: the process's explicit choice and CFGC_PLATFORM are the Selector's; then
VLLM_TARGET_DEVICE when it names a known profile; then an NVIDIA GPU present (the
driver's device list, or a /dev/nvidiaN node) means "cuda"; else "cpu" (where vLLM's
CUDA build on a machine without a GPU would not start at all, its CPU build runs).
None when the answer is not one of the known profiles.
"""

from __future__ import annotations

import glob
import os

TARGET_ENV = "VLLM_TARGET_DEVICE"


def _nvidia_gpu_present() -> bool:
    try:
        if os.listdir("/proc/driver/nvidia/gpus"):
            return True
    except OSError:
        pass
    return bool(glob.glob("/dev/nvidia[0-9]*"))


def detect(known: tuple[str, ...]) -> str | None:
    """The profile vLLM would run on here, if it is one of `known`."""
    target = os.environ.get(TARGET_ENV, "").strip().lower()
    if target in known:
        return target
    name = "cuda" if _nvidia_gpu_present() else "cpu"
    return name if name in known else None
