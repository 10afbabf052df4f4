"""Hooks of schema/observability.yaml (ObservabilityConfig): only what expressions cannot say.

The tracing rule and the collect_model_*_time properties are declared in the schema.
"""

from __future__ import annotations


def check_version(value: str | None) -> str | None:
    """Reject a string that is not a version number (PEP 440).

    Stays a hook: it is a parser (packaging's PEP 440 grammar, with epochs, local and
    post/dev parts), not a condition over fields.
    """
    if value is not None:
        from packaging.version import InvalidVersion, Version

        try:
            Version(value)
        except InvalidVersion:
            raise ValueError(f"{value!r} is not a valid version, e.g. '0.7'") from None
    return value
