"""Playtest findings of a real server (players reading every message cold), one test each."""

from __future__ import annotations

import asyncio
from pathlib import Path

from rules import find_game
from tests.bot.harness import Harness


def test_the_start_post_names_the_first_player_in_both_games(tmp_path: Path) -> None:
    """The seat order alone did not say who moves first (Lancaster draws its start player at
    random): the start post names them, mentioned, as the game's public order has it."""

    async def go(game: str) -> None:
        async with Harness(tmp_path / f"{game}.db", games=[find_game(game)]) as h:
            await h(f"alice /game new game:{game}")
            await h("bob /game join")
            await h("carol /game join")
            board = await h.started()
            turn = await h.tables.turn(1)
            first = turn.record.seats[turn.public_view["header"]["order"][0]]
            assert f"First player: @{first.name}." in board["content"]
            assert first.name in board["mentions"]

    for game in ("lancaster", "lorenzo"):
        asyncio.run(go(game))
