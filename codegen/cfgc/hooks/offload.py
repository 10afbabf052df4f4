"""Hooks of schema/offload.yaml (OffloadConfig): only what expressions cannot say.

The prefetch group limits are declared rules of the schema.
"""

from __future__ import annotations

import warnings


def warn_unused_backend_settings(self) -> None:
    """Warn when settings of the offload backend that is not used are given.

    Stays a hook: vLLM emits these as Python warnings (`warnings.warn`, a UserWarning
    callers can filter or turn into errors), while a declared `warn:` is a log line.
    """
    uva_set = self.uva.cpu_offload_gb > 0
    prefetch_set = self.prefetch.offload_group_size > 0
    if self.offload_backend == "uva" and prefetch_set:
        message = "offload_backend is 'uva': the prefetch offload settings are ignored"
    elif self.offload_backend == "prefetch" and uva_set:
        message = "offload_backend is 'prefetch': the UVA offload settings are ignored"
    elif self.offload_backend == "auto" and uva_set and prefetch_set:
        message = (
            "both UVA and prefetch offload settings are given with offload_backend='auto': "
            "prefetch is used; set offload_backend to silence this warning"
        )
    else:
        return
    warnings.warn(message, UserWarning, stacklevel=2)
