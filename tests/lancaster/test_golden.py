"""Golden playthroughs (design.md tier 3): seed + move list + expected final scores, replayed.

The move lists (tests/playthroughs/lancaster/) were produced by tests/playthroughs/generate.py
(its "sensible" policy) and the final scores were checked by hand from the event log. Hand checks
(section 10 scoring):

3 players (seed 31): seat 0: laws L05 3 + L17 2 + L16 2 + L18 8 (4 nobles then) = 15; 5 nobles
-> 10; extensions all 1 -> shared first, 6 each, no second; knight strength outside the reserve
6 / 2 / 11 -> seat 2 first 6, seat 0 second 3. 15 + 10 + 6 + 3 = 34. Seat 1: laws 3 + 2 + 2 + 6
= 13, conflict K01 rank 2 = 2, 3 nobles -> 3, castle 6: 24. Seat 2: laws L05 6 + L12 3 + L13 8 +
L17 1 + L16 2 + L18 8 = 28, K01 rank 1 = 3, 4 nobles -> 6, castle 6, knights 6: 49.

2 players (seed 21): seat 0: L05 3 + L17 7 + L18 6 = 16, 3 nobles -> 3, castle 6 (tie), knights
(2 against 5) 0 and no second place with two players: 25. Seat 1: L03 3 + L17 6 + L18 6 + L16 2
= 17 + 3 + 6 + 6 = 32.

4 players (seed 41), re-checked in the audit from the event log: no conflict was won (every
card lost or unjoined), and L11 (round 2: one extension each), L13 (round 3: at most 2 counties
each), L12 and L14 (round 4: no conflict knights, no three 1-knights deployed) paid nothing. Laws:
seat 0 L17 2 + L18 8 (4 nobles then) = 10; seat 1 L05 3 + L16 3 + L18 6 = 12; seat 2 L05 6 + L16
2 + L18 4 + L17 2 = 14; seat 3 L05 3 + L18 6 + L17 2 = 11. Nobles 5/4/3/4 -> 10/6/3/6. Extensions
2/1/1/1: seat 0 first (6), the others share second (3). Knight strength outside the reserve
5/5/2/5 with 2/3/1/2 knights: seat 1 first alone on the knight count (6), seats 0 and 3 share
second (3 each). Totals 10+10+6+3 = 29, 12+6+3+6 = 27, 14+3+3+0 = 20, 11+6+3+3 = 23.

5 players (seed 51), hand-checked in the audit from the event log. Start player seat 4 all game
(Surrey's occupant chose themselves). Every conflict was lost (K06 and K10 in rounds 1-2, K05 in
rounds 3-4, K12 and K08 in rounds 4-5) or unjoined, so conflicts paid 0; captured knights not
ransomed went to the reserve (seat 4's only knight sat on the bottom-row card K05 in round 4, so
seat 4 was skipped in that phase 1; after round 5 all its knights are in the reserve). L06
(round 1: nobody in 2 conflicts), L11 (round 3: one extension each), L14 (rounds 3 and 4: nobody
with three 1-knights deployed) and L13 (round 4: at most 2 counties each) paid nothing, so all
PP come from round 5:
- seat 0: L17 7 squires -> 7, L18 2 nobles (H, I) -> 4: laws 11; 3 nobles (G later) -> 3; castle
  6; knights 3 (court 3): 0. Total 11 + 3 + 6 = 20.
- seat 1: L17 1, L18 4 nobles -> 8: laws 9; 5 nobles -> 10; castle 6; knights 1+4 = 5, second ->
  3. Total 9 + 10 + 6 + 3 = 28.
- seat 2: L17 1, L18 3 nobles -> 6, L16 1: laws 8; 4 nobles -> 6; castle 6; knights 2: 0. Total
  8 + 6 + 6 = 20.
- seat 3: L17 2, L18 6 nobles -> 12: laws 14; 7 nobles -> 21; castle 6; knights 7 (court 4 + 3 on
  K09), first -> 6. Total 14 + 21 + 6 + 6 = 47.
- seat 4: L17 2, L18 2 nobles -> 4, L16 2: laws 8; 2 nobles -> 1; castle 6; knights 0. Total 15.
Every seat has only its setup extension: all five share the castle majority (6 each, no second).
Seats 0 and 2 tie on 20 PP; seat 2 ranks ahead on the tie-break (4 nobles against 3), so the
ranking is 3, 1, 2, 0, 4.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.playout import replay
from tests.playthroughs import HERE, game_for, load

SEEDS = {2: 21, 3: 31, 4: 41, 5: 51}  # the "sensible" playthroughs, one per player count


def _golden(players: int, policy: str = "sensible") -> Any:
    """A Lancaster playthrough (tests/playthroughs/__init__.py has the format)."""
    seed = SEEDS[players] if policy == "sensible" else 43
    return load(HERE / "lancaster" / f"{players}p_seed{seed}_{policy}.json")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_golden_playthrough(players: int) -> None:
    game = _golden(players)
    rules = game_for(game)
    state = rules.setup(game["players"], game["seed"], game["options"])
    for seat, text in game["moves"]:
        assert seat in rules.active_players(state)
        state, _ = rules.apply(state, seat, rules.parse(state, seat, text))
    outcome = rules.outcome(state)
    assert outcome is not None
    expected = game["expected"]
    assert list(outcome.scores) == expected["scores"]
    assert list(outcome.ranking) == expected["ranking"]
    assert [dict(b) for b in outcome.breakdown] == expected["breakdown"]


def test_golden_hand_checked_totals() -> None:
    """The hand-checked numbers of the module docstring, stated once more as plain data."""
    scores = {}
    for players in (2, 3, 5):
        game = _golden(players)
        scores[players] = game["expected"]["scores"]
    assert scores[3] == [15 + 10 + 6 + 3, 2 + 13 + 3 + 6, 3 + 28 + 6 + 6 + 6]
    assert scores[2] == [16 + 3 + 6, 17 + 3 + 6 + 6]
    assert scores[5][0] == scores[5][2] == 20
    game4 = _golden(4)
    assert game4["expected"]["scores"] == [10 + 10 + 6 + 3, 12 + 6 + 3 + 6, 14 + 3 + 3 + 0, 11 + 6 + 3 + 3]
    assert scores[5] == [11 + 3 + 6, 9 + 10 + 6 + 3, 8 + 6 + 6, 14 + 21 + 6 + 6, 8 + 1 + 6]
    assert [b["laws"] for b in game5_breakdown()] == [7 + 4, 1 + 8, 1 + 6 + 1, 2 + 12, 2 + 4 + 2]
    assert [b["conflicts"] for b in game5_breakdown()] == [0] * 5
    game5 = _golden(5)
    assert game5["expected"]["ranking"].index(2) < game5["expected"]["ranking"].index(0)


def game5_breakdown() -> list[dict[str, int]]:
    game = _golden(5)
    breakdown: list[dict[str, int]] = game["expected"]["breakdown"]
    return breakdown


def test_golden_4p_conflicts_hand_checked() -> None:
    """Four players (seed 43), every knight sent to France (the "conflicts" policy of
    tests/playthroughs/generate.py).

    Hand-checked from the event log (8.3: total against France, ranks by own strength on the card,
    ties to the higher space; PP per rank from the data):
    - K02 r1 (France 3): seat 2 2+2 = 4, seat 3 3, seat 0 1 -> 4 / 2 / 1.
    - K04 r1 (4): seat 1 4, seat 0 2 -> 5 / 3.
    - K09 r2 (7): seat 2 2+3 = 5, seats 3 and 0 tie at 2, seat 3 holds the higher space -> 9 / 6 / 3.
    - K10 lost r2 (7 against 8), won r3 after L10 swapped seat 1's 3 for its 4: seat 1 2+4 = 6,
      seat 3 1+2 = 3, seat 0 1 -> 10 / 6 / 4.
    - K06 r3 (5): seat 2 4 (favor upgrade), seat 0 2 -> 6 / 4.
    - K07 lost r3 (2 against 6), won r4 (6 against 6): seat 1 4, seat 2 2 -> 8 / 5.
    - K03 r4 (3): seat 2 4, seat 3 2, seat 0 1 -> 4 / 2 / 1.
    - K05 r4 (4): seat 1 3, seats 3 and 0 tie at 2 (seat 3 higher) -> 5 / 3 / 2.
    - K11 r5 (9): seat 1 4+3 = 7, seat 2 3, seat 0 2 -> 12 / 8 / 4.
    - K08 r5 (6): seats 2 and 3 tie at 4 (seat 2 higher), seat 0 1 -> 8 / 5 / 3.
    Conflicts: seat 0 3+1+3+4+4+1+2+4+3 = 25; seat 1 5+10+8+5+12 = 40; seat 2 4+9+6+5+4+8+8 = 44;
    seat 3 2+6+6+2+3+5 = 24.
    Laws: L05 r2 seat 2 2x3 = 6, seat 0 3x3 = 9; L12 r3 3 PP per conflict: seat 2 (K06, K07) 6,
    seat 3 (K10) 3, seat 0 (K06, K10) 6, seat 1 (K10) 3; round 5 L17 squires 11 / 21 / 14 / 12
    (seats 2, 3, 0, 1), L16 gold seat 2 7, seat 0 10; L18 seat 3 3 nobles 6, seat 0 1 noble 2.
    Seat 0 9+6+14+10+2 = 41; seat 1 3+12 = 15; seat 2 6+6+11+7 = 30; seat 3 3+21+6 = 30.
    Nobles (favors only): seat 3 3 -> 3, seat 0 1 -> 0. Extensions 2/1/1/1 (seat 0 built X2 by
    L06): seat 0 6, the others share second, 3. Knights outside the reserve 3/7/7/4 strength:
    seats 1 and 2 share first (6 each), no second.
    Totals: 25+41+0+6+0 = 72, 40+15+0+3+6 = 64, 44+30+0+3+6 = 83, 24+30+3+3+0 = 60.
    """
    game = _golden(4, "conflicts")
    rules = game_for(game)
    state = replay(rules, rules.setup(game["players"], game["seed"], game["options"]), game["moves"])
    outcome = rules.outcome(state)
    assert outcome is not None
    assert list(outcome.scores) == game["expected"]["scores"] == [72, 64, 83, 60]
    assert [b["conflicts"] for b in outcome.breakdown] == [25, 40, 44, 24]
    assert [b["laws"] for b in outcome.breakdown] == [41, 15, 30, 30]
    assert [b["castle majority"] for b in outcome.breakdown] == [6, 3, 3, 3]
    assert [b["knight majority"] for b in outcome.breakdown] == [0, 6, 6, 0]
    assert outcome.ranking == (2, 0, 1, 3) and outcome.winners == frozenset({2})
