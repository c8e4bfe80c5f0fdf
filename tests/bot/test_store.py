"""design.md, "Storage": migrations, WAL, version checks, racing writes, restart.

Tests taking ``db`` run on both stores (SQLite file, PostgreSQL schema; tests/conftest.py)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.service.store import (
    Change,
    ChannelBusy,
    PlayerSettings,
    SeatRecord,
    SqliteStore,
    StaleVersion,
    WaitRecord,
    migrations,
    open_store,
)


def run(coro):
    return asyncio.run(coro)


def test_storage_migrations_are_numbered_and_applied_once(db: Path | str) -> None:
    """Storage: schema changes are numbered migrations; reopening applies nothing twice."""

    async def go() -> None:
        store = await open_store(db)
        assert await store.schema_version() == len(migrations()) >= 4
        assert await store.migrate() == len(migrations())
        await store.close()
        again = await open_store(db)
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


def test_storage_one_open_game_per_channel(db: Path | str) -> None:
    """Lobby: at most one running game per channel or thread."""

    async def go() -> None:
        store = await open_store(db)
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


def test_storage_version_check_rejects_stale_write(db: Path | str) -> None:
    """Storage: every write checks the version; a stale write changes nothing."""

    async def go() -> None:
        store = await open_store(db)
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


def test_storage_racing_writes_exactly_one_applied(db: Path | str) -> None:
    """Storage: two writes racing on the same version: exactly one applied, none lost silently."""

    async def go() -> None:
        store = await open_store(db)
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


def test_storage_survives_reopen(db: Path | str) -> None:
    """Storage: closing and reopening the file (a restart) keeps games, seats and moves."""

    async def go() -> None:
        store = await open_store(db)
        g = await store.create_game(
            guild_id=1, channel_id=2, game="x", options={"a": 1}, seed=3, creator=_creator()
        )
        await store.commit(
            g.id, 0, Change(seats=[_creator(), SeatRecord(1, 12, "Bo")], status="running", state="s")
        )
        await store.commit(g.id, 1, Change(state="t", move=(1, "go")))
        await store.close()
        reopened = await open_store(db)
        again = await reopened.open_in_channel(2)
        assert again is not None
        assert again.options == {"a": 1} and again.state == "t" and again.version == 2
        assert again.names == ["Ann", "Bo"]
        assert [(m.seat, m.text) for m in await reopened.moves(g.id)] == [(1, "go")]
        assert [r.id for r in await reopened.list_guild(1)] == [g.id]
        await reopened.close()

    run(go())


def test_storage_moving_a_game_into_a_busy_channel_is_refused(db: Path | str) -> None:
    """Lobby: at most one open game per channel or thread, also when a game moves to a thread."""

    async def go() -> None:
        store = await open_store(db)
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
        old.executemany(  # named the old way (migration 10), and a person who chose such a name
            "INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, ?, ?, ?)",
            [(1, -1, "Computer 1 (normal)"), (2, -2, "Computer 2 (hard)"), (3, 12, "Computer 3 (easy)")],
        )
        old.execute("PRAGMA user_version=1")

    async def go() -> None:
        store = await SqliteStore.open(path)
        assert await store.schema_version() == len(migrations()) >= 2
        game = await store.open_in_channel(2)
        assert game is not None and game.version == 4
        assert game.names == ["Ann", "Computer 1", "Computer 2", "Computer 3 (easy)"]
        assert game.lobby_message_id is None
        moved = await store.commit(game.id, 4, Change(lobby_message_id=77))
        assert moved.lobby_message_id == 77
        await store.close()

    run(go())


def test_storage_migrations_are_one_sequence_for_both_stores(tmp_path: Path) -> None:
    """Storage: the same numbered migrations serve SQLite and PostgreSQL; a migration is shared,
    or a complete sqlite/postgres pair; a gap, a stray dialect or half a pair is refused."""
    from bot.service.store.migrations import load, statements

    sqlite, postgres = load("sqlite"), load("postgres")
    assert [n for n, _ in sqlite] == [n for n, _ in postgres] == list(range(1, len(sqlite) + 1))
    assert sqlite[0][1] != postgres[0][1] and "GENERATED BY DEFAULT AS IDENTITY" in postgres[0][1]
    assert sqlite[1:] == postgres[1:]  # only the first needed a spelling of its own so far
    assert statements("CREATE TABLE a (x TEXT); -- note; here\nCREATE INDEX i ON a (x);") == [
        "CREATE TABLE a (x TEXT)",
        "CREATE INDEX i ON a (x)",
    ]

    def folder(*names: str) -> Path:
        made = tmp_path / "_".join(n.replace(".", "-") for n in names)
        made.mkdir()
        for name in names:
            (made / name).write_text("SELECT 1;", encoding="utf-8")
        return made

    ok = folder("0001_a.sqlite.sql", "0001_a.postgres.sql", "0002_b.sql", "README.txt")
    assert [n for n, _ in load("postgres", ok)] == [1, 2]
    for names, words in (
        (("0001_a.sqlite.sql", "0002_b.sql"), "only one half"),
        (("0001_a.sql", "0003_c.sql"), "without gaps"),
        (("0001_a.sql", "0001_a.mysql.sql"), "unknown dialect"),
        (("0001_a.sql", "0001_b.sql"), "appears twice"),
        (("0001_a.sql", "0001_a.sqlite.sql", "0001_a.postgres.sql"), "both shared and per dialect"),
    ):
        with pytest.raises(RuntimeError, match=words):
            load("sqlite", folder(*names))


SNOWFLAKE = 1_234_567_890_123_456_789  # Discord ids are 64-bit (PostgreSQL's INTEGER is 32)


def test_storage_keeps_discord_ids_times_and_seats_exactly(db: Path | str) -> None:
    """Storage: 64-bit Discord ids (guild, channel, users, lobby message), sub-second times,
    names with quotes and emoji, seats in order; a lobby reseat replaces them whole."""

    async def go() -> None:
        now = [1_700_000_000.123456]
        store = await open_store(db, clock=lambda: now[0])
        ann = SeatRecord(0, SNOWFLAKE, "Ann 'the \"first\"' 🎲")
        g = await store.create_game(
            guild_id=SNOWFLAKE + 1, channel_id=SNOWFLAKE + 2, game="x", options={"b": [1]}, seed=2**40,
            creator=ann,
        )  # fmt: skip
        assert (g.guild_id, g.channel_id, g.seed, g.seats) == (SNOWFLAKE + 1, SNOWFLAKE + 2, 2**40, (ann,))
        assert g.created_at == g.updated_at == 1_700_000_000.123456 and g.options == {"b": [1]}
        bo = SeatRecord(1, SNOWFLAKE + 3, "Bo")
        now[0] = 1_700_000_001.654321
        g = await store.commit(g.id, 0, Change(seats=[ann, bo], lobby_message_id=SNOWFLAKE + 4))
        assert g.seats == (ann, bo) and g.lobby_message_id == SNOWFLAKE + 4 and g.version == 1
        started = [SeatRecord(0, bo.user_id, bo.name), SeatRecord(1, ann.user_id, ann.name)]
        g = await store.commit(g.id, 1, Change(seats=started, status="running", state="s"))
        assert g.names == ["Bo", ann.name] and g.updated_at == 1_700_000_001.654321
        now[0] = 1_700_000_002.5
        g = await store.commit(g.id, 2, Change(state="t", move=(1, "go 'there'")))
        (move,) = await store.moves(g.id)
        assert (move.seq, move.seat, move.text, move.at) == (1, 1, "go 'there'", 1_700_000_002.5)
        assert await store.get(g.id) == g and await store.open_in_channel(SNOWFLAKE + 2) == g
        assert await store.list_guild(SNOWFLAKE + 1, ("finished",)) == []
        assert await store.move_count(g.id, 1) == 1 and await store.move_count(g.id, 0) == 0
        assert await store.get(g.id + 1) is None
        with pytest.raises(StaleVersion):
            await store.commit(g.id + 1, 0, Change(state="nothing there"))
        await store.close()

    run(go())


def test_storage_two_processes_racing_on_one_database(db: Path | str) -> None:
    """Storage: two bot processes (two stores on the same database) racing on one version:
    exactly one move applied, the other told the board changed; both then read the same game."""

    async def go() -> None:
        one, two = await open_store(db), await open_store(db)
        g = await one.create_game(guild_id=1, channel_id=2, game="x", options={}, seed=3, creator=_creator())
        results = await asyncio.gather(
            *(
                store.commit(g.id, 0, Change(state=f"{n}", move=(0, f"m{n}")))
                for n, store in enumerate([one, two, one, two])
            ),
            return_exceptions=True,
        )
        assert sorted(type(r).__name__ for r in results) == ["GameRecord"] + ["StaleVersion"] * 3
        assert len(await two.moves(g.id)) == 1 and await one.get(g.id) == await two.get(g.id)
        with pytest.raises(ChannelBusy):
            await two.create_game(guild_id=1, channel_id=2, game="x", options={}, seed=3, creator=_creator())
        await one.close()
        await two.close()

    run(go())


def test_storage_outbox_claims_waits_settings_and_bot_values(db: Path | str) -> None:
    """Move clocks: a notice is claimed once, by one claimer among racing ones, without bumping the
    version, and stays unsent until marked; a commit replaces the game's waits and claims its
    notices atomically; player settings and bot values are kept and overwritten."""

    async def go() -> None:
        now = [100.0]
        one = await open_store(db, clock=lambda: now[0])
        two = await open_store(db, clock=lambda: now[0])
        g = await one.create_game(
            guild_id=1, channel_id=2, game="x", options={}, seed=3, creator=_creator(), clock_hours=12.5
        )
        assert g.clock_hours == 12.5 and g.waits == ()
        wait = WaitRecord(0, 1, 100.0, True, True)
        g = await one.commit(g.id, 0, Change(status="running", state="s", waits=[wait]))
        assert g.waits == (wait,) and [r.waits for r in await two.running()] == [(wait,)]
        claims = await asyncio.gather(
            *(s.claim_notice(g.id, "ping:0:1:half", {"n": i}) for i, s in enumerate((one, two, one, two)))
        )
        assert sorted(claims) == [False, False, False, True]
        again = await two.get(g.id)
        assert again is not None and again.version == 1
        (unsent,) = await one.unsent_notices()
        assert unsent.key == "ping:0:1:half" and unsent.created_at == 100.0 and unsent.sent_at is None
        await two.notice_sent(g.id, "ping:0:1:half")
        assert await one.unsent_notices() == [] and await one.notice_keys(g.id) == {"ping:0:1:half"}
        later = WaitRecord(1, 2, 150.0, False, True)
        now[0] = 150.0
        moved = await one.commit(
            g.id, 1, Change(state="t", move=(0, "a"), waits=[later], notices=[("takeover:0:1", {"seat": 0})])
        )
        assert moved.waits == (later,) and (await two.get(g.id)).waits == (later,)  # type: ignore[union-attr]
        assert [(n.key, n.body) for n in await two.unsent_notices()] == [("takeover:0:1", {"seat": 0})]
        with pytest.raises(StaleVersion):
            await two.commit(g.id, 1, Change(state="u", waits=[], notices=[("x", {})]))
        assert (await one.get(g.id)).waits == (later,)  # type: ignore[union-attr]
        assert await one.notice_keys(g.id) == {"ping:0:1:half", "takeover:0:1"}
        assert await one.player_settings([SNOWFLAKE]) == {}
        await one.save_player_settings(PlayerSettings(SNOWFLAKE, (1320, 480), "Europe/Rome", True))
        await two.save_player_settings(PlayerSettings(SNOWFLAKE, None, "Europe/Rome", False))
        assert await one.player_settings([SNOWFLAKE, 5]) == {
            SNOWFLAKE: PlayerSettings(SNOWFLAKE, None, "Europe/Rome", False)
        }
        assert await one.get_value("k") is None
        await one.set_value("k", "v1")
        await two.set_value("k", "v2")
        assert await one.get_value("k") == "v2"
        await one.close()
        await two.close()

    run(go())


@pytest.mark.backends("postgres")
def test_storage_migration_upgrades_an_existing_postgres_database(db: str) -> None:
    """Storage: a PostgreSQL database made by an older bot (schema 1) is upgraded in place, data
    kept; two processes starting together on a new database apply each migration once."""
    import asyncpg

    async def go() -> None:
        conn = await asyncpg.connect(db)
        await conn.execute(dict(migrations("postgres"))[1])
        await conn.execute(
            "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at DOUBLE PRECISION);"
            " INSERT INTO schema_migrations VALUES (1, 0);"
            " INSERT INTO games (guild_id, channel_id, game, options, seed, creator_id, status, version,"
            " state, created_at, updated_at) VALUES (1, 2, 'x', '{}', 3, 11, 'running', 4, '{}', 0, 0);"
            " INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 11, 'Ann');"
            " INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 1, -1, 'Computer 1 (random)')"
        )
        await conn.close()
        store = await open_store(db)
        assert await store.schema_version() == len(migrations()) >= 4
        game = await store.open_in_channel(2)
        assert game is not None and game.version == 4 and game.names == ["Ann", "Computer 1"]
        assert game.lobby_message_id is None and game.clock_hours is None and game.waits == ()
        assert [g.id for g in await store.running()] == [1]
        moved = await store.commit(game.id, 4, Change(lobby_message_id=SNOWFLAKE))
        assert moved.lobby_message_id == SNOWFLAKE
        made = await store.create_game(
            guild_id=1, channel_id=3, game="x", options={}, seed=3, creator=_creator()
        )
        assert made.id == 2  # the identity column continues after the old rows
        await store.close()

    run(go())


@pytest.mark.backends("postgres")
def test_storage_processes_starting_together_migrate_once(db: str) -> None:
    """Storage: several bot processes starting at once on a new PostgreSQL database: each
    migration applied once (advisory lock), every process ready."""
    import asyncpg

    async def go() -> None:
        stores = await asyncio.gather(*(open_store(db) for _ in range(4)))
        assert [await s.schema_version() for s in stores] == [len(migrations())] * 4
        for s in stores:
            await s.close()
        conn = await asyncpg.connect(db)
        applied = [r[0] for r in await conn.fetch("SELECT version FROM schema_migrations ORDER BY version")]
        await conn.close()
        assert applied == list(range(1, len(migrations()) + 1))

    run(go())


@pytest.mark.backends("postgres")
def test_storage_unusable_postgres_database_is_named_without_its_password(db: str) -> None:
    """Admin: a PostgreSQL URL that can't be used (nothing listening, no such database, another
    program's tables) is refused with one line naming it, the password replaced by ***."""
    import asyncpg

    from bot.service.store import UnusableDatabase
    from tests.postgres import with_database

    async def go() -> None:
        conn = await asyncpg.connect(db)
        await conn.execute("CREATE TABLE games (id TEXT PRIMARY KEY)")  # somebody else's games
        await conn.close()
        cases = {
            "postgresql://tavola:s3cret@127.0.0.1:1/tavola?password=s3cret": "cannot connect to the database"
            " postgresql://tavola:***@127.0.0.1:1/tavola?password=***: ",
            with_database(db, "tavola_no_such_database_zz"): '"tavola_no_such_database_zz" does not exist',
            db: "cannot use the database postgresql://",  # the games table is not ours
        }
        for url, words in cases.items():
            with pytest.raises(UnusableDatabase) as refused:
                await open_store(url)
            line = str(refused.value)
            assert words in line and "\n" not in line and "s3cret" not in line, line

    run(go())


def test_storage_a_move_reads_once_and_writes_once(db: Path | str) -> None:
    """Issue 16: a move reads the game and its seats once and writes once, typed or by button:
    on PostgreSQL a read, a one-statement write and the read of the game's watchers when its turn
    is posted (issue 12 item 7; 3 in all, the target), on SQLite 6 hops (a read, then BEGIN,
    update, log append, COMMIT, and the watchers)."""
    from bench.roundtrips import count
    from tests.bot.harness import Harness

    budget = 6 if isinstance(db, Path) else 3

    async def go() -> None:
        async with Harness(db) as h:
            await h("alice /game new game:tally target:6")
            await h("bob /game join")
            first = (await h.started())["mentions"][0]
            hops = count(h.store)
            board = await h.one(f'{first} /move "text:add 3"')
            assert hops.count == budget and board["files"] and not board["ephemeral"]
            buttons = [c["custom_id"] for c in board["components"] if ":m" in c["custom_id"]]
            hops.count = 0
            done = await h.one(f"{first} click {buttons[1]}")
            assert hops.count == budget and "took a bonus point" in done["content"]
            assert [m.text for m in await h.tables.log(1)] == ["add 3", "bonus point"]

    run(go())
