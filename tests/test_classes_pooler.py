"""PoolerConfig against the seed: defaults, pooling_type shorthand, constant cache key."""

from __future__ import annotations

import ast
import inspect
import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from vllm_config.pooler import PoolerConfig

FACTS = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())["classes"]
SEED = FACTS["PoolerConfig"]


def test_constructor_and_defaults_match_seed():
    params = inspect.signature(PoolerConfig).parameters
    assert list(params) == SEED["constructor_fields"]
    for f in SEED["fields"]:
        assert params[f["name"]].default == ast.literal_eval(f["default"]["repr"]), f["name"]


@pytest.mark.parametrize(("given", "seq", "tok"), [
    ("CLS", "CLS", None), ("LAST", "LAST", None), ("MEAN", "MEAN", None),
    ("ALL", None, "ALL"), ("STEP", None, "STEP"),
])
def test_pooling_type_shorthand(given, seq, tok):
    c = PoolerConfig(pooling_type=given)
    assert (c.pooling_type, c.seq_pooling_type, c.tok_pooling_type) == (given, seq, tok)


def test_explicit_types_without_shorthand():
    c = PoolerConfig(seq_pooling_type="MEAN", tok_pooling_type="ALL")
    assert (c.seq_pooling_type, c.tok_pooling_type) == ("MEAN", "ALL")


@pytest.mark.parametrize("kw", [
    {"pooling_type": "MEAN", "seq_pooling_type": "CLS"},
    {"pooling_type": "ALL", "tok_pooling_type": "STEP"},
    {"pooling_type": "CLS", "tok_pooling_type": "ALL"},
    {"pooling_type": "mean"},            # values are upper-case, as in the seed
    {"seq_pooling_type": "ALL"},
    {"task": "score"},
    {"logit_sigma": 0.0},
    {"logit_sigma": 0},
    {"returned_token_ids": "1,2"},
])
def test_rejected(kw):
    with pytest.raises(ValidationError):
        PoolerConfig(**kw)


def test_negative_sigma_allowed():
    assert PoolerConfig(logit_mean=0.5, logit_sigma=-2.0).logit_sigma == -2.0


def test_hash_is_constant():
    assert SEED["hash"]["style"] == "constant"
    base = PoolerConfig().compute_hash()
    assert PoolerConfig().hash_factors() == {}
    for kw in ({"task": "embed"}, {"pooling_type": "LAST"}, {"dimensions": 64},
               {"use_activation": False}, {"step_tag_id": 3}, {"returned_token_ids": [1, 2]},
               {"enable_chunked_processing": True, "max_embed_len": 10000}):
        assert PoolerConfig(**kw).compute_hash() == base
