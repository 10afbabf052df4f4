"""Deprecation warnings declared in the schema, each shown once per process."""

from __future__ import annotations

import warnings

_warned: set[str] = set()


class ConfigDeprecationWarning(FutureWarning):
    """A deprecated config field or flag was used (FutureWarning: shown by default)."""


def warn_deprecated(qualname: str, message: str, replacement: str = "") -> None:
    if qualname in _warned:
        return
    _warned.add(qualname)
    hint = f" Use {replacement} instead." if replacement else ""
    warnings.warn(f"{qualname} is deprecated: {message}{hint}", ConfigDeprecationWarning,
                  stacklevel=4)
