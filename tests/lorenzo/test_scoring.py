"""§16 final scoring: tables, military ranking (and its §19 option), goods, tie-break, breakdown."""

from __future__ import annotations

import pytest

from rules.lorenzo import GAME
from rules.lorenzo.scoring import breakdown, military_points
from tests.lorenzo.helpers import scenario


@pytest.mark.parametrize(("n", "vp"), [(0, 0), (1, 0), (2, 0), (3, 1), (4, 4), (5, 10), (6, 20)])
def test_s16_2_territories_table(n: int, vp: int) -> None:
    st = scenario(2, res={}, cards={0: [1, 2, 3, 4, 5, 6][:n]})
    assert breakdown(st)[0]["territories"] == vp


@pytest.mark.parametrize(("n", "vp"), [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 21)])
def test_s16_3_characters_table(n: int, vp: int) -> None:
    st = scenario(2, res={}, cards={0: [49, 50, 51, 52, 53, 54][:n]})
    assert breakdown(st)[0]["characters"] == vp


def test_s16_5_military_ranking_first_and_second() -> None:
    assert military_points([10, 7, 7, 2], "next_gets_second") == [5, 2, 2, 0]


def test_s16_5_military_tie_for_first_default_next_value_gets_second() -> None:
    """§19 default: all tied for first get 5; the next lower MP value gets 2."""
    assert military_points([9, 9, 4, 1], "next_gets_second") == [5, 5, 2, 0]


def test_s16_5_military_tie_for_first_option_no_second_place() -> None:
    assert military_points([9, 9, 4, 1], "tied_first_only") == [5, 5, 0, 0]
    st = scenario(3, res={}, options={"military_tie": "tied_first_only"})
    for p, mp in enumerate([9, 9, 4]):
        st["players"][p]["resources"]["mp"] = mp
    assert [r["military"] for r in breakdown(st)] == [5, 5, 0]


def test_s16_6_one_vp_per_five_goods() -> None:
    st = scenario(2, res={"coin": 7, "wood": 3, "stone": 2, "servant": 2, "mp": 40, "fp": 9})
    assert breakdown(st)[0]["goods"] == 2  # 14 goods; points do not count


def test_s16_faith_and_play_vp_in_the_breakdown() -> None:
    st = scenario(2, res={"vp": 30})
    st["players"][0]["faith_vp"] = 12
    row = breakdown(st)[0]
    assert row["play"] == 18 and row["faith"] == 12


def test_s16_outcome_scores_ranking_and_tie_break_by_turn_order() -> None:
    """§16 [R]: the tied player earlier in the final turn order wins."""
    st = scenario(3, res={"vp": 10})
    st["phase"] = "over"
    st["turn_order"] = [2, 0, 1]
    for p in range(3):
        st["players"][p]["resources"]["mp"] = 0
    out = GAME.outcome(st)
    assert out is not None
    assert out.scores == (15, 15, 15)  # 10 VP + 5 for shared first military place
    assert out.ranking == (2, 0, 1)
    assert out.winners == frozenset({2})
    assert all(sum(b.values()) == s for b, s in zip(out.breakdown, out.scores, strict=True))
    assert list(out.breakdown[0]) == [
        "play",
        "faith",
        "territories",
        "characters",
        "ventures",
        "military",
        "goods",
        "excommunication",
    ]


def test_outcome_is_none_while_running() -> None:
    assert GAME.outcome(GAME.setup(2, 1)) is None
