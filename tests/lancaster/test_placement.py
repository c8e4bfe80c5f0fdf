"""Rules section 6: phase 1, placing knights (turn order, counties, castle, conflicts, King's Favor)."""

from __future__ import annotations

import json
import random

import pytest

from rules.core import IllegalMove, NotYourTurn
from rules.lancaster import GAME
from rules.lancaster.moves import Place
from rules.playout import random_playout

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


def test_6_1_turn_order_one_knight_each_clockwise_from_start() -> None:
    state = setup_game(3)
    order = []
    for _ in range(6):
        seat = next(iter(GAME.active_players(state)))
        order.append(seat)
        state, _ = play(
            state, seat, f"knight {state['forces'][seat]['court'][0]} conflict:{state['conflicts'][0]['id']}"
        )
        state = _decline_favor(state)
    assert order == [0, 1, 2, 0, 1, 2]
    assert state["phase"] == "vote"


def _decline_favor(state):
    while state["pending"] is not None:
        seat = state["pending"]["seat"]
        state, _ = GAME.apply(state, seat, GAME.legal_moves(state, seat)[0])
    return state


def test_6_1_players_with_empty_court_are_skipped_and_last_one_places_in_a_row() -> None:
    state = setup_game(3)
    give_court(state, 1, [])
    give_court(state, 2, [1, 1, 2])
    state, _ = play(state, 0, "knight 1 castle:X2")
    assert GAME.active_players(state) == frozenset({2})
    state, _ = play(state, 2, "knight 1 castle:X2")
    state, _ = play(state, 0, "knight 2 castle:X3")
    # Seat 0 and 1 are empty now: seat 2 places its remaining knights one after another.
    state, _ = play(state, 2, "knight 1 castle:X3")
    assert GAME.active_players(state) == frozenset({2})
    state, _ = play(state, 2, "knight 2 castle:X4")
    assert state["phase"] == "vote"


def test_6_1_not_your_turn() -> None:
    state = setup_game(3)
    with pytest.raises(NotYourTurn):
        play(state, 1, "knight 1 castle:X2")


def test_6_2_minimum_strength_is_the_knight_alone() -> None:
    state = setup_game(3)
    # County D (Gloucester) needs 3; a 2-knight with squires still does not qualify.
    with pytest.raises(IllegalMove, match="strength 3 or more on its own"):
        play(state, 0, "knight 2 county:D squires=2")
    give_court(state, 0, [3])
    state, events = play(state, 0, "knight 3 county:D")
    assert state["counties"]["D"] == {"force": 0, "strength": 3, "squires": 0}
    assert "county D (Gloucester)" in events[0]


def test_6_2_squires_add_strength_and_are_paid_when_placing() -> None:
    state = setup_game(3)
    state, events = play(state, 0, "knight 2 county:B squires=2")
    assert state["counties"]["B"] == {"force": 0, "strength": 2, "squires": 2}
    assert state["seats"][0]["squires"] == 0
    assert "with 2 squires" in events[0]
    with pytest.raises(IllegalMove, match="only 2 squire"):
        play(state, 1, "knight 2 county:C squires=3")


def test_6_2_expelling_needs_a_strictly_greater_total_and_costs_the_occupant_its_squires() -> None:
    state = setup_game(3)
    state, _ = play(state, 0, "knight 1 county:G squires=1")  # total 2
    with pytest.raises(IllegalMove, match="more than 2"):
        play(state, 1, "knight 2 county:G")  # 2 does not exceed 2
    state, events = play(state, 1, "knight 2 county:G squires=1")  # 3 > 2
    assert state["counties"]["G"] == {"force": 1, "strength": 2, "squires": 1}
    assert "expelling {p0}'s knight (strength 1) and its 1 squire" in events[0]
    # The expelled knight is back in court and can be placed again this phase; its squire is gone.
    assert state["forces"][0]["court"] == [1, 2]
    assert state["seats"][0]["squires"] == 1
    assert GAME.legal_moves(state, 2)  # seat 2's turn now


def test_6_2_a_player_never_expels_their_own_knight() -> None:
    state = setup_game(2)
    state, _ = play(state, 0, "knight 1 county:G")
    state, _ = play(state, 1, "knight 1 castle:X2")
    with pytest.raises(IllegalMove, match="never expel your own"):
        play(state, 0, "knight 2 county:G")
    # Nor with the ally's knight (two-player game).
    with pytest.raises(IllegalMove, match="never expel your own"):
        play(state, 0, "ally 2 county:G")


def test_6_3_castle_spaces_empty_own_and_not_extended() -> None:
    # Not extended: the reading before corrections 2026-12 (the default now lets a knight on it).
    with rules_variant({"engine": {"knight_on_extended_space": False}}):
        state = setup_game(3, exts=["X2", "X1", "X1"])
        with pytest.raises(IllegalMove, match="covered by your extension"):
            play(state, 0, "knight 1 castle:X2")
    state = setup_game(3, exts=["X2", "X1", "X1"])
    state, _ = play(state, 0, "knight 1 castle:X3")
    assert state["forces"][0]["castle"] == {"X3": 1}
    state, _ = play(state, 1, "knight 1 castle:X3")  # each castle is its owner's own
    state, _ = play(state, 2, "knight 1 castle:X4")
    with pytest.raises(IllegalMove, match="already holds a knight"):
        play(state, 0, "knight 2 castle:X3")


def test_6_4_conflict_spaces_fill_top_down_one_space_per_player_with_stacking() -> None:
    state = setup_game(4)
    card = state["conflicts"][0]["id"]
    for seat in range(4):
        give_court(state, seat, [1, 2])
    state, _ = play(state, 0, f"knight 2 conflict:{card}")
    state = _take_favor(state, "favor 1")
    state, ev = play(state, 1, f"knight 1 conflict:{card}")
    assert "space 2" in ev[0]
    state = _take_favor(state, "favor 2")
    state, _ = play(state, 2, f"knight 1 conflict:{card}")
    state = _take_favor(state, "favor 3")
    # The card is full (three players): seat 3 may not join it.
    with pytest.raises(IllegalMove, match="already has three players"):
        play(state, 3, f"knight 1 conflict:{card}")
    state, _ = play(state, 3, "knight 1 castle:X2")
    # Seat 0 stacks a second knight on its own space.
    state, ev = play(state, 0, f"knight 1 conflict:{card}")
    assert "stacking" in ev[0]
    spaces = next(c for c in state["conflicts"] if c["id"] == card)["spaces"]
    assert spaces == [
        {"force": 0, "knights": [1, 2]},
        {"force": 1, "knights": [1]},
        {"force": 2, "knights": [1]},
    ]


def test_6_4_no_squires_in_conflicts() -> None:
    state = setup_game(3)
    card = state["conflicts"][0]["id"]
    with pytest.raises(IllegalMove, match="Squires may only be added in a county"):
        play(state, 0, f"knight 1 conflict:{card} squires=1")


def _take_favor(state, text):
    seat = state["pending"]["seat"]
    assert state["pending"]["kind"] == "favor"
    state, _ = play(state, seat, text)
    return state


def test_6_4_kings_favor_for_the_first_six_conflict_knights_counting_stacked_ones() -> None:
    state = setup_game(3)
    for seat in range(3):
        give_court(state, seat, [1, 1, 1])
    card = state["conflicts"][0]["id"]
    favors = 0
    for _ in range(9):
        seat = next(iter(GAME.active_players(state)))
        state, _ = play(state, seat, f"knight 1 conflict:{card}")
        if state["pending"] is not None:
            favors += 1
            state, _ = play(state, seat, GAME.legal_moves(state, seat)[0].to_text())
        state = _decline_upgrades(state)
    assert favors == 6
    assert state["favor_tiles"] == [False] * 6


def _decline_upgrades(state):
    while state["pending"] is not None:
        seat = state["pending"]["seat"]
        state, _ = GAME.apply(state, seat, GAME.legal_moves(state, seat)[-1])
    return state


def test_6_4_kings_favor_tiles_gold_squires_and_each_tile_once() -> None:
    state = setup_game(3)
    card = state["conflicts"][0]["id"]
    state, _ = play(state, 0, f"knight 1 conflict:{card}")
    assert GAME.prompt(state, 0).decision
    state, events = play(state, 0, "favor 1")
    assert state["seats"][0]["gold"] == 4
    assert any("King's Favor 1" in e for e in events)
    state, _ = play(state, 1, f"knight 1 conflict:{card}")
    with pytest.raises(IllegalMove, match="tile 1 is not face up"):
        play(state, 1, "favor 1")
    state, _ = play(state, 1, "favor 3")
    assert (state["seats"][1]["gold"], state["seats"][1]["squires"]) == (3, 3)


def test_6_4_kings_favor_upgrade_is_immediate_and_can_raise_the_conflict_knight() -> None:
    state = setup_game(3)
    card = state["conflicts"][0]["id"]
    state, _ = play(state, 0, f"knight 2 conflict:{card}")
    state, _ = play(state, 0, "favor 4")
    assert state["pending"]["kind"] == "upgrade"
    state, events = play(state, 0, f"upgrade conflict:{card}:2")
    assert next(c for c in state["conflicts"] if c["id"] == card)["spaces"] == [{"force": 0, "knights": [3]}]
    assert state["forces"][0]["reserve"] == [2, 2, 0, 1]  # the 2-knight went back, the 3 came out
    assert "upgraded a knight 2 to 3" in events[-1]


def test_6_4_kings_favor_noble_from_any_county() -> None:
    state = setup_game(3)
    card = state["conflicts"][0]["id"]
    state, _ = play(state, 0, f"knight 1 conflict:{card}")
    state, _ = play(state, 0, "favor 6")
    state, _ = play(state, 0, "noble E")
    noble = state["noble_stacks"]["E"]["noble"]
    assert state["seats"][0]["nobles"] == [noble]
    assert state["noble_stacks"]["E"]["left"] == 1


def test_6_4_kings_favor_is_taken_at_once_and_usable_in_the_same_phase() -> None:
    state = setup_game(3)
    card = state["conflicts"][0]["id"]
    state, _ = play(state, 0, "knight 1 county:G squires=2")  # total 3
    state, _ = play(state, 1, f"knight 1 conflict:{card}")
    assert GAME.active_players(state) == frozenset({1})  # the favor comes before seat 2's turn
    state, _ = play(state, 1, "favor 2")  # +2 squires: 4 now
    state, _ = play(state, 2, "knight 1 castle:X2")
    state, _ = play(state, 0, "knight 2 castle:X2")
    state, events = play(state, 1, "knight 2 county:G squires=2")  # 4 > 3 thanks to the favor
    assert "expelling {p0}'s knight (strength 1) and its 2 squires" in events[0]


def test_6_1_a_player_whose_knights_have_no_legal_place_at_all_is_passed_over_with_the_reason() -> None:
    """6.1 and issue 14 item 5: a seat with knights in court is passed over only when no legal
    place exists at all, and the event says exactly why. That needs the castle reading before
    corrections 2026-12 (extension tiles cover castle spaces): with knights allowed on extended
    spaces, seven knights can never fill a castle and three counties at once."""
    with rules_variant({"engine": {"knight_on_extended_space": False}}):
        state = setup_game(4)
        set_cards(state, [("K04", "top")])
        for seat in (0, 2, 3):
            deploy(state, seat, 1, "conflict:K04")  # the only card is full
        state["seats"][1]["extensions"] = ["X1", "X2", "X3", "X4", "X5", "X6"]  # no castle space
        for letter, strength in (("G", 1), ("H", 1), ("I", 2)):  # the counties a 1-knight reaches
            deploy(state, 1, strength, f"county:{letter}")
        give_court(state, 1, [1])
        give_court(state, 0, [])
        give_court(state, 2, [])
        give_court(state, 3, [2])
        state["turn_seat"] = 0
        state, events = run_steps(state, ["next_turn"])
        assert GAME.active_players(state) == frozenset({3})  # seat 1 is passed over
        reason = (
            "{p1} cannot place the knights left in court (1): no free space in their castle; "
            "conflict K04 holds three other players; counties A, B, C, D, E, F need a knight "
            "stronger than 1; counties G, H, I hold their own knights."
        )
        assert events == [reason]
        state, events = play(state, 3, "knight 2 castle:X2")
        assert reason not in events  # said once, not again on every turn
        assert state["phase"] == "vote"
        assert state["forces"][1]["court"] == [1]


def _squires_only(squires: int) -> dict:
    """Seat 1's last knight (a 1-knight) can only expel, with 13 squires, one of seat 0's knights
    (strength 4 + 9 squires) from G, H or I: its castle holds its other six knights (corrections
    2026-12: extended spaces take knights too) and the only conflict card is full."""
    state = setup_game(4)
    set_cards(state, [("K04", "top")])
    for seat in (0, 2, 3):
        deploy(state, seat, 1, "conflict:K04")
    for letter in "ABCDEFGHI":
        state["counties"][letter] = {"force": 0, "strength": 4, "squires": 9}
    for space, strength in zip(["X1", "X2", "X3", "X4", "X5", "X6"], [1, 1, 2, 2, 3, 4], strict=True):
        deploy(state, 1, strength, f"castle:{space}")
    give_court(state, 1, [1])
    give_court(state, 0, [1])
    give_court(state, 2, [])
    give_court(state, 3, [])
    state["seats"][1]["squires"] = squires
    return state


def test_6_1_a_seat_whose_only_places_need_squires_has_its_turn_whatever_its_squires() -> None:
    """Issue 14 item 5: whether a seat is skipped never depends on its hidden squires. Seat 1 has
    its turn both with 2 squires and with 13; it may pass (knights stay in court) in both cases,
    and only with 13 can it expel."""
    poor, _ = play(_squires_only(2), 0, "knight 1 castle:X2")
    rich, _ = play(_squires_only(13), 0, "knight 1 castle:X2")
    assert GAME.active_players(poor) == GAME.active_players(rich) == frozenset({1})
    assert move_texts(poor, 1) == ["pass"]
    assert move_texts(rich, 1) == [*(f"knight 1 county:{x} squires=13" for x in "GHI"), "pass"]
    assert "pass" in GAME.prompt(poor, 1).text and GAME.prompt(poor, 1).text == GAME.prompt(rich, 1).text
    state, events = play(poor, 1, "pass")
    assert events[0] == "{p1} passes: the knights left in court stay there this round."
    assert state["phase"] == "vote" and state["forces"][1]["court"] == [1]
    expelled, _ = play(rich, 1, "knight 1 county:G squires=13")
    assert expelled["counties"]["G"] == {"force": 1, "strength": 1, "squires": 13}


def test_6_1_pass_is_refused_while_a_place_is_open_without_squires() -> None:
    state = setup_game(3)
    assert "pass" not in move_texts(state, 0)
    with pytest.raises(IllegalMove, match="pass only when no place is open"):
        play(state, 0, "pass")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_6_1_who_has_the_next_turn_never_depends_on_other_seats_gold_or_squires(players: int) -> None:
    """Issue 14 item 5: over seeded random games, the same placement leads to the same seats on
    turn whatever gold and squires the other seats hold (they are secret behind the screens)."""
    rng = random.Random(players)
    checked = 0
    for step in random_playout(GAME, players, 70 + players):
        before = step.before
        if before["phase"] != "place" or before["pending"] is not None or not isinstance(step.move, Place):
            continue
        for wealth in (0, 9):
            other = json.loads(json.dumps(before))
            for seat, me in enumerate(other["seats"]):
                if seat != step.player:
                    me["squires"], me["gold"] = wealth, rng.randrange(10)
            after, _ = GAME.apply(other, step.player, step.move)
            assert GAME.active_players(after) == GAME.active_players(step.after)
            checked += 1
    assert checked > 40


def test_6_3_and_8_2_knight_on_an_extended_space_pays_twice_by_default_or_is_refused() -> None:
    """Corrections 2026-12 (Lancaster, "Extensions and knights"): a knight earns a space's reward
    with or without an extension there and a built extension pays as well, so by default a knight
    may stand on an extended space; ``false`` (the reading before) refuses it."""
    assert GAME.data["engine"]["knight_on_extended_space"] is True
    with rules_variant({"engine": {"knight_on_extended_space": False}}):
        state = setup_game(3)  # every seat built X1 (2 squires)
        with pytest.raises(IllegalMove, match="covered by your extension"):
            play(state, 0, "knight 1 castle:X1")
    state = setup_game(3)
    state, _ = play(state, 0, "knight 1 castle:X1")
    empty_courts(state)
    state, _ = run_steps(state, ["castle:0"])
    assert state["seats"][0]["squires"] == 2 + 2 + 2  # the tile and the knight both pay


def test_6_2_the_minimum_also_applies_when_expelling_squires_never_count_for_it() -> None:
    state = setup_game(3)
    give_court(state, 0, [3])
    give_court(state, 1, [2])
    state["seats"][1]["squires"] = 5
    state, _ = play(state, 0, "knight 3 county:D")  # Gloucester, minimum 3
    # 2 + 5 squires = 7 would exceed 3, but the 2-knight alone misses the minimum.
    with pytest.raises(IllegalMove, match="strength 3 or more on its own"):
        play(state, 1, "knight 2 county:D squires=5")
    assert not [m for m in move_texts(state, 1) if m.startswith("knight 2 county:D")]


def test_6_4_and_8_3_a_bottom_row_card_is_reinforced_next_round_one_space_per_player() -> None:
    """A card lost once stays with its knights (8.3.3); next round its owner stacks on the same
    space, another player takes the next free space, and both placements take a King's Favor."""
    state = setup_game(3)
    set_cards(state, [("K10", "bottom"), ("K02", "top")])  # K10: France 8
    deploy(state, 1, 2, "conflict:K10")  # carried over from last round (space 1)
    give_court(state, 0, [1, 2])
    give_court(state, 1, [1])
    give_court(state, 2, [])
    state, events = play(state, 0, "knight 2 conflict:K10")
    assert "space 2" in events[0]
    assert state["pending"]["kind"] == "favor"  # bottom-row placements count for the favor too
    state, _ = play(state, 0, "favor 1")
    state, events = play(state, 1, "knight 1 conflict:K10")
    assert "stacking on their space" in events[0]
    state, _ = play(state, 1, "favor 2")
    card = next(c for c in state["conflicts"] if c["id"] == "K10")
    assert card["spaces"] == [{"force": 1, "knights": [1, 2]}, {"force": 0, "knights": [2]}]
    assert state["favors_taken"] == 2


def test_6_4_kings_favor_noble_respects_each_noble_type_once() -> None:
    state = setup_game(3)
    state["seats"][0]["nobles"] = [state["noble_stacks"]["A"]["noble"], state["noble_stacks"]["B"]["noble"]]
    card = state["conflicts"][0]["id"]
    state, _ = play(state, 0, f"knight 1 conflict:{card}")
    state, _ = play(state, 0, "favor 6")
    assert move_texts(state, 0) == [f"noble {x}" for x in "CDEFGHI"]
    with pytest.raises(IllegalMove):
        play(state, 0, "noble A")


def test_3_an_upgrade_needs_the_next_stronger_knight_in_the_reserve() -> None:
    state = setup_game(3)
    card = state["conflicts"][0]["id"]
    give_court(state, 0, [1, 3, 4])  # the 4-knight is in court, not in the reserve
    state, _ = play(state, 0, f"knight 3 conflict:{card}")
    state, _ = play(state, 0, "favor 4")  # upgrade a knight
    # The 3-knights (court and conflict) cannot become a 4; the 1 can become a 2.
    assert move_texts(state, 0) == ["upgrade court:1", "upgrade none"]
