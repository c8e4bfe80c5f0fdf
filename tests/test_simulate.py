"""rules.core.game_simulate: a game's optional fast ``simulate``, else the contract's ``apply``;
``simulate`` may leave out the move's words (``Wordless``, ``without_words``), nothing else."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules import all_games, find_game
from rules.core import Wordless, game_simulate, say_into, without_words
from rules.playout import random_playout


class _Plain:
    """Any contract game without ``simulate``: the helper must fall back to ``apply``."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def apply(self, state: Any, player: int, move: Any) -> tuple[Any, list[str]]:
        return self.game.apply(state, player, move)


def test_game_simulate_equals_apply_with_or_without_a_fast_path() -> None:
    for game in all_games():
        for step in list(random_playout(game, game.min_players, 3))[:60]:
            expected = game.apply(step.before, step.player, step.move)[0]
            fast = game_simulate(game, step.before, step.player, step.move)
            assert without_words(fast) == without_words(expected)
            assert game_simulate(_Plain(game), step.before, step.player, step.move) == expected  # type: ignore[arg-type]


GAMES = [
    ("lorenzo", 4, {}),
    ("lorenzo", 3, {"leaders": True}),
    ("lorenzo", 5, {"houses": True}),
    ("lancaster", 4, {}),
    ("lancaster", 2, {}),
    ("lancaster", 3, {"kings_resentment": True, "queenie": True, "henry_v": True}),
]


@pytest.mark.parametrize(("name", "players", "options"), GAMES)
def test_the_fast_path_alone_reaches_the_states_of_the_ordinary_path(
    name: str, players: int, options: dict[str, Any]
) -> None:
    """Issue 10 item 3: a seeded game played only through ``simulate`` (each state from the last
    simulated one) passes through the states of the same game played only through ``apply``, but
    for the words (so no word the fast path leaves out steers a later move), to the same outcome;
    the words of every ordinary move are there, those of the fast path are not."""
    game = find_game(name)
    for seed in (1, 2):
        fast_rng, rng = random.Random(seed), random.Random(seed)
        fast = state = game.setup(players, seed, options)
        moves = worded = 0
        while active := sorted(game.active_players(state)):
            assert sorted(game.active_players(fast)) == active
            seat = rng.choice(active)
            legal = list(game.legal_moves(state, seat))
            assert list(game.legal_moves(fast, fast_rng.choice(active))) == legal
            move = rng.choice(legal)
            assert fast_rng.choice(legal) == move
            state, events = game.apply(state, seat, move)
            fast = game_simulate(game, fast, seat, move)
            assert without_words(fast) == without_words(state)
            assert fast["last_move"]["events"] == []
            worded += bool(events)
            moves += 1
        assert moves > 40 and worded > moves // 3
        assert game.outcome(fast) == game.outcome(state) is not None
        assert game.to_json(without_words(fast)) == game.to_json(without_words(state))


def test_a_wordless_list_keeps_nothing_and_say_into_formats_only_for_a_list() -> None:
    quiet = Wordless()
    quiet.append("a")
    quiet.extend(["b"])
    quiet.insert(0, "c")
    quiet += ["d"]
    say_into(quiet, "{x} gains {y}.", x="A", y="1 gold")
    assert quiet == [] and isinstance(quiet, Wordless)
    words: list[str] = []
    say_into(words, "{x} gains {y}.", x="A", y="1 gold")
    assert words == ["A gains 1 gold."]


def test_without_words_drops_only_the_last_moves_events() -> None:
    last: dict[str, Any] = {"seat": 1, "text": "pass", "events": ["A passes."]}
    state = {"round": 2, "last_move": last}
    assert without_words(state) == {"round": 2, "last_move": {"seat": 1, "text": "pass"}}
    assert last["events"] == ["A passes."]  # not changed
    assert without_words({"last_move": None}) == {"last_move": None}
