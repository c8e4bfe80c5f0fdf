"""§16 final scoring: tables, military ranking (and its §19 option), goods, tie-break, breakdown."""

from __future__ import annotations

from typing import Any

import pytest

from rules.lorenzo import GAME
from rules.lorenzo.scoring import breakdown, military_points
from tests.lorenzo.helpers import bare_scenario, council_all, play_active, scenario


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


# ==============================================================================================
# Merged from the issue-3 audit: final scoring played to the end
# Audit (issue 3): §16 final scoring played to the end through the public contract (round 6,
# last Vatican Report, outcome), the §16.5 military ranking and its §19 option, the tie-break.
#
# Cards: territories 1, 3, 7, 9; characters 49 Warlord, 50 Stonemason, 51 Dame; ventures
# 73 Hiring Recruits (4 VP), 74 Repairing the Church (5 VP).
# ==============================================================================================
State = dict[str, Any]


def _last_round(options: dict[str, Any] | None = None) -> State:
    """Round 6 of a 3-player game, about to be played out with every member on the Council
    (each seat: +4 coins, 4 wood/stone privileges, -1 servant for the neutral)."""
    st = bare_scenario(3, res={}, round_no=6, options=options or {})
    st["excommunication_tiles"][2] = "E3-5"
    setup = [
        # seat 0: 4 territories, 3 characters, 2 ventures; 10 MP; 6 FP (supports: 7 VP)
        ({"vp": 10, "mp": 10, "fp": 6, "coin": 10, "servant": 5}, [1, 3, 7, 9, 49, 50, 51, 73, 74]),
        # seat 1: 10 MP (tied first); 2 FP < 5: excommunicated (E3-5), still scores 2 VP
        ({"vp": 20, "mp": 10, "fp": 2, "servant": 1}, []),
        # seat 2: 4 MP (second); 5 FP: supports, 5 VP
        ({"mp": 4, "fp": 5, "servant": 1}, []),
    ]
    from rules.lorenzo.data import CARDS

    for p, (res, cards) in enumerate(setup):
        st["players"][p]["resources"].update(res)
        for c in cards:
            st["players"][p]["cards"][CARDS[c]["type"]].append(c)
    st = council_all(st)
    st, _ = play_active(st, "support", "support")  # seats 0 and 2; seat 1 is excommunicated by the engine
    assert st["phase"] == "over"
    return st


def test_s16_final_scoring_every_line_after_the_last_report() -> None:
    """§16 lines: VP during play, faith (last report), Territories 4 -> 4, Characters 3 -> 6,
    Ventures 4 + 5, military 5/5/2 (tie for first), 1 VP per 5 goods, E3-5 -1 per MP."""
    out = GAME.outcome(_last_round())
    assert out is not None
    assert out.breakdown[0] == {
        "play": 10,
        "faith": 7,
        "territories": 4,
        "characters": 6,
        "ventures": 9,
        "military": 5,
        "goods": 5,  # 14 coins 4 wood 4 stone 4 servants = 26
        "excommunication": 0,
    }
    assert out.breakdown[1] == {
        "play": 20,
        "faith": 2,
        "territories": 0,
        "characters": 0,
        "ventures": 0,
        "military": 5,
        "goods": 2,  # 4 coins 4 wood 4 stone 0 servants = 12
        "excommunication": -10,
    }
    assert out.breakdown[2]["military"] == 2 and out.breakdown[2]["faith"] == 5
    assert out.scores == (46, 19, 9)
    assert out.ranking == (0, 1, 2) and out.winners == frozenset({0})


def test_s16_5_option_tied_first_only_gives_no_second_place() -> None:
    out = GAME.outcome(_last_round({"military_tie": "tied_first_only"}))
    assert out is not None
    assert [b["military"] for b in out.breakdown] == [5, 5, 0]
    assert out.scores == (46, 19, 7)


def test_s16_faith_is_not_scored_again_at_the_end() -> None:
    """§16: FP were converted at the last report; the final lines hold no FP."""
    st = _last_round()
    assert all(ps["resources"]["fp"] == 0 for ps in st["players"])


@pytest.mark.parametrize(
    ("mps", "rule", "vps"),
    [
        ([3, 0], "next_gets_second", [5, 2]),
        ([0, 0], "next_gets_second", [5, 5]),
        ([8, 5, 5, 1], "next_gets_second", [5, 2, 2, 0]),
        ([8, 5, 5, 1], "tied_first_only", [5, 2, 2, 0]),
        ([9, 9, 9, 1], "next_gets_second", [5, 5, 5, 2]),
        ([9, 9, 9, 1], "tied_first_only", [5, 5, 5, 0]),
        ([30, 26, 0], "next_gets_second", [5, 2, 0]),  # §19: MP above 25 keep counting
    ],
)
def test_s16_5_military_ranking(mps: list[int], rule: str, vps: list[int]) -> None:
    assert military_points(mps, rule) == vps


def test_s16_tie_break_is_the_final_turn_order_from_round_6_council() -> None:
    """§16 [R]: equal scores (13 each); seat 1 reached the Council first in round 6, so it is
    first in the final turn order and wins."""
    st = bare_scenario(2, res={"servant": 2, "fp": 5}, round_no=6)
    st["players"][1]["resources"]["coin"] = 2
    st, _ = play_active(st, "place black market_1", "place black council", "privilege coins")
    st = council_all(st)  # 3 more members each on the Council (wood/stone privileges)
    st, _ = play_active(st, "support", "support")  # reports in round 6's order (0 then 1)
    assert st["turn_order"] == [1, 0]
    out = GAME.outcome(st)
    assert out is not None
    # seat 0: 8 coins 3 wood 3 stone 1 servant = 15 -> 3; faith 5; military tie 5 -> 13
    # seat 1: 8 coins 3 wood 3 stone 1 servant = 15 -> 3; faith 5; military tie 5 -> 13
    assert out.scores == (13, 13)
    assert out.ranking == (1, 0) and out.winners == frozenset({1})
