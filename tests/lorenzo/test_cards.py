"""Every one of the 96 Development cards, each checked against its printed numbers.

- Taking the card (§8, §9 immediate effects): the total change of goods and points for a fixed
  situation, decisions answered by a fixed script (privileges: coins, then servants, then
  wood_stone; the first cost alternative; a free card action finds nothing to take).
- Territories' Harvest and Buildings' Production (§9/§10): activates at its die value, not below,
  and gives its printed goods (exchanges: the first option).
- Characters' permanent abilities (§9, §17) and Ventures' end VP (§16.4).
The expected numbers were typed from the reference's card list (lorenzo.md / lorenzo-data.yaml),
not computed by the engine.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.core import IllegalMove
from rules.lorenzo import GAME
from rules.lorenzo.data import CARD_TYPES, CARDS
from rules.lorenzo.engine import Log, start_activation
from rules.lorenzo.flow import advance
from rules.lorenzo.scoring import breakdown
from tests.lorenzo.helpers import bare_scenario, delta, move_texts, play, play_active, rich, scenario, top

PRIVILEGE_SCRIPT = ("privilege coins", "privilege servants", "privilege wood_stone")

# Situation: 20 of each good, 20 MP, 0 VP/FP; already owns Trading Town (17), Farm (18), Garden (43)
# and Hiring Mercenaries (89) (minus the card under test). Card on floor 1 of its tower, die 6.
OWNED = (17, 18, 43, 89)
TAKE_DELTA: dict[int, dict[str, int]] = {
    1: {},  # Commercial Hub
    2: {"wood": 1},  # Woods
    3: {},  # Village
    4: {"stone": 2},  # Gravel Pit
    5: {"wood": 1},  # Forest
    6: {"servant": 1, "mp": 2},  # Monastery
    7: {},  # Citadel
    8: {"coin": 3},  # City (hand-resolved decisions)
    9: {"coin": 1},  # Gold Mine
    10: {"servant": 1},  # Mountain Town
    11: {"stone": 1, "servant": 2},  # Mining Town
    12: {"wood": 1},  # Rock Pit
    13: {"wood": 1, "servant": 2},  # Estate
    14: {"fp": 1},  # Hermitage
    15: {},  # Manor House
    16: {"coin": 4},  # Dukedom
    17: {"coin": 1, "servant": 1},  # Trading Town
    18: {"wood": 1, "vp": 1},  # Farm
    19: {"mp": 2},  # Colony
    20: {"vp": 3},  # Marble Pit
    21: {"coin": 2, "stone": 1},  # Province (hand-resolved decisions)
    22: {"fp": 1},  # Sanctuary
    23: {"coin": 2, "vp": 2},  # Castle
    24: {"servant": 1, "mp": 2},  # Fortified Town
    25: {"wood": -1, "stone": -3, "vp": 5},  # Mint
    26: {"wood": -3, "stone": -1, "vp": 5},  # Tax Office
    27: {"coin": -2, "stone": -2, "vp": 6},  # Triumphal Arch
    28: {"coin": -2, "wood": -2, "vp": 6},  # Theater
    29: {"coin": -1, "wood": -2, "vp": 3},  # Carpenter's Shop
    30: {"coin": -1, "stone": -2, "vp": 2},  # Stonemason's Shop
    31: {"wood": -2, "fp": 1},  # Chapel
    32: {"stone": -2, "vp": 1},  # Residence
    33: {"wood": -2, "stone": -1, "vp": 3},  # Marketplace
    34: {"wood": -3, "vp": 4},  # Treasury
    35: {"wood": -4, "vp": 5},  # Painters' Guild
    36: {"stone": -4, "vp": 6},  # Sculptors' Guild
    37: {"wood": -1, "stone": -2, "vp": 4},  # Stonemasons' Guild
    38: {"stone": -3, "vp": 2, "fp": 1},  # Baptistery
    39: {"wood": -1, "stone": -1, "vp": 3},  # Barracks
    40: {"coin": -2, "wood": -2, "stone": -2, "vp": 8},  # Stronghold
    41: {"coin": -3, "wood": -1, "stone": -3, "vp": 7},  # Bank
    42: {"coin": -4, "wood": -3, "vp": 8},  # Fair
    43: {"wood": -4, "stone": -2, "servant": -2, "vp": 10},  # Garden
    44: {"coin": -2, "wood": -2, "stone": -4, "vp": 9},  # Fortress
    45: {"coin": -3, "wood": -3, "stone": -1, "vp": 9},  # Palace
    46: {"wood": -1, "stone": -4, "vp": 5, "fp": 1},  # Church
    47: {"wood": -2, "stone": -2, "servant": -1, "vp": 7},  # Military Academy
    48: {"wood": -4, "stone": -4, "vp": 7, "fp": 3},  # Cathedral
    49: {"coin": -2, "mp": 3},  # Warlord
    50: {"coin": -4},  # Stonemason
    51: {"coin": -4},  # Dame
    52: {},  # Knight (hand-resolved decisions)
    53: {"coin": -3},  # Farmer
    54: {"coin": -3},  # Artisan
    55: {"coin": -2, "fp": 4},  # Preacher
    56: {"coin": -3, "fp": 1},  # Abbess (hand-resolved decisions)
    57: {"coin": -4, "mp": 2},  # Captain (hand-resolved decisions)
    58: {"coin": -4},  # Architect (hand-resolved decisions)
    59: {"coin": -3},  # Patron (hand-resolved decisions)
    60: {"coin": -2},  # Hero (hand-resolved decisions)
    61: {"coin": -4},  # Peasant
    62: {"coin": -4},  # Scholar
    63: {"coin": -5, "fp": 3},  # Papal Messenger
    64: {"coin": -3, "wood": 1, "stone": 1, "servant": 2},  # Royal Messenger (hand-resolved decisions)
    65: {"coin": -6, "vp": 4},  # Noble (hand-resolved decisions)
    66: {"coin": -6, "vp": 2},  # Governor (hand-resolved decisions)
    67: {"coin": -7, "vp": 2},  # Paramour (hand-resolved decisions)
    68: {"coin": -6, "vp": 2},  # Herald (hand-resolved decisions)
    69: {
        "coin": -1,
        "wood": 3,
        "stone": 1,
        "servant": 1,
        "vp": 2,
        "fp": 2,
    },  # Cardinal (hand-resolved decisions)
    70: {"coin": -3, "vp": 3, "mp": 1, "fp": 1},  # Bishop (hand-resolved decisions)
    71: {"coin": -5, "vp": 10},  # General (hand-resolved decisions)
    72: {"coin": -4},  # Ambassador (hand-resolved decisions)
    73: {"coin": -4, "mp": 5},  # Hiring Recruits
    74: {"coin": -1, "wood": -1, "stone": -1, "fp": 1},  # Repairing the Church
    75: {"coin": 2, "stone": -3, "mp": 2},  # Building the Walls (hand-resolved decisions)
    76: {"coin": 2, "wood": -2, "stone": -2, "servant": 2},  # Raising a Statue (hand-resolved decisions)
    77: {"coin": 3, "mp": -2},  # Military Campaign
    78: {"wood": -3, "servant": 4},  # Hosting Panhandlers
    79: {"mp": -3, "fp": 2},  # Fighting Heresies
    80: {"mp": -2, "fp": 3},  # Support to the Bishop
    81: {"coin": -6, "mp": 6},  # Hiring Soldiers
    82: {"coin": -2, "wood": -2, "stone": -2, "fp": 2},  # Repairing the Abbey
    83: {"coin": 2, "stone": -4, "mp": 3},  # Building the Bastions (hand-resolved decisions)
    84: {"coin": 7, "mp": -3},  # Support to the King (hand-resolved decisions)
    85: {"wood": 3, "stone": 1, "servant": -1, "vp": 2},  # Improving the Canals (hand-resolved decisions)
    86: {"wood": -4, "servant": 5},  # Hosting Foreigners
    87: {"coin": 5, "mp": -4, "fp": 1},  # Crusade
    88: {"mp": -4, "fp": 3},  # Support to the Cardinal
    89: {"coin": -8, "mp": 7},  # Hiring Mercenaries
    90: {"coin": -3, "wood": -3, "stone": -3, "fp": 1},  # Repairing the Cathedral (hand-resolved decisions)
    91: {"coin": 2, "stone": -6, "mp": 4},  # Building the Towers (hand-resolved decisions)
    92: {"wood": -6, "fp": 3},  # Promoting Sacred Art
    93: {"coin": 3, "wood": 3, "stone": 3, "mp": -6},  # Military Conquest
    94: {"coin": -2, "servant": -3, "vp": 3, "mp": 1},  # Improving the Roads (hand-resolved decisions)
    95: {"mp": -8, "fp": 4},  # Sacred War
    96: {"mp": -5, "fp": 2},  # Support to the Pope
}


def _clear_towers(st: dict[str, Any]) -> None:
    for t in CARD_TYPES:
        st["tower_cards"][t] = [None] * 4


def _answer_all(st: dict[str, Any]) -> dict[str, Any]:
    used = 0
    while st["stack"]:
        f = top(st)
        assert f is not None
        if f["kind"] == "privilege":
            st, _ = play_active(st, PRIVILEGE_SCRIPT[used])
            used += 1
        else:
            st, _ = play_active(st, move_texts(st, 0)[0])
    return st


@pytest.mark.parametrize("card_id", sorted(TAKE_DELTA))
def test_s9_card_taken_pays_cost_and_resolves_immediate_effect(card_id: int) -> None:
    card = CARDS[card_id]
    st = scenario(2, res=rich(mp=20), cards={0: [c for c in OWNED if c != card_id]})
    _clear_towers(st)
    st["tower_cards"][card["type"]][0] = card_id
    st, _ = play(st, 0, f"place black {card['type']}_1")
    before = scenario(2, res=rich(mp=20))
    after = _answer_all(st)
    assert card_id in after["players"][0]["cards"][card["type"]]
    assert delta(before, after, 0) == TAKE_DELTA[card_id], card["name"]


# Harvest (Territories) / Production (Buildings): card id -> (die value, gain). Situation for
# Production: 5 FP, owns Commercial Hub, Woods (territories), Warlord (character), Hiring Recruits
# (venture) besides the card.
ACTIVATION: dict[int, tuple[int, dict[str, int]]] = {
    1: (1, {"coin": 1}),
    2: (2, {"wood": 1}),
    3: (3, {"coin": 1, "servant": 1}),
    4: (4, {"stone": 2}),
    5: (5, {"wood": 3}),
    6: (6, {"stone": 1, "fp": 1}),
    7: (5, {"stone": 1, "mp": 2}),
    8: (6, {"coin": 2}),  # City: 1 privilege (coins)
    9: (1, {"coin": 2}),
    10: (3, {"wood": 2, "mp": 1}),
    11: (4, {"stone": 2, "servant": 1}),
    12: (3, {"stone": 3}),
    13: (4, {"coin": 1, "wood": 2}),
    14: (2, {"fp": 1}),
    15: (5, {"servant": 2, "mp": 2}),
    16: (6, {"coin": 1, "wood": 2, "stone": 1}),
    17: (1, {"coin": 3}),
    18: (3, {"wood": 2, "vp": 2}),
    19: (5, {"wood": 1, "vp": 4}),
    20: (2, {"stone": 2, "vp": 1}),
    21: (6, {"stone": 1, "vp": 4}),
    22: (1, {"coin": 1, "fp": 1}),
    23: (4, {"servant": 1, "mp": 3}),
    24: (2, {"servant": 2, "mp": 1}),
    25: (5, {"coin": 1}),  # Mint: 1 coin per Building (1)
    26: (5, {"coin": 2}),  # Tax Office: 1 coin per Territory (2)
    27: (6, {"vp": 1}),  # Triumphal Arch: 1 VP per Venture (1)
    28: (6, {"vp": 1}),  # Theater: 1 VP per Character (1)
    29: (4, {"wood": -1, "coin": 3}),
    30: (3, {"stone": -1, "coin": 3}),
    31: (2, {"coin": -1, "fp": 1}),
    32: (1, {"coin": 1}),  # Residence: 1 coin -> privilege (coins: 2)
    33: (3, {"coin": -3, "wood": 2, "stone": 2}),
    34: (3, {"coin": -1, "vp": 3}),
    35: (4, {"wood": -1, "vp": 3}),
    36: (5, {"stone": -1, "vp": 3}),
    37: (4, {"wood": -1, "stone": -1, "servant": -1, "vp": 6}),
    38: (2, {"fp": -1, "coin": 2, "vp": 2}),
    39: (1, {"servant": -1, "mp": 3}),
    40: (6, {"vp": 2, "mp": 2}),
    41: (2, {"coin": 5}),
    42: (4, {"coin": -4, "wood": 3, "stone": 3}),
    43: (1, {"vp": 3}),
    44: (5, {"vp": 2, "coin": 2}),  # Fortress: 2 VP + privilege (coins)
    45: (6, {"coin": -1, "servant": 2, "vp": 4}),
    46: (1, {"wood": -1, "fp": 2}),
    47: (3, {"servant": -1, "vp": 1, "mp": 3}),
    48: (2, {"vp": 1}),
}
TILE = {"harvest": {"wood": 1, "stone": 1, "servant": 1}, "production": {"coin": 2, "mp": 1}}


def _activate(card_id: int, value: int) -> dict[str, int]:
    card = CARDS[card_id]
    action = "harvest" if card["type"] == "territory" else "production"
    extra = [] if action == "harvest" else [c for c in (1, 2, 49, 73) if c != card_id]
    st = scenario(2, res=rich(fp=5), cards={0: [card_id, *extra]})
    start = scenario(2, res=rich(fp=5))
    log = Log()
    start_activation(st, 0, action, value, log)
    advance(st, log)
    st = _answer_all(st)
    d = delta(start, st, 0)
    if value >= 1:
        for k, v in TILE[action].items():
            d[k] = d.get(k, 0) - v
    return {k: v for k, v in d.items() if v}


@pytest.mark.parametrize("card_id", sorted(ACTIVATION))
def test_s10_card_activates_at_its_value_with_its_numbers(card_id: int) -> None:
    value, gain = ACTIVATION[card_id]
    assert _activate(card_id, value) == gain, CARDS[card_id]["name"]
    assert _activate(card_id, value - 1) == {}, "activated below its value"


END_VP = {
    73: 4,
    74: 5,
    75: 3,
    76: 4,
    77: 5,
    78: 4,
    79: 5,
    80: 1,
    81: 5,
    82: 6,
    83: 2,
    84: 3,
    85: 5,
    86: 4,
    87: 5,
    88: 4,
    89: 6,
    90: 5,
    91: 4,
    92: 3,
    93: 7,
    94: 5,
    95: 8,
    96: 10,
}


@pytest.mark.parametrize("card_id", sorted(END_VP))
def test_s16_4_venture_end_vp(card_id: int) -> None:
    st = scenario(2, res={}, cards={0: [card_id]})
    assert breakdown(st)[0]["ventures"] == END_VP[card_id]


# Characters with a take-card bonus: die 1 + bonus reaches floor 2 (value 3) of that tower only.
TAKE_BONUS = {
    49: ("territory", 2, 3),
    50: ("building", 2, 25),
    51: ("character", 2, 63),
    52: ("venture", 2, 74),
}


@pytest.mark.parametrize("card_id", sorted(TAKE_BONUS))
def test_s9_character_bonus_to_take_a_card_type(card_id: int) -> None:
    t, bonus, target = TAKE_BONUS[card_id]
    st = scenario(
        2,
        dice=(3 - bonus, 1, 1),
        res=rich(servant=0),
        cards={0: [card_id]},
        towers={
            f"{t}_2": target,
            "territory_2" if t != "territory" else "character_2": 3 if t != "territory" else 63,
        },
    )
    assert f"place black {t}_2" in move_texts(st, 0)
    other = "character_2" if t == "territory" else "territory_2"
    assert f"place black {other}" not in move_texts(st, 0)


def test_s9_stonemason_and_dame_discounts() -> None:
    """Stonemason: 1 wood or 1 stone off Buildings; Dame: 1 coin off Characters (Papal Messenger 5 -> 4)."""
    st = scenario(2, res=rich(), towers={"character_1": 63}, cards={0: [51]})
    after, _ = play(st, 0, "place black character_1")
    assert delta(st, after, 0) == {"coin": -4, "fp": 3}
    st = scenario(2, res=rich(), towers={"building_1": 26}, cards={0: [50]})  # Tax Office 3 wood 1 stone
    st, _ = play(st, 0, "place black building_1")
    assert sorted(move_texts(st, 0)) == ["pay wood=2 stone=1", "pay wood=3"]


HARVEST_PRODUCTION_BONUS = {
    53: ("harvest", 3, {"wood": 1, "stone": 1, "servant": 2, "coin": 1}),  # Farmer +2: Village (3)
    61: ("harvest", 4, {"wood": 1, "stone": 3, "servant": 1}),  # Peasant +3: Gravel Pit (4)
    54: ("production", 47, {"coin": 2, "servant": -1, "vp": 1, "mp": 4}),  # Artisan +2: Military Academy (3)
    62: ("production", 29, {"coin": 5, "wood": -1, "mp": 1}),  # Scholar +3: Carpenter's Shop (4)
}


@pytest.mark.parametrize("card_id", sorted(HARVEST_PRODUCTION_BONUS))
def test_s9_character_bonus_to_harvest_or_production(card_id: int) -> None:
    """Farmer/Peasant +2/+3 Harvest, Artisan/Scholar +2/+3 Production: a die 1 reaches a card of
    value 1 + bonus (bonus tile + that card)."""
    action, target, gain = HARVEST_PRODUCTION_BONUS[card_id]
    st = scenario(2, dice=(1, 1, 1), res=rich(), cards={0: [card_id, target]})
    after, _ = play(st, 0, f"place black {action}")
    after = _answer_all(after)
    assert delta(st, after, 0) == gain


def test_s9_preacher_no_floor_bonus_also_on_card_actions() -> None:
    """Preacher: no floor 3/4 bonus, through members or card actions (Abbess here)."""
    st = scenario(2, res=rich(), towers={"character_1": 56, "territory_3": 1}, cards={0: [55]})
    st, _ = play_active(st, "place black character_1")
    before = st
    after, _ = play_active(st, "take territory_3 servants=1")
    assert delta(before, after, 0) == {"servant": -1}


# Free card actions (§8.4): card -> (tower space for the target, target card, answer, expected delta
# of the action alone, from the decision on). Fees do not apply: the tower is empty.
FREE_TAKE: dict[int, tuple[str, int, str, dict[str, int]]] = {
    56: ("building_2", 30, "take building_2", {"coin": -1, "stone": -2, "vp": 2}),  # Abbess, value 4
    57: ("territory_3", 2, "take territory_3", {"wood": 2}),  # Captain 6: floor bonus 1 wood + Woods 1 wood
    58: (
        "building_3",
        26,
        "take building_3",
        {"wood": -2, "mp": 1, "vp": 5},
    ),  # Architect 6: -1 wood -1 stone
    # Patron 6: Papal Messenger 5 - 2 coins, plus the 3-coin fee: the Patron's own member is in that tower
    59: ("character_3", 63, "take character_3", {"coin": -6, "stone": 1, "fp": 3}),
    60: ("venture_3", 73, "take venture_3", {"coin": -3, "mp": 5}),  # Hero 6: floor 1 coin, pays 4
    72: ("venture_4", 73, "take venture_4", {"coin": -2, "mp": 5}),  # Ambassador 7: floor 2 coins
    90: ("territory_4", 1, "take territory_4", {"wood": 2}),  # Repairing the Cathedral 7
}


@pytest.mark.parametrize("card_id", sorted(FREE_TAKE))
def test_s8_4_free_card_action_of_each_card(card_id: int) -> None:
    space, target, answer, gain = FREE_TAKE[card_id]
    card = CARDS[card_id]
    st = scenario(2, res=rich(mp=20), towers={f"{card['type']}_1": card_id, space: target})
    for t in CARD_TYPES:
        st["tower_cards"][t] = [
            c if f"{t}_{i + 1}" in (space, f"{card['type']}_1") else None
            for i, c in enumerate(st["tower_cards"][t])
        ]
    st, _ = play(st, 0, f"place black {card['type']}_1")
    while top(st)["kind"] == "privilege":
        st, _ = play_active(st, "privilege coins")
    assert top(st)["kind"] == "take_card"
    before = st
    st, _ = play_active(st, answer)
    after = _answer_all(st)
    assert target in after["players"][0]["cards"][CARDS[target]["type"]]
    assert delta(before, after, 0) == gain


def test_s8_4_free_action_value_is_limited() -> None:
    """Abbess (value 4) cannot reach floor 3 (5) without a servant; floor 2 (3) is fine."""
    st = scenario(2, res=rich(servant=0))
    _clear_towers(st)
    st["tower_cards"]["character"][0] = 56
    st["tower_cards"]["territory"][2] = 1
    st["tower_cards"]["territory"][1] = 3
    st, _ = play_active(st, "place black character_1")
    assert move_texts(st, 0) == ["take territory_2", "take none"]
    with pytest.raises(IllegalMove, match="needs value 5"):
        GAME.parse(st, 0, "take territory_3")


# ==============================================================================================
# Merged from the issue-3 audit: the numbers of card effects and rulings
# Audit (issue 3): §9 card effects and the §17 card rulings, numbers played through the contract.
#
# Cards: territories 1, 3, 7; buildings 25 Mint (prod 5: 1 coin per Building), 27 Triumphal Arch
# (prod 6: 1 VP per Venture), 32 Residence, 46 Church (prod 1: 1 wood or 1 stone -> 2 FP),
# 38 Baptistery (prod 2: 1 FP -> 2 coins 2 VP); characters 49, 50, 60 Hero (4 coins, privilege,
# Venture at 6), 65 Noble (6 coins, 2 VP per Territory), 67 Paramour (7 coins, 2 VP per
# Character); ventures 73, 74, 77 Military Campaign (need 3 MP pay 2, +3 coins), 84 Support to
# the King (need 6 pay 3; +5 coins + privilege), 85 Improving the Canals (3 coins 2 servants,
# Harvest at 4).
# ==============================================================================================
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
