"""The storage interface the table service talks to (design.md, "Storage"): records, the one
version-checked write (``Change``), the ``Store`` protocol and its refusals.

Every write names the version it was computed from; a write against a stale version raises
``StaleVersion`` and changes nothing, so a move is never applied twice and never lost. Any store
(``sqlite.SqliteStore``, ``postgres.PostgresStore``) implements ``Store``; nothing here knows a database.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar

log = logging.getLogger("tavola")
Row = TypeVar("Row", bound=Sequence[Any])
_REPORTED: set[object] = set()  # damaged game rows already logged (once each per process)

Status = Literal["lobby", "running", "finished", "abandoned"]
OPEN_STATUSES: tuple[Status, ...] = ("lobby", "running")


class StoreError(Exception):
    """A storage refusal with a message for players."""


class StaleVersion(StoreError):
    """The game changed since the caller looked at it."""

    def __init__(self) -> None:
        super().__init__("The board changed while you were deciding. Look again and retry.")


class DamagedRecord(StoreError):
    """A game's row cannot be read (its options, seats or waits are not what was written)."""

    def __init__(self, game_id: object) -> None:
        super().__init__(
            f"Game #{game_id}'s stored record is damaged, so it can't be played. Nothing was "
            "changed; an admin can restore the database from a backup."
        )


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
    seat: int  # -1: an entry made by someone not seated (a rollback by Manage Server)
    text: str
    at: float
    actor: str | None = None  # None: the seat's player; "computer": the computer played it


COMPUTER = "computer"  # MoveRecord.actor of a move the computer made for a seat


@dataclass(frozen=True)
class Computer:
    """A seat the computer plays or played (games.seating, migration 6).

    ``mode``: "seat" (a computer seat from the lobby), "away" (its person's clock ran out: the
    computer plays until they act again), "left" (its person left or was kicked: for good),
    "back" (its person reclaimed it; kept so the result can say the computer played it).
    ``moves``: how many moves the computer made for the seat."""

    level: str
    mode: str
    moves: int = 0

    @property
    def playing(self) -> bool:
        return self.mode != "back"


@dataclass(frozen=True)
class Seating:
    """Who plays which seat besides its person, and open kick votes (seat -> voters)."""

    computers: Mapping[int, Computer] = field(default_factory=dict)
    kicks: Mapping[int, tuple[int, ...]] = field(default_factory=dict)

    def playing(self, seat: int) -> bool:
        """The computer makes this seat's decisions now."""
        found = self.computers.get(seat)
        return found is not None and found.playing

    def to_json(self) -> str | None:
        if not self.computers and not self.kicks:
            return None
        return json.dumps(
            {
                "computers": {
                    str(s): {"level": c.level, "mode": c.mode, "moves": c.moves}
                    for s, c in sorted(self.computers.items())
                },
                "kicks": {str(s): list(v) for s, v in sorted(self.kicks.items())},
            },
            sort_keys=True,
        )

    @staticmethod
    def from_json(text: str | None) -> Seating:
        if not text:
            return Seating()
        raw = json.loads(text)
        return Seating(
            {
                int(s): Computer(str(c["level"]), str(c["mode"]), int(c["moves"]))
                for s, c in raw.get("computers", {}).items()
            },
            {int(s): tuple(int(u) for u in v) for s, v in raw.get("kicks", {}).items()},
        )


@dataclass(frozen=True)
class WaitRecord:
    """A seat the game waits for: since when, from which version (games.waits, migration 5)."""

    seat: int
    version: int  # the game's version when the decision became this seat's
    since: float
    mentioned: bool  # the turn message pinged the player already (no start ping owed)
    handed: bool  # it came from someone else's move: a new turn (an opt-in DM is owed)


@dataclass(frozen=True)
class Notice:
    """A message the bot owes (outbox row): claimed once per ``key``, marked sent once posted."""

    game_id: int
    key: str
    body: dict[str, Any]
    created_at: float
    sent_at: float | None = None


def notice_order(notice: Notice) -> tuple[float, int, str]:
    """Oldest first, as ``unsent_notices`` lists them."""
    return (notice.created_at, notice.game_id, notice.key)


@dataclass(frozen=True)
class PlayerSettings:
    """A player's own settings (``/game settings``): quiet hours in their zone, turn DMs."""

    user_id: int
    quiet: tuple[int, int] | None = None  # (start, end) minutes after local midnight
    tz: str | None = None
    dm: bool = False


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
    clock_hours: float | None = None  # hours per decision; 0 none; None: made before clocks
    waits: tuple[WaitRecord, ...] = ()  # who the game waits for now, since when
    # The seated players' own settings (read with the seats), by user id; absent: none set.
    settings: Mapping[int, PlayerSettings] = field(default_factory=dict)
    seating: Seating = field(default_factory=Seating)

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
    " created_at, updated_at, lobby_message_id, clock_hours, waits, seating"
)


def game_record(row: Sequence[Any], seats: Iterable[Sequence[Any]]) -> GameRecord:
    """A ``GameRecord`` from a row of ``GAME_COLUMNS`` and its seat rows: (seat, user id, name),
    optionally followed by the user's settings (quiet start, quiet end, tz, dm; NULLs if none)."""
    seat_rows = list(seats)
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
        seats=tuple(
            sorted((SeatRecord(int(s[0]), int(s[1]), str(s[2])) for s in seat_rows), key=_seat_number)
        ),
        lobby_message_id=None if row[12] is None else int(row[12]),
        clock_hours=None if row[13] is None else float(row[13]),
        waits=waits_from_json(row[14]),
        seating=Seating.from_json(row[15]),
        settings={int(s[1]): found for s in seat_rows if (found := _settings(s)) is not None},
    )


def game_records(
    rows: Iterable[Row], make: Callable[[Row], GameRecord], *, skip_damaged: bool = False
) -> list[GameRecord]:
    """``make`` of every row. A row that cannot be read raises ``DamagedRecord``, or, in a list
    (``skip_damaged``), is logged and left out: one damaged game must not hide the others or
    stop the clock's pings of every game."""
    found = []
    for row in rows:
        try:
            found.append(make(row))
        except Exception as exc:
            if not skip_damaged:
                raise DamagedRecord(row[0]) from exc
            if row[0] not in _REPORTED:
                _REPORTED.add(row[0])
                log.error("game %s: stored record unreadable (%r); left out of lists", row[0], exc)
    return found


def _settings(seat_row: Sequence[Any]) -> PlayerSettings | None:
    if len(seat_row) < 7 or seat_row[6] is None:  # no settings row (dm is never NULL in one)
        return None
    start, end, tz, dm = seat_row[3:7]
    quiet = None if start is None or end is None else (int(start), int(end))
    return PlayerSettings(int(seat_row[1]), quiet, None if tz is None else str(tz), bool(dm))


def waits_to_json(waits: Sequence[WaitRecord]) -> str:
    """``games.waits``: [[seat, version, since, mentioned, handed], ...]."""
    return json.dumps([[w.seat, w.version, w.since, int(w.mentioned), int(w.handed)] for w in waits])


def waits_from_json(text: str | None) -> tuple[WaitRecord, ...]:
    if not text:
        return ()
    return tuple(
        WaitRecord(int(s), int(v), float(at), bool(m), bool(h)) for s, v, at, m, h in json.loads(text)
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
    actor: str | None = None  # who made that move (``MoveRecord.actor``)
    channel_id: int | None = None  # the game moves to another channel (its own thread)
    lobby_message_id: int | None = None  # where the lobby card was posted
    creator_id: int | None = None  # a new creator (the lobby's creator left)
    waits: Sequence[WaitRecord] | None = None  # replaces the game's waits
    seating: Seating | None = None  # replaces the game's computers and kick votes
    notices: Sequence[tuple[str, dict[str, Any]]] = ()  # (key, body) claimed into the outbox


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
        clock_hours: float | None = None,
    ) -> GameRecord: ...

    async def get(self, game_id: int) -> GameRecord | None: ...

    async def open_in_channel(self, channel_id: int) -> GameRecord | None: ...

    async def last_in_channel(self, channel_id: int) -> GameRecord | None:
        """The newest game of a channel or thread, whatever its status."""
        ...

    async def list_guild(
        self, guild_id: int, statuses: Sequence[Status] = OPEN_STATUSES
    ) -> list[GameRecord]: ...

    async def moves(self, game_id: int) -> list[MoveRecord]: ...

    async def commit(self, game_id: int, expected_version: int, change: Change) -> GameRecord: ...

    async def move_count(self, game_id: int, seat: int) -> int:
        """How many moves ``seat`` has made in the game."""
        ...

    async def running(self) -> list[GameRecord]:
        """Every running game (with its waits), for the clock's pings and takeovers."""
        ...

    async def claim_notice(self, game_id: int, key: str, body: dict[str, Any]) -> bool:
        """Write a notice into the outbox unless one with ``key`` exists; True if written.
        Does not bump the game's version: buttons on the board stay valid."""
        ...

    async def notice_keys(self, game_id: int) -> set[str]:
        """The keys of every notice claimed for the game, sent or not."""
        ...

    async def unsent_notices(self) -> list[Notice]:
        """Claimed notices not yet marked sent, oldest first."""
        ...

    async def take_notices(self, holder: str, seconds: float) -> list[Notice]:
        """Lease to ``holder`` for ``seconds`` every unsent notice no other holder has a lease on
        (its own are taken again: a holder retries what it could not post); the leased ones,
        oldest first. Several processes taking at once get disjoint sets (PostgreSQL: ``FOR
        UPDATE SKIP LOCKED``), so each notice is posted by one process; a holder that dies
        without marking them sent loses them to other takers when the lease runs out, and gets
        them back at once if it restarts under the same name."""
        ...

    async def release_notices(self, holder: str, game_id: int, keys: Sequence[str]) -> None:
        """Give back leased notices not posted (to be retried at the next pass)."""
        ...

    async def take_games(self, holder: str, game_ids: Sequence[int], seconds: float) -> set[int]:
        """Lease to ``holder`` for ``seconds`` those of the running games ``game_ids`` no other
        holder has a lease on (its own are renewed); the ids leased. The computer's work in a
        game (takeovers, moves) is done only by the game's holder, so two processes never both
        think for the same seat. Several processes taking at once get disjoint sets (PostgreSQL:
        ``FOR UPDATE SKIP LOCKED``: a game another taker or a move's commit has locked right now
        is skipped, and looked at again next pass). The game's version is not changed."""
        ...

    async def release_games(self, holder: str, game_ids: Sequence[int]) -> None:
        """End ``holder``'s leases on those games (its pass is over)."""
        ...

    async def notice_sent(self, game_id: int, key: str) -> None: ...

    async def repair_state(self, game_id: int, version: int, state: str) -> bool:
        """Rewrite the stored state of the game at ``version`` (rebuilt from its move log) without
        bumping the version; False if the game has moved on meanwhile."""
        ...

    async def player_settings(self, user_ids: Sequence[int]) -> dict[int, PlayerSettings]:
        """The settings of those players who set any (others are absent)."""
        ...

    async def save_player_settings(self, settings: PlayerSettings) -> None: ...

    async def server_language(self, guild_id: int) -> str | None:
        """The language a server chose for its public posts (``server_settings``), or None."""
        ...

    async def save_server_language(self, guild_id: int, language: str | None) -> None:
        """Keep a server's language; None: back to its preferred locale (the row goes)."""
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
