"""Overlaps the Lancaster playtest of December 2026 found, checked on the drawn pixels: the LAST
tag over castle space X1 covered the private screen's "Your castle" heading, and on the 2-player
board the X4 header text touched the first seat row's TO MOVE frame."""

from __future__ import annotations

from typing import Any

from render import draw_view, palette
from render.canvas import text_width
from render.layout import LancasterPrivate, LancasterPublic
from rules import find_game

GAME = find_game("lancaster")


def _after_a_knight_on_x1(players: int) -> tuple[dict[str, Any], int]:
    """A game just after a seat placed a knight in its castle space X1, and that seat."""
    state = GAME.setup(players, 1, {})
    while True:
        seat = min(GAME.active_players(state))
        moves = [m.to_text() for m in GAME.legal_moves(state, seat)]
        x1 = [m for m in moves if m.endswith("castle:X1")]
        state = GAME.apply(state, seat, GAME.parse(state, seat, (x1 or moves)[0]))[0]
        if x1:
            return state, seat


def test_the_last_tag_on_x1_leaves_the_your_castle_heading_clear() -> None:
    state, seat = _after_a_knight_on_x1(2)
    drawing = draw_view("lancaster", GAME.player_view(state, seat), private=True, names=["anna", "bob"])
    assert "LAST" in drawing.canvas.texts and "Your castle" in drawing.canvas.texts
    image = drawing.canvas.image.convert("RGB")
    box = LancasterPrivate.castle
    heading_w = text_width("Your castle", 22, "bold") + 8  # generous: HEADING size or smaller
    yellow = [
        (x, y)
        for x in range(box.x, box.x + heading_w)
        for y in range(box.y, box.y + 24)  # the heading's glyphs
        if image.getpixel((x, y)) == palette.HIGHLIGHT
    ]
    assert yellow == []


def test_the_castle_headers_stay_clear_of_the_first_rows_to_move_frame() -> None:
    state, _ = _after_a_knight_on_x1(2)
    view = GAME.player_view(state, None)
    image = draw_view("lancaster", view, private=False, names=["anna", "bob"]).canvas.image.convert("RGB")
    L = LancasterPublic
    frame_top = L.castles_top + L.castle_header_h - 4  # Table.row: the TO MOVE frame, 4 px out
    x0 = sum(w for key, _, w in L.castle_columns if key != "castle") + 20
    x1 = x0 + next(w for key, _, w in L.castle_columns if key == "castle") - 160  # not the tag
    ink = [
        (x, y)
        for x in range(x0, x1)
        for y in range(frame_top - 5, frame_top)  # at least 5 px clear (it was 1 or 2)
        if image.getpixel((x, y)) != palette.BACKGROUND
    ]
    assert ink == []
