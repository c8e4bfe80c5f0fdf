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
from render.words import N_, Said, move_word, said, told, told_n

if TYPE_CHECKING:
    from rules.lorenzo.view import LorenzoView

STAR = "*"  # a provisional value (no source gives it)
TOWER_TITLES = {
    "territory": N_("Territories"),
    "character": N_("Characters"),
    "building": N_("Buildings"),
    "venture": N_("Ventures"),
}
# The band's sentences are ``told`` (translated, then filled with values already in the board's
# language): their values are seats, token kinds and counts the catalogue cannot explain back.


def band_height(view: LorenzoView) -> int:
    return LorenzoHouses.height(_space_rows(view)) if "houses" in view else 0


def _space_rows(view: LorenzoView) -> int:
    """Rows of personal action spaces under the seats: the most any one seat has."""
    spaces = view["houses"].get("leader_spaces") or []
    per_seat = [sum(1 for s in spaces if s["seat"] == seat) for seat in {s["seat"] for s in spaces}]
    return max(per_seat, default=0)


def _provisional(view: LorenzoView, prefix: str) -> bool:
    return any(str(p["path"]).startswith(prefix) for p in view["houses"]["provisional"])


def draw_public(
    canvas: Canvas, view: LorenzoView, top: int, changed: set[str], floor: Any, member: Any
) -> None:
    """The band at ``top``; ``floor`` draws one tower floor (render.lorenzo._floor), ``member``
    a family member standing on a space (render.lorenzo._member_token)."""
    houses = view["houses"]
    L = LorenzoHouses
    y0 = top + L.gap
    tower = L.tower.moved(0, y0)
    header = tower.top(L.tower_header)
    canvas.box(header, palette.INK, palette.INK, radius=6)
    star = STAR if _provisional(view, "special_tower") else ""
    occupied = any(f.get("occupant") for f in houses["special_tower"])
    fee = N_("occupied: +3 coins to enter (card 126: free)") if occupied else N_("not occupied: no fee")
    canvas.text_in(
        header.inset(10, 2),
        told(
            N_("Special Tower{star} · deck {n} · {fee}"), star=star, n=houses["special_deck"], fee=said(fee)
        ),
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
    seats = Rect(MARGIN, y0 + L.seats_top, INNER, L.seats_h)
    _seats(canvas, view, seats)
    rows = _space_rows(view)
    columns = seats.columns(len(houses["players"]), 10)
    for seat, column in enumerate(columns):
        mine = [s for s in houses.get("leader_spaces") or [] if s["seat"] == seat]
        for row, space in enumerate(mine):
            box = Rect(column.x, seats.bottom + 4 + row * L.space_h, column.w, L.space_h - 6)
            starred = _provisional(view, f"leaders.{space['leader']}.space")
            personal_space(canvas, box, space, changed, member, starred)
    note = Rect(MARGIN, seats.bottom + rows * L.space_h + 2, INNER, L.note_h - 4)
    canvas.text_in(
        note,
        told(
            N_("{star} provisional value: no source gives it (see {command}; LORENZO_OVERRIDES corrects it)"),
            star=STAR,
            command=said(N_("/game rules")),
        ),
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
    where = said(TOWER_TITLES.get(adaptation["tower"], adaptation["tower"]))
    supply, discarded = houses["tokens_in_supply"], houses["tokens_discarded"]
    privilege = said(houses["council_option"].split(": ", 1)[-1])
    adapt = N_("Adaptation tile {name}{star}: on {tower}, floors {values}; moves right each round")
    lines: list[parts.Line] = [
        (told(adapt, name=name, star=star, tower=where, values=values), palette.INK, "bold"),
        (
            told(
                N_("Special Tokens: {supply} in the supply, {discarded} discarded"),
                supply=supply,
                discarded=discarded,
            ),
            palette.INK,
            "bold",
        ),
        (
            Said("; ".join(f"{move_word('lorenzo', k)}{tokens_star} {said(v)}" for k, v in kinds.items())),
            palette.INK,
            "narrow",
        ),
        (
            told(N_("New Council row: a 6th privilege, {privilege}{star}"), privilege=privilege, star=STAR),
            palette.INK,
            "regular",
        ),
        (
            told_n(
                "Discard pile (cards 130/132): {n} card",
                "Discard pile (cards 130/132): {n} cards",
                len(houses["discard_pile"]),
            ),
            palette.MUTED,
            "regular",
        ),
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
        title = str(family).replace("_", " ").title() if family else said(N_("No family yet"))
        canvas.text_in(
            Rect(cell.x + 50, cell.y + 8, cell.w - 58, 36), title, BODY + 1, style="bold", align="l"
        )
        canvas.text_in(
            Rect(cell.x + 10, cell.y + 50, 120, 36),
            told_n("{n} token", "{n} tokens", int(info["tokens"])),
            NUMBER - 4,
            style="bold",
            align="l",
        )
        face_up = ", ".join(
            told(N_("face up: {kind} on {card}"), kind=move_word("lorenzo", kind), card=card)
            for card, kind in sorted(info["face_up"].items())
        )
        waiting = ", ".join(
            told(N_("card {card} waits for a token"), card=card) for card in info.get("face_up_next") or []
        )
        face_up = Said("; ".join(x for x in (face_up, waiting) if x))
        if face_up:
            canvas.text_in(
                Rect(cell.x + 130, cell.y + 50, cell.w - 138, 36),
                face_up,
                SMALL,
                palette.MUTED,
                align="l",
            )


def personal_space(
    canvas: Canvas, rect: Rect, space: Any, changed: set[str], member: Any, starred: bool
) -> None:
    """A played Leader's personal action space (HOUSES.md §12.3), under its owner's seat cell:
    the Leader, its minimum value (``starred``: provisional) and what it gives; the member on it
    this round, or "free"."""
    canvas.box(rect, palette.PANEL_ALT, palette.INK, width=2, radius=8)
    slot = Rect(rect.right - 58, rect.y + 8, 50, rect.h - 16)
    text_w = slot.x - rect.x - 14
    canvas.text_in(
        Rect(rect.x + 10, rect.y + 4, text_w, 28), str(space["name"]), BODY, style="narrow-bold", align="l"
    )
    star = STAR if starred else ""
    parts.text_block(
        canvas,
        Rect(rect.x + 10, rect.y + 32, text_w, rect.h - 34),
        [
            (
                told(
                    N_("needs {n}{star} · {text}"),
                    n=space["min_value"],
                    star=star,
                    text=said(str(space["text"])),
                ),
                palette.INK,
                "narrow",
            )
        ],
        SMALL + 1,
        min_size=SMALL,
    )
    canvas.box(slot, palette.PANEL, palette.FAINT, width=1, radius=6)
    occupant = space.get("occupant")
    if occupant:
        member(canvas, slot.x + 20, slot.y + slot.h // 2, occupant, 28)
    else:
        canvas.text_in(slot, N_("free"), SMALL + 1, palette.MUTED)
    if str(space["space"]) in changed:
        canvas.highlight(rect, "LAST")


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
    who = told(N_(" · {seat} to bid"), seat=seat_name(int(mover))) if mover is not None else ""
    canvas.text_in(
        head,
        told(
            N_("Family Tile auction{who} (line 1 = lowest bid, most resources; lines{star})"),
            who=who,
            star=STAR,
        ),
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


def draw_private(canvas: Canvas, band: Rect, view: LorenzoView, changed: set[str], member: Any) -> None:
    """The band under a personal board: the lines of ``private_lines`` left, the viewer's
    personal action spaces right (at most three across; HOUSES.md §12.3)."""
    lines = private_lines(view)
    if not lines:
        return
    canvas.box(band, palette.PANEL, palette.LINE, radius=8)
    viewer = int(view.get("viewer") or 0)
    mine = [s for s in view["houses"].get("leader_spaces") or [] if s["seat"] == viewer][:3]
    width = 320
    text = band.inset(12, 8)
    if mine:
        text = Rect(text.x, text.y, text.w - len(mine) * (width + 8), text.h)
    parts.text_block(canvas, text, lines, BODY + 1, min_size=SMALL)
    for i, space in enumerate(mine):
        box = Rect(band.right - (len(mine) - i) * (width + 8), band.y + 8, width, band.h - 16)
        starred = _provisional(view, f"leaders.{space['leader']}.space")
        personal_space(canvas, box, space, changed, member, starred)


def private_lines(view: LorenzoView) -> list[parts.Line]:
    """What the personal board adds: Family, token faces (secret), face-up tokens."""
    houses = view.get("houses")
    if not houses or view.get("viewer") is None:
        return []
    me = houses["players"][int(view["viewer"] or 0)]
    faces = ", ".join(move_word("lorenzo", f) for f in me.get("faces") or []) or said(N_("none"))
    won = str(me["family"]).replace("_", " ").title() if me.get("family") else said(N_("not yet won"))
    family = told(N_("Family: {family}"), family=won)
    lines: list[parts.Line] = [
        (family, palette.INK, "bold"),
        *([(str(me["family_text"]), palette.INK, "narrow")] if me.get("family_text") else []),
        (
            told(
                N_("Your Special Tokens ({n}): {faces} - cash one on your turn with '{move}'"),
                n=me["tokens"],
                faces=faces,
                move=said(N_("token <kind>")),
            ),
            palette.INK,
            "regular",
        ),
    ]
    waiting = me.get("face_up_next") or []
    if waiting:
        cards = ", ".join(told(N_("card {card}"), card=c) for c in waiting)
        lines.append(
            (told(N_("The next token you gain goes face up on {cards}"), cards=cards), palette.INK, "regular")
        )
    if me["face_up"]:
        lines.append(
            (
                told(
                    N_("Face up: {tokens}"),
                    tokens=", ".join(
                        told(N_("{kind} on card {card}"), kind=move_word("lorenzo", k), card=c)
                        for c, k in me["face_up"].items()
                    ),
                ),
                palette.MUTED,
                "regular",
            )
        )
    return lines
