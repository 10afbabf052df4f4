"""Run the Triton kernels through Triton's CPU interpreter unless told otherwise.

The variable must be set before Triton (or a module defining kernels) is
imported, because ``triton.jit`` picks interpreter or compiler when it decorates.
A GPU run sets ``TRITON_INTERPRET=0`` explicitly to test the compiled kernels.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

os.environ.setdefault("TRITON_INTERPRET", "1")

# Let the suite run from a plain checkout (e.g. on a GPU box) without installing.
if importlib.util.find_spec("vllm_kernels") is None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "kernels"))

import pytest  # noqa: E402
import torch  # noqa: E402  (hard requirement: a missing torch must fail, not skip)


def _interpreting() -> bool:
    return os.environ["TRITON_INTERPRET"].lower() in ("1", "true", "on", "yes")


@pytest.fixture(scope="session")
def device() -> torch.device:
    if _interpreting():
        return torch.device("cpu")
    if not torch.cuda.is_available():
        raise RuntimeError("TRITON_INTERPRET is off but there is no GPU to run kernels on")
    return torch.device("cuda")
