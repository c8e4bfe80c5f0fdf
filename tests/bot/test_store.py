"""design.md, "Storage": migrations, WAL, version checks, racing writes, restart."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.service.store import Change, ChannelBusy, SeatRecord, SqliteStore, StaleVersion, migrations


def run(coro):
    return asyncio.run(coro)


def test_storage_migrations_are_numbered_and_applied_once(tmp_path: Path) -> None:
    """Storage: schema changes are numbered migrations; reopening applies nothing twice."""

    async def go() -> None:
        store = await SqliteStore.open(tmp_path / "t.db")
        assert await store.schema_version() == len(migrations())
        assert await store.migrate() == len(migrations())
        await store.close()
        again = await SqliteStore.open(tmp_path / "t.db")
        assert await again.schema_version() == len(migrations())
        await again.close()

    run(go())


def test_storage_uses_wal_and_foreign_keys(tmp_path: Path) -> None:
    """Storage: WAL mode, foreign keys on."""

    async def go() -> None:
        store = await SqliteStore.open(tmp_path / "t.db")
        mode = await store._conn.execute_fetchall("PRAGMA journal_mode")
        fk = await store._conn.execute_fetchall("PRAGMA foreign_keys")
        assert next(iter(mode))[0] == "wal"
        assert next(iter(fk))[0] == 1
        await store.close()

    run(go())


def _creator() -> SeatRecord:
    return SeatRecord(0, 11, "Ann")


def test_storage_one_open_game_per_channel(tmp_path: Path) -> None:
    """Lobby: at most one running game per channel or thread."""

    async def go() -> None:
        store = await SqliteStore.open(tmp_path / "t.db")
        g = await store.create_game(
            guild_id=1, channel_id=2, game="x", options={}, seed=3, creator=_creator()
        )
        with pytest.raises(ChannelBusy):
            await store.create_game(
                guild_id=1, channel_id=2, game="x", options={}, seed=3, creator=_creator()
            )
        await store.commit(g.id, g.version, Change(status="abandoned"))
        again = await store.create_game(
            guild_id=1, channel_id=2, game="x", options={}, seed=4, creator=_creator()
        )
        assert again.id != g.id and again.status == "lobby"
        await store.close()

    run(go())


def test_storage_version_check_rejects_stale_write(tmp_path: Path) -> None:
    """Storage: every write checks the version; a stale write changes nothing."""

    async def go() -> None:
        store = await SqliteStore.open(tmp_path / "t.db")
        g = await store.create_game(
            guild_id=1, channel_id=2, game="x", options={}, seed=3, creator=_creator()
        )
        g1 = await store.commit(g.id, 0, Change(status="running", state="{}", move=(0, "a")))
        assert g1.version == 1
        with pytest.raises(StaleVersion):
            await store.commit(g.id, 0, Change(state='{"x": 1}', move=(0, "b")))
        now = await store.get(g.id)
        assert now is not None and now.version == 1 and now.state == "{}"
        assert [m.text for m in await store.moves(g.id)] == ["a"]
        await store.close()

    run(go())


def test_storage_racing_writes_exactly_one_applied(tmp_path: Path) -> None:
    """Storage: two writes racing on the same version: exactly one applied, none lost silently."""

    async def go() -> None:
        store = await SqliteStore.open(tmp_path / "t.db")
        g = await store.create_game(
            guild_id=1, channel_id=2, game="x", options={}, seed=3, creator=_creator()
        )
        results = await asyncio.gather(
            *(store.commit(g.id, 0, Change(state=str(i), move=(0, f"m{i}"))) for i in range(5)),
            return_exceptions=True,
        )
        applied = [r for r in results if not isinstance(r, BaseException)]
        stale = [r for r in results if isinstance(r, StaleVersion)]
        assert len(applied) == 1 and len(stale) == 4
        log = await store.moves(g.id)
        assert len(log) == 1
        await store.close()

    run(go())


def test_storage_survives_reopen(tmp_path: Path) -> None:
    """Storage: closing and reopening the file (a restart) keeps games, seats and moves."""

    async def go() -> None:
        store = await SqliteStore.open(tmp_path / "t.db")
        g = await store.create_game(
            guild_id=1, channel_id=2, game="x", options={"a": 1}, seed=3, creator=_creator()
        )
        await store.commit(
            g.id, 0, Change(seats=[_creator(), SeatRecord(1, 12, "Bo")], status="running", state="s")
        )
        await store.commit(g.id, 1, Change(state="t", move=(1, "go")))
        await store.close()
        reopened = await SqliteStore.open(tmp_path / "t.db")
        again = await reopened.open_in_channel(2)
        assert again is not None
        assert again.options == {"a": 1} and again.state == "t" and again.version == 2
        assert again.names == ["Ann", "Bo"]
        assert [(m.seat, m.text) for m in await reopened.moves(g.id)] == [(1, "go")]
        assert [r.id for r in await reopened.list_guild(1)] == [g.id]
        await reopened.close()

    run(go())


def test_storage_moving_a_game_into_a_busy_channel_is_refused(tmp_path: Path) -> None:
    """Lobby: at most one open game per channel or thread, also when a game moves to a thread."""

    async def go() -> None:
        store = await SqliteStore.open(tmp_path / "t.db")
        a = await store.create_game(
            guild_id=1, channel_id=2, game="x", options={}, seed=3, creator=_creator()
        )
        b = await store.create_game(
            guild_id=1, channel_id=5, game="x", options={}, seed=3, creator=_creator()
        )
        with pytest.raises(ChannelBusy):
            await store.commit(b.id, b.version, Change(channel_id=2))
        moved = await store.commit(a.id, a.version, Change(channel_id=9))
        assert moved.channel_id == 9 and moved.version == a.version + 1
        assert (await store.open_in_channel(2)) is None
        await store.close()

    run(go())


def test_storage_migration_upgrades_an_existing_database(tmp_path: Path) -> None:
    """Storage: a database made by an older bot (schema 1) is upgraded in place, data kept."""
    import sqlite3

    path = tmp_path / "old.db"
    first = dict(migrations())[1]
    with sqlite3.connect(path) as old:
        old.executescript(first)
        old.execute(
            "INSERT INTO games (guild_id, channel_id, game, options, seed, creator_id, status, version,"
            " state, created_at, updated_at) VALUES (1, 2, 'x', '{}', 3, 11, 'lobby', 4, NULL, 0, 0)"
        )
        old.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 11, 'Ann')")
        old.execute("PRAGMA user_version=1")

    async def go() -> None:
        store = await SqliteStore.open(path)
        assert await store.schema_version() == len(migrations()) >= 2
        game = await store.open_in_channel(2)
        assert game is not None and game.version == 4 and game.names == ["Ann"]
        assert game.lobby_message_id is None
        moved = await store.commit(game.id, 4, Change(lobby_message_id=77))
        assert moved.lobby_message_id == 77
        await store.close()

    run(go())
