"""The thinking of the computer players: a one-step ranking (``easy``) and determinized Monte
Carlo search with UCB1 over the best-ranked moves (``normal``, ``hard``).

Every simulation draws a fresh full state from the seat's view (``rules.core.
game_sample_state``), so the search averages over what the seat cannot see instead of peeking
at one answer: information-set sampling at the root. From the chosen move it plays on for
``depth`` moves with a random policy through ``rules.rollout`` (the engines' fast path,
compiled) and scores the state reached with the game's evaluation (``players.evaluate``).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from players.evaluate import Values, rewards
from rules.core import Game, Move, game_sample_state, game_simulate
from rules.rollout import random_rollout


@dataclass(frozen=True)
class Budget:
    """How hard a level thinks: ``candidates`` root moves (the best by one step), ``simulations``
    in all, each ``depth`` moves deep (random moves, ``rules.rollout``), stopped at ``seconds``
    whatever is left."""

    candidates: int
    simulations: int
    depth: int
    seconds: float


BUDGETS: dict[str, Budget] = {
    "normal": Budget(candidates=4, simulations=40, depth=12, seconds=0.6),
    "hard": Budget(candidates=6, simulations=1500, depth=24, seconds=1.5),
}
"""Tuned by ``python -m bench.arena`` on the 2-core development machine under a load average of 4
to 10 (2026-12-01). Since the engines were compiled (2026-12-02) ``hard`` counts its simulations
instead of filling its seconds (12 deep, the compiled engines ran 4,000-6,500 a second from
Lancaster's mid-game and 2,300-5,000 in Lorenzo with leaders, the other core busy), so its
``seconds`` are only a cap for a slow or overloaded machine: below it ``hard`` is reproducible
from its ``rng`` like the other levels (the simulation under way when the cap comes overruns it
a little). With that speed its playouts went twice as deep: 24 moves reach the round's rewards
and Parliament in four-player games, where 12 often ended inside the placements. Against three
``easy`` on the same seeds (7, then 11) ``hard`` placed first in 3 of 8 Lancaster games at
depth 12 (2000 simulations) and 8 of 8 at 24 (12 of 16 and 14 of 16 on seed 11); in Lorenzo 5
of 8 at 12 and 8 of 8 at 24 with 1500 simulations (6 of 8 with 2000: noise; 1500 keep Lorenzo's
decisions near 0.8 s); two-player Lancaster against ``easy``, 9 of 10 at 12 and 10 of 10 at 24
(mean 54.8 PP to 17.0). What made it
stronger than ``normal`` was simulations per candidate, not candidates: the former ``hard`` (8
candidates, 120 simulations: 15 each) won 10 of 20 two-player Lancaster games against ``normal``
(10 each); on the same seeds 6 candidates with 400 simulations won 15, 150 simulations with
playouts of the best of 3 moves 14, sequential halving over shared samples 12. The levels as set
here, two-player games on fresh seeds (2 and 3; 1 and 2 in Lorenzo): ``hard`` beat ``normal`` in
32 of 40 Lancaster games (95% interval 65-90%) and 35 of 40 Lorenzo games (74-95%); ``normal``
beat ``easy`` in 15 of 20 Lancaster games (34 of 40 before) and 33 of 40 Lorenzo games (68-91%).
``normal`` was 30 simulations 6 deep: it won only 45% of two-player Lancaster games against
``easy`` (a few random moves then the evaluation is noisier than one step)."""

EXPLORATION = 0.5
"""UCB1's exploration constant for rewards in [0, 1] (below sqrt(2): the candidates are already
the best by one step, so the search exploits sooner)."""
RIVAL_WEIGHT = 0.25
"""How much one step counts the best other seat's gain against the seat's own."""


def one_step_order(
    game: Game, values: Values, state: Any, seat: int, legal: Sequence[Move], rng: random.Random
) -> list[Move]:
    """``legal`` from best to worst by the evaluation of the state each move leads to (ties in an
    order drawn from ``rng``)."""
    keyed: list[tuple[float, float, int]] = []
    for index, move in enumerate(legal):
        keyed.append((_margin(values(game_simulate(game, state, seat, move)), seat), rng.random(), index))
    keyed.sort(reverse=True)
    return [legal[index] for _, _, index in keyed]


def _margin(worth: Sequence[float], seat: int) -> float:
    """The one-step score of a seat: its worth less ``RIVAL_WEIGHT`` times the best other seat's."""
    rival = max((w for i, w in enumerate(worth) if i != seat), default=0.0)
    return worth[seat] - RIVAL_WEIGHT * rival


def search(
    game: Game,
    values: Values,
    view: Mapping[str, Any],
    seat: int,
    legal: Sequence[Move],
    rng: random.Random,
    budget: Budget,
    think_seconds: float | None = None,
) -> Move:
    """The candidate with the most simulations after UCB1 allocated ``budget`` among them."""
    started = time.perf_counter()
    limit = budget.seconds if think_seconds is None else min(budget.seconds, think_seconds)
    first = game_sample_state(game, view, seat, rng)
    candidates = one_step_order(game, values, first, seat, legal, rng)[: budget.candidates]
    visits = [0] * len(candidates)
    total = [0.0] * len(candidates)
    for done in range(budget.simulations):
        if time.perf_counter() - started > limit:
            break
        pick = _ucb(visits, total, done)
        sample = game_sample_state(game, view, seat, rng)
        after = game_simulate(game, sample, seat, candidates[pick])
        state, _ = random_rollout(game, after, rng, budget.depth)
        visits[pick] += 1
        total[pick] += rewards(game, values(state))[seat]
    best = max(range(len(candidates)), key=lambda i: (visits[i], total[i], -i))
    return candidates[best]


def _ucb(visits: list[int], total: list[float], done: int) -> int:
    """The next candidate to simulate: each once in ranking order, then by UCB1."""
    for i, n in enumerate(visits):
        if n == 0:
            return i
    log_done = math.log(done)
    return max(
        range(len(visits)), key=lambda i: total[i] / visits[i] + EXPLORATION * math.sqrt(log_done / visits[i])
    )
