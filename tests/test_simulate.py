"""rules.core.game_simulate: a game's optional fast ``simulate``, else the contract's ``apply``."""

from __future__ import annotations

from typing import Any

from rules import all_games
from rules.core import game_simulate
from rules.playout import random_playout


class _Plain:
    """Any contract game without ``simulate``: the helper must fall back to ``apply``."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def apply(self, state: Any, player: int, move: Any) -> tuple[Any, list[str]]:
        return self.game.apply(state, player, move)


def test_game_simulate_equals_apply_with_or_without_a_fast_path() -> None:
    for game in all_games():
        for step in list(random_playout(game, game.min_players, 3))[:60]:
            expected = game.apply(step.before, step.player, step.move)[0]
            assert game_simulate(game, step.before, step.player, step.move) == expected
            assert game_simulate(_Plain(game), step.before, step.player, step.move) == expected  # type: ignore[arg-type]
