"""§10 Harvest and Production, §11 Market, §12 Council Palace and privileges."""

from __future__ import annotations

import pytest

from rules.core import IllegalMove
from rules.lorenzo import GAME
from tests.lorenzo.helpers import delta, move_texts, play, play_active, rich, scenario, top

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
