"""Issue 8 item 3: the move log is the record. A stored state that cannot be read is rebuilt from
the log (and written back, with an operator log line); a game whose log cannot rebuild it either
is reported once, answers in words, and never holds back other games' pings, whose notices are
marked sent only once posted."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from bot.service.store.postgres import PostgresStore
from tests.bot.harness import Harness, public


async def raw(h: Harness, sql: str, *args: object) -> None:
    """Damage the database as a bad disk or a stray tool would (``?`` placeholders)."""
    if isinstance(h.store, PostgresStore):
        for i in range(len(args)):
            sql = sql.replace("?", f"${i + 1}", 1)
        await h.store._pool.execute(sql, *args)
    else:
        await h.store._conn.execute(sql, args)  # type: ignore[attr-defined]
        await h.store._conn.commit()  # type: ignore[attr-defined]


async def two_games(h: Harness) -> None:
    """Game 1 (alice, bob) in its thread #tally-1, game 2 (carol, dave) in #tavola; a move each."""
    await h("alice /game new game:tally target:15 vote:off")
    await h("bob /game join")
    await h("alice /game start thread:true")
    await h("carol /game new game:tally target:15 vote:off")
    await h("dave /game join")
    await h("carol /game start")
    for gid, channel in ((1, "#tally-1"), (2, "#tavola")):
        turn = await h.tables.turn(gid)
        who = h.sandbox.members.by_id(turn.acting[0].user_id)
        assert who is not None
        assert public(await h(f'{who.name} {channel} /move "text:add 1"'))


def pinged_games(replies: list[dict[str, object]]) -> set[str]:
    return {str(r["content"]).split(":")[0] for r in replies if r["kind"] == "message"}


def test_a_damaged_state_is_rebuilt_from_the_move_log(
    db: Path | str, caplog: pytest.LogCaptureFixture
) -> None:
    """Game 1's stored state is garbage: the clock's pings of both games still go out, game 1's
    state is rebuilt from its log and written back at the same version (one warning), and its
    buttons and moves work as before."""

    async def go() -> None:
        async with Harness(db) as h:
            await two_games(h)
            before = await h.tables.get(1)
            await raw(h, "UPDATE games SET state = ? WHERE id = ?", '{"damaged', 1)
            h.tables._states.clear()  # as after a restart: nothing cached
            with caplog.at_level(logging.WARNING, logger="tavola"):
                replies = await h("@clock +30h")
            assert pinged_games(replies) == {"Tally #1", "Tally #2"}, replies
            after = await h.tables.get(1)
            assert after.version == before.version and after.state == before.state
            rebuilt = [r for r in caplog.records if "rebuilt from its move log" in r.getMessage()]
            assert len(rebuilt) == 1 and rebuilt[0].levelno == logging.WARNING
            turn = await h.tables.turn(1)
            who = h.sandbox.members.by_id(turn.acting[0].user_id)
            assert who is not None
            moved = public(await h(f'{who.name} #tally-1 /move "text:add 2"'))
            assert moved and "added 2" in moved[0]["content"], moved

    asyncio.run(go())


def test_an_unreplayable_game_is_reported_once_and_skipped(
    db: Path | str, caplog: pytest.LogCaptureFixture
) -> None:
    """Game 1's state is garbage and its log names a move that does not exist: game 2's pings go
    out on every pass, game 1's stay unsent (never marked sent unposted), one error line is logged
    for game 1 however many passes run, and its players get a private explanation, no apology."""

    async def go() -> None:
        async with Harness(db) as h:
            await two_games(h)
            await raw(h, "UPDATE games SET state = ? WHERE id = ?", "[]", 1)
            await raw(h, "UPDATE moves SET text = ? WHERE game_id = ?", "add 7", 1)
            h.tables._states.clear()
            with caplog.at_level(logging.WARNING):
                first = await h("@clock +30h")
                second = await h("@clock +17h")  # game 2: last call, not yet the takeover; game 1 skipped
            assert pinged_games(first) == {"Tally #2"} and pinged_games(second) == {"Tally #2"}
            errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
            assert len(errors) == 1 and "game 1" in errors[0].getMessage(), [r.getMessage() for r in errors]
            unsent = {n.game_id for n in await h.store.unsent_notices()}
            assert unsent == {1}
            r = await h.one("alice #tally-1 /game status")
            assert r["ephemeral"] and "damaged" in r["content"] and "Sorry" not in r["content"], r
            r = await h.one('bob #tally-1 /move "text:add 1"')
            assert r["ephemeral"] and "damaged" in r["content"], r

    asyncio.run(go())


def test_a_damaged_game_row_is_left_out_of_lists(db: Path | str) -> None:
    """Game 1's row is damaged beyond its state (its waits are not JSON): the clock still pings
    game 2, ``/game list`` lists game 2, and game 1's players are told in words."""

    async def go() -> None:
        async with Harness(db) as h:
            await two_games(h)
            await raw(h, "UPDATE games SET waits = ? WHERE id = ?", "[[0, 1", 1)
            assert pinged_games(await h("@clock +30h")) == {"Tally #2"}
            listed = await h.one("carol /game list")
            assert "#2 Tally" in listed["content"] and "#1 Tally" not in listed["content"], listed
            r = await h.one("alice #tally-1 /game status")
            assert r["ephemeral"] and "record is damaged" in r["content"], r

    asyncio.run(go())
