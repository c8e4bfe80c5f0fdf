"""§7 family members and values, §8 the towers, §17 clarifications about towers."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core import IllegalMove
from rules.lorenzo import GAME
from tests.lorenzo.helpers import bare_scenario, delta, move_texts, play, play_active, rich, scenario, top

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


# ==============================================================================================
# Merged from the issue-3 audit: towers, values and card actions
# Audit (issue 3): §7 member values, §8 towers, §8.4 card actions, §8.5 discounts, §8.6 limits,
# and the §17 tower rulings, each position played through GAME.parse/apply/legal_moves.
#
# Card ids (rules/lorenzo/data/lorenzo.json): territories 1 Commercial Hub (no immediate),
# 3 Village (no immediate), 5 Forest (+1 wood); buildings 25 Mint (1 wood 3 stone, +5 VP),
# 32 Residence (2 stone, +1 VP); characters 49 Warlord (2 coins, +3 MP), 50 Stonemason, 51 Dame,
# 55 Preacher, 56 Abbess (3 coins, +1 FP, any card at 4), 57 Captain (4 coins, +2 MP, Territory
# at 6), 58 Architect (4 coins, Building at 6 with 1 wood + 1 stone off), 59 Patron (3 coins,
# Character at 6 with 2 coins off); ventures 73 Hiring Recruits (4 coins, +5 MP), 74 Repairing
# the Church (1 coin 1 wood 1 stone, +1 FP), 77 Military Campaign (need 3 MP, pay 2; +3 coins),
# 96 Support to the Pope (need 10 MP pay 5, or 4 coins 3 wood 3 stone; +2 FP).
# ==============================================================================================
State = dict[str, Any]


# ----------------------------------------------------------------------------------------------
# §7 family members and action values
# ----------------------------------------------------------------------------------------------


def test_s7_each_coloured_member_takes_the_value_of_its_own_die() -> None:
    """§7: black/white/orange = the die of that colour; floor 3 needs 5, floor 4 needs 7."""
    st = bare_scenario(2, dice=(5, 4, 6), res=rich(servant=0), towers={"territory_3": 1, "territory_4": 3})
    moves = move_texts(st, 0)
    assert "place black territory_3" in moves  # black 5 >= 5
    assert not any(m.startswith("place white territory_3") for m in moves)  # white 4 < 5, no servants
    assert "place orange territory_3" in moves  # orange 6
    assert not any("territory_4" in m for m in moves)  # nobody reaches 7 without servants


def test_s7_servants_add_one_each_for_this_action_only() -> None:
    """§7: 2 servants lift a die 5 to floor 4 (7); the next member is back to its die."""
    st = bare_scenario(2, dice=(5, 5, 5), res=rich(servant=2), towers={"territory_4": 1, "territory_3": 3})
    st["turn_queue"] = [0, 0, 1, 1]
    assert "place black territory_4 servants=2" in move_texts(st, 0)
    st, _ = play_active(st, "place black territory_4 servants=2")
    assert st["players"][0]["resources"]["servant"] == 0
    with pytest.raises(IllegalMove, match="You have only 0 servants"):
        GAME.parse(st, 0, "place neutral territory_3 servants=5")


def test_s7_neutral_member_is_zero_and_needs_servants_for_every_space() -> None:
    """§7: the neutral member has value 0: floor 2 (3) needs exactly 3 servants."""
    st = bare_scenario(2, res=rich(servant=3), towers={"territory_2": 3})
    assert "place neutral territory_2 servants=3" in move_texts(st, 0)
    with pytest.raises(IllegalMove, match="needs value 3; yours would be 2"):
        GAME.parse(st, 0, "place neutral territory_2 servants=2")
    with pytest.raises(IllegalMove, match="needs value 1"):
        GAME.parse(st, 0, "place neutral market_1")


# ----------------------------------------------------------------------------------------------
# §8.1 floors and their bonuses
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("space", "card", "minimum"),
    [
        ("territory_1", 1, 1),
        ("territory_2", 1, 3),
        ("territory_3", 1, 5),
        ("territory_4", 1, 7),
        ("character_2", 49, 3),
        ("building_3", 32, 5),
        ("venture_4", 74, 7),
    ],
)
def test_s8_1_floor_minimum_value_exactly(space: str, card: int, minimum: int) -> None:
    """§8.1: floors need 1/3/5/7; value = minimum is enough, one less is refused."""
    low = max(minimum - 1, 0)
    st = bare_scenario(2, dice=(minimum if minimum <= 6 else 6, low if low else 1, 1), res=rich(servant=0))
    st["players"][0]["resources"]["servant"] = 1
    st["tower_cards"][space.split("_")[0]][int(space[-1]) - 1] = card
    need = max(minimum - 6, 0)
    assert f"place black {space}" + (f" servants={need}" if need else "") in move_texts(st, 0)
    if minimum > 1:
        with pytest.raises(IllegalMove, match=f"needs value {minimum}; yours would be {low}"):
            GAME.parse(st, 0, f"place white {space}")
        assert f"place white {space} servants=1" in move_texts(st, 0)


@pytest.mark.parametrize(
    ("space", "card", "expected"),
    [
        # card: Commercial Hub (no cost, no immediate)
        ("territory_3", 1, {"wood": 1}),
        ("territory_4", 1, {"wood": 2, "servant": -1}),
        # Warlord: 2 coins, +3 MP
        ("character_3", 49, {"stone": 1, "coin": -2, "mp": 3}),
        ("character_4", 49, {"stone": 2, "coin": -2, "mp": 3, "servant": -1}),
        # Residence: 2 stone, +1 VP
        ("building_3", 32, {"mp": 1, "stone": -2, "vp": 1}),
        ("building_4", 32, {"mp": 2, "stone": -2, "vp": 1, "servant": -1}),
        # Hiring Recruits: 4 coins, +5 MP
        ("venture_3", 73, {"coin": 1 - 4, "mp": 5}),
        ("venture_4", 73, {"coin": 2 - 4, "mp": 5, "servant": -1}),
        # floors 1-2 give nothing
        ("venture_2", 73, {"coin": -4, "mp": 5}),
    ],
)
def test_s8_1_floor_bonus_of_each_tower(space: str, card: int, expected: dict[str, int]) -> None:
    """§8.1: floor 3/4 bonuses: Territory wood 1/2, Character stone 1/2, Building MP 1/2, Venture
    coins 1/2 (die 6: floor 4 needs one servant)."""
    st = bare_scenario(2, dice=(6, 6, 6), res=rich())
    st["tower_cards"][space.split("_")[0]][int(space[-1]) - 1] = card
    servants = " servants=1" if space.endswith("_4") else ""
    after, _ = play(st, 0, f"place black {space}{servants}")
    assert delta(st, after, 0) == expected


# ----------------------------------------------------------------------------------------------
# §8.2 occupied-tower fee and the floor bonus
# ----------------------------------------------------------------------------------------------


def _venture_tower_taken(coins: int, **kw: Any) -> State:
    """Seat 0 stands on venture_1; seat 1 (with ``coins``) is to place, Hiring Recruits on floor 4."""
    st = bare_scenario(2, dice=(6, 6, 6), res=rich(), towers={"venture_1": 74, "venture_4": 73}, **kw)
    st, _ = play_active(st, "place black venture_1")
    st["players"][1]["resources"]["coin"] = coins
    return st


def test_s8_2_fee_is_paid_first_and_the_floor_bonus_then_pays_the_card() -> None:
    """§8.2/§17: 5 coins: fee 3 -> 2, floor bonus +2 -> 4, Hiring Recruits 4 -> 0."""
    st = _venture_tower_taken(5)
    after, events = play(st, 1, "place black venture_4 servants=1")
    assert delta(st, after, 1) == {"coin": -5, "servant": -1, "mp": 5}
    assert after["players"][1]["cards"]["venture"] == [73]
    assert any("paid 3 coins" in e for e in events)


def test_s8_2_floor_bonus_cannot_pay_the_fee() -> None:
    """§17: with 2 coins the fee (3) cannot be paid, although floor 4 would give 2 coins."""
    st = _venture_tower_taken(2)
    assert not any("venture_4" in m for m in move_texts(st, 1))
    with pytest.raises(IllegalMove, match="3 coins for the fee"):
        GAME.parse(st, 1, "place black venture_4 servants=1")


def test_s8_2_fee_and_card_together_must_be_affordable() -> None:
    """4 coins: fee 3 -> 1, +2 bonus -> 3 < 4 for Hiring Recruits: refused (state unchanged)."""
    st = _venture_tower_taken(4)
    with pytest.raises(IllegalMove, match="cannot pay for Hiring Recruits"):
        GAME.parse(st, 1, "place black venture_4 servants=1")
    assert st["players"][1]["resources"]["coin"] == 4


def test_s8_2_no_fee_in_an_empty_tower_even_after_a_card_was_taken_by_a_card_effect() -> None:
    """§8.2: only family members make a tower occupied: a card taken by the Abbess does not."""
    st = bare_scenario(2, res=rich(), towers={"character_1": 56, "territory_1": 1, "territory_2": 3})
    st, _ = play_active(st, "place black character_1", "take territory_1")
    assert st["tower_cards"]["territory"][0] is None and st["tower_occupants"]["territory"] == [None] * 4
    before = st
    after, _ = play_active(st, "place black territory_2")
    assert "coin" not in delta(before, after, 1)


def test_s8_2_another_players_neutral_member_makes_the_tower_occupied() -> None:
    st = bare_scenario(2, res=rich(), towers={"territory_1": 1, "territory_2": 3})
    st, _ = play_active(st, "place neutral territory_1 servants=1")
    before = st
    after, _ = play_active(st, "place black territory_2")
    assert delta(before, after, 1) == {"coin": -3}


def test_s8_2_your_own_neutral_then_a_coloured_member_pays_the_fee() -> None:
    """§8.3/§17: your neutral first, then one coloured member in the same tower: legal, fee 3."""
    st = bare_scenario(2, res=rich(), towers={"building_1": 32, "building_2": 25})
    st["turn_queue"] = [0, 0, 1, 1]
    st, _ = play_active(st, "place neutral building_1 servants=1")
    before = st
    after, _ = play_active(st, "place black building_2")
    assert delta(before, after, 0) == {"coin": -3, "wood": -1, "stone": -3, "vp": 5}


def test_s17_preacher_in_an_occupied_tower_pays_the_fee_and_gets_no_bonus() -> None:
    """§17: Preacher: no floor bonus, so 7 coins are needed (fee 3 + card 4); 6 are not enough."""
    st = _venture_tower_taken(7, cards={1: [55]})
    after, _ = play(st, 1, "place black venture_4 servants=1")
    assert delta(st, after, 1) == {"coin": -7, "servant": -1, "mp": 5}
    st6 = _venture_tower_taken(6, cards={1: [55]})
    with pytest.raises(IllegalMove, match="cannot pay"):
        GAME.parse(st6, 1, "place black venture_4 servants=1")


# ----------------------------------------------------------------------------------------------
# §8.3 colour rule
# ----------------------------------------------------------------------------------------------


def test_s8_3_two_coloured_members_never_share_a_tower_in_any_order() -> None:
    st = bare_scenario(2, res=rich(), towers={"venture_1": 74, "venture_2": 75, "venture_3": 73})
    st["turn_queue"] = [0, 0, 0, 1]
    st, _ = play_active(st, "place orange venture_1")
    for member in ("black", "white"):
        with pytest.raises(IllegalMove, match=r"coloured family member \(orange\)"):
            GAME.parse(st, 0, f"place {member} venture_3")
    assert "place neutral venture_2 servants=3" in move_texts(st, 0)


# ----------------------------------------------------------------------------------------------
# §8.4 card actions
# ----------------------------------------------------------------------------------------------


def test_s8_4_card_action_ignores_the_colour_rule_but_pays_fee_and_gets_the_bonus() -> None:
    """§8.4/§17: own black stands in the Territory tower; the Abbess (value 4 + 1 servant) takes
    Forest on floor 3: fee 3, floor bonus 1 wood, Forest 1 wood; no member placed."""
    st = bare_scenario(
        2, res=rich(), towers={"territory_1": 1, "territory_3": 5, "character_1": 56, "venture_1": 74}
    )
    st, _ = play_active(st, "place black territory_1", "place black venture_1")
    before = st
    st, _ = play_active(st, "place white character_1")
    assert top(st)["kind"] == "take_card"
    assert "take territory_3 servants=1" in move_texts(st, 0)
    after, _ = play_active(st, "take territory_3 servants=1")
    assert delta(before, after, 0) == {"coin": -6, "fp": 1, "servant": -1, "wood": 2}
    assert after["players"][0]["cards"]["territory"] == [1, 5]
    assert after["tower_occupants"]["territory"] == [[0, "black"], None, None, None]


def test_s8_4_card_action_needs_the_fee_too() -> None:
    """§8.4: after paying the Abbess (3 of 5 coins) seat 1 has 2 coins: the only card left is in
    the occupied Territory tower (fee 3), so the card action takes nothing."""
    st = bare_scenario(2, res=rich(coin=5), towers={"territory_1": 1, "territory_2": 3, "character_1": 56})
    st, events = play_active(st, "place black territory_1", "place black character_1")
    assert not st["stack"] and st["players"][1]["resources"]["coin"] == 2
    assert st["players"][1]["cards"]["territory"] == []
    assert any("could take no card" in e for e in events)


def test_s8_4_captain_gains_mp_before_its_territory_action() -> None:
    """§17 default order: the Captain's +2 MP come first, so a 3rd Territory (needs 3 MP) can be
    taken with 1 MP held before."""
    st = bare_scenario(2, res=rich(mp=1), towers={"character_2": 57, "territory_3": 3}, cards={0: [1, 5]})
    st, _ = play_active(st, "place black character_2")
    assert move_texts(st, 0) == ["take territory_3", "take none"]
    after, _ = play_active(st, "take territory_3")
    assert after["players"][0]["resources"]["mp"] == 3
    assert after["players"][0]["cards"]["territory"] == [1, 5, 3]


def test_s8_6_card_action_respects_the_six_card_limit() -> None:
    """§8.6: the Abbess cannot take a 7th Building; the other types stay open."""
    st = bare_scenario(
        2,
        res=rich(),
        towers={"character_1": 56, "building_1": 32, "venture_1": 74},
        cards={0: [25, 26, 27, 28, 29, 30]},
    )
    st, _ = play_active(st, "place black character_1")
    assert move_texts(st, 0) == ["take venture_1", "take none"]
    with pytest.raises(IllegalMove, match="6 Building"):
        GAME.parse(st, 0, "take building_1")


# ----------------------------------------------------------------------------------------------
# §8.5 costs and discounts
# ----------------------------------------------------------------------------------------------


def test_s8_5_patron_and_dame_discounts_stop_at_zero_and_the_fee_still_applies() -> None:
    """Patron (3 coins, Dame -1 = 2) then Warlord (2 coins - 2 Patron - 1 Dame = 0, not -1) in the
    Character tower where our black stands: fee 3. Coins: -2 - 0 - 3 = -5; Warlord +3 MP."""
    st = bare_scenario(
        2, dice=(1, 1, 1), res=rich(), towers={"character_2": 59, "character_1": 49}, cards={0: [51]}
    )
    before = st
    st, _ = play_active(st, "place black character_2")  # die 1 + Dame 2 = 3
    assert move_texts(st, 0) == ["take character_1", "take none"]
    after, _ = play_active(st, "take character_1")
    assert delta(before, after, 0) == {"coin": -5, "mp": 3}
    assert after["players"][0]["cards"]["character"] == [51, 59, 49]


def test_s8_5_architect_takes_one_wood_and_one_stone_off() -> None:
    """Architect: Mint (1 wood 3 stone) costs 2 stone; the Building tower is empty (no fee)."""
    st = bare_scenario(2, res=rich(), towers={"character_2": 58, "building_1": 25})
    before = st
    st, _ = play_active(st, "place black character_2")
    after, _ = play_active(st, "take building_1")
    assert delta(before, after, 0) == {"coin": -4, "stone": -2, "vp": 5}


def test_s8_5_architect_with_stonemason_never_below_zero() -> None:
    """Architect (1 wood + 1 stone) and Stonemason (1 wood OR 1 stone) on Mint (1 wood 3 stone):
    the wood reduction cannot go below 0, so the best is 0 wood 1 stone - paid without asking."""
    st = bare_scenario(2, res=rich(), towers={"character_2": 58, "building_1": 25}, cards={0: [50]})
    st, _ = play_active(st, "place black character_2")
    before = st
    after, _ = play_active(st, "take building_1")
    assert not after["stack"]
    assert delta(before, after, 0) == {"stone": -1, "vp": 5}


def test_s8_5_venture_military_cost_require_and_pay() -> None:
    """Support to the Pope: need 10 MP, pay 5 - or 4 coins 3 wood 3 stone. With 10 MP both are
    offered; paying MP leaves 5. With 9 MP only the goods cost is possible."""
    st = bare_scenario(2, res=rich(mp=10), towers={"venture_1": 96})
    st, _ = play_active(st, "place black venture_1")
    assert move_texts(st, 0) == ["pay mp=5", "pay coin=4 wood=3 stone=3"]
    after, _ = play_active(st, "pay mp=5")
    assert after["players"][0]["resources"]["mp"] == 5 and after["players"][0]["resources"]["fp"] == 2
    st9 = bare_scenario(2, res=rich(mp=9), towers={"venture_1": 96})
    after9, _ = play(st9, 0, "place black venture_1")
    assert delta(st9, after9, 0) == {"coin": -4, "wood": -3, "stone": -3, "fp": 2}


def test_s8_5_military_only_venture_needs_the_requirement() -> None:
    """Military Campaign: need 3 MP, pay 2 (+3 coins). 2 MP: refused; 3 MP: left with 1."""
    st = bare_scenario(2, res=rich(mp=2), towers={"venture_1": 77})
    with pytest.raises(IllegalMove, match="cannot pay"):
        GAME.parse(st, 0, "place black venture_1")
    st3 = bare_scenario(2, res=rich(mp=3), towers={"venture_1": 77})
    after, _ = play(st3, 0, "place black venture_1")
    assert delta(st3, after, 0) == {"mp": -2, "coin": 3}


def test_s17_pico_coin_discount_does_nothing_to_the_military_alternative() -> None:
    """§17: a coin discount applies only to the cost paid: Pico della Mirandola (3 coins off)
    makes Support to the Pope's goods cost 1 coin 3 wood 3 stone (4 - 3); the MP cost stays 5."""
    st = bare_scenario(2, res=rich(mp=10), towers={"venture_1": 96}, options={"leaders": True})
    st["players"][0]["leaders_played"] = ["pico_della_mirandola"]
    st, _ = play_active(st, "place black venture_1")
    assert move_texts(st, 0) == ["pay mp=5", "pay coin=1 wood=3 stone=3"]


# ----------------------------------------------------------------------------------------------
# §8.6 personal board
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("owned", "need"), [(2, 3), (3, 7), (4, 12), (5, 18)])
def test_s8_6_territory_slot_requirement_exact(owned: int, need: int) -> None:
    """§8.6: slots 3..6 need 3/7/12/18 MP held; exactly the number is enough and is not spent."""
    cards = {0: [1, 3, 7, 9, 15][:owned]}
    ok = bare_scenario(2, res=rich(mp=need), towers={"territory_1": 17}, cards=cards)
    after, _ = play(ok, 0, "place black territory_1")
    assert len(after["players"][0]["cards"]["territory"]) == owned + 1
    assert after["players"][0]["resources"]["mp"] == need
    short = bare_scenario(2, res=rich(mp=need - 1), towers={"territory_1": 17}, cards=cards)
    with pytest.raises(IllegalMove, match=f"needs {need} Military Points; you have {need - 1}"):
        GAME.parse(short, 0, "place black territory_1")


def test_s8_6_six_card_limit_for_every_type() -> None:
    for space, card, owned in (
        ("character_1", 49, [50, 51, 52, 53, 54, 55]),
        ("venture_1", 74, [73, 75, 76, 77, 78, 79]),
        ("building_1", 32, [25, 26, 27, 28, 29, 30]),
    ):
        st = bare_scenario(2, res=rich(mp=30), towers={space: card}, cards={0: owned})
        assert not any(space in m for m in move_texts(st, 0)), space
