"""Henry V's part of the regal board under the Lancaster public board (issue 14 item 8).

The royal court: the three office cards and the treasury, each with its cost, what it gives and
the lord standing there (its seat's marker with the lord's total strength, and what stands with
it: the escorting knight, a Tudor knight, bishops); the treasury's contents; the bishops left on
the regal board; the privilege supply; and per player where the lord is, the royal seals and the
privileges held (EXPANSIONS.md S2). County knights and conflict spaces carrying privileges are
marked on the main board itself (render/lancaster.py reads ``marks``). Drawn only when the game
uses the expansion; values marked * are provisional (the rules help lists them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from render import palette
from render.alt import seat_name
from render.canvas import Canvas, Rect
from render.layout import BODY, HEADING, INNER, MARGIN, SMALL
from render.palette import hex_rgb
from render.words import N_, Said, colour, move_word, said, told, told_n

if TYPE_CHECKING:
    from rules.lancaster.henry import CourtSpace, HenryView
    from rules.lancaster.view import LancasterView

GAP = 12
TITLE_H = 46
CARD_H = 206
COURT_FILL = hex_rgb("#F3ECDD")
COURT_EDGE = hex_rgb("#7A5A1E")
CARD_FILL = hex_rgb("#FFF9EC")
BISHOP = hex_rgb("#2B2B2B")
PRIVILEGE_WORDS = {"shield": N_("shield"), "archer": N_("archer"), "tudor_knight": N_("Tudor")}


def part(view: LancasterView) -> HenryView | None:
    return (view.get("expansions") or {}).get("henry_v")


def band_height(view: LancasterView) -> int:
    """Extra canvas height the band needs (0 without the expansion)."""
    found = part(view)
    if found is None:
        return 0
    return TITLE_H + CARD_H + 16 + GAP


def draw(canvas: Canvas, view: LancasterView, top: int, places: set[str]) -> None:
    found = part(view)
    if found is None:
        return
    band = Rect(MARGIN, top, INNER, band_height(view) - GAP)
    canvas.box(band, COURT_FILL, COURT_EDGE, width=2, radius=8)
    # The title sits high so that the LAST tag over a court card stays clear of it.
    canvas.text(band.x + 12, band.y + 4, N_("Henry V: the royal court (regal board)"), HEADING, style="bold")
    note = told(N_("royal seal = {n} PP at the end *"), n=found["seal_points"])
    canvas.text(band.right - 12, band.y + 6, note, BODY, palette.MUTED, anchor="rt")
    cards = Rect(band.x + 12, band.y + TITLE_H, 4 * 246 + 3 * 10, CARD_H)
    for rect, space in zip(cards.columns(4, 10), found["court"], strict=False):
        _space(canvas, rect, space, found)
        if f"court:{space['space']}" in places:
            canvas.highlight(rect, N_("LAST"))
    side = Rect(cards.right + 14, cards.y, band.right - cards.right - 26, CARD_H)
    _supply(canvas, side.top(58), found)
    _players(canvas, side.below(64), found, places)


def _space(canvas: Canvas, rect: Rect, space: CourtSpace, found: HenryView) -> None:
    canvas.box(rect, CARD_FILL, COURT_EDGE, width=2, radius=8)
    inner = rect.inset(10, 6)
    canvas.text_in(inner.top(26), space["name"], BODY + 1, style="bold", align="l")
    canvas.text_in(
        Rect(inner.x, inner.y + 28, inner.w, 20),
        N_("cost: {space} *").format(space=space["cost"]),
        SMALL + 1,
        palette.MUTED,
        align="l",
    )
    canvas.paragraph(
        Rect(inner.x, inner.y + 50, inner.w, 44),
        N_("gives: {space} *").format(space=space["reward"]),
        BODY - 1,
        style="narrow",
        min_size=14,
    )
    if space["space"] == "treasury":
        held = found["treasury"]
        words = _treasury_words(held) or said(N_("empty"))
        canvas.text_in(
            Rect(inner.x, inner.y + 96, inner.w, 22),
            told(N_("holds: {words}"), words=words),
            SMALL + 2,
            style="bold",
            align="l",
        )
    lord = space["lord"]
    slot = Rect(inner.x, rect.bottom - 66, inner.w, 58)
    if lord is None:
        canvas.text_in(slot, N_("no lord"), BODY, palette.MUTED, align="l")
        return
    seat = int(lord["seat"])
    canvas.marker(slot.x + 26, slot.y + 29, seat, 50, label=str(lord["total"]))
    parts = [told(N_("knight {strength}"), strength=lord["escort"])] * bool(lord["escort"])
    parts += [said(N_("Tudor"))] * bool(lord["tudor"])
    parts += [told_n("{n} bishop", "{n} bishops", int(lord["bishops"]))] * bool(lord["bishops"])
    seat_colour = colour(palette.seat_style(seat).name).capitalize()
    who = told(N_("{colour}'s lord: {strength}"), colour=seat_colour, strength=lord["total"])
    canvas.text_in(Rect(slot.x + 58, slot.y + 2, slot.w - 58, 26), who, BODY, style="bold", align="l")
    canvas.text_in(
        Rect(slot.x + 58, slot.y + 30, slot.w - 58, 24),
        Said(", ".join(parts)) if parts else N_("alone"),
        BODY - 1,
        palette.MUTED,
        style="narrow",
        align="l",
        min_size=14,
    )


def _treasury_words(held: dict[str, int]) -> str:
    """The treasury's contents in words ("1 squire, 3 votes"), in the board's language."""
    counts = {
        "gold": lambda n: told_n("{n} gold", "{n} gold", n),
        "squires": lambda n: told_n("{n} squire", "{n} squires", n),
        "vote_markers": lambda n: told_n("{n} vote", "{n} votes", n),
    }
    return Said(", ".join(counts[k](n) for k, n in held.items() if n))


def _supply(canvas: Canvas, rect: Rect, found: HenryView) -> None:
    canvas.box(rect, CARD_FILL, COURT_EDGE, width=1, radius=6)
    bishops = int(found["bishops"])
    width = canvas.text(
        rect.x + 10,
        rect.y + 6,
        N_("Bishops on the board: {bishops}").format(bishops=bishops),
        BODY,
        style="bold",
    )
    for i in range(bishops):
        cx = rect.x + width + 34 + i * 24
        if cx + 10 < rect.right:
            canvas.draw.ellipse((cx - 10, rect.y + 6, cx + 10, rect.y + 26), fill=BISHOP)
    supply = " · ".join(f"{said(PRIVILEGE_WORDS[k])} {n}" for k, n in found["supply"].items())
    canvas.text(
        rect.x + 10,
        rect.y + 32,
        told(N_("Privilege supply: {supply}"), supply=supply),
        BODY,
        max_width=rect.w - 20,
    )


def _players(canvas: Canvas, rect: Rect, found: HenryView, places: set[str]) -> None:
    seats = found["seats"]
    head = rect.top(22)
    columns = [
        (N_("player"), 0),  # Italian: "posto" (the seat), short enough for its column
        (N_("lord"), 70),
        (N_("seals"), 220),
        (N_("shield"), 290),
        (N_("archer"), 360),
        (N_("Tudor"), 430),
    ]
    for label, dx in columns:
        canvas.text(head.x + dx, head.y + 2, label, SMALL, palette.MUTED)
    rows = rect.below(24).rows(max(1, len(seats)), 2)
    names = {c["space"]: said(c["name"]).split()[-1] for c in found["court"]}  # "Cancelliere"
    for row, info in zip(rows, seats, strict=False):
        seat = int(info["seat"])
        mid = row.y + row.h // 2
        canvas.marker(row.x + 12, mid, seat, min(24, row.h))
        where = str(info["lord"])
        shown = names.get(where) or move_word("lancaster", where)  # "home"
        canvas.text(row.x + 70, mid, shown, BODY - 1, anchor="lm", max_width=140, min_size=14)
        seals = info["seals"]
        canvas.text(
            row.x + 220, mid, N_("hidden") if seals is None else str(seals), BODY, style="bold", anchor="lm"
        )
        for kind, dx in (("shield", 290), ("archer", 360), ("tudor_knight", 430)):
            canvas.text(row.x + dx, mid, str(info["privileges"][kind]), BODY, style="bold", anchor="lm")
        if f"lord:{seat}" in places:
            canvas.highlight(row, None)


def marks(view: LancasterView) -> tuple[dict[str, list[str]], dict[str, list[dict[str, Any]]]]:
    """Privileges on county knights (letter -> kinds) and on conflict spaces (card -> spaces)."""
    found = part(view)
    if found is None:
        return {}, {}
    return found["counties"], found["conflicts"]


def facts(view: LancasterView) -> list[str]:
    """Alt-text sentences of the band."""
    found = part(view)
    if found is None:
        return []
    told_: list[str] = []
    for space in found["court"]:
        lord = space["lord"]
        if lord is not None:
            told_.append(
                told(
                    N_("{space}: {seat}'s lord, strength {strength}."),
                    space=said(space["name"]),
                    seat=seat_name(int(lord["seat"])),
                    strength=lord["total"],
                )
            )
    held = _treasury_words(found["treasury"]) or said(N_("nothing"))
    told_.append(told(N_("Treasury holds {held}; bishops on the board {n}."), held=held, n=found["bishops"]))
    seals = "; ".join(
        f"{seat_name(int(s['seat']))} {said(N_('hidden')) if s['seals'] is None else s['seals']}"
        for s in found["seats"]
    )
    told_.append(told(N_("Royal seals: {seals}."), seals=seals))
    return told_
