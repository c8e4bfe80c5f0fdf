"""Seeded random playouts that yield the states worth drawing (every phase, start, end)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from rules import find_game
from rules.core import Game

MAX_STEPS = 5000


def sampled_states(
    game_name: str, players: int, seed: int, options: dict[str, Any] | None = None, stride: int = 15
) -> Iterator[tuple[Game, Any, str]]:
    """Play uniformly random legal moves; yield (game, state, why) for the first state, every
    change of phase or round, every ``stride``-th state and the final state."""
    game = find_game(game_name)
    rng = random.Random(seed)
    state = game.setup(players=players, seed=seed, options=options or {})
    seen: tuple[Any, Any] | None = None
    for step in range(MAX_STEPS):
        view = game.player_view(state, None)
        key = (view.get("phase"), view.get("round"))
        active = sorted(game.active_players(state))
        if key != seen:
            seen = key
            yield game, state, f"step {step}: phase {key}"
        elif step % stride == 0 or not active:
            yield game, state, f"step {step}"
        if not active:
            return
        player = rng.choice(active)
        state, _ = game.apply(state, player, rng.choice(list(game.legal_moves(state, player))))
    raise AssertionError(f"{game_name} playout did not end within {MAX_STEPS} moves")


def image_format(data: bytes) -> str:
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    return "unknown"
