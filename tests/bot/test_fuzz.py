"""Issue 8 item 2: no input any player can send crashes a handler or changes a game it should not
(the fuzzer and its checks: tests/bot/fuzz.py)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.bot.fuzz import GAMES, run


@pytest.mark.parametrize("game", sorted(GAMES))
def test_fuzzed_input_gets_a_private_refusal_and_changes_nothing(db: Path | str, game: str) -> None:
    """300 random lines per game (unicode, odd digits, huge and negative numbers in every command
    option, move text, custom id and select value): each answered, none with the apology or a
    logged error; a line that did not move the game was refused privately, the game unchanged."""
    figures = asyncio.run(run(db, game, 300, seed=8))
    assert figures.inputs == 300
    assert figures.refused > 100 and set(figures.kinds) == {"move", "command", "component"}


def test_out_of_range_and_non_ascii_ids_are_refused_privately(db: Path | str) -> None:
    """The probes of issue 8: a game id of 2**63 or more, a seat beyond the table, a non-ASCII
    digit in a custom id and a non-ASCII or huge select value each get a private refusal in words
    (they used to be answered with the apology and a traceback), and change nothing."""
    from tests.bot.harness import Harness
    from tests.bot.test_refusals import refused

    async def go() -> None:
        async with Harness(db) as h:
            await h("alice /game new game:tally target:6 wide:on")
            await h("bob /game join")
            await h.started()
            for line, words in (
                (f"alice click g:{2**63}:board", "not one of mine"),
                (f"alice click g:{2**64 + 1}:hand", "not one of mine"),
                ("alice click g:\u0661:board", "not one of mine"),
                ("alice click g:1:v2:m7.0", "not one of this game's"),
                ("alice click g:1:v2:m99.0", "not one of this game's"),
                ("alice click g:1:v2:s9 0", "not valid"),
                ("alice click g:1:v2:s0 \u00b2", "not valid"),
                ("alice click g:1:v2:s0 \u0663", "not valid"),
                (f"alice click g:1:v2:s0 {2**64}", "not valid"),
                (f"alice click g:1:v{2**63}:m0.0", "not one of mine"),
            ):
                await refused(h, line, words)

    asyncio.run(go())
