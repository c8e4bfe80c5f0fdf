"""A computer's move is chosen in a worker process (``bot.service.workers``): the game object, a
state and the view cross the process boundary by pickle. Every game and option set must survive
that trip and play on exactly as before it (the Lancaster engine's dispatch tables hold
closures, which pickle refuses: a computer seat there once failed every move, silently)."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from rules import find_game
from rules.core import game_simulate
from rules.playout import playout_states

CASES = [
    ("lancaster", 4, {}),
    ("lancaster", 2, {}),  # with the allies
    ("lancaster", 3, {"henry_v": True, "kings_resentment": True, "queenie": True}),
    ("lorenzo", 3, {"leaders": True}),
    ("lorenzo", 5, {"houses": True}),
]


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_a_game_crosses_to_a_worker_and_plays_on_alike(
    name: str, players: int, options: dict[str, Any]
) -> None:
    game = find_game(name)
    states = list(playout_states(game, players, 3, options))
    state = states[len(states) // 2]
    copy, state_copy = pickle.loads(pickle.dumps((game, state)))
    for _ in range(40):  # the same seeded moves from both sides, through the fast path
        active = sorted(game.active_players(state))
        if not active:
            break
        seat = active[0]
        legal, legal_copy = game.legal_moves(state, seat), copy.legal_moves(state_copy, seat)
        assert [m.to_text() for m in legal] == [m.to_text() for m in legal_copy]
        pick = random.Random(len(legal)).randrange(len(legal))
        state = game_simulate(game, state, seat, legal[pick])
        state_copy = game_simulate(copy, state_copy, seat, legal_copy[pick])
    assert game.to_json(state) == copy.to_json(state_copy)


@pytest.mark.parametrize(
    ("name", "option_sets", "kinds"),
    [
        ("lorenzo", ({"leaders": True}, {"houses": True}), 12),  # placements, decisions, leaders, houses
        ("lancaster", ({}, {"henry_v": True, "kings_resentment": True, "queenie": True}), 10),
    ],
)
def test_every_move_crosses_pickle_equal(
    name: str, option_sets: tuple[dict[str, Any], ...], kinds: int
) -> None:
    """The legal moves cross to the worker too (``bot.service.workers``): each comes back equal
    and of its kind. A frozen dataclass compiled with mypyc refused unpickling (its attributes are
    set one by one), which failed every computer move in the bot; ``rules.moves_base.Move``
    pickles moves through their constructors."""
    game = find_game(name)
    seen: dict[type, Any] = {}
    for options in option_sets:
        for state in playout_states(game, 4, 5, options):
            for seat in game.active_players(state):
                for move in game.legal_moves(state, seat):
                    seen.setdefault(type(move), move)
    assert len(seen) >= kinds
    for move in seen.values():
        back = pickle.loads(pickle.dumps(move))
        assert type(back) is type(move)
        assert back == move
