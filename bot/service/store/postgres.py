"""The PostgreSQL store (asyncpg): the ``Store`` protocol for several bot processes sharing one database.

Same tables, numbered migrations and semantics as ``SqliteStore`` (see ``bot.migrations``): every
write names the version it was computed from, and a stale one raises ``StaleVersion`` and changes
nothing. Here the row lock PostgreSQL takes on ``UPDATE games ... WHERE version = $n`` is what
serialises racing writers, across processes too: a second writer waits for the first, re-checks
the version and finds it moved on. Reads take a pooled connection and no lock of ours.

Round trips: a read is one query (the game row and its seats together); a move is one statement
(version-checked update and log append in one data-modifying CTE, which PostgreSQL runs
atomically); only seat changes (lobby) need a multi-statement transaction.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg

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
from bot.service.store.migrations import load as load_migrations

CONNECT_TIMEOUT = 10.0  # seconds; a server that does not answer stops start-up, it does not hang
POOL_SIZE = 10  # connections per process; reads and writes of different games run side by side
ONE_OPEN_PER_CHANNEL = "games_one_open_per_channel"  # the unique index behind ChannelBusy
# Any constant shared by every Tavola process: migrations are applied under this advisory lock,
# so processes starting together apply each one once.
MIGRATION_LOCK = 0x7461766F6C61  # "tavola"

# The seats, with each player's own settings (NULLs when they set none), come with their game:
# one round trip per read.
_SEATS = (
    "ARRAY(SELECT ROW(s.seat, s.user_id, s.name, p.quiet_start, p.quiet_end, p.tz, p.dm)"
    " FROM seats s LEFT JOIN player_settings p ON p.user_id = s.user_id WHERE s.game_id = g.id"
    " ORDER BY s.seat)"
)
_SELECT = f"SELECT {GAME_COLUMNS}, {_SEATS} AS seats FROM games g"


def redact(url: str) -> str:
    """``url`` with any password replaced by ``***`` (start-up errors are printed and logged)."""
    parts = urlsplit(url)
    netloc = parts.netloc
    if "@" in netloc:
        userinfo, _, host = netloc.rpartition("@")
        if ":" in userinfo:
            userinfo = userinfo.split(":", 1)[0] + ":***"
        netloc = f"{userinfo}@{host}"
    query = [(k, "***" if k.lower() == "password" else v) for k, v in parse_qsl(parts.query)]
    return urlunsplit((parts.scheme, netloc, parts.path, urlencode(query, safe="/*"), parts.fragment))


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def _record(row: asyncpg.Record) -> GameRecord:
    return game_record(row, row["seats"])


async def _applied(conn: asyncpg.Connection) -> int:
    """The number of the last migration applied (``schema_migrations`` must exist)."""
    return int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))


def _busy_channel(exc: asyncpg.UniqueViolationError) -> bool:
    return getattr(exc, "constraint_name", None) == ONE_OPEN_PER_CHANNEL


class PostgresStore:
    """Open with ``await PostgresStore.open("postgresql://user@host/db")``."""

    def __init__(self, pool: asyncpg.Pool, clock: Callable[[], float] = time.time) -> None:
        self._pool = pool
        self._clock = clock

    @classmethod
    async def open(
        cls, url: str, clock: Callable[[], float] = time.time, *, pool_size: int = POOL_SIZE
    ) -> PostgresStore:
        shown = redact(url)
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise UnusableDatabase(f"cannot connect to the database {shown}: {_one_line(exc)}") from exc
        store = cls(pool, clock)
        try:
            await store.migrate()
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            await pool.close()
            raise UnusableDatabase(
                f"cannot use the database {shown}: {_one_line(exc)}"
                " (not a Tavola database, or the user may not create tables?)"
            ) from exc
        return store

    async def close(self) -> None:
        try:
            await asyncio.wait_for(self._pool.close(), CONNECT_TIMEOUT)
        except TimeoutError:
            self._pool.terminate()

    # ----------------------------------------------------------------------------------------
    # migrations
    # ----------------------------------------------------------------------------------------

    async def schema_version(self) -> int:
        async with self._pool.acquire() as conn:
            return await _applied(conn)

    async def migrate(self) -> int:
        """Apply every migration newer than the database's; return the new version."""
        async with self._pool.acquire() as conn:
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                await conn.execute(
                    "CREATE TABLE IF NOT EXISTS schema_migrations"
                    " (version INTEGER PRIMARY KEY, applied_at DOUBLE PRECISION NOT NULL)"
                )
            current = 0
            for number, sql in load_migrations("postgres"):
                async with conn.transaction():
                    await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                    current = await _applied(conn)
                    if number <= current:
                        continue
                    await conn.execute(sql)  # no arguments: the simple protocol runs every statement
                    await conn.execute(
                        "INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)",
                        number,
                        time.time(),  # the wall clock, not the games' (the sandbox moves that one)
                    )
                    current = number
            return current

    # ----------------------------------------------------------------------------------------
    # reads
    # ----------------------------------------------------------------------------------------

    async def _read_games(self, where: str, *args: Any, many: bool = False) -> list[GameRecord]:
        """``many``: a list, which leaves out a damaged row rather than fail (``base.game_records``)."""
        rows = await self._pool.fetch(f"{_SELECT} WHERE {where} ORDER BY id", *args)
        return game_records(rows, _record, skip_damaged=many)

    async def get(self, game_id: int) -> GameRecord | None:
        found = await self._read_games("id = $1", game_id)
        return found[0] if found else None

    async def open_in_channel(self, channel_id: int) -> GameRecord | None:
        found = await self._read_games("channel_id = $1 AND status IN ('lobby', 'running')", channel_id)
        return found[0] if found else None

    async def last_in_channel(self, channel_id: int) -> GameRecord | None:
        found = await self._read_games("id = (SELECT MAX(id) FROM games WHERE channel_id = $1)", channel_id)
        return found[0] if found else None

    async def list_guild(self, guild_id: int, statuses: Sequence[Status] = OPEN_STATUSES) -> list[GameRecord]:
        return await self._read_games(
            "guild_id = $1 AND status = ANY($2::text[])", guild_id, list(statuses), many=True
        )

    async def moves(self, game_id: int) -> list[MoveRecord]:
        rows = await self._pool.fetch(
            "SELECT seq, seat, text, at, actor FROM moves WHERE game_id = $1 ORDER BY seq", game_id
        )
        return [MoveRecord(r["seq"], r["seat"], r["text"], r["at"], r["actor"]) for r in rows]

    async def move_count(self, game_id: int, seat: int) -> int:
        count = await self._pool.fetchval(
            "SELECT COUNT(*) FROM moves WHERE game_id = $1 AND seat = $2", game_id, seat
        )
        return int(count)

    async def running(self) -> list[GameRecord]:
        return await self._read_games("status = 'running'", many=True)

    async def notice_keys(self, game_id: int) -> set[str]:
        rows = await self._pool.fetch("SELECT key FROM outbox WHERE game_id = $1", game_id)
        return {str(r["key"]) for r in rows}

    async def unsent_notices(self) -> list[Notice]:
        rows = await self._pool.fetch(
            "SELECT game_id, key, body, created_at FROM outbox WHERE sent_at IS NULL"
            " ORDER BY created_at, game_id, key"
        )
        return [Notice(r["game_id"], r["key"], json.loads(r["body"]), r["created_at"]) for r in rows]

    async def player_settings(self, user_ids: Sequence[int]) -> dict[int, PlayerSettings]:
        wanted = sorted(set(user_ids))
        if not wanted:
            return {}
        rows = await self._pool.fetch(
            "SELECT user_id, quiet_start, quiet_end, tz, dm FROM player_settings"
            " WHERE user_id = ANY($1::bigint[])",
            wanted,
        )
        return {
            r["user_id"]: PlayerSettings(
                r["user_id"],
                None
                if r["quiet_start"] is None or r["quiet_end"] is None
                else (r["quiet_start"], r["quiet_end"]),
                r["tz"],
                bool(r["dm"]),
            )
            for r in rows
        }

    async def server_language(self, guild_id: int) -> str | None:
        value = await self._pool.fetchval(
            "SELECT language FROM server_settings WHERE guild_id = $1", guild_id
        )
        return None if value is None else str(value)

    async def get_value(self, key: str) -> str | None:
        value = await self._pool.fetchval("SELECT value FROM bot_values WHERE key = $1", key)
        return None if value is None else str(value)

    # ----------------------------------------------------------------------------------------
    # writes
    # ----------------------------------------------------------------------------------------

    async def save_server_language(self, guild_id: int, language: str | None) -> None:
        if language is None:
            await self._pool.execute("DELETE FROM server_settings WHERE guild_id = $1", guild_id)
            return
        await self._pool.execute(
            "INSERT INTO server_settings (guild_id, language) VALUES ($1, $2)"
            " ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
            guild_id,
            language,
        )

    async def set_value(self, key: str, value: str) -> None:
        await self._pool.execute(
            "INSERT INTO bot_values (key, value) VALUES ($1, $2)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            key,
            value,
        )

    async def claim_notice(self, game_id: int, key: str, body: dict[str, Any]) -> bool:
        status = await self._pool.execute(
            "INSERT INTO outbox (game_id, key, body, created_at) VALUES ($1, $2, $3, $4)"
            " ON CONFLICT (game_id, key) DO NOTHING",
            game_id,
            key,
            json.dumps(body, sort_keys=True),
            self._clock(),
        )
        return str(status) == "INSERT 0 1"

    async def take_notices(self, holder: str, seconds: float) -> list[Notice]:
        now = self._clock()
        rows = await self._pool.fetch(
            "UPDATE outbox o SET leased_by = $1, leased_until = $2 FROM ("
            "SELECT game_id, key FROM outbox WHERE sent_at IS NULL"
            " AND (leased_until IS NULL OR leased_until <= $3 OR leased_by = $1)"
            " FOR UPDATE SKIP LOCKED) due"
            " WHERE o.game_id = due.game_id AND o.key = due.key"
            " RETURNING o.game_id, o.key, o.body, o.created_at",
            holder,
            now + seconds,
            now,
        )
        found = [Notice(r["game_id"], r["key"], json.loads(r["body"]), r["created_at"]) for r in rows]
        return sorted(found, key=notice_order)

    async def release_notices(self, holder: str, game_id: int, keys: Sequence[str]) -> None:
        await self._pool.execute(
            "UPDATE outbox SET leased_until = NULL WHERE game_id = $1 AND key = ANY($2::text[])"
            " AND leased_by = $3 AND sent_at IS NULL",
            game_id,
            list(keys),
            holder,
        )

    async def take_games(self, holder: str, game_ids: Sequence[int], seconds: float) -> set[int]:
        if not game_ids:
            return set()
        now = self._clock()
        rows = await self._pool.fetch(
            "UPDATE games g SET worker_by = $1, worker_until = $2 FROM ("
            "SELECT id FROM games WHERE id = ANY($4::bigint[]) AND status = 'running'"
            " AND (worker_until IS NULL OR worker_until <= $3 OR worker_by = $1)"
            " FOR UPDATE SKIP LOCKED) due"
            " WHERE g.id = due.id RETURNING g.id",
            holder,
            now + seconds,
            now,
            list(game_ids),
        )
        return {int(r["id"]) for r in rows}

    async def release_games(self, holder: str, game_ids: Sequence[int]) -> None:
        if game_ids:
            await self._pool.execute(
                "UPDATE games SET worker_until = NULL WHERE id = ANY($1::bigint[]) AND worker_by = $2",
                list(game_ids),
                holder,
            )

    async def notice_sent(self, game_id: int, key: str) -> None:
        await self._pool.execute(
            "UPDATE outbox SET sent_at = $3 WHERE game_id = $1 AND key = $2 AND sent_at IS NULL",
            game_id,
            key,
            self._clock(),
        )

    async def repair_state(self, game_id: int, version: int, state: str) -> bool:
        done = await self._pool.execute(
            "UPDATE games SET state = $3 WHERE id = $1 AND version = $2", game_id, version, state
        )
        return str(done) == "UPDATE 1"

    async def save_player_settings(self, settings: PlayerSettings) -> None:
        start, end = settings.quiet if settings.quiet is not None else (None, None)
        await self._pool.execute(
            "INSERT INTO player_settings (user_id, quiet_start, quiet_end, tz, dm)"
            " VALUES ($1, $2, $3, $4, $5)"
            " ON CONFLICT (user_id) DO UPDATE SET quiet_start = excluded.quiet_start,"
            " quiet_end = excluded.quiet_end, tz = excluded.tz, dm = excluded.dm",
            settings.user_id,
            start,
            end,
            settings.tz,
            int(settings.dm),
        )

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
        now = self._clock()
        try:
            row = await self._pool.fetchrow(
                "WITH g AS (INSERT INTO games (guild_id, channel_id, game, options, seed, creator_id,"
                " status, version, state, created_at, updated_at, clock_hours)"
                " VALUES ($1, $2, $3, $4, $5, $6, 'lobby', 0, NULL, $7, $7, $9) RETURNING *),"
                " s AS (INSERT INTO seats (game_id, seat, user_id, name) SELECT id, 0, $6, $8 FROM g)"
                f" SELECT {GAME_COLUMNS}, ARRAY[ROW(0, $6, $8::text)] AS seats FROM g",
                guild_id,
                channel_id,
                game,
                json.dumps(options, sort_keys=True),
                seed,
                creator.user_id,
                now,
                creator.name,
                clock_hours,
            )
        except asyncpg.UniqueViolationError as exc:
            if _busy_channel(exc):
                raise ChannelBusy() from exc
            raise
        assert row is not None
        return _record(row)

    async def commit(self, game_id: int, expected_version: int, change: Change) -> GameRecord:
        """Apply ``change`` if the game is still at ``expected_version``; bump the version."""
        sets = ["version = version + 1", "updated_at = $3"]
        args: list[Any] = [game_id, expected_version, self._clock()]
        for column in ("status", "state", "channel_id", "lobby_message_id", "creator_id"):
            value = getattr(change, column)
            if value is not None:
                args.append(value)
                sets.append(f"{column} = ${len(args)}")
        if change.waits is not None:
            args.append(waits_to_json(change.waits))
            sets.append(f"waits = ${len(args)}")
        if change.seating is not None:
            args.append(change.seating.to_json())
            sets.append(f"seating = ${len(args)}")
        update = f"UPDATE games SET {', '.join(sets)} WHERE id = $1 AND version = $2"
        try:
            if change.seats is None:
                row = await self._pool.fetchrow(_one_statement_commit(update, change, args), *args)
            else:
                row = await self._commit_with_seats(update, args, change)
        except asyncpg.UniqueViolationError as exc:
            if change.channel_id is not None and _busy_channel(exc):
                raise ChannelBusy() from exc
            raise
        if row is None:
            raise StaleVersion()
        return _record(row)

    async def _commit_with_seats(self, update: str, args: list[Any], change: Change) -> asyncpg.Record | None:
        """Lobby changes and the start: the seats are replaced whole, in one transaction with the
        version check (and the notices, when the change has any)."""
        game_id = args[0]
        seats = change.seats or ()
        async with self._pool.acquire() as conn, conn.transaction():
            if await conn.fetchval(f"{update} RETURNING id", *args) is None:
                return None
            if change.notices:
                extra: list[Any] = [game_id]
                await conn.execute(
                    "WITH g AS (SELECT id, updated_at FROM games WHERE id = $1)"
                    f"{_notices_sql(change, extra)} SELECT 1",
                    *extra,
                )
            await conn.execute("DELETE FROM seats WHERE game_id = $1", game_id)
            await conn.execute(
                "INSERT INTO seats (game_id, seat, user_id, name)"
                " SELECT $1, * FROM unnest($2::int[], $3::bigint[], $4::text[])",
                game_id,
                [s.seat for s in seats],
                [s.user_id for s in seats],
                [s.name for s in seats],
            )
            return await conn.fetchrow(f"{_SELECT} WHERE id = $1", game_id)


def _one_statement_commit(update: str, change: Change, args: list[Any]) -> str:
    """The version-checked update, the log append (if any) and the new record, in one statement.

    The update's row lock is held for the whole statement, so the next ``seq`` is read by the
    only writer that passed the version check."""
    parts = [f"WITH g AS ({update} RETURNING *)", _notices_sql(change, args)]
    if change.move is not None:
        seat, text = change.move
        args.extend((seat, text, change.actor))
        parts.append(
            ", m AS (INSERT INTO moves (game_id, seq, seat, text, at, actor)"
            " SELECT g.id, (SELECT COALESCE(MAX(seq), 0) + 1 FROM moves WHERE game_id = g.id),"
            f" ${len(args) - 2}::int, ${len(args) - 1}::text, g.updated_at, ${len(args)}::text FROM g)"
        )
    parts.append(f" SELECT {GAME_COLUMNS}, {_SEATS} AS seats FROM g")
    return "".join(parts)


def _notices_sql(change: Change, args: list[Any]) -> str:
    """A CTE part (after ``g``, the updated game) claiming the change's notices into the outbox;
    their values are appended to ``args``. Empty without notices."""
    if not change.notices:
        return ""
    args.extend(([k for k, _ in change.notices], [json.dumps(b, sort_keys=True) for _, b in change.notices]))
    n = len(args)
    return (
        ", nt AS (INSERT INTO outbox (game_id, key, body, created_at)"
        f" SELECT g.id, x.key, x.body, g.updated_at FROM g, unnest(${n - 1}::text[], ${n}::text[])"
        " AS x(key, body) ON CONFLICT (game_id, key) DO NOTHING)"
    )
