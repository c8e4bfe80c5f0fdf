"""Wording a newcomer reads (the playtest of December 2026): lobby option titles, castle
exchanges and the lord's words, each checked where the player meets it."""

from __future__ import annotations

import pytest

from rules.core import IllegalMove, find_cards, option_words
from rules.lancaster import GAME
from rules.lancaster.game import OPTIONS
from rules.lancaster.words import effect_words, place_words

from .helpers import deploy, give_court, play, setup_game, to_parliament


def test_lobby_names_each_expansion_by_its_title() -> None:
    said = {o.name: option_words(o, True) for o in OPTIONS}
    assert said["henry_v"] == "Henry V: on"
    assert said["kings_resentment"] == "The King's Resentment: on"
    assert said["queenie"] == "Queenie reward tiles: on"


def test_a_castle_exchange_reads_as_a_sentence_with_how_often() -> None:
    """Rules 17.2: pay 2 squires to upgrade a knight, 3 squires for a new knight (once each)."""
    castle = GAME.data["castle"]
    tiltyard = next(e for e in castle["X4"]["reward"] if e["type"] == "exchange")
    assert effect_words(tiltyard) == "pay 2 squires: upgrade a knight (once)"
    twice = {**tiltyard, "repeat": 2}
    assert effect_words(twice) == "pay 2 squires: upgrade a knight (up to 2 times)"
    assert effect_words({**tiltyard, "repeat": "unlimited"}).endswith("(any number of times)")


def test_the_knight_with_a_lord_is_named_for_its_owner_and_for_others_alike() -> None:
    """A button "Upgrade the knight escorting the lord" is read by the lord's owner."""
    assert place_words(GAME.data, "lord:2") == "escorting the lord"


def test_card_looks_up_what_the_expansions_put_on_the_board() -> None:
    """The board shows "HL4", "Lord Chancellor", "tile D": /card found none of them (playtest).
    Each is found by what the board shows, with its provisional note."""
    every = GAME.cards()
    law = find_cards(every, "HL4")
    assert [c.key for c in law] == ["law:HL4"] and law[0].text and law[0].provisional
    (office,) = find_cards(every, "Chancellor")
    assert office.text == "Cost: 1 vote marker. Reward: 2 royal seals + 1 shield."
    assert "tile:D" in [c.key for c in find_cards(every, "Reward tile D")]
    assert len({c.key for c in every}) == len(every)  # keys stay unique


def test_4_1_step_9_the_first_extension_choice_says_what_each_space_pays() -> None:
    """The setup select read "Extension on Chapel" alone: each option now says what it gives."""
    state = GAME.setup(3, 1, {})
    seat = state["pending"]["seat"]
    steps = GAME.move_steps(state, seat, GAME.legal_moves(state, seat))
    said = {own[-1].label: own[-1].detail for own in steps}
    assert said["Extension on Chapel"] == "2 vote markers"
    assert said["Extension on Tiltyard"] == "pay 2 squires: upgrade a knight (once)"


def test_the_lobby_does_not_promise_one_vote_marker_when_henry_v_gives_two() -> None:
    """Henry V's setup gives 2 vote markers whatever the option (EXPANSIONS.md C6)."""
    option = next(o for o in OPTIONS if o.name == "vote_markers")
    assert option_words(option, 1) == "Starting vote markers: 1 each (2 with Henry V)"
    state = GAME.setup(3, 1, {"henry_v": True, "vote_markers": 1})
    assert {seat["vote_markers"] for seat in state["seats"]} == {2}


def test_a_placement_without_squires_says_you_have_none() -> None:
    """Refused squires read "You have only 0 squires." (playtest)."""
    state = setup_game(3)
    give_court(state, 0, [1])
    state["seats"][0]["squires"] = 0
    with pytest.raises(IllegalMove, match=r"^You have no squires\.$"):
        play(state, 0, "knight 1 county:G squires=1")
    state["seats"][0]["squires"] = 1
    with pytest.raises(IllegalMove, match=r"^You have only 1 squire\.$"):
        play(state, 0, "knight 1 county:G squires=2")


def test_8_2_castle_income_is_said_apart_from_the_county_reward_taken_before_it() -> None:
    """Playtest: "took the reward (2 squires + 1 vote marker)" then "gains 2 squires and 3 vote
    markers" folded the castle's income into the reward's line; each gain now has its own."""
    from .helpers import deploy, empty_courts, run_steps

    state = setup_game(3)
    empty_courts(state)
    deploy(state, 0, 1, "county:G")  # G: 2 gold + 1 squire
    state["seats"][0]["extensions"] = ["X1", "X3"]  # squires' hall (2 squires), chapel (2 votes)
    state, _ = run_steps(state, ["county:G", "castle:0"])
    _, events = play(state, 0, "take reward")
    assert events == [
        "{p0} took the reward (2 gold + 1 squire) in county G.",
        "{p0} gains 2 gold and 1 squire.",
        "{p0} gains 2 squires and 2 vote markers from their castle.",
    ]


def test_castle_income_adds_up_with_castle_income_only() -> None:
    from rules.lancaster.words import tally_gains

    events = [
        "{p0} gains 1 squire.",
        "{p0} gains 2 squires from their castle.",
        "{p0} gains 1 vote marker from their castle.",
        "{p1} gains 2 squires and 1 vote marker from their castle.",
        "{p2} gains 2 squires and 1 vote marker.",
    ]
    assert tally_gains(events) == [
        "{p0} gains 1 squire.",
        "{p0} and {p1} each gain 2 squires and 1 vote marker from their castles.",
        "{p2} gains 2 squires and 1 vote marker.",
    ]


def test_an_upgrade_choice_names_the_strength_of_the_knight_in_that_place() -> None:
    """Rules 3 (an upgrade swaps the knight for the reserve knight one stronger): a county or
    castle holds one knight, but the button must still say which (playtest: "Upgrade the
    knight in York" left players guessing)."""
    state = setup_game(3)
    deploy(state, 0, 2, "county:D")
    deploy(state, 0, 1, "castle:X2")
    state["pending"] = {
        "kind": "upgrade", "seat": 0, "force": 0, "deployed": True, "optional": True,
        "source": "laws", "from_strength": None, "at": None,
    }  # fmt: skip
    moves = GAME.legal_moves(state, 0)
    labels = {steps[0].key: steps[0].label for steps in GAME.move_steps(state, 0, moves)}
    assert labels["upgrade county:D"].startswith("Upgrade the strength-2 knight")
    assert labels["upgrade castle:X2"].startswith("Upgrade the strength-1 knight")
    assert labels["upgrade none"] == "No upgrade"


def test_the_vote_prompt_says_what_markers_do_and_that_a_tie_passes() -> None:
    """Rules 7.2 steps 3-5: each marker is one more vote for the voter's side and is spent; a
    tie passes the law."""
    state = to_parliament(setup_game(3))
    prompt = GAME.prompt(state, 0)
    law = state["proposals"][0]
    assert prompt.text.split("\n") == [
        f"Vote on proposal {law}: {GAME.data['laws'][law]['text']}",
        "Each vote marker you add is one more vote for your side and is spent; a tie passes.",
    ]
