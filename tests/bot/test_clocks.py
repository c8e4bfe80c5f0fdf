"""Move clocks (issue 11, point 1): pings when a turn starts (the turn message, or when quiet hours
end), at half time and shortly before the clock runs out; never during a player's quiet hours;
stored, so a restart neither repeats nor drops one. Driven by an injected clock (the sandbox's
``@clock +13h``), never by sleeping."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.app.client import TavolaBot
from bot.sandbox import duration
from bot.service import config
from bot.service.clock import Clock
from bot.service.clocks import Quiet, check_zone, parse_quiet, schedule
from bot.service.pings import Pings
from bot.service.store import SqliteStore, Store, migrations, open_store
from bot.service.table import Player, TableError, Tables
from tests.bot.harness import Harness, public
from tests.bot.toy import TALLY

HOUR = 3600.0
ANN, BO = Player(1, "Ann"), Player(2, "Bo")
ROME = "Europe/Rome"


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> float:
    return datetime(year, month, day, hour, minute, tzinfo=UTC).timestamp()


class FakeTime:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def open_tables(db: Path | str, base: FakeTime) -> tuple[Store, Tables]:
    clock = Clock(base)
    store = await open_store(db, clock=clock)
    return store, Tables(store, lambda: [TALLY], new_seed=lambda: 42, clock=clock)


def test_clock_setting_default_zero_and_refused() -> None:
    """CLOCK_HOURS: the server default clock, 48 h; 0 = no clock; nonsense refused; the old
    REMINDER_HOURS is named as no longer read."""
    assert config.load({}, Path("/nonexistent")).clock_hours == 48
    assert config.load({"CLOCK_HOURS": "0"}, Path("/nonexistent")).clock_hours == 0
    assert config.load({"CLOCK_HOURS": "1.5"}, Path("/nonexistent")).clock_hours == 1.5
    for bad in ("soon", "-1", "nan", "inf", "100000"):
        with pytest.raises(config.SettingsError, match="CLOCK_HOURS"):
            config.load({"CLOCK_HOURS": bad}, Path("/nonexistent"))
    assert config.load({"REMINDER_HOURS": "12"}, Path("/nonexistent")).obsolete == ("REMINDER_HOURS",)
    assert config.load({}, Path("/nonexistent")).obsolete == ()


def test_sandbox_durations() -> None:
    """The sandbox's @clock durations: +13h, 30m, +1d12h, 90s; nonsense is None."""
    assert duration("+13h") == 13 * HOUR and duration("30m") == 1800 and duration("90s") == 90
    assert duration("+1d12h") == 36 * HOUR and duration("+0.5h") == 1800
    assert duration("") is None and duration("+13") is None and duration("soon") is None


def test_ping_policy_half_time_and_last_call() -> None:
    """Policy: half time, then a last call min(4 h, clock/8) before the clock runs out; a turn the
    turn message did not ping gets a start ping; no clock, no pings beyond the turn message."""
    assert schedule(0, 48, None, mentioned=True) == {"half": 24 * HOUR, "last": 44 * HOUR}
    assert schedule(0, 8, None, mentioned=True) == {"half": 4 * HOUR, "last": 7 * HOUR}
    assert schedule(0, 1, None, mentioned=True) == {"half": 0.5 * HOUR, "last": 52.5 * 60}
    assert schedule(100, 48, None, mentioned=False) == {
        "start": 100,
        "half": 100 + 24 * HOUR,
        "last": 100 + 44 * HOUR,
    }
    assert schedule(0, 0, None, mentioned=True) == {}
    assert schedule(5, 0, None, mentioned=False) == {"start": 5}


def test_ping_policy_never_in_quiet_hours() -> None:
    """Policy: a ping inside quiet hours waits until they end; a last call that would then come
    after the clock runs out comes just before they begin; a ping due with a later one is dropped."""
    quiet = Quiet(22 * 60, 8 * 60, ROME)  # Rome is UTC+1 in December
    since = utc(2026, 12, 1, 19)  # 20:00 in Rome
    # 12 h clock: half at 02:00 (quiet) -> 08:00, which is when the clock runs out: dropped;
    # the last call at 06:30 (quiet) cannot wait until 08:00 either: it comes at 22:00.
    assert schedule(since, 12, quiet, mentioned=True) == {"last": utc(2026, 12, 1, 21)}
    # A turn handed over at 23:00: the start ping at 08:00; half time (23:00 the next day) at
    # 08:00 the day after; the last call (19:00 two days later) on time.
    late = utc(2026, 12, 1, 22)
    assert schedule(late, 48, quiet, mentioned=False) == {
        "start": utc(2026, 12, 2, 7),
        "half": utc(2026, 12, 3, 7),
        "last": utc(2026, 12, 3, 18),
    }
    # Start and half both held until the same morning: only the later kind is sent.
    assert schedule(late, 12, quiet, mentioned=False) == {
        "half": utc(2026, 12, 2, 7),
        "last": utc(2026, 12, 2, 8, 30),
    }
    assert quiet.contains(utc(2026, 12, 1, 21)) and not quiet.contains(utc(2026, 12, 1, 20, 59))
    assert quiet.contains(utc(2026, 12, 2, 6, 59)) and not quiet.contains(utc(2026, 12, 2, 7))
    day = Quiet(13 * 60, 15 * 60, "UTC")  # quiet hours that do not wrap midnight
    assert day.contains(utc(2026, 12, 1, 14)) and not day.contains(utc(2026, 12, 1, 15))
    assert day.ends_after(utc(2026, 12, 1, 14)) == utc(2026, 12, 1, 15)


def test_quiet_hours_follow_daylight_saving_time() -> None:
    """zoneinfo: the night Rome moves to summer time (2027-03-28), quiet hours still end at 08:00
    local time, which is 06:00 UTC rather than 07:00."""
    quiet = Quiet(22 * 60, 8 * 60, ROME)
    assert quiet.ends_after(utc(2027, 3, 27, 22)) == utc(2027, 3, 28, 6)
    assert quiet.ends_after(utc(2027, 3, 26, 22)) == utc(2027, 3, 27, 7)
    assert quiet.began_before(utc(2027, 3, 28, 3)) == utc(2027, 3, 27, 21)


def test_quiet_hours_and_time_zones_are_checked() -> None:
    """/game settings: quiet hours as 22-08 or 22:30-07:15 (ASCII digits, real times); a zone
    must exist in the time-zone database (shipped with the tzdata package)."""
    assert parse_quiet("22-08") == (22 * 60, 8 * 60)
    assert parse_quiet(" 22:30-07:15 ") == (22 * 60 + 30, 7 * 60 + 15)
    for bad in ("25-08", "22-22", "soon", "２２-08", "22:61-08", "22-08-01"):
        with pytest.raises(ValueError):
            parse_quiet(bad)
    assert check_zone(ROME) == ROME and check_zone("America/New_York") == "America/New_York"
    for bad in ("Mars/Olympus", "../etc/passwd", "", "Europe/Röme"):
        with pytest.raises(ValueError):
            check_zone(bad)


def test_waits_start_keep_and_restart_with_the_game(db: Path | str) -> None:
    """A decision's clock starts when it becomes the seat's; a player still deciding a
    simultaneous vote keeps their clock when another votes; the mover's next decision restarts."""
    base = FakeTime()

    async def go() -> None:
        store, t = await open_tables(db, base)
        g = await t.new(10, 20, ANN, "tally", {"target": "6"}, clock_hours=10)
        assert g.clock_hours == 10 and t.clock_of(g) == 10
        with pytest.raises(TableError, match="0 \\(no clock\\)"):
            await t.new(10, 21, ANN, "tally", {}, clock_hours=-1)
        await t.join(g.id, BO)
        turn = await t.start(g.id, ANN)
        (wait,) = turn.record.waits
        first = turn.acting[0]
        assert (wait.seat, wait.since, wait.handed, wait.mentioned) == (first.seat, base.now, True, True)
        base.now += HOUR
        turn = await t.move(g.id, first.user_id, "add 3")  # a bonus decision for the same seat
        (again,) = turn.record.waits
        assert again.seat == first.seat and again.since == base.now and not again.handed
        assert again.version == turn.record.version
        turn = await t.move(g.id, first.user_id, "bonus coin")
        (other,) = turn.record.waits
        assert other.seat != first.seat and other.handed
        base.now += HOUR
        turn = await t.move(g.id, turn.acting[0].user_id, "add 3")
        turn = await t.move(g.id, turn.acting[0].user_id, "bonus coin")  # total 6: the vote
        assert len(turn.record.waits) == 2 and {w.since for w in turn.record.waits} == {base.now}
        base.now += HOUR
        voted = await t.move(g.id, ANN.user_id, "vote yes")
        (left,) = voted.record.waits
        assert left.seat == voted.acting[0].seat and left.since == base.now - HOUR  # clock runs on
        done = await t.move(g.id, BO.user_id, "vote no")
        assert done.finished and done.record.waits == ()
        await store.close()

    asyncio.run(go())


def test_pings_claimed_once_and_neither_lost_nor_repeated_over_restarts(db: Path | str) -> None:
    """Restart at every point: a ping claimed but not yet posted is posted after a restart (not
    lost); a posted one is not posted again; a ping whose player moved meanwhile is dropped."""
    base = FakeTime()

    async def go() -> None:
        store, t = await open_tables(db, base)
        g = await t.new(10, 20, ANN, "tally", {}, clock_hours=10)
        await t.join(g.id, BO)
        first = (await t.start(g.id, ANN)).acting[0]
        base.now += 4.9 * HOUR
        assert await Pings(t).claim_due() == 0
        base.now += 0.2 * HOUR
        assert await Pings(t).claim_due() == 1
        await store.close()  # crash: claimed, never posted

        store, t = await open_tables(db, base)
        pings = Pings(t)
        assert await pings.claim_due() == 0  # not claimed twice ...
        (due,) = await pings.deliveries()  # ... and not lost
        assert [(p.seat, p.kind) for p in due.pings] == [(first, "half")]
        assert due.nonce == (await pings.deliveries())[0].nonce  # a retry is the same message
        await pings.delivered(due)
        await store.close()

        store, t = await open_tables(db, base)
        pings = Pings(t)
        assert await pings.claim_due() == 0 and await pings.deliveries() == []
        base.now += 4 * HOUR  # 9.1 h: the last call (10 h clock: 1.25 h before)
        assert await pings.claim_due() == 1
        await t.move(g.id, first.user_id, "add 1")  # the player acted before it was posted
        (obsolete,) = await pings.deliveries()
        assert obsolete.turn is None  # settled without a message
        await pings.delivered(obsolete)
        assert await pings.deliveries() == []
        await store.close()

    asyncio.run(go())


def test_clock_migration_upgrades_a_schema_4_database(tmp_path: Path) -> None:
    """Storage: migration 5 adds clocks, waits, the outbox and player settings to a database made
    before them; a game from then keeps the server's default clock."""
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as old:
        for _number, sql in migrations()[:4]:
            old.executescript(sql)
        old.execute(
            "INSERT INTO games (guild_id, channel_id, game, options, seed, creator_id, status, version,"
            " state, created_at, updated_at, reminded_version)"
            " VALUES (1, 2, 'tally', '{}', 3, 11, 'running', 4, '{}', 0, 0, 4)"
        )
        old.execute("PRAGMA user_version=4")

    async def go() -> None:
        store = await SqliteStore.open(path)
        assert await store.schema_version() == len(migrations()) >= 5
        (game,) = await store.running()
        assert game.clock_hours is None and game.waits == () and game.version == 4
        assert Tables(store, lambda: [TALLY], clock_hours=30).clock_of(game) == 30
        assert await store.claim_notice(game.id, "k", {"a": 1})
        assert not await store.claim_notice(game.id, "k", {"a": 2})
        assert await store.notice_keys(game.id) == {"k"}
        await store.close()

    asyncio.run(go())


def test_sandbox_clock_pings_at_half_time_and_last_call_once_each(db: Path | str) -> None:
    """Sandbox: '@clock' sends the half-time ping and the last call into the game's channel, each
    once, with the board's buttons; a move starts the next player's clock."""

    async def go() -> None:
        async with Harness(db) as h:
            await h("alice /game new game:tally target:6 clock:10")
            await h("bob /game join")
            first = (await h.started())["mentions"][0]
            second = "bob" if first == "alice" else "alice"
            (clock,) = await h("@clock +4h")
            assert clock["kind"] == "clock" and "0 ping(s)" in clock["content"]
            ping, clock = await h("@clock +1h")
            assert ping["kind"] == "message" and not ping["ephemeral"] and ping["user"] == "system"
            assert ping["mentions"] == [first] and "half your clock" in ping["content"]
            assert f"@{first}, this game has waited 5 hours" in ping["content"]
            assert "add 1, 2 or 3" in ping["content"] and "Your clock runs out <t:" in ping["content"]
            assert "g:1:board" in str(ping["components"]) and "1 ping(s)" in clock["content"]
            assert [r["kind"] for r in await h("@clock +3h")] == ["clock"]  # 8 h: nothing new
            ping, _ = await h("@clock +1h")
            assert ping["mentions"] == [first] and f"Last call, @{first}" in ping["content"]
            assert [r["kind"] for r in await h("@clock +30m")] == ["clock"]  # each once
            r = await h.one(f'{first} /move "text:add 3"')
            buttons = [c for c in r["components"] if ":m" in c["custom_id"]]
            ping, _ = await h("@clock +5h")
            assert ping["mentions"] == [first] and "choose a bonus" in ping["content"]
            assert [c["custom_id"] for c in ping["components"] if ":m" in c["custom_id"]] == [
                b["custom_id"] for b in buttons
            ]
            done = public(await h(f"{first} click {buttons[0]['custom_id']}"))  # still valid
            assert done and "took a bonus coin" in done[0]["content"]
            ping, _ = await h("@clock +5h")
            assert ping["mentions"] == [second]
            r = await h.one("@clock soon")
            assert r["kind"] == "error" and "@clock +13h" in r["content"]

    asyncio.run(go())


def test_sandbox_pings_go_to_the_games_thread_and_clock_zero_sends_none(tmp_path: Path) -> None:
    """Pings are posted where the game is played (its thread); a game with clock:0 (or a server
    default of 0) gets none, however long it waits; the lobby card and status show the clock."""

    async def go() -> None:
        async with Harness(tmp_path / "t.db") as h:
            await h("alice /game new game:tally")
            await h("bob /game join")
            await h("alice /game start thread:true")
            ping, _ = await h("@clock +25h")
            assert ping["channel"] == "tally-1" and ping["mentions"]
            status = (await h("bob #tally-1 /game status"))[0]["embeds"][0]["description"]
            assert "Clock: 48 hours per decision" in status and "waiting since <t:" in status
        async with Harness(tmp_path / "off.db") as h:
            card = (await h("alice /game new game:tally clock:0"))[0]
            assert "Clock: none" in card["embeds"][0]["description"]
            await h("bob /game join")
            await h("alice /game start")
            assert [r["kind"] for r in await h("@clock +30d")] == ["clock"]
        async with Harness(tmp_path / "default.db", clock_hours=0) as h:
            await h("alice /game new game:tally")
            await h("bob /game join")
            await h("alice /game start")
            assert [r["kind"] for r in await h("@clock +30d")] == ["clock"]
            r = await h.one("alice /game new game:tally clock:-1")
            assert r["kind"] == "error"

    asyncio.run(go())


def test_sandbox_quiet_hours_hold_pings_and_dm_once_per_turn(db: Path | str) -> None:
    """/game settings quiet:22-08 tz:Europe/Rome dm:on: a turn that comes at 22:00 Rome time names
    the player without pinging; the start ping and the DM come at 08:00. A DM is sent at most once
    per turn: not again for the same player's follow-up decision."""
    evening = utc(2026, 12, 1, 20, 30)  # 21:30 in Rome

    async def go() -> None:
        async with Harness(db, start=evening) as h:
            await h("alice /game new game:tally target:15 clock:48")
            await h("bob /game join")
            first = (await h.started())["mentions"][0]
            second = "bob" if first == "alice" else "alice"
            said = await h.one(f"{second} /game settings quiet:22-08 tz:Europe/Rome dm:on")
            assert said["ephemeral"] and "22:00-08:00 (Europe/Rome)" in said["content"]
            assert "on (at most one per turn)" in said["content"]
            r = await h.one(f"{first} /game settings dm:on")
            assert "Quiet hours: none" in r["content"]
            await h("@clock +30m")  # 22:00 in Rome: quiet hours begin
            r = await h.one(f'{first} /move "text:add 1"')
            assert r["mentions"] == [] and f"{second} (quiet hours: pinged when they end)" in r["content"]
            assert [x["kind"] for x in await h("@clock +9h")] == ["clock"]  # 07:00: still quiet
            replies = await h("@clock +1h")  # 08:00
            ping = next(x for x in replies if x.get("channel") is None and x["kind"] == "message")
            dm = next(x for x in replies if x.get("channel") == f"dm-{second}")
            assert ping["mentions"] == [second] and f"@{second}, it is your turn" in ping["content"]
            assert "Your turn in Tally #1 in #tavola" in dm["content"] and dm["mentions"] == []
            replies = await h(f'{second} /move "text:add 3"')
            assert public(replies)[0]["mentions"] == []  # issue 12: the mover is here, not pinged
            assert not [x for x in replies if x.get("channel")]  # own follow-up decision: no DM
            replies = await h(f'{second} /move "text:bonus coin"')
            dms = [x for x in replies if x.get("channel") == f"dm-{first}"]
            assert len(dms) == 1 and "Your turn in Tally #1" in dms[0]["content"]
            replies = await h(f'{first} /move "text:add 3"')
            assert not [x for x in replies if x.get("channel")]
            r = await h.one(f"{second} /game settings quiet:off dm:off")
            assert "Quiet hours: none" in r["content"] and "off (`dm:on`" in r["content"]
            r = await h.one(f"{second} /game settings quiet:9-9")
            assert r["ephemeral"] and "different times" in r["content"]

    asyncio.run(go())


def test_sandbox_ping_posted_but_not_marked_is_not_posted_twice(db: Path | str) -> None:
    """A crash between posting a ping and marking it sent: the retry carries the same nonce, and
    Discord (the fake one models it) drops the repeat; after a restart it is not lost either."""

    noon = utc(2026, 12, 1, 12)

    async def go() -> None:
        async with Harness(db, start=noon) as h:
            await h("alice /game new game:tally clock:10")
            await h("bob /game join")
            await h.started()
            real = h.store.notice_sent
            calls: list[str] = []

            async def crash(game_id: int, key: str) -> None:
                calls.append(key)
                raise RuntimeError("killed before marking")

            h.store.notice_sent = crash  # type: ignore[method-assign]
            h.clock.advance(5 * HOUR)
            with pytest.raises(RuntimeError):
                await h.sandbox.bot.run_due()
            h.store.notice_sent = real  # type: ignore[method-assign]
            posted = [r for r in h.seen if r["kind"] == "message" and "half your clock" in r["content"]]
            assert len(posted) == 1 and calls
            replies = await h("@clock +1m")
            assert [r["kind"] for r in replies] == ["clock"]  # the retry was dropped as a repeat
            assert await h.store.unsent_notices() == []
        # Restart (time has moved on meanwhile): the last call is claimed, then the bot dies.
        async with Harness(db, start=noon + 9 * HOUR) as h:
            assert await Pings(h.tables).claim_due() == 1
        async with Harness(db, start=noon + 9 * HOUR + 60) as h:
            ping, clock = await h("@clock +0h")
            assert "Last call" in ping["content"] and "1 ping(s)" in clock["content"]
            assert [r["kind"] for r in await h("@clock +0h")] == ["clock"]

    asyncio.run(go())


def test_real_bot_runs_a_clock_task_that_survives_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real bot's background task: started by setup_hook; it runs what fell due every
    CLOCK_CHECK_SECONDS and keeps going after an error; 0 seconds means no task (the sandbox)."""

    async def go() -> None:
        store = await SqliteStore.open(tmp_path / "t.db")
        tables = Tables(store, lambda: [TALLY])
        off = TavolaBot(tables, sync_commands=False, clock_check_seconds=0)
        await off.setup_hook()
        assert off._clock_task is None
        bot = TavolaBot(tables, sync_commands=False, clock_check_seconds=0.001)
        calls: list[int] = []

        async def ready() -> None:
            return None

        async def due() -> int:
            calls.append(1)
            if len(calls) == 1:
                raise RuntimeError("Discord hiccup")
            return 0

        monkeypatch.setattr(bot, "wait_until_ready", ready)
        monkeypatch.setattr(bot, "run_due", due)
        monkeypatch.setattr(bot, "is_closed", lambda: len(calls) >= 3)
        await bot.setup_hook()
        task: Any = bot._clock_task
        assert task is not None
        await asyncio.wait_for(task, timeout=10)
        assert len(calls) == 3
        await store.close()

    asyncio.run(go())
