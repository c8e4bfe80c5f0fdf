"""The Houses of Renaissance parts of Lorenzo's boards (only for views with ``houses``).

Public band under the board: the Special Tower's four floors (drawn like the base towers'), the
Adaptation tile, the Special Tokens (supply, discard, what each kind gives), the New Council
row, the discard pile, and per seat its Family tile, token count and face-up tokens. During the
auction the auction board covers the towers. Private band: the viewer's Family, token faces and
face-up tokens. Values no source gives are marked "*" (HOUSES.md §19; ``/game rules`` lists them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from render import palette, parts
from render.alt import seat_name
from render.canvas import Canvas, Rect
from render.layout import BODY, HEADING, INNER, MARGIN, NUMBER, SMALL, LorenzoHouses, LorenzoPublic

if TYPE_CHECKING:
    from rules.lorenzo.view import LorenzoView

STAR = "*"  # a provisional value (no source gives it)
TOWER_TITLES = {
    "territory": "Territories",
    "character": "Characters",
    "building": "Buildings",
    "venture": "Ventures",
}


def band_height(view: LorenzoView) -> int:
    return LorenzoHouses.height() if "houses" in view else 0


def _provisional(view: LorenzoView, prefix: str) -> bool:
    return any(str(p["path"]).startswith(prefix) for p in view["houses"]["provisional"])


def draw_public(canvas: Canvas, view: LorenzoView, top: int, changed: set[str], floor: Any) -> None:
    """The band at ``top``; ``floor`` draws one tower floor (render.lorenzo._floor)."""
    houses = view["houses"]
    L = LorenzoHouses
    y0 = top + L.gap
    tower = L.tower.moved(0, y0)
    header = tower.top(L.tower_header)
    canvas.box(header, palette.INK, palette.INK, radius=6)
    star = STAR if _provisional(view, "special_tower") else ""
    occupied = any(f.get("occupant") for f in houses["special_tower"])
    fee = "occupied: +3 coins to enter (card 126: free)" if occupied else "not occupied: no fee"
    canvas.text_in(
        header.inset(10, 2),
        f"Special Tower{star} · deck {houses['special_deck']} · {fee}",
        HEADING - 2,
        palette.TITLE_INK,
        style="bold",
        align="l",
    )
    owners: dict[str, tuple[int, Any]] = {}
    for rect, spec in zip(
        tower.below(L.tower_header + 6).columns(4, 12), houses["special_tower"], strict=True
    ):
        floor(canvas, rect, spec, changed, owners)
    _side(canvas, view, L.side.moved(0, y0))
    _seats(canvas, view, Rect(MARGIN, y0 + L.seats_top, INNER, L.seats_h))
    note = Rect(MARGIN, y0 + L.seats_top + L.seats_h + 2, INNER, L.note_h - 4)
    canvas.text_in(
        note,
        f"{STAR} provisional value: no source gives it (see /game rules; LORENZO_OVERRIDES corrects it)",
        SMALL,
        palette.MUTED,
        align="l",
    )


def _side(canvas: Canvas, view: LorenzoView, rect: Rect) -> None:
    houses = view["houses"]
    adaptation = houses["adaptation"]
    values = "/".join(str(v) for v in adaptation["floor_values"])
    name = "234" if adaptation["tile"] == "adaptation_2_4" else "5"
    star = STAR if _provisional(view, "adaptation") else ""
    kinds = houses["token_kinds"]
    tokens_star = STAR if _provisional(view, "special_tokens") else ""
    where = TOWER_TITLES.get(adaptation["tower"], adaptation["tower"])
    supply, discarded = houses["tokens_in_supply"], houses["tokens_discarded"]
    privilege = houses["council_option"].split(": ", 1)[-1]
    lines: list[parts.Line] = [
        (
            f"Adaptation tile {name}{star}: on {where}, floors {values}; moves right each round",
            palette.INK,
            "bold",
        ),
        (f"Special Tokens: {supply} in the supply, {discarded} discarded", palette.INK, "bold"),
        ("; ".join(f"{k}{tokens_star} {v}" for k, v in kinds.items()), palette.INK, "narrow"),
        (f"New Council row: a 6th privilege, {privilege}{STAR}", palette.INK, "regular"),
        (f"Discard pile (cards 130/132): {len(houses['discard_pile'])} cards", palette.MUTED, "regular"),
    ]
    canvas.box(rect, palette.PANEL, palette.LINE, radius=8)
    parts.text_block(canvas, rect.inset(12, 10), lines, BODY)


def _seats(canvas: Canvas, view: LorenzoView, rect: Rect) -> None:
    houses = view["houses"]
    seats = houses["players"]
    for seat, (cell, info) in enumerate(zip(rect.columns(len(seats), 10), seats, strict=True)):
        canvas.box(cell, palette.PANEL, palette.LINE, radius=8)
        canvas.marker(cell.x + 26, cell.y + 28, seat, 34)
        family = info.get("family")
        title = str(family or "no family yet").replace("_", " ").title()
        canvas.text_in(
            Rect(cell.x + 50, cell.y + 8, cell.w - 58, 36), title, BODY + 1, style="bold", align="l"
        )
        canvas.text_in(
            Rect(cell.x + 10, cell.y + 50, 120, 36),
            f"{info['tokens']} tokens",
            NUMBER - 4,
            style="bold",
            align="l",
        )
        face_up = ", ".join(f"{kind} on {card}" for card, kind in sorted(info["face_up"].items()))
        if face_up:
            canvas.text_in(
                Rect(cell.x + 130, cell.y + 50, cell.w - 138, 36),
                "face up: " + face_up,
                SMALL,
                palette.MUTED,
                align="l",
            )


def draw_auction(canvas: Canvas, view: LorenzoView) -> None:
    """The Family Tile auction over the towers: one column per Auction tile, its Family, the six
    lines (line 1 = lowest bid, most resources) and the bid on it."""
    auction = view["houses"]["auction"]
    if not auction:
        return
    area = LorenzoPublic.towers
    canvas.box(area, palette.BACKGROUND, palette.INK, width=2, radius=8)
    head = area.inset(12, 8).top(34)
    mover = auction.get("mover")
    who = f" · {seat_name(int(mover))} to bid" if mover is not None else ""
    canvas.text_in(
        head,
        f"Family Tile auction{who} (line 1 = lowest bid, most resources; lines{STAR})",
        HEADING,
        style="bold",
        align="l",
    )
    columns = area.inset(12, 8).below(44).columns(len(auction["tiles"]), 10)
    for col, tile in zip(columns, auction["tiles"], strict=True):
        canvas.box(col, palette.PANEL, palette.LINE, radius=8)
        parts.text_block(
            canvas,
            col.inset(8, 6).top(150),
            [(str(tile["name"]), palette.INK, "bold"), (str(tile["text"]), palette.INK, "narrow")],
            BODY,
        )
        bid = tile.get("bid")
        for line_no, (row, goods) in enumerate(
            zip(col.inset(6, 6).below(156).rows(6, 6), tile["lines"], strict=True), start=1
        ):
            mine = bid is not None and int(bid["line"]) == line_no
            canvas.box(row, palette.HIGHLIGHT if mine else palette.PANEL_ALT, palette.LINE, radius=6)
            canvas.text_in(
                Rect(row.x + 6, row.y, 26, row.h), str(line_no), NUMBER - 2, style="bold", align="l"
            )
            parts.text_block(
                canvas,
                Rect(row.x + 30, row.y + 4, row.w - 66, row.h - 8),
                [(goods, palette.INK, "narrow")],
                SMALL + 1,
            )
            if mine:
                canvas.marker(row.right - 24, row.y + row.h // 2, int(bid["seat"]), 30)


def private_lines(view: LorenzoView) -> list[parts.Line]:
    """What the personal board adds: Family, token faces (secret), face-up tokens."""
    houses = view.get("houses")
    if not houses or view.get("viewer") is None:
        return []
    me = houses["players"][int(view["viewer"] or 0)]
    faces = ", ".join(me.get("faces") or []) or "none"
    lines: list[parts.Line] = [
        (f"Family: {str(me.get('family') or 'not yet won').replace('_', ' ').title()}", palette.INK, "bold"),
        (
            f"Your Special Tokens ({me['tokens']}): {faces} - cash one on your turn with 'token <kind>'",
            palette.INK,
            "regular",
        ),
    ]
    if me["face_up"]:
        lines.append(
            (
                "Face up: " + ", ".join(f"{k} on card {c}" for c, k in me["face_up"].items()),
                palette.MUTED,
                "regular",
            )
        )
    return lines
