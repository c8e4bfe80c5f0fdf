"""The expansion content file (issue 14): rules/lancaster/data/expansions.json.

Read directly, not through rules.lancaster.data, until the engine wires the expansions in
(rules/lancaster/EXPANSIONS.md, section 1). Test names cite the reference sections: lancaster.md
12 (Henry V), 13 (The King's Resentment), 14 (Queenie 1), 17.6 (JP-HV), the corrections file
corrections-2026-12.md, and EXPANSIONS.md sections (1, H, R, Q, C).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rules.lancaster import GAME, load_base
from rules.lancaster.data import EFFECT_PARAMS, METRICS, OPS, RESOURCES

PATH = Path(__file__).resolve().parents[2] / "rules" / "lancaster" / "data" / "expansions.json"
COUNTS = ("2", "3", "4", "5")
MARK_KEYS = ("schema", "sources", "provisional")

# Vocabulary the expansions add to data.py's (EXPANSIONS.md section 1.3). The engine helper moves
# these into data.py; the checks below accept either place.
NEW_RESOURCES = ("royal_seal", "dishonor")
NEW_METRICS = ("royal_seals_owned", "dishonor_markers", "lord_on_office", "knights_in_tower")
NEW_EFFECT_PARAMS: dict[str, dict[str, str]] = {
    "gain_privilege": {"privilege": "privilege", "amount": "int"},
    "lose": {"resource": "resource", "amount": "int"},
}
PRIVILEGE_IDS = ("shield", "archer", "tudor_knight")
PLACES = ("county", "conflict", "lord")

# Named readings (EXPANSIONS.md section 1.4): the first is the default and the value shipped.
CHOICES: dict[str, tuple[bool | str, ...]] = {
    "henry_v.engine.lord_may_stay_home": (True, False),
    "henry_v.engine.office_cost_paid": ("on_placement", "on_filling"),
    "henry_v.engine.escort_deployed": (True, False),
    "henry_v.engine.seals_secret": (False, True),
    "kings_resentment.engine.dishonor_takers": ("absentees", "participants"),
    "kings_resentment.engine.unjoined_cards_dishonor": (True, False),
    "kings_resentment.engine.tower_requirement": ("at_least_neutral", "above_neutral", "none"),
    "kings_resentment.engine.ally_knights_protect": (False, True),
    "kings_resentment.engine.tower_knights_deployed": (True, False),
    "queenie.engine.tile_goes_with": ("reward", "occupant"),
    "queenie.engine.unclaimed_tile": ("removed", "stays"),
    "queenie.engine.ally_takes_tile": (False, True),
    "extra_laws.mix": ("shuffle_into_groups", "replace_two_per_group"),
}


def _load() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(PATH.read_text(encoding="utf-8"))
    return data


def _at(data: dict[str, Any], path: str) -> Any:
    node: Any = data
    for part in path.split("."):
        assert isinstance(node, dict) and part in node, f"{path}: no such value"
        node = node[part]
    return node


def _leaves(node: Any, prefix: str = "") -> Iterator[str]:
    """Dotted paths of every value that is not an object (lists are whole values, as in overrides)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if not prefix and key in MARK_KEYS:
                continue
            yield from _leaves(value, f"{prefix}{key}.")
    else:
        yield prefix[:-1]


def _covered(path: str, marks: dict[str, str]) -> list[str]:
    return [m for m in marks if path == m or path.startswith(m + ".")]


def _effect_lists(data: dict[str, Any]) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    hv, q = data["henry_v"], data["queenie"]
    for oid, office in hv["offices"].items():
        yield f"henry_v.offices.{oid}.reward", office["reward"]
    yield "henry_v.treasury.empty_reward", hv["treasury"]["empty_reward"]
    for key in ("tiles", "seal_tiles"):
        for letter, tile in q[key].items():
            yield f"queenie.{key}.{letter}", tile
    for lid, law in data["extra_laws"]["laws"].items():
        yield f"extra_laws.laws.{lid}.effects", law["effects"]


def _cost_lists(data: dict[str, Any]) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    hv = data["henry_v"]
    for oid, office in hv["offices"].items():
        yield f"henry_v.offices.{oid}.cost", office["cost"]
    yield "henry_v.treasury.cost", hv["treasury"]["cost"]
    yield "henry_v.lord.bishop_cost", hv["lord"]["bishop_cost"]
    for pid, privilege in hv["privileges"].items():
        yield f"henry_v.privileges.{pid}.cost", privilege["cost"]


# --------------------------------------------------------------------------------------------
# Counts from the seed
# --------------------------------------------------------------------------------------------


def test_12_henry_v_components_and_setup_match_the_seed() -> None:
    hv = _load()["henry_v"]
    setup = hv["setup"]
    assert setup["privileges"] == {"shield": 2, "archer": 3, "tudor_knight": 3}
    assert sum(setup["privileges"].values()) == 8
    assert setup["royal_seals"] == 24
    assert setup["office_cards"] == 3 == len(hv["offices"])
    assert setup["bishops"] == 9
    assert setup["bishops_on_board"] == {"2": 5, "3": 5, "4": 7, "5": 9}
    assert max(setup["bishops_on_board"].values()) <= setup["bishops"]
    assert setup["lords"] == 5  # one per colour: enough for every seat at 5 players
    assert setup["vote_markers"] == 2
    assert sorted(hv["privileges"]) == sorted(PRIVILEGE_IDS) == sorted(setup["privileges"])


def test_13_kings_resentment_track_and_tower_match_the_seed() -> None:
    kr = _load()["kings_resentment"]
    setup = kr["setup"]
    assert setup["dishonor_markers"] == 38
    assert setup["per_space"] == {"2": 2, "3": 3, "4": 4, "5": 4}
    assert setup["tower_knight"] == {"2": 4, "3": 3, "4": 2, "5": 0}  # 0 = no non-player knight
    knights = set(load_base()["knight_set"])
    for count in COUNTS:
        # The track's markers come out of the 38; the rest go to the supply box.
        assert setup["track_spaces"] * setup["per_space"][count] <= setup["dishonor_markers"]
        strength = setup["tower_knight"][count]
        assert strength == 0 or strength in knights


def test_14_queenie_nine_tiles_A_to_I_and_seal_tiles_A_D_F() -> None:
    q = _load()["queenie"]
    base = load_base()
    assert sorted(q["tiles"]) == sorted(base["counties"]) == list("ABCDEFGHI")
    assert sorted(q["seal_tiles"]) == ["A", "D", "F"]
    assert q["draw_per_round"] == 1
    assert q["draw_per_round"] * base["rounds"] <= len(q["tiles"])  # the bag never runs out
    for letter, tile in q["tiles"].items():
        resources = {e.get("resource") for e in tile}
        if letter in q["seal_tiles"]:
            assert resources == {"power_points"}, letter  # SEED: A, D, F are the power-point tiles
        else:
            assert not resources & {"power_points", "royal_seal"}, letter
    for letter, tile in q["seal_tiles"].items():
        assert {e.get("resource") for e in tile} == {"royal_seal"}, letter


def test_12_extra_laws_eight_two_per_pile_group_and_the_pile_stays_full() -> None:
    data = _load()
    extra = data["extra_laws"]
    base = load_base()
    laws = extra["laws"]
    assert extra["requires"] == ["henry_v", "kings_resentment"]
    assert len(laws) == 8 and not set(laws) & set(base["laws"])
    assert sorted(law["back"] for law in laws.values()) == [1, 1, 2, 2, 3, 3, 4, 4]
    # C3 mix: each back group 1-4 gets its 2 extra laws and deals the base group size, so the
    # draw pile is still exactly the laws proposed in a game (3 per round x 5 rounds).
    groups = {g: sum(1 for law in base["laws"].values() if law["back"] == g) for g in range(1, 5)}
    extras = {g: sum(1 for law in laws.values() if law["back"] == g) for g in range(1, 5)}
    assert all(extras[g] <= groups[g] for g in groups)  # 'replace_two_per_group' is possible too
    assert sum(groups.values()) == base["rounds"] * base["setup"]["proposals_per_round"]
    for law in laws.values():
        assert law["text"].strip() and "\n" not in law["text"]


# --------------------------------------------------------------------------------------------
# Ids, vocabulary, readings
# --------------------------------------------------------------------------------------------


def test_1_ids_unique_and_no_clash_with_the_base_data() -> None:
    data = _load()
    base = load_base()
    own = set(data) - set(MARK_KEYS)
    assert own == {"henry_v", "kings_resentment", "queenie", "extra_laws"}
    assert not own & set(base)  # merged beside the base keys (EXPANSIONS.md 1.1)
    hv = data["henry_v"]
    court = [*hv["office_order"], "treasury"]
    assert sorted(hv["office_order"]) == sorted(hv["offices"]) and len(set(court)) == 4
    names = [o["name"] for o in hv["offices"].values()] + [hv["treasury"]["name"]]
    names += [p["name"] for p in hv["privileges"].values()]
    assert len(set(names)) == len(names)
    assert not set(data["provisional"]) & set(base["provisional"])


def _check_effect(effect: dict[str, Any], where: str) -> None:
    kind = effect["type"]
    params = EFFECT_PARAMS.get(kind) or NEW_EFFECT_PARAMS.get(kind)
    assert params is not None, f"{where}: unknown effect type {kind}"
    assert set(effect) == set(params) | {"type"}, where
    for name, expected in params.items():
        value = effect[name]
        if expected == "resource":
            assert value in RESOURCES + NEW_RESOURCES, where
        elif expected in ("metric",):
            assert value in METRICS + NEW_METRICS, where
        elif expected == "privilege":
            assert value in PRIVILEGE_IDS, where
        elif expected in ("int", "pos", "one", "strength"):
            assert isinstance(value, int) and not isinstance(value, bool) and value >= 1, where
        elif expected == "condition":
            assert set(value) == {"metric", "op", "value"}, where
            assert value["metric"] in METRICS + NEW_METRICS and value["op"] in OPS, where
        elif expected == "effects":
            for i, inner in enumerate(value):
                _check_effect(inner, f"{where}.{name}[{i}]")
        elif expected == "pay":
            _check_costs(value, f"{where}.pay", allow_empty=False)


def _check_costs(costs: list[dict[str, Any]], where: str, allow_empty: bool = True) -> None:
    assert isinstance(costs, list) and (allow_empty or costs), where
    for cost in costs:
        assert set(cost) == {"resource", "amount"}, where
        assert cost["resource"] in RESOURCES and cost["amount"] >= 1, where


def test_1_3_effects_use_the_base_vocabulary_plus_the_named_additions() -> None:
    data = _load()
    lists = list(_effect_lists(data))
    assert len(lists) == 3 + 1 + 9 + 3 + 8
    for where, effects in lists:
        assert isinstance(effects, list) and effects, where
        for i, effect in enumerate(effects):
            _check_effect(effect, f"{where}[{i}]")
    for where, costs in _cost_lists(data):
        _check_costs(costs, where)
    for pid, privilege in data["henry_v"]["privileges"].items():
        assert set(privilege["with"]) <= set(PLACES) and privilege["with"], pid
        assert privilege["per_placement"] >= 1 and 0 <= privilege["strength"] <= 4, pid


def test_1_4_readings_are_named_values_with_the_first_reading_shipped() -> None:
    data = _load()
    engine_paths = {
        f"{section}.engine.{key}"
        for section in ("henry_v", "kings_resentment", "queenie")
        for key in data[section]["engine"]
    }
    assert engine_paths | {"extra_laws.mix"} == set(CHOICES)
    for path, choices in CHOICES.items():
        value = _at(data, path)
        assert value == choices[0] and type(value) is type(choices[0]), path
        assert path in data["provisional"], path  # no source gives any of these readings


# --------------------------------------------------------------------------------------------
# Provisional marks (house rule; corrections-2026-12: every expansion value is still unknown)
# --------------------------------------------------------------------------------------------


def test_every_value_is_sourced_or_provisional_never_both() -> None:
    data = _load()
    prov, sources = data["provisional"], data["sources"]
    for mark in [*prov, *sources]:
        _at(data, mark)  # every mark names an existing value
    leaves = list(_leaves(data))
    assert len(leaves) > 80
    for path in leaves:
        p, s = _covered(path, prov), _covered(path, sources)
        assert len(p) + len(s) >= 1, f"{path}: neither sourced nor provisional"
        assert not (p and s), f"{path}: both sourced ({s}) and provisional ({p})"
    for reason in [*prov.values(), *sources.values()]:
        assert reason.strip() and "\n" not in reason and len(reason) < 200, reason


def test_corrections_2026_12_only_the_seed_setup_is_known() -> None:
    # "Still unknown: ... every Henry V, King's Resentment and Queenie 1 value": what is not a
    # seed setup number or name is provisional, even what JP-HV (one loose write-up) states.
    data = _load()
    for path in data["sources"]:
        parts = path.split(".")
        assert (
            parts[-1] == "name"
            or "setup" in parts
            or path
            in {
                "queenie.draw_per_round",
                "extra_laws.requires",
            }
        ), path
    for path in [
        "henry_v.offices.chancellor.cost",
        "henry_v.offices.chancellor.reward",
        "henry_v.offices.marshal.reward",
        "henry_v.offices.steward.cost",
        "henry_v.privileges.archer.strength",
        "henry_v.privileges.archer.cost",
        "henry_v.privileges.tudor_knight.strength",
        "henry_v.lord.strength",
        "henry_v.seal_points",
        "kings_resentment.setup.track_spaces",
        "kings_resentment.dishonor_points",
        "queenie.tiles.A",
        "queenie.seal_tiles.D",
    ]:
        assert _covered(path, data["provisional"]), path


def test_corrections_2026_12_starting_vote_markers_two_only_with_henry_v() -> None:
    data = _load()
    assert data["henry_v"]["setup"]["vote_markers"] == 2
    assert "SEED" in data["sources"]["henry_v.setup.vote_markers"]
    option = next(o for o in GAME.options() if o.name == "vote_markers")
    assert option.default == 1  # corrections: keep 1 in the base game


def test_14_seal_tile_worth_equals_the_power_point_tile_it_replaces() -> None:
    # lancaster-provisional: a seal tile (2 seals x 2 PP) is worth the 4 PP tile it replaces; the
    # values sit on one ladder, so an owner who corrects one must look at the other.
    data = _load()
    points = data["henry_v"]["seal_points"]
    for letter, tile in data["queenie"]["seal_tiles"].items():
        seals = sum(e["amount"] for e in tile)
        pp = sum(e["amount"] for e in data["queenie"]["tiles"][letter])
        assert seals * points == pp, letter


def test_12_H2_a_lord_can_always_be_boosted_within_the_smallest_bishop_pool() -> None:
    hv = _load()["henry_v"]
    lord = hv["lord"]
    assert lord["strength"] >= 1 and lord["escort_knights"] >= 0 and lord["bishop_strength"] >= 1
    assert lord["bishops"] <= min(hv["setup"]["bishops_on_board"].values())
    assert "lord" in hv["privileges"]["tudor_knight"]["with"]  # JP-HV: Tudor knights at court too
