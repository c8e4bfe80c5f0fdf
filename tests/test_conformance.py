"""design.md "Tests, in tiers", tier 2: conformance of every registered game to the contract.

One seeded random playout (``tests/conformance.py``) per game, player count and option set checks
what the contract promises of any game at every step, and the game's own invariants through its
hook (``tests/<game>/conformance.py``): every legal move survives to_text -> parse and applies,
bad text and out-of-turn moves are refused with the state unchanged, JSON round-trips exactly,
the move log replays to the same state, apply never changes its input, views are JSON with a
well-formed header, and a finished game has an outcome. The games at the fewest and the most
seats with default options parse back every legal move of every step.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules import all_games, find_game
from rules.core import Game, IllegalMove, game_rules_help
from tests.conformance import case_seed, checks_for, option_sets, play_checked


def cases() -> list[Any]:
    found = []
    for game in all_games():
        for players in range(game.min_players, game.max_players + 1):
            for opts in option_sets(game):
                if not checks_for(game).supports(players, opts):
                    continue  # refused by setup: test_unsupported_player_counts_are_refused
                label = ",".join(f"{k}={v}" for k, v in opts.items()) or "defaults"
                for number in range(checks_for(game).games_per_case):
                    run = f"-game{number + 1}" if number else ""
                    found.append(
                        pytest.param(game, players, opts, number, id=f"{game.name}-{players}p-{label}{run}")
                    )
    return found


@pytest.mark.parametrize(("game", "players", "options", "number"), cases())
def test_random_playout_keeps_the_contract(
    game: Game, players: int, options: dict[str, Any], number: int
) -> None:
    deep = not options and number == 0 and players in (game.min_players, game.max_players)
    play_checked(game, players, case_seed(players, options, number), options, deep=deep)


def test_unsupported_player_counts_are_refused_with_a_message() -> None:
    """A player count a game takes only with some options (Lorenzo: 5 with houses) is refused by
    setup with words for players, never a crash."""
    for game in all_games():
        for players in range(game.min_players, game.max_players + 1):
            for opts in option_sets(game):
                if not checks_for(game).supports(players, opts):
                    with pytest.raises(IllegalMove) as err:
                        game.setup(players=players, seed=1, options=dict(opts))
                    assert str(err.value).strip()


def test_every_game_names_itself_and_its_options() -> None:
    for game in all_games():
        assert game.name and game.title and 1 <= game.min_players <= game.max_players
        assert find_game(game.name.upper()) is game  # the registry ignores case
        for option in game.options():
            assert option.default in option.choices, option
        assert game_rules_help(game).strip()


def test_option_sets_cover_every_choice() -> None:
    for game in all_games():
        seen = {(k, v) for opts in option_sets(game) for k, v in opts.items()}
        for option in game.options():
            for choice in option.choices:
                assert choice == option.default or (option.name, choice) in seen


def test_setup_is_deterministic_for_a_seed() -> None:
    for game in all_games():
        a = game.setup(players=game.min_players, seed=5, options={})
        b = game.setup(players=game.min_players, seed=5, options={})
        assert game.to_json(a) == game.to_json(b)
