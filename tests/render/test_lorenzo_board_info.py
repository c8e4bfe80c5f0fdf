"""Issue 5 follow-up, Lorenzo boards: the numbers a player plans with, the final placing, the private
leader draft and member tags that do not rest on colour alone.

Views come from the real engine (``player_view``) of controlled states; where a test needs a value
the rules never produce (a fee of 4), it edits the view to prove the board prints the view's
number rather than one of its own.
"""

from __future__ import annotations

from typing import Any

import pytest

import render.lorenzo
from render import draw_view
from render.alt import seat_name
from render.canvas import Canvas
from render.layout import MEMBER_LETTER
from render.lorenzo import _member_token
from rules.lorenzo import GAME
from rules.lorenzo.view import Occupant
from tests.lorenzo.helpers import play, rich, scenario
from tests.render.helpers import sampled_states

View = dict[str, Any]
LEADERS_ON = {"leaders": True}
MEMBER_LETTERS = {"black": "B", "white": "W", "orange": "O", "neutral": "N"}


def _texts(view: View, *, private: bool) -> list[str]:
    return draw_view("lorenzo", view, private=private).canvas.texts


# ------------------------------------------------------------------ §8.6 Territory slot requirement


def test_s8_6_personal_board_prints_the_players_own_slot_requirements() -> None:
    """§8.6: an empty Territory slot says what it needs, from the view: 3/7/12/18 MP normally."""
    st = scenario(3, cards={0: [1, 2]}, options=LEADERS_ON)
    texts = _texts(GAME.player_view(st, 0), private=True)
    for need in (3, 7, 12, 18):
        assert texts.count(f"needs {need} MP") == 1, need
    assert "no MP needed" not in texts  # slots 1-2 hold cards


def test_s8_6_personal_board_of_cesare_borgia_needs_no_mp() -> None:
    """§8.6 / §13: with Cesare Borgia played, no empty Territory slot asks for MP."""
    st = scenario(3, cards={0: [1, 2]}, options=LEADERS_ON)
    st["players"][0]["leaders_played"] = ["cesare_borgia"]
    texts = _texts(GAME.player_view(st, 0), private=True)
    assert not [t for t in texts if t.startswith("needs ") and t.endswith(" MP")]
    assert texts.count("no MP needed") == 4


def test_s8_6_slot_requirement_is_read_from_the_view_not_from_render_data() -> None:
    st = scenario(2)
    view = GAME.player_view(st, 0)
    view["players_info"][0]["territory_slot_mp"] = [0, 1, 2, 5, 8, 13]
    texts = _texts(view, private=True)
    shown = [t for t in texts if t.startswith("needs ")]
    assert shown == ["needs 1 MP", "needs 2 MP", "needs 5 MP", "needs 8 MP", "needs 13 MP"]


# ------------------------------------------------------------------------ §8.2 occupied-tower fee


def _occupied_character_tower() -> dict[str, Any]:
    st = scenario(3, res=rich(), towers={"character_1": 49, "character_2": 50}, options=LEADERS_ON)
    st["turn_queue"] = [1, 0, 2]
    st, _ = play(st, 1, "place black character_1")
    return st


def test_s8_2_public_board_prints_the_fee_on_an_occupied_tower() -> None:
    """§8.2: the occupied tower's header says "+3 coins to enter"; the others say no fee."""
    texts = _texts(GAME.player_view(_occupied_character_tower(), None), private=False)
    assert texts.count("occupied: +3 coins to enter") == 1
    assert texts.count("not occupied: no fee") == 3


def test_s8_2_public_board_fee_comes_from_the_view() -> None:
    view = GAME.player_view(_occupied_character_tower(), None)
    view["tower_fee"] = 4
    assert "occupied: +4 coins to enter" in _texts(view, private=False)


def test_s8_2_public_board_shows_the_standard_fee_even_with_brunelleschi_in_play() -> None:
    """§8.2 / §13: the public board names the standard fee; Brunelleschi's waiver is his own."""
    st = _occupied_character_tower()
    st["players"][0]["leaders_played"] = ["filippo_brunelleschi"]
    assert "occupied: +3 coins to enter" in _texts(GAME.player_view(st, None), private=False)


def test_s8_2_personal_board_fee_is_the_players_own() -> None:
    """§8.2 / §13: "+3 coins" on a personal board; "no fee for you" for Brunelleschi's owner."""
    st = _occupied_character_tower()
    st["players"][0]["leaders_played"] = ["filippo_brunelleschi"]
    own = _texts(GAME.player_view(st, 0), private=True)
    other = _texts(GAME.player_view(st, 2), private=True)
    assert "no fee for you" in own and "+3 coins" not in own
    assert "+3 coins" in other and "no fee for you" not in other


# ---------------------------------------------------------------- §16 final placing vs turn order


def _seat_cells(texts: list[str], heading: str, players: int) -> list[tuple[str, str, str]]:
    """(colour name, ordinal, label) per table row, in drawing order, read after ``heading``."""
    rest = texts[texts.index(heading) :]
    rows = []
    for i, t in enumerate(rest):
        if t in ("in turn", "place"):
            rows.append((rest[i - 2], rest[i - 1], t))
    assert len(rows) == players
    return rows


def test_s16_table_shows_final_places_in_ranking_order_at_game_over() -> None:
    """§16: at the end the table's rows follow the final ranking (tie-break applied) and say
    "1st place", "2nd place"...; no turn position is printed as if it were a placing."""
    game, state, _ = list(sampled_states("lorenzo", 4, seed=9, stride=1000))[-1]
    view = game.player_view(state, None)
    ranking = view["outcome"]["ranking"]
    texts = _texts(view, private=False)
    rows = _seat_cells(texts, "Final place", 4)
    assert [r[0] for r in rows] == [seat_name(s).split()[0].lower() for s in ranking]
    assert [r[1:] for r in rows] == [("1st", "place"), ("2nd", "place"), ("3rd", "place"), ("4th", "place")]
    assert "in turn" not in texts
    # The VP cell shows the final total (the ranking's score) with the track VP under it.
    for seat in ranking:
        assert str(view["outcome"]["scores"][seat]) in texts
        assert f"track {view['players_info'][seat]['points']['vp']}" in texts


def test_s6_table_labels_the_turn_position_as_turn_order_during_play() -> None:
    """§6 turn order: during play each row says "1st / in turn" etc., rows in turn order."""
    st = scenario(3)
    st["turn_order"] = [2, 0, 1]
    texts = _texts(GAME.player_view(st, None), private=False)
    rows = _seat_cells(texts, "Player", 3)
    assert [r[0] for r in rows] == ["green", "blue", "orange"]
    assert [r[1:] for r in rows] == [("1st", "in turn"), ("2nd", "in turn"), ("3rd", "in turn")]
    assert "place" not in texts and "Final place" not in texts


# -------------------------------------------------------------- §13 leader draft (private only)


def _mid_draft() -> tuple[dict[str, Any], str, list[str]]:
    """Seat 0 has picked from its pack; seats 1 and 2 still choose."""
    st = GAME.setup(players=3, seed=4, options={"leaders": True, "leader_draft": "draft"})
    assert st["phase"] == "leader_draft"
    pack = [str(ld["name"]) for ld in GAME.player_view(st, 0)["players_info"][0]["draft_pack"]]
    move = GAME.legal_moves(st, 0)[1]
    st, _ = GAME.apply(st, 0, move)
    info = GAME.player_view(st, 0)["players_info"][0]
    pick = next(str(ld["name"]) for ld in info["draft_pack"] if ld["id"] == info["draft_pick"])
    return st, pick, pack


def test_s13_draft_pick_and_pack_are_drawn_on_the_owners_personal_board() -> None:
    """§13 leader draft: the owner sees the leader they kept and the rest of the pack."""
    st, pick, pack = _mid_draft()
    texts = " | ".join(_texts(GAME.player_view(st, 0), private=True))
    assert f"Leader draft: you kept {pick}; waiting for the others (private)" in texts
    assert f"✓ {pick} — your pick" in texts
    assert (
        f"Leader draft: you kept {pick}."
        in draw_view("lorenzo", GAME.player_view(st, 0), private=True).alt_text
    )
    for name in pack:
        assert name in texts, name


def test_s13_draft_pick_and_pack_never_reach_a_public_image() -> None:
    """§13: the draft is secret; the public board drawn from any view (even the owner's own
    private view) names no leader of any pack and no pick."""
    st, pick, _ = _mid_draft()
    secrets = {pick}
    for seat in range(3):
        secrets |= {str(ld["name"]) for ld in GAME.player_view(st, seat)["players_info"][seat]["draft_pack"]}
    assert len(secrets) >= 4
    for viewer in (None, 0, 1, 2):
        public = " | ".join(_texts(GAME.player_view(st, viewer), private=False))
        for name in secrets:
            assert name not in public, (viewer, name)
        assert "you kept" not in public and "your pick" not in public
        assert pick not in draw_view("lorenzo", GAME.player_view(st, viewer), private=False).alt_text


def test_s13_a_seat_sees_its_own_draft_but_not_anothers_pick() -> None:
    st, pick, _ = _mid_draft()
    other = " | ".join(_texts(GAME.player_view(st, 1), private=True))
    assert "you kept" not in other
    assert pick not in other  # packs are disjoint: seat 0's pick is in no other seat's view
    assert "Leader draft: keep one of (private)" in other


# --------------------------------------------------------------------- member tags with letters


def test_member_token_carries_the_member_letter_at_a_legible_size() -> None:
    """Issue 5: which family member stands on a space does not rest on colour alone: the tag
    carries B/W/O/N (14 px or more) beside the seat's own letter."""
    assert MEMBER_LETTER >= 14
    for seat in range(4):
        for member, letter in MEMBER_LETTERS.items():
            canvas = Canvas(100, 100)
            _member_token(canvas, 40, 40, {"seat": seat, "member": member}, 28)
            seat_letter = "BOGP"[seat]
            assert canvas.texts == [seat_letter, letter]
            assert canvas.sizes[1] == (letter, MEMBER_LETTER)


def test_every_member_on_the_public_board_has_its_letter(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every family member drawn on the public board gets its letter tag; every member on a tower
    floor or a one-member space is drawn (crowded open spaces may summarise the rest as "+N")."""
    calls: list[tuple[Occupant, list[tuple[str, int]]]] = []

    def spy(canvas: Canvas, cx: int, cy: int, occupant: Occupant, size: int = 34) -> None:
        before = len(canvas.sizes)
        original(canvas, cx, cy, occupant, size)
        calls.append((occupant, canvas.sizes[before:]))

    original = render.lorenzo._member_token
    monkeypatch.setattr(render.lorenzo, "_member_token", spy)
    checked = 0
    for game, state, why in sampled_states("lorenzo", 4, seed=31, stride=9):
        view = game.player_view(state, None)
        calls.clear()
        draw_view("lorenzo", view, private=False)
        drawn = [occ for occ, _ in calls]
        for floors in view["towers"].values():
            for floor in floors:
                if floor["occupant"]:
                    assert floor["occupant"] in drawn, why
        for space in view["spaces"]:
            if space["capacity"] == 1:
                assert all(o in drawn for o in space["occupants"]), why
        for occupant, sizes in calls:
            assert sizes[-1] == (MEMBER_LETTERS[str(occupant["member"])], MEMBER_LETTER), why
            checked += 1
    assert checked > 50


def test_family_dice_carry_member_letters_on_both_boards() -> None:
    """Issue 5: the "Family left" dice (player table) and the personal board's dice name their
    member too (W and N are no seat's letter, so they count the dice exactly)."""
    st = scenario(3)
    public = draw_view("lorenzo", GAME.player_view(st, None), private=False).canvas.sizes
    private = draw_view("lorenzo", GAME.player_view(st, 1), private=True).canvas.sizes
    for sizes, dice_sets in ((public, 3), (private, 1)):
        for letter in ("W", "N"):
            assert sizes.count((letter, MEMBER_LETTER)) == dice_sets, letter
        for letter in ("B", "O"):
            assert sizes.count((letter, MEMBER_LETTER)) >= dice_sets, letter


def test_seat_and_member_letters_are_drawn_at_14px_or_more() -> None:
    """Issue 5 "every player marker also carries a letter": seat letters in markers (also four
    markers crowded on one faith or military space) and member letters stay at 14 px or more."""
    small: set[tuple[str, int]] = set()
    for players in (3, 4):
        for game, state, _ in sampled_states("lorenzo", players, seed=21, stride=10):
            for viewer in (None, 0):
                sizes = draw_view(
                    "lorenzo", game.player_view(state, viewer), private=viewer is not None
                ).canvas.sizes
                small |= {(t, s) for t, s in sizes if len(t) == 1 and t.isalpha() and s < 14}
    assert not small, sorted(small)


def test_four_seats_on_one_faith_space_keep_legible_letters() -> None:
    """Setup (§4): every seat starts on faith 0 and military 0; the markers share one space."""
    st = scenario(4)
    sizes = draw_view("lorenzo", GAME.player_view(st, None), private=False).canvas.sizes
    for letter in "BOGP":
        assert all(s >= 14 for t, s in sizes if t == letter), letter
