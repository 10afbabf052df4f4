"""LoadConfig's declared ignore-patterns log line (formerly a field-validator hook),
exercised through the generated class with the same inputs."""

from __future__ import annotations

import logging

from vllm_config.load import LoadConfig


def test_default_patterns_are_silent(caplog):
    with caplog.at_level(logging.INFO, logger="vllm_config.load"):
        assert LoadConfig(ignore_patterns=["original/**/*"]).ignore_patterns == ["original/**/*"]
        assert LoadConfig(ignore_patterns=[]).ignore_patterns == []
        LoadConfig()
    assert not caplog.records


def test_other_patterns_are_logged(caplog):
    with caplog.at_level(logging.INFO, logger="vllm_config.load"):
        assert LoadConfig(ignore_patterns=["*.pt"]).ignore_patterns == ["*.pt"]
        assert LoadConfig(ignore_patterns="*.bin").ignore_patterns == "*.bin"
    assert len(caplog.records) == 2
    assert "*.pt" in caplog.records[0].getMessage()
