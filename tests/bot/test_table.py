"""The table service (no Discord): lobby, life cycle, moves, races, replay."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from bot.service.store import Change, GameRecord, StaleVersion, open_store
from bot.service.table import Player, TableError, Tables, filter_texts
from rules.core import BadSyntax, NotYourTurn
from tests.bot.toy import TALLY

T = TypeVar("T")
ANN, BO, CY = Player(1, "Ann"), Player(2, "Bo"), Player(3, "Cy")


def with_tables(db: Path | str, body: Callable[[Tables], Awaitable[T]]) -> T:
    """Run ``body`` on a Tables service over ``db`` (both stores: the ``db`` fixture)."""

    async def go() -> T:
        store = await open_store(db)
        try:
            return await body(Tables(store, lambda: [TALLY], new_seed=lambda: 42))
        finally:
            await store.close()

    return asyncio.run(go())


async def started(t: Tables, players: tuple[Player, ...] = (ANN, BO), **options: Any) -> GameRecord:
    g = await t.new(10, 20, players[0], "tally", options)
    for p in players[1:]:
        await t.join(g.id, p)
    await t.start(g.id, players[0])
    return await t.get(g.id)


def test_lobby_new_refuses_unknown_game_and_bad_options(db: Path | str) -> None:
    """/game new: unknown game and unknown or invalid options are refused in words."""

    async def body(t: Tables) -> None:
        with pytest.raises(TableError, match="no game called 'chess'"):
            await t.new(10, 20, ANN, "chess", {})
        with pytest.raises(ValueError, match="no option 'speed'"):
            await t.new(10, 20, ANN, "tally", {"speed": "1"})
        with pytest.raises(ValueError, match="must be one of"):
            await t.new(10, 20, ANN, "tally", {"target": "7"})
        g = await t.new(10, 20, ANN, "tally", {"target": "6", "vote": "off"})
        assert g.options == {
            "target": 6,
            "vote": False,
            "wide": False,
            "open_vote": False,
            "follow_up": False,
        }

    with_tables(db, body)


def test_lobby_join_leave_and_start_bounds(db: Path | str) -> None:
    """/game join, leave, start: creator only; refuses below the minimum and above the maximum."""

    async def body(t: Tables) -> None:
        g = await t.new(10, 20, ANN, "tally", {})
        with pytest.raises(TableError, match="at least 2"):
            await t.start(g.id, ANN)
        await t.join(g.id, BO)
        with pytest.raises(TableError, match="already joined"):
            await t.join(g.id, BO)
        with pytest.raises(TableError, match="Only the player who created"):
            await t.start(g.id, BO)
        with pytest.raises(TableError, match="not in this game"):
            await t.leave(g.id, CY)
        for i in range(3, 5):
            await t.join(g.id, Player(i, f"P{i}"))
        with pytest.raises(TableError, match="at most 4"):
            await t.join(g.id, Player(9, "Nine"))
        await t.leave(g.id, Player(4, "P4"))
        turn = await t.start(g.id, ANN)
        assert sorted(s.user_id for s in turn.record.seats) == [1, 2, 3]
        assert [s.seat for s in turn.record.seats] == [0, 1, 2]
        assert turn.record.status == "running"
        with pytest.raises(TableError, match="already started"):
            await t.join(g.id, CY)

    with_tables(db, body)


def test_abandon_creator_or_manage_server(db: Path | str) -> None:
    """/game abandon: the creator, or anyone with Manage Server."""

    async def body(t: Tables) -> None:
        g = await t.new(10, 20, ANN, "tally", {})
        with pytest.raises(TableError, match="creator or someone with Manage Server"):
            await t.abandon(g.id, BO, may_manage_server=False)
        done = await t.abandon(g.id, BO, may_manage_server=True)
        assert done.status == "abandoned"
        with pytest.raises(TableError, match="no game in this channel"):
            await t.in_channel(20)

    with_tables(db, body)


def test_moves_revalidated_out_of_turn_unseated_and_garbage(db: Path | str) -> None:
    """Moves: out of turn, not seated, garbage text: refused, nothing changes."""

    async def body(t: Tables) -> None:
        g = await started(t)
        first = g.seats[0]
        other = g.seats[1]
        with pytest.raises(NotYourTurn):
            await t.move(g.id, other.user_id, "add 1")
        with pytest.raises(TableError, match="not playing"):
            await t.move(g.id, CY.user_id, "add 1")
        with pytest.raises(BadSyntax):
            await t.move(g.id, first.user_id, "fly to the moon")
        assert (await t.get(g.id)).version == g.version
        turn = await t.move(g.id, first.user_id, "add 2")
        assert turn.events == (f"{first.name} added 2 (total 2).",)
        assert [s.user_id for s in turn.acting] == [other.user_id]
        assert (await t.log(g.id))[0].text == "add 2"

    with_tables(db, body)


def test_button_with_stale_version_says_board_moved_on(db: Path | str) -> None:
    """Storage: a move made against a stale board is refused."""

    async def body(t: Tables) -> None:
        g = await started(t)
        await t.move(g.id, g.seats[0].user_id, "add 1")
        with pytest.raises(TableError, match="moved on"):
            await t.move(g.id, g.seats[1].user_id, "add 1", expected_version=g.version)

    with_tables(db, body)


def test_two_moves_racing_on_same_version_exactly_one_applied(db: Path | str) -> None:
    """Storage: two moves racing on the same version: exactly one applied."""

    async def body(t: Tables) -> None:
        g = await started(t)
        user = g.seats[0].user_id
        gate = asyncio.Event()
        real_commit = t.store.commit
        arrived = 0

        async def slow_commit(game_id: int, version: int, change: Change) -> GameRecord:
            nonlocal arrived
            arrived += 1
            if arrived == 2:
                gate.set()
            await gate.wait()  # both moves have loaded and applied before either writes
            return await real_commit(game_id, version, change)

        t.store.commit = slow_commit  # type: ignore[method-assign,assignment]
        results = await asyncio.gather(
            t.move(g.id, user, "add 1"), t.move(g.id, user, "add 2"), return_exceptions=True
        )
        ok = [r for r in results if not isinstance(r, BaseException)]
        stale = [r for r in results if isinstance(r, StaleVersion)]
        assert len(ok) == 1 and len(stale) == 1
        assert len(await t.log(g.id)) == 1
        assert (await t.get(g.id)).version == g.version + 1

    with_tables(db, body)


def test_secret_votes_collected_then_revealed_and_replay_matches(db: Path | str) -> None:
    """Simultaneous secret decisions; the log replays to the cached state; outcome at the end."""

    async def body(t: Tables) -> None:
        g = await started(t, target=6)
        a, b = g.seats[0].user_id, g.seats[1].user_id
        await t.move(g.id, a, "add 3")
        mine = await t.legal(g.id, a)
        assert mine.prompt is not None and mine.prompt.decision
        await t.move(g.id, a, "bonus point")
        turn = await t.move(g.id, b, "add 3")
        turn = await t.move(g.id, b, "bonus coin")
        assert len(turn.acting) == 2 and all(p.secret for p in turn.prompts.values())
        turn = await t.move(g.id, b, "vote yes")
        assert "yes" not in " ".join(turn.events) and "votes" not in turn.public_view
        turn = await t.move(g.id, a, "vote no")
        assert turn.finished and turn.record.status == "finished"
        assert "revealed" in turn.events[0]
        assert turn.outcome is not None and turn.outcome.scores == (4, 4)
        replayed = await t.replay(g.id)
        assert TALLY.to_json(replayed) == turn.record.state
        with pytest.raises(TableError, match="not running"):
            await t.move(g.id, a, "add 1")

    with_tables(db, body)


def test_autocomplete_filter_words_and_limit() -> None:
    """/move autocomplete: every typed word must match, prefix matches first, at most 25."""
    texts = [f"place black tower_{i}" for i in range(30)] + ["pass", "take black"]
    assert filter_texts(texts, "bla 2")[:2] == ["place black tower_2", "place black tower_12"]
    assert len(filter_texts(texts, "")) == 25
    assert filter_texts(texts, "take")[0] == "take black"
