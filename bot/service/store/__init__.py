"""Games, seats and move logs: the ``Store`` interface (``base``) and its SQLite implementation
(``sqlite``, with the numbered schema migrations in ``migrations/``)."""

from bot.service.store.base import (
    OPEN_STATUSES,
    Change,
    ChannelBusy,
    GameRecord,
    MoveRecord,
    Notice,
    PlayerSettings,
    SeatRecord,
    StaleVersion,
    Status,
    Store,
    StoreError,
    UnusableDatabase,
    WaitRecord,
)
from bot.service.store.sqlite import SqliteStore, migrations

__all__ = [
    "OPEN_STATUSES",
    "Change",
    "ChannelBusy",
    "GameRecord",
    "MoveRecord",
    "Notice",
    "PlayerSettings",
    "SeatRecord",
    "SqliteStore",
    "StaleVersion",
    "Status",
    "Store",
    "StoreError",
    "UnusableDatabase",
    "WaitRecord",
    "migrations",
]
