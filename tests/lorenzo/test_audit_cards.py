"""Audit (issue 3): §9 card effects and the §17 card rulings, numbers played through the contract.

Cards: territories 1, 3, 7; buildings 25 Mint (prod 5: 1 coin per Building), 27 Triumphal Arch
(prod 6: 1 VP per Venture), 32 Residence, 46 Church (prod 1: 1 wood or 1 stone -> 2 FP),
38 Baptistery (prod 2: 1 FP -> 2 coins 2 VP); characters 49, 50, 60 Hero (4 coins, privilege,
Venture at 6), 65 Noble (6 coins, 2 VP per Territory), 67 Paramour (7 coins, 2 VP per
Character); ventures 73, 74, 77 Military Campaign (need 3 MP pay 2, +3 coins), 84 Support to
the King (need 6 pay 3; +5 coins + privilege), 85 Improving the Canals (3 coins 2 servants,
Harvest at 4).
"""

from __future__ import annotations

from typing import Any

from tests.lorenzo.helpers import bare_scenario, delta, move_texts, play, play_active, rich, top

State = dict[str, Any]


def test_s9_s17_per_card_vp_counts_the_card_just_placed() -> None:
    """§17: the Paramour with 2 Characters already owned: 3 Characters x 2 = 6 VP."""
    st = bare_scenario(2, res=rich(), towers={"character_1": 67}, cards={0: [49, 50]})
    after, _ = play(st, 0, "place black character_1")
    assert delta(st, after, 0) == {"coin": -7, "vp": 6}


def test_s9_per_card_vp_of_another_type() -> None:
    """The Noble counts Territories (3 x 2 = 6 VP), not itself."""
    st = bare_scenario(2, res=rich(), towers={"character_1": 65}, cards={0: [1, 3, 7]})
    after, _ = play(st, 0, "place black character_1")
    assert delta(st, after, 0) == {"coin": -6, "vp": 6}


def test_s9_production_per_card_gains() -> None:
    """Mint (1 coin per Building: Mint, Triumphal Arch, Residence = 3) and Triumphal Arch
    (1 VP per Venture: 2) at Production 6; the Residence's exchange is skipped."""
    st = bare_scenario(2, dice=(6, 1, 1), res=rich(), cards={0: [25, 27, 32, 73, 74]})
    st2, _ = play_active(st, "place black production")
    assert top(st2)["kind"] == "exchange"
    after, _ = play_active(st2, "exchange none")
    assert delta(st, after, 0) == {"coin": 2 + 3, "mp": 1, "vp": 2}


def test_s14_e1_2_per_card_gain_is_one_source() -> None:
    """E1-2 with the Mint's 3 coins: 2 (one source); the tile's 2 coins: 1."""
    st = bare_scenario(2, dice=(5, 1, 1), res=rich(), cards={0: [25, 27, 26]})
    st["players"][0]["excommunications"] = ["E1-2"]
    after, _ = play(st, 0, "place black production")
    assert delta(st, after, 0) == {"coin": 1 + 2, "mp": 1}


def test_s10_church_exchange_wood_or_stone() -> None:
    st = bare_scenario(2, dice=(1, 1, 1), res=rich(), cards={0: [46]})
    st, _ = play_active(st, "place black production")
    assert move_texts(st, 0) == ["exchange wood=1", "exchange stone=1", "exchange none"]
    before = st
    after, _ = play_active(st, "exchange stone=1")
    assert delta(before, after, 0) == {"stone": -1, "fp": 2}


def test_s10_exchange_may_spend_faith_held_before() -> None:
    """Baptistery: 1 FP -> 2 coins 2 VP (FP held before the Production)."""
    st = bare_scenario(2, dice=(2, 1, 1), res=rich(fp=1), cards={0: [38]})
    st2, _ = play_active(st, "place black production")
    after, _ = play_active(st2, "exchange fp=1")
    assert delta(st, after, 0) == {"coin": 2 + 2, "mp": 1, "vp": 2, "fp": -1}


def test_s17_hero_privilege_first_can_meet_the_venture_requirement() -> None:
    """§17/§19 order: the Hero's privilege (2 MP) comes before its Venture action, so 1 MP + 2
    meets Military Campaign's 3 (pay 2: 1 MP left, +3 coins)."""
    st = bare_scenario(2, res=rich(mp=1), towers={"character_2": 60, "venture_1": 77})
    before = st
    st, _ = play_active(st, "place black character_2")
    assert top(st)["kind"] == "privilege"
    st, _ = play_active(st, "privilege military")
    assert move_texts(st, 0) == ["take venture_1", "take none"]
    after, _ = play_active(st, "take venture_1")
    assert delta(before, after, 0) == {"coin": -4 + 3}  # MP: 1 + 2 - 2
    assert after["players"][0]["resources"]["mp"] == 1


def test_s9_venture_military_cost_then_coins_and_privilege() -> None:
    """Support to the King: need 6 MP, pay 3; +5 coins and 1 privilege."""
    st = bare_scenario(2, res=rich(mp=6), towers={"venture_1": 84})
    before = st
    st, _ = play_active(st, "place black venture_1", "privilege faith")
    assert delta(before, st, 0) == {"mp": -3, "coin": 5, "fp": 1}


def test_s10_venture_harvest_action_can_be_raised_with_servants() -> None:
    """Improving the Canals (3 coins 2 servants): Harvest at 4 (§10: no space, no -3); the
    Citadel (5) needs 1 servant more - offered as a choice."""
    st = bare_scenario(2, res=rich(), towers={"venture_1": 85}, cards={0: [1, 7]})
    st, _ = play_active(st, "place black venture_1")
    assert top(st)["kind"] == "bonus_action"
    assert move_texts(st, 0) == ["harvest", "harvest servants=1"]
    before = st
    after, _ = play_active(st, "harvest servants=1")
    # tile 1 wood 1 stone 1 servant; Hub +1 coin; Citadel +1 stone +2 MP; 1 servant spent
    assert delta(before, after, 0) == {"wood": 1, "stone": 2, "coin": 1, "mp": 2}
