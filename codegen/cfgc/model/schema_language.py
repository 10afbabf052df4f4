"""The schema language, described once: every section, key, value shape, allowed value
and what each means (the words are in model/language.py).

The parser checks every mapping's keys against the record here (front/reader.py), the
JSON Schema editors read is generated from it (`generated/schema-language.json`), and
so is the key reference in docs/guide/schema.md. A new key is one `Key(...)` line in
its record, then `cfgc generate`; its meaning is read by the parser's code (front/).
Examples are one line of YAML each: tests/test_schema_language.py checks every one
against the JSON Schema, and that parser, JSON Schema and reference agree.
"""

from __future__ import annotations

from .language import (
    Anything,
    ChangeKey,
    Choice,
    Const,
    Either,
    Expression,
    Flag,
    Integer,
    Key,
    Language,
    ListOf,
    MapOf,
    Number,
    Record,
    Ref,
    Tagged,
    Text,
)

# -- values used in several places -------------------------------------------------

NAME = Text("a name", r"^[A-Za-z_][A-Za-z0-9_]*$")
DOTTED = Text("a dotted name", r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)+$")
IMPORT_NAME = Text("an import name", r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")
PATH = Text("a field path", r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")
FLAG = Text("a flag", r"^(--[a-z0-9][a-z0-9-]*(\.[a-z0-9_]+)*|-[A-Za-z][A-Za-z0-9]*)$")
DOC = Text("text", r"\S", nonempty=True)
TYPE = Text("a type expression", r"\S", nonempty=True)
RELEASE = Text("a release name")
ENV_VAR = Text("an environment variable name", r"^[A-Z_][A-Z0-9_]*$")
#: A variable the environment section declares (its name starts with a letter).
ENV_NAME = Text("an environment variable name", r"^[A-Z][A-Z0-9_]*$")
CALL = Text("`<library>.<function>`", r"^[A-Za-z_]\w*\.[A-Za-z_]\w*$")
STRINGS = ListOf(Text(), single=True)
FLAGS = ListOf(FLAG, single=True)

FIELD_KIND = Choice((
    ("field", "a stored field (the default)"),
    ("classvar", "a class constant: not a constructor argument, never hashed"),
    ("initvar", "passed to post-init steps and hooks, not stored"),
))
ACCESSOR_KIND = Choice((
    ("method", "takes the instance (the default)"),
    ("staticmethod", "takes no instance: a hook, or an expr over its parameters only"),
    ("classmethod", "takes the class: a hook, or `each_op`"),
    ("validator", "a pydantic model validator under vLLM's name: run when the class is "
     "built and callable by name; `rules` or `steps`, no expr, hook or call"),
))
NORMALISER = Choice((
    ("lower", "lower-cases a string"),
    ("upper", "upper-cases a string"),
    ("strip", "strips surrounding white space"),
    ("dash_to_underscore", "reads `-` in a string as `_`"),
    ("auto_to_none", "reads `auto` as None"),
    ("enum_by_name", "reads a member's name as the member"),
    ("comma_list", "splits a comma-separated string into a list"),
    ("dict_to_class", "builds the field's config class from a mapping"),
    ("as_is", "takes the value as given, unvalidated (objects the engine builds)"),
))
VALIDATOR_MODE = Choice((
    ("before", "on the raw value, before type validation"),
    ("after", "on the typed value (the default of expr and require)"),
    ("wrap", "around validation: hook(value, handler)"),
    ("plain", "instead of validation"),
))
EXPR_VALIDATOR_MODE = Choice(VALIDATOR_MODE.values[:2])
ENUM_BASE = Choice((
    ("Enum", "a plain enum (the default)"),
    ("IntEnum", "members are ints"),
    ("StrEnum", "members are strings"),
))
ENUM_STR = Choice((
    ("value", "str(member) is its value (the default)"),
    ("name", "str(member) is its name"),
))
RAISES = Choice((
    ("ValueError", "a bad value (the default)"),
    ("NotImplementedError", "a combination the engine does not support yet"),
    ("RuntimeError", "a state the call cannot run in"),
    ("AssertionError", "a consistency check vLLM makes with assert"),
))
WARNING_CATEGORY = Choice((
    ("UserWarning", "a Python UserWarning"),
    ("FutureWarning", "a Python FutureWarning"),
    ("RuntimeWarning", "a Python RuntimeWarning"),
))
CLI_EXPOSE = Choice((
    ("all", "every init field gets a flag (the default)"),
    ("listed", "only fields with their own `cli:` get one"),
))
FIELDS_FROM = Choice((
    ("kernel_ops", "one provider-priority field per op of the kernels section"),
))
HUMAN_INT = Choice((
    (True, "takes 4k / 4K"),
    (False, "plain integers only (the default)"),
    ("auto", "also takes `auto` / -1 (as -1)"),
))
#: The types an environment variable may have (or a Literal of strings), maybe | None.
ENV_KINDS = ("bool", "int", "float", "str")
ENV_TYPE = Text("bool, int, float, str or a Literal of strings, maybe with | None",
                rf"^\s*({'|'.join(ENV_KINDS)}|Literal\[.*\])\s*(\|\s*None\s*)?$")
SPEC_AXIS = Choice((
    ("dtype", "the activation dtypes (each needs tolerances under kernels.dtypes)"),
    ("hidden_size", "hidden sizes (positive ints)"),
    ("has_weight", "with and without a weight (true / false)"),
    ("in_place", "writing in place or not (true / false)"),
))
DTYPE = Choice((
    ("float32", "32-bit floats"),
    ("float16", "16-bit floats"),
    ("bfloat16", "bfloat16"),
))
HASH_RULE = Either((
    Const("include"),
    Ref("hash_exclude"),
))
CONSTRAINT_KEYS = (
    Key("ge", Number(), "The value is at least this.", "ge: 0"),
    Key("gt", Number(), "The value is greater than this.", "gt: 0"),
    Key("le", Number(), "The value is at most this.", "le: 1"),
    Key("lt", Number(), "The value is less than this.", "lt: 65536"),
    Key("min_length", Integer(0), "The string or collection has at least this many items.",
        "min_length: 1"),
    Key("max_length", Integer(0), "The string or collection has at most this many items.",
        "max_length: 64"),
    Key("pattern", Text("a regular expression"), "The string matches this regular "
        "expression.", 'pattern: "^[a-z_]+$"'),
)
#: The constraints of a field: those of its items, and multiple_of.
FIELD_CONSTRAINTS = (*CONSTRAINT_KEYS, Key("multiple_of", Number(positive=True),
                                           "The value is a multiple of this.", "multiple_of: 8"))

_RULE_STEPS = (("require", "rule"), ("warn", "rule"), ("info", "rule"))
#: Every kind of step, in the order an item's kind is looked for (its first key of these).
STEP_ORDER = ("set", "let", "do", "return", "require", "warn", "info", "apply", "hook",
              "call", "platform_priorities")
RESOLVE_STEP = Tagged(
    (("set", "set_step"), ("let", "let_step"), ("do", "do_step"), *_RULE_STEPS,
     ("apply", "apply_step"), ("hook", "hook_step"), ("call", "call_step"),
     ("platform_priorities", "priorities_step")),
    among=STEP_ORDER, what="a resolve step")
METHOD_STEP = Tagged(
    (("set", "set_step"), ("let", "let_step"), ("do", "do_step"), ("return", "return_step"),
     *_RULE_STEPS, ("platform_priorities", "priorities_step")),
    among=STEP_ORDER, what="a method step")

VALIDATOR = Tagged(
    (("shorthand", "shorthand_validator"), ("reject", "reject_validator"),
     ("hook", "hook_validator"), ("expr", "expr_validator"),
     ("require", "require_validator"), ("expose", "expose_validator")),
    plain=NORMALISER, what="a validator")

# -- a schema file and the project ---------------------------------------------------

TOP = Record(
    "schema_file", "A schema file", "schema/*.yaml",
    "Any file may hold any of these sections; classes go into the module named after "
    "the file.",
    (
        Key("project", Ref("project"), "The package, schema version, releases, hooks and "
            "libraries (exactly one file, schema/project.yaml).",
            "project: {package: vllm_config, schema_version: 1}"),
        Key("enums", MapOf(Ref("enum"), NAME), "Enums, emitted into `<package>.types`.",
            "enums: {Speed: {doc: How fast., members: {SLOW: 0, FAST: 1}}}"),
        Key("aliases", MapOf(Ref("alias"), NAME), "Named types, declared once and reused.",
            "aliases: {CacheDType: {doc: A cache dtype., type: 'Literal[\"auto\", \"fp8\"]'}}"),
        Key("runtime_types", MapOf(Ref("runtime_type"), NAME), "Types from heavy libraries: "
            "annotated as Any, imported lazily by hooks.",
            "runtime_types: {TorchDType: {import: torch.dtype, doc: A torch dtype.}}"),
        Key("classes", MapOf(Ref("class"), NAME), "The config classes of the file's module.",
            "classes: {CacheConfig: {doc: The KV cache., hash: {default: include}}}"),
        Key("constants", MapOf(Ref("constant"), NAME), "Module-level names that are not "
            "classes.", "constants: {DEFAULT_THREADS: {module: load, value: 8, doc: Threads.}}"),
        Key("kernels", Ref("kernels"), "The kernel section: providers, ops, dtypes "
            "(one file, schema/kernels.yaml).",
            "kernels: {providers: {}, ops: {}}"),
        Key("platforms", Ref("platforms"), "The hardware platforms as data (one file, "
            "schema/platforms.yaml).",
            "platforms: {default: cuda, env: CFGC_PLATFORM, attributes: {}, profiles: {}}"),
        Key("environment", MapOf(Ref("environment_variable"), ENV_NAME), "vLLM's type and "
            "default of each environment variable the configs read.",
            "environment: {VLLM_PORT: {type: int | None, default: null, doc: The port.}}"),
    ),
    history=False,
)

PROJECT = Record(
    "project", "The project", "project:",
    "What the whole schema compiles into, and which releases it describes.",
    (
        Key("package", NAME, "The generated package's import name.", "package: vllm_config",
            required=True),
        Key("schema_version", Integer(), "Feeds every cache key: bump it to invalidate them "
            "all.", "schema_version: 1", required=True),
        Key("doc", Text(), "What the schema describes.", "doc: vLLM's engine configuration."),
        Key("releases", Ref("releases"), "The releases the schema describes, oldest first, "
            "and the default one.", 'releases: {list: ["0.25.1", "0.33.0"], default: "0.25.1"}'),
        Key("hooks", Ref("hooks"), "Where the hand-written hooks are.",
            "hooks: {package: cfgc.hooks, path: codegen/cfgc/hooks}"),
        Key("libraries", MapOf(Ref("library"), NAME), "Hand-written libraries the schema "
            "calls by name (`call: checkpoint.read`).",
            "libraries: {checkpoint: {package: cfgc.checkpoint, path: codegen/cfgc/checkpoint}}"),
        Key("breaking_ok", MapOf(DOC, Text("a `cfgc diff` change id", r":")),
            "Breaking changes declared intended: a `cfgc diff` change id -> why.",
            "breaking_ok: {field-removed:CacheConfig.swap_space: moved to offloading}"),
        Key("differs_from_vllm", MapOf(DOC, Text("a topic")), "Deliberate differences from "
            "vLLM of no one class: topic -> reason (the differences page).",
            "differs_from_vllm: {cache key: schema_version replaces vLLM's version}"),
    ),
    history=False,
)

RELEASES = Record(
    "releases", "Releases", "project.releases",
    "The releases the schema describes; entries say how they differ with `added`, "
    "`removed` and `changed`.",
    (
        Key("list", ListOf(RELEASE, min_items=1), "The release names, oldest first.",
            'list: ["0.25.1", "0.33.0"]', required=True),
        Key("default", RELEASE, "The release `import vllm_config` loads unless "
            "CFGC_RELEASE says otherwise.", 'default: "0.25.1"', required=True),
    ),
    history=False,
)

HOOKS = Record(
    "hooks", "Hooks", "project.hooks",
    "The package and folder of the hand-written hooks (one module per schema file).",
    (
        Key("package", IMPORT_NAME, "The hooks' import package.", "package: cfgc.hooks",
            required=True),
        Key("path", Text("a folder inside the project"), "Its folder, from the project root.",
            "path: codegen/cfgc/hooks", required=True),
    ),
    history=False,
)

LIBRARY = Record(
    "library", "A library", "project.libraries.NAME",
    "A hand-written library whose top-level functions the schema calls.",
    (
        Key("package", DOTTED, "Its import package.", "package: cfgc.checkpoint",
            required=True),
        Key("path", Text("a folder inside the project"), "Its folder, from the project root.",
            "path: codegen/cfgc/checkpoint", required=True),
    ),
    history=False,
)

# -- enums, aliases, runtime types, constants ----------------------------------------

ENUM = Record(
    "enum", "An enum", "enums.NAME",
    "An enum of the types module.",
    (
        Key("doc", DOC, "What it is, in our own words.", "doc: How CUDA graphs are captured.",
            required=True),
        Key("members", MapOf(Either((Anything("a value"), Ref("member"))), NAME),
            "NAME -> value, or NAME -> {value, doc}.",
            "members: {NONE: 0, PIECEWISE: {value: 1, doc: Between attention ops.}}",
            required=True),
        Key("base", ENUM_BASE, "The enum's base class.", "base: IntEnum"),
        Key("str", ENUM_STR, "What str(member) gives.", "str: name"),
        Key("truth", Expression(), "bool(member), an expression over `self`.",
            "truth: self != CUDAGraphMode.NONE"),
        Key("engine_enum", DOTTED, "vLLM's own enum of this name outside its config "
            "package: its members equal ours.", "engine_enum: vllm.some.module.CUDAGraphMode"),
        Key("properties", MapOf(Ref("accessor"), NAME), "Read-only properties, each an "
            "`expr`.", "properties: {is_full: {expr: self == Mode.FULL, returns: bool, doc: "
            "Full graphs.}}"),
        Key("methods", MapOf(Ref("accessor"), NAME), "Methods, each an `expr`.",
            "methods: {at_least: {params: {other: Mode}, expr: self.value >= other.value, "
            "returns: bool, doc: At least other.}}"),
    ),
)

MEMBER = Record(
    "member", "An enum member", "enums.NAME.members.NAME",
    "A member with its own doc (else write the value alone).",
    (
        Key("value", Anything("a value"), "The member's value.", "value: 1"),
        Key("doc", Text(), "What the member means.", "doc: Capture between attention ops."),
    ),
)

ALIAS = Record(
    "alias", "An alias", "aliases.NAME",
    "A named type, declared once.",
    (
        Key("doc", DOC, "What values of it mean.", "doc: Storage dtype of the KV cache.",
            required=True),
        Key("type", TYPE, "The type it names.", 'type: Literal["auto", "fp8", "fp8_e4m3"]',
            required=True),
    ),
)

RUNTIME_TYPE = Record(
    "runtime_type", "A runtime type", "runtime_types.NAME",
    "A type from a heavy library: annotated as Any, recognised by module and name.",
    (
        Key("import", DOTTED, "The type's dotted import path (never imported by the "
            "package).", "import: torch.dtype", required=True),
        Key("doc", DOC, "What it is.", "doc: A torch dtype object.", required=True),
    ),
)

CONSTANT = Record(
    "constant", "A constant", "constants.NAME",
    "A module-level name that is not a class; exactly one source.",
    (
        Key("doc", DOC, "What it is (not needed with `absent`).",
            "doc: Threads that prefetch safetensors files."),
        Key("module", NAME, "The generated module it belongs to (default: the file's "
            "stem; it must have classes).", "module: load"),
        Key("value", Anything("a literal"), "A literal value.", "value: 8"),
        Key("values_of", NAME, "The values of a Literal alias, as a tuple.",
            "values_of: SequencePoolingType"),
        Key("alias", NAME, "An alias, re-exported.", "alias: RunnerType"),
        Key("table", DOTTED, "A class's defaults table, as a dict (vLLM's shape: nested "
            "per config).", "table: VllmConfig.level_defaults"),
        Key("row", NAME, "With `table`: only that row (an enum member's name).", "row: O2"),
        Key("absent", Text(), "A name vLLM's module exports that this package "
            "deliberately lacks, and why: nothing is generated, the reason goes on the "
            "differences page.", "absent: a helper of vLLM's engine, not configuration"),
        Key("import", DOTTED, "A function or class of `cfgc.runtime.<module>` or of a "
            "library.",
            "import: cfgc.runtime.context.get_current_vllm_config"),
        Key("expr", Expression(), "An expression, computed at import after the classes.",
            'expr: "{\'fp8\': \'fp8_e4m3\'}"'),
        Key("export", Flag(), "Also a top-level name of the package.", "export: true"),
        Key("differs_from_vllm", Text(), "Why it deliberately differs from vLLM.",
            "differs_from_vllm: a tuple where vLLM has a list"),
    ),
    exactly_one=("value", "values_of", "alias", "table", "import", "expr", "absent"),
)

# -- classes ---------------------------------------------------------------------------

CLASS = Record(
    "class", "A class", "classes.NAME",
    "A config class: its fields and what it enforces and derives.",
    (
        Key("doc", DOC, "What the class configures.", "doc: KV cache layout and prefix "
            "caching.", required=True),
        Key("module", NAME, "The generated module (default: the schema file's stem).",
            "module: cache"),
        Key("hash", Ref("class_hash"), "The class default hash rule and factors that are "
            "not fields.", "hash: {default: include}"),
        Key("cli", Ref("class_cli"), "Its help group, whole-config JSON flag and which "
            "fields get flags.", "cli: {group: CacheConfig, json_flag: --cache-config}"),
        Key("fields", MapOf(Ref("field"), NAME), "The fields, in order.",
            "fields: {block_size: {type: int, default: 16, doc: Tokens per block.}}"),
        Key("rules", ListOf(Ref("rule")), "Checks run after construction, in order.",
            "rules: [{require: size > 0, message: size must be positive}]",
            details="See [Declaring behaviour](#declaring-behaviour)."),
        Key("resolve", ListOf(RESOLVE_STEP), "The ordered after-construction "
            "steps.", "resolve: [{set: mode, when: mode is None, to: '\"auto\"'}]",
            details="`set`, `let`, `do`, `require`, `warn`, `info`, `apply`, `hook`, "
            "`call`, `platform_priorities`, each with an optional `when:`. See [Methods made "
            "of steps](#methods-made-of-steps) and [the platforms "
            "section](#the-platforms-section)."),
        Key("tables", MapOf(Ref("table"), NAME), "Defaults tables keyed by an enum value.",
            "tables: {level_defaults: {doc: Per level., key: level, rows: {O0: {fast: "
            "false}}}}"),
        Key("properties", MapOf(Ref("accessor"), NAME), "Read-only properties: an "
            "expression, a hook or a library call.", "properties: {world_size: {expr: tp * "
            "pp, returns: int, doc: Workers.}}"),
        Key("methods", MapOf(Ref("accessor"), NAME), "Methods: an expression, steps, a hook "
            "or a library call.", "methods: {fits: {params: {tokens: int}, expr: tokens <= "
            "budget, returns: bool, doc: Whether it fits.}}"),
        Key("hook_points", MapOf(Ref("hook_point"), NAME), "Logic the engine must supply "
            "(the hook-points page).", "hook_points: {verify_with_model: {doc: Checks the "
            "dtype., supplies: ModelConfig}}"),
        Key("fields_from", FIELDS_FROM, "Adds generated fields.", "fields_from: kernel_ops",
            details="See [Kernels](kernels.md)."),
        Key("renamed_from", NAME, "The class's previous name, for `cfgc diff`.",
            "renamed_from: OldCacheConfig", details="See [Schema evolution](evolution.md)."),
        Key("differs_from_vllm", Text(), "A deliberate difference from vLLM and why (the "
            "differences page).", "differs_from_vllm: keeps the name where vLLM has a "
            "torch.dtype"),
        Key("post_init", STRINGS, "Schema language 1: hooks run first after construction "
            "(write `resolve: [{hook: name}]`).", "post_init: [apply_defaults]"),
        Key("model_validators", ListOf(Ref("model_validator")), "Schema language 1: hooks "
            "run first after construction (write `resolve: [{hook: name}]`).",
            "model_validators: [{hook: check_sizes, mode: after}]"),
    ),
)

MODEL_VALIDATOR = Record(
    "model_validator", "A model validator (language 1)", "classes.NAME.model_validators[]",
    "Kept so `cfgc diff` reads older refs: a hook step run first.",
    (
        Key("hook", NAME, "The hook: hook(self).", "hook: check_sizes", required=True),
        Key("mode", VALIDATOR_MODE, "Read and ignored: it runs after construction.",
            "mode: after"),
    ),
)

CLASS_HASH = Record(
    "class_hash", "A class's hash", "classes.NAME.hash",
    "How the class feeds the cache key.",
    (
        Key("default", HASH_RULE, "The rule of fields that state none.",
            "default: include"),
        Key("extra", MapOf(Ref("hash_factor"), Text("a name or dotted path", r"^[A-Za-z_]"
                                                    r"[A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")),
            "Factors that are not fields, by name.",
            "extra: {impl_uuids: {hook: kernel_uuids, doc: The kernels' sources.}}"),
    ),
)

HASH_FACTOR = Record(
    "hash_factor", "A hash factor", "classes.NAME.hash.extra.NAME",
    "A cache-key factor that is not a field: exactly one of path, hook and expr.",
    (
        Key("path", PATH, "A dotted path from the instance (None as soon as a step is "
            "None).", "path: multimodal_config.language_model_only"),
        Key("hook", NAME, "A hook: hook(self) -> any value.", "hook: kernel_uuids"),
        Key("expr", Expression(), "An expression over the instance.",
            "expr: len(cudagraph_capture_sizes)"),
        Key("reads", STRINGS, "The fields a hook factor reads.",
            "reads: [method, draft_model_config]"),
        Key("doc", Text(), "What the factor is.", "doc: The uuids of the kernels' sources."),
        Key("param", Text("a parameter name", r"^[a-z][a-z0-9_]*$"), "A keyword of "
            "compute_hash (default True) that leaves the factor out when given False.",
            "param: include_version"),
    ),
    exactly_one=("path", "hook", "expr"),
)

HASH_EXCLUDE = Record(
    "hash_exclude", "A hash exclusion", "...hash: {exclude: ...}",
    "The field does not feed the cache key, for this reason.",
    (
        Key("exclude", DOC, "Why the field is left out of the cache key.",
            "exclude: measured at run time by profiling", required=True),
    ),
    history=False,
)

CLASS_CLI = Record(
    "class_cli", "A class's command line", "classes.NAME.cli",
    "Which flags the class's fields get.",
    (
        Key("group", Text(), "The help group; gives every init field a flag.",
            "group: CacheConfig"),
        Key("expose", CLI_EXPOSE, "Which fields get flags.", "expose: listed"),
        Key("json_flag", FLAG, "A flag taking the whole config as JSON (listed in the group "
            "of the class holding it).", "json_flag: --compilation-config"),
        Key("json_aliases", FLAGS, "Other spellings of the JSON flag.", "json_aliases: [-cc]"),
        Key("enable_flag", FLAG, "A bool flag that creates an optional sub-config (without "
            "it the class's other flags have no effect).", "enable_flag: --enable-lora"),
    ),
)

HOOK_POINT = Record(
    "hook_point", "A hook point", "classes.NAME.hook_points.NAME",
    "Logic the engine must supply.",
    (
        Key("doc", DOC, "What the engine supplies.", "doc: Checks the cache dtype against "
            "the model.", required=True),
        Key("supplies", DOC, "What the engine gives it.", "supplies: ModelConfig",
            required=True),
    ),
)

TABLE = Record(
    "table", "A defaults table", "classes.NAME.tables.NAME",
    "Defaults keyed by an enum value, applied by a resolve step `apply: NAME`.",
    (
        Key("doc", DOC, "What the table sets.", "doc: What each optimization level turns on.",
            required=True),
        Key("key", Expression(), "The enum-valued expression that picks the row.",
            "key: optimization_level", required=True),
        Key("rows", MapOf(MapOf(Anything("a value, {value: ...} (a literal that carries "
                                         "release markers), or {expr: ..., name?: ...}"),
                                PATH), NAME),
            "One row per member: path -> value, filled where the target is None. An "
            "`expr` entry is a function of the config (with `name`, a module-level "
            "function of that name, as vLLM names its level table's functions).",
            "rows: {O0: {compilation_config.cudagraph_mode: NONE}}", required=True),
    ),
)

ACCESSOR = Record(
    "accessor", "A property or method", "classes.NAME.properties.NAME, .methods.NAME",
    "A read-only property or a method: an expression, steps, a hook or a library call.",
    (
        Key("doc", DOC, "What it returns or does.", "doc: Workers across all replicas.",
            required=True),
        Key("expr", Expression(), "The value, an expression over the instance (and the "
            "parameters).", "expr: world_size * data_parallel_size"),
        Key("returns", TYPE, "The type of the value (default Any).", "returns: int"),
        Key("params", MapOf(Either((TYPE, Ref("param"))), Text("a parameter name")),
            "name -> type, or name -> {type, default}; `*args` / `**kwargs` pass variadic "
            "arguments on.", "params: {tokens: int, scale: {type: float, default: 1.0}}",
            details="A method without `params` takes `*args, **kwargs` (a hook) or none."),
        Key("kind", ACCESSOR_KIND, "How the method is bound.", "kind: classmethod"),
        Key("mode", EXPR_VALIDATOR_MODE, "With `kind: validator`: `after` (the default) "
            "checks the built instance and returns it; `before` checks the raw input (its "
            "one parameter, the keyword arguments) and returns it.", "mode: before",
            details="See [Model validators](#model-validators)."),
        Key("hook", NAME, "A hook implements it: hook(self, ...) in the class's hooks "
            "module.", "hook: pick_backend"),
        Key("call", CALL, "A library function implements it.",
            "call: checkpoint.registry"),
        Key("rules", ListOf(Ref("rule")), "Checks of the arguments and the instance, run "
            "first.", "rules: [{require: seq_pooling_type is not None, message: unset}]",
            details="See [Checks of a property or method]"
            "(#checks-of-a-property-or-method)."),
        Key("steps", ListOf(METHOD_STEP), "Ordered steps that change the "
            "config (a method).", "steps: [{set: size, to: size * 2}]",
            details="See [Methods made of steps](#methods-made-of-steps)."),
        Key("each_op", Text("a parameter name"), "A classmethod building the class with a "
            "copy of this parameter for every kernel op.", "each_op: default"),
        Key("unsupported", Text(), "Exists with its signature but raises NotSupportedError "
            "with this reason.", "unsupported: needs a running engine"),
        Key("differs_from_vllm", Text(), "A deliberate difference from vLLM and why.",
            "differs_from_vllm: answers from the tables, not the model classes"),
    ),
    excludes=(("expr", ("hook", "call")), ("hook", ("call",))),
)

PARAM = Record(
    "param", "A parameter", "...params.NAME",
    "A parameter with a default, or one that some releases lack (release keys).",
    (
        Key("type", TYPE, "Its type.", "type: float", required=True),
        Key("default", Anything("a literal"), "Its default (a literal).", "default: 1.0"),
    ),
)

RULE = Record(
    "rule", "A rule", "classes.NAME.rules[]",
    "A check after construction (`require`), or a log line or warning (`warn`, `info`).",
    (
        Key("require", Expression(), "What must hold, else the error with `message`.",
            "require: tensor_parallel_size > 0"),
        Key("message", DOC, "The error; `{expression}` placeholders are filled in.",
            "message: tensor_parallel_size must be positive, got {tensor_parallel_size}"),
        Key("when", Expression(), "The rule applies only when this holds.",
            "when: enable_eplb"),
        Key("warn", DOC, "Logs a warning when `when` holds (instead of `require`).",
            "warn: max_parallel_loading_workers is ignored"),
        Key("info", DOC, "Logs an info line when `when` holds (instead of `require`).",
            "info: prefix caching is off for this model"),
        Key("raises", RAISES, "The exception a failing `require` raises.",
            "raises: NotImplementedError"),
        Key("category", WARNING_CATEGORY, "With `warn`: a Python warning of this category "
            "instead of a log line.", "category: FutureWarning"),
    ),
    at_least_one=("require", "warn", "info"),
    needs=(("require", ("message",)), ("warn", ("when",)), ("info", ("when",))),
    excludes=(("warn", ("info", "require", "message")), ("info", ("require", "message"))),
    warn_only=("category",),
)

SET_STEP = Record(
    "set_step", "A set step", "resolve[] / steps[]: set",
    "Assigns a field of this config or of a nested one.",
    (
        Key("set", PATH, "The field path to assign.", "set: distributed_executor_backend",
            required=True),
        Key("to", Expression(), "The value.", "to: '\"uni\"'"),
        Key("when", Expression(), "Only when this holds.", "when: world_size == 1"),
        Key("warn", Text(), "A warning logged before assigning.", "warn: falling back to uni"),
        Key("info", Text(), "An info line logged before assigning.",
            "info: one worker needs no executor processes"),
    ),
    needs=(("set", ("to",)),),
    excludes=(("warn", ("info",)),),
)

LET_STEP = Record(
    "let_step", "A let step", "resolve[] / steps[]: let",
    "Binds a local name, computed once, for later steps (with `when`, re-binds it).",
    (
        Key("let", NAME, "The name to bind.", "let: multiple", required=True),
        Key("to", Expression(), "Its value.", "to: uniform_decode_query_len"),
        Key("when", Expression(), "Re-binds only when this holds.", "when: multiple > 1"),
        Key("warn", Text(), "A warning logged after binding.", "warn: rounded to {multiple}"),
        Key("info", Text(), "An info line logged after binding.", "info: using {multiple}"),
    ),
    needs=(("let", ("to",)),),
    excludes=(("warn", ("info",)),),
)

DO_STEP = Record(
    "do_step", "A do step", "resolve[] / steps[]: do",
    "Calls a declared method for what it changes.",
    (
        Key("do", Expression(), "The call: the class's own method or a nested config's.",
            "do: compilation_config.set_splitting_ops_for_v1()", required=True),
        Key("when", Expression(), "Only when this holds.", "when: platform.supports_cudagraphs"),
    ),
)

RETURN_STEP = Record(
    "return_step", "A return step", "steps[]: return",
    "Leaves the method, with a value (or bare, in a method returning None).",
    (
        Key("return", Either((Expression(), Const(None))), "The value returned (empty for "
            "none).", "return: size", required=True),
        Key("when", Expression(), "Only when this holds.", "when: size is None"),
    ),
)

APPLY_STEP = Record(
    "apply_step", "An apply step", "resolve[]: apply",
    "Applies a defaults table of the class.",
    (
        Key("apply", NAME, "The table.", "apply: level_defaults", required=True),
        Key("when", Expression(), "Only when this holds.", "when: mode is not None"),
    ),
)

HOOK_STEP = Record(
    "hook_step", "A hook step", "resolve[]: hook",
    "A seam to the engine: hook(self[, *initvars]) changes the instance.",
    (
        Key("hook", NAME, "The hook.", "hook: pick_executor", required=True),
        Key("when", Expression(), "Only when this holds.", "when: backend is None"),
    ),
)

CALL_STEP = Record(
    "call_step", "A call step", "resolve[]: call",
    "Calls a library function with the instance.",
    (
        Key("call", CALL, "The function: `<library>.<function>`.", "call: checkpoint.read",
            required=True),
        Key("when", Expression(), "Only when this holds.", "when: model is not None"),
    ),
)

PRIORITIES_STEP = Record(
    "priorities_step", "A platform_priorities step", "resolve[] / steps[]: platform_priorities",
    "Appends the platform's IR op provider order to each op list of a config.",
    (
        Key("platform_priorities", PATH, "The config with `fields_from: kernel_ops`.",
            "platform_priorities: kernel_config.ir_op_priority", required=True),
        Key("device_type", Expression(), "The device type whose profile's order applies.",
            "device_type: platform.device_type", required=True),
        Key("compiled", Expression(), "Whether Inductor compiles the model (`compiled` "
            "orders, else `eager`).", 'compiled: compilation_config.backend == "inductor"',
            required=True),
        Key("when", Expression(), "Only when this holds.",
            "when: platform.ir_op_priority_on_build"),
    ),
)

# -- fields ----------------------------------------------------------------------------

FIELD = Record(
    "field", "A field", "classes.NAME.fields.NAME",
    "A field of a config class.",
    (
        Key("type", TYPE, "A Python-like type expression, parsed, never evaluated.",
            "type: list[int] | None", required=True,
            details="`bool`, `int`, `float`, `str`, `bytes`, `Path`, `Any`, `Optional[X]` "
            "(the union of X and None, also written with a pipe), `list[T]`, `set[T]`, "
            "`tuple[T, ...]`, `tuple[A, B]`, `dict[K, V]`, `Literal[...]` (str/int/bool), "
            "and any declared enum, alias, runtime type or class."),
        Key("doc", DOC, "Our own words: what it does, units, when to change it.",
            "doc: Tokens per cache block.", required=True),
        Key("default", Anything("a literal of the field's type"), "The default, checked "
            "against type and constraints at compile time (enum members by name).",
            "default: auto", details="List and dict defaults become default factories."),
        Key("default_factory", NAME, "A config class, or list, dict, set, Counter (a "
            "dict[str, int] tally).", "default_factory: PassConfig"),
        Key("unset", Const(True), "None at construction although the type is not optional; "
            "a post-init step fills it in.", "unset: true"),
        Key("required", Const(True), "No default (also when no default key is given).",
            "required: true"),
        Key("hash", HASH_RULE, "Whether it feeds the cache key; required unless the class "
            "has hash.default.", "hash: {exclude: measured at run time by profiling}"),
        Key("kind", FIELD_KIND, "What kind of attribute it is.", "kind: initvar"),
        Key("init", Flag(), "false: not a constructor argument (derived or run-time state; "
            "needs a default).", "init: false"),
        *FIELD_CONSTRAINTS,
        Key("items", Ref("items"), "Constraints on each item of a list, set or tuple (each "
            "value of a dict).", "items: {ge: 0}"),
        Key("validate", ListOf(VALIDATOR, single=True), "Validation "
            "steps of the one value, in order.",
            "validate: [lower, {expr: value.strip(), mode: before}]",
            details="Names: `lower`, `upper`, `strip`, `dash_to_underscore`, "
            "`auto_to_none`, `enum_by_name`, `comma_list`, `dict_to_class`, and `as_is` "
            "(the value is taken as given, unvalidated: for objects the engine builds). "
            "Mappings: `{shorthand: {IN: OUT}}`, `{reject: {values, message}}`, "
            "`{expr: E, when?, mode?}` (the new value), `{require: E, message, when?, "
            "mode?}` (a check), `{expose: name, mode, doc}` (the field's validator of that "
            "mode under a public name) and `{hook: name, mode}`. `value` is the incoming "
            "value; other fields are not names (compare fields in a rule). See [Field "
            "validators](#field-validators)."),
        Key("derive", Expression(), "The value when none is given, computed after "
            "construction.", "derive: pipeline_parallel_size * tensor_parallel_size",
            details="The field is None until then. Docs show `derived: <expr>`."),
        Key("env", ENV_VAR, "When this variable is set, it is the default (parsed by the "
            "field's type).", "env: VLLM_COMPILE_CACHE_SAVE_FORMAT",
            details="bool takes 1/0, true/false, yes/no, on/off. An explicit value wins. "
            "Listed on the [environment variables](../reference/environment.md) page."),
        Key("deprecated", Either((Text(), Ref("deprecation"))), "Warns once when a "
            "non-default value is given.",
            "deprecated: {message: scales now come from the checkpoint, replacement: \"\"}"),
        Key("deprecated_values", MapOf(Ref("deprecated_value"), Text("an old value")),
            "Old values that still work: each warns once and is read as the new one.",
            "deprecated_values: {naive: {use: allgather_reducescatter, message: removed}}"),
        Key("cli", Either((Flag(), Ref("field_cli"))), "Its flag: false (none), true, or "
            "how it is spelled and read.", "cli: {flag: --kv-cache-dtype}",
            details="Fields of a class with `cli.group` get `--field-name` by default "
            "(with `expose: listed`, only fields that have `cli:`). A bool `--enable-x` "
            "also gets `--disable-x` (and, like every bool, `--no-enable-x`). vLLM's flags: "
            "`schema/_notes/engine_flags.md`."),
        Key("hook_point", Text(), "What the engine supplies for this field at run time.",
            "hook_point: platform's device type when device is \"auto\""),
        Key("renamed_from", NAME, "The field's previous name: `cfgc diff` reports a rename.",
            "renamed_from: swap_space", details="Keep the old flag working with `cli: "
            "{aliases: [--old-name]}`. See [Schema evolution](evolution.md)."),
        Key("differs_from_vllm", Text(), "Why it deliberately differs from vLLM (the "
            "[differences page](../reference/differences.md)).",
            "differs_from_vllm: keeps the name where vLLM has a torch.dtype"),
        Key("meaning_changed", MapOf(DOC, Text("a value")), "Values a release still takes "
            "but reads differently: value -> why (under `changed:`).",
            "meaning_changed: {fp8: now means the checkpoint's own fp8 scheme}",
            details="`vllm-config upgrade` flags a command line that gives one."),
    ),
    excludes=(("default", ("default_factory", "unset", "required")),
              ("default_factory", ("unset", "required")), ("unset", ("required",))),
)

ITEMS = Record(
    "items", "Item constraints", "classes.NAME.fields.NAME.items",
    "Constraints on each item (each value of a dict).",
    CONSTRAINT_KEYS,
)

DEPRECATION = Record(
    "deprecation", "A deprecation", "classes.NAME.fields.NAME.deprecated",
    "The warning given once when a non-default value is set.",
    (
        Key("message", DOC, "Why it is deprecated.", "message: scales now come from the "
            "checkpoint", required=True),
        Key("replacement", Text(), "What to use instead.", "replacement: calculate_scales"),
    ),
)

DEPRECATED_VALUE = Record(
    "deprecated_value", "A deprecated value", "classes.NAME.fields.NAME.deprecated_values.OLD",
    "An old value that still works.",
    (
        Key("use", Anything("a value of the field's type"), "The value it is read as.",
            "use: allgather_reducescatter", required=True),
        Key("message", Text(), "Why, in the warning.", "message: the naive backend was "
            "removed"),
    ),
)

FIELD_CLI = Record(
    "field_cli", "A field's flag", "classes.NAME.fields.NAME.cli",
    "How the field's flag is spelled and read.",
    (
        Key("flag", FLAG, "The flag (default `--field-name`).", "flag: --kv-cache-dtype"),
        Key("aliases", FLAGS, "Other spellings.", "aliases: [-tp]"),
        Key("negation", FLAG, "The flag that sets a bool false.",
            "negation: --no-enable-prefix-caching"),
        Key("human_int", HUMAN_INT, "Takes 4k / 4K for an int.", "human_int: true"),
        Key("metavar", Text(), "The value's name in the help.", "metavar: SIZE"),
        Key("group", Text(), "The help group, when not the class's.", "group: ModelConfig"),
        Key("fill", Anything(), "A required argument the engine supplies: building configs "
            "from flags passes this, and it has no flag.", "fill: 0"),
        Key("from_parent", PATH, "An argument the engine passes from the enclosing "
            "config's own field (built first); no flag.", "from_parent: model_config"),
        Key("also", PATH, "The value (unless None) also goes to this dotted path of the "
            "main top-level class.", "also: additional_config.gdn_prefill_backend",
            details="Nested configs, then at most one key of a dict field."),
        Key("exclusive", Flag(), "vLLM rejects the flag together with the same key of its "
            "class's JSON flag.", "exclusive: true"),
        Key("none", Flag(), "false: the flag refuses None and an empty value although the "
            "field is optional (the Python API still takes None); true, the default, undoes "
            "that under a later release's `changed:`.", "none: false"),
    ),
)

# -- validators ------------------------------------------------------------------------

SHORTHAND_VALIDATOR = Record(
    "shorthand_validator", "A shorthand validator", "validate[]: shorthand",
    "Reads input spellings as values (before validation).",
    (
        Key("shorthand", MapOf(Anything(), Text("an input spelling")), "input -> value.",
            "shorthand: {fp8: fp8_e4m3}", required=True),
        Key("mode", EXPR_VALIDATOR_MODE, "Always before.", "mode: before"),
    ),
)

REJECT_VALIDATOR = Record(
    "reject_validator", "A reject validator", "validate[]: reject",
    "Refuses removed values with a message (before validation).",
    (
        Key("reject", Ref("reject"), "The values and the message.",
            "reject: {values: [naive], message: the naive backend was removed}",
            required=True),
        Key("mode", EXPR_VALIDATOR_MODE, "Always before.", "mode: before"),
    ),
)

REJECT = Record(
    "reject", "Rejected values", "validate[]: reject: ...",
    "What a reject validator refuses.",
    (
        Key("values", ListOf(Anything()), "The refused values.", "values: [naive]",
            required=True),
        Key("message", DOC, "The error.", "message: the naive backend was removed",
            required=True),
    ),
    history=False,
)

HOOK_VALIDATOR = Record(
    "hook_validator", "A hook validator", "validate[]: hook",
    "A hand-written validator: hook(value), or hook(value, handler) for wrap.",
    (
        Key("hook", NAME, "The hook.", "hook: check_power_of_two", required=True),
        Key("mode", VALIDATOR_MODE, "When it runs (default after).", "mode: after"),
    ),
)

EXPR_VALIDATOR = Record(
    "expr_validator", "An expr validator", "validate[]: expr",
    "The new value, an expression over `value`.",
    (
        Key("expr", Expression(), "The new value.", "expr: value.strip()", required=True),
        Key("when", Expression(), "Only when this holds.", "when: isinstance(value, str)"),
        Key("mode", EXPR_VALIDATOR_MODE, "Before: `value` is Any (narrow it with "
            "isinstance); after (the default): it has the field's type.", "mode: before"),
    ),
)

REQUIRE_VALIDATOR = Record(
    "require_validator", "A require validator", "validate[]: require",
    "A check of `value`: ValueError with the message when it fails.",
    (
        Key("require", Expression(), "What must hold.", "require: value in ModelDType",
            required=True),
        Key("message", DOC, "The error (`{value!r}` placeholders).",
            "message: unknown dtype {value!r}", required=True),
        Key("when", Expression(), "Only when this holds.", "when: isinstance(value, str)"),
        Key("mode", EXPR_VALIDATOR_MODE, "Before or after (the default).", "mode: before"),
    ),
)

EXPOSE_VALIDATOR = Record(
    "expose_validator", "An expose validator", "validate[]: expose",
    "Gives the field's validator of a mode a public name (a classmethod the engine calls).",
    (
        Key("expose", Text("a public name", r"^[A-Za-z][A-Za-z0-9_]*$"), "The public name.",
            "expose: validate_backend_before", required=True),
        Key("mode", EXPR_VALIDATOR_MODE, "The validator exposed.", "mode: before",
            required=True),
        Key("doc", DOC, "Its docstring.", "doc: The value as the field stores it.",
            required=True),
    ),
)

# -- constants, environment ------------------------------------------------------------

ENVIRONMENT_VARIABLE = Record(
    "environment_variable", "An environment variable", "environment.NAME",
    "How `<package>.envs` gives a variable: vLLM's type and default.",
    (
        Key("type", ENV_TYPE, "Its type.", 'type: Literal["binary", "unpacked"] | None',
            required=True),
        Key("doc", DOC, "What it does.", "doc: Force the V2 model runner on or off.",
            required=True),
        Key("default", Anything("a value of its type"), "The value when unset.",
            "default: null"),
        Key("default_env", ENV_NAME, "When unset: that declared variable's value.",
            "default_env: VLLM_DP_RANK"),
        Key("vllm_envs", Flag(), "false: vLLM reads it from os.environ, not through "
            "vllm.envs.", "vllm_envs: false"),
    ),
    excludes=(("default", ("default_env",)),),
)

# -- kernels ---------------------------------------------------------------------------

KERNELS = Record(
    "kernels", "The kernels section", "kernels:",
    "The kernel ops, their providers and what warmup compiles.",
    (
        Key("providers", MapOf(Ref("provider"), NAME), "The op registry's providers.",
            "providers: {native: {doc: Plain torch., sources: [vllm_kernels.native]}}",
            required=True),
        Key("engine_providers", MapOf(DOC, NAME), "Provider names of the engine's own "
            "kernels (accepted in priority lists only): name -> doc.",
            "engine_providers: {vllm_c: vLLM's CUDA kernels.}"),
        Key("dtypes", MapOf(Ref("tolerance"), DTYPE), "Tolerances of each dtype.",
            "dtypes: {bfloat16: {atol: 1.6e-2, rtol: 1.6e-2}}"),
        Key("warmup_num_tokens", ListOf(Integer(1)), "Token counts each warmup item "
            "launches with.", "warmup_num_tokens: [1, 16, 256]"),
        Key("ops", MapOf(Ref("op"), NAME), "The IR ops.",
            "ops: {rms_norm: {doc: RMS norm., signature: rms_norm(x) -> Tensor, providers: "
            "[native], specialisations: {dtype: [bfloat16]}}}", required=True),
        Key("priority_validate", ListOf(VALIDATOR, single=True),
            "The `validate` list of every op's priority field.",
            "priority_validate: [comma_list]"),
        Key("deployment", Ref("deployment"), "The shapes a served model's layers call each "
            "op with: its warmup plan.",
            "deployment: {architecture: model_config.architecture, dtype: '\"bfloat16\"', "
            "num_tokens: '[1]', max_num_tokens: '8', architectures: {}}",
            details="See [Kernels](kernels.md#a-served-models-plan)."),
    ),
)

DEPLOYMENT = Record(
    "deployment", "A served model's plan", "kernels.deployment",
    "Expressions over the resolved VllmConfig (and the values declared before): every "
    "item of the plan is a kernel specialisation the served architecture's layers hit.",
    (
        Key("doc", DOC, "What the plan is.", "doc: The shapes the layers call the ops with."),
        Key("values", MapOf(Ref("deployment_value"), NAME), "Named values, in order; each "
            "may use those before it.",
            "values: {tp: {expr: parallel_config.tensor_parallel_size, doc: Ranks.}}"),
        Key("architecture", Expression(), "The architecture served (a key of "
            "`architectures`).", "architecture: model_config.architecture", required=True),
        Key("dtype", Expression(), "Every item's dtype name.",
            "dtype: str(model_config.dtype)", required=True),
        Key("num_tokens", Expression(), "The token counts every call launches with.",
            "num_tokens: '[1, scheduler_config.max_num_batched_tokens]'", required=True),
        Key("max_num_tokens", Expression(), "The most tokens one launch has; the kernels' "
            "threshold counts past it are not warmed.",
            "max_num_tokens: scheduler_config.max_num_batched_tokens", required=True),
        Key("architectures", MapOf(Ref("deployment_architecture"), NAME), "The op calls of "
            "each architecture's layers.",
            "architectures: {LlamaForCausalLM: {calls: [{op: rms_norm, layers: every norm, "
            "width: hidden_size}]}}", required=True),
    ),
    history=False,
)

DEPLOYMENT_VALUE = Record(
    "deployment_value", "A deployment value", "kernels.deployment.values.NAME",
    "A name the deployment's later expressions may use.",
    (
        Key("expr", Expression(), "Its value, over the VllmConfig and earlier values.",
            "expr: parallel_config.tensor_parallel_size", required=True),
        Key("doc", DOC, "What it is.", "doc: Tensor-parallel ranks.", required=True),
    ),
)

DEPLOYMENT_ARCHITECTURE = Record(
    "deployment_architecture", "An architecture's op calls",
    "kernels.deployment.architectures.NAME",
    "The op calls an architecture's layers make (learned from the engine's model code).",
    (
        Key("doc", DOC, "Which model code it follows.", "doc: Llama (llama.py)."),
        Key("like", NAME, "Another architecture whose calls come first.",
            "like: LlamaForCausalLM"),
        Key("calls", ListOf(Ref("op_call")), "Its own calls.",
            "calls: [{op: rms_norm, layers: every norm, width: hidden_size}]"),
    ),
    at_least_one=("like", "calls"),
)

OP_CALL = Record(
    "op_call", "An op call", "kernels.deployment.architectures.NAME.calls[]",
    "One kind of call a layer makes: its op, its width and flags, as expressions.",
    (
        Key("op", NAME, "The op called.", "op: rms_norm", required=True),
        Key("layers", DOC, "The layers that make the call.", "layers: q_norm and k_norm",
            required=True),
        Key("width", Expression(), "The item's hidden_size: an int, or a list of them.",
            "width: hidden_size", required=True),
        Key("rows_per_token", Expression(), "Rows each token gives (heads of a per-head "
            "norm).", "rows_per_token: q_heads"),
        Key("has_weight", Flag(), "A norm with a weight (the default) or without.",
            "has_weight: false"),
        Key("in_place", Flag(), "fused_add_rms_norm: the output overwrites x.",
            "in_place: true"),
        Key("approximate", Expression(), "gelu_and_mul_sparse: the GELU form.",
            "approximate: gelu_approximate"),
        Key("row_stride", Expression(), "A norm over some columns of wider rows: their "
            "width.", "row_stride: kv_lora_rank + qk_rope_head_dim"),
        Key("token_stride", Expression(), "A per-head norm over a (tokens, "
            "rows_per_token, width) view of wider rows: their width (the fused QKV "
            "output's).", "token_stride: (q_heads + 2 * kv_heads) * head_size"),
        Key("weight_dtype", Expression(), "A norm whose weight has another dtype.",
            "weight_dtype: '\"float32\"'"),
        Key("num_tokens", Expression(), "This call's token counts (default: the "
            "deployment's).", "num_tokens: '[1]'"),
        Key("max_num_tokens", Expression(), "This call's most tokens (default: the "
            "deployment's).", "max_num_tokens: encoder_max_num_tokens"),
        Key("when", Expression(), "The call happens only when this holds.",
            "when: q_lora_rank > 0"),
    ),
)

PROVIDER = Record(
    "provider", "A kernel provider", "kernels.providers.NAME",
    "A provider of the op registry.",
    (
        Key("doc", DOC, "What it is.", "doc: Triton kernels with fp32 accumulation.",
            required=True),
        Key("sources", STRINGS, "The modules its uuid covers (in the cache key).",
            "sources: [vllm_kernels.triton_rms_norm]", required=True),
        Key("jit", Flag(), "Compiled on first use, so warmed up before serving.", "jit: true"),
    ),
)

TOLERANCE = Record(
    "tolerance", "Tolerances", "kernels.dtypes.DTYPE",
    "How close a provider's result must be to the native one.",
    (
        Key("atol", Number(), "Absolute tolerance.", "atol: 1.0e-5"),
        Key("rtol", Number(), "Relative tolerance.", "rtol: 1.0e-5"),
    ),
)

OP = Record(
    "op", "A kernel op", "kernels.ops.NAME",
    "An IR op: its providers and the specialisations warmup compiles.",
    (
        Key("doc", DOC, "What it computes.", "doc: RMS normalisation of the last dimension.",
            required=True),
        Key("signature", DOC, "Its Python signature.", 'signature: "rms_norm(x, weight: '
            'Tensor | None, epsilon: float) -> Tensor"', required=True),
        Key("activations", STRINGS, "Its activation arguments.", "activations: [x]"),
        Key("providers", STRINGS, "Its providers; `native` is the fallback every op has.",
            "providers: [native, triton]"),
        Key("default_priority", STRINGS, "The registry's default order.",
            "default_priority: [triton, native]"),
        Key("specialisations", MapOf(Either((ListOf(Anything()), Anything())), SPEC_AXIS),
            "axis -> values that serving can hit.",
            "specialisations: {dtype: [bfloat16], hidden_size: [4096]}", required=True),
    ),
)

# -- platforms -------------------------------------------------------------------------

PLATFORMS = Record(
    "platforms", "The platforms section", "platforms:",
    "What each hardware platform is and supports, as data.",
    (
        Key("default", NAME, "The profile used when none is selected.", "default: cuda",
            required=True),
        Key("env", ENV_VAR, "The environment variable that selects a profile.",
            "env: CFGC_PLATFORM", required=True),
        Key("host_env", ENV_VAR, "The environment variable that lists the host's CPU flags "
            "(comma-separated; empty: none) instead of reading them from the machine; "
            "needed once an attribute has host_cpu_flag.", "host_env: CFGC_HOST_CPU_FLAGS"),
        Key("attributes", MapOf(Ref("platform_attribute"), NAME), "Each value a profile "
            "gives, declared once.",
            "attributes: {supports_cudagraphs: {type: bool, doc: Static graphs.}}",
            required=True),
        Key("profiles", MapOf(Ref("profile"), NAME), "The platforms: a doc and a value "
            "for every attribute.",
            "profiles: {cpu: {doc: CPUs., supports_cudagraphs: false}}", required=True),
    ),
)

PLATFORM_ATTRIBUTE = Record(
    "platform_attribute", "A platform attribute", "platforms.attributes.NAME",
    "A value every profile gives (`platform.<name>` in expressions).",
    (
        Key("type", TYPE, "Its type (checked in every profile).", "type: int | None",
            required=True),
        Key("doc", DOC, "What it says.", "doc: Block size when none is given.",
            required=True),
        Key("host_cpu_flag", NAME, "Read from the machine instead of given by profiles: "
            "true when its CPU has this flag (the flags of /proc/cpuinfo, or host_env). "
            "Its type is bool.", "host_cpu_flag: avx512_bf16"),
    ),
)

PROFILE = Record(
    "profile", "A platform profile", "platforms.profiles.NAME",
    "One platform: a doc and a value for every attribute.",
    (
        Key("doc", DOC, "What platform it is.", "doc: NVIDIA GPUs.", required=True),
    ),
    open="a value for each attribute (`supports_cudagraphs: true`)",
)

# -- release history -------------------------------------------------------------------

REMOVED = Record(
    "removed", "A removal", "removed:",
    "Gone from a release on, and what became of it: exactly one fate.",
    (
        Key("in", RELEASE, "The first release without it.", 'in: "0.33.0"', required=True),
        Key("renamed_to", DOC, "Its new name.", "renamed_to: AuxOutputConfig.enabled"),
        Key("replaced_by", DOC, "What replaces it.", "replaced_by: offload_config"),
        Key("dropped", DOC, "Why nothing replaces it.", "dropped: the V0 engine is gone"),
        Key("convert", Expression(), "With replaced_by: the old value in the new terms.",
            "convert: value * 1024"),
        Key("until", RELEASE, "An entry of that name is back from this release on.",
            'until: "0.33.0"'),
    ),
    exactly_one=("renamed_to", "replaced_by", "dropped"),
    needs=(("convert", ("replaced_by",)),),
    history=False,
)

LIST_EDIT = Record(
    "list_edit", "A list edit", "changed.RELEASE.values, changed.RELEASE.default_items",
    "Items added to and removed from a list as it is in the release before; the items "
    "kept stay in their order.",
    (
        Key("add", ListOf(Anything("a new value")), "Appended at the end, in this order.",
            "add: [nvfp4_4over6]"),
        Key("remove", ListOf(Anything("a value that is there")), "Taken out (first).",
            "remove: [bitsandbytes]"),
        Key("after", MapOf(ListOf(Anything("a new value")), Text("a value that is there")),
            "Placed right after a value that is there: value -> the new ones, in order.",
            "after: {fp8_ds_mla: [nvfp4_ds_mla]}"),
        Key("before", MapOf(ListOf(Anything("a new value")), Text("a value that is there")),
            "Placed right before a value that is there: value -> the new ones, in order.",
            "before: {bf16: [auto]}"),
    ),
    at_least_one=("add", "remove", "after", "before"),
    history=False,
)

HISTORY_KEYS = (
    Key("added", RELEASE, "The entry exists from this release on.", 'added: "0.33.0"'),
    Key("removed", Ref("removed"), "The entry is gone from this release on, and why.",
        'removed: {in: "0.33.0", dropped: the V0 engine is gone}'),
    Key("changed", MapOf(Anything("the keys that differ"), RELEASE), "Keys that differ "
        "from a release on: mappings merge key by key, anything else is replaced.",
        'changed: {"0.33.0": {default: 8192}}'),
)

#: What a release's change may hold besides the keys it restates: edits of the entry as
#: it is in the release before (front/edits.py), so that a change says only what changed.
CHANGE_KEYS = (
    ChangeKey(Key("values", Ref("list_edit"), "The values added to and removed from the "
                  "Literal[...] of the type in force (instead of restating the type).",
                  "values: {add: [nvfp4], remove: [fp8_inc]}"), edits="type"),
    ChangeKey(Key("default_items", Ref("list_edit"), "The items added to and removed from "
                  "the list default in force (instead of restating the list).",
                  'default_items: {after: {"vllm::mamba": ["vllm::short_conv"]}}'),
              edits="default", shape=Anything),
    ChangeKey(Key("without", ListOf(Text("a key, or a dotted path into a mapping",
                                         r"^[^.\s]+(\.[^.\s]+)*$")),
                  "Keys the entry no longer has from this release on (a bound, a default, "
                  "a parameter); each must be there.", "without: [ge, params.tp_size]")),
)

LANGUAGE = Language(
    (TOP, PROJECT, RELEASES, HOOKS, LIBRARY, ENUM, MEMBER, ALIAS, RUNTIME_TYPE, CONSTANT,
     CLASS, CLASS_HASH, HASH_FACTOR, HASH_EXCLUDE, CLASS_CLI, HOOK_POINT, TABLE, ACCESSOR,
     PARAM, RULE, SET_STEP, LET_STEP, DO_STEP, RETURN_STEP, APPLY_STEP, HOOK_STEP,
     CALL_STEP, PRIORITIES_STEP, MODEL_VALIDATOR, FIELD, ITEMS, DEPRECATION,
     DEPRECATED_VALUE, FIELD_CLI, SHORTHAND_VALIDATOR, REJECT_VALIDATOR, REJECT,
     HOOK_VALIDATOR, EXPR_VALIDATOR, REQUIRE_VALIDATOR, EXPOSE_VALIDATOR,
     ENVIRONMENT_VARIABLE, KERNELS, PROVIDER, TOLERANCE, OP, DEPLOYMENT, DEPLOYMENT_VALUE,
     DEPLOYMENT_ARCHITECTURE, OP_CALL, PLATFORMS, PLATFORM_ATTRIBUTE,
     PROFILE, REMOVED, LIST_EDIT),
    HISTORY_KEYS,
    CHANGE_KEYS,
)
