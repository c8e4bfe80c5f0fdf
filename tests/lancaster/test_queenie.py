"""Queenie 1: Reward Tiles (option ``queenie``). Test names cite rules/lancaster/EXPANSIONS.md
section 6 (Q1-Q6), 3.3 (setup), 7 (C3, C4), 8 (S2, S3), 9 (scoring) and lancaster.md 14/16."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.lancaster import GAME, load_base
from rules.lancaster.data import DataError, apply_overrides, fingerprint, load_content

from .helpers import deploy, empty_courts, give_court, move_texts, play, rules_variant, run_steps, setup_game


def _with_tile(players: int = 3, letter: str = "C", **options: Any) -> dict[str, Any]:
    """A queenie game in phase 1 with ``letter``'s tile beside its county, courts empty."""
    state = setup_game(players, queenie=True, **options)
    state["reward_tiles"] = [letter]
    state["reward_bag"] = [x for x in "ABCDEFGHI" if x != letter][:8]
    empty_courts(state)
    return state


def test_Q1_setup_the_bag_holds_nine_tiles_A_to_I_in_a_secret_order() -> None:
    state = GAME.setup(3, 5, {"queenie": True})
    assert sorted(state["reward_bag"]) == list("ABCDEFGHI")
    orders = {tuple(GAME.setup(3, seed, {"queenie": True})["reward_bag"]) for seed in range(8)}
    assert len(orders) > 1  # shuffled by the seed
    for seat in (None, 0, 1, 2):
        text = json.dumps(GAME.player_view(state, seat))
        assert "reward_bag" not in text and '"bag": 9' in text  # S3: a count only


def test_Q1_base_setup_draws_are_the_same_with_the_option() -> None:
    base, tiles = GAME.setup(4, 9, {}), GAME.setup(4, 9, {"queenie": True})
    for key in ("start_player", "conflict_deck", "conflicts", "law_pile", "noble_stacks"):
        assert base[key] == tiles[key]
    assert "reward_bag" not in base and "reward_tiles" not in base


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_Q2_one_tile_per_round_from_round_1_beside_the_county_of_its_letter(players: int) -> None:
    state = setup_game(players, queenie=True)
    first = state["reward_tiles"]
    assert len(first) == 1 and len(state["reward_bag"]) == 8
    view = GAME.player_view(state, None)
    assert view["expansions"]["queenie"]["tiles"][0]["letter"] == first[0]
    empty_courts(state)
    state, events = run_steps(state, ["rewards"])
    assert state["round"] == 2 and len(state["reward_tiles"]) == 1 and len(state["reward_bag"]) == 7
    letter = state["reward_tiles"][0]
    assert any(f"Reward tile {letter}" in e and f"county {letter}" in e for e in events)


def test_Q2_the_tile_goes_by_the_county_letter_with_random_noble_stacks() -> None:
    state = _with_tile(letter="C", noble_stacks="random")
    deploy(state, 0, 2, "county:C")  # C: 2 squires + ...; tile C: 2 squires
    before = state["seats"][0]["squires"]
    state, _ = run_steps(state, ["county:C"])
    printed = sum(e["amount"] for e in GAME.data["counties"]["C"]["reward"] if e.get("resource") == "squire")
    state, events = play(state, 0, "take reward")
    assert state["seats"][0]["squires"] == before + printed + 2
    assert any("takes reward tile C (2 squires)" in e for e in events)


def test_Q3_taking_the_reward_gains_the_tile_right_after_the_printed_reward() -> None:
    state = _with_tile(letter="H")  # H: 2 squires + 1 vote marker; tile H: 1 gold + 1 squire
    deploy(state, 1, 3, "county:H")
    state, _ = run_steps(state, ["county:H"])
    me = dict(state["seats"][1])
    state, events = play(state, 1, "take reward")
    after = state["seats"][1]
    assert (after["gold"], after["squires"], after["vote_markers"]) == (
        me["gold"] + 1,
        me["squires"] + 3,
        me["vote_markers"] + 1,
    )
    took = next(i for i, e in enumerate(events) if "took the reward" in e)
    tile = next(i for i, e in enumerate(events) if "reward tile H" in e)
    assert took < tile and state["reward_tiles"] == []


def test_Q3_taking_both_gains_the_tile_and_the_noble_alone_does_not() -> None:
    state = _with_tile(letter="F")  # F: a 1-knight + 1 gold; tile F: 4 PP
    deploy(state, 0, 3, "county:F")
    state["seats"][0]["gold"] = 3
    state, _ = run_steps(state, ["county:F"])
    assert "reward tile F: 4 PP, with the reward" in GAME.prompt(state, 0).text
    both, _ = play(state, 0, "take both")
    assert both["seats"][0]["power_points_by_source"] == {"reward tiles": 4}
    noble, events = play(state, 0, "take noble")
    assert noble["seats"][0]["power_points"] == 0 and noble["reward_tiles"] == ["F"]
    assert not any("reward tile" in e for e in events)


def test_Q3_reading_occupant_gives_the_tile_whatever_is_taken() -> None:
    with rules_variant({"queenie": {"engine": {"tile_goes_with": "occupant"}}}):
        state = _with_tile(letter="F")
        deploy(state, 0, 3, "county:F")
        state, _ = run_steps(state, ["county:F"])
        state, _ = play(state, 0, "take noble")
        assert state["seats"][0]["power_points"] == 4 and state["reward_tiles"] == []


def test_Q4_tile_G_upgrades_any_own_knight_and_names_the_tile() -> None:
    state = _with_tile(letter="G")
    give_court(state, 0, [1, 2])
    deploy(state, 0, 1, "county:G")
    state, _ = run_steps(state, ["county:G"])
    state, _ = play(state, 0, "take reward")
    assert "for the reward tile" in GAME.prompt(state, 0).text
    assert "upgrade court:2" in move_texts(state, 0) and "upgrade county:G" in move_texts(state, 0)


def test_Q4_C3_with_henry_v_tiles_A_D_F_are_the_seal_tiles() -> None:
    from rules.lancaster import queenie

    data = GAME.data
    plain = queenie.tiles(data, {"options": {"queenie": True}})
    sealed = queenie.tiles(data, {"options": {"queenie": True, "henry_v": True}})
    assert [plain[x][0]["resource"] for x in "ADF"] == ["power_points"] * 3
    assert [sealed[x][0]["resource"] for x in "ADF"] == ["royal_seal"] * 3
    assert {x: sealed[x] for x in "BCEGHI"} == {x: plain[x] for x in "BCEGHI"}


def test_Q5_an_unclaimed_tile_leaves_at_the_end_of_the_round() -> None:
    state = _with_tile(letter="E")
    state, events = run_steps(state, ["end_round"])
    assert "E" not in state["reward_tiles"] and "E" not in state["reward_bag"]
    assert "Unclaimed reward tile E leaves the game." in events


def test_Q5_reading_stays_keeps_it_until_that_reward_is_taken() -> None:
    with rules_variant({"queenie": {"engine": {"unclaimed_tile": "stays"}}}):
        state = _with_tile(letter="E")
        state, _ = run_steps(state, ["end_round"])
        assert state["reward_tiles"][0] == "E" and len(state["reward_tiles"]) == 2


def test_Q5_five_of_the_nine_tiles_are_seen_in_a_game() -> None:
    state = setup_game(3, queenie=True)
    seen = set(state["reward_tiles"])
    while state["phase"] != "over":
        empty_courts(state)
        state, _ = run_steps(state, ["rewards"])
        seen |= set(state.get("reward_tiles", []))
    assert len(seen) == 5 and len(state["reward_bag"]) == 4


@pytest.mark.parametrize("ally_takes", [False, True])
def test_Q6_an_ally_forfeits_the_tile_unless_the_reading_lets_it_keep_an_upgrade(ally_takes: bool) -> None:
    with rules_variant({"queenie": {"engine": {"ally_takes_tile": ally_takes}}}):
        state = _with_tile(players=2, letter="G")
        deploy(state, 2, 2, "county:G")  # seat 0's ally
        state, _ = run_steps(state, ["county:G"])
        state, events = play(state, 0, "take reward")
        assert state["reward_tiles"] == []
        asked = state["pending"] is not None and state["pending"]["kind"] == "upgrade"
        assert asked == ally_takes
        assert any("forfeits reward tile G" in e for e in events) != ally_takes


def test_Q6_an_ally_forfeits_goods_tiles_with_either_reading() -> None:
    state = _with_tile(players=2, letter="B")
    deploy(state, 3, 2, "county:B")
    state, _ = run_steps(state, ["county:B"])
    gold = state["seats"][1]["gold"]
    state, events = play(state, 1, "take reward")
    assert state["seats"][1]["gold"] == gold and any("forfeits reward tile B" in e for e in events)


def test_9_tile_power_points_are_a_breakdown_line_of_their_own() -> None:
    state = _with_tile(letter="F")
    deploy(state, 2, 3, "county:F")
    state, _ = run_steps(state, ["county:F"])
    state, _ = play(state, 2, "take reward")
    state["phase"] = "over"
    outcome, plain = GAME.outcome(state), GAME.outcome({**setup_game(3), "phase": "over"})
    assert outcome is not None and plain is not None
    assert outcome.breakdown[2]["reward tiles"] == 4 and "other" not in outcome.breakdown[2]
    assert all("reward tiles" not in b for b in plain.breakdown)


def test_1_1_fingerprint_covers_only_the_expansions_in_use() -> None:
    base_game = GAME.setup(3, 1, {})
    assert base_game["content"] == fingerprint(load_base())  # as before the expansions existed
    tiles = GAME.setup(3, 1, {"queenie": True})
    assert tiles["content"] != base_game["content"]
    changed = apply_overrides(
        load_content(), {"queenie": {"tiles": {"B": [{"type": "gain", "resource": "gold", "amount": 3}]}}}
    )
    other = type(GAME)(changed)
    assert other.engine.fingerprint_for({}) == base_game["content"]  # base games unaffected
    assert other.engine.fingerprint_for({"queenie": True}) != tiles["content"]


def test_1_1_an_override_corrects_a_tile_and_drops_its_mark() -> None:
    data = apply_overrides(
        load_content(), {"queenie": {"tiles": {"B": [{"type": "gain", "resource": "gold", "amount": 3}]}}}
    )
    assert "queenie.tiles.B" not in data["provisional"] and "queenie.tiles.C" in data["provisional"]
    with pytest.raises(DataError, match=r"queenie\.engine\.unclaimed_tile"):
        apply_overrides(load_content(), {"queenie": {"engine": {"unclaimed_tile": "never"}}})
    with pytest.raises(DataError, match=r"queenie\.tiles\.Z"):
        apply_overrides(load_content(), {"queenie": {"tiles": {"Z": []}}})


def test_1_1_the_option_is_offered_and_its_values_are_in_the_rules_help() -> None:
    option = next(o for o in GAME.options() if o.name == "queenie")
    assert option.default is False and "provisional" in option.description
    text = GAME.rules_help()
    assert "## Queenie 1: Reward Tiles (option `queenie`)" in text
    assert "- `queenie.tiles.A` = 4 PP" in text and "`queenie.engine.tile_goes_with`" in text


def test_Q2_a_guided_county_choice_names_the_tile_lying_beside_it() -> None:
    """The county's step said only its printed reward; the tile beside it is part of the choice."""
    state = _with_tile(3, "H")  # H: 2 squires + 1 vote marker; tile H: 1 gold + 1 squire
    give_court(state, 0, [1])
    moves = [mv for mv in GAME.legal_moves(state, 0) if "county:" in mv.to_text()]
    details = {own[2].label: own[2].detail for own in GAME.move_steps(state, 0, moves)}
    assert details["H Bedford"].endswith("; reward tile: 1 gold + 1 squire")
    assert "reward tile" not in details["G Somerset"]
