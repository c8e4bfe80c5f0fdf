"""What a state is worth to each seat, for the computer players: one evaluation per game
(``players/lorenzo.py``, ``players/lancaster.py``); a game without one is played at random by
every level (``players.choose_move``)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.core import Game, Move

Values = Callable[[Any], list[float]]
Prune = Callable[[Mapping[str, Any], Any, int, Sequence[Move]], list[Move]]
"""(view, a full state drawn consistent with the view, seat, legal) -> the moves kept."""

SCALE = {"lorenzo": 6.0, "lancaster": 4.0}
"""A lead worth about 73% of a win (the logistic of 1): a few VP / PP in each game."""
DEFAULT_SCALE = 5.0


def evaluation(game: Game) -> Values | None:
    """The game's evaluation (seat -> worth, in its score unit), or None for a game without one."""
    if game.name == "lorenzo":
        from players import lorenzo

        return lorenzo.values
    if game.name == "lancaster":
        from players import lancaster

        return lancaster.values
    return None


def pruning(game: Game) -> Prune | None:
    """The game's filter of moves a thinking computer never considers (``Prune``: the moves
    kept, never empty when ``legal`` is not), or None: moves that can only waste something
    whatever the hidden information, which neither one step nor a few random playouts reliably
    tell apart from better ones."""
    if game.name == "lancaster":
        from players import lancaster

        return lancaster.useful_moves
    if game.name == "lorenzo":
        from players import lorenzo

        return lorenzo.useful_moves
    return None


def rewards(game: Game, worth: Sequence[float]) -> list[float]:
    """Each seat's reward in [0, 1] for search: the logistic of its lead over the best other seat."""
    scale = SCALE.get(game.name, DEFAULT_SCALE)
    found = []
    for i, mine in enumerate(worth):
        best_other = max((w for j, w in enumerate(worth) if j != i), default=0.0)
        found.append(1.0 / (1.0 + math.exp(-(mine - best_other) / scale)))
    return found
