"""Henry V - The Power of the King (option ``henry_v``). Test names cite rules/lancaster/
EXPANSIONS.md section 4 (H1-H7), 3.1 (setup), 7 (C3, C6), 8 (S2, S4, S6) and 9 (scoring)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.core import HIDDEN, IllegalMove
from rules.lancaster import GAME, henry
from rules.lancaster.data import DataError, apply_overrides, load_content

from .helpers import (
    deploy,
    empty_courts,
    give_court,
    move_texts,
    play,
    rules_variant,
    run_steps,
    set_cards,
    setup_game,
)

HV: dict[str, Any] = {"henry_v": True}


def _game(players: int = 3, **options: Any) -> dict[str, Any]:
    return setup_game(players, henry_v=True, **options)


def _lords(state: dict[str, Any]) -> list[str]:
    return [seat["lord"] for seat in state["seats"]]


def _court(
    state: dict[str, Any], space: str, seat: int, escort: int = 0, tudor: bool = False, bishops: int = 0
) -> None:
    """Arrange a lord on a court space (its escort taken from the reserve)."""
    state["court_spaces"][space] = {"seat": seat, "escort": escort, "tudor": tudor, "bishops": bishops}
    state["seats"][seat]["lord"] = space
    if escort:
        state["forces"][seat]["reserve"][escort - 1] -= 1


@pytest.mark.parametrize(("players", "bishops"), [(2, 5), (3, 5), (4, 7), (5, 9)])
def test_3_1_setup_lords_home_two_vote_markers_bishops_and_privileges(players: int, bishops: int) -> None:
    state = GAME.setup(players, 1, {**HV, "vote_markers": 1})
    assert _lords(state) == ["home"] * players  # allies have no lord (3.1 step 8)
    assert all(seat["vote_markers"] == 2 for seat in state["seats"])  # C6: 2 whatever the option
    assert henry.bishops_free(GAME.data, state) == bishops
    assert henry.supply(GAME.data, state) == {"shield": 2, "archer": 3, "tudor_knight": 3}
    assert state["treasury"] == {"gold": 0, "squires": 0, "vote_markers": 0}
    assert list(state["court_spaces"]) == ["chancellor", "marshal", "steward", "treasury"]
    plain = GAME.setup(players, 1, {})
    assert "court_spaces" not in plain and "seals" not in plain["seats"][0]
    assert plain["seats"][0]["vote_markers"] == 1


def test_H2_1_a_turn_places_a_knight_or_the_lord_not_both() -> None:
    state = _game(3)
    texts = move_texts(state, 0)
    assert "lord chancellor" in texts and "knight 1 county:G" in texts and "lord home" in texts
    state, events = play(state, 0, "lord marshal knight=2")
    assert state["turn_seat"] == 1 and state["court_spaces"]["marshal"]["escort"] == 2
    assert state["forces"][0]["court"] == [1]  # the escort left the court with the lord
    assert events[0] == "{p0} places their lord on the Earl Marshal (strength 3: knight 2)."
    state["turn_seat"] = 0
    assert not [t for t in move_texts(state, 0) if t.startswith("lord")]  # placed once per round


def test_H2_2_lord_home_is_always_offered_and_a_lord_alone_gives_a_turn() -> None:
    state = _game(3)
    empty_courts(state)
    state, _ = run_steps(state, ["next_turn"])
    assert state["phase"] == "place" and state["turn_seat"] == 0  # no knights, the lord at home
    assert "lord home" in move_texts(state, 0) and "pass" not in move_texts(state, 0)
    state, events = play(state, 0, "lord home")
    assert (
        state["seats"][0]["lord"] == "withdrawn" and events[0] == "{p0} keeps their lord at home this round."
    )
    for seat in (1, 2):
        state, _ = play(state, seat, "lord home")
    assert state["phase"] == "vote"


def test_H2_2_reading_the_lord_must_be_placed_while_a_space_is_open() -> None:
    with rules_variant({"henry_v": {"engine": {"lord_may_stay_home": False}}}):
        state = _game(3)
        assert "lord home" not in move_texts(state, 0)
        for space in henry.spaces(GAME.data):  # every space held by a lord no one can beat
            state["court_spaces"][space] = {"seat": 1, "escort": 4, "tudor": True, "bishops": 2}
        assert move_texts(state, 0)[-1] == "lord home" and not henry.lord_ready(GAME.engine, state, 0)


def test_H2_3_costs_go_into_the_treasury_when_the_lord_is_placed() -> None:
    state = _game(3)
    state, events = play(state, 0, "lord chancellor bishops=1")
    assert state["seats"][0]["vote_markers"] == 0  # 1 for the office, 1 for the bishop
    assert state["treasury"]["vote_markers"] == 2
    assert henry.bishops_free(GAME.data, state) == 4
    paid = "{p0} pays 2 vote markers into the treasury (lord to the Lord Chancellor with 1 bishop)."
    assert events[0] == paid
    assert "(strength 2: 1 bishop)" in events[1]
    state, _ = play(state, 1, "lord steward")
    assert state["seats"][1]["gold"] == 1 and state["treasury"]["gold"] == 1


def test_H2_3_a_free_office_names_the_bishops_as_what_is_paid_for() -> None:
    """Playtest: "(lord to the Earl Marshal)" read as if the free Marshal cost a vote marker."""
    state = _game(3)
    state, events = play(state, 0, "lord marshal bishops=1")
    marshal = henry.space_name(GAME.data, "marshal")
    paid = f"{{p0}} pays 1 vote marker into the treasury (1 bishop for the lord on the {marshal})."
    assert events[0] == paid
    state, events = play(state, 1, "lord chancellor")
    assert events[0] == "{p1} pays 1 vote marker into the treasury (lord to the Lord Chancellor)."


def test_H2_3_the_chancellor_needs_a_vote_marker_and_bishops_are_capped() -> None:
    state = _game(3)
    state["seats"][0]["vote_markers"] = 0
    texts = move_texts(state, 0)
    assert not [t for t in texts if t.startswith("lord chancellor")]
    assert "lord marshal" in texts and not [t for t in texts if "bishops" in t]
    with pytest.raises(IllegalMove, match="cannot pay"):
        play(state, 0, "lord chancellor")
    state["seats"][0]["vote_markers"] = 5
    assert "lord marshal bishops=2" in move_texts(state, 0) and "lord marshal bishops=3" not in move_texts(
        state, 0
    )
    with pytest.raises(IllegalMove, match="At most 2 bishops"):
        play(state, 0, "lord marshal bishops=3")


def test_H2_3_a_lord_expels_only_with_a_strictly_greater_total() -> None:
    state = _game(3)
    _court(state, "marshal", 1, escort=1)  # strength 2
    texts = move_texts(state, 0)
    assert "lord marshal" not in texts and "lord marshal knight=1" not in texts  # 1, 2: not more
    assert "lord marshal knight=2" in texts
    with pytest.raises(IllegalMove, match="stronger than 2"):
        play(state, 0, "lord marshal knight=1")


def test_H2_4_an_expelled_lord_goes_home_with_its_escort_and_may_come_back() -> None:
    state = _game(3)
    state["seats"][1]["vote_markers"] = state["seats"][2]["vote_markers"] = 3
    state["turn_seat"] = 1
    state, _ = play(state, 1, "lord chancellor knight=1 bishops=1")  # strength 3, pays 2 votes
    state, events = play(state, 2, "lord chancellor knight=2 bishops=2")  # strength 5, pays 3 votes
    assert "expelling {p1}'s lord (strength 3), who goes home" in events[-1]
    assert state["seats"][1]["lord"] == "home" and 1 in state["forces"][1]["court"]
    assert henry.bishops_free(GAME.data, state) == 5 - 2  # the expelled lord's bishop is back
    assert state["treasury"]["vote_markers"] == 2 + 3  # costs paid stay in the treasury
    state, _ = play(state, 0, "knight 1 county:G")
    assert [t for t in move_texts(state, 1) if t.startswith("lord")]  # placed again this phase


def test_H2_5_a_shielded_county_knight_cannot_be_expelled() -> None:
    state = _game(3)
    state["seats"][0]["privileges"]["shield"] = 1
    state, events = play(state, 0, "knight 1 county:G shield")
    assert state["counties"]["G"]["shield"] and state["seats"][0]["privileges"]["shield"] == 0
    assert events[0].endswith("on county G (Somerset) with a shield.")
    assert henry.supply(GAME.data, state)["shield"] == 1  # one in the supply, one on G
    give_court(state, 1, [4])
    state["seats"][1]["squires"] = 9
    assert not [t for t in move_texts(state, 1) if "county:G" in t]
    assert "shield" not in " ".join(move_texts(state, 1))  # seat 1 holds none


def test_H2_5_refusing_to_expel_a_shielded_knight_names_the_shield_not_the_total() -> None:
    state = _game(3)
    state["seats"][0]["privileges"]["shield"] = 1
    state, _ = play(state, 0, "knight 1 county:I shield")
    give_court(state, 1, [1])
    state["seats"][1]["squires"] = 2
    with pytest.raises(IllegalMove, match="has a shield: it cannot be expelled"):
        play(state, 1, "knight 1 county:I squires=2")  # total 3 beats 1: the shield is why


def test_H2_6_refusing_to_expel_counts_the_occupants_tudor_knight_in_the_total() -> None:
    state = _game(3)
    give_court(state, 0, [2])
    state["seats"][0]["privileges"]["tudor_knight"] = 1
    state, _ = play(state, 0, "knight 2 county:A tudor")
    give_court(state, 1, [4])
    with pytest.raises(IllegalMove, match="must be more than 4"):  # knight 2 + Tudor knight 2
        play(state, 1, "knight 4 county:A")


def test_H2_6_a_tudor_knight_counts_toward_the_minimum_and_is_lost_on_expulsion() -> None:
    state = _game(3)
    give_court(state, 0, [2])
    state["seats"][0]["privileges"]["tudor_knight"] = 1
    texts = move_texts(state, 0)
    assert "knight 2 county:A tudor" in texts and "knight 2 county:A" not in texts  # minimum 4
    state, _ = play(state, 0, "knight 2 county:A tudor")
    assert state["counties"]["A"] == {"force": 0, "strength": 2, "squires": 0, "tudor": True, "extra": 2}
    assert GAME.player_view(state, None)["counties"][0]["occupant"]["total"] == 4
    give_court(state, 1, [4])
    state["seats"][1]["squires"] = 1
    assert "knight 4 county:A" not in move_texts(state, 1) and "knight 4 county:A squires=1" in move_texts(
        state, 1
    )
    state, events = play(state, 1, "knight 4 county:A squires=1")
    assert "expelling {p0}'s knight (strength 2) and its a Tudor knight" in events[0]
    assert henry.supply(GAME.data, state)["tudor_knight"] == 3


def test_H2_6_a_tudor_knight_adds_to_a_conflict_space() -> None:
    state = _game(3)
    set_cards(state, [("K07", "top")])
    state["seats"][0]["privileges"]["tudor_knight"] = 1
    state, _ = play(state, 0, "knight 2 conflict:K07 tudor")
    view = GAME.player_view(state, None)
    assert view["conflicts"][0]["total"] == 4 and view["conflicts"][0]["spaces"][0]["strength"] == 4


def test_H2_7_an_archer_takes_the_free_space_below_and_ranks_on_its_own() -> None:
    state = _game(3)
    empty_courts(state)
    set_cards(state, [("K06", "top")])  # France 5; PP 6 / 4 / 2
    give_court(state, 0, [3])
    state["seats"][0]["privileges"]["archer"] = 1
    state, events = play(state, 0, "knight 3 conflict:K06 archer")
    card = state["conflicts"][0]
    assert card["spaces"][1] == {"force": 0, "knights": [], "archer": True, "extra": 2}
    assert state["treasury"]["squires"] == 1 and state["seats"][0]["squires"] == 1
    assert "{p0}'s archer (strength 2) takes space 2." in events
    state["pending"] = None  # no King's Favor question in this test
    state, events = run_steps(state, ["conflict:K06"])
    won = next(e for e in events if e.startswith("England wins"))
    assert "{p0} rank 1: 6 PP" in won and "{p0}'s archer rank 2: 4 PP" in won
    assert state["seats"][0]["power_points"] == 10 and henry.supply(GAME.data, state)["archer"] == 3


def test_H2_7_no_archer_without_a_free_space_below_or_a_squire() -> None:
    state = _game(3)
    set_cards(state, [("K06", "top")])
    deploy(state, 1, 1, "conflict:K06")
    deploy(state, 2, 1, "conflict:K06")
    state["seats"][0]["privileges"]["archer"] = 1
    assert not [t for t in move_texts(state, 0) if "archer" in t]  # its space would be the last
    state["conflicts"][0]["spaces"].pop()
    assert "knight 1 conflict:K06 archer" in move_texts(state, 0)
    state["seats"][0]["squires"] = 0
    assert not [t for t in move_texts(state, 0) if "archer" in t]
    with pytest.raises(IllegalMove, match="An archer costs 1 squire"):
        play(state, 0, "knight 1 conflict:K06 archer")


def test_H2_8_privileges_are_public_add_ons_that_never_decide_a_turn() -> None:
    state = _game(3)
    with pytest.raises(IllegalMove, match="You hold no Tudor knight"):
        play(state, 0, "knight 1 county:G tudor")
    with pytest.raises(IllegalMove, match="goes only with a knight in: county"):
        state["seats"][0]["privileges"]["shield"] = 1
        play(state, 0, "knight 1 conflict:" + state["conflicts"][0]["id"] + " shield")


def test_H4_1_offices_are_filled_in_order_before_counties() -> None:
    state = _game(3)
    empty_courts(state)
    _court(state, "steward", 2)
    _court(state, "chancellor", 0)
    _court(state, "treasury", 1)
    state["treasury"] = {"gold": 1, "squires": 0, "vote_markers": 2}
    deploy(state, 0, 1, "county:G")
    state, events = run_steps(state, ["rewards"])
    chancellor = events.index("The Lord Chancellor rewards {p0}: 2 royal seals + 1 shield.")
    steward = events.index("The Lord Steward rewards {p2}: 1 Tudor knight.")
    treasury = events.index("{p1} takes the treasury: 1 gold, 2 vote markers.")
    assert chancellor < steward < treasury and state["pending"]["county"] == "G"
    assert state["seats"][0]["seals"] == 2 and state["seats"][0]["privileges"]["shield"] == 1
    assert state["seats"][2]["privileges"]["tudor_knight"] == 1
    assert state["treasury"] == {"gold": 0, "squires": 0, "vote_markers": 0}


def test_H4_1_an_empty_supply_gives_only_seals_and_an_empty_treasury_one_gold() -> None:
    state = _game(3)
    empty_courts(state)
    state["seats"][1]["privileges"]["archer"] = 3  # every archer is held
    _court(state, "marshal", 0)
    _court(state, "treasury", 2)
    gold = state["seats"][2]["gold"]
    state, events = run_steps(state, ["rewards"])
    assert "No Archer is left in the regal supply for {p0}." in events
    assert state["seats"][0]["seals"] == 1 and state["seats"][0]["privileges"]["archer"] == 0
    assert "The treasury is empty: {p2}'s lord there gains 2 gold." not in events
    assert state["seats"][2]["gold"] == gold + 1


def test_H4_1_an_unoccupied_treasury_keeps_its_contents() -> None:
    state = _game(3)
    empty_courts(state)
    state["treasury"]["gold"] = 2
    state, _ = run_steps(state, ["rewards"])
    while state["pending"] is not None:
        state, _ = play(
            state, state["pending"]["seat"], GAME.legal_moves(state, state["pending"]["seat"])[0].to_text()
        )
    assert state["treasury"]["gold"] == 2


def test_H4_2_reading_costs_paid_when_the_office_is_filled() -> None:
    with rules_variant({"henry_v": {"engine": {"office_cost_paid": "on_filling"}}}):
        state = _game(3)
        state, _ = play(state, 0, "lord chancellor")
        assert state["seats"][0]["vote_markers"] == 2 and state["treasury"]["vote_markers"] == 0
        empty_courts(state)
        state["seats"][0]["vote_markers"] = 0
        state, events = run_steps(state, ["rewards"])
        assert "{p0} cannot pay for the Lord Chancellor: the office gives nothing." in events


def test_H5_1_lords_go_home_escorts_to_court_bishops_back_at_the_end_of_the_round() -> None:
    state = _game(3)
    empty_courts(state)
    _court(state, "marshal", 0, escort=3, tudor=True, bishops=2)
    state["seats"][1]["lord"] = "withdrawn"
    assert henry.supply(GAME.data, state)["tudor_knight"] == 2
    state, _ = run_steps(state, ["end_round"])
    assert _lords(state) == ["home"] * 3 and state["court_spaces"]["marshal"] is None
    assert 3 in state["forces"][0]["court"] and henry.bishops_free(GAME.data, state) == 5
    assert henry.supply(GAME.data, state)["tudor_knight"] == 3


def test_H3_2_the_escort_is_a_deployed_knight_for_laws_and_can_be_upgraded() -> None:
    state = _game(3)
    empty_courts(state)
    _court(state, "marshal", 0, escort=2)
    assert ("lord:2", 2) in henry.m.knight_locations(state, 0, True, True)
    # L09: players without a deployed strength-2 knight may upgrade 1 of their knights.
    quiet, _ = run_steps(state, ["law:L09"])
    assert quiet["pending"] is None  # the escort is a deployed 2-knight
    state["court_spaces"]["marshal"]["escort"] = 3
    state["forces"][0]["reserve"][1] += 1
    state["forces"][0]["reserve"][2] -= 1
    state, _ = run_steps(state, ["law:L09"])
    assert "upgrade lord:3" in move_texts(state, 0)
    state, _ = play(state, 0, "upgrade lord:3")
    assert state["court_spaces"]["marshal"]["escort"] == 4


def test_H6_1_seals_score_two_points_each_at_the_end() -> None:
    state = _game(3)
    state["seats"][1]["seals"] = 3
    state["phase"] = "over"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.breakdown[1]["seals"] == 6 and outcome.breakdown[0]["seals"] == 0


def test_H7_1_allies_never_go_to_court_nor_use_privileges() -> None:
    state = _game(2)
    state["seats"][0]["privileges"]["tudor_knight"] = 1
    texts = move_texts(state, 0)
    assert not [t for t in texts if t.startswith("ally") and "tudor" in t]
    assert [t for t in texts if t.startswith("knight") and "tudor" in t]
    with pytest.raises(IllegalMove, match="Allies never use privileges"):
        play(state, 0, "ally 2 county:G tudor")
    assert len(state["seats"]) == 2 and _lords(state) == ["home", "home"]


def test_S2_the_view_shows_the_court_treasury_supply_and_what_each_seat_holds() -> None:
    state = _game(3)
    state, _ = play(state, 0, "lord chancellor knight=1")
    part = GAME.player_view(state, 2)["expansions"]["henry_v"]
    assert part["court"][0]["lord"] == {"seat": 0, "escort": 1, "tudor": False, "bishops": 0, "total": 2}
    assert part["treasury"]["vote_markers"] == 1 and part["bishops"] == 5
    assert part["supply"] == {"shield": 2, "archer": 3, "tudor_knight": 3}
    assert part["seats"][0]["lord"] == "chancellor" and part["seats"][1]["seals"] == 0


def test_S4_reading_seals_behind_the_screen() -> None:
    with rules_variant({"henry_v": {"engine": {"seals_secret": True}}}):
        state = _game(3)
        state["seats"][1]["seals"] = 4
        part = GAME.player_view(state, 0)["expansions"]["henry_v"]
        assert part["seats"][1]["seals"] is None and part["seats"][0]["seals"] == 0
        assert GAME.player_view(state, 1)["expansions"]["henry_v"]["seats"][1]["seals"] == 4
        known = GAME.player_view(state, 0)["known_state"]
        assert known["seats"][1]["seals"] == HIDDEN
        sample = GAME.sample_state(GAME.player_view(state, 0), 0, random.Random(1))
        assert isinstance(sample["seats"][1]["seals"], int)


def test_S6_whether_a_seat_has_a_turn_never_depends_on_its_gold_or_squires() -> None:
    for gold in (0, 9):
        state = _game(3)
        empty_courts(state)
        state["seats"][0]["gold"] = state["seats"][0]["squires"] = gold
        state["seats"][0]["vote_markers"] = 0
        state, _ = run_steps(state, ["next_turn"])
        assert state["turn_seat"] == 0 and "lord home" in move_texts(state, 0)


def test_C3_with_henry_v_queenie_tiles_A_D_F_give_two_seals() -> None:
    state = setup_game(3, henry_v=True, queenie=True)
    empty_courts(state)
    state["reward_tiles"] = ["D"]
    deploy(state, 0, 3, "county:D")
    state, _ = run_steps(state, ["county:D"])
    state, events = play(state, 0, "take reward")
    while state["pending"] is not None:
        state, more = play(state, 0, GAME.legal_moves(state, 0)[0].to_text())
        events += more
    assert "{p0} takes reward tile D (2 royal seals)." in events and state["seats"][0]["seals"] == 2
    assert state["seats"][0]["power_points"] == 0


def test_1_2_henry_v_data_is_validated_and_overridable() -> None:
    with pytest.raises(DataError, match=r"henry_v\.lord\.strength"):
        apply_overrides(load_content(), {"henry_v": {"lord": {"strength": -1}}})
    with pytest.raises(DataError, match=r"henry_v\.offices\.marshal\.cost"):
        apply_overrides(
            load_content(),
            {"henry_v": {"offices": {"marshal": {"cost": [{"resource": "power_points", "amount": 1}]}}}},
        )
    fixed = apply_overrides(load_content(), {"henry_v": {"seal_points": 3}})
    assert fixed["henry_v"]["seal_points"] == 3 and "henry_v.seal_points" not in fixed["provisional"]
    assert "henry_v.seal_points" in GAME.data["provisional"]


def test_11_the_rules_help_lists_henry_v_and_its_provisional_values() -> None:
    text = GAME.rules_help()
    assert "## Henry V – The Power of the King (option `henry_v`)" in text
    assert "`henry_v.seal_points` = 2" in text and "not offered yet" not in text
    assert "lord chancellor" in text


def test_10_the_game_declares_lord_and_privilege_commands_whose_texts_parse() -> None:
    from rules.core import suggestions

    commands = {c.name: c for c in GAME.commands()}
    lord, knight = commands["lord"], commands["knight"]
    text = lord.compose({"space": "chancellor", "knight": 2, "tudor": True, "bishops": 1})
    assert text == "lord chancellor knight=2 tudor bishops=1"
    place: dict[str, str | int] = {"strength": 2, "target": "county:D", "squires": 1, "ally": False}
    place |= {"tudor": True, "shield": True}
    assert knight.compose({**place, "archer": False}) == "knight 2 county:D squires=1 tudor shield"
    state = _game(3)
    state["seats"][0]["privileges"]["tudor_knight"] = 1
    legal = [m.to_text() for m in GAME.legal_moves(state, 0)]
    assert suggestions(lord, {}, "space", legal, "") == [
        "chancellor",
        "marshal",
        "steward",
        "treasury",
        "home",
    ]
    assert GAME.parse(state, 0, text).to_text() == text


OTHER_READINGS: dict[str, Any] = {
    "henry_v": {
        "engine": {
            "lord_may_stay_home": False,
            "office_cost_paid": "on_filling",
            "escort_deployed": False,
            "seals_secret": True,
        }
    },
    "extra_laws": {"mix": "replace_two_per_group"},
}


@pytest.mark.parametrize("players", [2, 3, 5])
def test_1_4_random_playouts_with_every_other_henry_v_reading(players: int) -> None:
    """Seeded random games to the end (conformance checks) with every Henry V reading switched."""
    from tests.conformance import play_checked

    with rules_variant(OTHER_READINGS):
        play_checked(
            GAME, players, 700 + players, {"henry_v": True, "kings_resentment": True, "queenie": True}
        )


def test_H2_5_guided_placements_ask_about_privileges_only_when_one_could_be_spent() -> None:
    """Without a privilege every knight placement would end with "No Henry V privilege" (issue:
    playtest); with a shield held, placements end with that choice so the two are told apart."""
    state = _game(3)
    moves = [mv for mv in GAME.legal_moves(state, 0) if mv.to_text().startswith("knight")]
    steps = GAME.move_steps(state, 0, moves)
    assert not [s for own in steps for s in own if "privilege" in s.label]
    assert steps[0][-1].label != "No Henry V privilege"
    state["seats"][0]["privileges"]["shield"] = 1
    moves = [mv for mv in GAME.legal_moves(state, 0) if mv.to_text().startswith("knight")]
    lasts = {own[-1].label for own in GAME.move_steps(state, 0, moves)}
    assert lasts == {"No Henry V privilege", "With shield"}


def test_H2_6_the_squires_step_says_the_strength_with_the_tudor_knight_that_follows() -> None:
    """Playtest: "No squires: strength 3" was offered for Northumberland (minimum 4) before the
    "With Tudor knight +2" step. The squires step now says both strengths, one option each."""
    state = _game(3)
    give_court(state, 0, [2, 3])
    state["seats"][0]["privileges"]["tudor_knight"] = 1
    moves = GAME.legal_moves(state, 0)
    steps = GAME.move_steps(state, 0, moves)
    northumberland = [
        (m.to_text(), s) for m, s in zip(moves, steps, strict=True) if "knight 3 county:A" in m.to_text()
    ]
    squires = {s[3].key: s[3].label for _, s in northumberland}
    assert squires == {
        "q0": "No squires: strength 3, 5 with the Tudor knight",
        "q1": "1 squire: strength 4, 6 with the Tudor knight",
        "q2": "2 squires: strength 5, 7 with the Tudor knight",
    }
    somerset = [
        s for m, s in zip(moves, steps, strict=True) if m.to_text().startswith("knight 3 county:G squires=1")
    ]
    assert [s[3].label for s in somerset] == [
        "1 squire: strength 4, 6 with the Tudor knight"
    ] * 2  # one option
    assert [s[4].label for s in somerset] == ["No Henry V privilege", "With Tudor knight +2"]
    state["seats"][0]["privileges"]["tudor_knight"] = 0  # no Tudor to follow: the plain words
    moves = GAME.legal_moves(state, 0)
    steps = GAME.move_steps(state, 0, moves)
    labels = {s[3].label for m, s in zip(moves, steps, strict=True) if " county:" in m.to_text()}
    assert "1 squire: strength 4" in labels and not [x for x in labels if "Tudor" in x]
