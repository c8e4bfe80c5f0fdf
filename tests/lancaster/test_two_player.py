"""Rules sections 4.3 and 11: the two-player game with allies."""

from __future__ import annotations

import pytest

from rules.core import IllegalMove
from rules.lancaster import GAME

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


def test_11_a_turn_places_an_own_or_an_ally_knight() -> None:
    state = setup_game(2)
    moves = move_texts(state, 0)
    assert "ally 2 county:B" in moves and "knight 2 county:B" in moves
    state, events = play(state, 0, "ally 2 county:B")
    assert state["counties"]["B"] == {"force": 2, "strength": 2, "squires": 0}
    assert events[0].startswith("{p0}'s ally placed a strength-2 knight")


def test_11_no_squires_with_ally_knights_and_separate_castles() -> None:
    state = setup_game(2)
    with pytest.raises(IllegalMove, match="Ally knights may not take squires"):
        play(state, 0, "ally 2 county:B squires=1")
    with pytest.raises(IllegalMove, match="not a space of your castle"):
        play(state, 0, "knight 1 castle:AC1")
    with pytest.raises(IllegalMove, match="not a space of the ally castle"):
        play(state, 0, "ally 2 castle:X2")
    state, _ = play(state, 0, "ally 2 castle:AC1")
    assert state["forces"][2]["castle"] == {"AC1": 2}


def test_11_a_player_with_only_ally_knights_left_still_takes_turns() -> None:
    state = setup_game(2)
    give_court(state, 0, [])
    state, _ = play(state, 0, "ally 2 castle:AC2")
    state, _ = play(state, 1, "knight 1 castle:X2")
    # Seat 0 has nothing left in either court now: seat 1 continues.
    assert GAME.active_players(state) == frozenset({1})


def test_11_own_and_ally_share_a_card_but_not_a_space() -> None:
    state = setup_game(2)
    card = state["conflicts"][0]["id"]
    state, _ = play(state, 0, f"knight 1 conflict:{card}")
    state, _ = play(state, 0, "favor 1")
    state, _ = play(state, 1, "knight 1 castle:X2")
    state, _ = play(state, 0, f"ally 2 conflict:{card}")
    assert next(c for c in state["conflicts"] if c["id"] == card)["spaces"] == [
        {"force": 0, "knights": [1]},
        {"force": 2, "knights": [2]},
    ]


def test_11_ally_kings_favor_goods_forfeited_upgrade_ally_noble_removed() -> None:
    state = setup_game(2)
    card = state["conflicts"][0]["id"]
    state, _ = play(state, 0, f"ally 2 conflict:{card}")
    state, events = play(state, 0, "favor 1")  # 2 gold: forfeited
    assert state["seats"][0]["gold"] == 2
    assert "The ally forfeits 2 gold." in events
    state, _ = play(state, 1, f"ally 2 conflict:{card}")
    state, _ = play(state, 1, "favor 4")  # upgrade: an ally knight
    assert move_texts(state, 1) == [f"upgrade conflict:{card}:2", "upgrade none"]
    state, _ = play(state, 1, f"upgrade conflict:{card}:2")
    assert state["forces"][3]["reserve"] == [3, 2, 0, 1]
    state["forces"][2]["court"] = [1]
    state["forces"][2]["reserve"][0] -= 1
    state, _ = play(state, 0, f"ally 1 conflict:{card}")
    state, _ = play(state, 0, "favor 6")  # noble: removed from the game by seat 0
    before = state["noble_stacks"]["A"]["left"]
    state, events = play(state, 0, "noble A")
    assert state["noble_stacks"]["A"]["left"] == before - 1
    assert state["seats"][0]["nobles"] == []
    assert "from the game" in events[0]


def test_11_ally_county_rewards_only_knight_kinds() -> None:
    state = setup_game(2)
    for f in state["forces"]:
        for k in f["court"]:
            f["reserve"][k - 1] += 1
        f["court"] = []
    deploy(state, 2, 2, "county:B")  # upgrade + 1 squire: the ally gets only the upgrade
    deploy(state, 2, 2, "county:C")  # a new 1-knight for the ally
    deploy(state, 3, 1, "county:G")  # 2 gold + 1 squire: nothing an ally can use
    state, events = run_steps(state, ["county:B", "county:C", "county:G"])
    assert move_texts(state, 0) == ["take noble", "take reward"]  # never both
    state["seats"][0]["gold"] = 5
    with pytest.raises(IllegalMove, match="never both"):
        play(state, 0, "take both")
    state, _ = play(state, 0, "take reward")
    state, _ = play(state, 0, "upgrade county:B")
    assert state["seats"][0]["squires"] == 2
    assert state["counties"]["B"]["strength"] == 3
    state, events = play(state, 0, "take reward")
    assert state["forces"][2]["court"] == [1]
    # County G: nothing in the reward is for an ally, yet seat 1 still chooses (8.1 "noble or
    # reward"): removing the noble from the game is a choice, not forced.
    assert state["pending"]["seat"] == 1
    assert move_texts(state, 1) == ["take noble", "take reward"]
    declined, events = play(state, 1, "take reward")
    assert declined["noble_stacks"]["G"]["left"] == 2 and declined["seats"][1]["gold"] == 2
    assert "took the reward (nothing) in county G" in events[0]
    state, events = play(state, 1, "take noble")
    assert state["noble_stacks"]["G"]["left"] == 1 and state["seats"][1]["nobles"] == []
    assert any("ally removed a noble" in e for e in events)


def test_11_ally_conflict_rank_earns_nothing_and_is_not_passed_down() -> None:
    state = setup_game(2)
    set_cards(state, [("K06", "top")])  # France 5; PP 6 / 4 / 2
    deploy(state, 2, 3, "conflict:K06")  # seat 0's ally ranks first
    deploy(state, 0, 2, "conflict:K06")
    deploy(state, 1, 1, "conflict:K06")
    state, _ = run_steps(state, ["conflict:K06"])
    assert [p["power_points"] for p in state["seats"]] == [4, 2]
    assert 3 in state["forces"][2]["court"]


def test_11_captured_ally_knights_go_to_the_ally_reserve() -> None:
    state = setup_game(2)
    set_cards(state, [("K11", "bottom")])
    deploy(state, 3, 2, "conflict:K11")
    state, events = run_steps(state, ["conflict:K11"])
    assert state["forces"][3]["reserve"][1] == 2 and state["pending"] is None
    assert "ally reserve" in events[-1]


def test_11_ally_castle_recruits_and_upgrades_without_goods() -> None:
    state = setup_game(2)
    give_court(state, 2, [])
    deploy(state, 2, 2, "castle:AC1")
    deploy(state, 2, 1, "castle:AC2")
    gold = state["seats"][0]["gold"]
    state, _ = run_steps(state, ["castle:2"])
    assert state["forces"][2]["court"] == [1]
    assert move_texts(state, 0)[0].startswith("upgrade ")
    state, _ = play(state, 0, "upgrade castle:AC2")
    assert state["forces"][2]["castle"] == {"AC1": 2, "AC2": 2}
    assert state["seats"][0]["gold"] == gold


def test_4_3_two_player_gold_and_squires_are_open() -> None:
    state = setup_game(2)
    view = GAME.player_view(state, None)
    assert [s["gold"] for s in view["seats"]] == [2, 2]
    assert [s["squires"] for s in view["seats"]] == [2, 2]
    assert view["seats"][0]["ally"]["court"] == [2]


def _ally_first(state):
    set_cards(state, [("K06", "top")])  # France 5; PP 6 / 4 / 2
    deploy(state, 2, 3, "conflict:K06")  # seat 0's ally: strongest
    deploy(state, 0, 2, "conflict:K06")
    deploy(state, 1, 1, "conflict:K06")
    return state


def test_11_ally_rank_forfeited_by_default_or_passed_down() -> None:
    won, _ = run_steps(_ally_first(setup_game(2)), ["conflict:K06"])
    assert [p["power_points"] for p in won["seats"]] == [4, 2]  # the ally's 6 PP are lost
    with rules_variant({"engine": {"ally_conflict_rank": "pass_down"}}):
        won, events = run_steps(_ally_first(setup_game(2)), ["conflict:K06"])
    assert [p["power_points"] for p in won["seats"]] == [6, 4]  # the ally takes no rank
    assert "{p0}'s ally takes no rank (an ally)" in events[0]
    assert 3 in won["forces"][2]["court"]  # the ally knight still comes home


def test_6_2_and_11_own_knight_never_expels_its_ally_and_an_ally_expels_by_strength_alone() -> None:
    state = setup_game(2)
    give_court(state, 0, [1, 2])
    give_court(state, 2, [2])
    give_court(state, 1, [1])
    state, _ = play(state, 0, "ally 2 county:B")
    state, _ = play(state, 1, "knight 1 castle:X2")
    with pytest.raises(IllegalMove, match="never expel your own"):
        play(state, 0, "knight 2 county:B squires=2")  # seat 0's own knight vs its ally's
    state = setup_game(2)
    give_court(state, 1, [1])
    give_court(state, 2, [2])
    state, _ = play(state, 0, "knight 1 county:G")  # seat 0, total 1
    state, events = play(state, 1, "ally 2 county:G")  # seat 1's ally: 2 > 1, no squires needed
    assert state["counties"]["G"] == {"force": 3, "strength": 2, "squires": 0}
    assert "{p1}'s ally placed a strength-2 knight" in events[0] and "expelling {p0}'s knight" in events[0]
    assert state["forces"][0]["court"] == [1, 2]


def test_11_an_ally_castle_is_never_extended_nor_does_an_ally_build() -> None:
    state = setup_game(2)
    empty_courts(state)
    deploy(state, 2, 3, "county:E")  # E Warwick: build an extension (nothing for an ally)
    state, _ = run_steps(state, ["county:E"])
    state, events = play(state, 0, "take reward")
    assert state["pending"] is None and state["seats"][0]["extensions"] == ["X1"]
    assert "took the reward (nothing) in county E" in events[0]
