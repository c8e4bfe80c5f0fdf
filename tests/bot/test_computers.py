"""The computer at the table (issue 10 item 2, issue 11 item 2) through the sandbox: computer
seats, the takeover of a timed-out seat until its owner acts again, simultaneous secret decisions
timing out the same way, the kick vote, and restarts at every point of the clock and takeover
flow (no ping twice, none lost, no double takeover).

``@clock`` runs everything that fell due before the sandbox answers idle: pings, takeovers and
the computer's moves. Every test runs on both stores (the ``db`` fixture)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from bot.service.computers import Computers
from bot.service.movelog import replay_log
from bot.service.store import COMPUTER
from rules import find_game
from rules.core import Move
from tests.bot.harness import Harness, public
from tests.bot.toy import TALLY


def messages(replies: list[dict[str, Any]]) -> list[str]:
    return [r["content"] for r in replies if r["kind"] == "message"]


async def replay_is_exact(h: Harness, game_id: int = 1) -> None:
    record = await h.tables.get(game_id)
    game = h.tables.game(record.game)
    start = game.setup(len(record.seats), record.seed, record.options)
    assert game.to_json(replay_log(game, start, await h.tables.log(game_id))) == record.state


async def two_player_game(h: Harness, clock: str = "clock:1", options: str = "target:10") -> list[str]:
    await h(f"alice /game new game:tally {options} {clock}")
    await h("bob /game join")
    await h.started()
    return [s.name for s in (await h.tables.get(1)).seats]


async def clock_until_finished(h: Harness, hours: int = 4) -> list[str]:
    """``@clock +1h`` until game 1 is finished (at most ``hours`` times): what the channel heard."""
    said: list[str] = []
    for _ in range(hours):
        said += messages(await h("@clock +1h"))
        if (await h.tables.get(1)).status == "finished":
            break
    return said


def test_a_game_nobody_plays_any_more_is_finished_by_the_computers(db: Path | str, tmp_path: Path) -> None:
    """Issue 11 item 2: clocks run out one after the other; the computer plays each timed-out
    seat, the channel is told each time, and the game ends; the result marks the seats the
    computer played and how many moves; every computer move is legal, logged and replayable."""

    async def go() -> None:
        async with Harness(db, out=tmp_path / "out") as h:
            await two_player_game(h)
            said = await clock_until_finished(h)
            record = await h.tables.get(1)
            assert record.status == "finished"
            assert sum("clock (an hour) ran out" in m for m in said) == 2
            log = await h.tables.log(1)
            assert {e.actor for e in log} == {COMPUTER}
            assert "🏁" in said[-1]
            counts = {s: c.moves for s, c in record.seating.computers.items()}
            assert sorted(counts) == [0, 1] and sum(counts.values()) == len(log)
            r = await h.one("alice /game status")
            assert "🤖 the computer played" in r["embeds"][1]["description"]
            await replay_is_exact(h)

    asyncio.run(go())


def test_the_owner_takes_the_seat_back_by_acting(db: Path | str, tmp_path: Path) -> None:
    """Any command or button of the owner in the game reclaims the seat (the channel is told);
    their next turn pings them again, and their own move counts as theirs."""

    async def go() -> None:
        async with Harness(db, out=tmp_path / "out") as h:
            first, second = await two_player_game(h)
            replies = await h("@clock +1h")  # first's clock runs out: the computer moves for them
            said = messages(replies)
            assert any(f"{first}'s clock (an hour) ran out" in m for m in said)
            assert any(f"🤖 {first} (computer):" in m for m in said)
            record = await h.tables.get(1)
            assert record.seating.computers[0].mode == "away"
            # The board that follows pings the second player (a person), not the computer.
            board = [r for r in replies if r["kind"] == "message" and r["files"]][-1]
            assert board["mentions"] == [second]
            replies = await h(f"{first} click g:1:board")
            assert any(f"👋 {first} is back" in m for m in messages(replies))
            assert (await h.tables.get(1)).seating.computers[0].mode == "back"
            replies = await h(f'{second} /move "text:add 1"')
            assert public(replies)[-1]["mentions"] == [first]
            await h(f'{first} /move "text:add 1"')
            assert (await h.tables.log(1))[-1].actor is None
            await replay_is_exact(h)

    asyncio.run(go())


def test_a_secret_vote_times_out_the_same_way(db: Path | str, tmp_path: Path) -> None:
    """Simultaneous secret decisions: the voter whose clock ran out is voted for by the
    computer; the one who voted keeps their vote; the votes are revealed together."""

    async def go() -> None:
        async with Harness(db, out=tmp_path / "out") as h:
            seats = await two_player_game(h, clock="clock:2", options="target:6")
            for who in seats * 2:
                await h(f'{who} /move "text:add 2"')
            await h(f'{seats[0]} /move "text:vote yes"')
            said = messages(await h("@clock +2h"))
            assert any(f"{seats[1]}'s clock" in m for m in said)
            assert any("votes are revealed" in m for m in said)
            record = await h.tables.get(1)
            assert record.status == "finished" and list(record.seating.computers) == [1]

    asyncio.run(go())


def test_computer_seats_play_before_the_sandbox_is_idle(db: Path | str, tmp_path: Path) -> None:
    """Issue 10 item 2: a person and computers; after the person's move the computers' moves
    are made (and posted, each with the board) before the sandbox answers idle; they are never
    pinged; the result marks them as computers."""

    async def go() -> None:
        async with Harness(db, out=tmp_path / "out") as h:
            await h("alice /game new game:tally target:6 vote:off bots:2 bot_level:random")
            replies = await h("alice /game start")
            assert len([r for r in replies if r["files"]]) in (1, 2, 3)  # the start, then computers
            for _ in range(12):
                record = await h.tables.get(1)
                if record.status == "finished":
                    break
                replies = await h('alice /move "text:add 1"')
                assert all("@Computer" not in r["content"] for r in replies)
                turn = await h.tables.turn(1)
                assert turn.finished or [s.name for s in turn.acting] == ["alice"]
            assert (await h.tables.get(1)).status == "finished"
            r = await h.one("alice /game status")
            assert "🤖 computer (random)" in r["embeds"][1]["description"]
            await replay_is_exact(h)

    asyncio.run(go())


def test_real_games_computers_move_before_the_sandbox_is_idle(tmp_path: Path) -> None:
    """Issue 10 item 2 with the real engines: the computers' moves cross to a worker by pickle
    (``bot.service.workers`` runs even inline on pickled copies). Lancaster's computers once
    failed every move there, silently: here each game's computer seats play their opening
    decisions before the sandbox is idle, until the person is asked."""

    async def play(game: str) -> None:
        async with Harness(tmp_path / f"{game}.db", games=[find_game(game)], out=tmp_path / game) as h:
            await h(f"alice /game new game:{game} bots:2 bot_level:easy")
            await h("alice /game start")
            alice = next(s.seat for s in (await h.tables.get(1)).seats if s.user_id > 0)
            for _ in range(4):  # alice answers until a computer had its turn
                if any(m.seat != alice for m in await h.tables.log(1)):
                    break
                turn = await h.tables.turn(1)
                await h(f'alice /move "text:{turn.game.legal_moves(turn.state, alice)[0].to_text()}"')
            assert any(m.seat != alice for m in await h.tables.log(1)), game  # a computer moved
            turn = await h.tables.turn(1)
            assert [s.name for s in turn.acting] == ["alice"], (game, turn.acting)
            await replay_is_exact(h)

    for game in ("lancaster", "lorenzo"):
        asyncio.run(play(game))


def raising(game: Any, seat: int, view: Any, legal: Any, level: str, rng: random.Random, think: Any) -> Move:
    """A computer player that fails every time (top-level: the worker pool pickles it)."""
    raise RuntimeError("the computer player broke")


def test_a_failing_computer_player_plays_a_random_legal_move(tmp_path: Path, caplog: Any) -> None:
    """A computer player that raises must not stall its game until someone reads the log: the
    failure is logged and the seat plays a random legal move, reported as any computer move."""

    async def go() -> None:
        async with Harness(tmp_path / "t.db", out=tmp_path / "out") as h:
            h.sandbox.bot.computers._choose = raising
            await h("alice /game new game:tally target:15 vote:off bots:1 bot_level:hard")
            await h("alice /game start")
            alice = next(s.seat for s in (await h.tables.get(1)).seats if s.user_id > 0)
            for _ in range(2):
                turn = await h.tables.turn(1)
                if [s.seat for s in turn.acting] == [alice]:
                    await h('alice /move "text:add 1"')
            assert any(m.seat != alice for m in await h.tables.log(1))  # the computer moved
            assert [s.name for s in (await h.tables.turn(1)).acting] == ["alice"]

    asyncio.run(go())
    assert "the computer player failed" in caplog.text


def test_kick_by_a_vote_of_the_others(db: Path | str, tmp_path: Path) -> None:
    """/game kick: only a timed-out player; more than half of the others; then for good."""

    async def go() -> None:
        async with Harness(db, out=tmp_path / "out") as h:
            await h("alice /game new game:tally clock:1")
            await h("bob /game join")
            await h("carol /game join")
            await h.started()
            r = await h.one("alice /game kick seat:bob")
            assert "not timed out" in r["content"]
            seats = [s.name for s in (await h.tables.get(1)).seats]
            late = seats[0]
            await h("@clock +1h")
            voters = [s for s in seats if s != late]
            r = await h.one(f"{voters[0]} /game kick seat:{late}")
            assert not r["ephemeral"] and "1 of 2 votes needed" in r["content"]
            r = await h.one(f"{voters[0]} /game kick seat:{late}")
            assert "1 of 2" in r["content"]  # the same voter counts once
            r = (await h(f"{voters[1]} /game kick seat:{late}"))[0]
            assert f"{late} was kicked" in r["content"]
            record = await h.tables.get(1)
            assert record.seats[0].name == f"{late} (computer)" and record.seating.computers[0].mode == "left"
            r = await h.one(f"{late} /game hand")
            assert "not playing" in r["content"]

    asyncio.run(go())


def test_restart_at_every_point_no_ping_twice_none_lost_no_double_takeover(
    db: Path | str, tmp_path: Path
) -> None:
    """Restart at every point of the clock and takeover flow: a new bot on the same database
    after each step (a ping sent; a takeover claimed but its announcement refused by Discord;
    a takeover claimed and the bot stopped before posting) sends each ping and announcement
    exactly once and takes the seat over once."""
    out = tmp_path / "out"
    seen: list[str] = []
    start = 1_800_000_000.0  # a fixed moment: every bot below lives on the same clock
    ahead = [0.0]

    async def step(*lines: str) -> Harness:
        h = Harness(db, out=out, start=start)
        h.clock.offset = ahead[0]  # the time this "restart" comes back at
        await h.__aenter__()
        for line in lines:
            seen.extend(messages(await h(line)))
        ahead[0] = h.clock.offset
        return h

    async def go() -> None:
        h = await step("alice /game new game:tally clock:8", "bob /game join", "alice /game start")
        await h.__aexit__()
        h = await step("@clock +4h")  # half time
        await h.__aexit__()
        h = await step("@clock +0h")  # the restart sends nothing again
        await h.__aexit__()
        # The last call falls due but Discord refuses every post now: claimed, not lost.
        h = await step("@fail POST /channels/*/messages 503 10", "@clock +3h")
        await h.__aexit__()
        assert sum("Last call" in m for m in seen) == 0
        h = await step("@clock +0h")  # the restart posts it (Discord answers again)
        await h.__aexit__()
        # Takeover: committed with its announcement, then the bot stops before any post.
        h = await step()
        h.clock.advance(1 * 3600)
        ahead[0] = h.clock.offset
        assert await h.sandbox.bot.computers.takeovers() == 1
        assert await h.sandbox.bot.computers.takeovers() == 0  # a second pass finds it done
        await h.__aexit__()
        h = await step("@clock +0h", "@clock +0h")
        record = await h.tables.get(1)
        await h.__aexit__()
        assert sum("half your clock" in m for m in seen) == 1
        assert sum("Last call" in m for m in seen) == 1  # refused first, posted after the restart
        assert sum("ran out" in m for m in seen) == 1
        assert sum("🤖" in m for m in seen) >= 1  # the computer then played the seat
        assert [c.mode for c in record.seating.computers.values()] == ["away"]

    asyncio.run(go())


CALLS: list[tuple[Any, ...]] = []


def spy(game: Any, seat: int, view: Any, legal: Any, level: str, rng: random.Random, think: Any) -> Move:
    """A chooser that records what it was given (top-level: the worker pool pickles it)."""
    CALLS.append((seat, view, list(legal), level))
    return legal[0]


def test_the_computer_sees_only_its_seats_view_and_legal_moves(db: Path | str) -> None:
    """Issue 10: the chooser is given exactly the seat's ``player_view`` and ``legal_moves``
    (never the state), and its move goes through the table service and the log."""
    CALLS.clear()

    async def go() -> None:
        async with Harness(db) as h:
            h.sandbox.bot.computers = Computers(h.tables, spy)
            calls = CALLS
            await h("alice /game new game:tally bots:1 bot_level:hard")
            await h("alice /game start")
            record = await h.tables.get(1)
            computer = next(s.seat for s in record.seats if s.user_id < 0)
            person = 1 - computer
            if computer == 0:
                assert calls
            else:
                await h('alice /move "text:add 1"')
            seat, view, legal, level = calls[0]
            state = TALLY.setup(2, record.seed, record.options) if computer == 0 else None
            assert seat == computer and level == "hard"
            if state is not None:
                assert view == TALLY.player_view(state, computer)
            assert [m.to_text() for m in legal] == ["add 1", "add 2", "add 3"]
            assert (await h.tables.log(1))[0 if computer == 0 else 1].actor == COMPUTER
            assert person in (0, 1)

    asyncio.run(go())


def test_a_long_computer_game_posts_between_passes(db: Path | str, tmp_path: Path) -> None:
    """Issue 16 (gap of the outbox work): a game only computers play is played a round of moves
    per pass, with what fell due posted after each pass and the next pass kicked at once, so it
    never holds back other games' pings; it still ends without anyone acting."""

    async def go() -> None:
        async with Harness(db, out=tmp_path / "out") as h:
            h.sandbox.bot.computers = Computers(h.tables, pass_seconds=0.0)
            await two_player_game(h)
            said = await clock_until_finished(h)
            record = await h.tables.get(1)
            assert record.status == "finished"
            reports = [m for m in said if "(computer):" in m]
            moves = sum(c.moves for c in record.seating.computers.values())
            assert moves >= 4 and len(reports) >= moves - 1  # a post per pass, not one at the end
            assert not h.sandbox.bot.computers.more
            await replay_is_exact(h)

    asyncio.run(go())
