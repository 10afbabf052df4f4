"""The front end: schema/*.yaml -> the resolved model (cfgc.model.resolved.Resolved).

`yaml_loader` (YAML with locations) -> `parse` (with `reader`, `kernels`, `platforms`:
one node at a time) -> `resolve` (cross-references; `expr` type-checks and `behaviour`
compiles the declared behaviour) -> `deps` and `flags` (definition order, the command
line) -> `load`, the entry, which adds the views backends share. Nothing here imports a
backend.
"""
