"""The dtype of a checkpoint's weights, read from its safetensors headers.

When a config states no dtype, vLLM takes the weights' own: the one dtype every stored
tensor's dtype converts to without loss. Only the headers are read (safetensors' own
reader, no tensor data, no torch); a folder without safetensors files gives None, and
the config's float32 default applies.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

#: Safetensors dtype codes -> (dtype name, kind rank, smallest, largest, resolution).
#: Kind rank: bool < integer < floating < complex; a cast to a higher kind is lossless,
#: within a kind the target's range must cover the source's and its resolution be at
#: least as fine. Values are torch.finfo / torch.iinfo of each dtype.
_DTYPES: dict[str, tuple[str, int, float, float, float]] = {
    "BOOL": ("bool", 0, 0, 1, 1),
    "U8": ("uint8", 1, 0, 255, 1),
    "I8": ("int8", 1, -128, 127, 1),
    "U16": ("uint16", 1, 0, 65535, 1),
    "I16": ("int16", 1, -32768, 32767, 1),
    "U32": ("uint32", 1, 0, 2**32 - 1, 1),
    "I32": ("int32", 1, -(2**31), 2**31 - 1, 1),
    "U64": ("uint64", 1, 0, 2**64 - 1, 1),
    "I64": ("int64", 1, -(2**63), 2**63 - 1, 1),
    "F8_E4M3": ("float8_e4m3fn", 2, -448.0, 448.0, 1.0),
    "F8_E4M3FNUZ": ("float8_e4m3fnuz", 2, -240.0, 240.0, 1.0),
    "F8_E5M2": ("float8_e5m2", 2, -57344.0, 57344.0, 1.0),
    "F8_E5M2FNUZ": ("float8_e5m2fnuz", 2, -57344.0, 57344.0, 1.0),
    "F16": ("float16", 2, -65504.0, 65504.0, 1e-3),
    "BF16": ("bfloat16", 2, -3.38953e38, 3.38953e38, 1e-2),
    "F32": ("float32", 2, -3.40282e38, 3.40282e38, 1e-6),
    "F64": ("float64", 2, -1.79769e308, 1.79769e308, 1e-15),
    "C64": ("complex64", 3, 0, 0, 0),
}


def _lossless(src: str, dst: str) -> bool:
    """Whether every value of dtype code `src` is exactly representable in `dst`."""
    _, s_rank, s_min, s_max, s_res = _DTYPES[src]
    _, d_rank, d_min, d_max, d_res = _DTYPES[dst]
    if src == dst or s_rank < d_rank:
        return True
    if s_rank > d_rank or s_rank == 3:
        return False
    return s_min >= d_min and s_max <= d_max and (s_rank == 1 or s_res >= d_res)


def common_dtype(codes: set[str]) -> str | None:
    """The dtype name all of `codes` cast to without loss (most lossless casts into it;
    ties go to the first code in _DTYPES' order), or None for no known code."""
    known = [c for c in _DTYPES if c in codes]
    if not known:
        return None
    best = max(known, key=lambda dst: sum(_lossless(src, dst) for src in known))
    return _DTYPES[best][0]


def safetensors_files(folder: Path) -> list[Path]:
    """The folder's *.safetensors files, sorted by name."""
    return sorted(p for p in folder.glob("*.safetensors") if p.is_file())


def tensor_dtypes(folder: Path) -> dict[str, str]:
    """Each stored tensor's safetensors dtype code ("BF16", "I32", ...) by parameter
    name, from the headers of the folder's safetensors files; unreadable shards are
    skipped."""
    files = safetensors_files(folder)
    # Read once per set of shards (name, size, mtime): every VllmConfig of a quantized
    # checkpoint asks again for its layers.
    stamp = tuple((p.name, st.st_size, st.st_mtime_ns) for p in files for st in [p.stat()])
    return dict(_read_headers(str(folder), stamp)) if files else {}


@cache
def _read_headers(folder: str, stamp: tuple) -> tuple[tuple[str, str], ...]:
    from safetensors import safe_open  # installed with transformers (the hf extra)

    dtypes: dict[str, str] = {}
    for path in (Path(folder) / name for name, _, _ in stamp):
        try:
            with safe_open(str(path), framework="numpy") as f:
                dtypes.update((name, f.get_slice(name).get_dtype()) for name in f.keys())
        except (OSError, ValueError, RuntimeError):
            continue  # an unreadable shard decides nothing
    return tuple(dtypes.items())


def safetensors_dtype(folder: Path) -> str | None:
    """The weights' common dtype name from the folder's safetensors headers, or None
    when there are none (or none can be read)."""
    return common_dtype(set(tensor_dtypes(folder).values()))
