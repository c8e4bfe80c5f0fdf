"""Settings from the environment, or a ``.env`` file (parsed here; no extra dependency)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Settings:
    token: str | None
    database: Path
    dev_guild_id: int | None
    log_level: str


def read_env_file(path: Path) -> dict[str, str]:
    """``KEY=value`` lines; blank lines and ``#`` comments ignored; optional quotes stripped."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key = key.strip().removeprefix("export ").strip()
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        values[key] = value
    return values


def load(env: Mapping[str, str] | None = None, env_file: Path = Path(".env")) -> Settings:
    """The real environment wins over ``.env``."""
    merged = {**read_env_file(env_file), **(os.environ if env is None else env)}
    guild = merged.get("DEV_GUILD_ID", "").strip()
    return Settings(
        token=merged.get("DISCORD_TOKEN", "").strip() or None,
        database=Path(merged.get("DATABASE_PATH", "").strip() or "data/tavola.db"),
        dev_guild_id=int(guild) if guild.isdigit() else None,
        log_level=(merged.get("LOG_LEVEL", "").strip() or "INFO").upper(),
    )
