"""The content file, provisional marks, and owner overrides (issue 4, "Uncertain values")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.lancaster import (
    GAME,
    DataError,
    apply_overrides,
    configure,
    load_base,
    load_content,
    make_game,
    validate,
)
from rules.lancaster.data import EFFECT_PARAMS, fingerprint

from .helpers import rules_variant, run_steps, setup_game


def _effects(node):
    if isinstance(node, dict):
        if "type" in node and node["type"] in EFFECT_PARAMS:
            yield node
        for v in node.values():
            yield from _effects(v)
    elif isinstance(node, list):
        for v in node:
            yield from _effects(v)


def test_base_data_is_valid_and_every_effect_is_known() -> None:
    data = load_base()
    assert validate(data) == []
    effects = list(_effects(data))
    assert len(effects) > 40
    assert {e["type"] for e in effects} <= set(EFFECT_PARAMS)


def test_data_ids_unique_and_complete() -> None:
    data = load_base()
    assert sorted(data["counties"]) == list("ABCDEFGHI") == sorted(data["nobles"])
    assert len(data["conflicts"]) == 12 and len(data["laws"]) == 18 and len(data["kings_favor"]) == 6
    assert len(data["castle"]) == 6
    backs = sorted(law["back"] for law in data["laws"].values())
    assert backs == [0] * 3 + [1] * 4 + [2] * 4 + [3] * 4 + [4] * 3


def test_every_unknown_value_is_marked_provisional_with_a_one_line_reason() -> None:
    data = load_base()
    marks = data["provisional"]
    for reason in marks.values():
        assert reason.strip() and "\n" not in reason and len(reason) < 200
    # The [U] items of the reference (lancaster.md section 16) are all covered.
    for path in [
        "counties.A.min_strength",
        "counties.A.reward",
        "counties.H.name",
        "castle",
        "conflicts.K07.france",
        "conflicts.K01.pp",
        "kings_favor",
        "laws.L17",
        "laws.L18",
        "laws.L05.back",
        "final_scoring.castle",
        "final_scoring.knights",
        "ransom_gold_per_strength",
        "ally.castle",
        "ally.county_effects",
        "noble_castle_votes",
    ]:
        assert path in marks, path
    # Known values are not marked: Gloucester's minimum, the 2 and 10 France values.
    for path in ["counties.D.min_strength", "conflicts.K01.france", "conflicts.K12.france"]:
        assert path not in marks


def test_10_noble_table_confirmed_by_the_corrections_is_no_longer_provisional() -> None:
    """Corrections 2026-12 (Lancaster): the noble end-bonus table 0, 1, 3, 6, ... (36 for 9) is
    confirmed by a second source, so it left the provisional list (lancaster.md 16 had it [U])."""
    data = load_base()
    assert data["noble_points"] == [0, 0, 1, 3, 6, 10, 15, 21, 28, 36]
    assert "noble_points" not in data["provisional"]


def test_rules_help_lists_options_and_every_provisional_value() -> None:
    text = GAME.rules_help()
    for path in GAME.data["provisional"]:
        assert f"`{path}`" in text
    for option in GAME.options():
        assert f"`{option.name}`" in text
    assert "knight 3 county:D squires=2" in text and "vote yes markers=2" in text
    assert "Rules choices" in text and "LANCASTER_OVERRIDES" in text


def test_override_merges_and_clears_the_provisional_mark() -> None:
    base = load_base()
    data = apply_overrides(
        base, {"counties": {"A": {"min_strength": 3}}, "conflicts": {"K07": {"pp": [7, 4, 2]}}}
    )
    assert data["counties"]["A"]["min_strength"] == 3
    assert data["counties"]["A"]["name"] == base["counties"]["A"]["name"]
    assert data["conflicts"]["K07"] == {"france": 6, "pp": [7, 4, 2]}
    assert "counties.A.min_strength" not in data["provisional"]
    assert "counties.A.reward" in data["provisional"]
    assert "conflicts.K07.pp" not in data["provisional"]
    assert base["counties"]["A"]["min_strength"] == 4  # the base is not changed
    marked = apply_overrides(base, {"provisional": {"castle": None, "setup.gold": "checked? not yet"}})
    assert "castle" not in marked["provisional"] and "setup.gold" in marked["provisional"]


def test_override_errors_list_every_problem_with_its_path() -> None:
    bad = {
        "counties": {"A": {"min_strength": 7, "colour": "red"}},
        "conflicts": {"K02": {"france": "three"}},
        "kings_favor": [[{"type": "teleport"}]],
        "laws": {"L04": {"back": 0}},
        "noble_points": [0, 1],
    }
    with pytest.raises(DataError) as info:
        apply_overrides(load_base(), bad)
    problems = info.value.problems
    text = str(info.value)
    for fragment in [
        "counties.A.min_strength: expected a whole number from 1 to 4, got 7",
        "counties.A.colour: unknown key",
        'conflicts.K02.france: expected a whole number from 0 to 50, got "three"',
        "kings_favor[0][0].type: unknown effect type 'teleport'",
        "laws: exactly 3 laws must have back number 0",
        "noble_points: expected 10 values",
    ]:
        assert any(fragment in p for p in problems), fragment
        assert fragment in text


def test_override_rejects_a_deck_too_small_and_unknown_card_ids() -> None:
    with pytest.raises(DataError, match="leaves 9 conflict cards, but 10 are revealed"):
        apply_overrides(load_base(), {"setup": {"conflicts_removed": {"3": ["K01", "K02", "K03"]}}})
    with pytest.raises(DataError, match='unknown conflict card "K99"'):
        apply_overrides(load_base(), {"setup": {"conflicts_removed": {"3": ["K99", "K01"]}}})


def test_configure_from_a_file_and_refuse_a_bad_file(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(
        json.dumps({"counties": {"G": {"reward": [{"type": "gain", "resource": "gold", "amount": 5}]}}})
    )
    bad = tmp_path / "bad.json"
    bad.write_text('{"rounds": 0}')
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    original = GAME.data
    try:
        configure(good)
        assert GAME.data["counties"]["G"]["reward"][0]["amount"] == 5
        with pytest.raises(DataError, match="rounds: expected a whole number from 1 to 10, got 0"):
            configure(bad)
        with pytest.raises(DataError, match="not valid JSON"):
            configure(broken)
        with pytest.raises(DataError, match="cannot read override file"):
            configure(tmp_path / "missing.json")
        configure(None)
        assert GAME.data == load_content()
    finally:
        GAME.use_data(original)


def test_a_game_built_from_overridden_data_plays_the_new_values() -> None:
    data = apply_overrides(
        load_base(), {"counties": {"G": {"reward": [{"type": "gain", "resource": "gold", "amount": 5}]}}}
    )
    game = make_game(data)
    state = game.setup(3, 1)
    assert state["content"] == fingerprint(data) != GAME.fingerprint
    # A saved game refuses to load with other data.
    with pytest.raises(ValueError, match="different game data"):
        GAME.from_json(game.to_json(state))
    with pytest.raises(DataError):
        make_game({"schema": 1})


def test_engine_flag_surrey_unclaimed_start_player_passes_clockwise_when_false() -> None:
    with rules_variant({"engine": {"surrey_unclaimed_keeps_start_player": False}}):
        state = setup_game(3)
        state, _ = run_steps(state, ["end_round"])
        assert state["start_player"] == 1
    state = setup_game(3)
    state, _ = run_steps(state, ["end_round"])
    assert state["start_player"] == 0


CHOICES = [
    "engine.conflict_rank_ties",
    "engine.unjoined_conflicts",
    "engine.ally_conflict_rank",
    "engine.knight_on_extended_space",
    "engine.deployed_includes_castle",
    "engine.surrey_unclaimed_keeps_start_player",
    "final_scoring.tie_break",
    "final_scoring.knights",
    "laws.L16.effects",
    "counties.D.reward",
]


def test_16_every_rules_choice_is_provisional_and_in_the_rules_help() -> None:
    text = GAME.rules_help()
    for path in CHOICES:
        assert path in GAME.data["provisional"], path
        assert f"`{path}`" in text, path
    assert GAME.data["engine"]["conflict_rank_ties"] == "higher_space"
    assert GAME.data["final_scoring"]["tie_break"] == ["nobles", "knight_strength"]


def test_16_a_reading_outside_the_named_ones_is_refused() -> None:
    with pytest.raises(DataError) as err:
        apply_overrides(
            load_base(),
            {
                "engine": {"conflict_rank_ties": "split", "knight_on_extended_space": "yes"},
                "final_scoring": {"tie_break": ["gold"], "knights": {"measure": "height"}},
            },
        )
    text = str(err.value)
    assert "engine.conflict_rank_ties: expected one of higher_space, shared" in text
    assert "engine.knight_on_extended_space: expected true or false" in text
    assert "final_scoring.tie_break[0]" in text and "final_scoring.knights.measure" in text
