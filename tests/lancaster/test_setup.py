"""Rules section 4 (setup) and section 5 (five rounds)."""

from __future__ import annotations

import pytest

from rules.lancaster import GAME

from .helpers import play, setup_game


@pytest.mark.parametrize(("players", "per_county"), [(2, 2), (3, 2), (4, 3), (5, 4)])
def test_4_2_nobles_per_county_by_player_count(players: int, per_county: int) -> None:
    state = GAME.setup(players, 3)
    assert {letter: stack["left"] for letter, stack in state["noble_stacks"].items()} == dict.fromkeys(
        "ABCDEFGHI", per_county
    )
    # Nine different noble types, one stack each.
    assert sorted(stack["noble"] for stack in state["noble_stacks"].values()) == list("ABCDEFGHI")


@pytest.mark.parametrize(
    ("players", "removed"),
    [(2, {"K01", "K12"}), (3, {"K11", "K12"}), (4, {"K01", "K12"}), (5, {"K01", "K02"})],
)
def test_4_2_conflict_cards_removed_by_player_count(players: int, removed: set[str]) -> None:
    state = GAME.setup(players, 5)
    in_game = set(state["conflict_deck"]) | {c["id"] for c in state["conflicts"]}
    assert in_game == {f"K{i:02d}" for i in range(1, 13)} - removed
    # 4.1 step 6: two cards face up in the top row, ten cards in total = 2 per round for 5 rounds.
    assert [c["row"] for c in state["conflicts"]] == ["top", "top"]
    assert len(in_game) == 10


def test_4_1_step_7_laws_zero_current_and_pile_ordered_1_to_4() -> None:
    state = GAME.setup(4, 11)
    backs = {lid: law["back"] for lid, law in GAME.data["laws"].items()}
    assert sorted(state["current_laws"]) == ["L01", "L02", "L03"]
    assert all(backs[x] == 0 for x in state["current_laws"])
    order = state["proposals"] + state["law_pile"]
    assert len(order) == 15
    assert [backs[x] for x in order] == sorted(backs[x] for x in order)  # 1s on top ... 4s at the bottom
    assert [backs[x] for x in state["proposals"]] == [1, 1, 1]


def test_4_1_step_3_starting_resources_knights_and_first_extension() -> None:
    state = GAME.setup(3, 2)
    for seat in range(3):
        p = state["seats"][seat]
        assert (p["gold"], p["squires"], p["vote_markers"], p["power_points"]) == (2, 2, 1, 0)
        assert state["forces"][seat]["court"] == [1, 2]
        assert state["forces"][seat]["reserve"] == [2, 1, 1, 1]  # 1,1,2,3,4 wait in the reserve
    # 4.1 step 9: every seat chooses one extension, from the start player on.
    assert state["phase"] == "setup"
    first = state["pending"]["seat"]
    assert first == state["start_player"]
    state, events = play(state, first, "extension X3")
    assert state["seats"][first]["extensions"] == ["X3"]
    assert "built the extension X3" in events[0]
    assert state["pending"]["seat"] == (first + 1) % 3


def test_4_1_option_two_vote_markers() -> None:
    state = GAME.setup(4, 2, {"vote_markers": 2})
    assert [p["vote_markers"] for p in state["seats"]] == [2, 2, 2, 2]


def test_4_1_step_8_noble_stacks_by_letter_option() -> None:
    state = GAME.setup(4, 2, {"noble_stacks": "by_letter"})
    assert all(stack["noble"] == letter for letter, stack in state["noble_stacks"].items())
    shuffled = [GAME.setup(4, seed, {"noble_stacks": "random"})["noble_stacks"] for seed in range(6)]
    assert any(any(st["noble"] != letter for letter, st in s.items()) for s in shuffled)


def test_4_1_step_8_noble_stacks_go_by_letter_by_default() -> None:
    """Corrections 2026-12 (Lancaster): noble stacks go on the county of the same letter (four
    setup sources against one), so ``by_letter`` is the default; ``random`` stays an option."""
    assert next(o for o in GAME.options() if o.name == "noble_stacks").default == "by_letter"
    for seed in range(6):
        state = GAME.setup(4, seed)
        assert state["options"]["noble_stacks"] == "by_letter"
        assert all(stack["noble"] == letter for letter, stack in state["noble_stacks"].items())


def test_4_1_step_4_start_player_is_random_but_seeded() -> None:
    starts = {GAME.setup(5, seed)["start_player"] for seed in range(30)}
    assert len(starts) > 1
    assert GAME.setup(5, 8)["start_player"] == GAME.setup(5, 8)["start_player"]


def test_4_3_two_player_setup_with_allies() -> None:
    state = GAME.setup(2, 4)
    assert len(state["forces"]) == 4
    for ally in (2, 3):
        assert state["forces"][ally]["court"] == [2]
        assert state["forces"][ally]["reserve"] == [3, 1, 1, 1]  # 1,1,1,2,3,4
    assert {s["left"] for s in state["noble_stacks"].values()} == {2}


def test_5_unknown_option_is_refused() -> None:
    with pytest.raises(ValueError, match="no option"):
        GAME.setup(3, 1, {"leaders": True})
    with pytest.raises(ValueError, match="2 to 5"):
        GAME.setup(6, 1)


def test_4_1_step_5_all_six_kings_favor_tiles_face_up_at_setup() -> None:
    state = setup_game(4)
    assert state["favor_tiles"] == [True] * 6 and state["favors_taken"] == 0
    view = GAME.player_view(state, None)
    assert [t["face_up"] for t in view["kings_favor"]] == [True] * 6
    assert view["favors_left"] == 6
