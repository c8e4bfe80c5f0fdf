"""The default store: SQLite through aiosqlite (design.md, "Storage").

``SqliteStore`` implements ``base.Store`` with one aiosqlite connection behind an ``asyncio.Lock``
(measured: a pool fighting over busy_timeout had p99 above a second, and execute()+fetchone() on
a shared connection gave stale reads). Schema changes are the numbered files in ``migrations/``.
"""

from __future__ import annotations

import asyncio
import errno
import json
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.service.store.base import (
    GAME_COLUMNS,
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
    UnusableDatabase,
    game_record,
    game_records,
    notice_order,
    waits_to_json,
)
from bot.service.store.migrations import Dialect, statements
from bot.service.store.migrations import load as load_migrations

# A game's seats as one JSON value, [[seat, user id, name], ...] (game_record puts them in order).
# The seats with each player's own settings (NULLs when they set none): one statement per read.
_SEATS = (
    "(SELECT json_group_array(json_array(s.seat, s.user_id, s.name, p.quiet_start, p.quiet_end, p.tz, p.dm))"
    " FROM seats s LEFT JOIN player_settings p ON p.user_id = s.user_id WHERE s.game_id = games.id)"
)


def _assignments(change: Change, now: float) -> tuple[list[str], list[Any]]:
    """The ``SET`` parts of a commit and their values (``updated_at`` first)."""
    sets = ["version = version + 1", "updated_at = ?"]
    args: list[Any] = [now]
    for column in ("status", "state", "channel_id", "lobby_message_id", "creator_id"):
        value = getattr(change, column)
        if value is not None:
            sets.append(f"{column} = ?")
            args.append(value)
    if change.waits is not None:
        sets.append("waits = ?")
        args.append(waits_to_json(change.waits))
    if change.seating is not None:
        sets.append("seating = ?")
        args.append(change.seating.to_json())
    return sets, args


def migrations(dialect: Dialect = "sqlite") -> list[tuple[int, str]]:
    """Numbered migrations shipped in ``migrations/`` beside this module for ``dialect``, in order."""
    return load_migrations(dialect)


INTEGRITY_CHECK_MAX_BYTES = 64 * 1024 * 1024
"""Up to this size start-up runs the full ``integrity_check``; above, the faster ``quick_check``
(which skips matching indexes to their tables) keeps start-up within seconds."""


def refuse_empty_file(path: Path) -> None:
    """SQLite takes a zero-length file for a new empty database: a truncated Tavola database
    would then silently start again with no games."""
    if path.is_file() and path.stat().st_size == 0:
        raise UnusableDatabase(
            f"the database {path} is an empty file (0 bytes), not a Tavola database: restore it from "
            "a backup, or delete it to start with no games"
        )


async def check_integrity(conn: aiosqlite.Connection, path: Path) -> None:
    """A malformed database (a damaged page) stops start-up, before anything writes into it."""
    size = path.stat().st_size if path.is_file() else 0
    pragma = "integrity_check" if size <= INTEGRITY_CHECK_MAX_BYTES else "quick_check"
    rows = list(await conn.execute_fetchall(f"PRAGMA {pragma}(5)"))
    found = [str(r[0]) for r in rows]
    if found != ["ok"]:
        raise UnusableDatabase(
            f"the database {path} is damaged ({pragma}: {'; '.join(found)[:200]}): restore it from a "
            "backup (sqlite3's .recover may save what is left)"
        )


def why(exc: BaseException) -> str:
    """The cause in an administrator's words: a full disk is named as such, not as corruption."""
    full = getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL or (
        isinstance(exc, OSError) and exc.errno == errno.ENOSPC
    )
    if full:
        return f"the disk is full ({exc}); free some space and start again"
    if isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError):
        return f"{exc} (a corrupted file, or not a Tavola database?)"
    return str(exc)


class SqliteStore:
    """The default store. Open with ``await SqliteStore.open(path)``."""

    def __init__(self, conn: aiosqlite.Connection, clock: Callable[[], float] = time.time) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self._clock = clock

    @classmethod
    async def open(cls, path: str | Path, clock: Callable[[], float] = time.time) -> SqliteStore:
        """Open, check and migrate the file; ``UnusableDatabase`` (one line) if it can't be used."""
        memory = str(path) == ":memory:"
        try:
            if not memory:
                refuse_empty_file(Path(path))
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            # isolation_level=None: we issue BEGIN IMMEDIATE ourselves for every write.
            conn = await aiosqlite.connect(str(path), isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise UnusableDatabase(f"cannot open the database {path}: {why(exc)}") from exc
        try:
            await conn.execute("PRAGMA journal_mode=WAL")
            await conn.execute("PRAGMA synchronous=NORMAL")
            # 5 s, longer than Discord's 3 s answer limit, on purpose: every interaction is
            # deferred on arrival (bot.app.ack), so a wait here only holds the "thinking…" (a
            # deferral may be answered for 15 minutes); a shorter timeout would refuse moves that a
            # checkpoint, a backup or another program's write would have let through in a moment.
            await conn.execute("PRAGMA busy_timeout=5000")
            await conn.execute("PRAGMA foreign_keys=ON")
            if not memory:
                await check_integrity(conn, Path(path))
            store = cls(conn, clock)
            await store.migrate()
        except (OSError, sqlite3.Error, UnusableDatabase) as exc:
            # Close it, or aiosqlite's worker thread keeps the process alive after the error.
            await conn.close()
            if isinstance(exc, UnusableDatabase):
                raise
            raise UnusableDatabase(f"cannot use the database {path}: {why(exc)}") from exc
        return store

    async def schema_version(self) -> int:
        rows = await self._conn.execute_fetchall("PRAGMA user_version")
        return int(next(iter(rows))[0])

    async def migrate(self) -> int:
        """Apply every migration newer than the database's ``user_version``; return the new version."""
        async with self._lock:
            current = await self.schema_version()
            for number, sql in migrations():
                if number <= current:
                    continue
                await self._conn.execute("BEGIN IMMEDIATE")
                try:
                    for statement in statements(sql):
                        await self._conn.execute(statement)
                    await self._conn.execute(f"PRAGMA user_version={number}")
                    await self._conn.execute("COMMIT")
                except BaseException:
                    await self._conn.execute("ROLLBACK")
                    raise
                current = number
            return current

    async def close(self) -> None:
        await self._conn.close()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction under the lock: BEGIN IMMEDIATE, COMMIT, or ROLLBACK on error."""
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
                await self._conn.execute("COMMIT")
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise

    # ----------------------------------------------------------------------------------------
    # reads (execute_fetchall under the lock: see the module docstring)
    # ----------------------------------------------------------------------------------------

    async def _read_game(self, where: str, args: Sequence[Any], *, many: bool = False) -> list[GameRecord]:
        """Games and their seats in one statement (one hop to the connection's thread); ``many``:
        a list, which leaves out a damaged row rather than fail (``base.game_records``)."""
        rows = await self._conn.execute_fetchall(
            f"SELECT {GAME_COLUMNS}, {_SEATS} FROM games WHERE {where} ORDER BY id", tuple(args)
        )
        return game_records(rows, lambda r: game_record(r, json.loads(r[-1])), skip_damaged=many)

    async def get(self, game_id: int) -> GameRecord | None:
        async with self._lock:
            found = await self._read_game("id = ?", (game_id,))
        return found[0] if found else None

    async def open_in_channel(self, channel_id: int) -> GameRecord | None:
        async with self._lock:
            found = await self._read_game("channel_id = ? AND status IN ('lobby', 'running')", (channel_id,))
        return found[0] if found else None

    async def last_in_channel(self, channel_id: int) -> GameRecord | None:
        async with self._lock:
            found = await self._read_game(
                "id = (SELECT MAX(id) FROM games WHERE channel_id = ?)", (channel_id,)
            )
        return found[0] if found else None

    async def list_guild(self, guild_id: int, statuses: Sequence[Status] = OPEN_STATUSES) -> list[GameRecord]:
        marks = ", ".join("?" for _ in statuses)
        async with self._lock:
            return await self._read_game(
                f"guild_id = ? AND status IN ({marks})", (guild_id, *statuses), many=True
            )

    async def move_count(self, game_id: int, seat: int) -> int:
        async with self._lock:
            rows = await self._conn.execute_fetchall(
                "SELECT COUNT(*) FROM moves WHERE game_id = ? AND seat = ?", (game_id, seat)
            )
        return int(next(iter(rows))[0])

    async def running(self) -> list[GameRecord]:
        async with self._lock:
            return await self._read_game("status = 'running'", (), many=True)

    async def claim_notice(self, game_id: int, key: str, body: dict[str, Any]) -> bool:
        async with self._transaction() as conn:
            cursor = await conn.execute(
                "INSERT INTO outbox (game_id, key, body, created_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id, key) DO NOTHING",
                (game_id, key, json.dumps(body, sort_keys=True), self._clock()),
            )
        return cursor.rowcount == 1

    async def notice_keys(self, game_id: int) -> set[str]:
        async with self._lock:
            rows = await self._conn.execute_fetchall("SELECT key FROM outbox WHERE game_id = ?", (game_id,))
        return {str(r[0]) for r in rows}

    async def unsent_notices(self) -> list[Notice]:
        async with self._lock:
            rows = await self._conn.execute_fetchall(
                "SELECT game_id, key, body, created_at FROM outbox WHERE sent_at IS NULL"
                " ORDER BY created_at, game_id, key"
            )
        return [Notice(int(r[0]), str(r[1]), json.loads(r[2]), float(r[3])) for r in rows]

    async def take_notices(self, holder: str, seconds: float) -> list[Notice]:
        # One process per SQLite file: the lease keeps the same semantics as on PostgreSQL.
        now = self._clock()
        async with self._transaction() as conn:
            rows = await conn.execute_fetchall(
                "UPDATE outbox SET leased_by = ?, leased_until = ? WHERE sent_at IS NULL"
                " AND (leased_until IS NULL OR leased_until <= ? OR leased_by = ?)"
                " RETURNING game_id, key, body, created_at",
                (holder, now + seconds, now, holder),
            )
        found = [Notice(int(r[0]), str(r[1]), json.loads(r[2]), float(r[3])) for r in rows]
        return sorted(found, key=notice_order)

    async def release_notices(self, holder: str, game_id: int, keys: Sequence[str]) -> None:
        marks = ", ".join("?" for _ in keys)
        async with self._transaction() as conn:
            await conn.execute(
                "UPDATE outbox SET leased_until = NULL WHERE game_id = ? AND leased_by = ?"
                f" AND sent_at IS NULL AND key IN ({marks})",
                (game_id, holder, *keys),
            )

    async def take_games(self, holder: str, game_ids: Sequence[int], seconds: float) -> set[int]:
        # One process per SQLite file: the lease keeps the same semantics as on PostgreSQL.
        if not game_ids:
            return set()
        now = self._clock()
        marks = ", ".join("?" for _ in game_ids)
        async with self._transaction() as conn:
            rows = await conn.execute_fetchall(
                f"UPDATE games SET worker_by = ?, worker_until = ? WHERE id IN ({marks})"
                " AND status = 'running' AND (worker_until IS NULL OR worker_until <= ? OR worker_by = ?)"
                " RETURNING id",
                (holder, now + seconds, *game_ids, now, holder),
            )
        return {int(r[0]) for r in rows}

    async def release_games(self, holder: str, game_ids: Sequence[int]) -> None:
        if not game_ids:
            return
        marks = ", ".join("?" for _ in game_ids)
        async with self._transaction() as conn:
            await conn.execute(
                f"UPDATE games SET worker_until = NULL WHERE id IN ({marks}) AND worker_by = ?",
                (*game_ids, holder),
            )

    async def notice_sent(self, game_id: int, key: str) -> None:
        async with self._transaction() as conn:
            await conn.execute(
                "UPDATE outbox SET sent_at = ? WHERE game_id = ? AND key = ? AND sent_at IS NULL",
                (self._clock(), game_id, key),
            )

    async def repair_state(self, game_id: int, version: int, state: str) -> bool:
        async with self._transaction() as conn:
            cursor = await conn.execute(
                "UPDATE games SET state = ? WHERE id = ? AND version = ?", (state, game_id, version)
            )
        return cursor.rowcount == 1

    async def player_settings(self, user_ids: Sequence[int]) -> dict[int, PlayerSettings]:
        wanted = sorted(set(user_ids))
        if not wanted:
            return {}
        marks = ", ".join("?" for _ in wanted)
        async with self._lock:
            rows = await self._conn.execute_fetchall(
                "SELECT user_id, quiet_start, quiet_end, tz, dm FROM player_settings"
                f" WHERE user_id IN ({marks})",
                tuple(wanted),
            )
        return {
            int(r[0]): PlayerSettings(
                int(r[0]),
                None if r[1] is None or r[2] is None else (int(r[1]), int(r[2])),
                None if r[3] is None else str(r[3]),
                bool(r[4]),
            )
            for r in rows
        }

    async def save_player_settings(self, settings: PlayerSettings) -> None:
        start, end = settings.quiet if settings.quiet is not None else (None, None)
        async with self._transaction() as conn:
            await conn.execute(
                "INSERT INTO player_settings (user_id, quiet_start, quiet_end, tz, dm) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET quiet_start = excluded.quiet_start,"
                " quiet_end = excluded.quiet_end, tz = excluded.tz, dm = excluded.dm",
                (settings.user_id, start, end, settings.tz, int(settings.dm)),
            )

    async def server_language(self, guild_id: int) -> str | None:
        async with self._lock:
            rows = list(
                await self._conn.execute_fetchall(
                    "SELECT language FROM server_settings WHERE guild_id = ?", (guild_id,)
                )
            )
        return str(rows[0][0]) if rows else None

    async def save_server_language(self, guild_id: int, language: str | None) -> None:
        async with self._transaction() as conn:
            if language is None:
                await conn.execute("DELETE FROM server_settings WHERE guild_id = ?", (guild_id,))
                return
            await conn.execute(
                "INSERT INTO server_settings (guild_id, language) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
                (guild_id, language),
            )

    async def get_value(self, key: str) -> str | None:
        async with self._lock:
            rows = list(
                await self._conn.execute_fetchall("SELECT value FROM bot_values WHERE key = ?", (key,))
            )
        return str(rows[0][0]) if rows else None

    async def set_value(self, key: str, value: str) -> None:
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                await self._conn.execute(
                    "INSERT INTO bot_values (key, value) VALUES (?, ?)"
                    " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    (key, value),
                )
                await self._conn.execute("COMMIT")
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise

    async def moves(self, game_id: int) -> list[MoveRecord]:
        async with self._lock:
            rows = await self._conn.execute_fetchall(
                "SELECT seq, seat, text, at, actor FROM moves WHERE game_id = ? ORDER BY seq", (game_id,)
            )
        return [
            MoveRecord(int(r[0]), int(r[1]), str(r[2]), float(r[3]), None if r[4] is None else str(r[4]))
            for r in rows
        ]

    # ----------------------------------------------------------------------------------------
    # writes
    # ----------------------------------------------------------------------------------------

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
    ) -> GameRecord:
        now, chosen = self._clock(), json.dumps(options, sort_keys=True)
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                (row,) = await self._conn.execute_fetchall(
                    "INSERT INTO games (guild_id, channel_id, game, options, seed, creator_id, status,"
                    " version, state, created_at, updated_at, clock_hours)"
                    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'lobby', 0, NULL, ?7, ?7, ?8)"
                    f" RETURNING {GAME_COLUMNS}",
                    (guild_id, channel_id, game, chosen, seed, creator.user_id, now, clock_hours),
                )
                await self._conn.execute(
                    "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                    (row[0], creator.user_id, creator.name),
                )
                await self._conn.execute("COMMIT")
            except aiosqlite.IntegrityError as exc:
                await self._conn.execute("ROLLBACK")
                raise ChannelBusy() from exc
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
        return game_record(row, [(0, creator.user_id, creator.name)])

    async def commit(self, game_id: int, expected_version: int, change: Change) -> GameRecord:
        """Apply ``change`` if the game is still at ``expected_version``; bump the version.

        A move is four hops: BEGIN, the version-checked update returning the new record (seats
        and waits included), the log append, COMMIT. Notices (rare) add one hop each."""
        sets, args = _assignments(change, self._clock())
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                rows = list(
                    await self._conn.execute_fetchall(
                        f"UPDATE games SET {', '.join(sets)} WHERE id = ? AND version = ?"
                        f" RETURNING {GAME_COLUMNS}, {_SEATS}",
                        (*args, game_id, expected_version),
                    )
                )
                if not rows:
                    raise StaleVersion()
                seats = json.loads(rows[0][-1])
                if change.seats is not None:
                    known = {int(s[1]): list(s[3:]) for s in seats}  # settings of players seated before
                    seats = [[s.seat, s.user_id, s.name, *known.get(s.user_id, [])] for s in change.seats]
                    await self._conn.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
                    await self._conn.executemany(
                        "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                        [(game_id, *s[:3]) for s in seats],
                    )
                if change.move is not None:
                    await self._conn.execute(
                        "INSERT INTO moves (game_id, seq, seat, text, at, actor) VALUES"
                        " (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM moves WHERE game_id = ?), ?, ?, ?, ?)",
                        (game_id, game_id, *change.move, args[0], change.actor),
                    )
                for key, body in change.notices:
                    await self._conn.execute(
                        "INSERT INTO outbox (game_id, key, body, created_at) VALUES (?, ?, ?, ?)"
                        " ON CONFLICT (game_id, key) DO NOTHING",
                        (game_id, key, json.dumps(body, sort_keys=True), args[0]),
                    )
                await self._conn.execute("COMMIT")
            except aiosqlite.IntegrityError as exc:
                await self._conn.execute("ROLLBACK")
                if change.channel_id is not None:  # the one-open-game-per-channel index
                    raise ChannelBusy() from exc
                raise
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
        return game_record(rows[0], seats)
