"""The storage interface the table service talks to (design.md, "Storage"): records, the one
version-checked write (``Change``), the ``Store`` protocol and its refusals.

Every write names the version it was computed from; a write against a stale version raises
``StaleVersion`` and changes nothing, so a move is never applied twice and never lost. Any store
(``sqlite.SqliteStore``, ``postgres.PostgresStore``) implements ``Store``; nothing here knows a database.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

Status = Literal["lobby", "running", "finished", "abandoned"]
OPEN_STATUSES: tuple[Status, ...] = ("lobby", "running")


class StoreError(Exception):
    """A storage refusal with a message for players."""


class StaleVersion(StoreError):
    """The game changed since the caller looked at it."""

    def __init__(self) -> None:
        super().__init__("The board changed while you were deciding. Look again and retry.")


class UnusableDatabase(Exception):
    """The database file can't be opened or created (corrupted, not SQLite, folder not writable).

    Not a ``StoreError``: it is an administrator's problem at start-up, never a player's."""


class ChannelBusy(StoreError):
    """The channel already has an open game."""

    def __init__(self) -> None:
        super().__init__(
            "This channel already has a game. Finish or abandon it first, or use another channel."
        )


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    user_id: int
    name: str


@dataclass(frozen=True)
class MoveRecord:
    seq: int
    seat: int
    text: str
    at: float


@dataclass(frozen=True)
class GameRecord:
    id: int
    guild_id: int
    channel_id: int
    game: str
    options: dict[str, Any]
    seed: int
    creator_id: int
    status: Status
    version: int
    state: str | None
    created_at: float
    updated_at: float
    seats: tuple[SeatRecord, ...] = ()
    lobby_message_id: int | None = None
    reminded_version: int | None = None  # the version whose wait was reminded (turn reminders)

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]


# The games columns every store reads, in this order (``game_record`` takes a row of them).
GAME_COLUMNS = (
    "id, guild_id, channel_id, game, options, seed, creator_id, status, version, state,"
    " created_at, updated_at, lobby_message_id, reminded_version"
)


def game_record(row: Sequence[Any], seats: Iterable[Sequence[Any]]) -> GameRecord:
    """A ``GameRecord`` from a row of ``GAME_COLUMNS`` and its (seat, user id, name) rows."""
    return GameRecord(
        id=int(row[0]),
        guild_id=int(row[1]),
        channel_id=int(row[2]),
        game=str(row[3]),
        options=json.loads(row[4]),
        seed=int(row[5]),
        creator_id=int(row[6]),
        status=row[7],
        version=int(row[8]),
        state=row[9],
        created_at=float(row[10]),
        updated_at=float(row[11]),
        seats=tuple(sorted((SeatRecord(int(s[0]), int(s[1]), str(s[2])) for s in seats), key=_seat_number)),
        lobby_message_id=None if row[12] is None else int(row[12]),
        reminded_version=None if row[13] is None else int(row[13]),
    )


def _seat_number(seat: SeatRecord) -> int:
    return seat.seat


@dataclass(frozen=True)
class Change:
    """One version-checked write. Fields left as None are not touched."""

    status: Status | None = None
    state: str | None = None
    seats: Sequence[SeatRecord] | None = None
    move: tuple[int, str] | None = None  # (seat, text) appended to the log
    channel_id: int | None = None  # the game moves to another channel (its own thread)
    lobby_message_id: int | None = None  # where the lobby card was posted


class Store(Protocol):
    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        options: dict[str, Any],
        seed: int,
        creator: SeatRecord,
    ) -> GameRecord: ...

    async def get(self, game_id: int) -> GameRecord | None: ...

    async def open_in_channel(self, channel_id: int) -> GameRecord | None: ...

    async def list_guild(
        self, guild_id: int, statuses: Sequence[Status] = OPEN_STATUSES
    ) -> list[GameRecord]: ...

    async def moves(self, game_id: int) -> list[MoveRecord]: ...

    async def commit(self, game_id: int, expected_version: int, change: Change) -> GameRecord: ...

    async def move_count(self, game_id: int, seat: int) -> int:
        """How many moves ``seat`` has made in the game."""
        ...

    async def waiting(self, idle_since: float) -> list[GameRecord]:
        """Running games unchanged since ``idle_since`` whose current wait was not reminded yet."""
        ...

    async def claim_reminder(self, game_id: int, version: int) -> bool:
        """Mark the wait at ``version`` reminded; False if already marked or the game moved on.
        Does not bump the version: buttons on the board stay valid."""
        ...

    async def get_value(self, key: str) -> str | None:
        """A value the bot kept between runs (``bot_values``), or None."""
        ...

    async def set_value(self, key: str, value: str) -> None: ...

    async def schema_version(self) -> int:
        """The number of the last migration applied."""
        ...

    async def migrate(self) -> int: ...

    async def close(self) -> None: ...
