"""Rendering (issue 16 item 3): a board nothing visible changed is not drawn again."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

import bot.app.posting as posting
from tests.bot.harness import Harness


def test_a_board_nothing_changed_is_sent_again_without_drawing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Status twice after the start: one drawing, three images; a move draws a new board."""
    drawn: list[bool] = []
    real = posting.render_view

    def spy(game_name: str, view: dict[str, Any], *, private: bool) -> Any:
        drawn.append(private)
        return real(game_name, view, private=private)

    monkeypatch.setattr(posting, "render_view", spy)

    async def go() -> None:
        async with Harness(tmp_path / "t.db") as h:
            await h("alice /game new game:tally")
            await h("bob /game join")
            board = await h.started()
            again = [r for line in ("alice /game status", "bob /game status") for r in await h(line)]
            assert drawn == [False]  # the start board, once
            assert [f["size"] for r in again for f in r["files"]] == [board["files"][0]["size"]] * 2
            first = board["mentions"][0]
            moved = [r for r in await h(f'{first} /move "text:add 1"') if r["files"]]
            assert drawn == [False, False] and moved  # something changed: drawn again

    asyncio.run(go())
