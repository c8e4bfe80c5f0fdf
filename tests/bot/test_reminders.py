"""Turn reminders: a game that has waited REMINDER_HOURS for someone pings them again, once per
wait (a version of the game), remembered in the database across restarts; driven by an injected
clock (the sandbox's ``@clock +13h``), never by sleeping."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.app.client import TavolaBot
from bot.sandbox import duration
from bot.service import config
from bot.service.clock import Clock
from bot.service.store import SqliteStore, Store, migrations, open_store
from bot.service.table import Player, Tables
from rules.lancaster import apply_overrides, load_base, make_game
from tests.bot.harness import Harness, public
from tests.bot.toy import TALLY

HOUR = 3600.0
ANN, BO = Player(1, "Ann"), Player(2, "Bo")


class FakeTime:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def open_tables(db: Path | str, base: FakeTime) -> tuple[Store, Tables]:
    clock = Clock(base)
    store = await open_store(db, clock=clock)
    return store, Tables(store, lambda: [TALLY], new_seed=lambda: 42, clock=clock)


def test_reminder_settings_default_off_and_refused() -> None:
    """REMINDER_HOURS: default 12, 0 turns reminders off, anything else not a number is refused."""
    assert config.load({}, Path("/nonexistent")).reminder_hours == 12
    assert config.load({"REMINDER_HOURS": "0"}, Path("/nonexistent")).reminder_hours == 0
    assert config.load({"REMINDER_HOURS": "1.5"}, Path("/nonexistent")).reminder_hours == 1.5
    for bad in ("soon", "-1", "nan", "inf"):
        with pytest.raises(config.SettingsError, match="REMINDER_HOURS"):
            config.load({"REMINDER_HOURS": bad}, Path("/nonexistent"))


def test_sandbox_durations() -> None:
    """The sandbox's @clock durations: +13h, 30m, +1d12h, 90s; nonsense is None."""
    assert duration("+13h") == 13 * HOUR and duration("30m") == 1800 and duration("90s") == 90
    assert duration("+1d12h") == 36 * HOUR and duration("+0.5h") == 1800
    assert duration("") is None and duration("+13") is None and duration("soon") is None


def test_reminder_due_once_per_wait_and_again_after_a_move(db: Path | str) -> None:
    """Due after REMINDER_HOURS without a move; once per wait; a move starts a new wait."""
    base = FakeTime()

    async def go() -> None:
        store, t = await open_tables(db, base)
        g = await t.new(10, 20, ANN, "tally", {})
        await t.join(g.id, BO)
        base.now += 20 * HOUR
        assert await t.due_reminders(12) == []  # a lobby waits for nobody in particular
        turn = await t.start(g.id, ANN)
        first = turn.acting[0]
        base.now += 11.9 * HOUR
        assert await t.due_reminders(12) == []
        base.now += 0.2 * HOUR
        (due,) = await t.due_reminders(12)
        assert due.turn.acting == (first,) and due.turn.record.id == g.id
        assert due.waited == pytest.approx(12.1 * HOUR)
        assert await t.due_reminders(12) == []  # at most once per wait
        base.now += 100 * HOUR
        assert await t.due_reminders(12) == []  # ... however long it lasts
        assert await t.due_reminders(0) == []  # 0 = off
        version = (await t.get(g.id)).version
        assert version == due.turn.record.version  # a reminder does not void the board's buttons
        after = await t.move(g.id, first.user_id, "add 1")
        base.now += 13 * HOUR
        (again,) = await t.due_reminders(12)
        assert again.turn.acting == after.acting and again.turn.acting != (first,)
        await store.close()

    asyncio.run(go())


def test_reminder_survives_restart_neither_lost_nor_repeated(db: Path | str) -> None:
    """Restart: a reminder that fell due while the bot was down is sent; a sent one is not resent."""
    base = FakeTime()

    async def go() -> None:
        store, t = await open_tables(db, base)
        g = await t.new(10, 20, ANN, "tally", {})
        await t.join(g.id, BO)
        await t.start(g.id, ANN)
        h = await t.new(10, 21, BO, "tally", {})
        await t.join(h.id, ANN)
        await t.start(h.id, BO)
        base.now += 13 * HOUR
        await store.close()  # down before looking: nothing sent yet
        store, t = await open_tables(db, base)
        assert sorted(r.turn.record.id for r in await t.due_reminders(12)) == [g.id, h.id]
        await store.close()
        store, t = await open_tables(db, base)
        base.now += 13 * HOUR
        assert await t.due_reminders(12) == []
        await store.close()

    asyncio.run(go())


def test_finished_and_unloadable_games_are_not_reminded(tmp_path: Path) -> None:
    """Nobody waits in a finished game; a game whose content data changed cannot be moved."""
    base = FakeTime()

    async def go() -> None:
        store, t = await open_tables(tmp_path / "t.db", base)
        g = await t.new(10, 20, ANN, "tally", {"target": "6", "vote": "off"})
        await t.join(g.id, BO)
        turn = await t.start(g.id, ANN)
        while not turn.finished:
            turn = await t.move(g.id, turn.acting[0].user_id, "add 2")
        base.now += 30 * HOUR
        assert await t.due_reminders(12) == []
        await store.close()

        before = make_game()
        after = make_game(apply_overrides(load_base(), {"setup": {"gold": 5}}))
        clock = Clock(base)
        store = await SqliteStore.open(tmp_path / "l.db", clock=clock)
        t1 = Tables(store, lambda: [before], clock=clock)
        game = await t1.new(10, 20, ANN, "lancaster", {})
        await t1.join(game.id, BO)
        await t1.start(game.id, ANN)
        base.now += 30 * HOUR
        assert await Tables(store, lambda: [after], clock=clock).due_reminders(12) == []
        assert len(await t1.due_reminders(12)) == 1  # with its own data it would be reminded
        await store.close()

    asyncio.run(go())


def test_reminder_migration_upgrades_a_schema_2_database(tmp_path: Path) -> None:
    """Storage: migration 3 adds what reminders need to a database made before them."""
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as old:
        for _number, sql in migrations()[:2]:
            old.executescript(sql)
        old.execute(
            "INSERT INTO games (guild_id, channel_id, game, options, seed, creator_id, status, version,"
            " state, created_at, updated_at) VALUES (1, 2, 'x', '{}', 3, 11, 'running', 4, '{}', 0, 0)"
        )
        old.execute("PRAGMA user_version=2")

    async def go() -> None:
        store = await SqliteStore.open(path)
        assert await store.schema_version() == len(migrations()) >= 3
        (game,) = await store.waiting(1.0)
        assert game.reminded_version is None and game.version == 4
        assert await store.claim_reminder(game.id, 4) and not await store.claim_reminder(game.id, 4)
        assert await store.waiting(1.0) == []
        await store.close()

    asyncio.run(go())


def test_sandbox_clock_line_pings_the_waiting_player_once(db: Path | str) -> None:
    """Sandbox: '@clock +13h' sends due reminders into the game's channel, with the board's buttons."""

    async def go() -> None:
        async with Harness(db) as h:
            await h("alice /game new game:tally target:6")
            await h("bob /game join")
            first = (await h.started())["mentions"][0]
            second = "bob" if first == "alice" else "alice"
            (clock,) = await h("@clock +11h")
            assert clock["kind"] == "clock" and "0 reminder(s)" in clock["content"]
            ping, clock = await h("@clock +2h")
            assert ping["kind"] == "message" and not ping["ephemeral"] and ping["user"] == "system"
            assert ping["mentions"] == [first] and "has been waiting 13 hours" in ping["content"]
            assert f"@{first}: add 1, 2 or 3" in ping["content"] and "g:1:board" in str(ping["components"])
            assert "1 reminder(s)" in clock["content"]
            assert [r["kind"] for r in await h("@clock +2d")] == ["clock"]  # once per wait
            r = await h.one(f'{first} /move "text:add 3"')
            buttons = [c for c in r["components"] if ":m" in c["custom_id"]]
            ping, _ = await h("@clock +12h")
            assert ping["mentions"] == [first] and "choose a bonus" in ping["content"]
            assert [c["custom_id"] for c in ping["components"] if ":m" in c["custom_id"]] == [
                b["custom_id"] for b in buttons
            ]
            done = public(await h(f"{first} click {buttons[0]['custom_id']}"))  # still valid
            assert done and "took a bonus coin" in done[0]["content"]
            ping, _ = await h("@clock +12h")
            assert ping["mentions"] == [second]
            r = await h.one("@clock soon")
            assert r["kind"] == "error" and "@clock +13h" in r["content"]

    asyncio.run(go())


def test_sandbox_reminder_goes_to_the_games_thread_and_can_be_off(tmp_path: Path) -> None:
    """Reminders are posted where the game is played (its thread); REMINDER_HOURS=0 sends none."""

    async def go() -> None:
        async with Harness(tmp_path / "t.db") as h:
            await h("alice /game new game:tally")
            await h("bob /game join")
            await h("alice /game start thread:true")
            ping, _ = await h("@clock +13h")
            assert ping["channel"] == "tally-1" and ping["mentions"]
        async with Harness(tmp_path / "off.db", reminder_hours=0) as h:
            await h("alice /game new game:tally")
            await h("bob /game join")
            await h("alice /game start")
            assert [r["kind"] for r in await h("@clock +30d")] == ["clock"]

    asyncio.run(go())


def test_real_bot_runs_a_reminder_task_that_survives_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real bot's background task: started by setup_hook when reminders are on; it looks for
    due reminders every REMINDER_CHECK_SECONDS and keeps going after an error."""

    async def go() -> None:
        store = await SqliteStore.open(tmp_path / "t.db")
        tables = Tables(store, lambda: [TALLY])
        off = TavolaBot(tables, sync_commands=False, reminder_hours=0)
        await off.setup_hook()
        assert off._reminder_task is None
        bot = TavolaBot(tables, sync_commands=False, reminder_hours=12, reminder_check_seconds=0.001)
        calls: list[int] = []

        async def ready() -> None:
            return None

        async def send() -> int:
            calls.append(1)
            if len(calls) == 1:
                raise RuntimeError("Discord hiccup")
            return 0

        monkeypatch.setattr(bot, "wait_until_ready", ready)
        monkeypatch.setattr(bot, "send_reminders", send)
        monkeypatch.setattr(bot, "is_closed", lambda: len(calls) >= 3)
        await bot.setup_hook()
        task: Any = bot._reminder_task
        assert task is not None
        await asyncio.wait_for(task, timeout=10)
        assert len(calls) == 3
        await store.close()

    asyncio.run(go())
