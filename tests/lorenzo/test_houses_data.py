"""Houses of Renaissance content (rules/lorenzo/data/houses.json, spec: rules/lorenzo/HOUSES.md).

Counts and numbers are typed here from the references (lorenzo.md §18/§20, lorenzo-data.yaml,
the seed, corrections-2026-12.md), not read back from the converter. Test names cite the section
(sN) or the corrections file (corrections_...) they check.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rules.lorenzo.data import BASE_CARDS as CARDS  # the base game's alone: HoR's are added to CARDS
from rules.lorenzo.data import BASE_EXCOMMUNICATIONS as EXCOMMUNICATIONS
from rules.lorenzo.data import BASE_LEADERS as LEADERS
from rules.lorenzo.data import BASE_PRIVILEGES as PRIVILEGES
from rules.lorenzo.data import CARD_TYPES, SPACES
from rules.lorenzo.effects import ONE_SHOT_OPS, PERMANENT_OPS

PATH = Path(__file__).resolve().parents[2] / "rules" / "lorenzo" / "data" / "houses.json"
H: dict[str, Any] = json.loads(PATH.read_text(encoding="utf-8"))
KINDS: dict[str, dict[str, str]] = H["effect_kinds"]
NEW_ONE_SHOT = {k for k, v in KINDS.items() if v["where"] == "one_shot"}
NEW_PERMANENT = {k for k, v in KINDS.items() if v["where"] == "permanent"}
NEW_FAMILY = {k for k, v in KINDS.items() if v["where"] == "family"}
NEW_END = {k for k, v in KINDS.items() if v["where"] == "end"}
ONE_SHOT = ONE_SHOT_OPS | NEW_ONE_SHOT
PERMANENT = PERMANENT_OPS | NEW_PERMANENT

# ---------------------------------------------------------------------------------------------
# Walking the effects: (where an effect list sits, the effect)
# ---------------------------------------------------------------------------------------------


def _one_shot(effects: list[dict[str, Any]], where: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """An effect list that resolves once, with the lists nested inside its effects."""
    for e in effects:
        yield where, e
        for option in e.get("options", []):
            yield from _one_shot(option["effects"], where)
        if e["op"] in ("exchange_up_to_value", "discard_own_card"):
            yield from _one_shot(e["effects"], where)


def _nested(e: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    if e["op"] in ("when_take_card", "on_play_leader"):
        yield from _one_shot(e["effects"], "one_shot")
    if e["op"] == "set_rewards":
        for rewards in e["rewards"].values():
            yield from _one_shot(rewards, "one_shot")


def effects() -> Iterator[tuple[str, dict[str, Any]]]:
    for card in H["cards"].values():
        yield from _one_shot(card["immediate"], "one_shot")
        for part in ("harvest", "production"):
            if part in card:
                yield from _one_shot(card[part]["effects"], "one_shot")
        for e in card.get("permanent", []):
            yield "permanent", e
            yield from _nested(e)
        for e in card.get("end_effects", []):
            yield "end", e
    for leader in H["leaders"].values():
        where = "permanent" if leader["ability"] == "permanent" else "one_shot"
        for e in leader["effects"]:
            yield where, e
            yield from _nested(e)
            for option in e.get("options", []):
                yield from _one_shot(option["effects"], "one_shot")
            if e["op"] == "discard_own_card":
                yield from _one_shot(e["effects"], "one_shot")
    for family in H["families"].values():
        for e in family["effects"]:
            yield "family", e
            yield from _nested(e)
        for tile in family.get("faith_tiles", {}).values():
            yield from _one_shot(tile["bonus"], "one_shot")
        for token in family.get("visconti_tokens", {}).values():
            yield from _one_shot(token["bonus"], "one_shot")
    for tile in H["excommunication_tiles"].values():
        for e in tile["effects"]:
            yield "permanent", e
    for kind in H["special_tokens"]["kinds"].values():
        yield from _one_shot(kind["bonus"], "one_shot")


ALLOWED = {"one_shot": ONE_SHOT, "permanent": PERMANENT, "family": NEW_FAMILY | PERMANENT, "end": NEW_END}


def test_every_effect_kind_is_known_and_in_a_place_where_it_can_act() -> None:
    found = list(effects())
    assert len(found) > 150
    for where, e in found:
        assert e["op"] in ALLOWED[where], (where, e)


def test_every_new_effect_kind_is_listed_once_used_and_does_not_rename_an_old_one() -> None:
    used = {e["op"] for _, e in effects()}
    assert set(KINDS) <= used, sorted(set(KINDS) - used)
    assert not set(KINDS) & (ONE_SHOT_OPS | PERMANENT_OPS)
    for name, kind in KINDS.items():
        assert kind["where"] in ("one_shot", "permanent", "family", "end"), name
        assert kind["meaning"].strip(), name


def test_new_effect_kinds_are_all_explained_in_houses_md() -> None:
    spec = (PATH.parents[1] / "HOUSES.md").read_text(encoding="utf-8")
    for name in KINDS:
        assert f"`{name}`" in spec, name
    for key in H["engine"]:
        assert f"`{key}`" in spec, key


def test_every_resource_key_is_a_lorenzo_resource_or_the_special_token() -> None:
    keys = {"coin", "wood", "stone", "servant", "vp", "mp", "fp", "special_token"}

    def maps(node: Any) -> Iterator[dict[str, Any]]:
        if isinstance(node, dict):
            for k, v in node.items():
                if k in ("res", "pay", "require", "gain", "also", "set", "bonus") and isinstance(v, dict):
                    yield v
                yield from maps(v)
        elif isinstance(node, list):
            for v in node:
                yield from maps(v)

    body = {k: v for k, v in H.items() if k not in ("effect_kinds", "requirement_kinds")}
    found = list(maps(body)) + [line for t in H["auction"]["tiles"].values() for line in t["lines"].values()]
    assert len(found) > 180
    for m in found:
        assert set(m) <= keys, m
        assert all(isinstance(v, int) and v >= 0 for v in m.values()), m


# ---------------------------------------------------------------------------------------------
# Ids and counts
# ---------------------------------------------------------------------------------------------


def _collections() -> dict[str, dict[str, Any]]:
    return {
        "cards": H["cards"],
        "families": H["families"],
        "leaders": H["leaders"],
        "excommunication_tiles": H["excommunication_tiles"],
        "special_tokens.kinds": H["special_tokens"]["kinds"],
        "auction.tiles": H["auction"]["tiles"],
        "adaptation.tiles": H["adaptation"]["tiles"],
        "faith_tiles": H["families"]["della_rovere"]["faith_tiles"],
        "visconti_tokens": H["families"]["visconti"]["visconti_tokens"],
    }


@pytest.mark.parametrize("name", sorted(_collections()))
def test_ids_are_the_keys_and_unique(name: str) -> None:
    coll = _collections()[name]
    assert coll
    for key, record in coll.items():
        assert str(record["id"]) == key, (name, key)


def test_ids_do_not_collide_with_the_base_game() -> None:
    assert not {int(k) for k in H["cards"]} & set(CARDS)
    assert not set(H["leaders"]) & set(LEADERS)
    assert not set(H["excommunication_tiles"]) & set(EXCOMMUNICATIONS)
    assert not set(H["council"]["privileges_added"]) & set(PRIVILEGES)


def test_s20_2_forty_eight_special_cards_4_per_type_and_period() -> None:
    assert sorted(int(k) for k in H["cards"]) == list(range(97, 145))
    counts = Counter((c["type"], c["period"]) for c in H["cards"].values())
    assert counts == {(t, p): 4 for t in CARD_TYPES for p in (1, 2, 3)}
    assert all(c["deck"] == "special" and c["src"] == "ATO" for c in H["cards"].values())


def test_corrections_twelve_family_tiles() -> None:
    names = sorted(f["name"] for f in H["families"].values())
    assert names == [
        "Aragonesi",
        "Colonna",
        "Da Montefeltro",
        "Della Rovere",
        "Della Scala",
        "Este",
        "Gonzaga",
        "Malatesta",
        "Medici",
        "Orsini",
        "Sforza",
        "Visconti",
    ]


def test_s20_3_twenty_four_leaders_and_the_six_personal_action_spaces() -> None:
    assert len(H["leaders"]) == 24
    action = sorted(lid for lid, x in H["leaders"].items() if x["ability"] == "action")
    assert action == [
        "bramante",
        "erasmo_da_rotterdam",
        "guglielmo_de_pazzi",
        "massimiliano_i_dasburgo",
        "piero_della_francesca",
        "pietro_bembo",
    ]
    for lid in action:
        assert H["leaders"][lid]["space"] == {"min_value": 1, "capacity": 1, "owner_only": True}
    kinds = Counter(x["ability"] for x in H["leaders"].values())
    assert kinds == {"permanent": 9, "once_per_round": 8, "action": 6, "immediate": 1}
    assert H["leaders"]["ladislao_vii_jagellone"]["ability"] == "immediate"
    assert H["leaders"]["tomas_de_torquemada"]["ability"] == "once_per_round"


def test_s18_1_three_new_excommunication_tiles_one_per_period() -> None:
    tiles = H["excommunication_tiles"]
    assert {t["id"]: t["period"] for t in tiles.values()} == {"E1-8": 1, "E2-8": 2, "E3-8": 3}
    assert all(t["text"].strip() for t in tiles.values())


def test_corrections_six_special_token_kinds_about_30_to_36_tokens() -> None:
    st = H["special_tokens"]
    assert len(st["kinds"]) == 6
    assert st["total"] == sum(k["copies"] for k in st["kinds"].values())
    assert 30 <= st["total"] <= 36
    assert "ST_PRIVILEGE" not in st["kinds"] and "ST_MIXED" not in st["kinds"]
    assert st["kept_secret"] is True and "count public" in st["visibility"]


# ---------------------------------------------------------------------------------------------
# Provisional values and readings (provisional-design.md; same mechanism as Lancaster's base.json)
# ---------------------------------------------------------------------------------------------


def _at(path: str) -> Any:
    node: Any = H
    for part in path.split("."):
        assert isinstance(node, dict) and part in node, path
        node = node[part]
    return node


def test_every_provisional_value_exists_and_has_a_one_line_reason() -> None:
    prov = H["provisional"]
    assert len(prov) > 100
    for path, reason in prov.items():
        _at(path)
        assert isinstance(reason, str) and len(reason) > 20 and "\n" not in reason, path


def test_no_provisional_mark_sits_inside_another() -> None:
    # An override of a path clears the marks on it and on its parents and children (Lancaster's
    # apply_overrides): nested marks would clear each other.
    paths = sorted(H["provisional"])
    for a in paths:
        assert not any(b.startswith(a + ".") for b in paths), a


def test_values_no_source_gives_are_marked() -> None:
    prov = H["provisional"]
    for path in (
        "setup.starting_goods",
        "special_tower.floor_values",
        "special_tower.floor_bonuses",
        "special_tower.same_colour_rule",
        "council.privileges_added",
        "families.della_rovere.faith_tiles",
        "families.visconti.visconti_tokens",
        "auction.tile_count",
        "cards.109.costs",
        "leader_pools.houses",
    ):
        assert path in prov, path
    for tid in H["auction"]["tiles"]:
        assert f"auction.tiles.{tid}.lines" in prov
    for kid in H["special_tokens"]["kinds"]:
        assert f"special_tokens.kinds.{kid}.bonus" in prov and f"special_tokens.kinds.{kid}.copies" in prov
    for tid in H["excommunication_tiles"]:
        assert f"excommunication_tiles.{tid}.effects" in prov
    for cid in H["cards"]:
        assert f"cards.{cid}.name" in prov
    for lid, leader in H["leaders"].items():
        assert (f"leaders.{lid}.space" in prov) == (leader["ability"] == "action")


def test_known_values_are_not_marked() -> None:
    prov = H["provisional"]
    for path in ("special_tower.occupied_fee", "special_tower.floors", "auction.lines_per_tile"):
        assert path not in prov, path
    unnamed = [p for p in prov if not p.endswith(".name")]
    assert not any(p.startswith(("families.sforza", "cards.126", "cards.119")) for p in unnamed)


def test_every_engine_reading_has_its_choices_default_first_and_is_marked() -> None:
    assert set(H["engine"]) == set(H["engine_choices"])
    for key, value in H["engine"].items():
        choices = H["engine_choices"][key]
        assert len(choices) >= 2 and choices[0] == value, key
        assert f"engine.{key}" in H["provisional"], key


# ---------------------------------------------------------------------------------------------
# Setup, auction, board (seed, §18.2, §20.4, corrections)
# ---------------------------------------------------------------------------------------------


def test_seed_setup_no_wood_or_stone_and_coins_0_to_4() -> None:
    s = H["setup"]
    assert s["players"] == [2, 3, 4, 5] and s["players_without_houses"] == [2, 3, 4]
    assert s["starting_coins_by_turn_position"] == [0, 1, 2, 3, 4]
    assert s["no_starting"] == ["wood", "stone"]
    assert "wood" not in s["starting_goods"] and "stone" not in s["starting_goods"]
    assert s["special_deck_cards_per_period"] == 8 and H["special_tower"]["cards_per_round"] == 4
    assert s["fifth_player_colour"] == "pink"


def test_corrections_no_fifth_market_space_and_every_space_open_at_five() -> None:
    s = H["setup"]
    assert s["extra_spaces"] == []
    assert s["cover_tiles"]["5"] == [] and s["cover_tiles"]["4"] == []
    assert s["cover_tiles"]["2"] == ["harvest_big", "production_big", "market_3", "market_4"]
    assert s["cover_tiles"]["3"] == ["market_3", "market_4"]
    assert all(space in SPACES for covered in s["cover_tiles"].values() for space in covered)


UNIT = {"coin": 1, "wood": 1, "stone": 1, "servant": 1, "mp": 1, "fp": 2}


def test_seed_auction_tiles_six_lines_higher_line_gives_less() -> None:
    a = H["auction"]
    assert a["lines_per_tile"] == 6 and a["tile_count"] == len(a["tiles"]) == 5
    assert a["value_ladder"] == {"1": 11, "2": 9, "3": 7, "4": 5, "5": 3, "6": 1}
    for tile in a["tiles"].values():
        assert sorted(tile["lines"]) == ["1", "2", "3", "4", "5", "6"]
        units = [sum(UNIT[k] * v for k, v in tile["lines"][str(n)].items()) for n in range(1, 7)]
        assert units == [11, 9, 7, 5, 3, 1], tile["id"]


def test_s18_1_adaptation_tiles_234_and_5() -> None:
    t = H["adaptation"]["tiles"]
    assert t["adaptation_2_4"]["players"] == [2, 3, 4] and t["adaptation_2_4"]["floor_values"] == [5, 6, 7, 8]
    assert t["adaptation_5"]["players"] == [5] and t["adaptation_5"]["floor_values"] == [1, 2, 4, 6]
    assert all(x["moves_each_round"] for x in t.values())
    assert H["adaptation"]["tower_order"] == list(CARD_TYPES)
    assert H["engine_choices"]["adaptation_start"] == ["leftover_special_card", "random_tower"]


def test_s20_4_special_tower_same_rules_occupied_fee_card_126() -> None:
    st = H["special_tower"]
    assert st["floors"] == 4 and len(st["floor_values"]) == 4 and len(st["floor_bonuses"]) == 4
    assert st["floor_values"] == sorted(st["floor_values"])
    assert st["occupied_fee"] == {"coin": 3}
    assert st["affected_by_adaptation_tile"] is False and st["same_colour_rule"] is True
    assert st["card_types"] == list(CARD_TYPES)
    assert H["cards"]["126"]["permanent"] == [{"op": "waive_special_tower_fee"}]


def test_s18_1_new_council_row_adds_a_token_privilege() -> None:
    assert H["council"]["privileges_added"] == {"special_token": {"special_token": 1}}
    assert H["engine_choices"]["council_tile_players"] == ["all", "five_only"]


def test_leader_pools_base_20_houses_all_44() -> None:
    pools = H["leader_pools"]
    assert sorted(pools["base"]) == sorted(LEADERS)
    assert len(pools["all"]) == len(set(pools["all"])) == 44
    assert set(pools["all"]) == set(LEADERS) | set(H["leaders"])
    assert pools["default"] in pools


def test_corrections_pazzi_and_salviati_are_the_likeliest_promos() -> None:
    pools = H["leader_pools"]
    assert pools["promo_candidates"] == ["guglielmo_de_pazzi", "jacopo_salviati"]
    assert set(pools["all"]) - set(pools["houses"]) == set(pools["promo_candidates"])


# ---------------------------------------------------------------------------------------------
# The 48 cards' printed numbers (§20.2, typed from the ATO list)
# ---------------------------------------------------------------------------------------------

C, W, S, SV, T = "coin", "wood", "stone", "servant", "special_token"
COSTS: dict[int, list[dict[str, Any]]] = {
    109: [{"pay": {W: 1, S: 1}}],
    110: [{"pay": {C: 2, W: 2}}],
    111: [{"pay": {C: 1, S: 2}}],
    112: [{"pay": {W: 2}}],
    113: [{"pay": {SV: 1, W: 2, S: 2}}],
    114: [{"pay": {SV: 2, C: 1, S: 1}}],
    115: [{"pay": {W: 3, S: 2}}],
    116: [{"pay": {W: 5}}],
    117: [{"pay": {C: 2, W: 1, S: 4}}],
    118: [{"pay": {SV: 1, W: 4, S: 3}}],
    119: [{"pay": {C: 3, W: 4, S: 3}}],
    120: [{"pay": {SV: 2, W: 3, S: 3}}],
    121: [{"pay": {C: 2}}],
    122: [{"pay": {C: 2}}],
    123: [{"pay": {C: 3}}],
    124: [{"pay": {C: 3}}],
    125: [{"pay": {C: 7}}],
    126: [{"pay": {C: 5}}],
    127: [{"pay": {C: 6, T: 1}}],
    128: [{"pay": {C: 5}}],
    129: [{"pay": {C: 6}}],
    130: [{"pay": {C: 5}}],
    131: [{"pay": {C: 7}}],
    132: [{"pay": {C: 7}}],
    133: [{"pay": {C: 2, S: 2}}],
    134: [{"require": {"mp": 2}, "pay": {"mp": 2}}],
    135: [{"pay": {W: 2, S: 1}}],
    136: [{"pay": {C: 1, W: 3}}],
    137: [{"pay": {C: 2, W: 1, S: 3}}],
    138: [{"require": {"mp": 7}, "pay": {"mp": 5, W: 2, S: 1, SV: 1}}],
    139: [{"require": {"mp": 5}, "pay": {"mp": 5}}, {"pay": {W: 2, C: 1, "fp": 1}}],
    140: [{"pay": {C: 5}}],
    141: [{"pay": {C: 10}}, {"pay": {T: 5}}],
    142: [{"pay": {W: 8, S: 8}}],
    143: [{"require": {"mp": 12}, "pay": {"mp": 6, C: 6}}],
    144: [{"require": {"mp": 14}, "pay": {"mp": 7, SV: 5}}],
}
THRESHOLD = {
    97: 2, 98: 2, 99: 1, 100: 1, 101: 5, 102: 3, 103: 7, 104: 1, 105: 6, 106: 5, 107: 1, 108: 7,
    109: 1, 110: 5, 111: 1, 112: 1, 113: 3, 114: 5, 115: 4, 116: 7, 117: 6, 118: 7, 119: 1, 120: 5,
}  # fmt: skip
END_VP = {133: 0, 134: 0, 135: 0, 136: 5, 137: 0, 138: 5, 139: 3, 140: 6, 141: 15, 142: 12, 143: 10, 144: 12}
IMMEDIATE_GAIN: dict[int, dict[str, int]] = {
    98: {T: 1}, 102: {SV: 1, S: 1, W: 1, C: 1}, 105: {T: 2}, 106: {W: 2, S: 2, C: 2}, 107: {"fp": 2},
    108: {"vp": 3}, 109: {"vp": 2}, 110: {"vp": 4}, 111: {"vp": 2}, 112: {"vp": 2}, 113: {"vp": 5},
    114: {"vp": 4, "fp": 1}, 115: {"vp": 6, T: 1}, 116: {"vp": 7}, 117: {"vp": 7}, 118: {"vp": 2},
    119: {"vp": 15}, 120: {"vp": 8}, 121: {"fp": 1}, 123: {T: 1}, 124: {T: 1}, 126: {T: 1},
    127: {"vp": 2}, 128: {T: 2}, 133: {T: 2}, 134: {W: 2, S: 2}, 135: {SV: 3}, 137: {"mp": 2},
    138: {"fp": 5, T: 1}, 139: {T: 3}, 141: {"mp": 2}, 142: {T: 3}, 143: {"fp": 4},
}  # fmt: skip


def _card(cid: int) -> dict[str, Any]:
    card: dict[str, Any] = H["cards"][str(cid)]
    return card


@pytest.mark.parametrize("cid", range(97, 145))
def test_s20_2_card_printed_cost_threshold_gain_and_end_vp(cid: int) -> None:
    card = _card(cid)
    assert card["costs"] == COSTS.get(cid, []), cid
    if card["type"] in ("territory", "building"):
        part = "harvest" if card["type"] == "territory" else "production"
        assert card[part]["value"] == THRESHOLD[cid]
    else:
        assert "harvest" not in card and "production" not in card
    assert card.get("end_vp") == END_VP.get(cid)
    gains: Counter[str] = Counter()
    for e in card["immediate"]:
        if e["op"] == "gain":
            gains.update(e["res"])
    assert dict(gains) == IMMEDIATE_GAIN.get(cid, {}), cid


def test_s20_2_card_104_loses_3_vp_and_card_119_is_the_trap() -> None:
    assert _card(104)["immediate"] == [{"op": "lose", "res": {"vp": 3}}]
    assert _card(119)["production"] == {"value": 1, "effects": [{"op": "lose", "res": {"vp": 3}}]}
    assert H["engine"]["card_119_loss_mandatory"] is True


def test_s20_2_cards_130_and_132_search_the_discard_pile() -> None:
    assert _card(130)["immediate"] == [{"op": "take_discarded", "card_types": list(CARD_TYPES)}]
    assert _card(132)["immediate"] == [{"op": "take_discarded", "card_types": ["venture"]}]
    assert "never discarded" in H["special_tower"]["leftover_cards"]


def test_s20_2_card_133_two_vp_per_held_token_max_12() -> None:
    assert _card(133)["end_effects"] == [{"op": "end_vp_per_set", "set": {T: 1}, "vp": 2, "max": 12}]
    assert _card(134)["end_effects"] == [{"op": "end_vp_per_set", "set": {W: 1, S: 1}, "vp": 2, "max": 12}]
    assert _card(135)["end_effects"] == [{"op": "end_vp_per_set", "set": {SV: 1}, "vp": 1, "max": 12}]
    assert _card(137)["end_effects"] == [{"op": "end_vp_per_set", "set": {"mp": 2}, "vp": 1, "max": None}]


def test_s20_2_face_up_token_cards_98_and_128() -> None:
    assert _card(98)["immediate"][-1] == {"op": "place_face_up_token"}
    assert _card(98)["harvest"] == {"value": 2, "effects": [{"op": "face_up_token_bonus"}]}
    assert _card(128)["immediate"][-1] == {"op": "place_face_up_token"}
    assert _card(128)["permanent"] == [{"op": "market_face_up_token_bonus"}]


def test_s20_2_value_capped_cards_99_100_107_and_repeat_exchanges_111_112() -> None:
    for cid, key, ctype in ((99, W, "venture"), (100, S, "character"), (107, "vp", "building")):
        (e,) = _card(cid)["harvest"]["effects"]
        assert e == {"op": "gain_per_card_up_to_value", "res": {key: 1}, "card_type": ctype}
    for cid, key in ((111, S), (112, W)):
        (e,) = _card(cid)["production"]["effects"]
        assert e["op"] == "exchange_up_to_value" and e["pay"] == {key: 1}
        assert e["effects"] == [{"op": "gain", "res": {C: 1, "vp": 1}}]


def test_s20_2_activation_cards_113_114_140_144() -> None:
    def act(cid: int, part: str) -> Any:
        return _card(cid)[part] if part == "immediate" else _card(cid)[part]["effects"]

    assert act(113, "production") == [{"op": "activate_cards", "card_types": ["building"], "count": 1}]
    assert act(114, "production") == [
        {"op": "activate_cards", "card_types": ["building", "territory"], "count": 1}
    ]
    assert act(140, "immediate") == [{"op": "activate_cards", "card_types": ["territory"], "count": 2}]
    assert act(144, "immediate") == [{"op": "activate_cards", "card_types": ["building"], "count": 2}]


def test_s20_2_leader_cards_110_117_121_122_124_125_127_129() -> None:
    options = _card(110)["production"]["effects"][0]["options"]
    assert options[1] == {"pay": {T: 3}, "effects": [{"op": "play_leader_free"}]}
    assert _card(117)["production"]["effects"] == [{"op": "gain_per_played_leader", "res": {"vp": 2}}]
    assert {"op": "draw_leaders", "count": 1} in _card(121)["immediate"]
    assert _card(122)["immediate"] == [{"op": "draw_leaders", "count": 2}]
    assert _card(124)["permanent"][0]["op"] == "on_play_leader"
    assert _card(125)["immediate"] == [{"op": "play_leader_free"}]
    assert _card(127)["permanent"] == [{"op": "leader_requirement_waiver", "count": 1}]
    assert _card(129)["immediate"] == [{"op": "gain_per_played_leader", "res": {"vp": 3}}]


# ---------------------------------------------------------------------------------------------
# Families and Leaders (§20.1, §20.3, corrections)
# ---------------------------------------------------------------------------------------------


def _ops(record: dict[str, Any]) -> list[str]:
    return [e["op"] for e in record["effects"]]


def test_s20_1_family_powers() -> None:
    f = H["families"]
    assert f["colonna"]["effects"] == [{"op": "extra_family_member", "member": "brown", "value": 3}]
    assert f["este"]["effects"] == [{"op": "convert", "pay": {"mp": 1}, "gain": {C: 2}}]
    assert f["malatesta"]["effects"] == [{"op": "military_cost_not_paid", "card_types": ["venture"]}]
    assert f["gonzaga"]["effects"][0]["pay"] == {SV: 7} and f["gonzaga"]["effects"][0]["towers"] == "base"
    assert f["della_scala"]["effects"][0] == {"op": "privilege_rule", "exclude": ["faith"], "also": {"fp": 1}}
    assert "faith" in PRIVILEGES
    assert _ops(f["medici"]) == ["when_take_card", "card_limit", "scoring_table_extension"]
    assert f["medici"]["effects"][2]["values"] == {"7": 28, "8": 36}
    rewards = f["orsini"]["effects"][0]["rewards"]
    assert rewards["3"] == [{"op": "gain", "res": {"vp": 10}}]
    assert rewards["4"] == [{"op": "gain", "res": {"vp": 15}}]
    assert _ops(f["aragonesi"]) == ["when_take_card"]
    assert _ops(f["da_montefeltro"]) == ["store_building_materials"]
    assert f["della_rovere"]["effects"][1] == {"op": "excommunication_vp_loss", "vp": 5}


def test_corrections_sforza_plays_one_leader_ignoring_requirements() -> None:
    assert H["families"]["sforza"]["effects"] == [{"op": "setup_leaders", "count": 2, "play_free": 1}]
    assert "ignoring its requirements" in H["families"]["sforza"]["text"]
    assert H["families"]["visconti"]["effects"][0] == {"op": "setup_leaders", "count": 2, "play_free": 0}


def test_corrections_della_rovere_has_three_faith_tiles() -> None:
    tiles = H["families"]["della_rovere"]["faith_tiles"]
    assert len(tiles) == 3
    steps = [t["step"] for t in tiles.values()]
    assert steps == sorted(set(steps)) and all(1 <= s <= 15 for s in steps)


def test_s20_1_visconti_five_tokens() -> None:
    assert len(H["families"]["visconti"]["visconti_tokens"]) == 5


def test_s20_3_leader_requirements_use_known_kinds() -> None:
    kinds = set(H["requirement_kinds"])
    for lid, leader in H["leaders"].items():
        req = leader["requirement"]
        assert req and set(req) <= kinds, lid
        for key in ("cards", "cards_max"):
            assert set(req.get(key, {})) <= set(CARD_TYPES), lid


def test_s20_3_leader_abilities_as_printed() -> None:
    L = H["leaders"]
    assert L["carlo_viii"]["effects"] == [{"op": "servant_value", "points_per_servant": 2}]
    assert L["martin_lutero"]["requirement"] == {"res": {"mp": 7}, "cards": {t: 1 for t in CARD_TYPES}}
    assert L["bramante"]["effects"] == [{"op": "member_action", "actions": ["harvest", "production"]}]
    assert L["pietro_bembo"]["effects"] == [{"op": "gain", "res": {C: 3, SV: 3}}]
    assert L["piero_della_francesca"]["requirement"] == {"res": {T: 4, "vp": 10}}
    assert L["massimiliano_i_dasburgo"]["effects"] == [{"op": "gain", "res": {T: 3, "vp": 5}}]
    assert L["guglielmo_de_pazzi"]["effects"] == [{"op": "gain", "res": {"mp": 2, "fp": 3}}]
    assert L["erasmo_da_rotterdam"]["effects"] == [{"op": "gain", "res": {W: 3, S: 3, "vp": 3}}]
    assert L["ferdinando_daragona"]["requirement"]["res_sum_max"] == {"wood+stone": 1}
    assert L["giulio_ii"]["requirement"] == {"cards_total": 9, "card_types_max": 3}
    assert L["jacopo_salviati"]["effects"] == [{"op": "extra_privilege", "count": 1, "distinct": False}]
