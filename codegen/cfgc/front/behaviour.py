"""A class's declared behaviour, checked and compiled to Python.

One ordered after-construction phase per class (the generated `__post_init__`):
derived defaults in field order, then the `resolve` steps in order, then the class
rules. Expressions of the phase may read the class's init vars (the `__post_init__`
parameters); properties, methods and tables may not. Also the expression properties
and methods of classes and enums, and defaults tables as module constants.
resolve.py calls `compile_class` once per class; the result (a ClassCode of Python
source) is kept in `Resolved.behaviour`, which the package backend renders.
"""

from __future__ import annotations

import ast
import json

from ..errors import Collector, Loc, did_you_mean
from ..model import schema as m
from ..model.expr import Expr
from ..model.platforms import IR_OP_PRIORITY
from ..model.python import hook_ref, literal, param_source
from ..model.resolved import ClassCode, Resolved, value_problem
from ..model.types import TypeExpr, parse_type
from . import expr as x


class _Compiler:
    def __init__(self, c: m.ClassDef | None, res: Resolved, errors: Collector,
                 enum: m.EnumDef | None = None):
        self.c = c
        self.res = res
        self.errors = errors
        self.out = ClassCode()
        self.scope = x.Scope(res, c, enum)
        self.in_phase = False  # compiling __post_init__: init vars are names too
        self.params: dict[str, TypeExpr] = {}  # compiling an accessor: its parameters
        self.locals: dict[str, TypeExpr] = {}  # the names `let` steps bound so far
        self.in_method = False  # compiling a method's steps
        self.in_validator = False  # an after-mode validator's: checks of the class
        self.returns: TypeExpr | None = None  # ... and the type they return (None: Any)
        self.assigned: TypeExpr | None = None  # the type the last `set` step assigned

    def _scope(self, params: dict[str, TypeExpr] | None = None) -> x.Scope:
        return x.Scope(self.res, self.scope.cls, self.scope.enum,
                       {**(self.params if params is None else params), **self.locals},
                       initvars=self.in_phase)

    def expr(self, e: Expr | None, what: str, want: TypeExpr | None = None,
             facts: frozenset[str] = frozenset(), params=None) -> x.Checked | None:
        if e is None:
            return None
        checked = x.check(e, self._scope(params), self.errors, what, want, facts)
        if checked is not None:
            self.out.enums |= checked.enums
            self.out.env.extend(checked.env)
        return checked

    def message(self, text: str, loc: Loc, what: str, facts: frozenset[str]) -> str:
        return x.compile_message(text, loc, self._scope(), self.errors, what, facts)

    # -- the phase -----------------------------------------------------------------

    def derive(self, f: m.FieldDef) -> None:
        what = f"derive of {self.c.name}.{f.name}"
        checked = self.expr(f.derive, what, x._optional(f.type))
        if checked is not None:
            self.out.phase += [f"if self.{f.name} is None:",
                               f"    self.{f.name} = {checked.source}"]

    def target(self, path: str, loc: Loc, what: str, facts: frozenset[str]) -> TypeExpr | None:
        """The type of the field a `set` step assigns, checking every step of the path."""
        cls = self.c
        parts = path.split(".")
        for i, part in enumerate(parts):
            f = cls.field(part)
            if f is None or f.kind in ("classvar", "initvar"):
                names = [g.name for g in cls.fields if g.kind not in ("classvar", "initvar")]
                self.errors.error(loc, f"{what}: {cls.name} has no field {part!r}"
                                  f"{did_you_mean(part, names)}")
                return None
            if i == len(parts) - 1:
                return f.type
            t = self.res.expand(f.type)
            prefix = ".".join(parts[:i + 1])
            if t.optional and prefix not in facts:
                self.errors.error(loc, f"{what}: {prefix} may be None; add "
                                  f"'when: {prefix} is not None'")
                return None
            inner = t.without_none()
            if inner.kind != "named" or inner.name not in self.res.classes:
                self.errors.error(loc, f"{what}: {prefix} is not a config, so "
                                  f"{path} cannot be assigned")
                return None
            cls = self.res.classes[inner.name]
        return None

    def rule(self, rule: m.Rule, what: str, indent: str = "", record: bool = True,
             facts: frozenset[str] = frozenset()) -> list[str]:
        """A rule as Python lines; `record`: a class rule, listed with the fields it
        reads (explain's "rules that mention a field"); `facts`: what holds before it."""
        when = self.expr(rule.when, f"when of {what}", x.BOOL, facts)
        facts = facts | (x.facts_of(rule.when) if rule.when is not None else frozenset())
        lines: list[str] = []
        if rule.level != "error":
            msg = self.message(rule.message, rule.loc, what, facts)
            # stacklevel 1: the warning is attributed to the generated method itself
            say = (f"_warnings.warn({msg}, {rule.category}, stacklevel=1)" if rule.category
                   else f"_log.{rule.level}({msg})")
            if when is not None:
                lines = [f"if {when.source}:", f"    {say}"]
            reads = when.reads if when else ()
        else:
            req = self.expr(rule.require, f"require of {what}", x.BOOL, facts)
            if req is None:
                return []
            msg = self.message(rule.message, rule.loc, what, facts)
            reads = tuple(dict.fromkeys((*(when.reads if when else ()), *req.reads)))
            reads = tuple(r for r in reads if not any(o.startswith(r + ".") for o in reads))
            cond = x.negated_source(rule.require, self._scope(), facts) or (
                f"not {req.source}" if x.parenthesized(req.source) else f"not ({req.source})")
            if when is not None:
                cond = f"({when.source}) and {cond}"
            # A class rule hands the instance over, so the message can say which values
            # a resolve step derived; a method's rule may have no instance.
            instance = ", self" if record else ""
            error = (f"{rule.raises}({msg})" if rule.raises not in _ERRORS else
                     f"_r.{_ERRORS[rule.raises]}({msg}, {json.dumps(list(reads))}{instance})")
            if self.in_method and not self.in_validator and rule.raises == "ValueError":
                # A method's steps may run inside another config's construction (a
                # resolve step calls it): its fields would name the wrong flags there.
                error = f"ValueError({msg})"
            lines = [f"if {cond}:", f"    raise {error}"]
        if record:
            self.out.rule_reads.append((rule, reads))
        return [indent + line for line in lines]

    def _guarded(self, s: m.Step, what: str, body: list[str]) -> list[str]:
        """A hook or apply step's lines, under its `when:` if it has one."""
        if s.when is None:
            return body
        when = self.expr(s.when, f"when of {what}", x.BOOL)
        if when is None:
            return body
        return [f"if {when.source}:", *("    " + line for line in body)]

    def step(self, s: m.Step, what: str, initvar_args: str = "",
             facts: frozenset[str] = frozenset()) -> list[str]:
        """A step as Python lines; `facts`: what earlier steps of a method established."""
        if s.kind == "check":
            return self.rule(s.rule, what, record=not self.in_method or self.in_validator,
                             facts=facts)
        if s.kind in ("let", "do", "return"):
            return self.local_step(s, what, facts)
        if s.kind == "hook":
            owner = s.hook.split(".", 1)[0] if m.is_library_call(s.hook) else self.c.module
            sig = self.res.hooks.get(owner, {}).get(s.hook)
            wants_initvars = sig is not None and initvar_args and sig.accepts(
                1 + initvar_args.count(","))
            call = f"{hook_ref(s.hook)}(self{initvar_args if wants_initvars else ''})"
            return self._guarded(s, what, [call])
        if s.kind == "platform_priorities":
            return self._guarded(s, what, self.priorities(s, what))
        if s.kind == "apply":
            table = next((t for t in self.c.tables if t.name == s.table), None)
            if table is None:
                names = [t.name for t in self.c.tables]
                self.errors.error(s.loc, f"{what}: no table {s.table!r} in class "
                                  f"{self.c.name}{did_you_mean(s.table, names)}")
                return []
            key = self.expr(table.key, f"key of table {table.name}")
            if key is None:
                return []
            # The module-level name the table is exported under, looked up when the step
            # runs: code that replaces that name (as vLLM's tests patch
            # OPTIMIZATION_LEVEL_TO_CONFIG) changes what the step applies.
            name = next((k.name for k in self.res.schema.constants
                         if k.table == f"{self.c.name}.{table.name}" and not k.row
                         and k.module == self.c.module), _table_const(table))
            return self._guarded(s, what, [
                f"_r.apply_defaults(self, {name}[{key.source}])"])
        when = self.expr(s.when, f"when of {what}", x.BOOL, facts)
        facts = facts | (x.facts_of(s.when) if s.when is not None else frozenset())
        want = self.target(s.target, s.loc, what, facts)
        value = self.expr(s.value, f"to of {what}", want, facts)
        if want is None or value is None:
            return []
        self.assigned = value.type
        body = []
        if s.rule is not None:
            msg = self.message(s.rule.message, s.loc, what, facts)
            body.append(f"_log.{s.rule.level}({msg})")
        source = value.source
        if self.res.expand(want).without_none() == TypeExpr("scalar", name="Path") and \
                x._base(value.type.without_none()) == "str":
            source = f"Path({source})"  # the field holds a Path (no re-validation)
        body.append(f"self.{s.target} = {source}")
        if when is None:
            return body
        return [f"if {when.source}:"] + ["    " + b for b in body]

    def local_step(self, s: m.Step, what: str, facts: frozenset[str]) -> list[str]:
        """`let` (bind a local name), `do` (call a declared method for its effect) and
        `return` (leave the method), each under its `when:` if it has one."""
        when = self.expr(s.when, f"when of {what}", x.BOOL, facts)
        facts = facts | (x.facts_of(s.when) if s.when is not None else frozenset())
        if s.kind == "return":
            value = self.expr(s.value, f"return of {what}", self.returns, facts)
            if s.value is not None and value is None:
                return []
            body = [f"return {value.source}" if value is not None else "return"]
        elif s.kind == "do":
            problem = self._not_a_method_call(s.value)
            if problem:
                self.errors.error(s.value.loc, f"{what}: {problem}")
                return []
            value = self.expr(s.value, f"do of {what}", None, facts)
            if value is None:
                return []
            if value.source.startswith("(None if "):
                base = ast.unparse(s.value.tree.body.func.value)
                self.errors.error(s.value.loc, f"{what}: {base} may be None; add "
                                  f"'when: {base} is not None'")
                return []
            body = [value.source]
        else:
            if not self._bindable(s.target, s.loc, what, rebind=s.when is not None):
                return []
            value = self.expr(s.value, f"to of {what}", self.locals.get(s.target)
                              if s.when is not None else None, facts)
            if value is None:
                return []
            self.locals[s.target] = value.type if s.when is None else x._union(
                self.locals[s.target], value.type)
            body = [f"{s.target} = {value.source}"]
            if s.rule is not None:  # after binding: the message may name the new value
                body.append(f"_log.{s.rule.level}("
                            f"{self.message(s.rule.message, s.loc, what, facts)})")
        if when is None:
            return body
        return [f"if {when.source}:"] + ["    " + b for b in body]

    def _bindable(self, name: str, loc: Loc, what: str, rebind: bool) -> bool:
        """A `let` name: not a member of the class nor a parameter; with `when:` it
        re-binds a name an earlier (unconditional) `let` bound."""
        members = [*(f.name for f in self.c.fields), *(a.name for a in self.c.properties),
                   *(a.name for a in self.c.methods)] if self.c is not None else []
        if name in members or name in self.params or name in ("self", "platform"):
            hidden = ("parameter" if name in self.params else f"member of {self.c.name}"
                      if name in members else "name")
            self.errors.error(loc, f"{what}: let {name!r} would hide the {hidden} {name!r}; "
                              "choose another name")
            return False
        if rebind and name not in self.locals:
            self.errors.error(loc, f"{what}: a let with 'when' re-binds a name, and "
                              f"{name!r} is not bound yet{did_you_mean(name, self.locals)}; "
                              "bind it first with a let without 'when'")
            return False
        return True

    def _not_a_method_call(self, e: Expr) -> str:
        """'' if `e` calls a declared method (of this class by bare name, or of a config
        along a path), else what is wrong: `do` runs a method for what it changes."""
        node = e.tree.body
        func = node.func if isinstance(node, ast.Call) else None
        name = func.id if isinstance(func, ast.Name) else (
            func.attr if isinstance(func, ast.Attribute) else "")
        declared = {a.name for c in self.res.classes.values() for a in c.methods}
        if isinstance(func, ast.Name):
            declared = {a.name for a in self.c.methods} if self.c is not None else set()
        if name in declared:
            return ""
        return (f"'do' calls a declared method (`name(...)` of this class, or "
                f"`config.name(...)` of a config along a path), not {e.display!r}"
                f"{did_you_mean(name, declared) if name else ''}")

    def priorities(self, s: m.Step, what: str) -> list[str]:
        """A platform_priorities step: the platforms module appends the profile's order to
        each op list of the target, a config whose fields come from the kernel ops."""
        want = self.target(s.target, s.loc, what, frozenset())
        device = self.expr(s.device_type, f"device_type of {what}", x.STR)
        compiled = self.expr(s.compiled, f"compiled of {what}", x.BOOL)
        ps = self.res.schema.platform_set
        if ps is None or ps.attribute(IR_OP_PRIORITY) is None:
            self.errors.error(s.loc, f"{what}: platform_priorities reads the platforms "
                              "section's ir_op_priority attribute, which is not declared")
            return []
        if want is None or device is None or compiled is None:
            return []
        inner = self.res.expand(want).without_none()
        target = self.res.classes.get(inner.name) if inner.kind == "named" else None
        if target is None or target.fields_from != "kernel_ops":
            self.errors.error(s.loc, f"{what}: {s.target} is {want.source()}, not a config "
                              "with `fields_from: kernel_ops`")
            return []
        return [f"_platforms.add_ir_op_priority(self.{s.target}, {device.source}, "
                f"{compiled.source})"]

    def table(self, t: m.DefaultsTable) -> None:
        """A defaults table as a module constant in vLLM's shape: each row a dict nested
        per config (`{"compilation_config": {"pass_config": {...}}}`), an expression entry
        a function of the root config (named entries become module-level functions)."""
        what = f"table {t.name} of {self.c.name}"
        key = self.expr(t.key, f"key of {what}")
        if key is None:
            return
        enum = key.type.without_none()
        if enum.kind != "named" or enum.name not in self.res.enums:
            self.errors.error(t.key.loc, f"key of {what} must be an enum value, not "
                              f"{x._show(key.type)}")
            return
        members = [mem.name for mem in self.res.enums[enum.name].members]
        functions: dict[str, tuple[str, str]] = {}  # name -> (expression source, target)
        lines = [f"{_table_const(t)}: dict[{enum.name}, dict[str, Any]] = {{"]
        seen = set()
        for member, entries in t.rows:
            if member not in members:
                self.errors.error(t.loc, f"{what}: row {member!r} is not a member of "
                                  f"{enum.name}{did_you_mean(member, members)}")
                continue
            seen.add(member)
            nested: dict[str, object] = {}
            for entry in entries:
                want = self.target(entry.target, entry.loc, what, frozenset(
                    _prefixes(entry.target)))
                if want is None:
                    continue
                if isinstance(entry.value, Expr):
                    # None fills nothing: the target stays unset, for the engine to decide
                    maybe = want if want.optional else TypeExpr(
                        "union", args=(want, TypeExpr("none")))
                    c = self.expr(entry.value, f"{entry.target} in {what}", maybe)
                    src = "None" if c is None else f"lambda self: {c.source}"
                    if c is not None and entry.name:
                        src = entry.name
                        other = functions.setdefault(entry.name, (c.source, entry.target))
                        if other[0] != c.source:
                            self.errors.error(entry.loc, f"{what}: {entry.name} names two "
                                              f"different expressions ({other[1]} and "
                                              f"{entry.target})")
                else:
                    src = self._literal(entry, want, what)
                _nest(nested, entry.target.split("."), src, entry, what, self.errors)
            lines.append(f"    {enum.name}.{member}: " + _render_nested(nested, 4) + ",")
        missing = [mem for mem in members if mem not in seen]
        if missing:
            self.errors.error(t.loc, f"{what} has no row for {', '.join(missing)}")
        lines.append("}")
        defs = [_named_function(name, source, target, self.c.name)
                for name, (source, target) in functions.items()]
        self.out.enums.add(enum.name)
        self.out.tables.append((t, enum.name, "\n\n\n".join(defs + ["\n".join(lines)])))

    def _literal(self, entry: m.TableEntry, want: TypeExpr, what: str) -> str:
        problem = value_problem(self.res.expand(want), entry.value, self.res)
        if problem:
            self.errors.error(entry.loc, f"{entry.target} in {what}: {entry.value!r} does not "
                              f"match {want.source()}: {problem}")
            return "None"
        src = literal(entry.value, want, self.res)
        self.out.enums |= {n.name for n in self.res.expand(want).walk()
                           if n.kind == "named" and n.name in self.res.enums
                           and f"{n.name}." in src}
        return src

    # -- accessors -----------------------------------------------------------------

    def accessor(self, acc: m.Accessor, is_method: bool, owner: str) -> None:
        """An expression accessor, after its rules (checks of its arguments and of the
        instance, in order; each error rule's `require` then holds for the expression)."""
        if acc.each_op:
            self.each_op(acc, owner)
            return
        if acc.expr is None and not acc.rules and not acc.steps:
            return
        what = f"{'method' if is_method else 'property'} {owner}.{acc.name}"
        self.params = dict(_param_types(acc))
        want = parse_type(acc.returns) if acc.returns != "Any" else None
        scope = self.scope
        if acc.kind == "staticmethod" or acc.mode == "before":
            # no instance (a before-mode validator sees the raw input): only its
            # parameters are names
            self.scope = x.Scope(self.res, None, None)
        try:
            guards: list[str] = []
            facts: frozenset[str] = frozenset()
            # An after-mode validator's rules are the class's checks at construction:
            # recorded with the fields they read, as the class's own rules are.
            record = acc.kind == "validator" and acc.mode == "after"
            for i, rule in enumerate(acc.rules):
                guards += self.rule(rule, f"rule {i + 1} of {what}", record=record)
                if rule.level == "error" and rule.when is None:
                    facts |= x.facts_of(rule.require)
            self.in_method, self.returns = True, want
            self.in_validator = record  # its checks are the class's: RuleError, recorded
            for i, step in enumerate(acc.steps):
                self.assigned = None
                guards += self.step(step, f"step {i + 1} of {what}", facts=facts)
                facts = _facts_after(step, facts, self.assigned)
                if step.kind == "return" and step.when is None and i + 1 < len(acc.steps):
                    self.errors.error(acc.steps[i + 1].loc, f"step {i + 2} of {what} never "
                                      "runs: the step before returns unconditionally")
            checked = self.expr(acc.expr, what, want, facts)
        finally:
            self.params, self.locals, self.in_method, self.returns = {}, {}, False, None
            self.in_validator = False
            self.scope = scope
        if acc.expr is not None and checked is None:
            return
        source = checked.source if checked is not None else "None"
        if guards:
            self.out.guards[acc.name] = guards
        if is_method:
            self.out.methods.append((acc, source, param_source(acc)))
        else:
            self.out.properties.append((acc, source))

    def each_op(self, acc: m.Accessor, owner: str) -> None:
        """`each_op: P`: a classmethod of a class whose fields come from the kernel ops,
        building it with a copy of parameter P for every op not given in `**kwargs`."""
        what = f"method {owner}.{acc.name}"
        names = [p for p, _ in acc.params]
        kwargs = [p for p in names if p.startswith("**")]
        if self.c is None or self.c.fields_from != "kernel_ops":
            self.errors.error(acc.loc, f"{what}: each_op needs a class with "
                              "`fields_from: kernel_ops`")
        elif acc.each_op not in names or not kwargs:
            self.errors.error(acc.loc, f"{what}: each_op names a parameter "
                              f"({acc.each_op!r}{did_you_mean(acc.each_op, names)}) and the "
                              "method needs **kwargs for the ops given")
        else:
            ops = [f.name for f in self.c.fields if f.init and f.kind == "field"]
            given = ", ".join(f"{op!r}: list({acc.each_op})" for op in ops)
            self.out.methods.append((acc, f"cls(**{{{given}, {kwargs[0]}}})",
                                     param_source(acc)))


_ERRORS = {"ValueError": "RuleError", "NotImplementedError": "NotSupportedError"}


def _param_types(acc: m.Accessor) -> list[tuple[str, TypeExpr]]:
    """Each parameter's name and type in the expression: `*args: T` is a tuple of T,
    `**kwargs: T` a dict of str to T."""
    out = []
    for pname, ptext in acc.params:
        t = parse_type(ptext)
        if pname.startswith("**"):
            t = TypeExpr("container", name="dict", args=(TypeExpr("scalar", name="str"), t))
        elif pname.startswith("*"):
            t = TypeExpr("container", name="tuple", args=(t,), variadic=True)
        out.append((pname.lstrip("*"), t))
    return out


def _facts_after(s: m.Step, facts: frozenset[str], assigned: TypeExpr | None
                 ) -> frozenset[str]:
    """What holds after step `s` of a method: an unconditional require adds what it
    establishes, a `return` with `when:` the negation of its condition; a `set` or `let`
    forgets what was known about the path or name it assigns (an unconditional `set` of
    a value that cannot be None knows that much: its type is `assigned`)."""
    if s.kind == "check" and s.rule.level == "error" and s.rule.when is None:
        return facts | x.facts_of(s.rule.require)
    if s.kind == "return" and s.when is not None:
        return facts | x.facts_of(s.when, negate=True)
    if s.kind in ("set", "let"):
        kept = frozenset(f for f in facts if f != s.target
                         and not f.startswith((s.target + ".", s.target + "\0")))
        known = s.kind == "set" and s.when is None and assigned is not None and not (
            assigned.optional or assigned.kind == "none")
        return kept | {s.target} if known else kept
    return facts


def _prefixes(path: str) -> list[str]:
    parts = path.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def _nest(nested: dict[str, object], parts: list[str], src: str, entry: m.TableEntry,
          what: str, errors: Collector) -> None:
    """Put one entry's source at its dotted path in the row's nested dict."""
    for part in parts[:-1]:
        inner = nested.setdefault(part, {})
        if not isinstance(inner, dict):
            errors.error(entry.loc, f"{what}: {entry.target} is inside another entry's value")
            return
        nested = inner
    if parts[-1] in nested:
        errors.error(entry.loc, f"{what}: {entry.target} is given twice, or a config "
                                "and one of its fields both are")
        return
    nested[parts[-1]] = src


def _render_nested(nested: dict[str, object], indent: int) -> str:
    pad = " " * (indent + 4)
    items = [f"{pad}{json.dumps(k)}: "
             + (_render_nested(v, indent + 4) if isinstance(v, dict) else str(v)) + ","
             for k, v in nested.items()]
    return "{\n" + "\n".join(items) + "\n" + " " * indent + "}"


def _named_function(name: str, source: str, target: str, owner: str) -> str:
    """A named table expression as a module-level function of the config (vLLM's level
    table holds functions of the VllmConfig); the expression reads it as `cfg`."""
    tree = ast.parse(source, mode="eval")
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id == "self":
            node.id = "cfg"
    return (f"def {name}(cfg: \"{owner}\") -> Any:\n"
            f"    \"\"\"The table's default of `{target}` for a {owner}.\"\"\"\n"
            f"    return {ast.unparse(tree)}")


def _table_const(t: m.DefaultsTable) -> str:
    return t.name.upper()


def compile_class(c: m.ClassDef, res: Resolved, errors: Collector) -> ClassCode:
    comp = _Compiler(c, res, errors)
    initvar_args = "".join(f", {f.name}" for f in c.fields if f.kind == "initvar")
    for t in c.tables:
        comp.table(t)
    comp.in_phase = True
    for f in c.fields:
        if f.derive is not None:
            comp.derive(f)
    for i, s in enumerate(c.resolve):
        comp.out.phase += comp.step(s, f"resolve step {i + 1} of {c.name}", initvar_args)
    for i, rule in enumerate(c.rules):
        comp.out.phase += comp.rule(rule, f"rule {i + 1} of {c.name}")
    comp.in_phase, comp.locals = False, {}
    for extra in c.hash_extra:
        if extra.expr is not None:
            checked = comp.expr(extra.expr, f"hash factor {c.name}.{extra.name}")
            if checked is not None:  # a call argument: no parentheses of its own needed
                src = checked.source
                if isinstance(extra.expr.tree.body, ast.IfExp) and src.startswith("("):
                    src = src[1:-1]
                comp.out.hash_extras[extra.name] = src
    for acc in c.properties:
        comp.accessor(acc, False, c.name)
    for acc in c.methods:
        comp.accessor(acc, True, c.name)
    return comp.out


def compile_constant(k: m.ConstantDef, res: Resolved, errors: Collector) -> ClassCode:
    """An `expr` constant: no fields in scope; `phase` holds its one source line and
    `enums` the enums and classes it names (imported by its module)."""
    comp = _Compiler(None, res, errors)
    checked = comp.expr(k.expr, f"constant {k.module}.{k.name}")
    if checked is not None:
        comp.out.phase = [checked.source]
    return comp.out


def compile_enum(e: m.EnumDef, res: Resolved, errors: Collector) -> ClassCode:
    comp = _Compiler(None, res, errors, enum=e)
    for acc in e.properties:
        comp.accessor(acc, False, e.name)
    for acc in e.methods:
        comp.accessor(acc, True, e.name)
    if e.truth is not None:
        truth = comp.expr(e.truth, f"truth of enum {e.name}", x.BOOL)
        if truth is not None:
            comp.out.phase = [truth.source]  # enums have no phase: the body of __bool__
    return comp.out
