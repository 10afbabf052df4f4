"""The platforms section of the schema: what each hardware platform is and supports.

```yaml
platforms:
  default: cuda              # the profile used when none is selected
  env: CFGC_PLATFORM         # environment variable that selects one
  attributes:                # declared once: type and meaning of each profile value
    device_type: {type: str, doc: ...}
  profiles:
    cuda: {doc: ..., device_type: cuda, ...}   # every attribute, a value of its type
```

Expressions anywhere in the schema read the selected profile as `platform.<attribute>`
(`when: not platform.supports_cudagraphs`); the generated `<package>.platforms` module
holds the profiles as data and the selection (`current_platform`,
`set_current_platform`, `using_platform`), and the docs get one page of all profiles.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import Collector, Loc, did_you_mean
from .parse import IDENT, Reader
from .type_expr import TypeExpr, TypeSyntaxError, parse_type
from .yaml_loader import Node

SECTION_KEYS = ("default", "env", "attributes", "profiles")
ATTRIBUTE_KEYS = ("type", "doc")
NAME = "platform"  # how expressions name the selected profile


@dataclass(frozen=True)
class Attribute:
    name: str
    type: TypeExpr
    type_text: str
    doc: str
    loc: Loc


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

    def attribute(self, name: str) -> Attribute | None:
        return next((a for a in self.attributes if a.name == name), None)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.profiles)


def parse_platforms(sections: list[tuple[str, Node]], errors: Collector) -> PlatformSet | None:
    """The one `platforms:` section (None without one)."""
    if not sections:
        return None
    if len(sections) > 1:
        errors.error(sections[1][1].loc, f"a second platforms section (the first is in "
                     f"{sections[0][0]}): declare all platforms in one file")
    node = sections[0][1]
    top = Reader(node, "platforms", SECTION_KEYS, errors)
    if not top.ok:
        return None
    attributes: list[Attribute] = []
    anode = top.get("attributes")
    if anode is None or not anode.is_map or not anode.value:
        errors.error(top.key_loc("attributes") if anode else node.loc,
                     "platforms needs 'attributes': name -> {type, doc}")
    else:
        for name, sub in anode.value.items():
            loc = anode.key_locs[name]
            if not IDENT.match(name) or name in ("name", "doc"):
                errors.error(loc, f"platform attribute {name!r} must be an identifier other "
                             "than name and doc")
                continue
            r = Reader(sub, f"platform attribute {name}", ATTRIBUTE_KEYS, errors)
            text = r.str("type", f"platform attribute {name}", required=True)
            doc = r.str("doc", f"platform attribute {name}", required=True)
            try:
                t = parse_type(text) if text else TypeExpr("scalar", name="Any")
            except TypeSyntaxError as exc:
                errors.error(r.key_loc("type"), f"platform attribute {name}: {exc}")
                continue
            attributes.append(Attribute(name, t, text, doc, loc))
    names = [a.name for a in attributes]
    profiles: list[Profile] = []
    pnode = top.get("profiles")
    if pnode is None or not pnode.is_map or not pnode.value:
        errors.error(top.key_loc("profiles") if pnode else node.loc,
                     "platforms needs 'profiles': name -> {doc, <attribute>: value, ...}")
    else:
        for pname, sub in pnode.value.items():
            loc = pnode.key_locs[pname]
            if not IDENT.match(pname):
                errors.error(loc, f"platform name {pname!r} must be an identifier")
                continue
            r = Reader(sub, f"platform {pname}", ("doc", *names), errors)
            if not r.ok:
                continue
            doc = r.str("doc", f"platform {pname}", required=True)
            missing = [n for n in names if not r.has(n)]
            if missing:
                errors.error(loc, f"platform {pname} is missing {', '.join(missing)}")
            values = tuple((n, sub.value[n].plain()) for n in names if r.has(n))
            profiles.append(Profile(pname, doc, values, loc))
    default = top.str("default", "platforms", required=True)
    if default and profiles and default not in [p.name for p in profiles]:
        errors.error(top.key_loc("default"), f"default platform {default!r} is not a "
                     f"profile{did_you_mean(default, [p.name for p in profiles])}")
    env = top.str("env", "platforms", required=True)
    return PlatformSet(default, env, tuple(attributes), tuple(profiles), node.loc)


def check_values(ps: PlatformSet | None, res, errors: Collector) -> None:
    """Every profile value has its attribute's type (enum names and aliases expanded)."""
    if ps is None:
        return
    from .resolve import value_problem

    for p in ps.profiles:
        for a in ps.attributes:
            if a.name not in dict(p.values):
                continue
            problem = value_problem(res.expand(a.type), p.value(a.name), res)
            if problem:
                errors.error(p.loc, f"platform {p.name}: {a.name} = {p.value(a.name)!r}: "
                             f"{problem}")


def emit_module(ps: PlatformSet, package: str, source: str) -> str:
    """`<package>/platforms.py`: the profiles as data and the selection."""
    from .emit_python import header

    lines = [
        header(source),
        '"""Platform profiles: what each hardware platform is and supports.',
        "",
        "The config classes read the selected profile as `current_platform` (declared in",
        "the schema as `platform.<attribute>`). Select one with",
        f"`set_current_platform(\"cpu\")`, `with using_platform(\"cpu\"):`, the {ps.env}",
        f"environment variable, or `vllm-config ... --platform NAME`; {ps.default} is the",
        'default."""',
        "",
        "from cfgc.runtime.platforms import Selector",
        "",
        "#: Environment variable naming the platform when none was selected in code.",
        f"ENV_VAR = {ps.env!r}",
        f"DEFAULT = {ps.default!r}",
        "",
        "#: What each attribute means.",
        "ATTRIBUTES = {",
    ]
    for a in ps.attributes:
        lines.append(f"    {a.name!r}: {a.doc!r},")
    lines += ["}", "", "#: Each profile: its description and a value for every attribute.",
              "PROFILES = {"]
    for p in ps.profiles:
        lines.append(f"    {p.name!r}: {{")
        lines.append(f"        \"doc\": {p.doc!r},")
        for name, value in p.values:
            lines.append(f"        {name!r}: {value!r},")
        lines.append("    },")
    lines += [
        "}",
        "",
        "_selector = Selector(PROFILES, DEFAULT, ENV_VAR)",
        "#: The selected profile (follows set_current_platform / using_platform).",
        "current_platform = _selector.current",
        "get_platform = _selector.get",
        "set_current_platform = _selector.set",
        "using_platform = _selector.using",
        "",
        '__all__ = ["ATTRIBUTES", "DEFAULT", "ENV_VAR", "PROFILES", "current_platform",',
        '           "get_platform", "set_current_platform", "using_platform"]',
        "",
    ]
    return "\n".join(lines)


def emit_docs(ps: PlatformSet, uses: dict[str, list[str]]) -> str:
    """docs/reference/platforms.md: every profile's values and what reads them."""
    names = [p.name for p in ps.profiles]
    out = [
        "# Platforms",
        "",
        "Generated from `schema/platforms.yaml`. A platform profile says what the hardware "
        "is and supports; the config classes read the selected one as "
        "`platform.<attribute>` in their derived defaults, resolve steps and rules.",
        "",
        f"Select one with `vllm-config show|hash|diff|explain --platform NAME`, the "
        f"`{ps.env}` environment variable, or in Python `set_current_platform(\"cpu\")` / "
        f"`with using_platform(\"cpu\"):` from `vllm_config.platforms`. "
        f"Default: `{ps.default}`.",
        "",
        "| profile | description |",
        "| --- | --- |",
    ]
    for p in ps.profiles:
        out.append(f"| `{p.name}` | {p.doc} |")
    out += ["", "## Values", "", "| attribute | " + " | ".join(f"`{n}`" for n in names)
            + " | meaning |", "| --- |" + " --- |" * (len(names) + 1)]
    for a in ps.attributes:
        cells = [f"`{_cell(p.value(a.name))}`" for p in ps.profiles]
        out.append(f"| `{a.name}` | " + " | ".join(cells) + f" | {a.doc} |")
    out += ["", "## What reads them", "",
            "Each attribute and the schema steps and rules that use it (the class pages show "
            "the full expressions).", ""]
    for a in ps.attributes:
        where = uses.get(a.name, [])
        out.append(f"- `{a.name}`: " + (", ".join(sorted(set(where))) if where
                                         else "not read by the schema (engine-side only)"))
    return "\n".join(out) + "\n"


def readers(ps: PlatformSet, outputs: dict[str, str], prefix: str,
            hooks_dir=None) -> dict[str, list[str]]:
    """attribute -> the generated classes (and hooks) whose code reads it, found in the
    code itself."""
    import re

    found: dict[str, list[str]] = {}
    sources = [(text, "class ", "{}") for path, text in sorted(outputs.items())
               if path.startswith(prefix) and path.endswith(".py")]
    if hooks_dir is not None and hooks_dir.is_dir():
        sources += [(p.read_text(), "def ", "hook {}") for p in sorted(hooks_dir.glob("*.py"))]
    for text, keyword, label in sources:
        for chunk in re.split(rf"(?m)^(?={keyword})", text):
            name = re.match(rf"{keyword}(\w+)", chunk)
            if name is None:
                continue
            for attr in re.findall(r"current_platform\.(\w+)", chunk):
                found.setdefault(attr, []).append(label.format(name.group(1)))
    return found


def _cell(value: object) -> str:
    import json

    return json.dumps(value).replace("|", "\\|")
