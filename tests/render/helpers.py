"""Seeded random playouts that yield the states worth drawing (every phase, start, end)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules import find_game
from rules.core import Game
from rules.playout import playout_states


def sampled_states(
    game_name: str, players: int, seed: int, options: dict[str, Any] | None = None, stride: int = 15
) -> Iterator[tuple[Game, Any, str]]:
    """Play uniformly random legal moves; yield (game, state, why) for the first state, every
    change of phase or round, every ``stride``-th state and the final state."""
    game = find_game(game_name)
    seen: tuple[Any, Any] | None = None
    for step, state in enumerate(playout_states(game, players, seed, options)):
        view = game.player_view(state, None)
        key = (view.get("phase"), view.get("round"))
        if key != seen:
            seen = key
            yield game, state, f"step {step}: phase {key}"
        elif step % stride == 0 or not game.active_players(state):
            yield game, state, f"step {step}"


def image_format(data: bytes) -> str:
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    return "unknown"
