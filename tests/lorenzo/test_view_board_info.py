"""Lorenzo player view: the per-player numbers the boards print come from the engine's own rules.

Rules §8.2 (occupied-tower fee, waived by Filippo Brunelleschi) and §8.6 (Territory slot MP
requirement, removed by Cesare Borgia). Each test checks the view against what the engine then
actually allows or charges, so the image can never disagree with legality.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.lorenzo import GAME
from rules.lorenzo.data import CARDS, OCCUPIED_TOWER_FEE, TERRITORY_SLOT_MP
from tests.lorenzo.helpers import delta, move_texts, play, rich, scenario

LEADERS_ON = {"leaders": True}
TERRITORIES = [1, 2, 3, 4, 5, 6]
STANDARD_SLOTS = [0, 0, 3, 7, 12, 18]  # §8.6, as printed in the reference


def _info(st: dict[str, Any], seat: int, viewer: int | None = None) -> dict[str, Any]:
    info: dict[str, Any] = GAME.player_view(st, viewer)["players_info"][seat]
    return info


def test_s8_6_view_territory_slot_mp_is_the_standard_requirement() -> None:
    """§8.6: slots 1-2 free, then 3 / 7 / 12 / 18 MP; the view's list is the data's."""
    st = scenario(3, options=LEADERS_ON)
    assert TERRITORY_SLOT_MP == STANDARD_SLOTS
    for seat in range(3):
        assert _info(st, seat)["territory_slot_mp"] == STANDARD_SLOTS


def test_s8_6_view_territory_slot_mp_is_zero_with_cesare_borgia() -> None:
    """§8.6 / §13: Cesare Borgia removes the requirement, for his owner only."""
    st = scenario(3, options=LEADERS_ON)
    st["players"][1]["leaders_played"] = ["cesare_borgia"]
    assert _info(st, 1)["territory_slot_mp"] == [0] * 6
    assert _info(st, 0)["territory_slot_mp"] == STANDARD_SLOTS
    assert _info(st, 2)["territory_slot_mp"] == STANDARD_SLOTS


@pytest.mark.parametrize(("borgia", "mp", "legal"), [(False, 6, False), (False, 7, True), (True, 0, True)])
def test_s8_6_view_slot_requirement_agrees_with_legal_moves(borgia: bool, mp: int, legal: bool) -> None:
    """§8.6: the 4th Territory needs what the view says for slot 4 (7 MP, or 0 with Borgia)."""
    st = scenario(
        2, res=rich(mp=mp), cards={0: TERRITORIES[:3]}, towers={"territory_1": 17}, options=LEADERS_ON
    )
    if borgia:
        st["players"][0]["leaders_played"] = ["cesare_borgia"]
    need = _info(st, 0)["territory_slot_mp"][3]
    assert need == (0 if borgia else 7)
    assert (mp >= need) == legal
    assert ("place black territory_1" in move_texts(st, 0)) == legal


def test_s8_2_view_tower_fee_is_the_data_fee() -> None:
    """§8.2: 3 coins to enter a tower that holds a family member; public and private views agree."""
    st = scenario(3)
    assert OCCUPIED_TOWER_FEE["coin"] == 3
    for viewer in (None, 0, 1, 2):
        view = GAME.player_view(st, viewer)
        assert view["tower_fee"] == 3
        assert [p["tower_fee"] for p in view["players_info"]] == [3, 3, 3]


def test_s8_2_view_tower_fee_is_zero_with_brunelleschi_only_for_him() -> None:
    """§8.2 / §13: Filippo Brunelleschi waives the fee for his owner; the standard fee stays 3."""
    st = scenario(3, options=LEADERS_ON)
    st["players"][2]["leaders_played"] = ["filippo_brunelleschi"]
    for viewer in (None, 0, 2):
        view = GAME.player_view(st, viewer)
        assert view["tower_fee"] == 3
        assert [p["tower_fee"] for p in view["players_info"]] == [3, 3, 0]


@pytest.mark.parametrize("brunelleschi", [False, True])
def test_s8_2_view_tower_fee_is_what_entering_an_occupied_tower_costs(brunelleschi: bool) -> None:
    """§8.2: seat 0 enters the Character tower after seat 1: pays the card (4 coins) plus the
    fee the view names for seat 0."""
    st = scenario(2, res=rich(), towers={"character_1": 49, "character_2": 50}, options=LEADERS_ON)
    if brunelleschi:
        st["players"][0]["leaders_played"] = ["filippo_brunelleschi"]
    st["turn_queue"] = [1, 0]
    st, _ = play(st, 1, "place black character_1")
    fee = _info(st, 0)["tower_fee"]
    assert fee == (0 if brunelleschi else 3)
    after, _ = play(st, 0, "place black character_2")
    cost = CARDS[50]["costs"][0]["pay"]["coin"]
    assert delta(st, after, 0) == {"coin": -(cost + fee)}
