"""The YAML parser's events, walked before anything is built from them.

Both the schema loader and `--config` files refuse nesting deeper than their own limit
by walking the (iterative) parser's events. libyaml's parser has a nesting limit of its
own since PyYAML 6.0.4, with its own message, and its scanner may hit it before the
first events of a deep document come out. So that the project's limit and message are
the only ones a user ever sees, whatever PyYAML is installed, the walk continues with
PyYAML's pure-Python parser (no such limit) when libyaml stops for that reason.
"""

from __future__ import annotations

from collections.abc import Iterator

import yaml

try:
    from yaml import CSafeLoader as _FastLoader
except ImportError:  # PyYAML built without libyaml
    from yaml import SafeLoader as _FastLoader  # type: ignore[assignment]


def _libyaml_depth_limit(exc: yaml.YAMLError) -> bool:
    return "nesting depth" in str(getattr(exc, "problem", "") or "")


def parse_events(text: str) -> Iterator[yaml.Event]:
    """Every event of `text` in order; the caller's own depth limit must be below
    libyaml's (1,000 levels)."""
    emitted = 0
    try:
        for event in yaml.parse(text, Loader=_FastLoader):
            emitted += 1
            yield event
        return
    except yaml.YAMLError as exc:
        if not _libyaml_depth_limit(exc):
            raise
    for index, event in enumerate(yaml.parse(text, Loader=yaml.SafeLoader)):
        if index >= emitted:  # the same parse, from where libyaml stopped
            yield event
