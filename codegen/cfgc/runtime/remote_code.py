"""Whether code shipped with a checkpoint (a config's `auto_map`) may run.

The Python API keeps vLLM's meaning: `trust_remote_code=True` runs it, because a program
that sets it asked for it. The operator tools (show, hash, diff, explain, schema) inspect
configs that others may have written, where trust_remote_code can come from a file or a
checkpoint: they refuse it unless their own command line says --allow-remote-code.
Kept apart from the checkpoint reader so that the CLI sets it without importing that.
"""

from __future__ import annotations

import contextlib
import warnings
from collections.abc import Iterator
from contextvars import ContextVar

#: The operator's consent, on the command line only (a --config file cannot give it).
ALLOW_REMOTE_CODE = "--allow-remote-code"

REMOTE_CODE_REFUSED = (
    "trust_remote_code is not honoured: inspecting a config never runs the checkpoint's "
    f"own code; pass {ALLOW_REMOTE_CODE} to allow it")

#: None: as trust_remote_code says. False: never, whatever it says.
_ALLOWED: ContextVar[bool | None] = ContextVar("cfgc_remote_code", default=None)


@contextlib.contextmanager
def remote_code(allowed: bool | None) -> Iterator[None]:
    """Within the block, checkpoint code runs only if `allowed` (None: as
    trust_remote_code says)."""
    token = _ALLOWED.set(allowed)
    try:
        yield
    finally:
        _ALLOWED.reset(token)


def trusts_remote_code(trust_remote_code: bool) -> bool:
    """Whether code shipped with a checkpoint may run, given the config's setting."""
    if trust_remote_code and _ALLOWED.get() is False:
        warnings.warn(REMOTE_CODE_REFUSED, stacklevel=2)
        return False
    return bool(trust_remote_code)
