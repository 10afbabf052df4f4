"""Field validators written as expressions: `{expr: ...}` (the new value) and
`{require: ..., message: ...}` (a check), compiled to the lines of the field's composed
before- or after-validator; and `{expose: name}` checked.

The expression sees `value`, the incoming value: typed as the field in `after` mode,
`Any` in `before` mode (narrow it with isinstance). The instance does not exist yet, so
its fields are not names (a located error says so), as properties cannot read init vars.
"""

from __future__ import annotations

from ..errors import Collector
from ..model import schema as m
from ..model.resolved import ClassCode, Resolved
from . import expr as x

#: Steps that add no code to the validator of their mode (`expose` only names it;
#: `as_is` takes the value unvalidated).
_NO_CODE = ("expose", "as_is")


def compile_validators(c: m.ClassDef, res: Resolved, errors: Collector,
                       out: ClassCode) -> None:
    """Compile `c`'s expression validator steps into `out.validators`."""
    taken = {f.name for f in c.fields} | {a.name for a in (*c.properties, *c.methods)}
    for f in c.fields:
        exposed: set[str] = set()
        for i, v in enumerate(f.validators):
            what = f"validator {i + 1} of {c.name}.{f.name}"
            if v.name == "expose":
                if v.mode in exposed:
                    errors.error(v.loc, f"{what}: the {v.mode} validation is exposed twice")
                elif not any(w.mode == v.mode and w.name not in _NO_CODE
                             for w in f.validators):
                    errors.error(v.loc, f"{what}: {c.name}.{f.name} has no {v.mode} steps "
                                 "to expose")
                if v.hook in taken:
                    errors.error(v.loc, f"{what}: {v.hook!r} is already a member of {c.name}")
                exposed.add(v.mode)
                taken.add(v.hook)
            elif v.name in ("expr", "require"):
                lines = _step(c, f, v, what, res, errors, out)
                if lines:
                    out.validators[(f.name, i)] = lines


def _step(c: m.ClassDef, f: m.FieldDef, v: m.Validator, what: str, res: Resolved,
          errors: Collector, out: ClassCode) -> list[str]:
    after = v.mode == "after"
    scope = x.Scope(res, None, params={"value": f.type if after else x.ANY}, validated=c)
    when = x.check(v.when, scope, errors, f"when of {what}", x.BOOL) if v.when else None
    facts = x.facts_of(v.when) if v.when is not None else frozenset()
    if v.when is not None and when is None:
        return []
    if v.name == "expr":
        checked = x.check(v.expr, scope, errors, what, f.type if after else None, facts)
        body = [f"value = {checked.source}"] if checked else []
    else:
        checked = x.check(v.expr, scope, errors, f"require of {what}", x.BOOL, facts)
        msg = x.compile_message(v.message, v.loc, scope, errors, what, facts)
        body = [f"raise ValueError({msg})"] if checked else []
    if checked is None:
        return []
    out.enums |= checked.enums | (when.enums if when else frozenset())
    out.env.extend(checked.env)
    cond = ""
    if v.name == "require":
        cond = x.negated_source(v.expr, scope, facts) or \
            f"not {x._paren(checked.source, v.expr.tree.body)}"
    if when is not None:
        guard = x._paren(when.source, v.when.tree.body, boolop=True)
        cond = f"{guard} and {cond}" if cond else guard
    return [f"if {cond}:", *("    " + b for b in body)] if cond else body
