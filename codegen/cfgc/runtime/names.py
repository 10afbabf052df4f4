"""Small module-level functions of vLLM's config modules that the generated package
re-exports (declared under `constants:` with `import:` in the schema)."""

from __future__ import annotations


def get_served_model_name(model: str, served_model_name: str | list[str] | None) -> str:
    """The name the server reports: the first of `served_model_name` when it is a
    non-empty list, itself when a non-empty string, else `model`."""
    if not served_model_name:
        return model
    if isinstance(served_model_name, list):
        return served_model_name[0]
    return served_model_name


def _is_uri_path(path: str) -> bool:
    """Whether `path` is a URI such as s3://bucket/x (a scheme of two or more characters
    before "://"; "C://" is a Windows drive, not a URI)."""
    scheme, sep, _ = path.partition("://")
    return bool(sep) and len(scheme) > 1
