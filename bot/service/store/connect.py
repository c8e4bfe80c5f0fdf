"""Which store a target names: a ``postgresql://`` URL opens PostgreSQL, anything else is a file.

SQLite stays the default with no configuration (``DATABASE_PATH``, default ``data/tavola.db``);
``DATABASE_URL=postgresql://…`` (or ``--db postgresql://…`` for the sandbox) selects PostgreSQL.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from bot.service.store.base import Store
from bot.service.store.sqlite import SqliteStore


def is_postgres_url(target: str | Path) -> bool:
    return isinstance(target, str) and target.split("://", 1)[0].lower() in ("postgresql", "postgres")


async def open_store(target: str | Path, clock: Callable[[], float] = time.time) -> Store:
    """Open (creating or migrating as needed) the store ``target`` names.

    Raises ``UnusableDatabase`` with one line saying what is wrong (never the URL's password)."""
    if is_postgres_url(target):
        # Imported here: a bot on SQLite never loads the PostgreSQL driver.
        from bot.service.store.postgres import PostgresStore

        return await PostgresStore.open(str(target), clock=clock)
    return await SqliteStore.open(target, clock=clock)
