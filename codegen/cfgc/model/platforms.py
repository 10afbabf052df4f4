"""The platforms section of the schema: what each hardware platform is and supports.

```yaml
platforms:
  default: cuda              # the profile used when none is selected
  env: CFGC_PLATFORM         # environment variable that selects one
  host_env: CFGC_HOST_CPU_FLAGS   # lists the host's CPU flags instead of detecting them
  attributes:                # declared once: type and meaning of each profile value
    device_type: {type: str, doc: ...}
    cpu_avx512_bf16: {type: bool, host_cpu_flag: avx512_bf16, doc: ...}  # read from the host
  profiles:
    cuda: {doc: ..., device_type: cuda, ...}   # every attribute, a value of its type
```

Expressions anywhere in the schema read the selected profile as `platform.<attribute>`
(`when: not platform.supports_cudagraphs`); the generated `<package>.platforms` module
holds the profiles as data and the selection (`current_platform`,
`set_current_platform`, `using_platform`), and the docs get one page of all profiles.

An attribute with `host_cpu_flag` is no profile's to give: it is true when the CPU of
the machine resolving the config has that flag, as vLLM asks torch on its own host
(`cfgc.runtime.host`), so a config resolved here matches vLLM run here. `host_env`
names the variable that states the flags instead (how tests and recordings pin them).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import Loc
from .types import TypeExpr

#: The attribute `platform_priorities` steps read: each profile's IR op provider orders.
IR_OP_PRIORITY = "ir_op_priority"


@dataclass(frozen=True)
class Attribute:
    name: str
    type: TypeExpr
    type_text: str
    doc: str
    loc: Loc
    #: read from the host, not given by profiles: true when the CPU has this flag
    host_cpu_flag: str | None = None


@dataclass(frozen=True)
class Profile:
    name: str
    doc: str
    values: tuple[tuple[str, object], ...]
    loc: Loc

    def value(self, attr: str) -> object:
        return dict(self.values)[attr]


@dataclass(frozen=True)
class PlatformSet:
    default: str
    env: str
    attributes: tuple[Attribute, ...]
    profiles: tuple[Profile, ...]
    loc: Loc
    #: the variable that lists the host's CPU flags (None: no attribute reads the host)
    host_env: str | None = None

    def attribute(self, name: str) -> Attribute | None:
        return next((a for a in self.attributes if a.name == name), None)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.profiles)

    @property
    def profile_attributes(self) -> tuple[Attribute, ...]:
        """The attributes each profile gives (those read from the host left out)."""
        return tuple(a for a in self.attributes if a.host_cpu_flag is None)

    @property
    def host_attributes(self) -> tuple[Attribute, ...]:
        """The attributes read from the host's CPU flags."""
        return tuple(a for a in self.attributes if a.host_cpu_flag is not None)

    def env_entries(self) -> list[tuple[str, str, str]]:
        """(variable, value, profile) of each `VARIABLE=VALUE` key of the profiles'
        `ir_op_priority`: environment variables the platforms module reads (as text)."""
        if self.attribute(IR_OP_PRIORITY) is None:
            return []
        return [(*key.split("=", 1), p.name) for p in self.profiles
                for key in p.value(IR_OP_PRIORITY) if "=" in key]


def ir_op_orders(value: dict, ops: list[str]) -> dict[str, object]:
    """A profile's (checked) `ir_op_priority` as one list per op: {"compiled": {op: [...]},
    "eager": {op: [...]}, "first": [(variable, value, {op: [...]}), ...]}."""
    out: dict[str, object] = {mode: {op: list(value[mode].get(op, value[mode]["default"]))
                                     for op in ops} for mode in ("compiled", "eager")}
    out["first"] = [(*key.split("=", 1), dict(orders)) for key, orders in value.items()
                    if key not in ("compiled", "eager")]
    return out
