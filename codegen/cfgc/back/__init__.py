"""Backends: one module per kind of output, each reading only the model.

Every backend has `emit(res, outputs) -> {path from the project root: content}`; `res` is
the resolved model (cfgc.model.resolved.Resolved), `outputs` what the backends before
it produced (only platforms reads it: its page names the generated classes that read
each platform attribute). The driver (cfgc.pipeline) runs them in its BACKENDS order.
A new output is a new module here and one line there; the front end never changes.
"""

GENERATED_DIR = "generated"
DOCS_REFERENCE_DIR = "docs/reference"
#: The folders whose files cfgc owns (each with a manifest of what it generated).
OWNED_DIRS = (GENERATED_DIR, DOCS_REFERENCE_DIR)
