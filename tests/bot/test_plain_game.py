"""Issue 9: a game written only from design.md's contract (no prompt, rules_help, commands or
content settings) plugs in by its registry entry alone and plays to the end through the sandbox,
with no change in bot/ or render/. The game is ``tests/bot/plain`` (Pebbles), registered here."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import rules
from rules.core import game_prompt
from tests.bot.harness import Harness, ids, public
from tests.bot.plain import GAME as PEBBLES


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(rules, "GAME_PACKAGES", (*rules.GAME_PACKAGES, "tests.bot.plain"))
    yield


def test_pebbles_has_only_design_md_members() -> None:
    for optional in ("prompt", "rules_help", "commands", "content_settings"):
        assert not hasattr(PEBBLES, optional), optional
    state = PEBBLES.setup(2, 1)
    assert game_prompt(PEBBLES, state, 0).text == "your move"  # the contract's default


async def take_turns(h: Harness, seen: list[dict[str, Any]]) -> int:
    """Play the take phase, alternating /move with suggestions and the private Choose buttons."""
    taken = 0
    while (turn := await h.tables.turn(1)).state["phase"] == "take":
        actor = turn.acting[0].name
        if taken % 2 == 0:
            choices = (await h.one(f"{actor} ? /move text:ta"))["choices"]
            replies = await h(f'{actor} /move "text:{choices[-1]["value"]}"')
        else:
            mine = await h.one(f"{actor} click g:1:hand")
            assert mine["ephemeral"] and mine["files"] and "your move" in mine["content"]
            replies = await h(f"{actor} click {ids(mine)[0]}")
        seen += replies
        (board,) = public(replies)
        assert board["files"] and "pebble(s)" in board["content"], replies
        taken += 1
    return taken


def test_plain_game_plays_to_the_end_through_the_sandbox(tmp_path: Path, registered: None) -> None:
    async def go() -> None:
        async with Harness(tmp_path / "t.db", games=None) as h:
            assert "pebbles" not in h.sandbox.commands  # it declares no command of its own
            seen = [await h.one("alice /game new game:pebbles pile:5")]
            seen += await h("bob /game join")
            seen += await h("carol /game join")
            start = await h.started()
            assert start["files"] and start["mentions"] and "your move" in start["content"]
            rules_help = await h.one("dave /game rules game:pebbles")
            assert (
                rules_help["ephemeral"]
                and "`pile`" in rules_help["embeds"][0]["description"]
                and "/move" in rules_help["embeds"][0]["description"]
            )
            assert await take_turns(h, seen) >= 2
            # Everyone guesses at once: without a prompt() that is a secret choice (design.md).
            guessing = await h.tables.turn(1)
            assert len(guessing.acting) == 3
            assert "Decide privately" in str(public(seen)[-1]["components"])
            for seat in guessing.acting:
                mine = await h.one(f"{seat.name} click g:1:hand")
                (odd,) = [c for c in mine["components"] if c["label"] == "guess odd"]
                replies = await h(f"{seat.name} click {odd['custom_id']}")
                seen += replies
                (board,) = public(replies)
                assert "guess odd" not in board["content"]
                # Issue 12: no board while secret guesses follow one another. By the contract's
                # default the last guesser, acting alone, is not asked in secret: a board then.
                assert bool(board["files"]) == (seat != guessing.acting[0])
                if seat != guessing.acting[-1]:  # the last one left no longer guesses "at once"
                    (private,) = [r for r in replies if r["ephemeral"]]
                    assert "guess odd" in private["content"] and "has guessed" in board["content"]
            final = public(replies)[0]
            assert "🏁" in final["content"] and "Winner" in final["embeds"][0]["title"]
            done = await h.tables.turn(1)
            assert done.finished and await h.tables.replay(1) == done.state
            assert [r for r in seen if "Sorry" in r["content"] or r["kind"] == "error"] == []

    asyncio.run(go())
