"""§10 Harvest and Production, §11 Market, §12 Council Palace and privileges."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core import IllegalMove
from rules.lorenzo import GAME
from tests.lorenzo.helpers import (
    bare_scenario,
    delta,
    move_texts,
    play,
    play_active,
    resolve,
    rich,
    scenario,
    top,
)

# Territories: 1 Commercial Hub (harvest 1: +1 coin), 2 Woods (harvest 2: +1 wood),
# 4 Gravel Pit (harvest 4: +2 stone), 6 Monastery (harvest 6: +1 stone +1 FP).
# Buildings: 29 Carpenter's Shop (prod 4: 1 wood -> 3 coins | 2 wood -> 5 coins),
# 31 Chapel (prod 2: 1 coin -> 1 FP), 41 Bank (prod 2: +5 coins),
# 33 Marketplace (prod 3: 3 coins -> 2 wood 2 stone).


def test_s10_harvest_activates_bonus_tile_and_territories_up_to_the_value() -> None:
    st = scenario(2, dice=(4, 1, 1), res=rich(), cards={0: [1, 2, 4, 6]})
    after, _ = play(st, 0, "place black harvest")
    # tile: 1 wood 1 stone 1 servant; Hub +1 coin; Woods +1 wood; Gravel Pit +2 stone; not Monastery (6)
    assert delta(st, after, 0) == {"wood": 2, "stone": 3, "servant": 1, "coin": 1}


def test_s10_big_space_minus_three() -> None:
    st = scenario(3, dice=(6, 1, 1), res=rich(), cards={0: [1, 2, 4, 6]})
    after, _ = play(st, 0, "place black harvest_big")  # 6 - 3 = 3: tile, Hub, Woods
    assert delta(st, after, 0) == {"wood": 2, "stone": 1, "servant": 1, "coin": 1}


def test_s10_single_space_holds_one_member_big_space_many() -> None:
    st = scenario(3, res=rich())
    st, _ = play_active(st, "place black harvest")
    with pytest.raises(IllegalMove, match="occupied"):
        GAME.parse(st, 1, "place black harvest")
    st, _ = play_active(st, "place black harvest_big", "place black harvest_big")
    assert len(st["space_occupants"]["harvest_big"]) == 2


def test_s10_same_colour_rule_per_area() -> None:
    """§10: not two coloured members of one player in the Harvest area (single + big)."""
    st = scenario(3, res=rich())
    st["turn_queue"] = [0, 0, 0, 1]
    st, _ = play_active(st, "place black harvest")
    with pytest.raises(IllegalMove, match="coloured"):
        GAME.parse(st, 0, "place white harvest_big")
    st, _ = play_active(st, "place neutral harvest_big servants=1")
    assert "place white production" in move_texts(st, 0)


def test_s10_member_value_minimum_tested_before_the_penalty() -> None:
    """§19 default: the value-1 minimum is tested on the member after servants; the -3 comes after.
    A die 1 on the big space is legal and activates nothing (value -2)."""
    st = scenario(3, dice=(1, 1, 1), res=rich(), cards={0: [1]})
    after, events = play(st, 0, "place black harvest_big")
    assert delta(st, after, 0) == {}
    assert any("nothing activates" in e for e in events)


def test_s10_option_minimum_tested_on_the_action_value() -> None:
    """Option harvest_min_check=action: the -3 counts towards the minimum."""
    st = scenario(3, dice=(1, 1, 1), res=rich(), options={"harvest_min_check": "action"})
    with pytest.raises(IllegalMove, match="needs value 1"):
        GAME.parse(st, 0, "place black harvest_big")
    assert "place black harvest_big servants=3" in move_texts(st, 0)


def test_s10_servant_counts_listed_for_each_new_activation() -> None:
    st = scenario(2, dice=(1, 1, 1), res=rich(servant=4), cards={0: [1, 2, 4, 6]})
    harvest = [m for m in move_texts(st, 0) if m.startswith("place black harvest")]
    assert harvest == [
        "place black harvest",
        "place black harvest servants=1",
        "place black harvest servants=3",
    ]


def test_s10_production_exchange_is_chosen_by_the_player() -> None:
    st = scenario(2, dice=(4, 1, 1), res=rich(wood=2, coin=0), cards={0: [29]})
    st, _ = play_active(st, "place black production")
    assert top(st)["kind"] == "exchange"
    assert move_texts(st, 0) == ["exchange wood=1", "exchange wood=2", "exchange none"]
    before = st
    after, _ = play_active(st, "exchange wood=2")
    assert delta(before, after, 0) == {"wood": -2, "coin": 5}


def test_s10_exchange_can_be_skipped() -> None:
    st = scenario(2, dice=(4, 1, 1), res=rich(wood=2), cards={0: [29]})
    st, _ = play_active(st, "place black production")
    after, _ = play_active(st, "exchange none")
    assert delta(st, after, 0) == {}


def test_s10_production_goods_cannot_pay_exchanges_of_the_same_production() -> None:
    """§10: exchanges spend only what was held before the Production (bonus tile gives 2 coins,
    Bank gives 5 coins; with 0 coins before, Chapel's 1-coin exchange is not offered)."""
    st = scenario(2, dice=(6, 1, 1), res=rich(coin=0), cards={0: [41, 31]})
    after, events = play(st, 0, "place black production")
    assert not after["stack"]
    assert delta(st, after, 0) == {"coin": 7, "mp": 1}
    assert any("cannot pay for the exchange of Chapel" in e for e in events)


def test_s10_budget_is_shared_by_the_exchanges_of_one_production() -> None:
    """Two exchanges that each need 3 coins with 4 held: after the first, the second is not offered."""
    st = scenario(2, dice=(6, 1, 1), res=rich(coin=4), cards={0: [33, 31]})
    st, _ = play_active(st, "place black production")
    st, _ = play_active(st, "exchange coin=3")  # Marketplace
    assert move_texts(st, 0) == ["exchange coin=1", "exchange none"]  # Chapel still affordable: 1 left


def test_s10_production_personal_bonus_tile() -> None:
    """The basic tile: Production 2 coins + 1 MP, Harvest 1 wood 1 stone 1 servant."""
    st = scenario(2, dice=(1, 1, 1), res=rich())
    after, _ = play(st, 0, "place black production")
    assert delta(st, after, 0) == {"coin": 2, "mp": 1}


def test_s10_production_penalty_on_big_space_and_artisan_bonus() -> None:
    """Artisan +2 to Production: die 5 on the big space = 5 - 3 + 2 = 4 activates the Carpenter's Shop."""
    st = scenario(3, dice=(5, 1, 1), res=rich(), cards={0: [54, 29]})
    st, _ = play_active(st, "place black production_big")
    assert top(st)["kind"] == "exchange"


@pytest.mark.parametrize(
    ("space", "gain"),
    [("market_1", {"coin": 5}), ("market_2", {"servant": 5}), ("market_3", {"coin": 2, "mp": 3})],
)
def test_s11_market_rewards(space: str, gain: dict[str, int]) -> None:
    st = scenario(4, res=rich())
    after, _ = play(st, 0, f"place black {space}")
    assert delta(st, after, 0) == gain


def test_s11_market_4_two_different_privileges() -> None:
    st = scenario(4, res=rich())
    st, _ = play_active(st, "place black market_4", "privilege coins")
    assert "privilege coins" not in move_texts(st, 0)
    with pytest.raises(IllegalMove):
        GAME.parse(st, 0, "privilege coins")
    before = st
    after, _ = play_active(st, "privilege faith")
    assert delta(before, after, 0) == {"fp": 1}


def test_s11_market_space_holds_one_member_and_no_colour_rule() -> None:
    st = scenario(2, res=rich())
    st["turn_queue"] = [0, 0, 1, 1]
    st, _ = play_active(st, "place black market_1")
    assert "place white market_2" in move_texts(st, 0)
    with pytest.raises(IllegalMove, match="occupied"):
        GAME.parse(st, 0, "place white market_1")


def test_s12_council_coin_and_privilege_unlimited() -> None:
    st = scenario(2, res=rich())
    st["turn_queue"] = [0, 0, 1, 1]
    st, _ = play_active(st, "place black council")
    assert move_texts(st, 0) == [
        "privilege wood_stone",
        "privilege servants",
        "privilege coins",
        "privilege military",
        "privilege faith",
    ]
    st, _ = play_active(st, "privilege military")
    assert st["players"][0]["resources"]["coin"] == 21 and st["players"][0]["resources"]["mp"] == 2
    st, _ = play_active(
        st, "place white council", "privilege military"
    )  # privileges from different effects may repeat
    assert st["players"][0]["resources"]["mp"] == 4


@pytest.mark.parametrize(
    ("choice", "gain"),
    [
        ("wood_stone", {"wood": 1, "stone": 1}),
        ("servants", {"servant": 2}),
        ("coins", {"coin": 2}),
        ("military", {"mp": 2}),
        ("faith", {"fp": 1}),
    ],
)
def test_s12_privilege_menu(choice: str, gain: dict[str, int]) -> None:
    st = scenario(2, res=rich())
    st, _ = play_active(st, "place black council")
    after, _ = play_active(st, f"privilege {choice}")
    assert delta(st, after, 0) == gain


# ==============================================================================================
# Merged from the issue-3 audit: spaces, Harvest/Production, Market, Council
# Audit (issue 3): §5 spaces by player count, §10 Harvest/Production, §11 Market, §12 Council
# Palace and privileges, §15.2 turn order - positions played through the public contract.
#
# Cards: territories 1 Commercial Hub (harvest 1: +1 coin), 3 Village (harvest 3: +1 coin
# +1 servant), 6 Monastery (harvest 6: +1 stone +1 FP); buildings 29 Carpenter's Shop (prod 4:
# 1 wood -> 3 coins | 2 wood -> 5 coins), 32 Residence (prod 1: 1 coin -> 1 privilege),
# 33 Marketplace (prod 3: 3 coins -> 2 wood 2 stone), 44 Fortress (prod 5: +2 VP + 1 privilege);
# characters 53 Farmer (+2 Harvest), 64 Royal Messenger (5 coins, 3 different privileges),
# 69 Cardinal (4 coins, +2 FP, Harvest at 4); venture 76 Raising a Statue (2 wood 2 stone,
# 2 different privileges).
# ==============================================================================================
State = dict[str, Any]


# ----------------------------------------------------------------------------------------------
# §5 spaces by player count
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "covered"),
    [
        (2, {"harvest_big", "production_big", "market_3", "market_4"}),
        (3, {"market_3", "market_4"}),
        (4, set()),
    ],
)
def test_s5_covered_spaces_are_refused_and_not_offered(players: int, covered: set[str]) -> None:
    st = bare_scenario(players, res=rich())
    spaces = ["harvest", "harvest_big", "production", "production_big", "council"]
    spaces += [f"market_{i}" for i in range(1, 5)]
    offered = {m.split()[2] for m in move_texts(st, 0) if m.startswith("place black")}
    for space in spaces:
        if space in covered:
            assert space not in offered
            with pytest.raises(IllegalMove, match=f"covered in a {players}-player game"):
                GAME.parse(st, 0, f"place black {space}")
        else:
            assert space in offered, space


# ----------------------------------------------------------------------------------------------
# §10 Harvest and Production
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("die", "gain"),
    [
        (1, {"wood": 1, "stone": 1, "servant": 1, "coin": 1}),  # tile + Hub
        (2, {"wood": 1, "stone": 1, "servant": 1, "coin": 1}),  # Village needs 3
        (3, {"wood": 1, "stone": 1, "servant": 2, "coin": 2}),  # + Village
    ],
)
def test_s10_card_activates_when_its_die_value_is_reached(die: int, gain: dict[str, int]) -> None:
    """§10: the bonus tile (value 1) and every Territory with printed value <= action value."""
    st = bare_scenario(2, dice=(die, 1, 1), res=rich(), cards={0: [1, 3]})
    after, _ = play(st, 0, "place black harvest")
    assert delta(st, after, 0) == gain


def test_s10_big_space_minus_three_and_servants() -> None:
    """§10: die 4 on the big space = 1 (tile, Hub); 2 servants make 3 (also Village)."""
    st = bare_scenario(3, dice=(4, 1, 1), res=rich(), cards={0: [1, 3]})
    after, _ = play(st, 0, "place black harvest_big")
    assert delta(st, after, 0) == {"wood": 1, "stone": 1, "servant": 1, "coin": 1}
    assert "place black harvest_big servants=2" in move_texts(st, 0)
    after2, _ = play(st, 0, "place black harvest_big servants=2")
    assert delta(st, after2, 0) == {"wood": 1, "stone": 1, "coin": 2}  # servants -2 +1 +1


def test_s10_big_space_takes_members_of_every_player_and_the_single_space_one() -> None:
    st = bare_scenario(4, res=rich())
    st, _ = play_active(st, "place black production", "place black production_big")
    st, _ = play_active(st, "place black production_big", "place black production_big")
    assert [o[0] for o in st["space_occupants"]["production_big"]] == [1, 2, 3]
    with pytest.raises(IllegalMove, match="already occupied"):
        GAME.parse(st, 0, "place white production")


def test_s10_colour_rule_spans_the_two_spaces_of_an_area_both_ways() -> None:
    """§10: not two coloured members of one player in one area (big first, then single);
    the neutral may join; the other area and the other players are unaffected."""
    st = bare_scenario(3, res=rich())
    st["turn_queue"] = [0, 1, 0, 0, 2]
    st, _ = play_active(st, "place black harvest_big", "place black harvest")  # seat 1 takes the single
    assert st["space_occupants"]["harvest"] == [[1, "black"]]
    with pytest.raises(IllegalMove, match=r"coloured family member \(black\) in the harvest area"):
        GAME.parse(st, 0, "place white harvest_big")
    st, _ = play_active(st, "place neutral harvest_big servants=1")
    assert "place white production" in move_texts(st, 0)
    assert "place white production_big" in move_texts(st, 0)


def test_s10_neutral_first_then_a_coloured_member_in_the_same_area() -> None:
    st = bare_scenario(3, res=rich())
    st["turn_queue"] = [0, 0, 1, 2]
    st, _ = play_active(st, "place neutral production servants=1")
    assert "place black production_big" in move_texts(st, 0)


@pytest.mark.parametrize(
    ("space", "die", "gain"),
    [
        ("production", 1, {"coin": 2, "mp": 1}),
        ("production_big", 4, {"coin": 2, "mp": 1}),  # 4 - 3 = 1
        ("production_big", 3, {}),  # 0: the bonus tile needs 1
        ("harvest", 1, {"wood": 1, "stone": 1, "servant": 1}),
    ],
)
def test_s10_personal_bonus_tile_activates_at_value_1(space: str, die: int, gain: dict[str, int]) -> None:
    st = bare_scenario(3, dice=(die, 1, 1), res=rich())
    after, _ = play(st, 0, f"place black {space}")
    assert delta(st, after, 0) == gain


def test_s10_card_harvest_action_uses_no_space_no_minus_three_and_character_bonus() -> None:
    """§10: the Cardinal's Harvest at 4 + Farmer 2 = 6 reaches the Monastery; no member is placed,
    so the single Harvest space stays free."""
    st = bare_scenario(2, res=rich(), towers={"character_1": 69}, cards={0: [53, 1, 6]})
    after, _ = play(st, 0, "place black character_1")
    # Cardinal -4 coins +2 FP; tile 1 wood 1 stone 1 servant; Hub +1 coin; Monastery +1 stone +1 FP
    assert delta(st, after, 0) == {"coin": -3, "fp": 3, "wood": 1, "stone": 2, "servant": 1}
    assert after["space_occupants"]["harvest"] == []
    assert "place black harvest" in move_texts(after, 1)


def test_s10_exchange_cannot_spend_goods_gained_in_the_same_production() -> None:
    """§10: 1 coin held; the bonus tile gives 2 (3 in all) but the Marketplace's 3-coin exchange
    counts only what was held before the Production."""
    st = bare_scenario(2, dice=(3, 1, 1), res=rich(coin=1), cards={0: [33]})
    after, events = play(st, 0, "place black production")
    assert not after["stack"]
    assert delta(st, after, 0) == {"coin": 2, "mp": 1}
    assert any("cannot pay for the exchange of Marketplace" in e for e in events)


def test_s10_an_exchange_card_is_used_once_with_one_option() -> None:
    """Carpenter's Shop with 5 wood: one option (2 wood -> 5 coins), then the Production is over."""
    st = bare_scenario(2, dice=(4, 1, 1), res=rich(wood=5), cards={0: [29]})
    st2, _ = play_active(st, "place black production")
    after, _ = play_active(st2, "exchange wood=2")
    assert not after["stack"]
    assert delta(st, after, 0) == {"coin": 2 + 5, "mp": 1, "wood": -2}


def test_s12_privileges_from_different_effects_may_repeat_in_one_production() -> None:
    """Residence (1 coin -> privilege) and Fortress (+2 VP + privilege): both may be 'coins'."""
    st = bare_scenario(2, dice=(5, 1, 1), res=rich(), cards={0: [32, 44]})
    st, _ = play_active(st, "place black production", "exchange coin=1", "privilege coins")
    assert top(st)["kind"] == "privilege"
    assert "privilege coins" in move_texts(st, 0)
    before = st
    after, _ = play_active(st, "privilege coins")
    assert delta(before, after, 0) == {"coin": 2}


# ----------------------------------------------------------------------------------------------
# §11 Market, §12 Council Palace and privileges
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("space", "gain"),
    [
        ("market_1", {"coin": 5}),
        ("market_2", {"servant": 5}),
        ("market_3", {"mp": 3, "coin": 2}),
    ],
)
def test_s11_market_reward_exact_with_four_players(space: str, gain: dict[str, int]) -> None:
    st = bare_scenario(4, dice=(1, 1, 1), res=rich())
    after, _ = play(st, 0, f"place black {space}")
    assert delta(st, after, 0) == gain


def test_s11_market_4_two_privileges_must_differ() -> None:
    st = bare_scenario(4, res=rich())
    st, _ = play_active(st, "place black market_4", "privilege military")
    assert move_texts(st, 0) == [
        "privilege wood_stone",
        "privilege servants",
        "privilege coins",
        "privilege faith",
    ]
    with pytest.raises(IllegalMove):
        GAME.parse(st, 0, "privilege military")


def test_s12_royal_messenger_three_different_privileges() -> None:
    st = bare_scenario(2, res=rich(), towers={"character_1": 64})
    before = st
    st, _ = play_active(st, "place black character_1", "privilege coins", "privilege military")
    assert move_texts(st, 0) == ["privilege wood_stone", "privilege servants", "privilege faith"]
    after, _ = play_active(st, "privilege faith")
    assert not after["stack"]
    assert delta(before, after, 0) == {"coin": -5 + 2, "mp": 2, "fp": 1}


def test_s12_raising_a_statue_two_different_privileges() -> None:
    st = bare_scenario(2, res=rich(), towers={"venture_1": 76})
    st, _ = play_active(st, "place black venture_1", "privilege wood_stone")
    assert "privilege wood_stone" not in move_texts(st, 0) and len(move_texts(st, 0)) == 4


def test_s12_council_gives_one_coin_and_one_privilege_per_member() -> None:
    st = bare_scenario(2, dice=(1, 1, 1), res=rich())
    st["turn_queue"] = [0, 0, 1, 1]
    before = st
    st, _ = play_active(st, "place black council", "privilege servants", "place neutral council servants=1")
    after, _ = play_active(st, "privilege servants")
    assert delta(before, after, 0) == {"coin": 2, "servant": 2 + 2 - 1}
    assert after["space_occupants"]["council"] == [[0, "black"], [0, "neutral"]]


def test_s12_s15_turn_order_from_the_council_neutral_counts_and_earliest_member_counts() -> None:
    """§12/§15.2: seat 3 (black, turn 1) is first, seat 1 (white, turn 2) second; seats 0 and 2
    never visit and keep their relative order behind. Seat 1's later members do not matter."""
    st = bare_scenario(4, res=rich())
    plan = [
        "place black harvest_big",
        "place black harvest",
        "place black harvest_big",
        "place neutral council servants=1",
        "place white production_big",
        "place white council",
        "place white production_big",
        "place white council",
        "place orange market_1",
        "place orange council",
        "place orange market_2",
        "place orange council",
        "place neutral market_3 servants=1",
        "place neutral council servants=1",
        "place neutral production servants=1",
        "place black council",
    ]
    for text in plan:
        st, _ = play_active(st, text)
        st = resolve(st)
    assert st["round"] == 2
    assert st["turn_order"] == [3, 1, 0, 2]
    assert st["turn_queue"][:4] == [3, 1, 0, 2]
