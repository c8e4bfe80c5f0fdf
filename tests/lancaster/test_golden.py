"""Golden playthroughs (design.md tier 3): seed + move list + expected final scores, replayed.

The move lists in golden/ were produced by golden/regenerate.py (a simple deterministic policy)
and the final scores were checked by hand from the event log. Hand checks (section 10 scoring):

3 players (seed 31): seat 0: laws L05 3 + L17 2 + L16 2 + L18 8 (4 nobles then) = 15; 5 nobles
-> 10; extensions all 1 -> shared first, 6 each, no second; knight strength outside the reserve
6 / 2 / 11 -> seat 2 first 6, seat 0 second 3. 15 + 10 + 6 + 3 = 34. Seat 1: laws 3 + 2 + 2 + 6
= 13, conflict K01 rank 2 = 2, 3 nobles -> 3, castle 6: 24. Seat 2: laws L05 6 + L12 3 + L13 8 +
L17 1 + L16 2 + L18 8 = 28, K01 rank 1 = 3, 4 nobles -> 6, castle 6, knights 6: 49.

2 players (seed 21): seat 0: L05 3 + L17 7 + L18 6 = 16, 3 nobles -> 3, castle 6 (tie), knights
(2 against 5) 0 and no second place with two players: 25. Seat 1: L03 3 + L17 6 + L18 6 + L16 2
= 17 + 3 + 6 + 6 = 32.

4 players (seed 41): knight strength outside the reserve 5/5/2/5 with 2/3/1/2 knights: seat 1
first alone on the knight count (6), seats 0 and 3 share second (3 each). Seat 0 has 2 extensions
(6), the others share second (3). Totals 10+10+6+3 = 29, 12+6+3+6 = 27, 14+3+3+0 = 20,
11+6+3+3 = 23.

5 players (seed 51): seats 0 and 2 tie on 20 PP; seat 2 ranks ahead on the tie-break (4 nobles
against 3).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.lancaster import GAME

GOLDEN = Path(__file__).resolve().parent / "golden"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_golden_playthrough(players: int) -> None:
    game = json.loads((GOLDEN / f"game_{players}p.json").read_text(encoding="utf-8"))
    state = GAME.setup(game["players"], game["seed"], game["options"])
    for seat, text in game["moves"]:
        assert seat in GAME.active_players(state)
        state, _ = GAME.apply(state, seat, GAME.parse(state, seat, text))
    outcome = GAME.outcome(state)
    assert outcome is not None
    expected = game["expected"]
    assert list(outcome.scores) == expected["scores"]
    assert list(outcome.ranking) == expected["ranking"]
    assert [dict(b) for b in outcome.breakdown] == expected["breakdown"]


def test_golden_hand_checked_totals() -> None:
    """The hand-checked numbers of the module docstring, stated once more as plain data."""
    scores = {}
    for players in (2, 3, 5):
        game = json.loads((GOLDEN / f"game_{players}p.json").read_text(encoding="utf-8"))
        scores[players] = game["expected"]["scores"]
    assert scores[3] == [15 + 10 + 6 + 3, 2 + 13 + 3 + 6, 3 + 28 + 6 + 6 + 6]
    assert scores[2] == [16 + 3 + 6, 17 + 3 + 6 + 6]
    assert scores[5][0] == scores[5][2] == 20
    game5 = json.loads((GOLDEN / "game_5p.json").read_text(encoding="utf-8"))
    assert game5["expected"]["ranking"].index(2) < game5["expected"]["ranking"].index(0)
