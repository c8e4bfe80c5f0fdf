"""Golden playthroughs for 2, 3 and 4 players: seed + move list replayed to hand-checked scores.

The move lists (tests/playthroughs/lorenzo/*_towers.json) were produced by the tower-loving policy
of tests/playthroughs/generate.py (formerly make_golden.py); every breakdown was then checked by
hand against the final state (card counts against the §16 tables, venture VP sums, military ranking,
goods / 5, E3-6 wood and stone on building costs). Examples of the checks, 4 players: seat 3 has
Manor House and Castle (2 territories = 0 VP), Scholar and Bishop (2 characters = 3 VP), ventures
4+3+5+7 = 19, most MP (13) = 5, goods 9+4+4+0 = 17 -> 3, E3-6 on Stonemason's Shop (2 stone) and
Chapel (2 wood) = -4, VP on the track 7 of which 3 from faith: 4+3+0+3+19+5+3-4 = 33. Seats 2 and 3
tie at 33 and the final turn order [1, 2, 0, 3] puts seat 2 ahead (§16 tie-break).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.lorenzo import GAME
from tests.playthroughs import load, paths

GOLDEN = paths("lorenzo", policy="towers")  # the playthroughs of make_golden's tower-loving player

EXPECTED_SCORES = {
    "2p_seed2026_towers": (52, 60),
    "3p_seed2026_towers": (34, 30, 41),
    "4p_seed2026_towers": (42, 30, 33, 33),
    # leaders + advanced tiles (and 12 E1-4 'lose' choices): MP 14/10/14/6 gives seats 0 and 2 the 5
    # and seat 1 the 2 (§19 default); seats 0 and 1 score no ventures (E3-2); seat 0: 12 play + 3 faith
    # + 1 territories + 3 characters + 0 + 5 military + 26 goods // 5 = 5 -> 29.
    "4p_seed1_towers": (29, 30, 53, 48),
    # Houses of Renaissance, 5 players (issue 13). Seat 2 (Della Scala) checked by hand: 51 VP on
    # the track less 23 from faith = 28 play, 23 faith, 5 Territories 10, 2 Characters 3, one
    # Venture 5, most MP (16) 5, goods 7+1+4+5 + 1 held token = 18 // 5 = 3 -> 77.
    "5p_seed2026_towers": (28, 47, 77, 25, 33),
}
EXPECTED_RANKING = {
    "2p_seed2026_towers": (1, 0),
    "3p_seed2026_towers": (2, 0, 1),
    "4p_seed2026_towers": (0, 2, 3, 1),
    "4p_seed1_towers": (2, 3, 1, 0),
    "5p_seed2026_towers": (2, 1, 4, 0, 3),
}


def test_there_is_a_golden_game_per_player_count() -> None:
    assert sorted(load(p)["players"] for p in GOLDEN) == [2, 3, 4, 4, 5]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_playthrough(path: Path) -> None:
    data = load(path)
    st = GAME.setup(data["players"], data["seed"], data["options"])
    for seat, text in data["moves"]:
        assert seat in GAME.active_players(st)
        st, _ = GAME.apply(st, seat, GAME.parse(st, seat, text))
    out = GAME.outcome(st)
    assert out is not None
    assert out.scores == EXPECTED_SCORES[path.stem] == tuple(data["expected"]["scores"])
    assert [dict(b) for b in out.breakdown] == data["expected"]["breakdown"]
    assert out.ranking == EXPECTED_RANKING[path.stem]
