"""Settings from the environment, or a ``.env`` file (parsed here; no extra dependency)."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.service.clocks import CLOCK_MAX_HOURS, DEFAULT_CLOCK_HOURS
from bot.service.store.connect import is_postgres_url
from rules import all_games
from rules.core import Game, game_content_settings

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


class SettingsError(ValueError):
    """A setting that keeps the bot from starting; the message says which and why."""


@dataclass(frozen=True)
class Settings:
    token: str | None
    database: Path
    dev_guild_id: int | None
    log_level: str
    clock_hours: float = DEFAULT_CLOCK_HOURS  # the server's default move clock; 0 = no clock
    # REMINDER_HOURS (the single re-ping before move clocks) is no longer read: set but ignored,
    # it is named here so start-up can say so.
    obsolete: tuple[str, ...] = ()
    database_url: str | None = None  # postgresql://… selects PostgreSQL instead of the SQLite file
    # The games' content settings that are set (``rules.core.ContentSetting``): name -> value.
    content: Mapping[str, str] = field(default_factory=dict)
    # Worker processes for board images and computer players (bot.service.workers); None = one
    # per core, 0 = none (the work runs in a thread of the bot's process).
    workers: int | None = None
    # Gateway shards (discord.py's own sharding): None = one process, no sharding. With a count,
    # this process runs ``shard_ids`` of them (None: all of them).
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    log_format: str = "text"  # or "json": one JSON object per line (bot.service.health)

    @property
    def store_target(self) -> tuple[str, str | Path]:
        """The setting that chose the store (for error messages) and what it names."""
        if self.database_url is not None:
            return "DATABASE_URL", self.database_url
        return "DATABASE_PATH", self.database


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


def load(
    env: Mapping[str, str] | None = None, env_file: Path = Path(".env"), games: Sequence[Game] | None = None
) -> Settings:
    """The real environment wins over ``.env``. Raises ``SettingsError`` for an unusable value.
    ``games`` (default: the registry) declare the content settings read here."""
    merged = {**read_env_file(env_file), **(os.environ if env is None else env)}
    guild = merged.get("DEV_GUILD_ID", "").strip()
    if guild and not (guild.isascii() and guild.isdigit()):  # isdigit() alone takes "²"
        # Ignoring a typo would sync the commands globally instead (up to an hour to appear).
        raise SettingsError(
            f"DEV_GUILD_ID must be a server id (digits; Discord: right-click the server, Copy Server "
            f"ID), not '{guild}'. Leave it empty to register the commands globally."
        )
    log_level = (merged.get("LOG_LEVEL", "").strip() or "INFO").upper()
    if log_level not in LOG_LEVELS:
        raise SettingsError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not '{log_level}'.")
    url = merged.get("DATABASE_URL", "").strip()
    if url and not is_postgres_url(url):
        # Only the scheme is echoed: the rest of a URL may hold a password.
        scheme = f" (this one starts {url.split('://', 1)[0]}://)" if "://" in url else ""
        raise SettingsError(
            f"DATABASE_URL must be a postgresql://user@host/database URL{scheme}. For an SQLite file,"
            " leave DATABASE_URL empty and set DATABASE_PATH."
        )
    declared = [c.env for g in (all_games() if games is None else games) for c in game_content_settings(g)]
    content = {name: value for name in declared if (value := merged.get(name, "").strip())}
    return Settings(
        token=merged.get("DISCORD_TOKEN", "").strip() or None,
        database=Path(merged.get("DATABASE_PATH", "").strip() or "data/tavola.db"),
        dev_guild_id=int(guild) if guild else None,
        log_level=log_level,
        clock_hours=_hours(merged.get("CLOCK_HOURS", "")),
        obsolete=tuple(k for k in OBSOLETE if merged.get(k, "").strip()),
        database_url=url or None,
        content=content,
        workers=_workers(merged.get("WORKERS", "")),
        log_format=_log_format(merged.get("LOG_FORMAT", "")),
        **_shards(merged.get("SHARD_COUNT", ""), merged.get("SHARD_IDS", "")),
    )


OBSOLETE = ("REMINDER_HOURS",)  # replaced by CLOCK_HOURS and the clock's pings


def _hours(raw: str) -> float:
    text = raw.strip()
    if not text:
        return DEFAULT_CLOCK_HOURS
    try:
        hours = float(text)
    except ValueError:
        hours = -1.0
    if not 0 <= hours <= CLOCK_MAX_HOURS:  # also refuses nan and inf
        raise SettingsError(
            f"CLOCK_HOURS must be a number of hours from 0 (no clock) to {CLOCK_MAX_HOURS}, "
            f"not '{raw.strip()}'."
        )
    return hours


WORKERS_MAX = 64
LOG_FORMATS = ("text", "json")


def _log_format(raw: str) -> str:
    text = raw.strip().lower() or "text"
    if text not in LOG_FORMATS:
        raise SettingsError(f"LOG_FORMAT must be text or json, not '{raw.strip()}'.")
    return text


SHARD_MAX = 100_000  # far above Discord's need (a shard per 1,000-2,500 servers)


def _shards(count_text: str, ids_text: str) -> dict[str, Any]:
    count_text, ids_text = count_text.strip(), ids_text.strip()
    if not count_text:
        if ids_text:
            raise SettingsError("SHARD_IDS needs SHARD_COUNT (the total number of shards of the bot).")
        return {}
    if not count_text.isdigit() or not 1 <= int(count_text) <= SHARD_MAX:
        raise SettingsError(
            f"SHARD_COUNT must be a number of shards from 1 to {SHARD_MAX}, not '{count_text}'."
        )
    count = int(count_text)
    if not ids_text:
        return {"shard_count": count}
    words = [w.strip() for w in ids_text.split(",")]
    if not all(w.isdigit() and int(w) < count for w in words) or len(set(words)) != len(words):
        raise SettingsError(
            f"SHARD_IDS must list this process's shards, different numbers from 0 to {count - 1}"
            f" separated by commas (e.g. 0,1), not '{ids_text}'."
        )
    return {"shard_count": count, "shard_ids": tuple(sorted(int(w) for w in words))}


def _workers(raw: str) -> int | None:
    text = raw.strip()
    if not text:
        return None
    if not text.isdigit() or int(text) > WORKERS_MAX:
        raise SettingsError(
            f"WORKERS must be a number of worker processes from 0 (none: draw in the bot's own "
            f"process) to {WORKERS_MAX}, or empty for one per core; not '{text}'."
        )
    return int(text)


def configure_content(settings: Settings, games: Sequence[Game] | None = None) -> None:
    """Install the content every game's settings choose, before any saved game is loaded.

    Each game declares its settings (``rules.core.ContentSetting``); an unset one installs the
    shipped content. Raises ``SettingsError`` naming the setting with every problem its game
    found, so the bot refuses to start rather than play with half-applied values.
    """
    install_content(settings.content, games)


def install_content(content: Mapping[str, str], games: Sequence[Game] | None = None) -> None:
    """``configure_content`` from the values alone: also each worker process's setup
    (``bot.service.workers``), so workers draw and play with the bot's content."""
    for game in all_games() if games is None else games:
        for setting in game_content_settings(game):
            value = content.get(setting.env)
            try:
                setting.install(value)
            except ValueError as exc:
                raise SettingsError(f"{setting.env}={value}: {exc}") from exc
