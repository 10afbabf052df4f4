"""Hooks of PoolerConfig, called directly."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cfgc.hooks import pooler as hooks


def cfg(**kw):
    base = dict(pooling_type=None, seq_pooling_type=None, tok_pooling_type=None,
                logit_sigma=None)
    base.update(kw)
    return SimpleNamespace(**base)


@pytest.mark.parametrize(("given", "field"), [
    ("CLS", "seq_pooling_type"), ("LAST", "seq_pooling_type"), ("MEAN", "seq_pooling_type"),
    ("ALL", "tok_pooling_type"), ("STEP", "tok_pooling_type"),
])
def test_shorthand_routed(given, field):
    c = cfg(pooling_type=given)
    hooks.resolve_pooling_type(c)
    assert getattr(c, field) == given
    other = "tok_pooling_type" if field == "seq_pooling_type" else "seq_pooling_type"
    assert getattr(c, other) is None


def test_nothing_to_do():
    c = cfg(seq_pooling_type="MEAN", logit_sigma=2.0)
    hooks.resolve_pooling_type(c)
    assert (c.seq_pooling_type, c.tok_pooling_type) == ("MEAN", None)


@pytest.mark.parametrize("kw", [
    {"logit_sigma": 0}, {"logit_sigma": 0.0},
    {"pooling_type": "MEAN", "seq_pooling_type": "LAST"},
    {"pooling_type": "STEP", "tok_pooling_type": "ALL"},
    {"pooling_type": "LAST", "tok_pooling_type": "ALL"},
])
def test_rejects(kw):
    with pytest.raises(ValueError):
        hooks.resolve_pooling_type(cfg(**kw))


def test_unknown_shorthand_is_not_guessed():
    with pytest.raises(NotImplementedError):
        hooks.resolve_pooling_type(cfg(pooling_type="MAX"))
