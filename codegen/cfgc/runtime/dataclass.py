"""The `config` decorator the generated classes use: a pydantic dataclass that rejects
unknown fields, allows runtime types (torch.dtype, ...) and re-validates on assignment
off (post-init hooks assign derived values)."""

from __future__ import annotations

from typing import TypeVar

from pydantic import ConfigDict
from pydantic.dataclasses import dataclass

T = TypeVar("T")

CONFIG = ConfigDict(extra="forbid", arbitrary_types_allowed=True, allow_inf_nan=False)


def config(cls: type[T]) -> type[T]:
    return dataclass(config=CONFIG)(cls)
