"""A plain board for a game that has no drawing of its own yet, drawn from the view header.

It keeps the bot working when a new engine lands before its board does: the common frame (title,
round, phase, prompt, last move, turn order), a row per seat (marker, colour, who must act, the
final score), the last move's events, the final scoring, and then the view's other headline
facts: top-level scalar values and the sizes of lists and objects, so it cannot show more than
the view holds. A view without a header gets one made of its own keys (``frame.header_of``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render import frame, palette, parts
from render.alt import seat_name
from render.canvas import Canvas, Drawing, Rect
from render.layout import BODY, HEADING, MARGIN, WIDTH, Frame
from render.words import N_
from rules.core import ViewHeader

ROW = 40
SEAT_ROW = 52
FINAL_H = 330


def _summary(value: Any) -> str:
    if isinstance(value, dict | list):
        n = len(value)
        noun = ("entry", "entries") if isinstance(value, dict) else ("item", "items")
        return f"{n} {noun[0] if n == 1 else noun[1]}"
    return str(value)


def _facts(view: Mapping[str, Any]) -> list[tuple[str, Any]]:
    return sorted((str(k), v) for k, v in view.items() if k != "header")


def _seat_rows(canvas: Canvas, top: int, header: ViewHeader) -> int:
    """One row per seat; returns the y under them."""
    outcome = header["outcome"]
    active = set(header["active"])
    for i, entry in enumerate(header["seats"]):
        seat = int(entry["seat"])
        row = Rect(MARGIN, top + i * SEAT_ROW, WIDTH - 2 * MARGIN, SEAT_ROW - 6)
        canvas.box(row, palette.PANEL, palette.LINE)
        canvas.marker(row.x + 28, row.y + row.h // 2, seat, 36)
        label = seat_name(seat) + (f" — {entry['name']}" if entry.get("name") else "")
        canvas.text_in(Rect(row.x + 56, row.y, 700, row.h), label, BODY + 2, style="bold", align="l")
        if seat in active:
            canvas.text_in(Rect(row.x + 780, row.y, 300, row.h), "to act", BODY + 2, palette.BAD, align="l")
        if outcome and seat < len(outcome["scores"]):
            score = f"{outcome['scores'][seat]} {header['score_unit']}"
            canvas.text_in(Rect(row.right - 220, row.y, 200, row.h), score, BODY + 4, style="bold", align="r")
    return top + len(header["seats"]) * SEAT_ROW


def draw(header: ViewHeader, view: Mapping[str, Any], private: bool) -> Drawing:
    facts = _facts(view)
    last = header["last"]
    events = [frame.words(header, e) for e in (last["events"] if last else [])]
    top = Frame.status(private).bottom + 12
    seats_h = len(header["seats"]) * SEAT_ROW
    events_h = HEADING + 30 + 28 * len(events) if events else 0
    final_h = FINAL_H if header["outcome"] else 0
    height = top + seats_h + events_h + final_h + 20 + ROW * max(1, len(facts))
    canvas = Canvas(WIDTH, height)
    frame.title_bar(canvas, header, private, N_("private board"))
    frame.status(canvas, header, private)
    y = _seat_rows(canvas, top, header)
    if events:
        canvas.text(MARGIN, y + 6, N_("Last move"), HEADING, style="bold")
        lines: list[parts.Line] = [(e, palette.INK, "regular") for e in events]
        box = Rect(MARGIN, y + HEADING + 20, WIDTH - 2 * MARGIN, events_h - HEADING - 20)
        parts.text_block(canvas, box, lines, BODY)
        y += events_h
    if header["outcome"]:
        panel = Rect(MARGIN, y + 10, WIDTH - 2 * MARGIN, FINAL_H - 20)
        parts.final_panel(canvas, panel, header["outcome"], header["score_unit"], header)
        y += final_h
    for i, (key, value) in enumerate(facts):
        row = Rect(30, y + 10 + i * ROW, WIDTH - 60, ROW)
        canvas.text_in(Rect(row.x, row.y, 500, ROW), key, 26, palette.MUTED, align="l")
        value_box = Rect(row.x + 520, row.y, row.w - 520, ROW)
        canvas.text_in(value_box, frame.words(header, _summary(value)), 26, style="bold", align="l")
    said = "; ".join(f"{k}: {_summary(v)}" for k, v in facts if not isinstance(v, dict | list))
    said = frame.words(header, said)
    alt = frame.alt_text(header, private, "private board", [f"{said}."] if said else [])
    return Drawing(canvas, alt, f"{header['game']}-generic")
