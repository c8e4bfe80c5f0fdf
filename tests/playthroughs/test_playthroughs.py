"""design.md test tier 3: every golden playthrough of every game replays to its expected outcome.

The files' format is in tests/playthroughs/__init__.py; the hand checks behind the expected
numbers are in each game's golden tests (tests/lorenzo/test_golden.py,
tests/lorenzo/test_leaders_golden.py, tests/lancaster/test_golden.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rules import all_games, find_game
from tests.playthroughs import HERE, game_for, load, paths, replay
from tests.playthroughs.policies import POLICIES

FILES = sorted(HERE.glob("*/*.json"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_playthrough_replays_to_its_expected_outcome(path: Path) -> None:
    data = load(path)
    assert path.parent.name == data["game"]
    assert path.stem == f"{data['players']}p_seed{data['seed']}_{data['policy']}"
    assert data["policy"] in POLICIES[data["game"]]
    assert game_for(data).name == find_game(data["game"]).name
    game = game_for(data)
    played = list(replay(data))
    assert len(played) == len(data["moves"])
    final = played[-1].state
    assert not game.active_players(final)
    outcome = game.outcome(final)
    assert outcome is not None
    expected = data["expected"]
    assert list(outcome.scores) == expected["scores"]
    assert list(outcome.ranking) == expected["ranking"]
    assert [dict(b) for b in outcome.breakdown] == expected["breakdown"]


def test_every_game_with_playthroughs_has_one_for_every_player_count() -> None:
    games = [game for game in all_games() if paths(game.name)]
    assert {"lorenzo", "lancaster"} <= {game.name for game in games}
    for game in games:
        counts = {load(p)["players"] for p in paths(game.name)}
        assert counts == set(range(game.min_players, game.max_players + 1)), game.name
