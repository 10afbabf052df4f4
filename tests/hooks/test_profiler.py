"""ProfilerConfig: its declared rules, warning and directory normalisation (a local
torch_profiler_dir made absolute, a URI kept), through the generated class."""

from __future__ import annotations

import logging
import os

import pytest

from vllm_config.profiler import ProfilerConfig


def prof(**kw):
    return ProfilerConfig(**kw)


@pytest.mark.parametrize("path, uri", [
    ("s3://b/k", True), ("gs://b", True), ("hdfs://nn/p", True), ("file:///tmp", True),
    ("C://x", False), ("/tmp/x", False), ("rel/dir", False), ("", False), ("://x", False),
])
def test_uri_kept_local_path_made_absolute(path, uri, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    if not path:
        return  # an empty directory means "not set": nothing to normalise
    got = prof(profiler="torch", torch_profiler_dir=path).torch_profiler_dir
    assert got == (path if uri else os.path.abspath(path))  # cwd is tmp_path


def test_directory_rules():
    with pytest.raises(ValueError, match="needs torch_profiler_dir"):
        prof(profiler="torch")
    with pytest.raises(ValueError, match="only used"):
        prof(torch_profiler_dir="/x")
    prof()
    prof(profiler="cuda")


def test_directory_normalised(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cfg = prof(profiler="torch", torch_profiler_dir="out")
    assert cfg.torch_profiler_dir == os.path.join(str(tmp_path), "out")
    windows = prof(profiler="torch", torch_profiler_dir="C://traces")
    assert os.path.isabs(windows.torch_profiler_dir)
    remote = prof(profiler="torch", torch_profiler_dir="s3://b/k")
    assert remote.torch_profiler_dir == "s3://b/k"


def test_frontend_overhead_warning(caplog, tmp_path):
    with caplog.at_level(logging.WARNING, logger="vllm_config.profiler"):
        prof(profiler="torch", torch_profiler_dir=str(tmp_path), max_iterations=2)
    assert "ignore_frontend" in caplog.text
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="vllm_config.profiler"):
        prof(profiler="torch", torch_profiler_dir=str(tmp_path), delay_iterations=2,
             ignore_frontend=True)
        prof(profiler="cuda", delay_iterations=2)
    assert caplog.text == ""
