"""Reading the platforms section of the schema (records in model/platforms.py) and
checking each profile value against its attribute's type."""

from __future__ import annotations

from ..errors import Collector, did_you_mean
from ..model.platforms import Attribute, PlatformSet, Profile
from ..model.resolved import Resolved, value_problem
from ..model.types import TypeExpr, TypeSyntaxError, parse_type
from .reader import IDENT, Reader
from .yaml_loader import Node

SECTION_KEYS = ("default", "env", "attributes", "profiles")
ATTRIBUTE_KEYS = ("type", "doc")


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


def check_values(ps: PlatformSet | None, res: Resolved, errors: Collector) -> None:
    """Every profile value has its attribute's type (enum names and aliases expanded)."""
    if ps is None:
        return
    for p in ps.profiles:
        for a in ps.attributes:
            if a.name not in dict(p.values):
                continue
            problem = value_problem(res.expand(a.type), p.value(a.name), res)
            if problem:
                errors.error(p.loc, f"platform {p.name}: {a.name} = {p.value(a.name)!r}: "
                             f"{problem}")
