"""Unit tests of the structured-outputs hooks."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cfgc.hooks import structured_outputs as h


def cfg(backend="auto", ws=False, props=False):
    return SimpleNamespace(backend=backend, disable_any_whitespace=ws,
                           disable_additional_properties=props)


@pytest.mark.parametrize("c", [cfg(), cfg("xgrammar", ws=True), cfg("guidance", ws=True),
                               cfg("guidance", props=True), cfg("outlines")])
def test_accepted(c):
    h.check_backend_options(c)


@pytest.mark.parametrize("c, match", [
    (cfg("auto", ws=True), "disable_any_whitespace"),
    (cfg("lm-format-enforcer", ws=True), "disable_any_whitespace"),
    (cfg("xgrammar", props=True), "disable_additional_properties"),
    (cfg("auto", props=True), "disable_additional_properties"),
])
def test_rejected(c, match):
    with pytest.raises(ValueError, match=match):
        h.check_backend_options(c)
