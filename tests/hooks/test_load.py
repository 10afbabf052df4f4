"""Hooks of LoadConfig, called directly."""

from __future__ import annotations

import logging

from cfgc.hooks import load as hooks


def test_default_patterns_are_silent(caplog):
    with caplog.at_level(logging.INFO, logger="vllm_config.load"):
        assert hooks.log_ignore_patterns(["original/**/*"]) == ["original/**/*"]
        assert hooks.log_ignore_patterns([]) == []
    assert not caplog.records


def test_other_patterns_are_logged(caplog):
    with caplog.at_level(logging.INFO, logger="vllm_config.load"):
        assert hooks.log_ignore_patterns(["*.pt"]) == ["*.pt"]
        assert hooks.log_ignore_patterns("*.bin") == "*.bin"
    assert len(caplog.records) == 2
    assert "*.pt" in caplog.records[0].getMessage()
