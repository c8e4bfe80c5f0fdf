"""Audit (issue 3): §4 setup, §6 rounds and decks, §14 Vatican Reports, every excommunication
tile with its numbers, E2-7's turn queue - through the public contract.

Cards: territories 1 Commercial Hub, 5 Forest (+1 wood); buildings 32 Residence (2 stone, +1 VP),
41 Bank (prod 2: +5 coins); characters 70 Bishop (5 coins, +1 FP, Production at 4).
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.core import IllegalMove
from rules.lorenzo import GAME
from rules.lorenzo.data import CARD_TYPES, CARDS
from tests.lorenzo.helpers import bare_scenario, council_all, delta, move_texts, play, play_active, rich, top

State = dict[str, Any]


# ----------------------------------------------------------------------------------------------
# §4 setup, §6 structure
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_s4_starting_supply_by_turn_position(players: int, seed: int) -> None:
    """§4.6-7: 2 wood, 2 stone, 3 servants each; coins 5/6/7/8 by turn position; points 0."""
    st = GAME.setup(players, seed)
    assert sorted(st["turn_order"]) == list(range(players))
    for p in range(players):
        res = st["players"][p]["resources"]
        pos = st["turn_order"].index(p)
        assert res == {"coin": 5 + pos, "wood": 2, "stone": 2, "servant": 3, "vp": 0, "mp": 0, "fp": 0}
    assert GAME.active_players(st) == {st["turn_order"][0]}


def test_s4_s6_decks_deal_four_cards_of_the_period_per_round_without_repeats() -> None:
    """§4.2/§6: each round deals 4 cards of the current period to each tower; the 2 rounds of a
    period use its 8 cards; excommunication tiles: one of each period."""
    st = GAME.setup(3, 11)
    assert [int(t[1]) for t in st["excommunication_tiles"]] == [1, 2, 3]
    seen: dict[str, set[int]] = {t: set() for t in CARD_TYPES}
    for round_no in range(1, 5):
        assert st["round"] == round_no
        for t in CARD_TYPES:
            floor_cards = st["tower_cards"][t]
            assert all(CARDS[c]["type"] == t for c in floor_cards)
            assert {CARDS[c]["period"] for c in floor_cards} == {(round_no + 1) // 2}
            assert not seen[t] & set(floor_cards)
            seen[t] |= set(floor_cards)
        assert all(1 <= v <= 6 for v in st["dice"].values())
        st = council_all(st)
        while st["phase"] == "vatican":
            (p,) = GAME.active_players(st)
            st, _ = play(st, p, "support" if "support" in move_texts(st, p) else "refuse")
    assert all(len(s) == 16 for s in seen.values())


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


def _ex(tile: str, players: int = 2, **kw: Any) -> State:
    st = bare_scenario(players, res=rich(), **kw)
    st["players"][0]["excommunications"] = [tile]
    return st


def test_e1_1_building_floor_bonus_is_a_source() -> None:
    """E1-1: floor 4 of the Building tower gives 2 MP -> 1 (Residence: 2 stone, +1 VP)."""
    st = _ex("E1-1", dice=(6, 6, 6), towers={"building_4": 32})
    after, _ = play(st, 0, "place black building_4 servants=1")
    assert delta(st, after, 0) == {"mp": 1, "stone": -2, "vp": 1, "servant": -1}


def test_e1_2_council_coin_and_coin_privilege_are_two_sources() -> None:
    """E1-2: the Council's 1 coin -> 0; the privilege's 2 coins -> 1."""
    st = _ex("E1-2")
    st, _ = play_active(st, "place black council")
    after, _ = play_active(st, "privilege coins")
    assert after["players"][0]["resources"]["coin"] == 20 + 0 + 1


def test_e1_3_servant_privilege_loses_one() -> None:
    st = _ex("E1-3")
    st, _ = play_active(st, "place black council")
    after, _ = play_active(st, "privilege servants")
    assert after["players"][0]["resources"]["servant"] == 20 + 1


def test_e1_4_floor_bonus_and_card_are_separate_sources() -> None:
    """E1-4: Territory floor 4 (2 wood -> 1) and Forest's immediate 1 wood (-> 0)."""
    st = _ex("E1-4", dice=(6, 6, 6), towers={"territory_4": 5})
    after, _ = play(st, 0, "place black territory_4 servants=1")
    assert delta(st, after, 0) == {"wood": 1, "servant": -1}


def test_e1_5_with_the_big_space_is_minus_six() -> None:
    """E1-5 + big Harvest space: die 6 - 6 = 0 activates nothing; 1 servant makes 1: the tile
    (1 wood 1 stone 1 servant) and the Commercial Hub (value 1, +1 coin)."""
    st = _ex("E1-5", players=3, dice=(6, 6, 6), cards={0: [1]})
    after, events = play(st, 0, "place black harvest_big")
    assert delta(st, after, 0) == {} and any("nothing activates" in e for e in events)
    after1, _ = play(st, 0, "place black harvest_big servants=1")
    assert delta(st, after1, 0) == {"wood": 1, "stone": 1, "coin": 1}  # servant -1 + 1


def test_e1_6_applies_to_a_card_production_action() -> None:
    """E1-6: the Bishop's Production at 4 is 1: tile (2 coins 1 MP), not the Bank (value 2)."""
    st = _ex("E1-6", towers={"character_1": 70}, cards={0: [41]})
    st["players"][0]["resources"]["servant"] = 0
    after, _ = play(st, 0, "place black character_1")
    assert delta(st, after, 0) == {"coin": -5 + 2, "fp": 1, "mp": 1}


def test_e1_7_lowers_coloured_members_but_not_the_neutral() -> None:
    """E1-7: die 1 - 1 = 0, so a coloured member needs a servant even for the Council; the neutral
    stays 0 (not -1): one servant is still enough for it."""
    st = _ex("E1-7", dice=(1, 1, 1))
    st["players"][0]["resources"]["servant"] = 1
    moves = move_texts(st, 0)
    assert "place black council" not in moves and "place black council servants=1" in moves
    assert "place neutral council servants=1" in moves


def test_e2_5_forbids_the_market_but_not_the_council() -> None:
    st = _ex("E2-5", players=4)
    moves = move_texts(st, 0)
    assert not any("market" in m for m in moves) and "place black council" in moves


def test_e2_6_also_doubles_servants_of_a_card_action() -> None:
    """E2-6 on the Abbess's free action (value 4): floor 3 (5) needs 2 servants, not 1."""
    st = _ex("E2-6", towers={"character_1": 56, "territory_3": 1})
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
