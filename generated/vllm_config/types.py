# Generated from schema/ (enums, aliases, runtime_types) by cfgc; do not edit.
"""Enums, named types and runtime types shared by the config classes."""

import enum
from typing import Annotated, Any, Literal  # noqa: F401

MoEBackend = Literal[
    "auto",
    "triton",
    "deep_gemm",
    "deep_gemm_mega_moe",
    "cutlass",
    "flashinfer_trtllm",
    "flashinfer_cutlass",
    "flashinfer_cutedsl",
    "flashinfer_b12x",
    "marlin",
    "humming",
    "triton_unfused",
    "aiter",
    "flydsl",
    "hpc",
    "emulation",
]
"""Kernel family for mixture-of-experts layers; "auto" lets the engine pick."""
