# Generated from schema/logging.yaml by cfgc; do not edit.
"""Config classes: LoggingConfig."""


from pydantic import Field

from cfgc.runtime import hashing as _h
from cfgc.runtime import rules as _r
from cfgc.runtime.dataclass import config
from vllm_config import envs
from vllm_config.types import LogLevel


@config
class LoggingConfig:
    """How vLLM sets up Python logging when the engine starts: the level of its own
    handler, or a logging configuration file of yours. --log-level and
    --log-config-file set single fields over --logging-config.
    """

    log_level: LogLevel = Field(default_factory=lambda: _r.env_default('VLLM_LOGGING_LEVEL', 'literal', "INFO", envs), validate_default=True)
    """Level of the built-in handler when no logging file is given. Default: the VLLM_LOGGING_LEVEL variable, else INFO."""

    configure_logging: bool = Field(default_factory=lambda: _r.env_default('VLLM_CONFIGURE_LOGGING', 'bool', True, envs), validate_default=True)
    """Whether vLLM installs a logging configuration at all (its own handler, or the file below). False leaves logging to the embedding program. Default: the VLLM_CONFIGURE_LOGGING variable, else on."""

    pylogging_config_file: str | None = Field(default_factory=lambda: _r.env_default('VLLM_LOGGING_CONFIG_PATH', 'str', None, envs), validate_default=True)
    """A JSON file in Python's logging dictConfig format; it then decides loggers, handlers and formats instead of log_level and formatter, and needs configure_logging. Default: the VLLM_LOGGING_CONFIG_PATH variable. The --log-config-file spelling is deprecated in favour of --logging-config.pylogging_config_file."""

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_LoggingConfig


_CONSTANT_HASH_LoggingConfig = _h.digest("LoggingConfig", {})
"""No field of LoggingConfig feeds the cache key, so its hash is a constant."""
