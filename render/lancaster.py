"""Lancaster boards: the public main board and a player's private screen.

Input is only a ``player_view`` dict (schema: ``LancasterView`` in ``rules/lancaster/view.py``).
The title, status band and alt text around the boards are the common frame (render/frame.py);
this module draws the boards under it. The public board
reads gold and squires only from ``seats`` (where the engine leaves them ``None`` unless the rules
make them public, i.e. two players) and never reads ``me`` (the viewer's secrets), so a public
image shows nothing hidden behind a screen; the tests check that with the canvas text record.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from render import frame, palette, parts
from render import lancaster_court as court
from render import lancaster_regal as regal
from render.alt import seat_name
from render.canvas import Canvas, Rect, text_width
from render.layout import (
    BIG_NUMBER,
    BODY,
    HEADING,
    MARGIN,
    NUMBER,
    SMALL,
    WIDTH,
    LancasterPrivate,
    LancasterPublic,
    conflict_parts,
    county_parts,
    favor_parts,
)
from render.palette import hex_rgb
from render.words import N_, Said, colour, move_word, said, told

if TYPE_CHECKING:
    from rules.lancaster.queenie import RewardTile
    from rules.lancaster.view import (
        CastleSpace,
        Conflict,
        County,
        CountyOccupant,
        LancasterView,
        Law,
        Me,
        SeatInfo,
        VoteResult,
    )

COUNTY_FILL = hex_rgb("#E6EEDC")
COUNTY_EDGE = hex_rgb("#4E6B3A")
CONFLICT_FILL = hex_rgb("#EDE4F2")
CONFLICT_EDGE = hex_rgb("#5B3F74")
FRANCE = hex_rgb("#1F4E9C")
LAW_FILL = hex_rgb("#FBF5E4")
LAW_EDGE = hex_rgb("#8A6D1E")
LAW_INK = hex_rgb("#6B5212")  # text in the law-edge brown: 6:1 on the extension tint (#8A6D1E is 4:1)
EXTENSION = hex_rgb("#F6E7B8")
NOBLE = hex_rgb("#F3E3B5")
HIDDEN = N_("hidden")
# The final breakdown's keys the final panel and the result post show (translated when drawn).
CATALOGUE_NAMES = ("seals", "knight majority", "nobles", "conflicts", "dishonor", "castle majority", "laws")


def _knight(
    canvas: Canvas, cx: int, cy: int, seat: int, strength: int, size: int = 34, *, ally: bool = False
) -> None:
    """A knight: its owner's marker shape and colour with its strength as the number inside.

    The owner's letter appears next to groups of knights (row headers, occupant captions), so the
    strength is what the knight itself shows.
    """
    canvas.marker(cx, cy, seat, size, label=str(strength), hollow=ally)


# ------------------------------------------------------------------------------ public board


def _counties(canvas: Canvas, view: LancasterView, places: set[str]) -> None:
    L = LancasterPublic
    cells = [c for row in L.counties.rows(3, L.county_gap) for c in row.columns(3, L.county_gap)]
    tiles, bag = _reward_tiles(view)
    privileges, _ = court.marks(view)  # Henry V: a Tudor knight or a shield with the knight
    for rect, county in zip(cells, view.get("counties") or [], strict=False):
        canvas.box(rect, COUNTY_FILL, COUNTY_EDGE, width=2)
        part = county_parts(rect)
        canvas.text_in(
            part.head,
            f"{county.get('letter', '')} · {county.get('name', '')}",
            HEADING - 1,
            style="bold",
            align="l",
        )
        # Minimum strength on a shield-like badge, top right.
        badge = part.badge
        canvas.box(badge, palette.PANEL, palette.INK, width=2, radius=10)
        canvas.text_in(badge.top(18), N_("min"), SMALL - 3, palette.MUTED)
        canvas.text_in(badge.below(14), str(county.get("min_strength", "")), NUMBER - 2, style="bold")
        _county_reward(canvas, part.reward, county, tiles.get(str(county.get("letter"))), bag)
        _county_nobles(canvas, part.nobles, county.get("nobles") or {})
        _county_occupant(
            canvas, part.slot, county.get("occupant"), privileges.get(str(county.get("letter")), [])
        )
        if f"county:{county.get('letter')}" in places:
            canvas.highlight(rect, N_("LAST"))


def _reward_tiles(view: LancasterView) -> tuple[dict[str, RewardTile], int]:
    """Queenie 1: the revealed reward tiles by county letter, and how many are left in the bag."""
    queenie = (view.get("expansions") or {}).get("queenie")
    if not queenie:
        return {}, 0
    return {str(t["letter"]): t for t in queenie["tiles"]}, int(queenie["bag"])


def _county_reward(canvas: Canvas, box: Rect, county: County, tile: RewardTile | None, bag: int) -> None:
    """The printed reward, and (Queenie 1) the reward tile laid beside it, as a gold strip."""
    reward = N_("Reward: {reward}").format(reward=said(str(county.get("reward", ""))))
    if tile is None:
        canvas.paragraph(box, reward, BODY, style="narrow", min_size=14)
        return
    canvas.paragraph(box.top(box.h - 21), reward, BODY, style="narrow", min_size=14)
    strip = Rect(box.x, box.bottom - 20, box.w + 56, 22)  # under the min badge too
    canvas.box(strip, EXTENSION, LAW_EDGE, width=2, radius=6)
    room = strip.inset(6, 0)
    text = N_("+ tile {letter}: {reward} *  (bag {n})").format(
        letter=tile["letter"], reward=said(str(tile["reward"])), n=bag
    )
    if text_width(said(text), 14, "narrow-bold") > room.w:  # the tile's reward matters more than the bag
        text = N_("+ tile {letter}: {reward} *").format(
            letter=tile["letter"], reward=said(str(tile["reward"]))
        )
    canvas.text_in(room, text, BODY - 2, LAW_INK, style="narrow-bold", align="l", min_size=14)


def _county_nobles(canvas: Canvas, box: Rect, nobles: Mapping[str, Any]) -> None:
    count = int(nobles.get("count") or 0)
    # The stack drawn as the lettered tile players keep at their tables, then count and name.
    tile = Rect(box.x, box.y, 24, box.h)
    canvas.box(tile, NOBLE if count else palette.COVERED, LAW_EDGE, width=2, radius=5)
    canvas.text_in(tile, str(nobles.get("type", "")), BODY - 1, style="bold")
    noble_text = f"{count} × {said(str(nobles.get('name', '')))}" if count else N_("no nobles left")
    canvas.text_in(
        Rect(box.x + 32, box.y, box.w - 32, box.h),
        noble_text,
        BODY - 1,
        palette.INK if count else palette.MUTED,
        style="narrow-bold",
        align="l",
        min_size=14,
    )


def _county_occupant(canvas: Canvas, slot: Rect, occ: CountyOccupant | None, privileges: list[str]) -> None:
    if occ:
        seat = int(occ.get("seat", 0))
        _knight(
            canvas,
            slot.x + 21,
            slot.y + slot.h // 2,
            seat,
            int(occ.get("strength", 0)),
            36,
            ally=bool(occ.get("ally")),
        )
        squires = int(occ.get("squires") or 0)
        # The marker carries the letter, so the colour name alone keeps the text large.
        detail = colour(palette.seat_style(seat).name).capitalize()
        if occ.get("ally"):
            detail = said(N_("{colour} ally").format(colour=detail))
        if squires:
            detail += said(
                N_("+ {n} squire").format(n=squires)
                if squires == 1
                else N_("+ {n} squires").format(n=squires)
            )
        detail += "".join(
            f", {said(word)}"
            for kind, word in (("tudor", N_("Tudor")), ("shield", N_("shield")))
            if kind in privileges
        )
        canvas.text_in(
            Rect(slot.x + 46, slot.y, slot.w - 112, slot.h),
            detail,
            BODY,
            align="l",
            style="narrow" if privileges else "regular",  # Henry V: room for Tudor and shield
            min_size=14,
        )
        canvas.text_in(
            Rect(slot.right - 64, slot.y, 64, slot.h),
            f"= {occ.get('total', 0)}",
            NUMBER,
            style="bold",
            align="r",
        )
    else:
        canvas.text_in(slot, N_("vacant"), BODY, palette.MUTED, align="l")


def _conflicts(canvas: Canvas, view: LancasterView, places: set[str]) -> None:
    L = LancasterPublic
    area = L.conflicts
    canvas.text_in(
        Rect(area.x, area.y, 300, L.conflict_header),
        N_("Conflicts with France"),
        HEADING,
        style="bold",
        align="l",
    )
    deck = view.get("conflict_deck")
    if deck is not None:
        canvas.text_in(
            Rect(area.right - 200, area.y, 200, L.conflict_header),
            N_("deck {n}").format(n=deck),
            BODY - 1,
            palette.MUTED,
            align="r",
        )
    body = area.below(L.conflict_header + 4)
    rows = body.rows(2, 8)
    cards = list(view.get("conflicts") or [])
    for row_rect, row_name, label in ((rows[0], "top", N_("new")), (rows[1], "bottom", N_("2nd round"))):
        label_w = L.conflict_row_label_w
        canvas.paragraph(
            Rect(row_rect.x, row_rect.y + row_rect.h // 2 - 20, label_w - 6, 44),
            label,
            SMALL + 1,
            palette.MUTED,
        )
        slots = Rect(row_rect.x + label_w, row_rect.y, row_rect.w - label_w, row_rect.h).columns(2, 8)
        in_row = [c for c in cards if c.get("row") == row_name]
        for i, slot in enumerate(slots):
            if i < len(in_row):
                _conflict_card(canvas, slot, in_row[i], places, view)
            else:
                canvas.box(slot, palette.BACKGROUND, palette.FAINT, width=1)


def _conflict_card(canvas: Canvas, rect: Rect, card: Conflict, places: set[str], view: LancasterView) -> None:
    canvas.box(rect, CONFLICT_FILL, CONFLICT_EDGE, width=2)
    france = int(card.get("france", 0))
    total = int(card.get("total", 0))
    part = conflict_parts(rect)
    flag = part.flag
    canvas.box(flag, FRANCE, FRANCE, radius=8)
    canvas.text_in(flag.top(20).moved(0, 1), N_("France"), SMALL, palette.TITLE_INK)
    canvas.text_in(flag.below(20), str(france), BIG_NUMBER, palette.TITLE_INK, style="bold")
    england = part.england
    winning = total >= france
    canvas.text_in(
        england,
        N_("England {n}").format(n=total),
        BODY,
        palette.GOOD if winning else palette.BAD,
        style="bold",
        align="l",
    )
    canvas.text_in(
        part.pp,
        _ranks_pp([str(p) for p in card.get("pp") or []]),
        BODY - 1,
        style="narrow-bold",
        align="l",
        min_size=15,
    )
    # The id is what players type ("knight 2 conflict:K03"), so it is as legible as the numbers.
    canvas.text_in(part.card_id, str(card.get("id", "")), BODY - 1, palette.INK, style="bold", align="r")
    extras = court.marks(view)[1].get(str(card.get("id")), [])  # Henry V: archers, Tudor knights
    # Three spaces filled top-down: each shows the owner and the knights stacked there.
    spaces = list(card.get("spaces") or [])
    for i, r in enumerate(part.spaces):
        canvas.box(r, palette.PANEL, palette.FAINT, width=1, radius=5)
        if i < len(spaces):
            _conflict_space(canvas, r, spaces[i], extras[i] if i < len(extras) else {})
    if f"conflict:{card.get('id')}" in places:
        canvas.highlight(rect, N_("LAST"))


def _conflict_space(canvas: Canvas, r: Rect, sp: Any, extra: Mapping[str, Any]) -> None:
    """One space of a conflict: its owner and the knights stacked there (Henry V: archer, Tudor)."""
    seat = int(sp.get("seat", 0))
    size = min(26, r.h - 4)
    canvas.marker(r.x + 4 + size // 2, r.y + r.h // 2, seat, size, hollow=bool(sp.get("ally")))
    knights = N_("knights {strengths}").format(strengths=" + ".join(str(k) for k in sp.get("knights") or []))
    if extra.get("archer"):
        knights = N_("archer 2 *")
    elif extra.get("tudor"):
        knights = said(knights) + " + Tudor 2" * int(extra["tudor"])
    canvas.text_in(
        Rect(r.x + size + 12, r.y, r.w - size - 66, r.h),
        knights,
        BODY,
        style="narrow",
        align="l",
        min_size=14,
    )
    canvas.text_in(
        Rect(r.right - 52, r.y, 46, r.h), f"= {sp.get('strength', 0)}", BODY + 1, style="bold", align="r"
    )


def _ranks_pp(pp: list[str]) -> str:
    """ "1st 3 · 2nd 2 · 3rd 1 PP": what a conflict's ranks pay."""
    ranks = (N_("1st"), N_("2nd"), N_("3rd"))
    return N_("{ranks} PP").format(
        ranks=" · ".join(f"{said(r)} {p}" for r, p in zip(ranks, pp, strict=False))
    )


def _kings_favor(canvas: Canvas, view: LancasterView, places: set[str]) -> None:
    L = LancasterPublic
    area = L.kings_favor
    canvas.text_in(Rect(area.x, area.y, 300, 28), N_("King's Favor"), HEADING, style="bold", align="l")
    left = view.get("favors_left")
    if left is not None:
        canvas.text_in(
            Rect(area.right - 300, area.y, 300, 28),
            N_("{left} favors left this round").format(left=left),
            BODY - 1,
            palette.MUTED,
            align="r",
        )
    tiles = list(view.get("kings_favor") or [])
    for i, (rect, tile) in enumerate(
        zip(area.below(L.favor_header).columns(max(6, len(tiles)), 8), tiles, strict=False)
    ):
        part = favor_parts(rect)
        index = str(tile.get("index", i + 1))  # players choose a tile by this number ("favor 3")
        if tile.get("face_up"):
            canvas.box(rect, hex_rgb("#FFF4C2"), LAW_EDGE, width=2)
            canvas.box(part.index, LAW_INK, LAW_INK, width=1, radius=5)
            canvas.text_in(part.index, index, BODY - 1, palette.TITLE_INK, style="bold")
            canvas.paragraph(
                part.reward, str(tile.get("reward", "")), BODY - 1, style="narrow-bold", min_size=14
            )
        else:
            canvas.box(rect, palette.COVERED, palette.FAINT, width=1)
            canvas.text_in(part.index, index, BODY - 1, palette.MUTED, style="bold")
            canvas.text_in(part.reward, N_("used"), BODY, palette.MUTED)
        if f"favor:{index}" in places:
            canvas.highlight(rect, N_("LAST"))


def _parliament(canvas: Canvas, view: LancasterView, places: set[str]) -> None:
    L = LancasterPublic
    area = L.parliament
    parl = view.get("parliament") or {}
    canvas.text_in(Rect(area.x, area.y, 300, 28), N_("Parliament"), HEADING, style="bold", align="l")
    pile = parl.get("pile")
    if pile is not None:
        canvas.text_in(
            Rect(area.right - 200, area.y, 200, 28),
            N_("law pile {pile}").format(pile=pile),
            BODY - 1,
            palette.MUTED,
            align="r",
        )
    label_w = L.law_label_w
    current_row = Rect(area.x, area.y + 32, area.w, L.law_row_h)
    proposal_row = Rect(area.x, current_row.bottom + 8, area.w, area.h - L.law_row_h - 40)
    for row, label in ((current_row, N_("In force")), (proposal_row, N_("Proposals"))):
        canvas.text_in(Rect(row.x, row.y, label_w - 8, row.h), label, BODY, style="bold", align="l")
    proposal_ids = {str(law.get("id")) for law in parl.get("proposals") or []}
    for rect, law in zip(
        Rect(current_row.x + label_w, current_row.y, current_row.w - label_w, current_row.h).columns(3, 10),
        parl.get("current") or [],
        strict=False,
    ):
        _law(canvas, rect, law, LAW_FILL)
        # A law named by the last move (its exchange used) is marked where it is in force; a
        # proposal voted on is marked below, where the vote happens.
        law_id = str(law.get("id"))
        if f"law:{law_id}" in places and law_id not in proposal_ids:
            canvas.highlight(rect, N_("LAST"))
    results = {_law_id(r.get("law")): r for r in parl.get("results") or []}
    voting = parl.get("voting")
    voted = list(parl.get("voted") or [])
    cols = Rect(proposal_row.x + label_w, proposal_row.y, proposal_row.w - label_w, proposal_row.h).columns(
        3, 10
    )
    for i, (rect, law) in enumerate(zip(cols, parl.get("proposals") or [], strict=False)):
        result = results.get(str(law.get("id")))
        _law(canvas, rect.top(L.law_row_h), law, palette.PANEL)
        foot = Rect(rect.x, rect.y + L.law_row_h + 2, rect.w, rect.h - L.law_row_h - 2)
        if result:
            _vote_result(canvas, foot, result)
        elif voting == i:
            # The open proposal already carries the VOTING frame; the last vote is on it too.
            canvas.highlight(rect.top(L.law_row_h), N_("VOTING"))
            _voted_so_far(canvas, foot, voted)
        else:
            canvas.text_in(foot.inset(4, 0).top(28), N_("not yet voted"), BODY - 1, palette.MUTED, align="l")
        if f"law:{law.get('id')}" in places and voting != i:
            canvas.highlight(rect.top(L.law_row_h), N_("LAST"))


def _voted_so_far(canvas: Canvas, foot: Rect, voted: list[Any]) -> None:
    """Under the open proposal: the seats that have voted (never how), or "nobody yet"."""
    done = [s for s, v in enumerate(voted) if v]
    canvas.text_in(Rect(foot.x + 4, foot.y, 130, 28), N_("Voted so far:"), BODY, style="bold", align="l")
    if done:
        parts.markers_grid(canvas, Rect(foot.x + 4, foot.y + 32, foot.w - 8, 34), done, 30)
    else:  # the heading alone read as if something were missing
        line = Rect(foot.x + 4, foot.y + 32, foot.w - 8, 28)
        canvas.text_in(line, N_("nobody yet"), BODY - 1, palette.MUTED, align="l")


def _vote_result(canvas: Canvas, foot: Rect, result: VoteResult) -> None:
    """Under a proposal voted on: the verdict and the count, then each seat's ballot."""
    passed = bool(result.get("passed"))
    counted = {"yes": result.get("yes", 0), "no": result.get("no", 0)}
    verdict = (
        told(N_("PASSED {yes}–{no}"), **counted) if passed else told(N_("REJECTED {yes}–{no}"), **counted)
    )
    canvas.text_in(
        Rect(foot.x + 4, foot.y, foot.w - 8, 28),
        verdict,
        BODY + 1,
        palette.GOOD if passed else palette.BAD,
        style="bold",
        align="l",
    )
    x = foot.x + 4
    for ballot in result.get("ballots") or []:
        seat = int(ballot.get("seat", 0))
        cy = foot.y + 48
        canvas.marker(x + 14, cy, seat, 28)
        mark = "yes" if ballot.get("vote") == "yes" else "no"
        canvas.text(
            x + 32,
            cy,
            f"{move_word('lancaster', mark)}+{ballot.get('markers', 0)}",
            BODY - 1,
            palette.GOOD if mark == "yes" else palette.BAD,
            style="bold",
            anchor="lm",
        )
        x += 92


def _law_id(law: object) -> str:
    """A result names its law by id (engine) or as a law dict (the view docstring allows both)."""
    return str(law.get("id")) if isinstance(law, dict) else str(law)


def _law(canvas: Canvas, rect: Rect, law: Law, fill: tuple[int, int, int]) -> None:
    canvas.box(rect, fill, LAW_EDGE, width=2)
    mark = " *" if law.get("provisional") else ""
    canvas.text_in(
        Rect(rect.x + 8, rect.y + 4, rect.w - 16, 20),
        f"{law.get('id', '')}{mark}",
        SMALL + 1,
        palette.MUTED,
        style="bold",
        align="l",
    )
    canvas.paragraph(
        Rect(rect.x + 8, rect.y + 24, rect.w - 16, rect.h - 28),
        str(law.get("text", "")),
        BODY - 1,
        style="narrow",
        min_size=12,
    )


HEADER_CLEARANCE = 8  # px between the castle headers' text and the first seat row's frame


def _castles(canvas: Canvas, view: LancasterView, places: set[str]) -> None:
    """One row per player: power, gold, squires and votes, knights, nobles, castle."""
    L = LancasterPublic
    table = parts.Table(L.castle_columns, L.castles_top, L.castle_header_h)
    table.headings(canvas, skip=("castle",))
    seats = list(view.get("seats") or [])
    if seats:  # every castle has the same spaces: their names head the castle columns once
        band = table.band("castle").inset(4, 2)
        # Clear of the first row's TO MOVE / LAST frame, drawn 6 px above the row (playtest: X4).
        _castle_header(canvas, band.top(band.h - HEADER_CLEARANCE), seats[0])
    last = view["header"]["last"]
    row_h = L.row_h(len(view["header"]["seats"]))
    for i, info in enumerate(seats):
        seat = int(info.get("seat", i))
        mine = last is not None and last["seat"] == seat
        row = table.row(canvas, i, row_h, 8, last_mover=mine, to_move=seat in view["header"]["active"])
        _castle_seat(canvas, table.cell("seat", row), view, info, places)
        # Gold and squires sit behind a screen except in the two-player game (rules 4.3). The
        # public board enforces that itself, so even a seat's own view drawn publicly hides them.
        open_info = len(view["header"]["seats"]) == 2
        for key, value in (
            ("gold", info.get("gold") if open_info else None),
            ("squires", info.get("squires") if open_info else None),
            ("votes", info.get("vote_markers")),
        ):
            c = table.cell(key, row)
            if value is None:
                canvas.text_in(c, HIDDEN, SMALL, palette.MUTED)
            else:
                canvas.text_in(c, str(value), NUMBER + 4, style="bold")
        knights, nobles = table.cell("knights", row), table.cell("nobles", row)
        _knight_groups(canvas, knights.inset(6, 6), seat, info)
        if f"knights:{seat}" in places:
            canvas.highlight(knights.inset(4, 4), N_("LAST"))
        _nobles(canvas, nobles.inset(6, 8), info)
        if f"nobles:{seat}" in places:
            canvas.highlight(nobles.inset(4, 4), N_("LAST"))
        # Castle spaces share ids across players: only the mover's castle can hold the last move.
        _castle_row(canvas, table.cell("castle", row).inset(4, 6), seat, info, places if mine else set())


def _castle_seat(canvas: Canvas, cell: Rect, view: LancasterView, info: SeatInfo, places: set[str]) -> None:
    """The seat, its power (the final total once over), the start-player and next-start tags."""
    seat = int(info["seat"])
    outcome = view["header"]["outcome"]
    right = parts.seat_badge(canvas, cell, seat, 44, view["header"])
    # At the end the row shows the final total (track PP plus final scoring), as the ruler does.
    final = outcome is not None and seat < len(outcome["scores"])
    points = outcome["scores"][seat] if outcome and final else info.get("power_points", 0)
    canvas.text(right.x, right.y + 8, N_("final") if final else "PP", SMALL, palette.MUTED)
    canvas.text(right.x, right.y + 24, str(points), NUMBER + 2, style="bold")
    if seat == view.get("start_player"):
        tag = Rect(cell.x + 8, cell.y + 84, 80, 26)
        canvas.box(tag, palette.HIGHLIGHT, palette.INK, width=2, radius=6)
        canvas.text_in(tag, N_("START"), SMALL + 1, style="bold")
    if f"seat:{seat}" in places and not outcome:  # Surrey: chosen to start the next round
        # Once the game is over there is no next round, so no tag (a final-round Surrey).
        canvas.highlight(cell.inset(2, 2), N_("NEXT"))


def _knight_groups(canvas: Canvas, rect: Rect, seat: int, info: SeatInfo) -> None:
    """Court (ready to place), reserve (not yet recruited), the ally's (two players), and how
    many are out on the board. Ally knights are hollow markers of the controlling seat."""
    ally = info.get("ally")
    groups: list[tuple[str, list[int], bool]] = [
        (N_("court"), [int(k) for k in info.get("court") or []], False),
        (N_("reserve"), [int(k) for k in info.get("reserve") or []], False),
    ]
    if ally:
        groups.append((N_("ally court"), [int(k) for k in ally.get("court") or []], True))
        groups.append((N_("ally res."), [int(k) for k in ally.get("reserve") or []], True))
    rows = rect.rows(len(groups) + 1, 1)
    label_w = 72
    for r, (label, knights, hollow) in zip(rows, groups, strict=False):
        canvas.text(r.x, r.y + r.h // 2, label, SMALL if not ally else SMALL - 1, palette.MUTED, anchor="lm")
        # Knights keep their strength legible (>= 16 px digits) and squeeze closer rather than
        # spill into the next column.
        step = min(30, (r.w - label_w) // max(1, len(knights)))
        size = min(26, r.h, step - 1)
        for j, strength in enumerate(sorted(knights)):
            cx = r.x + label_w + size // 2 + j * step
            _knight(canvas, cx, r.y + r.h // 2, seat, strength, size, ally=hollow)
    out = int(info.get("knights_on_board") or 0)
    last = rows[-1]
    canvas.text(
        last.x,
        last.y + last.h // 2,
        N_("out on board: {out}").format(out=out),
        SMALL + 1,
        palette.MUTED,
        anchor="lm",
    )


def _nobles(canvas: Canvas, rect: Rect, info: SeatInfo, names: dict[str, str] | None = None) -> None:
    """Noble tiles at the player's table as lettered tiles; with ``names``, in words beside them."""
    nobles = sorted(str(n) for n in info.get("nobles") or [])
    canvas.text(rect.x, rect.y, N_("{count} at table").format(count=len(nobles)), SMALL + 1, style="bold")
    for j, letter in enumerate(nobles):
        r = Rect(rect.x + (j % 5) * 32, rect.y + 28 + (j // 5) * 34, 28, 30)
        canvas.box(r, NOBLE, LAW_EDGE, width=2, radius=5)
        canvas.text_in(r, letter, BODY, style="bold")
    if names and nobles:
        words = Said(", ".join(f"{n} {names.get(n, '')}".strip() for n in nobles))  # names said
        x = rect.x + min(5, len(nobles)) * 32 + 12
        canvas.paragraph(Rect(x, rect.y + 26, rect.right - x, rect.h - 26), words, BODY, min_size=13)


def _castle_cells(rect: Rect, info: SeatInfo) -> list[tuple[Rect, CastleSpace, bool]]:
    """The castle's spaces (and the ally castle's, two players) with their cells and ally flag."""
    spaces = list(info.get("castle") or [])
    ally_forces = info.get("ally")
    ally = list(ally_forces["castle"]) if ally_forces else []
    everything = [(sp, False) for sp in spaces] + [(sp, True) for sp in ally]
    return [
        (r, sp, is_ally)
        for r, (sp, is_ally) in zip(rect.columns(len(everything), 6), everything, strict=True)
    ]


def _space_name(sp: CastleSpace, is_ally: bool) -> str:
    """A castle space as players name it in moves: its id first ("X2 Counting house")."""
    name = str(sp.get("name", ""))
    if is_ally and not name.lower().startswith("ally"):
        name = told(N_("Ally: {name}"), name=said(name))
    return Said(f"{sp.get('space', '')} {said(name)}".strip())  # the name in the board's language


def _castle_header(canvas: Canvas, rect: Rect, info: SeatInfo) -> None:
    """Every castle has the same spaces, so their ids, names and rewards are printed once, as
    headers over the castle columns, bottom-aligned on the rows they describe."""
    for r, sp, is_ally in _castle_cells(rect, info):
        parts.text_block(
            canvas,
            Rect(r.x + 2, r.y, r.w - 4, r.h),
            [
                (_space_name(sp, is_ally), palette.INK, "narrow-bold"),
                (str(sp.get("reward", "")), palette.INK, "narrow"),
            ],
            BODY - 1,
            min_size=14,
        )


def _castle_row(canvas: Canvas, rect: Rect, seat: int, info: SeatInfo, places: set[str]) -> None:
    """One player's castle: a cell per space, tinted when its extension is built, with the knight."""
    for r, sp, is_ally in _castle_cells(rect, info):
        built = bool(sp.get("extended"))
        canvas.box(
            r,
            EXTENSION if built else palette.BACKGROUND,
            LAW_EDGE if built else palette.FAINT,
            width=2 if built else 1,
            radius=6,
        )
        if built:
            canvas.text(r.x + 6, r.y + 4, N_("extension"), SMALL + 1, LAW_INK, style="bold")
        knight = sp.get("knight")
        if knight is not None:
            _knight(canvas, r.x + r.w // 2, r.y + r.h // 2 + 8, seat, int(knight), 40, ally=is_ally)
        # Own and ally castles have different space ids (X1.., AC1..), so one test covers both.
        if f"castle:{sp.get('space')}" in places:
            canvas.highlight(r, N_("LAST"))


def _castle_spaces(canvas: Canvas, rect: Rect, seat: int, info: SeatInfo, places: set[str]) -> None:
    """The private screen's castle: wide cells with each space's name, reward, extension, knight."""
    for r, sp, is_ally in _castle_cells(rect, info):
        built = bool(sp.get("extended"))
        canvas.box(
            r, EXTENSION if built else palette.PANEL, LAW_EDGE if built else palette.LINE, width=2, radius=6
        )
        name = _space_name(sp, is_ally)
        canvas.text_in(Rect(r.x + 6, r.y + 4, r.w - 12, 26), name, BODY, style="bold", align="l")
        canvas.paragraph(
            Rect(r.x + 6, r.y + 32, r.w - 60, r.h - 58),
            str(sp.get("reward", "")),
            BODY - 1,
            style="narrow",
            min_size=14,
        )
        if built:
            canvas.text(
                r.x + 6, r.bottom - 6, N_("extension built"), SMALL + 1, LAW_INK, style="bold", anchor="lb"
            )
        knight = sp.get("knight")
        if knight is not None:
            _knight(canvas, r.right - 28, r.bottom - 28, seat, int(knight), 42, ally=is_ally)
        if f"castle:{sp.get('space')}" in places:
            canvas.highlight(r, N_("LAST"))


def _public(canvas: Canvas, view: LancasterView) -> None:
    places = frame.touched(view["header"])
    outcome = view["header"]["outcome"]
    _counties(canvas, view, places)
    if outcome:
        parts.final_panel(
            canvas,
            LancasterPublic.counties,
            outcome,
            view["header"]["score_unit"],
            view["header"],
        )
    _conflicts(canvas, view, places)
    _kings_favor(canvas, view, places)
    _parliament(canvas, view, places)
    scores = {
        int(s.get("seat", i)): int(s.get("power_points", 0)) for i, s in enumerate(view.get("seats") or [])
    }
    parts.score_ruler(canvas, LancasterPublic.power, N_("Power"), 112, scores, outcome)
    _castles(canvas, view, places)
    top = LancasterPublic.height(frame.seats(view)) - MARGIN + regal.GAP
    regal.draw(canvas, view, top)
    court.draw(canvas, view, top + regal.band_height(view), places)
    if view.get("provisional"):
        note = N_("* provisional values: see the rules help")
        canvas.text(WIDTH - MARGIN, canvas.height - 2, note, SMALL, palette.MUTED, anchor="rb")


def _public_facts(view: LancasterView) -> list[str]:
    """The public board's facts for its alt text, in the board's language (``told``)."""
    facts: list[str] = []
    if view.get("start_player") is not None:
        facts.append(told(N_("Start player {seat}."), seat=seat_name(int(view["start_player"]))))
    seats = view.get("seats") or []
    if not view["header"]["outcome"]:  # at the end the final scores replace the track values
        power = "; ".join(
            f"{seat_name(int(s.get('seat', i)))} {s.get('power_points', 0)}" for i, s in enumerate(seats)
        )
        facts.append(told(N_("Power: {scores}."), scores=power))
    held = [
        f"{said(str(c['name']))} {seat_name(int(occ['seat']))} {occ['total']}"
        for c in view.get("counties") or []
        if (occ := c.get("occupant"))
    ]
    if held:
        facts.append(told(N_("Counties held: {counties}."), counties=", ".join(held)))
    laws = view["parliament"]["current"]
    if laws:
        facts.append(told(N_("Laws in force: {laws}."), laws=", ".join(str(law.get("id")) for law in laws)))
    tiles, bag = _reward_tiles(view)
    for letter, tile in tiles.items():
        facts.append(
            told(
                N_("Reward tile {letter} beside county {letter}: {reward} ({n} tiles in the bag)."),
                letter=letter,
                reward=said(str(tile["reward"])),
                n=bag,
            )
        )
    return facts + regal.facts(view) + court.facts(view)


# ------------------------------------------------------------------------------ private screen


def _own(view: LancasterView) -> tuple[int, Me | None, SeatInfo]:
    """The viewer's seat, secrets (None in a view without a viewer) and public row."""
    me = view.get("me")
    seat = int(me["seat"] if me else view.get("viewer") or 0)
    info = next(s for s in view["seats"] if int(s["seat"]) == seat)
    return seat, me, info


def _private(canvas: Canvas, view: LancasterView) -> None:
    L = LancasterPrivate
    seat, me, info = _own(view)
    canvas.box(L.goods, palette.PANEL, palette.LINE)
    items = [
        (N_("Gold"), me["gold"] if me else None),
        (N_("Squires"), me["squires"] if me else None),
        (N_("Vote markers"), me["vote_markers"] if me else None),
        (N_("Power points"), info.get("power_points")),
        (N_("Nobles"), len(info.get("nobles") or [])),
    ]
    items += _expansion_goods(view, seat)
    for cell, (label, value) in zip(L.goods.inset(12, 8).columns(len(items), 10), items, strict=True):
        canvas.text_in(cell.top(30), label, BODY, palette.MUTED, style="bold")
        canvas.text_in(cell.below(30), "–" if value is None else str(value), BIG_NUMBER + 14, style="bold")
    _private_knights(canvas, seat, me, info)
    _private_vote(canvas, me)
    canvas.text_in(Rect(L.castle.x, L.castle.y, 400, 28), "Your castle", HEADING, style="bold", align="l")
    last = view["header"]["last"]
    mine = last is not None and last["seat"] == seat
    # 42, not 32: the LAST tag over a first-row space (X1) stays clear of the heading (playtest).
    _castle_spaces(canvas, L.castle.below(42), seat, info, frame.touched(view["header"]) if mine else set())
    canvas.text_in(
        Rect(L.nobles.x, L.nobles.y, 400, 28), N_("Your nobles at table"), HEADING, style="bold", align="l"
    )
    noble_names = {
        str(c["nobles"]["type"]): said(str(c["nobles"]["name"])) for c in view.get("counties") or []
    }
    _nobles(canvas, L.nobles.below(30), info, noble_names)


def _expansion_goods(view: LancasterView, seat: int) -> list[tuple[str, int | None]]:
    """Henry V: your seals (behind the screen with the reading seals_secret) and the privileges
    you hold; The King's Resentment: your dishonor markers. A player looked for them on the public
    board only (playtest: a shield won in round 1 was nowhere on the private screen)."""
    items: list[tuple[str, int | None]] = []
    henry = court.part(view)
    if henry is not None:
        mine = henry["seats"][seat]
        items.append((N_("Royal seals"), mine["seals"]))
        held = mine.get("privileges") or {}
        items += [
            (N_("Shields"), held.get("shield", 0)),
            (N_("Archers"), held.get("archer", 0)),
            (N_("Tudor knights"), held.get("tudor_knight", 0)),
        ]
    resentment = (view.get("expansions") or {}).get("kings_resentment")
    if resentment is not None:
        items.append((N_("Dishonor"), int(resentment["held"][seat])))
    return items


def _private_knights(canvas: Canvas, seat: int, me: Me | None, info: SeatInfo) -> None:
    L = LancasterPrivate
    canvas.box(L.knights, palette.PANEL, palette.LINE)
    k = L.knights.inset(14, 10)
    groups: list[tuple[str, list[int], bool]] = [
        (N_("Court (ready)"), me["court"] if me else [], False),
        (N_("Reserve"), me["reserve"] if me else [], False),
    ]
    ally = info.get("ally")
    if ally:  # two players: the ally's knights are placed by this seat too (hollow markers)
        groups.append((N_("Ally court"), ally.get("court") or [], True))
    rows = k.rows(len(groups), 6)
    size = min(48, rows[0].h - 2)
    for r, (label, knights, hollow) in zip(rows, groups, strict=True):
        canvas.text_in(Rect(r.x, r.y, 170, r.h), label, BODY + 1, style="bold", align="l")
        if not knights:
            canvas.text_in(Rect(r.x + 180, r.y, 200, r.h), "none", BODY, palette.MUTED, align="l")
        for j, strength in enumerate(sorted(int(x) for x in knights)):
            _knight(canvas, r.x + 204 + j * (size + 8), r.y + r.h // 2, seat, strength, size, ally=hollow)
    out = int(info.get("knights_on_board") or 0)
    canvas.text(
        k.right, k.bottom, N_("out on the board: {out}").format(out=out), BODY, palette.MUTED, anchor="rb"
    )


def _private_vote(canvas: Canvas, me: Me | None) -> None:
    L = LancasterPrivate
    canvas.box(L.vote, palette.PANEL, palette.LINE)
    v = L.vote.inset(14, 10)
    canvas.text_in(v.top(30), N_("Your secret vote"), BODY + 1, style="bold", align="l")
    pending = me["pending_vote"] if me else None
    decision = me["decision"] if me else None
    if pending:
        yes = pending.get("vote") == "yes"
        canvas.text_in(
            Rect(v.x, v.y + 34, v.w, 50),
            N_("{vote} + {n} markers").format(
                vote=N_("YES") if yes else N_("NO"), n=pending.get("markers", 0)
            ),
            BIG_NUMBER + 6,
            palette.GOOD if yes else palette.BAD,
            style="bold",
            align="l",
        )
        note = N_("hidden from the others until everyone has voted")
        canvas.text_in(Rect(v.x, v.y + 84, v.w, 24), note, SMALL + 1, palette.MUTED, align="l")
    else:
        canvas.text_in(Rect(v.x, v.y + 30, v.w, 30), N_("no vote pending"), BODY, palette.MUTED, align="l")
    if decision:
        # A pending decision (a favor, a purchase, a reward) with its options, wrapped below.
        top = v.y + (110 if pending else 64)
        canvas.paragraph(
            Rect(v.x, top, v.w, v.bottom - top),
            N_("Decide: {decision}").format(decision=said(str(decision))),
            BODY,
            style="bold",
            min_size=12,
        )


def _private_facts(view: LancasterView) -> list[str]:
    _, me, info = _own(view)
    pending = me["pending_vote"] if me else None
    if pending:
        said_vote = move_word("lancaster", str(pending.get("vote")))
        vote = told(N_("Secret vote: {vote} with {n} markers."), vote=said_vote, n=pending.get("markers", 0))
    else:
        vote = said(N_("No vote pending."))
    court = ", ".join(str(k) for k in (me["court"] if me else [])) or said(N_("none"))
    reserve = ", ".join(str(k) for k in (me["reserve"] if me else [])) or said(N_("none"))
    return [
        told(
            N_("Gold {gold}, squires {squires}, vote markers {votes}, power {power}."),
            gold=me["gold"] if me else None,
            squires=me["squires"] if me else None,
            votes=me["vote_markers"] if me else None,
            power=info.get("power_points", 0),
        ),
        told(
            N_("Court knights: {court}. Reserve: {reserve}. {vote}"), court=court, reserve=reserve, vote=vote
        ),
    ]


BOARD: frame.Board[LancasterView] = frame.Board(
    kind="lancaster",
    private_title=N_("private screen"),
    public=frame.Side(
        lambda view: (
            LancasterPublic.height(frame.seats(view)) + regal.band_height(view) + court.band_height(view)
        ),
        _public,
        _public_facts,
    ),
    private=frame.Side(lambda view: LancasterPrivate.height(), _private, _private_facts),
)
