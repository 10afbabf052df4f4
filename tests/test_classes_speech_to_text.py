"""SpeechToTextConfig and SpeechToTextParams against the seed."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from vllm_config.model import ModelConfig
from vllm_config.speech_to_text import SpeechToTextConfig, SpeechToTextParams

FACTS = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())["classes"]


@pytest.mark.parametrize("cls", [SpeechToTextConfig, SpeechToTextParams])
def test_constructor_fields_match_seed(cls):
    assert [f.name for f in dataclasses.fields(cls)] == FACTS[cls.__name__]["constructor_fields"]


def test_config_defaults():
    c = SpeechToTextConfig()
    assert (c.sample_rate, c.max_audio_clip_s, c.overlap_chunk_second,
            c.min_energy_split_window_size) == (16000, 30, 1, 1600)


def test_config_values():
    c = SpeechToTextConfig(sample_rate=8000.5, max_audio_clip_s=None,
                           min_energy_split_window_size=None)
    assert c.sample_rate == 8000.5 and c.max_audio_clip_s is None
    with pytest.raises(ValidationError):
        SpeechToTextConfig(overlap_chunk_second="one")
    with pytest.raises(ValidationError):
        SpeechToTextConfig(chunk=1)


def test_params():
    audio = [0.0, 0.1]  # any array-like: the audio field is not validated
    p = SpeechToTextParams(audio=audio, stt_config=SpeechToTextConfig(),
                           model_config=ModelConfig())
    assert p.audio is audio
    assert (p.language, p.hotwords, p.task_type, p.request_prompt, p.to_language) == \
        (None, None, "transcribe", "", None)
    with pytest.raises(ValidationError):  # audio, stt_config and model_config are required
        SpeechToTextParams(audio=audio, stt_config=SpeechToTextConfig())


def test_nothing_is_hashed():
    # The seed defines no compute_hash for either class; no cache key reads them.
    assert SpeechToTextConfig().hash_factors() == {}
    assert SpeechToTextConfig(sample_rate=8000).compute_hash() == \
        SpeechToTextConfig().compute_hash()
