"""Games, seats and move logs: the ``Store`` interface (``base``), its SQLite implementation
(``sqlite``, the default) and its PostgreSQL one (``postgres``, asyncpg, imported only when a
``postgresql://`` URL is opened), one sequence of numbered migrations for both (``migrations/``);
``open_store`` (``connect``) picks the store a file path or URL names."""

from bot.service.store.base import (
    COMPUTER,
    OPEN_STATUSES,
    Change,
    ChannelBusy,
    Computer,
    GameRecord,
    MoveRecord,
    Notice,
    PlayerSettings,
    Seating,
    SeatRecord,
    StaleVersion,
    Status,
    Store,
    StoreError,
    UnusableDatabase,
    WaitRecord,
)
from bot.service.store.connect import is_postgres_url, open_store
from bot.service.store.sqlite import SqliteStore, migrations

__all__ = [
    "COMPUTER",
    "OPEN_STATUSES",
    "Change",
    "ChannelBusy",
    "Computer",
    "GameRecord",
    "MoveRecord",
    "Notice",
    "PlayerSettings",
    "SeatRecord",
    "Seating",
    "SqliteStore",
    "StaleVersion",
    "Status",
    "Store",
    "StoreError",
    "UnusableDatabase",
    "WaitRecord",
    "is_postgres_url",
    "migrations",
    "open_store",
]
