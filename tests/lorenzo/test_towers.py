"""§7 family members and values, §8 the towers, §17 clarifications about towers."""

from __future__ import annotations

import pytest

from rules.core import IllegalMove
from rules.lorenzo import GAME
from tests.lorenzo.helpers import delta, move_texts, play, play_active, rich, scenario, top

# Card ids used below (see data/lorenzo.json): 1 Commercial Hub (territory, free), 2 Woods
# (territory, +1 wood), 25 Mint (building: 1 wood 3 stone), 49 Warlord (character: 2 coins,
# +3 MP), 73 Hiring Recruits (venture: 4 coins), 80 Support to the Bishop (venture: need 4 MP
# pay 2 MP, or 2 coins 1 wood 1 stone), 55 Preacher, 51 Dame, 50 Stonemason.


def test_s7_coloured_member_value_is_its_die_and_neutral_is_zero() -> None:
    st = scenario(2, dice=(1, 3, 5), res=rich(servant=0), towers={"territory_2": 2, "territory_3": 3})
    moves = move_texts(st, 0)
    assert "place white territory_2" in moves  # 3 >= 3
    assert "place black territory_2" not in moves  # 1 < 3 and no servants
    assert "place orange territory_3" in moves  # 5 >= 5
    assert not any(m.startswith("place neutral") for m in moves)  # 0 < 1 everywhere


def test_s7_servants_raise_the_value_one_each() -> None:
    st = scenario(2, dice=(1, 1, 1), res=rich(servant=4), towers={"territory_2": 2})
    assert "place black territory_2 servants=2" in move_texts(st, 0)
    with pytest.raises(IllegalMove, match="needs value 3"):
        GAME.parse(st, 0, "place black territory_2 servants=1")
    after, _ = play(st, 0, "place black territory_2 servants=3")  # more servants than needed is legal
    assert after["players"][0]["resources"]["servant"] == 1


def test_s7_neutral_member_needs_a_servant() -> None:
    st = scenario(2, res=rich(servant=1))
    assert "place neutral council servants=1" in move_texts(st, 0)
    with pytest.raises(IllegalMove):
        GAME.parse(st, 0, "place neutral council")


def test_s8_2_floor_bonus_and_card_taken() -> None:
    """§8.2.3/§8.2.5: floor 3 Territory gives 1 wood; the card goes to the board; immediate effect."""
    st = scenario(2, res=rich(wood=0), towers={"territory_3": 2})
    after, events = play(st, 0, "place black territory_3")
    assert after["players"][0]["cards"]["territory"] == [2]
    assert delta(st, after, 0) == {"wood": 2}  # 1 floor bonus + 1 from Woods
    assert after["tower_cards"]["territory"][2] is None
    assert after["tower_occupants"]["territory"][2] == [0, "black"]
    assert any("Woods" in e for e in events)


def test_s8_2_occupied_tower_fee_three_coins() -> None:
    """§8.2.2: 3 coins to enter a tower holding any member (another player's here)."""
    st = scenario(2, res=rich(coin=5), towers={"territory_1": 1, "territory_2": 3})
    st, _ = play_active(st, "place black territory_1")
    after, events = play_active(st, "place black territory_2")
    assert delta(st, after, 1) == {"coin": -3}
    assert any("3 coins" in e for e in events)


def test_s8_2_fee_cannot_be_paid_with_the_floor_bonus() -> None:
    """§17: the floor bonus can pay the card, not the fee (Venture floor 3 gives 1 coin)."""
    st = scenario(2, res=rich(coin=2), towers={"venture_1": 74, "venture_3": 77})
    st["players"][1]["resources"]["mp"] = 5
    st, _ = play_active(st, "place black venture_1")
    with pytest.raises(IllegalMove, match="3 coins"):
        GAME.parse(st, 1, "place black venture_3")


def test_s8_2_floor_bonus_can_pay_the_card() -> None:
    """§17: Venture floor 4 gives 2 coins, enough with 2 held for Hiring Recruits (4 coins)."""
    st = scenario(2, dice=(6, 6, 6), res=rich(coin=2), towers={"venture_4": 73})
    after, _ = play(st, 0, "place black venture_4 servants=1")
    assert after["players"][0]["cards"]["venture"] == [73]
    assert after["players"][0]["resources"]["coin"] == 0


def test_s8_2_own_neutral_member_makes_the_tower_occupied() -> None:
    """§17: your own neutral member counts as occupying; your second card there pays the fee."""
    st = scenario(2, res=rich(), towers={"territory_1": 1, "territory_2": 3})
    st["turn_queue"] = [0, 0, 1, 1]
    st, _ = play_active(st, "place neutral territory_1 servants=1")
    after, _ = play_active(st, "place black territory_2")
    assert delta(st, after, 0)["coin"] == -3


def test_s8_3_same_colour_rule_in_a_tower() -> None:
    """§8.3: two coloured members of one player never share a tower; the neutral may join."""
    st = scenario(2, res=rich(), towers={"territory_1": 1, "territory_2": 3, "territory_3": 4})
    st["turn_queue"] = [0, 0, 0, 1]
    st, _ = play_active(st, "place black territory_1")
    assert not any(m.startswith("place white territory") for m in move_texts(st, 0))
    with pytest.raises(IllegalMove, match="coloured family member"):
        GAME.parse(st, 0, "place white territory_2")
    st, _ = play_active(st, "place neutral territory_2 servants=3")
    assert st["tower_occupants"]["territory"][1] == [0, "neutral"]


def test_s8_3_other_players_do_not_restrict_you() -> None:
    st = scenario(2, res=rich(), towers={"territory_1": 1, "territory_2": 3})
    st, _ = play_active(st, "place black territory_1")
    assert "place black territory_2" in move_texts(st, 1)


def test_s8_5_cost_alternatives_are_a_decision() -> None:
    """§8.5: a Venture with two costs asks which to pay (military: need 4, pay 2)."""
    st = scenario(2, res=rich(mp=4), towers={"venture_1": 80})
    st, _ = play_active(st, "place black venture_1")
    assert top(st)["kind"] == "pay"
    assert move_texts(st, 0) == ["pay mp=2", "pay coin=2 wood=1 stone=1"]
    after, _ = play_active(st, "pay mp=2")
    assert delta(st, after, 0) == {"mp": -2, "fp": 3}


def test_s8_5_military_requirement_must_be_held() -> None:
    """§8.5: "need X, pay Y": with fewer than X MP only the goods cost is offered."""
    st = scenario(2, res=rich(mp=3), towers={"venture_1": 80})
    after, _ = play(st, 0, "place black venture_1")
    assert not after["stack"]  # only one affordable alternative: paid without asking
    assert delta(st, after, 0) == {"coin": -2, "wood": -1, "stone": -1, "fp": 3}


def test_s8_5_cannot_take_a_card_you_cannot_pay() -> None:
    st = scenario(2, res=rich(coin=3), towers={"venture_1": 73})
    with pytest.raises(IllegalMove, match="cannot pay"):
        GAME.parse(st, 0, "place black venture_1")
    assert "place black venture_1" not in move_texts(st, 0)


def test_s8_5_dame_discount_and_bonus() -> None:
    """Dame: +2 to take Characters and 1 coin off (only the coins of the cost)."""
    st = scenario(2, dice=(1, 1, 1), res=rich(coin=10), towers={"character_2": 49}, cards={0: [51]})
    after, _ = play(st, 0, "place black character_2")  # 1 + 2 = 3 reaches floor 2
    assert delta(st, after, 0) == {"coin": -1, "mp": 3}  # Warlord costs 2, Dame takes 1 off


def test_s8_5_stonemason_wood_or_stone_discount_is_a_choice() -> None:
    """Stonemason: 1 wood OR 1 stone off a Building (a pay choice)."""
    st = scenario(2, res=rich(), towers={"building_1": 25}, cards={0: [50]})
    st, _ = play_active(st, "place black building_1")
    assert sorted(move_texts(st, 0)) == ["pay stone=3", "pay wood=1 stone=2"]  # Mint: 1 wood 3 stone
    after, _ = play_active(st, "pay stone=3")
    assert delta(st, after, 0)["stone"] == -3 and "wood" not in delta(st, after, 0)


def test_s8_6_six_cards_of_a_type_at_most() -> None:
    st = scenario(2, res=rich(mp=30), towers={"territory_1": 1}, cards={0: [2, 3, 4, 5, 6, 7]})
    with pytest.raises(IllegalMove, match="6 Territory"):
        GAME.parse(st, 0, "place black territory_1")


@pytest.mark.parametrize(
    ("owned", "mp", "ok"),
    [
        (1, 0, True),
        (2, 2, False),
        (2, 3, True),
        (3, 6, False),
        (3, 7, True),
        (4, 12, True),
        (4, 11, False),
        (5, 17, False),
        (5, 18, True),
    ],
)
def test_s8_6_territory_slot_military_requirement(owned: int, mp: int, ok: bool) -> None:
    """§8.6: the 3rd..6th Territory needs 3/7/12/18 MP held (not spent)."""
    st = scenario(2, res=rich(mp=mp), towers={"territory_1": 1}, cards={0: [2, 3, 4, 5, 6][:owned]})
    if ok:
        after, _ = play(st, 0, "place black territory_1")
        assert after["players"][0]["resources"]["mp"] == mp
    else:
        with pytest.raises(IllegalMove, match="Military Points"):
            GAME.parse(st, 0, "place black territory_1")


def test_s8_1_a_taken_floor_cannot_be_used_again() -> None:
    st = scenario(2, res=rich(), towers={"territory_1": 1})
    st, _ = play_active(st, "place black territory_1")
    with pytest.raises(IllegalMove, match="no card"):
        GAME.parse(st, 1, "place black territory_1")


def test_s17_preacher_gets_no_floor_bonus() -> None:
    st = scenario(2, res=rich(wood=0), towers={"territory_4": 1}, cards={0: [55]})
    after, _ = play(st, 0, "place black territory_4 servants=1")
    assert "wood" not in delta(st, after, 0)


def test_s8_4_free_card_action_pays_fee_gets_bonus_and_may_use_servants() -> None:
    """§8.4/§17: Abbess (take any card at value 4): servants allowed, fee paid, floor bonus taken,
    no same-colour rule."""
    st = scenario(2, res=rich(), towers={"character_1": 56, "territory_3": 2, "territory_1": 1})
    st, _ = play_active(st, "place black territory_1", "place black character_1")  # seat 1 takes the Abbess
    assert top(st)["kind"] == "take_card"
    options = move_texts(st, 1)
    assert "take territory_3 servants=1" in options and "take none" in options
    before = st
    after, _ = play_active(st, "take territory_3 servants=1")
    d = delta(before, after, 1)
    assert d == {"servant": -1, "coin": -3, "wood": 2}  # fee, floor bonus 1 wood + Woods 1 wood
    assert after["players"][1]["cards"]["territory"] == [2]
    assert after["tower_occupants"]["territory"][2] is None  # no member placed by a card action


def test_s8_4_free_card_action_is_optional() -> None:
    st = scenario(2, res=rich(), towers={"character_1": 56, "territory_1": 1})
    st, _ = play_active(st, "place black character_1")
    after, events = play_active(st, "take none")
    assert after["players"][0]["cards"]["territory"] == []
    assert any("took no card" in e for e in events)


def test_s17_character_bonus_applies_to_card_actions() -> None:
    """§17: the Warlord's +2 also raises the Captain's free Territory action (6 + 2 = 8 >= 7)."""
    st = scenario(
        2, res=rich(servant=0, mp=20), towers={"character_1": 57, "territory_4": 1}, cards={0: [49]}
    )
    st, _ = play_active(st, "place black character_1")
    assert "take territory_4" in move_texts(st, 0)


def test_s17_general_one_vp_per_two_mp_rounded_down() -> None:
    st = scenario(2, res=rich(mp=7), towers={"character_1": 71})
    after, _ = play(st, 0, "place black character_1")
    assert delta(st, after, 0) == {"coin": -5, "vp": 3}


def test_s17_territory_requirement_checked_only_when_placed() -> None:
    """Spending MP later (a military Venture) does not remove Territories already placed."""
    st = scenario(2, res=rich(mp=5), towers={"venture_1": 79}, cards={0: [1, 2, 3]})
    after, _ = play(st, 0, "place black venture_1")  # Fighting Heresies: need 5 MP, pay 3
    assert after["players"][0]["resources"]["mp"] == 2  # below the 3rd slot's 3 MP
    assert len(after["players"][0]["cards"]["territory"]) == 3


def test_s17_brunelleschi_waives_the_fee_for_card_actions_too() -> None:
    st = scenario(
        2,
        res=rich(),
        towers={"character_1": 56, "territory_1": 1, "territory_2": 3},
        options={"leaders": True},
    )
    st["players"][1]["leaders_played"] = ["filippo_brunelleschi"]
    st, _ = play_active(st, "place black territory_1", "place black character_1")  # seat 1 takes the Abbess
    before = st
    after, _ = play_active(st, "take territory_2")
    assert "coin" not in delta(before, after, 1)
