"""A person playing computers gets one board per move: their own post is words only, and the
computers' report that follows carries the board (``Turn.board_later``). The board is owed by an
outbox notice written with the move, so a failing computer pass or a restart between the two
still gets it posted. Every test runs on both stores (the ``db`` fixture)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from bot.service.computers import BOARD_WAIT_SECONDS
from rules.core import Move
from tests.bot.harness import Harness, public

NEW = "alice /game new game:tally target:15 vote:off bots:2 bot_level:random"


def posts(replies: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The posts in the channel (not the sandbox's own clock lines)."""
    return [r for r in public(replies) if r["kind"] in ("reply", "followup", "message")]


def boards(replies: list[dict[str, Any]]) -> int:
    return sum(len(r["files"]) for r in posts(replies))


async def alice_to_move(h: Harness) -> None:
    """A started game of alice and two computers, the computers' opening moves made. A computer
    opens (the seats are drawn from the seed), so the start is posted in words and the
    computers' report brings the first board."""
    await h(NEW)
    started = posts(await h("alice /game start"))
    assert [len(r["files"]) for r in started] == [0, 1]
    assert "has started" in started[0]["content"] and "the board comes" in started[0]["content"]
    assert started[1]["mentions"] == ["alice"]
    turn = await h.tables.turn(1)
    assert [s.name for s in turn.acting] == ["alice"]


async def computers(h: Harness) -> list[str]:
    """The computer seats' names as stored (their format is the players package's to choose)."""
    return [s.name for s in (await h.tables.get(1)).seats if s.user_id < 0]


async def next_name(h: Harness) -> str:
    """The name of the one seat the game waits for."""
    (seat,) = (await h.tables.turn(1)).acting
    return seat.name


class Nonsense:
    """A move no game knows (top-level: the worker pool pickles it)."""

    def to_text(self) -> str:
        return "nonsense"


def broken(game: Any, seat: int, view: Any, legal: Any, level: str, rng: random.Random, think: Any) -> Move:
    """A computer player whose every move is refused: its pass makes no move (a chooser that
    raises is replaced by a random legal move, ``Computers._play_one``)."""
    return Nonsense()


def test_a_persons_move_before_computers_posts_one_board(db: Path | str, tmp_path: Path) -> None:
    """Alice's move is announced in words only, saying the computers play now; their report
    follows with the board and pings alice. One board per move, each move told once."""

    async def go() -> None:
        async with Harness(db, out=tmp_path / "out") as h:
            await alice_to_move(h)
            names = await computers(h)
            for _ in range(2):  # the computers add 1 to 3 each: two rounds stay under 15
                replies = posts(await h('alice /move "text:add 1"'))
                mine, report = replies
                assert mine["files"] == [] and mine["mentions"] == []
                assert "alice added 1" in mine["content"]
                said = [f"🤖 {name} is playing; the board comes" in mine["content"] for name in names]
                assert sorted(said) == [False, True]  # the computer whose turn came
                assert [c["label"] for c in mine["components"]] == ["My board"]
                assert report["kind"] == "message" and len(report["files"]) == 1
                assert report["mentions"] == ["alice"]
                assert "alice added 1" not in report["content"]  # told once, in alice's post
                assert all(f"🤖 {name}:" in report["content"] for name in names)
            taken = [n for n in await h.store.unsent_notices() if n.key.startswith("board:")]
            assert taken == []  # every owed board settled by its report

    asyncio.run(go())


def test_the_board_still_comes_when_the_computers_fail(db: Path | str, tmp_path: Path) -> None:
    """The computers' pass fails: alice's post has no board and no report follows; once
    ``BOARD_WAIT_SECONDS`` passed, the clock's next pass posts the board alone, saying whom the
    game waits for. When the computers play again, their report brings the next board."""

    async def go() -> None:
        async with Harness(db, out=tmp_path / "out") as h:
            await alice_to_move(h)
            computers = h.sandbox.bot.computers
            working = computers.choose
            computers._choose = broken
            replies = await h('alice /move "text:add 1"')
            assert boards(replies) == 0 and len(posts(replies)) == 1
            assert boards(await h("@clock +0h")) == 0  # too early: the computers may still move
            assert BOARD_WAIT_SECONDS < 60
            replies = posts(await h("@clock +1m"))
            assert len(replies) == 1 and len(replies[0]["files"]) == 1
            assert f"➡️ {await next_name(h)}: add 1, 2 or 3" in replies[0]["content"]
            assert boards(await h("@clock +1h")) == 0  # posted once
            computers._choose = working
            replies = posts(await h("@clock +0h"))
            assert len(replies) == 1 and len(replies[0]["files"]) == 1
            assert replies[0]["mentions"] == ["alice"]

    asyncio.run(go())


def test_a_restart_between_the_move_and_the_computers_still_posts_the_board(
    db: Path | str, tmp_path: Path
) -> None:
    """The move is stored (with the board it owes) and the bot stops before the computers
    play: the restarted bot's first pass plays them and posts their report with the board."""
    start = 1_800_000_000.0

    async def go() -> None:
        h = Harness(db, out=tmp_path / "out", start=start)
        await h.__aenter__()
        await alice_to_move(h)
        alice = (await h.tables.get(1)).seats
        user = next(s.user_id for s in alice if s.name == "alice")
        turn = await h.tables.move(1, user, "add 1")  # stored; the bot stops before posting
        assert turn.board_later and not turn.shows_board
        names = await computers(h)
        await h.__aexit__()
        h = Harness(db, out=tmp_path / "out", start=start)
        await h.__aenter__()
        replies = posts(await h("@clock +0h"))
        await h.__aexit__()
        assert len(replies) == 1 and len(replies[0]["files"]) == 1
        assert sum(f"🤖 {name}:" in replies[0]["content"] for name in names) == 2
        assert replies[0]["mentions"] == ["alice"]

    asyncio.run(go())


def test_games_without_computers_keep_the_board_on_the_move(db: Path | str, tmp_path: Path) -> None:
    """Between people nothing changes: the move's own post carries the board."""

    async def go() -> None:
        async with Harness(db, out=tmp_path / "out") as h:
            await h("alice /game new game:tally target:15 vote:off")
            await h("bob /game join")
            await h("alice /game start")
            first = (await h.tables.turn(1)).acting[0].name
            replies = posts(await h(f'{first} /move "text:add 1"'))
            assert len(replies) == 1 and len(replies[0]["files"]) == 1
            assert (await h.store.unsent_notices()) == []

    asyncio.run(go())


def test_people_deciding_beside_a_computer_get_words_then_the_board(db: Path | str, tmp_path: Path) -> None:
    """Alice's move opens a secret vote for her and the computer: her post names both with the
    vote's button, says the board comes with the computer moves, and carries none; the
    computer's report brings it. Her vote ends the game: the result post is unchanged (the
    ranking with the board)."""

    async def go() -> None:
        async with Harness(db, out=tmp_path / "out") as h:
            await h("alice /game new game:tally target:6 bots:1 bot_level:random")
            await h("alice /game start")
            (name,) = await computers(h)
            for _ in range(3):  # the seeded computer adds 2, then 1: alice's second add opens it
                mine, report = posts(await h('alice /move "text:add 2"'))
                if "Vote" in mine["content"]:
                    break
            assert f"➡️ {name}, alice: Vote yes or no in secret" in mine["content"]
            assert mine["content"].endswith("🤖 The board comes with the computer moves.")
            assert mine["files"] == [] and "Decide privately" in [c["label"] for c in mine["components"]]
            assert len(report["files"]) == 1 and report["mentions"] == ["alice"]
            (final,) = posts(await h('alice /move "text:vote yes"'))[-1:]
            assert (await h.tables.get(1)).status == "finished"
            # the board and, for a game keeping a score, the chart: the toy keeps none
            assert [f["name"].split(".")[0] for f in final["files"]] == ["tally-board"]
            assert final["embeds"] and "🏁" in final["content"]

    asyncio.run(go())
