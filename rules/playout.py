"""Seeded random playouts of any game: uniform choice among the legal moves at every step.

One home for the loop that the gallery, the render benchmark and several tests used to write
out each time. The random sequence is fixed so that a seed names the same game everywhere:
``random.Random(seed)`` picks the seat among the sorted active seats, then the move among
``legal_moves`` in their order. Loops that draw other numbers in between (conformance checks
that sample moves to parse, steered choices, timed calls) keep their own loop on purpose.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, NamedTuple

from rules.core import Game, Move

MAX_STEPS = 5000
"""Far above any real game's length (Lorenzo and Lancaster end within a few hundred moves)."""


class Step(NamedTuple):
    """One move of a playout: the state it was made in, who made it, and what it led to."""

    before: Any
    player: int
    move: Move
    after: Any
    events: list[str]


def random_playout(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    max_steps: int = MAX_STEPS,
) -> Iterator[Step]:
    """Play ``game`` from ``setup(players, seed, options)`` until no seat is active, yielding each
    move. The first step's ``before`` is the setup state and the last step's ``after`` the final
    one. Raises RuntimeError if the game is still running after ``max_steps`` moves (a stuck
    engine, not a long game)."""
    rng = random.Random(seed)
    state = game.setup(players=players, seed=seed, options=dict(options or {}))
    for _ in range(max_steps):
        active = sorted(game.active_players(state))
        if not active:
            return
        player = rng.choice(active)
        move = rng.choice(list(game.legal_moves(state, player)))
        after, events = game.apply(state, player, move)
        yield Step(state, player, move, after, events)
        state = after
    if game.active_players(state):
        raise RuntimeError(f"{game.name} playout did not end within {max_steps} moves")


def playout_states(
    game: Game, players: int, seed: int, options: Mapping[str, Any] | None = None
) -> Iterator[Any]:
    """Every state of the same game, lazily: the setup state, then the state after each move."""
    step: Step | None = None
    for step in random_playout(game, players, seed, options):
        yield step.before
    # The final state; a game over at setup has only its setup state.
    yield step.after if step is not None else game.setup(players, seed, dict(options or {}))


def replay(game: Game, state: Any, moves: Iterable[tuple[int, str]]) -> Any:
    """The state after playing ``moves`` (seat, move text) from ``state`` through ``parse`` and
    ``apply``, as a move log is replayed; the first move that is not legal then raises its
    RulesError (NotYourTurn for a seat that is not active)."""
    for seat, text in moves:
        state, _ = game.apply(state, seat, game.parse(state, seat, text))
    return state
