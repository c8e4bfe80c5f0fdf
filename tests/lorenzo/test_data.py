"""The JSON component data: ids unique, counts as printed, every effect op known to the engine."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.lorenzo.data import (
    BASE_CARDS as CARDS,  # the base data file's; HoR's content is tested in test_houses_data.py
)
from rules.lorenzo.data import (
    BASE_EXCOMMUNICATIONS as EXCOMMUNICATIONS,
)
from rules.lorenzo.data import (
    BASE_LEADERS,
    BONUS_TILES,
    CARD_TYPES,
    DATA,
    FAITH_VP,
    SPACES,
    TOWERS,
)
from rules.lorenzo.data import LEADERS as ALL_LEADERS
from rules.lorenzo.effects import ONE_SHOT_OPS, PERMANENT_OPS

LEADERS = {leader: ALL_LEADERS[leader] for leader in BASE_LEADERS}


def _walk(effects: list[dict[str, Any]]) -> list[str]:
    ops = []
    for e in effects:
        ops.append(e["op"])
        if e["op"] == "exchange":
            for option in e["options"]:
                ops.extend(_walk(option["effects"]))
    return ops


def test_ids_are_unique() -> None:
    for key in (
        "cards",
        "leaders",
        "excommunication_tiles",
        "personal_bonus_tiles",
        "spaces",
        "council_privileges",
    ):
        ids = [x["id"] for x in DATA[key]]
        assert len(ids) == len(set(ids)), key


def test_s3_component_counts() -> None:
    """§3: 96 cards (4 types x 3 periods x 8), 20 leaders, 21 excommunications (7 per period)."""
    assert sorted(CARDS) == list(range(1, 97))
    counts = Counter((c["type"], c["period"]) for c in CARDS.values())
    assert counts == {(t, p): 8 for t in CARD_TYPES for p in (1, 2, 3)}
    assert len(LEADERS) == 20
    assert Counter(t["period"] for t in EXCOMMUNICATIONS.values()) == {1: 7, 2: 7, 3: 7}
    assert len(BONUS_TILES) == 5


def test_every_effect_op_is_known_to_the_engine() -> None:
    for card in CARDS.values():
        one_shot = _walk(card["immediate"])
        for part in ("harvest", "production"):
            if part in card:
                one_shot += _walk(card[part]["effects"])
        assert set(one_shot) <= ONE_SHOT_OPS, card["name"]
        assert {e["op"] for e in card.get("permanent", [])} <= PERMANENT_OPS, card["name"]
    for tile in EXCOMMUNICATIONS.values():
        assert {e["op"] for e in tile["effects"]} <= PERMANENT_OPS, tile["id"]
    for leader in LEADERS.values():
        ops = {e["op"] for e in leader["effects"]}
        assert ops <= PERMANENT_OPS | ONE_SHOT_OPS, leader["id"]
    for tile in BONUS_TILES.values():
        assert set(_walk(tile["harvest"]["effects"]) + _walk(tile["production"]["effects"])) <= ONE_SHOT_OPS


def test_s8_1_floor_values_and_bonuses() -> None:
    """§8.1: floors 1/3/5/7; floor 3/4 bonuses 1/2 wood, stone, MP, coin by tower."""
    expect = {"territory": "wood", "character": "stone", "building": "mp", "venture": "coin"}
    for t, key in expect.items():
        assert [f["min_value"] for f in TOWERS[t]] == [1, 3, 5, 7]
        assert [f["bonus"] for f in TOWERS[t]] == [{}, {}, {key: 1}, {key: 2}]


def test_s14_faith_track() -> None:
    """§14: FP -> VP track 0..15."""
    assert FAITH_VP == [0, 1, 2, 3, 4, 5, 7, 9, 11, 13, 15, 17, 19, 22, 25, 30]
    assert DATA["vatican_requirement"] == [3, 4, 5]


def test_s5_s11_spaces() -> None:
    """§5/§11/§12: spaces, their rewards and the player counts that open them."""
    assert SPACES["harvest_big"]["value_modifier"] == -3 and SPACES["production_big"]["value_modifier"] == -3
    assert {s: SPACES[s]["min_players"] for s in SPACES} == {
        "harvest": 2,
        "harvest_big": 3,
        "production": 2,
        "production_big": 3,
        "market_1": 2,
        "market_2": 2,
        "market_3": 4,
        "market_4": 4,
        "council": 2,
    }
    assert SPACES["market_1"]["effects"] == [{"op": "gain", "res": {"coin": 5}}]
    assert SPACES["market_2"]["effects"] == [{"op": "gain", "res": {"servant": 5}}]
    assert SPACES["market_3"]["effects"] == [{"op": "gain", "res": {"coin": 2, "mp": 3}}]
    assert SPACES["market_4"]["effects"] == [{"op": "privileges", "count": 2, "distinct": True}]
    assert SPACES["council"]["effects"][0] == {"op": "gain", "res": {"coin": 1}}
