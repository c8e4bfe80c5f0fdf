"""§14 Vatican Reports and all 21 excommunication tiles (each with its numbers)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core import IllegalMove
from rules.lorenzo import GAME
from rules.lorenzo.scoring import breakdown
from tests.lorenzo.helpers import (
    bare_scenario,
    council_all,
    delta,
    move_texts,
    play,
    play_active,
    rich,
    scenario,
    top,
)

State = dict[str, Any]


def _report(round_no: int, fps: list[int], **kw: object) -> dict:
    st = scenario(len(fps), res=rich(), round_no=round_no, **kw)  # type: ignore[arg-type]
    for p, fp in enumerate(fps):
        st["players"][p]["resources"]["fp"] = fp
    st = council_all(st)
    return st


def test_s14_report_after_round_2_support_scores_and_resets() -> None:
    """§14: 3 FP needed in period I; support scores the track (5 FP -> 5 VP) and resets FP."""
    st = _report(2, [5, 1])
    # council_all gave each seat 4 privileges (first option, wood/stone) and 4 coins; no faith.
    assert st["phase"] == "vatican" and top(st) == {"kind": "vatican", "seat": 0}
    assert move_texts(st, 0) == ["support", "refuse"]
    # seat 1 (1 FP < 3) is excommunicated without being asked
    vp = st["players"][0]["resources"]["vp"]
    after, events = play_active(st, "support")
    assert after["players"][0]["resources"]["vp"] == vp + 5 and after["players"][0]["resources"]["fp"] == 0
    assert (
        after["players"][1]["excommunications"] == [st["excommunication_tiles"][0]]
        and after["players"][1]["resources"]["fp"] == 1
    )
    assert after["round"] == 3
    assert any("excommunicated" in e for e in events)


def test_s14_refusing_means_excommunication_and_keeping_faith() -> None:
    st = _report(2, [4, 0])
    after, _ = play_active(st, "refuse")
    assert after["players"][0]["excommunications"] == [st["excommunication_tiles"][0]]
    assert after["players"][0]["resources"]["fp"] == 4


@pytest.mark.parametrize(("round_no", "need"), [(2, 3), (4, 4), (6, 5)])
def test_s14_requirement_by_period(round_no: int, need: int) -> None:
    st = _report(round_no, [need, need - 1])
    assert top(st) == {"kind": "vatican", "seat": 0}  # exactly the requirement: may support
    st, _ = play_active(st, "support")
    assert (
        st["excommunication_tiles"][round_no // 2 - 1] in st["players"][1]["excommunications"]
    )  # one short: excommunicated


def test_s14_reports_in_turn_order() -> None:
    st = _report(4, [6, 7, 8])
    assert top(st)["seat"] == 0
    st, _ = play_active(st, "support")
    assert top(st)["seat"] == 1
    st, _ = play_active(st, "refuse")
    assert top(st)["seat"] == 2


def test_s14_last_report_excommunicated_player_still_scores_faith() -> None:
    """§14 [S]: at round 6 a player lacking 5 FP is excommunicated, then scores FP and resets."""
    st = _report(6, [0, 4])
    # seat 0 has 0 FP: excommunicated, scores 0; seat 1: 4 FP -> 4 VP
    assert st["phase"] == "over"
    assert st["players"][1]["faith_vp"] == 4 and st["players"][1]["resources"]["fp"] == 0
    assert st["excommunication_tiles"][2] in st["players"][1]["excommunications"]


def test_s14_faith_above_15_scores_as_15() -> None:
    st = _report(4, [18, 0])
    st, _ = play_active(st, "support")
    assert st["players"][0]["faith_vp"] == 30


def test_s14_no_report_after_odd_rounds() -> None:
    st = _report(1, [0, 0])
    assert st["round"] == 2 and st["phase"] == "actions"
    assert st["players"][0]["excommunications"] == []


def _ex(tile: str, players: int = 4, **kw: object) -> dict:
    st = scenario(players, res=rich(), **kw)  # type: ignore[arg-type]
    st["players"][0]["excommunications"] = [tile]
    return st


def test_e1_1_one_mp_fewer_per_source() -> None:
    st = _ex("E1-1")
    after, _ = play(st, 0, "place black market_3")
    assert delta(st, after, 0) == {"coin": 2, "mp": 2}


def test_e1_2_one_coin_fewer_per_source() -> None:
    st = _ex("E1-2")
    after, _ = play(st, 0, "place black market_1")
    assert delta(st, after, 0) == {"coin": 4}


def test_e1_2_per_source_in_a_production() -> None:
    """Tile (2 coins) and Bank (5 coins) are two sources: 1 + 4."""
    st = _ex("E1-2", cards={0: [41]}, dice=(2, 1, 1))
    after, _ = play(st, 0, "place black production")
    assert delta(st, after, 0) == {"coin": 5, "mp": 1}


def test_e1_3_one_servant_fewer_per_source() -> None:
    st = _ex("E1-3")
    after, _ = play(st, 0, "place black market_2")
    assert delta(st, after, 0) == {"servant": 4}


def test_e1_4_one_wood_or_stone_fewer_per_source() -> None:
    """Harvest tile gives 1 wood 1 stone 1 servant: the player chooses which of wood/stone is lost."""
    st = _ex("E1-4", dice=(1, 1, 1))
    mid, _ = play(st, 0, "place black harvest")
    assert top(mid)["kind"] == "lose_wood_or_stone" and move_texts(mid, 0) == ["lose wood", "lose stone"]
    after, _ = play_active(mid, "lose stone")
    assert delta(st, after, 0) == {"wood": 1, "servant": 1}
    after, _ = play_active(mid, "lose wood")
    assert delta(st, after, 0) == {"stone": 1, "servant": 1}


def test_e1_4_single_good_sources_lose_it_without_asking() -> None:
    """Woods gives 1 wood (immediate): with E1-4 nothing is left, no question; floor bonus too."""
    st = _ex("E1-4", towers={"territory_3": 2})
    after, _ = play(st, 0, "place black territory_3")
    assert not after["stack"] and delta(st, after, 0) == {}


def test_e1_5_harvest_minus_three() -> None:
    st = _ex("E1-5", cards={0: [4]}, dice=(4, 1, 1))  # 4 - 3 = 1: tile only, not Gravel Pit
    after, _ = play(st, 0, "place black harvest")
    assert delta(st, after, 0) == {"wood": 1, "stone": 1, "servant": 1}


def test_e1_5_also_on_card_harvest_actions() -> None:
    """Cardinal: Harvest at 4; with E1-5 it is 1 (tile only) unless servants are added."""
    st = _ex("E1-5", towers={"character_1": 69}, cards={0: [4]}, round_no=5)
    st, _ = play_active(st, "place black character_1")
    assert top(st)["kind"] == "bonus_action"
    assert move_texts(st, 0) == ["harvest", "harvest servants=3"]


def test_e1_6_production_minus_three() -> None:
    st = _ex("E1-6", cards={0: [41]}, dice=(4, 1, 1))  # 4 - 3 = 1: tile only, not Bank (2)
    after, _ = play(st, 0, "place black production")
    assert delta(st, after, 0) == {"coin": 2, "mp": 1}


def test_e1_7_coloured_members_one_less() -> None:
    st = _ex("E1-7", dice=(3, 3, 3), towers={"territory_2": 3})
    with pytest.raises(IllegalMove, match="needs value 3"):
        GAME.parse(st, 0, "place black territory_2")
    assert "place black territory_2 servants=1" in move_texts(st, 0)


@pytest.mark.parametrize(
    ("tile", "space", "card"),
    [
        ("E2-1", "territory_3", 2),
        ("E2-2", "building_3", 25),
        ("E2-3", "character_3", 49),
        ("E2-4", "venture_3", 73),
    ],
)
def test_e2_1_to_4_minus_four_to_take_a_card_type(tile: str, space: str, card: int) -> None:
    st = _ex(tile, dice=(6, 6, 6), towers={space: card})
    with pytest.raises(IllegalMove, match="needs value 5; yours would be 2"):
        GAME.parse(st, 0, f"place black {space}")
    assert f"place black {space} servants=3" in move_texts(st, 0)
    other = {
        "territory_3": "character_3",
        "character_3": "territory_3",
        "building_3": "venture_3",
        "venture_3": "building_3",
    }[space]
    st2 = _ex(
        tile,
        dice=(5, 5, 5),
        towers={
            other: 3
            if other.startswith("territory")
            else {"character_3": 49, "venture_3": 73, "building_3": 25}[other]
        },
    )
    assert f"place black {other}" in move_texts(st2, 0)


def test_e2_5_no_market() -> None:
    st = _ex("E2-5")
    assert not any("market" in m for m in move_texts(st, 0))
    with pytest.raises(IllegalMove, match="Market"):
        GAME.parse(st, 0, "place black market_1")


def test_e2_6_two_servants_per_point() -> None:
    st = _ex("E2-6", dice=(1, 1, 1), towers={"territory_2": 3})
    assert "place black territory_2 servants=4" in move_texts(st, 0)
    with pytest.raises(IllegalMove):
        GAME.parse(st, 0, "place black territory_2 servants=3")


def test_e2_7_skip_first_placement_and_place_last() -> None:
    st = scenario(3, res=rich(), round_no=3)
    st["players"][0]["excommunications"] = ["E2-7"]
    st = council_all(st)  # finish round 3 -> round 4 queue is built with the skip
    assert st["round"] == 4
    q = st["turn_queue"]
    first = st["turn_order"]
    assert q[0] != 0 and q[-1] == 0 and q.count(0) == 4
    assert q[: len(first) - 1] == [p for p in first if p != 0]


@pytest.mark.parametrize(
    ("tile", "key"), [("E3-1", "characters"), ("E3-2", "ventures"), ("E3-3", "territories")]
)
def test_e3_1_to_3_no_final_vp_for_a_card_type(tile: str, key: str) -> None:
    st = scenario(2, res=rich(), cards={0: [1, 2, 3, 49, 50, 73], 1: [1, 2, 3, 49, 50, 73]})
    st["players"][0]["excommunications"] = [tile]
    rows = breakdown(st)
    assert rows[0][key] == 0 and rows[1][key] > 0


def test_e3_4_lose_one_vp_per_five_vp() -> None:
    st = scenario(2, res={"vp": 26})
    st["players"][0]["excommunications"] = ["E3-4"]
    assert breakdown(st)[0]["excommunication"] == -5


def test_e3_5_lose_one_vp_per_mp() -> None:
    st = scenario(2, res={"vp": 20, "mp": 7})
    st["players"][0]["excommunications"] = ["E3-5"]
    assert breakdown(st)[0]["excommunication"] == -7


def test_e3_6_lose_vp_for_wood_and_stone_on_building_costs() -> None:
    """Mint (1 wood 3 stone) + Triumphal Arch (2 coins 2 stone): 1 + 3 + 2 = 6."""
    st = scenario(2, res={"vp": 20}, cards={0: [25, 27]})
    st["players"][0]["excommunications"] = ["E3-6"]
    assert breakdown(st)[0]["excommunication"] == -6


def test_e3_7_lose_vp_per_resource_held() -> None:
    st = scenario(2, res={"vp": 30, "coin": 3, "wood": 2, "stone": 1, "servant": 4})
    st["players"][0]["excommunications"] = ["E3-7"]
    row = breakdown(st)[0]
    assert row["excommunication"] == -10 and row["goods"] == 2


def test_excommunication_penalty_never_below_zero() -> None:
    st = scenario(2, res={"vp": 2, "mp": 9})
    st["players"][0]["excommunications"] = ["E3-5"]
    row = breakdown(st)[0]
    assert sum(row.values()) >= 0


def test_support_requires_the_decision_to_be_yours() -> None:
    st = _report(2, [5, 5])
    with pytest.raises(IllegalMove):
        GAME.parse(st, 0, "place black council")


def test_s14_last_report_refusal_is_excommunicated_and_still_scores() -> None:
    """Rules choice (sources §7.6): at round 6 refusing also scores the faith VP, then resets."""
    st = _report(6, [7, 0])
    after, _ = play_active(st, "refuse")
    assert after["players"][0]["faith_vp"] == 9 and after["players"][0]["resources"]["fp"] == 0
    assert after["excommunication_tiles"][2] in after["players"][0]["excommunications"]


def test_e2_1_also_lowers_card_effect_actions() -> None:
    """E2-1 applies to the Captain's free Territory action: 6 - 4 = 2 reaches only floor 1."""
    st = _ex("E2-1", towers={"character_1": 57, "territory_1": 1, "territory_2": 3}, round_no=3)
    st["players"][0]["resources"]["servant"] = 0
    st, _ = play_active(st, "place black character_1")
    assert move_texts(st, 0) == ["take territory_1", "take none"]


# ==============================================================================================
# Merged from the issue-3 audit: Vatican Reports and every excommunication tile
# Audit (issue 3): §4 setup, §6 rounds and decks, §14 Vatican Reports, every excommunication
# tile with its numbers, E2-7's turn queue - through the public contract.
#
# Cards: territories 1 Commercial Hub, 5 Forest (+1 wood); buildings 32 Residence (2 stone, +1 VP),
# 41 Bank (prod 2: +5 coins); characters 70 Bishop (5 coins, +1 FP, Production at 4).
# ==============================================================================================
# ----------------------------------------------------------------------------------------------
# §14 Vatican Report
# ----------------------------------------------------------------------------------------------


def _at_report(round_no: int, fps: list[int]) -> State:
    st = bare_scenario(len(fps), res=rich(), round_no=round_no)
    for p, fp in enumerate(fps):
        st["players"][p]["resources"]["fp"] = fp
    return council_all(st)  # council_all chooses wood/stone privileges: faith unchanged


@pytest.mark.parametrize(
    ("fp", "vp"),
    [
        (3, 3),
        (4, 4),
        (5, 5),
        (6, 7),
        (7, 9),
        (8, 11),
        (9, 13),
        (10, 15),
        (11, 17),
        (12, 19),
        (13, 22),
        (14, 25),
        (15, 30),
    ],
)
def test_s14_support_scores_the_faith_track_and_resets_to_zero(fp: int, vp: int) -> None:
    st = _at_report(2, [fp, 0])
    before = st["players"][0]["resources"]["vp"]
    after, _ = play_active(st, "support")
    assert after["players"][0]["resources"]["vp"] == before + vp
    assert after["players"][0]["resources"]["fp"] == 0 and after["players"][0]["excommunications"] == []


@pytest.mark.parametrize(("round_no", "need"), [(2, 3), (4, 4), (6, 5)])
def test_s14_one_faith_short_is_excommunicated_without_a_choice(round_no: int, need: int) -> None:
    st = _at_report(round_no, [need - 1, need])
    assert top(st) == {"kind": "vatican", "seat": 1}  # seat 0 was not asked
    tile = st["excommunication_tiles"][round_no // 2 - 1]
    assert st["players"][0]["excommunications"] == [tile]
    if round_no < 6:
        assert st["players"][0]["resources"]["fp"] == need - 1  # §14: excommunicated players keep their FP


def test_s14_refusing_with_enough_faith_excommunicates_and_keeps_faith() -> None:
    st = _at_report(4, [9, 0])
    vp = st["players"][0]["resources"]["vp"]
    after, _ = play_active(st, "refuse")
    assert after["players"][0]["excommunications"] == [st["excommunication_tiles"][1]]
    assert after["players"][0]["resources"]["fp"] == 9 and after["players"][0]["resources"]["vp"] == vp


def test_s14_round_6_lacking_faith_excommunicated_then_scores_faith() -> None:
    """§14 [S]: at the last report 4 FP (< 5) -> excommunicated, then 4 VP, FP reset; game over."""
    st = _at_report(6, [4, 0])
    assert st["phase"] == "over"
    ps = st["players"][0]
    assert (
        ps["excommunications"] == [st["excommunication_tiles"][2]]
        and ps["faith_vp"] == 4
        and ps["resources"]["fp"] == 0
    )
    out = GAME.outcome(st)
    assert out is not None and out.breakdown[0]["faith"] == 4


def test_s14_excommunication_penalty_starts_with_the_next_round() -> None:
    """§14: the tile applies from the report on: E1-2 (one coin fewer per source) drawn for
    period I; seat 0 (0 FP) is excommunicated and gets 4 coins from Market 1 in round 3."""
    st = bare_scenario(2, res=rich(), round_no=2)
    st["excommunication_tiles"][0] = "E1-2"
    st["players"][1]["resources"]["fp"] = 5
    st = council_all(st)
    st, _ = play_active(st, "support")
    assert (
        st["round"] == 3
        and st["players"][0]["excommunications"] == ["E1-2"]
        and st["players"][1]["excommunications"] == []
    )
    assert GAME.active_players(st) == {0}
    after, _ = play(st, 0, "place black market_1")
    assert delta(st, after, 0) == {"coin": 4}


# ----------------------------------------------------------------------------------------------
# Excommunication tiles, numbers per source
# ----------------------------------------------------------------------------------------------


def _bare_ex(tile: str, players: int = 2, **kw: Any) -> State:
    st = bare_scenario(players, res=rich(), **kw)
    st["players"][0]["excommunications"] = [tile]
    return st


def test_e1_1_building_floor_bonus_is_a_source() -> None:
    """E1-1: floor 4 of the Building tower gives 2 MP -> 1 (Residence: 2 stone, +1 VP)."""
    st = _bare_ex("E1-1", dice=(6, 6, 6), towers={"building_4": 32})
    after, _ = play(st, 0, "place black building_4 servants=1")
    assert delta(st, after, 0) == {"mp": 1, "stone": -2, "vp": 1, "servant": -1}


def test_e1_2_council_coin_and_coin_privilege_are_two_sources() -> None:
    """E1-2: the Council's 1 coin -> 0; the privilege's 2 coins -> 1."""
    st = _bare_ex("E1-2")
    st, _ = play_active(st, "place black council")
    after, _ = play_active(st, "privilege coins")
    assert after["players"][0]["resources"]["coin"] == 20 + 0 + 1


def test_e1_3_servant_privilege_loses_one() -> None:
    st = _bare_ex("E1-3")
    st, _ = play_active(st, "place black council")
    after, _ = play_active(st, "privilege servants")
    assert after["players"][0]["resources"]["servant"] == 20 + 1


def test_e1_4_floor_bonus_and_card_are_separate_sources() -> None:
    """E1-4: Territory floor 4 (2 wood -> 1) and Forest's immediate 1 wood (-> 0)."""
    st = _bare_ex("E1-4", dice=(6, 6, 6), towers={"territory_4": 5})
    after, _ = play(st, 0, "place black territory_4 servants=1")
    assert delta(st, after, 0) == {"wood": 1, "servant": -1}


def test_e1_5_with_the_big_space_is_minus_six() -> None:
    """E1-5 + big Harvest space: die 6 - 6 = 0 activates nothing; 1 servant makes 1: the tile
    (1 wood 1 stone 1 servant) and the Commercial Hub (value 1, +1 coin)."""
    st = _bare_ex("E1-5", players=3, dice=(6, 6, 6), cards={0: [1]})
    after, events = play(st, 0, "place black harvest_big")
    assert delta(st, after, 0) == {} and any("nothing activates" in e for e in events)
    after1, _ = play(st, 0, "place black harvest_big servants=1")
    assert delta(st, after1, 0) == {"wood": 1, "stone": 1, "coin": 1}  # servant -1 + 1


def test_e1_6_applies_to_a_card_production_action() -> None:
    """E1-6: the Bishop's Production at 4 is 1: tile (2 coins 1 MP), not the Bank (value 2)."""
    st = _bare_ex("E1-6", towers={"character_1": 70}, cards={0: [41]})
    st["players"][0]["resources"]["servant"] = 0
    after, _ = play(st, 0, "place black character_1")
    assert delta(st, after, 0) == {"coin": -5 + 2, "fp": 1, "mp": 1}


def test_e1_7_lowers_coloured_members_but_not_the_neutral() -> None:
    """E1-7: die 1 - 1 = 0, so a coloured member needs a servant even for the Council; the neutral
    stays 0 (not -1): one servant is still enough for it."""
    st = _bare_ex("E1-7", dice=(1, 1, 1))
    st["players"][0]["resources"]["servant"] = 1
    moves = move_texts(st, 0)
    assert "place black council" not in moves and "place black council servants=1" in moves
    assert "place neutral council servants=1" in moves


def test_e2_5_forbids_the_market_but_not_the_council() -> None:
    st = _bare_ex("E2-5", players=4)
    moves = move_texts(st, 0)
    assert not any("market" in m for m in moves) and "place black council" in moves


def test_e2_6_also_doubles_servants_of_a_card_action() -> None:
    """E2-6 on the Abbess's free action (value 4): floor 3 (5) needs 2 servants, not 1."""
    st = _bare_ex("E2-6", towers={"character_1": 56, "territory_3": 1})
    st, _ = play_active(st, "place black character_1")
    assert move_texts(st, 0) == ["take territory_3 servants=2", "take none"]
    with pytest.raises(IllegalMove, match="needs value 5; yours would be 4"):
        GAME.parse(st, 0, "take territory_3 servants=1")


def test_e2_7_queue_with_two_excommunicated_players() -> None:
    """E2-7 (seats 0 and 2 of 3): 1 places, then 0 1 2 three times, then 0 and 2 their last."""
    st = bare_scenario(3, res=rich(), round_no=3)
    st["players"][0]["excommunications"] = ["E2-7"]
    st["players"][2]["excommunications"] = ["E2-7"]
    st = council_all(st)
    assert st["round"] == 4
    order = st["turn_order"]
    skip = {0, 2}
    expected = [p for p in order if p not in skip] + order * 3 + [p for p in order if p in skip]
    assert st["turn_queue"] == expected
    assert all(st["turn_queue"].count(p) == 4 for p in range(3))
