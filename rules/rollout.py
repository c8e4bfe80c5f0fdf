"""Random rollouts: the simulation loop of the computer players and of the speed bench.

A rollout plays on from a state for a number of moves: the lowest active seat moves first, and
its move is drawn uniformly from ``legal_moves`` (one ``rng.random()`` a move). Each move goes
through the game's fast path (``simulate``, see ``rules.core.game_simulate``).

This module is compiled with the engines (rules/compiled.py, scripts/build_compiled.py): a loop
run hundreds of thousands of times a second costs a tenth of a move in the interpreter, so it
lives here, resolved once per rollout, rather than in each caller (issue 10 item 3).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules.core import Game, Move


def random_rollout(game: Game, state: Any, rng: random.Random, depth: int) -> tuple[Any, int]:
    """``state`` after up to ``depth`` random moves (fewer when the game ends first), and how
    many were made. ``state`` itself is never changed."""
    active_players = game.active_players
    legal_moves = game.legal_moves
    simulate = simulator(game)
    draw = rng.random
    made = 0
    while made < depth:
        active = active_players(state)
        if not active:
            break
        seat: int = min(active)
        legal = legal_moves(state, seat)
        state = simulate(state, seat, legal[int(draw() * len(legal))])
        made += 1
    return state, made


def simulator(game: Game) -> Callable[[Any, int, Move], Any]:
    """``rules.core.game_simulate`` for ``game``, looked up once: its ``simulate`` or ``apply``."""
    simulate = getattr(game, "simulate", None)
    if callable(simulate):
        found: Callable[[Any, int, Move], Any] = simulate
        return found
    return lambda state, player, move: game.apply(state, player, move)[0]
