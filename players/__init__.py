"""Computer players for every game, pure like ``rules/``: no Discord, no I/O, no clock but the
optional thinking budget.

``choose_move(game, seat, view, legal, level, rng)`` returns one of ``legal`` (the seat's
``legal_moves``) and reads nothing but ``view`` (the seat's own ``player_view``) and ``legal``:
for what the view hides it draws full states consistent with it (``rules.core.
game_sample_state``, each game's ``hidden.py``) and thinks on those, never on the true state.

Levels, weakest first:

- ``random``: uniform among the legal moves;
- ``easy``: one step ahead: the move whose resulting state the game's evaluation
  (``players.evaluate``) likes best (it takes points, and a Harvest that activates nothing
  gains nothing);
- ``normal`` and ``hard``: determinized Monte Carlo search (``players.search``) over the moves
  ``easy`` ranks best, each simulation a fresh sample of the hidden information, played on
  at random (``rules.rollout``) and scored by the evaluation; ``hard`` searches a few more
  moves with nearly forty times the simulations, each twice as deep (under a second a decision
  on the development machine; its ``seconds`` cap a slow machine).

Above ``random`` a game may first drop moves that can only waste something whatever the seat
cannot see (``players.evaluate.pruning``: Lancaster votes with more markers than could change
the result, Lorenzo Harvests and Productions that activate nothing).

The same ``rng`` state gives the same choice at every level: the searches count simulations and
end before their ``seconds``, unless ``think_seconds`` or a slow or overloaded machine cuts one
short.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from players.evaluate import evaluation, pruning
from players.search import BUDGETS, one_step_order, search
from rules.core import Game, Move, game_sample_state

LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")


def choose_move(
    game: Game,
    seat: int,
    view: Mapping[str, Any],
    legal: Sequence[Move],
    level: str,
    rng: random.Random,
    think_seconds: float | None = None,
) -> Move:
    """The move a computer at ``level`` makes for ``seat`` (see the module docstring)."""
    if level not in LEVELS:
        raise ValueError(f"Unknown computer level '{level}' (levels: {', '.join(LEVELS)}).")
    if not legal:
        raise ValueError("A computer player was asked to move with no legal move.")
    if len(legal) == 1:
        return legal[0]
    values = evaluation(game)
    if level == "random" or values is None:
        return rng.choice(list(legal))
    sample = game_sample_state(game, view, seat, rng)
    if sample is None:
        return rng.choice(list(legal))
    prune = pruning(game)
    if prune is not None:
        legal = prune(view, sample, seat, legal)
    if level == "easy":
        return one_step_order(game, values, sample, seat, legal, rng)[0]
    return search(game, values, view, seat, legal, rng, BUDGETS[level], think_seconds)
