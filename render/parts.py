"""Board pieces both games share: the final scoring panel, text blocks, marker grids, a score ruler.

The title bar and status band are the frame (render/frame.py), drawn from the view header."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from render import palette
from render.alt import seat_name, seat_name_with, short_name
from render.canvas import Canvas, Rect, line_height, text_width, wrap
from render.layout import BODY, HEADING, MARGIN, NUMBER, SMALL
from render.palette import RGB
from render.words import N_, Said, said, told
from render.words import colour as words_colour
from rules.core import OutcomeJSON, ViewHeader, name_seats


def words(players: int, text: str) -> str:
    """Event and prompt text with ``{pN}`` replaced by the seat's colour and letter."""
    return name_seats(text, [seat_name(i) for i in range(players)])


def names_of(header: ViewHeader) -> list[str | None]:
    """Each seat's display name as the bot gave it for this image (None: colour only)."""
    return [s.get("name") for s in header["seats"]]


def name_of(header: ViewHeader, seat: int) -> str | None:
    """One seat's display name as the bot gave it (None: colour only, or no such seat)."""
    seats = header["seats"]
    return seats[seat].get("name") if seat < len(seats) else None


COMPUTER_MARKS = {
    "easy": N_("{colour} · easy"),
    "normal": N_("{colour} · normal"),
    "hard": N_("{colour} · hard"),
    "away": N_("{colour} · computer"),
}
"""A seat's colour with its computer mark (``rules.core.SeatHeader.computer``): the level of a
computer's own seat (its name already says computer), "computer" on a person's seat the computer
plays for them now."""


def colour_line(header: ViewHeader, seat: int) -> str:
    """The seat's colour in the board's language ("blue"), with the computer's mark when a
    computer plays it ("blue · hard", "orange · computer")."""
    colour = words_colour(palette.seat_style(seat).name)
    seats = header["seats"]
    mark = seats[seat].get("computer") if seat < len(seats) else None
    return told(COMPUTER_MARKS[mark], colour=colour) if mark in COMPUTER_MARKS else colour


def named_words(header: ViewHeader, text: str) -> str:
    """``{pN}`` replaced by the seat's name beside its colour ("alice (Blue B)") when known."""
    names = names_of(header)
    return name_seats(text, [seat_name_with(i, n) for i, n in enumerate(names)])


def final_panel(canvas: Canvas, rect: Rect, outcome: OutcomeJSON, unit: str, header: ViewHeader) -> None:
    """Final scoring over the main area: ranking, each scoring category, the total, the notes;
    each seat by its name (when the bot gave names) and its ``colour_line``."""
    # The panel covers part of the board: clear a margin too, so no last-move halo of a space
    # underneath peeks out around it.
    canvas.rect(rect.inset(-9), palette.BACKGROUND)
    canvas.box(rect, palette.PANEL, palette.INK, width=3, radius=10)
    scores = list(outcome.get("scores") or [])
    breakdown = list(outcome.get("breakdown") or [])
    ranking = [int(s) for s in outcome.get("ranking") or range(len(scores))]
    winners = {int(s) for s in outcome.get("winners") or []}
    canvas.text_in(
        Rect(rect.x + 16, rect.y + 8, rect.w - 32, 40),
        _final_title(header, [s for s in ranking if s in winners]),
        HEADING + 6,
        style="bold",
        align="l",
    )
    categories: list[str] = []
    for b in breakdown:
        categories += [str(k) for k in b if str(k) not in categories]
    table = Rect(rect.x + 16, rect.y + 56, rect.w - 32, rect.h - 100)
    # Rank, marker and name over its colour line ("Arancione · computer"); the total.
    first_w, total_w = FINAL_SEAT_W, 90
    cat_w = (table.w - first_w - total_w) // max(1, len(categories))
    row_h = min(64, table.h // (len(ranking) + 1))
    size = _heading_size([said(c) for c in categories], cat_w - 4)
    for j, cat in enumerate(categories):
        canvas.paragraph(
            Rect(table.x + first_w + j * cat_w + 2, table.y, cat_w - 4, row_h),
            _heading(said(cat), cat_w - 4, size),
            size,
            palette.INK,
            style="narrow-bold",
            min_size=14,
        )
    canvas.text_in(
        Rect(table.right - total_w, table.y, total_w, row_h),
        N_("Total {unit}").format(unit=said(unit)),
        BODY,
        palette.INK,
        style="bold",
    )
    for i, seat in enumerate(ranking):
        y = table.y + (i + 1) * row_h
        row = Rect(table.x, y, table.w, row_h - 4)
        if seat in winners:
            canvas.box(row, palette.HIGHLIGHT, palette.INK, width=2, radius=8)
        canvas.text(row.x + 10, row.y + row.h // 2, f"{i + 1}.", NUMBER, style="bold", anchor="lm")
        canvas.marker(row.x + 70, row.y + row.h // 2, seat, min(44, row.h - 8))
        _final_name(canvas, row, seat, header)
        points = breakdown[seat] if seat < len(breakdown) else {}
        for j, cat in enumerate(categories):
            cell = Rect(table.x + first_w + j * cat_w, row.y, cat_w, row.h)
            canvas.text_in(cell, str(points.get(cat, 0)), NUMBER - 2)
        total = scores[seat] if seat < len(scores) else 0
        canvas.text_in(Rect(row.right - total_w, row.y, total_w, row.h), str(total), NUMBER + 4, style="bold")
    _final_notes(canvas, rect, outcome)


def _final_title(header: ViewHeader, winners: list[int]) -> str:
    won = ", ".join(seat_name_with(s, name_of(header, s)) for s in winners)
    if not won:
        return N_("Final scoring")
    if len(winners) > 1:
        return N_("Final scoring — winners: {names}").format(names=won)
    return N_("Final scoring — winner: {names}").format(names=won)


def _final_notes(canvas: Canvas, rect: Rect, outcome: OutcomeJSON) -> None:
    notes = " ".join(said(str(n)) for n in outcome.get("notes") or [])
    if notes:
        canvas.paragraph(
            Rect(rect.x + 16, rect.bottom - 44, rect.w - 32, 38), notes, BODY - 1, palette.MUTED, min_size=14
        )


FINAL_SEAT_W = 230
"""The final panel's first column: rank and marker (98 px), then the seat's name and colour line."""
FINAL_NAME_W = FINAL_SEAT_W - 100


def _final_name(canvas: Canvas, row: Rect, seat: int, header: ViewHeader) -> None:
    """A final panel row's seat: the player's name with its colour under it, or the colour."""
    given = name_of(header, seat)
    colour = Said(colour_line(header, seat).capitalize())
    room = FINAL_NAME_W
    if given:
        mid = row.y + row.h // 2
        canvas.text(row.x + 98, mid - 9, short_name(given), BODY, style="bold", anchor="lm", max_width=room)
        canvas.text(
            row.x + 98, mid + 13, colour, SMALL, palette.MUTED, style="narrow", anchor="lm", max_width=room
        )
    else:
        canvas.text(
            row.x + 98, row.y + row.h // 2, colour, BODY + 1, style="bold", anchor="lm", max_width=room
        )


HEADING_SLACK = 3
"""Pixels a heading's word keeps free in its column: a word measured to fit exactly was still cut
by the wrapper ("Conflic…" over the Lancaster final scoring)."""


def _heading_size(categories: Sequence[str], width: int) -> int:
    """One type size for every column heading: the largest from BODY - 1 down to 14 at which each
    word fits its column, so words are shrunk before any is abbreviated."""
    words = [w for c in categories for w in c.split()]
    for size in range(BODY - 1, 13, -1):
        if all(text_width(w, size, "narrow-bold") + HEADING_SLACK <= width for w in words):
            return size
    return 14


def _heading(category: str, width: int, size: int = BODY - 1) -> str:
    """A scoring category as a column heading; a word too long for the column is abbreviated."""
    words = [
        w if text_width(w, size, "narrow-bold") + HEADING_SLACK <= width else w[:6] + "."
        for w in category.split()
    ]
    return Said(" ".join(words).capitalize())  # already said: an abbreviation stays as it is


Line = tuple[str, RGB, str]  # (text, colour, font style)


def text_block(canvas: Canvas, rect: Rect, lines: Sequence[Line], size: int, min_size: int = 11) -> None:
    """Several wrapped paragraphs in ``rect``, shrinking together until they all fit (each in the
    board's language before it is wrapped)."""
    lines = [(said(t), c, style) for t, c, style in lines]
    while True:
        wrapped = [(wrap(t, size, rect.w, style), c, style) for t, c, style in lines]
        total = sum(len(w) * line_height(size, style) for w, _, style in wrapped)
        if total <= rect.h or size <= min_size:
            break
        size -= 1
    y = rect.y
    for i, ((text, _, _), (parts, colour, style)) in enumerate(zip(lines, wrapped, strict=True)):
        canvas.texts.append(text)
        if any(part.endswith("…") for part in parts):
            canvas.cut.append(text)
        lh = line_height(size, style)
        for part in parts:
            if y + lh > rect.bottom + 2:
                canvas.cut.extend(t for t, _, _ in lines[i:])
                return
            canvas.text(rect.x, y, Said(part), size, colour, style=style)  # a piece of a said line
            y += lh


def markers_grid(canvas: Canvas, rect: Rect, seats: Sequence[int], size: int) -> None:
    """Seat markers left to right, wrapping into rows; they shrink (to 14 px) until all fit."""
    if not seats:
        return
    gap = 3
    while size > 14:
        per_row = max(1, (rect.w + gap) // (size + gap))
        rows = -(-len(seats) // per_row)
        if rows * (size + gap) - gap <= rect.h:
            break
        size -= 1
    per_row = max(1, (rect.w + gap) // (size + gap))
    for i, s in enumerate(seats):
        row, col = divmod(i, per_row)
        cx = rect.x + size // 2 + 1 + col * (size + gap)
        cy = rect.y + size // 2 + 1 + row * (size + gap)
        canvas.marker(cx, cy, s, size)


def ruler(
    canvas: Canvas, rect: Rect, label: str, label_w: int, scores: dict[int, int], minimum_top: int = 50
) -> None:
    """A points track as a ruler scaled to the leader; each marker carries its exact score.

    The printed tracks wrap around the board edge; a straight scaled ruler shows the same order
    and gaps at a glance, and the number inside each marker gives the exact value.
    """
    canvas.text_in(Rect(rect.x, rect.y, label_w, rect.h), label, BODY + 2, style="bold", align="l")
    bar = Rect(rect.x + label_w, rect.y, rect.w - label_w, rect.h)
    top = max([minimum_top, *scores.values()])
    top = (top + 9) // 10 * 10
    canvas.box(bar, palette.PANEL, palette.FAINT, width=1, radius=4)
    usable = bar.w - 50
    step = 10 if top <= 100 else 20
    for v in range(0, top + 1, step):
        x = bar.x + 25 + usable * v // top
        canvas.line(x, bar.y + 19, x, bar.y + 25, palette.FAINT, 2)
        canvas.text(x, bar.y + 1, str(v), SMALL, palette.MUTED, anchor="mt")
    # Sweep left to right: a marker too close to the previous one moves right of it, so equal
    # or near scores sit side by side instead of hiding each other.
    next_free = bar.x
    for seat, score in sorted(scores.items(), key=lambda kv: (kv[1], kv[0])):
        cx = max(bar.x + 25 + usable * score // top, next_free + 17)
        next_free = cx + 17
        canvas.marker(cx, bar.y + 40, seat, 28)
        canvas.text(cx, bar.bottom - 1, str(score), BODY, style="bold", anchor="mb")


class Table:
    """A player table: columns ``(key, heading, width)`` from a layout table, laid left to right
    from the margin, a heading band of ``header_h`` px at ``top`` (headings sit in its lowest
    30 px) and one framed row per seat under it."""

    HEADING_H = 30

    def __init__(self, columns: Sequence[tuple[str, str, int]], top: int, header_h: int) -> None:
        self.spec = tuple(columns)
        self.top = top
        self.header_h = header_h
        self.x: dict[str, tuple[int, int]] = {}
        x = MARGIN
        for key, _, w in self.spec:
            self.x[key] = (x, w)
            x += w

    def headings(
        self, canvas: Canvas, renamed: Mapping[str, str] | None = None, skip: Sequence[str] = ()
    ) -> None:
        """The column headings (``renamed`` overrides some; ``skip`` leaves a column's band free)."""
        y = self.top + self.header_h - self.HEADING_H
        for key, heading, w in self.spec:
            if key in skip:
                continue
            x = self.x[key][0]
            text = (renamed or {}).get(key, heading)
            box = Rect(x + 4, y, w - 8, self.HEADING_H)
            align = "l" if w > 100 else "m"
            canvas.text_in(box, text, BODY - 1, palette.MUTED, style="bold", align=align)

    def band(self, key: str) -> Rect:
        """A column's part of the heading band."""
        x, w = self.x[key]
        return Rect(x, self.top, w, self.header_h)

    def row(
        self, canvas: Canvas, index: int, pitch: int, gap: int, *, last_mover: bool, to_move: bool = False
    ) -> Rect:
        """Row ``index`` (``pitch`` px apart, ``gap`` px between), framed. The seat that must
        act is unmistakable: a heavy yellow-and-black frame and a "TO MOVE" tag; the last mover
        only gets a small muted "last move" tag (issue 12 item 4: a bold row read as "your turn")."""
        y = self.top + self.header_h + index * pitch
        row = Rect(MARGIN, y, sum(w for _, _, w in self.spec), pitch - gap)
        if to_move:
            canvas.box(row.inset(-4), palette.HIGHLIGHT, palette.HIGHLIGHT_EDGE, width=3, radius=10)
            canvas.box(row.inset(3), palette.PANEL, palette.HIGHLIGHT_EDGE, width=2, radius=8)
        else:
            canvas.box(row, palette.PANEL, palette.LINE, width=2, radius=8)
        tag = N_("TO MOVE") if to_move else N_("last move") if last_mover else None
        tag = said(tag) if tag else None
        if tag:
            w = text_width(tag, SMALL, "bold") + 12
            badge = Rect(row.right - w - 24, row.y - 10, w, 20)  # on the top edge, over no figure
            canvas.box(
                badge, palette.HIGHLIGHT if to_move else palette.PANEL_ALT, palette.LINE, width=1, radius=4
            )
            canvas.text_in(badge, tag, SMALL, palette.INK if to_move else palette.MUTED, style="bold")
        return row

    def cell(self, key: str, row: Rect) -> Rect:
        x, w = self.x[key]
        return Rect(x, row.y, w, row.h)


def seat_badge(canvas: Canvas, cell: Rect, seat: int, size: int, header: ViewHeader) -> Rect:
    """A seat as the first cell of its table row: its marker at the top left, its player's name
    (when the bot gave names) and ``colour_line`` under it. Returns the room right of the marker
    for the row's own figures."""
    canvas.marker(cell.x + 8 + size // 2, cell.y + 6 + size // 2, seat, size)
    name = name_of(header, seat)
    colour = colour_line(header, seat)
    if name:
        canvas.text(
            cell.x + 8, cell.y + size + 8, short_name(name), SMALL + 1, style="bold", max_width=cell.w - 12
        )
        canvas.text(cell.x + 8, cell.y + size + 26, colour, SMALL, palette.MUTED)
    else:
        canvas.text(cell.x + 8, cell.y + size + 10, colour, SMALL + 1, palette.MUTED)
    return Rect(cell.x + size + 14, cell.y + 6, cell.w - size - 18, size)


def score_ruler(
    canvas: Canvas, rect: Rect, label: str, label_w: int, track: dict[int, int], outcome: OutcomeJSON | None
) -> None:
    """The points track as a ``ruler``; once the game is over it shows the final totals (track
    plus final scoring) under the label "Final", so it agrees with the final scoring panel."""
    if outcome:
        ruler(canvas, rect, N_("Final"), label_w, dict(enumerate(outcome["scores"])))
    else:
        ruler(canvas, rect, label, label_w, track)
