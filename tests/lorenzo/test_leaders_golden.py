"""Golden playthroughs with the ``leaders`` option (draft, plays, activations, discards): seed +
move list replayed to hand-checked final scores.

The move lists (tests/playthroughs/lorenzo/*_leaders.json) come from the steered policy of
test_leaders_playouts.py (the "leaders" policy of tests/playthroughs/generate.py). Every breakdown
was checked by hand against the final state (§16 tables, venture VP, military ranking, goods / 5,
excommunication penalties) and the leader VP against the log:

- 2 players, seed 2030. Seat 0 (il Moro, Santa Rita): VP track 25 of which 15 from faith (10 FP
  at the last report, refused: excommunicated and still scored, §14), 5 Territories 10, 5
  Characters 15, ventures 3 + 5 = 8, most MP (17) 5, goods 8 + 4 + 5 + 14 = 31 -> 6, E3-5 -17:
  10 + 15 + 10 + 15 + 8 + 5 + 6 - 17 = 52. Seat 1 (Colleoni activated twice, +8 VP on the track):
  23 - 2 = 21, faith 2, 4 Territories 4, 4 Characters 10, ventures 3 + 5 + 5 + 6 = 19, second MP
  (16) 2, goods 5 -> 1, E3-5 -16: 43.
- 3 players, seed 2028. Seats 0 and 1 tie on 14 MP (5 VP each), seat 2 has the next value (2 VP).
  Seat 0: 16 - 9 = 7, faith 9, 4 Territories 4, 3 Characters 6, ventures 3 + 2 + 7 + 4 = 16, goods
  21 -> 4, E3-6 Carpenter's Shop 2 wood -2: 49. Seat 1 (Cosimo x2, Bande Nere x1): 30 - 9 = 21,
  faith 9, 4, 2 Characters 3, ventures 1, 5, goods 13 -> 2, E3-6 Triumphal Arch 2 + Chapel 2 +
  Stonemasons' Guild 3 + Barracks 2 = -9: 36. Seat 2: 31 - 1 = 30, faith 1, 3 Territories 1,
  4 Characters 10, 0, 2, goods 7 -> 1, E3-6 Treasury 3 + Fair 3 + Fortress 6 = -12: 33.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.lorenzo import GAME
from rules.lorenzo.data import LEADERS
from tests.playthroughs import load, paths

GOLDEN = paths("lorenzo", policy="leaders")

EXPECTED = {
    "2p_seed2030_leaders": {
        "scores": (52, 43),
        "played": [["ludovico_il_moro", "santa_rita"], ["bartolomeo_colleoni"]],
        "activation_gain": {"bartolomeo_colleoni": "4 VP"},
    },
    "3p_seed2028_leaders": {
        "scores": (49, 36, 33),
        "played": [["bartolomeo_colleoni"], ["cosimo_de_medici", "giovanni_dalle_bande_nere"], []],
        "activation_gain": {
            "bartolomeo_colleoni": "4 VP",
            "cosimo_de_medici": "3 servants, 1 VP",
            "giovanni_dalle_bande_nere": "1 coin, 1 wood, 1 stone",
        },
    },
}


def test_every_golden_leader_game_has_hand_checked_expectations() -> None:
    assert sorted(p.stem for p in GOLDEN) == sorted(EXPECTED)


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_leader_playthrough(path: Path) -> None:
    data = load(path)
    expected = EXPECTED[path.stem]
    st = GAME.setup(data["players"], data["seed"], data["options"])
    activations: dict[str, int] = {}
    for seat, text in data["moves"]:
        assert seat in GAME.active_players(st), (seat, text)
        st, events = GAME.apply(st, seat, GAME.parse(st, seat, text))
        if text.startswith("leader activate"):
            leader = text.split()[2]
            key = f"{seat} {leader}"
            activations[key] = activations.get(key, 0) + 1
            gain = expected["activation_gain"][leader]  # type: ignore[index]
            assert f"{{p{seat}}} gained {gain} ({LEADERS[leader]['name']})." in events
    out = GAME.outcome(st)
    assert out is not None
    assert out.scores == expected["scores"] == tuple(data["expected"]["scores"])
    assert [dict(b) for b in out.breakdown] == data["expected"]["breakdown"]
    assert list(out.ranking) == data["expected"]["ranking"]
    assert [ps["leaders_played"] for ps in st["players"]] == expected["played"]
    assert activations == data["expected"]["activations"]
