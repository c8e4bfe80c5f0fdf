"""Issue 5 "the last move highlighted (what changed since the previous image)", Lancaster.

The view's ``last`` carries the move's event sentences and the board places it touched
(rules/lancaster/view.py). The public board writes the sentences in the status line with seats
named by colour and letter, and frames every place it touched. The expected frames are worked out
here from the view alone, independently of the drawing code.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from render import draw_view, palette
from render.canvas import Rect
from render.layout import LancasterPublic, favor_parts
from render.parts import words
from rules import find_game
from rules.playout import random_playout

GAME = "lancaster"


def _views(players: int, seed: int) -> Iterator[dict[str, Any]]:
    """The public view after every move of a seeded random game."""
    game = find_game(GAME)
    for step in random_playout(game, players, seed):
        yield game.player_view(step.after, None)


def _expected_frames(view: dict[str, Any]) -> int:
    """How many places of the last move have something on the board to frame."""
    parl = view["parliament"]
    proposals = [str(law["id"]) for law in parl["proposals"]]
    current = {str(law["id"]) for law in parl["current"]}
    voting = parl["voting"]
    cards = {str(c["id"]) for c in view["conflicts"]}
    count = 0
    for place in view["last"]["places"]:
        kind, _, arg = place.partition(":")
        if kind == "law":
            # A proposal still open carries the VOTING frame instead; a law named by an exchange is
            # framed where it is (proposal row first).
            if arg in proposals:
                count += proposals.index(arg) != voting
            else:
                count += arg in current
        elif kind == "conflict":
            count += arg in cards
        else:  # counties, castle spaces, King's Favor tiles and seat rows are always on the board
            count += 1
    return count


def test_every_place_the_last_move_touched_is_framed() -> None:
    """Placements, King's Favor choices, votes, purchases, ransoms, noble and county choices and
    Surrey's start choice: each place named by the view gets one frame, and nothing else does."""
    kinds: set[str] = set()
    for players, seed in ((2, 3), (4, 5), (5, 8)):
        for view in _views(players, seed):
            texts = draw_view(GAME, view, private=False).canvas.texts
            frames = texts.count("LAST") + texts.count("NEXT")
            assert frames == _expected_frames(view), (view["last"], view["phase"])
            kinds |= {p.split(":")[0] for p in view["last"]["places"]}
    assert {"county", "conflict", "castle", "favor", "law", "knights", "nobles"} <= kinds


def test_kings_favor_choice_frames_the_tile_taken() -> None:
    """Rules 6.4: the King's Favor tile just taken is framed (the yellow band of the halo)."""
    for view in _views(4, 5):
        places = view["last"]["places"]
        if not places or not places[0].startswith("favor:"):
            continue
        n = int(places[0].split(":")[1])
        L = LancasterPublic
        tile = L.kings_favor.below(L.favor_header).columns(6, 8)[n - 1]
        image = draw_view(GAME, view, private=False).canvas.image
        # The halo's yellow band runs 2-5 px outside the frame's black edge, 6 px out of the tile.
        assert image.getpixel((tile.x - 3, tile.y + tile.h // 2)) == palette.HIGHLIGHT
        other = L.kings_favor.below(L.favor_header).columns(6, 8)[n % 6]
        assert image.getpixel((other.x - 3, other.y + other.h // 2)) != palette.HIGHLIGHT
        assert favor_parts(tile).index.x > tile.x  # the tile number sits inside the tile
        return
    raise AssertionError("no King's Favor choice in the playout")


def test_status_line_tells_the_last_move_in_words_with_seat_colours() -> None:
    """The status line shows the move's event sentences (not the move text) and names seats by
    colour and letter; no {pN} placeholder ever reaches an image."""
    checked = 0
    for view in _views(3, 7):
        drawing = draw_view(GAME, view, private=False)
        texts = drawing.canvas.texts
        assert not any("{p" in t for t in texts)
        line = next(t for t in texts if t.startswith("Last move: "))
        events = view["last"]["events"]
        if events:
            assert line == "Last move: " + words(3, " ".join(events))
            checked += 1
        assert "{p" not in drawing.alt_text
    assert checked > 50


def test_a_secret_vote_shows_only_that_a_seat_voted() -> None:
    """Rules 7.2: until the last ballot, the public image says who voted, never how."""
    for view in _views(4, 9):
        last = view["last"]
        if last["move"] != "vote" or len(last["events"]) != 1:
            continue  # not a vote, or the last ballot (which reveals them all)
        texts = draw_view(GAME, view, private=False).canvas.texts
        line = next(t for t in texts if t.startswith("Last move"))
        assert line.endswith("has voted.") and " yes" not in line and " no" not in line
        return
    raise AssertionError("no vote found")


def test_private_screen_frames_the_viewers_castle_space() -> None:
    """The private screen shows the viewer's castle; the viewer's last castle move is framed."""
    game = find_game(GAME)
    for _, seat, move, state, _ in random_playout(game, 3, seed=4):
        if move.to_text().startswith("knight") and "castle:" in move.to_text():
            mine = draw_view(GAME, game.player_view(state, seat), private=True).canvas.texts
            other = draw_view(GAME, game.player_view(state, (seat + 1) % 3), private=True).canvas.texts
            assert mine.count("LAST") == 1 and "LAST" not in other
            return
    raise AssertionError("no castle placement found")


def test_layout_parts_do_not_overlap() -> None:
    """The layout table's Lancaster areas stack without overlapping after the legibility pass."""
    L = LancasterPublic
    tiles = L.kings_favor.below(L.favor_header).columns(6, 8)
    assert all(isinstance(t, Rect) and t.bottom <= L.kings_favor.bottom for t in tiles)
    assert L.conflicts.bottom <= L.kings_favor.y and L.counties.bottom <= L.parliament.y
