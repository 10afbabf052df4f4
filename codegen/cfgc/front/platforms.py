"""Reading the platforms section of the schema (records in model/platforms.py) and
checking each profile value against its attribute's type."""

from __future__ import annotations

import re

from ..errors import Collector, did_you_mean
from ..model import schema_language as lang
from ..model.platforms import IR_OP_PRIORITY, Attribute, PlatformSet, Profile
from ..model.resolved import Resolved, value_problem
from ..model.types import TypeExpr, TypeSyntaxError, parse_type
from .reader import IDENT, Reader
from .yaml_loader import Node

ENV_KEY = re.compile(r"[A-Za-z_]\w*=\S*")


def parse_platforms(sections: list[tuple[str, Node]], errors: Collector) -> PlatformSet | None:
    """The one `platforms:` section (None without one)."""
    if not sections:
        return None
    if len(sections) > 1:
        errors.error(sections[1][1].loc, f"a second platforms section (the first is in "
                     f"{sections[0][0]}): declare all platforms in one file")
    node = sections[0][1]
    top = Reader(node, "platforms", lang.PLATFORMS, errors)
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
            r = Reader(sub, f"platform attribute {name}", lang.PLATFORM_ATTRIBUTE, errors)
            text = r.str("type", f"platform attribute {name}", required=True)
            doc = r.str("doc", f"platform attribute {name}", required=True)
            try:
                t = parse_type(text) if text else TypeExpr("scalar", name="Any")
            except TypeSyntaxError as exc:
                errors.error(r.key_loc("type"), f"platform attribute {name}: {exc}")
                continue
            flag = r.str("host_cpu_flag", f"platform attribute {name}")
            if flag and text != "bool":
                errors.error(r.key_loc("type"), f"platform attribute {name} is read from "
                             f"the host's CPU flag {flag!r}: its type is bool, not {text}")
            attributes.append(Attribute(name, t, text, doc, loc, flag or None))
    names = [a.name for a in attributes if a.host_cpu_flag is None]
    host = [a.name for a in attributes if a.host_cpu_flag is not None]
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
            r = Reader(sub, f"platform {pname}", lang.PROFILE, errors, also=names + host)
            if not r.ok:
                continue
            for n in host:
                if r.has(n):
                    errors.error(r.key_loc(n), f"platform {pname}: {n} is read from the "
                                 "host's CPU flags (host_cpu_flag), not given by a profile")
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
    host_env = top.str("host_env", "platforms") or None
    if host and not host_env:
        errors.error(node.loc, f"platforms: {', '.join(host)} "
                     f"{'read' if len(host) > 1 else 'reads'} the host's CPU flags; "
                     "declare host_env, the variable that states them instead")
    return PlatformSet(default, env, tuple(attributes), tuple(profiles), node.loc, host_env)


def check_values(ps: PlatformSet | None, res: Resolved, errors: Collector) -> None:
    """Every profile value has its attribute's type (enum names and aliases expanded);
    `ir_op_priority` also has its shape (check_ir_op_priority)."""
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
            elif a.name == IR_OP_PRIORITY:
                check_ir_op_priority(ps, p, res, errors)


def check_ir_op_priority(ps: PlatformSet, p: Profile, res: Resolved, errors: Collector
                         ) -> None:
    """A profile's `ir_op_priority`: `compiled` and `eager` each map `default` (and any
    kernel op) to providers; any other key is `VARIABLE=VALUE` mapping ops to providers
    put first while that environment variable has that value. Profiles are told apart
    by their device_type."""
    value = p.value(IR_OP_PRIORITY)
    ops = [op.name for op in res.schema.kernel_set.ops] if res.schema.kernel_set else []
    where = f"platform {p.name}: {IR_OP_PRIORITY}"
    if ps.attribute("device_type") is None:
        errors.error(p.loc, f"{where} needs a device_type attribute to find the profile by")
    elif [q.value("device_type") for q in ps.profiles].count(p.value("device_type")) > 1:
        errors.error(p.loc, f"{where}: another profile has device_type "
                     f"{p.value('device_type')!r}")
    for mode in ("compiled", "eager"):
        if "default" not in value.get(mode, {}):
            errors.error(p.loc, f"{where} needs {mode}: {{default: [providers], <op>: ...}}")
    for key, orders in value.items():
        if key not in ("compiled", "eager") and not ENV_KEY.fullmatch(key):
            errors.error(p.loc, f"{where}: {key!r} is neither compiled, eager nor "
                         f"VARIABLE=VALUE{did_you_mean(key, ['compiled', 'eager'])}")
        for op in orders:
            if op not in ops and not (op == "default" and key in ("compiled", "eager")):
                errors.error(p.loc, f"{where}: {key}: {op!r} is not a kernel op of this "
                             f"release{did_you_mean(op, ops)}")

