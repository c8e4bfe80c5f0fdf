"""The expansions' band under the Lancaster public board (issue 14 item 8).

The King's Resentment: the dishonor track of the regal board (markers per space, this round's
space framed), the supply box, the markers each player holds and what they cost, and the tower:
its non-player knight, the weakest knight it takes, the player knights in it and the players it
shelters this round (EXPANSIONS.md S2). Drawn only when the game uses the expansion; values
marked * are provisional (the rules help lists them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from render import palette
from render.alt import seat_name
from render.canvas import Canvas, Rect
from render.layout import BODY, HEADING, INNER, MARGIN, NUMBER, SMALL
from render.palette import hex_rgb
from render.words import N_, colour, said, told

if TYPE_CHECKING:
    from rules.lancaster.resentment import ResentmentView
    from rules.lancaster.view import LancasterView

BAND_H = 150
GAP = 12
REGAL_FILL = hex_rgb("#EFE6F0")
REGAL_EDGE = hex_rgb("#6B3F5E")
TRACK_FILL = hex_rgb("#F8F1F6")


def _part(view: LancasterView) -> ResentmentView | None:
    return (view.get("expansions") or {}).get("kings_resentment")


def band_height(view: LancasterView) -> int:
    """Extra canvas height the band needs (0 without the expansion)."""
    return BAND_H + GAP if _part(view) else 0


def draw(canvas: Canvas, view: LancasterView, top: int) -> None:
    part = _part(view)
    if part is None:
        return
    band = Rect(MARGIN, top, INNER, BAND_H)
    canvas.box(band, REGAL_FILL, REGAL_EDGE, width=2, radius=8)
    canvas.text(band.x + 12, band.y + 8, N_("The King's Resentment"), HEADING, style="bold")
    left, middle, right = (
        Rect(band.x + 12, band.y + 40, 520, 100),
        Rect(band.x + 548, band.y + 40, 470, 100),
        Rect(band.x + 1034, band.y + 8, band.w - 1046, BAND_H - 16),
    )
    _track(canvas, left, part, int(view["round"]))
    _held(canvas, middle, part)
    _tower(canvas, right, part)


def _track(canvas: Canvas, rect: Rect, part: ResentmentView, round_: int) -> None:
    canvas.text(rect.x, rect.y, N_("Dishonor track (markers per round)"), SMALL, palette.MUTED)
    cell_w = 70
    for i, count in enumerate(part["track"]):
        cell = Rect(rect.x + i * (cell_w + 8), rect.y + 22, cell_w, 62)
        canvas.box(cell, TRACK_FILL, REGAL_EDGE, width=2, radius=6)
        canvas.text_in(cell.top(20), N_("round {value}").format(value=i + 1), SMALL, palette.MUTED)
        canvas.text_in(cell.below(20), str(count), NUMBER, style="bold")
        if i + 1 == round_:
            canvas.box(cell.inset(-3), None, palette.INK, width=3, radius=8)
    box = Rect(rect.x + 5 * (cell_w + 8) + 4, rect.y + 22, 120, 62)
    canvas.box(box, palette.PANEL_ALT, palette.LINE, width=2, radius=6)
    canvas.text_in(box.top(20), N_("supply box"), SMALL, palette.MUTED)
    canvas.text_in(box.below(20), str(part["box"]), NUMBER, style="bold")


def _held(canvas: Canvas, rect: Rect, part: ResentmentView) -> None:
    canvas.text(
        rect.x,
        rect.y,
        N_("Markers held ({part} PP each *)").format(part=part["points_per_marker"]),
        SMALL,
        palette.MUTED,
    )
    for seat, count in enumerate(part["held"]):
        x = rect.x + seat * 96  # room for two-digit counts
        canvas.marker(x + 17, rect.y + 52, seat, 32)
        # Two-digit counts keep a gap before the next player's marker (5 players, 96 px each).
        canvas.text(x + 37, rect.y + 52, f"× {count}", NUMBER - 4, style="bold", anchor="lm")


def _tower(canvas: Canvas, rect: Rect, part: ResentmentView) -> None:
    canvas.box(rect, palette.PANEL, REGAL_EDGE, width=2, radius=8)
    least = part["tower_minimum"]
    rule = (
        N_("nobody can enter") if least is None else told(N_("takes strength {strength}+ *"), strength=least)
    )
    canvas.text(rect.x + 10, rect.y + 6, told(N_("Tower: {rule}"), rule=said(rule)), BODY, style="bold")
    neutral = part["tower_neutral"]
    y = rect.y + 56
    if neutral:
        canvas.marker(rect.x + 50, y, None, 36, label=str(neutral))
    canvas.text(
        rect.x + 50, y + 24, N_("non-player") if neutral else N_("none"), SMALL, palette.MUTED, anchor="mt"
    )
    x = rect.x + 140
    for knight in part["tower"]:
        canvas.marker(x + 18, y, int(knight["seat"]), 36, label=str(knight["strength"]))
        x += 46
    if not part["tower"]:
        canvas.text(x, y, N_("no player knight"), SMALL, palette.MUTED, anchor="lm")
    sheltered = ", ".join(colour(palette.seat_style(s).name).capitalize() for s in part["protected"])
    shown = (
        told(N_("Sheltered this round: {seats}"), seats=sheltered)
        if sheltered
        else N_("Nobody sheltered this round")
    )
    canvas.text(rect.x + 10, rect.bottom - 26, shown, SMALL)


def facts(view: LancasterView) -> list[str]:
    """Alt-text sentences of the band."""
    part = _part(view)
    if part is None:
        return []
    held = "; ".join(f"{seat_name(seat)} {count}" for seat, count in enumerate(part["held"]))
    track = ", ".join(map(str, part["track"]))
    facts = [
        told(
            N_("Dishonor track {track}, supply box {box}; held: {held}."),
            track=track,
            box=part["box"],
            held=held,
        )
    ]
    inside = ", ".join(f"{seat_name(int(k['seat']))} {k['strength']}" for k in part["tower"]) or said(
        N_("no player knight")
    )
    neutral = part["tower_neutral"] or said(N_("none"))
    facts.append(told(N_("Tower: non-player knight {neutral}, {inside}."), neutral=neutral, inside=inside))
    if part["protected"]:
        seats = ", ".join(seat_name(s) for s in part["protected"])
        facts.append(told(N_("Sheltered this round: {seats}."), seats=seats))
    return facts
