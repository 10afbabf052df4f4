"""The schema as an immutable, validated model.

Everything here is a frozen dataclass that knows where it came from (`loc`), so any
later stage (resolution, backends, `cfgc diff`) can report `file:line:col`.
front/parse.py builds it from YAML; front/resolve.py checks cross-references; backends
only read it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import Loc
from . import schema_language as _lang
from .expr import Expr
from .kernels import KernelSet
from .platforms import PlatformSet
from .types import TypeExpr

# The value sets of the schema language are described, with what each value means, in
# schema_language.py (the parser, the editors' JSON Schema and the reference read them).
#: Declarative before-mode normalisers, applied in the order written.
NORMALISERS = _lang.NORMALISER.names()
#: Validators that take an argument: `{shorthand: {...}}`, `{reject: {...}}`, `{hook: ...}`,
#: `{expr: <expression>}` (the new value), `{require: <expression>, message}` (a check)
#: and `{expose: name}` (the field's validation of a mode as a public classmethod).
PARAMETRISED_VALIDATORS = _lang.VALIDATOR.allowed
VALIDATOR_MODES = _lang.VALIDATOR_MODE.names()
#: The modes of `expr`, `require` and `expose` steps: they run inside the field's
#: composed before- or after-validator.
EXPR_VALIDATOR_MODES = _lang.EXPR_VALIDATOR_MODE.names()
CONSTRAINTS = tuple(k.name for k in _lang.FIELD_CONSTRAINTS)
#: Constraints on each item of a list/set/tuple (or each value of a dict): `items: {ge: 0}`.
ITEM_CONSTRAINTS = _lang.ITEMS.names()
LOG_LEVELS = ("warning", "info")
FIELD_KINDS = _lang.FIELD_KIND.names()


@dataclass(frozen=True)
class HashRule:
    """Whether a field feeds the cache key; `reason` is required for exclusion."""

    include: bool
    reason: str
    loc: Loc
    inherited: bool = False


@dataclass(frozen=True)
class Validator:
    """One step of a field's validation: a library normaliser, a named hook, or an
    expression over the incoming `value` (`expr`: its result is the new value;
    `require`: a check raising ValueError with `message`; `when` limits either)."""

    name: str  # one of NORMALISERS, PARAMETRISED_VALIDATORS
    loc: Loc
    mode: str = "before"
    hook: str = ""  # a hook's name; an `expose` step's public method name
    # shorthand map, {"values": [...], "message": "..."} for reject; for expr/require
    # steps their texts (what `cfgc diff` compares and readers see); an expose's doc
    arg: object = None
    expr: Expr | None = field(default=None, compare=False)  # expr / require
    when: Expr | None = field(default=None, compare=False)
    message: str = ""  # require

    def describe(self, code: Callable[[str], str] = str) -> str:
        """One line for readers (docs, explain); `code` marks up names and values."""
        if self.name == "hook":
            return f"hook {code(self.hook)} ({self.mode})"
        if self.name == "shorthand":
            return "shorthand " + ", ".join(f"{code(str(k))} -> {code(str(v))}"
                                             for k, v in self.arg.items())
        if self.name == "reject":
            return "rejects " + ", ".join(code(str(x)) for x in self.arg["values"])
        when = f" when {code(self.when.display)}" if self.when is not None else ""
        if self.name == "expr":
            return f"becomes {code(self.expr.display)}{when} ({self.mode})"
        if self.name == "require":
            return f"requires {code(self.expr.display)}{when} ({self.mode})"
        if self.name == "expose":
            return f"public as {code(self.hook + '(value)')} ({self.mode})"
        return code(self.name)


@dataclass(frozen=True)
class Deprecation:
    message: str
    loc: Loc
    replacement: str = ""


@dataclass(frozen=True)
class DeprecatedValue:
    """An input value that still works but warns once and is read as `replacement`."""

    value: object
    replacement: object
    loc: Loc
    message: str = ""


@dataclass(frozen=True)
class Rule:
    """`require` must hold whenever `when` does (an error naming its fields otherwise);
    a rule without `require` is a warning (`level`) logged whenever `when` holds."""

    message: str
    loc: Loc
    require: Expr | None = None
    when: Expr | None = None
    level: str = "error"  # error, warning or info
    raises: str = "ValueError"  # or NotImplementedError: a combination not supported yet
    category: str = ""  # a warning rule's Python warning class (warnings.warn), not a log line


@dataclass(frozen=True)
class Step:
    """One step of a class's ordered after-construction phase (`resolve:`).

    kind `set`: assign `value` to the dotted `target` (when `when` holds), optionally
    logging `rule.message`; `check`: the `rule`; `apply`: fill unset targets from the
    defaults table `table`; `hook`: call the named hook(self, *initvars); `let`: bind
    the local name `target` to `value` (logging `rule.message` after it); `do`: call
    the declared method that `value` names; `return`: leave a method (with `value`);
    `platform_priorities`: append the IR op provider order of the platform profile whose
    device type is `device_type` (platforms.yaml `ir_op_priority`, the `compiled` or the
    eager order as `compiled` says) to each op list of the config at `target`.
    `let`, `do`, `return` and `platform_priorities` are also steps of a method's `steps:`.
    """

    kind: str
    loc: Loc
    target: str = ""
    value: Expr | None = None
    when: Expr | None = None
    rule: Rule | None = None
    table: str = ""
    hook: str = ""
    device_type: Expr | None = None
    compiled: Expr | None = None


@dataclass(frozen=True)
class TableEntry:
    target: str  # dotted path from the class
    value: object  # a literal (enum members by name) or an Expr
    loc: Loc
    #: An Expr entry with a name: also a module-level function of that name taking the
    #: config (`def name(cfg)`), as vLLM names the functions of its level table.
    name: str = ""


@dataclass(frozen=True)
class DefaultsTable:
    """Defaults keyed by an enum-valued expression: each row fills targets left None."""

    name: str
    doc: str
    key: Expr
    rows: tuple[tuple[str, tuple[TableEntry, ...]], ...]  # enum member name -> entries
    loc: Loc


@dataclass(frozen=True)
class CliSpec:
    """How a field is exposed on the command line; `flag == ""` means not exposed."""

    flag: str
    loc: Loc
    aliases: tuple[str, ...] = ()
    negation: str = ""  # extra negative spelling, e.g. --disable-x for --enable-x
    human_int: bool = False
    metavar: str = ""
    explicit: bool = False  # written in the schema rather than derived
    auto_int: bool = False  # `human_int: auto`: also "auto" / -1 (passed on as -1)
    group: str = ""  # help group, when not the class's (vLLM lists some flags elsewhere)
    fill: tuple = ()  # `fill: V`: (V,) - passed when building from flags; no flag of its own
    from_parent: str = ""  # the enclosing config's field passed here when building from flags
    # `also: a.b.key`: the flag's value (unless None) also goes to this path of the main
    # top-level class (VllmConfig): nested configs, then at most one key of a dict field
    also: str = ""
    exclusive: bool = False  # vLLM rejects the flag together with its key in the JSON flag
    # `none: false`: the flag does not take None / "" although the field is optional (vLLM's
    # engine argument of that name is not)
    takes_none: bool = True


@dataclass(frozen=True)
class Default:
    """`value` (a literal; lists/dicts become default factories), `factory` (a class name),
    `unset` (None at construction, filled in by post-init; the type stays non-optional),
    or `required`."""

    kind: str
    loc: Loc
    value: object = None

    @property
    def is_mutable_literal(self) -> bool:
        return self.kind == "value" and isinstance(self.value, list | dict)


@dataclass(frozen=True)
class FieldDef:
    name: str
    type_text: str
    type: TypeExpr
    default: Default
    doc: str
    hash: HashRule | None  # None only for classvars (never hashed)
    loc: Loc
    type_loc: Loc
    kind: str = "field"
    init: bool = True
    constraints: tuple[tuple[str, object], ...] = ()
    validators: tuple[Validator, ...] = ()
    deprecation: Deprecation | None = None
    cli: CliSpec | None = None
    hook_point: str = ""  # what the engine must supply for this field, if anything
    renamed_from: str = ""  # the field's previous name: `cfgc diff` reports a rename
    derive: Expr | None = None  # value when the user gave none, computed after construction
    env: str = ""  # environment variable read (typed by the field) when no value is given
    item_constraints: tuple[tuple[str, object], ...] = ()
    deprecated_values: tuple[DeprecatedValue, ...] = ()
    differs: str = ""  # `differs_from_vllm`: a deliberate difference, and why
    #: `meaning_changed: {VALUE: WHY}`: values that mean something else in this release
    #: than in the one before (written under `changed:`); `vllm-config upgrade` flags them.
    meaning_changed: tuple[tuple[str, str], ...] = ()

    @property
    def is_private(self) -> bool:
        return self.name.startswith("_")


@dataclass(frozen=True)
class HashExtra:
    """A factor that is not a field of the class: a dotted attribute path or a hook."""

    name: str
    loc: Loc
    path: str = ""
    hook: str = ""
    doc: str = ""
    reads: tuple[str, ...] = ()  # fields a hook factor depends on (for docs and checks)
    expr: Expr | None = None  # or an expression over the class's fields
    param: str = ""  # compute_hash's keyword (default True) that leaves it out when False

    def reads_field(self, name: str) -> bool:
        """Whether the factor is computed from field `name`: a hook's declared reads, the
        root of its attribute path, or a name its expression reads."""
        return (name in self.reads or self.path.split(".")[0] == name
                or (self.expr is not None and name in self.expr.names))

    @property
    def source(self) -> str:
        """How the factor is computed, as text for docs and diffs."""
        return self.expr.display if self.expr else (self.path or self.hook)


@dataclass(frozen=True)
class Accessor:
    """A property or method of a generated class (or enum): an expression over its
    fields (and `params`) after its `rules`, or a hook(self, ...) for a real algorithm."""

    name: str
    hook: str
    doc: str
    loc: Loc
    returns: str = "Any"  # annotation text, for readers and docs
    expr: Expr | None = None
    params: tuple[tuple[str, str], ...] = ()  # (name, type text) of a method's parameters
    kind: str = "method"  # method, staticmethod, classmethod or validator (properties: "property")
    defaults: tuple[tuple[str, str], ...] = ()  # (parameter, Python literal) with a default
    unsupported: str = ""  # why it raises NotSupportedError (needs the engine/GPU/torch)
    differs: str = ""  # `differs_from_vllm`: a deliberate difference, and why
    has_params: bool = False  # `params:` written (maybe empty): the exact signature
    rules: tuple[Rule, ...] = ()  # checked in order before `expr` (which may be absent)
    steps: tuple[Step, ...] = ()  # run in order before `expr` (a method that mutates)
    each_op: str = ""  # a classmethod building the class with this parameter for every op
    mode: str = ""  # kind "validator": "after" (on the instance) or "before" (on the input)

    @property
    def signature(self) -> str:
        """The parameters after self/cls as docs show them: `(vllm_config, prefix="")`."""
        defaults = dict(self.defaults)
        parts = [p + (f"={defaults[p]}" if p in defaults else "") for p, _ in self.params]
        return "(" + ", ".join(parts) + ")"


ACCESSOR_KINDS = _lang.ACCESSOR_KIND.names()


@dataclass(frozen=True)
class Difference:
    """A deliberate difference from vLLM 0.25.1: what differs and why."""

    subject: str  # e.g. `CacheConfig.cache_dtype`, or a project-level topic
    reason: str
    loc: Loc


@dataclass(frozen=True)
class ConstantDef:
    """A module-level name of a generated module (`constants:`): a literal `value`, the
    values of a Literal alias (`values_of`), a re-exported alias (`alias`), a defaults
    table of a class (`table`: Class.table), a runtime function (`import`) or an
    expression (`expr`, evaluated once at import, after the module's classes)."""

    name: str
    module: str
    doc: str
    loc: Loc
    value: object = None
    values_of: str = ""
    alias: str = ""
    table: str = ""
    row: str = ""  # with `table`: one row of it (an enum member's name)
    import_path: str = ""
    expr: Expr | None = None  # an expression (no fields in scope), e.g. configs built by keyword
    export: bool = False  # also a top-level name of the package
    differs: str = ""
    #: A name vLLM's module has and this package deliberately lacks: why (nothing is
    #: generated; the name and the reason go on the differences page).
    absent: str = ""


@dataclass(frozen=True)
class HookPoint:
    """Logic the engine must supply at run time (needs a checkpoint, GPU or engine)."""

    name: str
    doc: str
    supplies: str
    loc: Loc


@dataclass(frozen=True)
class ClassDef:
    name: str
    module: str
    doc: str
    fields: tuple[FieldDef, ...]
    loc: Loc
    hash_default: HashRule | None = None
    hash_extra: tuple[HashExtra, ...] = ()
    rules: tuple[Rule, ...] = ()
    resolve: tuple[Step, ...] = ()
    tables: tuple[DefaultsTable, ...] = ()
    hook_points: tuple[HookPoint, ...] = ()
    cli_group: str = ""
    cli_json_flag: str = ""  # whole-config JSON flag, e.g. --compilation-config
    cli_json_aliases: tuple[str, ...] = ()
    cli_expose: str = "all"  # "listed": only fields with their own `cli:` get flags
    cli_enable_flag: str = ""  # bool flag creating this optional sub-config (--enable-lora)
    fields_from: str = ""  # "kernel_ops": one priority field per op of the kernels section
    properties: tuple[Accessor, ...] = ()
    methods: tuple[Accessor, ...] = ()
    renamed_from: str = ""  # the class's previous name: `cfgc diff` reports a rename
    differs: str = ""  # `differs_from_vllm`: a deliberate difference, and why

    def field(self, name: str) -> FieldDef | None:
        return next((f for f in self.fields if f.name == name), None)

    @property
    def hashed_fields(self) -> tuple[FieldDef, ...]:
        return tuple(
            f for f in self.fields if f.kind == "field" and f.hash is not None and f.hash.include
        )


@dataclass(frozen=True)
class EnumMember:
    name: str
    value: object
    loc: Loc
    doc: str = ""


@dataclass(frozen=True)
class EnumDef:
    name: str
    doc: str
    members: tuple[EnumMember, ...]
    loc: Loc
    base: str = "Enum"  # Enum, IntEnum or StrEnum
    properties: tuple[Accessor, ...] = ()  # expressions over `self`, a member
    methods: tuple[Accessor, ...] = ()
    str_is_name: bool = False  # str(member) is its name (vLLM's CUDAGraphMode prints so)
    truth: Expr | None = None  # bool(member), when not always True
    # `engine_enum: module.Name`: vLLM defines this enum outside its config package; a
    # member of that class equals ours of the same name and is accepted as ours
    engine_enum: str = ""


@dataclass(frozen=True)
class AliasDef:
    """A named type, e.g. `CacheDType = Literal["auto", ...]`."""

    name: str
    type_text: str
    type: TypeExpr
    doc: str
    loc: Loc


@dataclass(frozen=True)
class RuntimeTypeDef:
    """A type from a heavy library (torch.dtype, PretrainedConfig), imported lazily."""

    name: str
    import_path: str
    doc: str
    loc: Loc


@dataclass(frozen=True)
class Library:
    """A hand-written library the schema calls by name (`project.libraries`)."""

    name: str  # as the schema writes it: `call: <name>.<function>`
    package: str  # import name, e.g. cfgc.checkpoint
    path: str  # its folder, relative to the project root
    loc: Loc

    @property
    def alias(self) -> str:
        """The name the generated modules import it as."""
        return "_" + self.name


@dataclass(frozen=True)
class EnvVarDef:
    """How `<package>.envs` gives one environment variable (top-level `environment:`):
    vLLM's type and default for it, whatever type the configs read it as."""

    name: str
    type_text: str  # as written: bool, int, float, str or Literal[...], maybe `| None`
    kind: str  # how its text parses: bool, int, float or str
    optional: bool  # `| None`: the default may be None
    choices: tuple[str, ...]  # a Literal's values; () for any text
    default: object
    default_env: str  # the variable whose value is the default when unset ('' for none)
    vllm_envs: bool  # in vLLM's vllm.envs (else vLLM reads os.environ itself)
    doc: str
    loc: Loc


def is_library_call(hook: str) -> bool:
    """A hook name written as `<library>.<function>` (`call:`) rather than a hook."""
    return "." in hook


@dataclass(frozen=True)
class BreakingOk:
    """A breaking change declared intended (`project.breaking_ok`), by `cfgc diff` id."""

    change: str
    reason: str
    loc: Loc


@dataclass(frozen=True)
class Fate:
    """What became of an entry removed in `release` (`removed:` in the schema): read by
    the docs and by `vllm-config upgrade`."""

    subject: str  # e.g. "ModelConfig.enable_return_routed_experts"
    path: tuple[str, ...]  # its keys from the document's top
    release: str
    kind: str  # renamed_to, replaced_by or dropped
    target: str  # the new name, what replaces it, or why nothing does
    convert: str | None
    loc: Loc


def release_slug(release: str) -> str:
    """A release's folder (and module) name: "0.33.0" -> "v0_33_0"."""
    return "v" + release.replace(".", "_").replace("-", "_")


@dataclass(frozen=True)
class Schema:
    package: str
    version: int
    classes: tuple[ClassDef, ...]
    enums: tuple[EnumDef, ...]
    aliases: tuple[AliasDef, ...]
    runtime_types: tuple[RuntimeTypeDef, ...]
    files: tuple[str, ...] = ()
    hooks_package: str = "cfgc.hooks"  # import name the generated modules use
    hooks_path: str = "codegen/cfgc/hooks"  # its folder, relative to the project root
    # Libraries the schema calls (`call: <name>.<function>`): their API is the top-level
    # functions of the package's __init__.py, read (never imported) like hooks.
    libraries: tuple[Library, ...] = ()
    breaking_ok: tuple[BreakingOk, ...] = ()
    differences: tuple[Difference, ...] = ()  # project-level `differs_from_vllm` entries
    constants: tuple[ConstantDef, ...] = ()
    environment: tuple[EnvVarDef, ...] = ()  # how <package>.envs types each variable
    # The release this schema describes, and every release the project lists (oldest
    # first) with the default one: one Schema per release (front/releases.py).
    release: str = ""
    releases: tuple[str, ...] = ()
    default_release: str = ""
    #: Every removal the schema declares, in any release, with its fate.
    fates: tuple[Fate, ...] = ()
    # The kernels section and the project root the schema was read from (kernel sources
    # live there).
    kernel_set: KernelSet | None = field(default=None, compare=False)
    # The platforms section and the file declaring it.
    platform_set: PlatformSet | None = field(default=None, compare=False)
    platform_file: str = field(default="", compare=False)
    root: Path | None = field(default=None, compare=False)

    @property
    def command(self) -> str:
        """The operator command's name: the package's, with dashes (`vllm-config`)."""
        return self.package.replace("_", "-")

    @property
    def modules(self) -> tuple[str, ...]:
        return tuple(sorted({c.module for c in self.classes}))

    def all_differences(self) -> list[Difference]:
        """Every declared difference from vLLM 0.25.1: project-level ones, then per class
        (the class, its fields, properties and methods), then module constants."""
        out = list(self.differences)
        for c in self.classes:
            if c.differs:
                out.append(Difference(c.name, c.differs, c.loc))
            out += [Difference(f"{c.name}.{f.name}", f.differs, f.loc)
                    for f in c.fields if f.differs]
            for a in (*c.properties, *c.methods):
                if a.differs or a.unsupported:
                    reason = a.differs or ("raises NotSupportedError: " + a.unsupported)
                    out.append(Difference(f"{c.name}.{a.name}", reason, a.loc))
        out += [Difference(f"{k.module}.{k.name}", k.differs or "not in this package: "
                           + k.absent, k.loc)
                for k in self.constants if k.differs or k.absent]
        return out
