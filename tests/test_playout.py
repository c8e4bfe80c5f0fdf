"""rules/playout.py: the shared seeded random playout behind the gallery, benchmarks and tests.

The contract itself is checked along the same games by the conformance runner (tests/conformance.py).
"""

from __future__ import annotations

import itertools
import random

import pytest

from rules import all_games
from rules.core import Game, NotYourTurn
from rules.playout import Step, playout_states, random_playout, replay
from tests.conformance import play_checked

GAMES = all_games()


def _short_game(game: Game) -> list[Step]:
    return list(random_playout(game, game.min_players, seed=3))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_playout_chains_the_checked_conformance_game(game: Game) -> None:
    """A seed names one game: random_playout plays the moves the conformance runner checks (each
    by an active seat, legal, parsed back, applied; tests/conformance.py), chaining each state."""
    steps = _short_game(game)
    assert steps, "a game with no moves"
    _, log = play_checked(game, game.min_players, 3, {})
    assert [(step.player, step.move.to_text()) for step in steps] == log
    start = game.setup(players=game.min_players, seed=3, options={})
    assert game.to_json(steps[0].before) == game.to_json(start)
    for prev, step in itertools.pairwise(steps):
        assert step.before is prev.after
    final = steps[-1].after
    assert not game.active_players(final) and game.outcome(final) is not None
    assert game.to_json(replay(game, start, log)) == game.to_json(final)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_replay_refuses_a_move_of_a_seat_not_to_move(game: Game) -> None:
    start = game.setup(players=game.min_players, seed=3, options={})
    active = sorted(game.active_players(start))
    waiting = next(p for p in range(game.min_players) if p not in active)
    text = game.legal_moves(start, active[0])[0].to_text()
    assert game.to_json(replay(game, start, [])) == game.to_json(start)
    with pytest.raises(NotYourTurn):
        replay(game, start, [(waiting, text)])


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_seed_names_one_game_seat_first_then_move(game: Game) -> None:
    """The documented draw order (seat among the sorted active seats, then the move) is what keeps
    the seeds used by tests, the gallery and the benchmarks naming the same games."""
    a = [s.move.to_text() for s in _short_game(game)]
    assert a == [s.move.to_text() for s in _short_game(game)]
    rng = random.Random(3)
    state = game.setup(players=game.min_players, seed=3, options={})
    first = next(random_playout(game, game.min_players, seed=3))
    player = rng.choice(sorted(game.active_players(state)))
    assert first.player == player
    assert first.move == rng.choice(list(game.legal_moves(state, player)))
    other = [s.move.to_text() for s in random_playout(game, game.min_players, seed=4)]
    assert other != a


def test_playout_passes_options_to_setup() -> None:
    game = next(g for g in GAMES if g.options())
    option = game.options()[0]
    value = next(c for c in option.choices if c != option.default)
    first = next(random_playout(game, game.min_players, seed=1, options={option.name: value}))
    expected = game.setup(players=game.min_players, seed=1, options={option.name: value})
    assert game.to_json(first.before) == game.to_json(expected)


def test_a_playout_that_does_not_end_is_reported() -> None:
    game = GAMES[0]
    with pytest.raises(RuntimeError, match="did not end within 3 moves"):
        list(random_playout(game, game.min_players, seed=1, max_steps=3))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_playout_states_runs_from_setup_to_the_end(game: Game) -> None:
    steps = _short_game(game)
    states = list(playout_states(game, game.min_players, seed=3))
    assert len(states) == len(steps) + 1
    assert game.to_json(states[0]) == game.to_json(steps[0].before)
    assert [game.to_json(s) for s in states[1:]] == [game.to_json(s.after) for s in steps]
    assert game.outcome(states[-1]) is not None
