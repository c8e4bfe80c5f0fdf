"""Random rollouts: the simulation loop of the computer players and of the speed bench.

A rollout plays on from a state for a number of moves: the lowest active seat moves first, and
its move is drawn uniformly from ``legal_moves`` (one ``rng.random()`` a move). Each move goes
through the game's fast path (``simulate``, see ``rules.core.game_simulate``), with the calls the
game hands out for simulation (``rules.core.game_simulation``).

One loop for every caller, compiled with the engines (rules/compiled.py,
scripts/build_compiled.py): the interpreted loops it replaced (``random.randrange`` and
``random.choice`` are Python functions, and ``simulate`` was looked up at every move) cost about
a fifth of a compiled Lancaster playout (issue 10 item 3).
"""

from __future__ import annotations

import random
from typing import Any

from rules.core import Game, game_simulation


def random_rollout(game: Game, state: Any, rng: random.Random, depth: int) -> tuple[Any, int]:
    """``state`` after up to ``depth`` random moves (fewer when the game ends first), and how
    many were made. ``state`` itself is never changed."""
    active_players, legal_moves, simulate = game_simulation(game, state)
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
