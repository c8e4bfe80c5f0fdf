"""rules.rollout and rules.core.game_simulation: the computer players' random rollouts.

A rollout moves the lowest active seat, its move drawn with one ``rng.random()`` among its legal
moves, through the calls ``game_simulation`` hands out; those calls answer as the contract does
(``active_players``, ``legal_moves``, ``game_simulate``) on every state of a game (issue 10 item 3).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rules import find_game
from rules.core import Game, game_simulate, game_simulation, without_words
from rules.playout import random_playout
from rules.rollout import random_rollout
from tests.test_simulate import GAMES, _Plain


def _reference(game: Game, state: Any, rng: random.Random, depth: int) -> tuple[Any, int]:
    """The rollout's policy written out with the contract's own calls."""
    made = 0
    while made < depth and (active := game.active_players(state)):
        seat = min(active)
        legal = game.legal_moves(state, seat)
        state = game_simulate(game, state, seat, legal[int(rng.random() * len(legal))])
        made += 1
    return state, made


def _json(game: Game, state: Any) -> Any:
    return json.loads(game.to_json(without_words(state)))


@pytest.mark.parametrize(("name", "players", "options"), GAMES)
def test_the_simulation_calls_answer_as_the_contract_does(
    name: str, players: int, options: dict[str, Any]
) -> None:
    game = find_game(name)
    checked = 0
    for step in random_playout(game, players, 4, options):
        active_players, legal_moves, simulate = game_simulation(game, step.before)
        assert active_players(step.before) == game.active_players(step.before)
        for seat in range(players):
            assert list(legal_moves(step.before, seat)) == list(game.legal_moves(step.before, seat))
        after = simulate(step.before, step.player, step.move)
        assert _json(game, after) == _json(game, game_simulate(game, step.before, step.player, step.move))
        assert _json(game, after) == _json(game, step.after)
        checked += 1
    assert checked > 40


@pytest.mark.parametrize(("name", "players", "options"), GAMES)
def test_a_rollout_plays_the_policy_to_the_end_or_to_its_depth(
    name: str, players: int, options: dict[str, Any]
) -> None:
    game = find_game(name)
    states = [step.before for step in random_playout(game, players, 6, options)]
    for start in (states[0], states[len(states) // 2]):
        before = game.to_json(start)
        for depth in (0, 7, 1 << 30):
            found, made = random_rollout(game, start, random.Random(depth), depth)
            expected, expected_made = _reference(game, start, random.Random(depth), depth)
            assert made == expected_made and _json(game, found) == _json(game, expected)
            assert made == depth or not game.active_players(found)
        assert not game.active_players(found) and game.outcome(found) is not None  # (the last: to the end)
        assert game.to_json(start) == before  # the state rolled out from is never changed


def test_a_game_without_a_fast_path_rolls_out_through_apply() -> None:
    """A contract game with neither ``simulation`` nor ``simulate`` (``_Plain`` adds its own
    ``apply`` only; the rest is reached through it) plays the same rollout through ``apply``."""
    game = find_game("lancaster")
    plain = _Plain(game)
    plain.active_players = game.active_players  # type: ignore[attr-defined]
    plain.legal_moves = game.legal_moves  # type: ignore[attr-defined]
    start = game.setup(3, 9, {})
    calls = game_simulation(plain, start)  # type: ignore[arg-type]
    assert calls.active_players == game.active_players and calls.legal_moves == game.legal_moves
    found, made = random_rollout(plain, start, random.Random(1), 30)  # type: ignore[arg-type]
    expected, _ = _reference(game, start, random.Random(1), 30)
    assert made == 30 and _json(game, found) == _json(game, expected)
    assert found["last_move"]["events"]  # worded: ``apply``, not the word-free ``simulate``
