"""Issue 2 acceptance, bad input: every refusal a player or admin can meet in a real game is an
ephemeral explanation (or, for what the Discord client would not send, a sandbox ``error``), and
leaves the stored game exactly as it was (version, seats, status, move log)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from rules import find_game
from tests.bot.harness import Harness


async def snapshot(h: Harness, game_id: int) -> tuple[Any, ...]:
    record = await h.tables.get(game_id)
    log = [m.text for m in await h.tables.log(game_id)] if record.status != "lobby" else []
    return record.version, record.seats, record.status, record.state, log


async def refused(h: Harness, line: str, words: str, *, kind: str | None = None) -> None:
    """``line`` is answered once, privately, with ``words``, and changes no game. ``kind`` None:
    a follow-up of the early deferral (issue 8 item 4) or, for what needs no storage or engine
    work (a component id none of ours), a direct reply."""
    before = [await snapshot(h, gid) for gid in (1,)]
    r = await h.one(line)
    assert r["kind"] in ((kind,) if kind else ("followup", "reply")) and r["ephemeral"], (line, r)
    assert words.lower() in r["content"].lower(), (line, r["content"])
    assert not r["mentions"] and not r["files"], line
    assert [await snapshot(h, gid) for gid in (1,)] == before, line


def test_lobby_refusals_change_nothing(db: Path | str) -> None:
    """Lobby: unknown game or option, bad option value, another game's option, joining twice,
    leaving when not in, starting with too few players or as a non-creator, a second game in
    the channel, abandon by a player who is not the creator, autocomplete with no game."""

    async def go() -> None:
        async with Harness(db, games=[find_game("lorenzo"), find_game("lancaster")]) as h:
            r = await h.one("alice ? /move text:")
            assert r["kind"] == "autocomplete" and r["choices"] == []  # no game: nothing offered
            r = await h.one("alice ? /lorenzo place member:black space:")
            assert r["choices"] == []
            await h("alice /game new game:lorenzo")
            for line, words, kind in (
                ("bob /game new game:chess", "no game called 'chess'", "followup"),
                ("bob /game new game:lancaster", "already has a game", "followup"),
                ("bob #tavola /game new game:lorenzo leaders:maybe", "must be one of", "followup"),
                ("bob /game new game:lorenzo vote_markers:2", "has no option vote_markers", "followup"),
                ("bob /game new game:lorenzo colour:red", "no option 'colour'", "error"),
                ("alice /game join", "already joined", "followup"),
                ("alice click g:1:join", "already joined", "followup"),
                ("bob /game leave", "not in this game", "followup"),
                ("alice /game start", "at least 2", "followup"),
                ("bob /game start", "only the player who created", "followup"),
                ("bob /game abandon", "manage server", "followup"),
                ("bob ? /move text:", "", "autocomplete"),
                ("bob /move text:place", "not started", "followup"),
                ("alice /game hand", "not started", "followup"),
                ("alice click g:1:board", "not started", "followup"),
            ):
                if kind == "autocomplete":
                    r = await h.one(line)
                    assert r["choices"] == [], line
                    continue
                await refused(h, line, words, kind=kind)

    asyncio.run(go())


def test_running_game_refusals_change_nothing(db: Path | str) -> None:
    """Running Lorenzo game: starting or joining again, garbage and illegal move text, a move out
    of turn or by a non-player, bad per-game command values, a stale, another seat's, an
    out-of-range and a foreign button, a select value that does not exist, private buttons for a
    non-player; the game and its log stay exactly as they were."""

    async def go() -> None:
        async with Harness(db, games=[find_game("lorenzo")]) as h:
            await h("alice /game new game:lorenzo")
            await h("bob /game join")
            board = await h.started()
            first = board["mentions"][0]
            second = "bob" if first == "alice" else "alice"
            # One move, so the start board's buttons are stale.
            moved = await h(f'{first} /move "text:place black market_1"')
            assert not moved[0]["ephemeral"]
            record = await h.tables.get(1)
            version = record.version
            mine = next(seat.seat for seat in record.seats if seat.name == second)
            for line, words, kind in (
                ("alice /game start", "already started", "followup"),
                ("alice click g:1:start", "already started", "followup"),
                ("carol /game join", "already started", "followup"),
                ("carol click g:1:join", "already started", "followup"),
                (f"{second} /move text:dance", "not a Lorenzo move", "followup"),
                (f'{second} /move "text:place black market_1"', "already occupied", "followup"),
                (f'{second} /move "text:place black market_2 servants=99"', "only", "followup"),
                (f'{first} /move "text:place white market_2"', "not your turn", "followup"),
                ('carol /move "text:place white market_2"', "not playing", "followup"),
                (
                    f"{second} /lorenzo place member:purple space:market_2 servants:0",
                    "not a family member",
                    "followup",
                ),
                (
                    f"{second} /lorenzo place member:white space:moon servants:0",
                    "not an action space",
                    "followup",
                ),
                (f"{second} /lorenzo place member:white space:market_2 servants:x", "integer", "error"),
                (f"{second} /lorenzo leader action:play leader:santa_rita", "without leaders", "followup"),
                (f"{second} /lorenzo end", "no decision", "followup"),
                (f"{second} click g:1:v{version - 1}:m{mine}.0", "moved on", "followup"),
                (f"{second} click g:1:v{version}:m{1 - mine}.0", "not yours", "followup"),
                (f"{second} click g:1:v{version}:m{mine}.99", "not available", "followup"),
                (f"{second} click g:2:v1:m0.0", "no longer exists", "followup"),
                (f"{second} click tavola-something", "not one of mine", "reply"),
                ("carol click g:1:board", "not playing", "followup"),
                ("carol click g:1:hand", "not playing", "followup"),
                ("carol /game hand", "not playing", "followup"),
                ("carol /game leave", "not playing", "followup"),
                (f"{second} /game leave", "the computer plays your seat", "followup"),  # asks first
                ("bob /game abandon", "manage server", "followup"),  # a player, not the creator
                ("dave /game abandon", "manage server", "followup"),
            ):
                await refused(h, line, words, kind=kind)
            r = await h.one(f"{first} ? /move text:")
            assert r["choices"] == []  # not their turn: nothing suggested
            r = await h.one("carol ? /move text:")
            assert r["choices"] == []

    asyncio.run(go())


def test_per_game_command_in_another_games_channel(db: Path | str) -> None:
    """/lorenzo in a Lancaster channel (and /lancaster in a Lorenzo one): the reply says which
    game the channel plays and which commands to use, instead of a parse error; nothing changes."""

    async def go() -> None:
        async with Harness(db, games=[find_game("lorenzo"), find_game("lancaster")]) as h:
            await h("alice /game new game:lancaster")
            await h("bob /game join")
            actor = (await h.started())["mentions"][0]
            for line in (
                f"{actor} /lorenzo place member:black space:market_1",
                f"{actor} /lorenzo end",
                f"{actor} /lorenzo leader action:play leader:santa_rita",
            ):
                await refused(h, line, "this channel plays Lancaster")
            await h.confirmed("alice /game abandon")
            await h("alice /game new game:lorenzo")
            await h("bob /game join")
            actor = (await h.started())["mentions"][0]
            before = await snapshot(h, 2)
            r = await h.one(f"{actor} /lancaster knight strength:2 target:county:B")
            assert r["ephemeral"] and "This channel plays Lorenzo il Magnifico" in r["content"], r
            assert "/move" in r["content"] and "/lorenzo" in r["content"]
            assert await snapshot(h, 2) == before

    asyncio.run(go())


def test_overlong_text_options_are_stopped_by_the_client(db: Path | str) -> None:
    """/move text and the per-game name options carry Discord length limits, so a pasted essay is
    refused by the client (sandbox ``error``) instead of echoed back in a 2000-character error."""

    async def go() -> None:
        async with Harness(db, games=[find_game("lorenzo")]) as h:
            await h("alice /game new game:lorenzo")
            await h("bob /game join")
            actor = (await h.started())["mentions"][0]
            essay = "x" * 300
            for line in (
                f'{actor} /move "text:{essay}"',
                f"{actor} /lorenzo place member:black space:{essay}",
                f"{actor} /lorenzo leader action:play leader:{essay}",
            ):
                await refused(h, line, "at most", kind="error")

    asyncio.run(go())
