"""Games, seats and move logs: the ``Store`` interface (``base``) and its SQLite implementation
(``sqlite``, with the numbered schema migrations in ``migrations/``)."""

from bot.service.store.base import (
    OPEN_STATUSES,
    Change,
    ChannelBusy,
    GameRecord,
    MoveRecord,
    SeatRecord,
    StaleVersion,
    Status,
    Store,
    StoreError,
    UnusableDatabase,
)
from bot.service.store.sqlite import SqliteStore, migrations

__all__ = [
    "OPEN_STATUSES",
    "Change",
    "ChannelBusy",
    "GameRecord",
    "MoveRecord",
    "SeatRecord",
    "SqliteStore",
    "StaleVersion",
    "Status",
    "Store",
    "StoreError",
    "UnusableDatabase",
    "migrations",
]
