"""Games saved by older code still load and play to the end (issue 9 item 7: numbered state formats).

``saved/`` holds mid-game states written by the code of their ``saved_by`` commit (state format 1:
a ransom waiting in the queue, a Parliament vote with ballots cast, a two-player game with an ally
upgrade open, a five-player exchange), with the moves that led there and the continuation that
code played to the end with its final scores.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from rules.lancaster import GAME
from rules.lancaster.migrate import FORMAT, format_of, upgrade
from rules.playout import replay

from .conformance import invariants as _invariants

SAVED = sorted((Path(__file__).resolve().parent / "saved").glob("*.json"))


def _record(path: Path) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return record


@pytest.mark.parametrize("path", SAVED, ids=lambda p: p.stem)
def test_a_saved_game_loads_as_the_same_game_today(path: Path) -> None:
    record = _record(path)
    assert format_of(json.loads(record["state"])) < FORMAT  # really an old layout
    state = GAME.from_json(record["state"])
    assert state["format"] == FORMAT
    # The migrated state is exactly the state today's code reaches with the same moves.
    fresh = replay(GAME, GAME.setup(record["players"], record["seed"], record["options"]), record["moves"])
    assert state == fresh
    assert GAME.from_json(GAME.to_json(state)) == state


@pytest.mark.parametrize("path", SAVED, ids=lambda p: p.stem)
def test_a_saved_game_finishes_as_the_old_code_finished_it(path: Path) -> None:
    record = _record(path)
    state = replay(GAME, GAME.from_json(record["state"]), record["continuation"]["moves"])
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert list(outcome.scores) == record["continuation"]["scores"]
    assert list(outcome.ranking) == record["continuation"]["ranking"]


@pytest.mark.parametrize("path", SAVED, ids=lambda p: p.stem)
def test_a_saved_game_plays_on_to_the_end_with_other_moves(path: Path) -> None:
    state = GAME.from_json(_record(path)["state"])
    rng = random.Random(path.stem)
    while GAME.active_players(state):
        _invariants(state)
        seat = rng.choice(sorted(GAME.active_players(state)))
        state, _ = GAME.apply(state, seat, rng.choice(list(GAME.legal_moves(state, seat))))
    _invariants(state)
    assert GAME.outcome(state) is not None


def test_a_state_from_newer_code_is_refused_with_a_reason() -> None:
    state = GAME.setup(3, 1)
    with pytest.raises(ValueError, match="newer code"):
        upgrade({**state, "format": FORMAT + 1})
