"""Hooks of schema/profiler.yaml (ProfilerConfig): only what expressions cannot say.

The front-end warning and the torch_profiler_dir rules are declared in the schema.
"""

from __future__ import annotations

import os


def is_uri(path: str) -> bool:
    """'s3://bucket/x' is a URI; 'C://x' (a drive letter) and plain paths are not."""
    scheme, sep, _ = path.partition("://")
    return bool(sep) and len(scheme) > 1


def absolute_profiler_dir(self) -> None:
    """Make a local torch_profiler_dir absolute ("~" expanded); URIs are kept as given.

    Stays a hook: it reads the process's working directory and home (a seam to the
    host), which expressions cannot.
    """
    directory = self.torch_profiler_dir
    if directory and not is_uri(directory):
        self.torch_profiler_dir = os.path.abspath(os.path.expanduser(directory))
