"""Lorenzo il Magnifico boards: the public main board and a player's personal board.

Input is only a ``player_view`` dict (schema: ``LorenzoView`` in ``rules/lorenzo/view.py``). The
title, status band and alt text around the boards are the common frame (render/frame.py); this
module draws the boards under it. The public board draws nothing from ``hand`` (the only private
key), so even a private view drawn publicly leaks nothing; the tests check that with the canvas
text record.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from render import frame, palette, parts
from render import lorenzo_houses as houses
from render.alt import seat_name
from render.canvas import Canvas, Rect
from render.layout import (
    BIG_NUMBER,
    BODY,
    HEADING,
    INNER,
    MARGIN,
    MEMBER_LETTER,
    MEMBER_TAG,
    NUMBER,
    SMALL,
    LorenzoPrivate,
    LorenzoPublic,
)
from render.palette import RGB, hex_rgb
from render.words import N_, Said, move_word, said, told
from rules.core import ViewHeader
from rules.lorenzo.scoring import CATEGORIES

if TYPE_CHECKING:
    from rules.lorenzo.view import (
        BonusTile,
        Card,
        FamilyMember,
        Floor,
        Leader,
        LorenzoView,
        Occupant,
        PlayerInfo,
        Space,
    )

MEMBERS = ("black", "white", "orange", "neutral")
PRIVATE_BAND = 150  # the Houses of Renaissance lines under a personal board (family, tokens)
ROMAN = {1: "I", 2: "II", 3: "III"}
AREA_TITLES = {"harvest": "Harvest", "production": "Production"}
VP = N_("VP")


@cache
def _data() -> dict[str, Any]:
    path = Path(__file__).resolve().parent / "data" / "lorenzo.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _catalogue_names() -> tuple[str, ...]:
    """The data's words a board draws (translated when drawn; ``render.catalogue_names``)."""
    data = _data()
    labels = [label for _, label in data["goods"] + data["points"]]
    return (*data["type_titles"].values(), *labels, *data["excommunication_short"].values())


# The engine's words the board and the final panel show as they are: score categories (the final
# breakdown's keys) and the floor bonus goods.
SCORE_WORDS = CATEGORIES
BONUS_WORDS = ("wood", "stone", "coin", "servant", "mp", "fp")
CATALOGUE_NAMES = (*_catalogue_names(), *SCORE_WORDS, *BONUS_WORDS)


def _type_colours(card_type: str) -> tuple[RGB, RGB]:
    strong, tint = _data()["type_colours"].get(card_type, ["#5F5A54", "#EEEEEE"])
    return hex_rgb(strong), hex_rgb(tint)


def _die_colours(member: str) -> tuple[RGB, RGB]:
    fill, ink = _data()["die_colours"].get(member, ["#C8C2B8", "#1E1B18"])
    return hex_rgb(fill), hex_rgb(ink)


def _changed(view: LorenzoView) -> set[str]:
    """Space ids and card ids the last move touched; the engine writes cards as "card:<id>"."""
    found = frame.touched(view["header"])
    return found | {c.removeprefix("card:") for c in found}


# ------------------------------------------------------------------------------ shared pieces


def _card(canvas: Canvas, rect: Rect, card: Card, *, compact: bool = False) -> None:
    """A Development card: name on a band of its type colour, cost, effects, end VP."""
    strong, tint = _type_colours(str(card.get("type")))
    canvas.box(rect, tint, strong, width=2, radius=8)
    band = rect.top(LorenzoPublic.card_band_h)
    canvas.box(band, strong, strong, width=1, radius=8)
    canvas.rect(Rect(band.x, band.bottom - 10, band.w, 10), strong)  # square the band's lower corners
    name_ink = palette.INK if card.get("type") == "building" else palette.TITLE_INK
    canvas.text_in(
        band.inset(8, 0), str(card.get("name", "?")), BODY + 1, name_ink, style="narrow-bold", align="l"
    )
    body = Rect(rect.x + 7, band.bottom + 4, rect.w - 14, rect.h - band.h - 8)
    lines: list[tuple[str, RGB, str]] = []
    costs = [str(c) for c in card.get("costs") or []]
    if card.get("type") != "territory":
        # "Cost: {costs}" is the engine's sentence (rules/lorenzo/cards.py): drawn through its catalogue
        cost = "Cost: {costs}".format(costs=" or ".join(costs)) if costs else N_("Cost: free")
        lines.append((cost, palette.INK, "narrow-bold"))
    if card.get("immediate"):
        lines.append(("⚡ " + said(str(card["immediate"])), palette.INK, "narrow"))
    if card.get("permanent"):
        lines.append(("⚙ " + said(str(card["permanent"])), palette.INK, "narrow"))
    if int(card.get("end_vp") or 0):
        lines.append((N_("End: {n} VP").format(n=card["end_vp"]), palette.INK, "narrow-bold"))
    parts.text_block(canvas, body, lines, SMALL + 2)


def _member_token(canvas: Canvas, cx: int, cy: int, occupant: Occupant, size: int = 34) -> None:
    """A family member: the seat's marker (colour, shape, seat letter) with a die-coloured tag at
    its lower right, clear of the seat letter, carrying the member's letter (B/W/O/N): which
    member stands there never rests on colour alone (orange and neutral grey are close for
    some eyes)."""
    canvas.marker(cx, cy, occupant.get("seat"), size)
    member = str(occupant.get("member", ""))
    fill, ink = _die_colours(member)
    r = MEMBER_TAG // 2
    x, y = cx + size // 2 + 2, cy + size // 4  # beside the marker, clear of its seat letter
    canvas.draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=palette.INK, width=2)
    letter = str(_data()["member_letters"].get(member, "?"))
    canvas.text(x, y + 1, letter, MEMBER_LETTER, ink, style="bold", anchor="mm")


def _towers(canvas: Canvas, view: LorenzoView, changed: set[str]) -> None:
    L = LorenzoPublic
    towers = view.get("towers") or {}
    columns = L.towers.columns(4, L.tower_gap)
    owners = _card_owners(view)
    for col, card_type in zip(columns, _data()["tower_order"], strict=True):
        strong, _ = _type_colours(card_type)
        header = col.top(L.tower_header)
        canvas.box(header, strong, strong, radius=6)
        ink = palette.INK if card_type == "building" else palette.TITLE_INK
        title_row, fee_row = header.inset(10, 3).rows(2)
        canvas.text_in(title_row, _data()["type_titles"][card_type], HEADING, ink, style="bold", align="l")
        floors = sorted(towers.get(card_type) or [], key=lambda f: -int(f.get("floor", 0)))
        deck = (view.get("deck_counts") or {}).get(card_type)
        if deck is not None:
            canvas.text_in(title_row, N_("deck {n}").format(n=deck), SMALL, ink, align="r")
        canvas.text_in(fee_row, _fee_text(view, floors), SMALL + 1, ink, style="narrow-bold", align="l")
        area = col.below(L.tower_header + L.floor_gap)
        for rect, floor in zip(area.rows(4, L.floor_gap), floors, strict=False):
            _floor(canvas, rect, floor, changed, owners)


def _fee_text(view: LorenzoView, floors: list[Floor]) -> str:
    """Rules §8.2: once any family member stands in a tower, entering it costs the standard fee
    (the view's ``tower_fee``, from the engine's data); said where players plan their move."""
    if not any(f.get("occupant") for f in floors):
        return N_("not occupied: no fee")
    fee = int(view.get("tower_fee") or 0)
    return N_("occupied: +{n} coins to enter").format(n=fee) if fee else N_("occupied")


def _card_owners(view: LorenzoView) -> dict[str, tuple[int, Card]]:
    """Card id -> (seat, card) for cards on personal boards: a just-taken card's new owner."""
    owners: dict[str, tuple[int, Card]] = {}
    for info in view.get("players_info") or []:
        for cards in (info.get("cards") or {}).values():
            for card in cards:
                owners[str(card.get("id"))] = (int(info.get("seat", 0)), card)
    return owners


def _floor(
    canvas: Canvas,
    rect: Rect,
    floor: Floor,
    changed: set[str],
    owners: dict[str, tuple[int, Card]],
) -> None:
    L = LorenzoPublic
    strip = Rect(rect.x, rect.y, L.floor_strip, rect.h)
    canvas.box(strip, palette.PANEL_ALT, palette.FAINT, width=1, radius=6)
    value = Rect(strip.x + 7, strip.y + 6, strip.w - 14, L.floor_value_h)
    canvas.box(value, palette.PANEL, palette.INK, width=2, radius=6)
    canvas.text_in(value, str(floor.get("min_value", "")), NUMBER, style="bold")
    bonus = floor.get("bonus") or {}
    if bonus:
        words = [f"+{n}" for n in bonus.values()] + [
            said(N_("token") if k == "special_token" else str(k)) for k in bonus
        ]
        canvas.text_in(Rect(strip.x + 2, strip.y + 43, strip.w - 4, 20), words[0], BODY, style="bold")
        canvas.text_in(Rect(strip.x + 2, strip.y + 63, strip.w - 4, 18), " ".join(words[1:]), SMALL + 1)
    occupant = floor.get("occupant")
    if occupant:
        _member_token(canvas, strip.x + 22, strip.bottom - 26, occupant, 36)
    card_rect = Rect(strip.right + 4, rect.y, rect.w - L.floor_strip - 4, rect.h)
    card = floor.get("card")
    if card:
        _card(canvas, card_rect, card, compact=True)
    else:
        canvas.box(card_rect, palette.BACKGROUND, palette.FAINT, width=1, radius=8)
        taken = [
            owners[c]
            for c in changed
            if c in owners and owners[c][1].get("type") == floor.get("space", "").split("_")[0]
        ]
        if occupant and taken and str(floor.get("space")) in changed:
            seat, took = taken[0]
            took_line = N_("{who} took").format(who=seat_name(seat))
            canvas.text_in(card_rect.inset(8, 30).top(30), took_line, BODY, palette.MUTED)
            canvas.text_in(
                card_rect.inset(8, 30).below(30).top(30), str(took.get("name")), BODY + 1, style="bold"
            )
        else:
            canvas.text_in(card_rect, N_("taken") if occupant else "empty", BODY, palette.MUTED)
    if str(floor.get("space")) in changed or (card and str(card.get("id")) in changed):
        canvas.highlight(rect, "LAST")


def _side(canvas: Canvas, view: LorenzoView, changed: set[str]) -> None:
    _dice(canvas, view)
    _excommunication_tiles(canvas, view)
    L = LorenzoPublic
    spaces = {str(s.get("id")): s for s in view.get("spaces") or []}
    _council(canvas, L.council, spaces.get("council"), changed)
    title_h = L.section_title_h
    canvas.text_in(
        Rect(L.market.x, L.market.y, L.market.w, title_h), "Market", HEADING, style="bold", align="l"
    )
    market_ids = ("market_1", "market_2", "market_3", "market_4")
    for rect, sid in zip(L.market.below(title_h).columns(4, 8), market_ids, strict=True):
        _space(canvas, rect, spaces.get(sid), changed, single=True)
    for area, rect in (("harvest", L.harvest), ("production", L.production)):
        _work_area(canvas, rect, area, spaces.get(area), spaces.get(f"{area}_big"), changed)


def _dice(canvas: Canvas, view: LorenzoView) -> None:
    """This round's dice: the number large on a die of its colour."""
    L = LorenzoPublic
    dice = view.get("dice") or {}
    canvas.text_in(
        Rect(L.dice.x, L.dice.y, L.dice_label_w, L.dice.h), N_("Dice"), HEADING, style="bold", align="l"
    )
    for i, member in enumerate(("black", "white", "orange")):
        fill, ink = _die_colours(member)
        die = Rect(L.dice.x + L.dice_label_w + i * L.die_step, L.dice.y + 8, L.die_size, L.die_size)
        value = int(dice.get(member) or 0)
        canvas.box(die, fill, palette.INK, width=3, radius=12)
        canvas.text_in(die.inset(4), str(value) if value else "–", BIG_NUMBER + 14, ink, style="bold")
        canvas.text(die.right + 8, die.y + die.h // 2, member, SMALL, palette.MUTED, anchor="lm")


def _excommunication_tiles(canvas: Canvas, view: LorenzoView) -> None:
    L = LorenzoPublic
    # Excommunication tiles of this game, with the cubes of excommunicated seats.
    short = _data()["excommunication_short"]
    tiles = sorted(view.get("excommunications") or [], key=lambda t: int(t.get("period", 0)))
    requirement = list(view.get("vatican_requirement") or [])
    for rect, tile in zip(L.excommunications.columns(3, 10), tiles, strict=False):
        period = int(tile.get("period", 0))
        current = period == int(view.get("period") or 0)
        canvas.box(
            rect,
            hex_rgb("#F6E9E7") if current else palette.PANEL,
            palette.BAD if current else palette.LINE,
            width=3 if current else 2,
        )
        need = f" · {requirement[period - 1]} {said(N_('FP'))}" if 0 < period <= len(requirement) else ""
        canvas.text_in(
            Rect(rect.x + 8, rect.y + 4, rect.w - 16, 24),
            f"{ROMAN.get(period, '?')} · {tile.get('id', '')}{need}",
            BODY - 1,
            palette.BAD,
            style="bold",
            align="l",
        )
        text = str(short.get(str(tile.get("id")), tile.get("text", "")))
        canvas.paragraph(
            Rect(rect.x + 8, rect.y + 30, rect.w - 16, rect.h - 66),
            text,
            BODY - 1,
            style="narrow",
            min_size=12,
        )
        parts.markers_grid(
            canvas,
            Rect(rect.x + 6, rect.bottom - 34, rect.w - 12, 32),
            [int(s) for s in tile.get("seats") or []],
            28,
        )


def _council(canvas: Canvas, rect: Rect, space: Space | None, changed: set[str]) -> None:
    canvas.box(rect, palette.PANEL, palette.LINE)
    canvas.text_in(Rect(rect.x + 10, rect.y + 4, 196, 28), "Council Palace", HEADING, style="bold", align="l")
    reward = str(space.get("reward", "")) if space else ""
    canvas.text_in(Rect(rect.x + 210, rect.y + 4, rect.w - 220, 28), reward, BODY - 1, palette.INK, align="r")
    occupants = space["occupants"] if space else []
    canvas.text(
        rect.x + 10,
        rect.y + 38,
        N_("Queue (next turn order):") if occupants else N_("Queue: empty"),
        SMALL,
        palette.MUTED,
    )
    step = LorenzoPublic.queue_step
    room = (rect.w - 60) // step  # the rest is summarised as "+N"
    for i, occ in enumerate(occupants[:room]):
        cx = rect.x + 34 + i * step
        canvas.text(cx, rect.y + 62, str(i + 1), SMALL, palette.MUTED, anchor="mm")
        _member_token(canvas, cx, rect.y + 88, occ, 32)
    if len(occupants) > room:
        canvas.text(
            rect.right - 10, rect.y + 88, f"+{len(occupants) - room}", BODY, style="bold", anchor="rm"
        )
    if space and str(space.get("id")) in changed:
        canvas.highlight(rect, "LAST")


def _space_box(canvas: Canvas, rect: Rect, covered: bool) -> None:
    """An action space; a space closed at this player count is greyed out."""
    if covered:
        canvas.box(rect, palette.COVERED, palette.FAINT)
    else:
        canvas.box(rect, palette.PANEL, palette.LINE)


def _space(canvas: Canvas, rect: Rect, space: Space | None, changed: set[str], *, single: bool) -> None:
    """A single action space (Market or the small Harvest/Production space)."""
    if space is None:
        canvas.box(rect, palette.COVERED, palette.FAINT, width=1)
        return
    covered = bool(space.get("covered"))
    _space_box(canvas, rect, covered)
    if covered:
        reward_rect = Rect(rect.x + 6, rect.y + 4, rect.w - 12, rect.h - 34)
        canvas.paragraph(
            reward_rect, str(space.get("reward", "")), SMALL, palette.MUTED, style="narrow", min_size=12
        )
        canvas.text(
            rect.x + rect.w // 2,
            rect.bottom - 6,
            N_("closed"),
            BODY,
            palette.MUTED,
            style="bold",
            anchor="mb",
        )
        return
    occupants = space.get("occupants") or []
    text_rect = Rect(rect.x + 6, rect.y + 4, rect.w - 12, rect.h - 38 if occupants else rect.h - 8)
    canvas.paragraph(text_rect, str(space.get("reward", "")), BODY - 1, style="narrow-bold", min_size=14)
    for i, occ in enumerate(occupants[:3]):
        _member_token(canvas, rect.x + 20 + i * 44, rect.bottom - 20, occ, 28)
    if str(space.get("id")) in changed:
        canvas.highlight(rect, "LAST")


def _work_area(
    canvas: Canvas,
    rect: Rect,
    area: str,
    single: Space | None,
    big: Space | None,
    changed: set[str],
) -> None:
    """Harvest or Production: the single space and the big (−3) space side by side."""
    L = LorenzoPublic
    canvas.text_in(
        Rect(rect.x, rect.y, L.work_label_w, rect.h), AREA_TITLES[area], HEADING - 1, style="bold", align="l"
    )
    left = Rect(rect.x + L.work_label_w, rect.y + 2, L.work_single_w, rect.h - 4)
    canvas.box(left, palette.PANEL, palette.LINE)
    canvas.text(left.right - 6, left.y + 3, N_("1 only"), SMALL, palette.MUTED, anchor="rt")
    for occ in (single["occupants"] if single else [])[:1]:
        _member_token(canvas, left.x + 30, left.y + left.h // 2 + 4, occ, 36)
    if single and str(single.get("id")) in changed:
        canvas.highlight(left, "LAST")
    right = Rect(left.right + 10, rect.y + 2, rect.right - left.right - 10, rect.h - 4)
    covered = big is None or bool(big.get("covered"))
    _space_box(canvas, right, covered)
    if covered:
        canvas.text_in(right, N_("big space closed"), BODY, palette.MUTED, style="bold")
        return
    assert big is not None
    modifier = int(big.get("modifier") or 0)
    canvas.text(
        right.right - 6,
        right.y + 3,
        N_("{modifier} to value").format(modifier=f"{modifier:+d}"),
        SMALL + 1,
        palette.BAD,
        style="bold",
        anchor="rt",
    )
    # Tokens along the bottom; any that do not fit are summarised as "+N" (the space has no limit).
    occupants = big.get("occupants") or []
    step = L.work_token_step
    room = (right.w - 54) // step + 1
    shown = occupants if len(occupants) <= room else occupants[: room - 1]
    for i, occ in enumerate(shown):
        _member_token(canvas, right.x + 24 + i * step, right.y + 44, occ, 32)
    if len(shown) < len(occupants):
        more = f"+{len(occupants) - len(shown)}"
        canvas.text(right.x + 24 + len(shown) * step, right.y + 44, more, BODY, style="bold", anchor="mm")
    if str(big.get("id")) in changed:
        canvas.highlight(right, "LAST")


def _tracks(canvas: Canvas, view: LorenzoView) -> None:
    L = LorenzoPublic
    info = list(view.get("players_info") or [])
    points: dict[int, dict[str, int]] = {int(p.get("seat", 0)): p.get("points") or {} for p in info}
    y = L.tracks_top
    # Faith track 0..15 with the VP each space is worth at a Vatican Report.
    faith_vp = list(view.get("faith_vp") or [])
    requirement = list(view.get("vatican_requirement") or [])
    period = int(view.get("period") or 0)
    cells = _track_row(canvas, Rect(MARGIN, y, INNER, L.faith_h), N_("Faith"), 16)
    for i, cell in enumerate(cells):
        need_periods = [p + 1 for p, r in enumerate(requirement) if r == i]
        fill = hex_rgb("#F6E9E7") if period in need_periods else palette.PANEL
        canvas.box(
            cell,
            fill,
            palette.BAD if need_periods else palette.FAINT,
            width=2 if need_periods else 1,
            radius=4,
        )
        canvas.text(cell.x + 4, cell.y + 2, str(i), BODY + 1, style="bold")
        vp = faith_vp[i] if i < len(faith_vp) else None
        if vp is not None:
            canvas.text(
                cell.right - 4,
                cell.y + 3,
                f"{vp} {said(VP)}",
                BODY - 1,
                palette.MUTED,
                style="narrow-bold",
                anchor="rt",
            )
        if need_periods:
            canvas.text(
                cell.right - 5,
                cell.y + 21,
                N_("need {periods}").format(periods="/".join(ROMAN[p] for p in need_periods)),
                SMALL,
                palette.BAD,
                style="bold",
                anchor="rt",
            )
        seats = [s for s, p in points.items() if min(int(p.get("fp", 0)), 15) == i]
        parts.markers_grid(canvas, Rect(cell.x + 2, cell.y + 34, cell.w - 4, cell.h - 34), seats, 28)
    y += L.faith_h + L.track_gap
    # Military track 0..25.
    cells = _track_row(canvas, Rect(MARGIN, y, INNER, L.military_h), N_("Military"), 26)
    for i, cell in enumerate(cells):
        canvas.box(cell, palette.PANEL, palette.FAINT, width=1, radius=4)
        canvas.text(cell.x + 4, cell.y + 2, str(i) if i < 25 else "25+", BODY - 1, style="bold")
        seats = [s for s, p in points.items() if min(int(p.get("mp", 0)), 25) == i]
        parts.markers_grid(canvas, Rect(cell.x + 1, cell.y + 22, cell.w - 2, cell.h - 22), seats, 26)
    y += L.military_h + L.track_gap
    # Victory: a ruler scaled to the leader (the printed track wraps around the board edge).
    # At the end it shows the final totals, so it agrees with the final scoring panel.
    victory = {s: int(p.get("vp", 0)) for s, p in points.items()}
    rect = Rect(MARGIN, y, INNER, L.victory_h)
    parts.score_ruler(canvas, rect, N_("Victory"), L.track_label_w, victory, view["header"]["outcome"])


def _track_row(canvas: Canvas, rect: Rect, label: str, n: int) -> list[Rect]:
    canvas.text_in(
        Rect(rect.x, rect.y, LorenzoPublic.track_label_w, rect.h), label, HEADING - 1, style="bold", align="l"
    )
    return Rect(
        rect.x + LorenzoPublic.track_label_w, rect.y, rect.w - LorenzoPublic.track_label_w, rect.h
    ).columns(n, 3)


def _table(canvas: Canvas, view: LorenzoView) -> None:
    """One row per player: goods, points, family members left, cards, leaders, excommunications."""
    L = LorenzoPublic
    table = parts.Table(L.table_columns, L.table_top(), L.table_header_h)
    places = _final_places(view)
    table.headings(canvas, {"seat": N_("Final place")} if places else None)
    last = view["header"]["last"]
    info = sorted(view.get("players_info") or [], key=lambda p: int(p.get("turn_position", 0)))
    if places:  # at the end the rows follow the final ranking, not the turn order
        info.sort(key=lambda p: places.get(int(p.get("seat", 0)), len(places)))
    final = _final_scores(view)
    for i, player in enumerate(info):
        seat = int(player.get("seat", 0))
        row = table.row(
            canvas,
            i,
            L.table_row_h,
            6,
            last_mover=last is not None and last["seat"] == seat,
            to_move=seat in view["header"]["active"],
        )
        turn_position = int(player.get("turn_position", 0))
        _seat_cell(canvas, table.cell("seat", row), seat, turn_position, places.get(seat), view["header"])
        goods = player.get("goods") or {}
        for key in ("coin", "wood", "stone", "servant"):
            canvas.text_in(table.cell(key, row), str(goods.get(key, 0)), NUMBER + 2, style="bold")
        pts = player.get("points") or {}
        for key in ("mp", "fp"):
            canvas.text_in(table.cell(key, row), str(pts.get(key, 0)), NUMBER + 2, style="bold")
        vp_cell = table.cell("vp", row)
        if seat < len(final):
            # At the end the VP cell shows the final total (the ranking's), the track VP below it.
            canvas.text_in(vp_cell.top(54), str(final[seat]), NUMBER + 2, style="bold")
            track = N_("track {n}").format(n=pts.get("vp", 0))
            canvas.text_in(vp_cell.below(50).top(24), track, SMALL, palette.MUTED)
        else:
            canvas.text_in(vp_cell, str(pts.get("vp", 0)), NUMBER + 2, style="bold")
        _family(canvas, table.cell("family", row).inset(6, 10), player.get("family") or {})
        cards = player.get("cards") or {}
        for key in ("territory", "building", "character", "venture"):
            _card_list(canvas, table.cell(key, row).inset(4, 6), key, cards.get(key) or [])
        _leaders_and_excommunications(canvas, table.cell("extra", row).inset(6, 8), player)


def _leaders_and_excommunications(canvas: Canvas, rect: Rect, player: PlayerInfo) -> None:
    played = [str(ld.get("name", "")) for ld in player.get("leaders") or []]
    in_hand = int(player.get("leaders_in_hand") or 0)
    leader_line = N_("Leaders: {n} in hand").format(n=in_hand) if (in_hand or played) else N_("No leaders")
    lines: list[tuple[str, RGB, str]] = [(leader_line, palette.MUTED, "narrow")]
    lines += [("★ " + said(n), palette.INK, "narrow-bold") for n in played]
    used = [said(str(ld.get("name", ""))) for ld in player.get("leaders") or [] if ld.get("used")]
    if used:
        lines.append((N_("used: {names}").format(names=", ".join(used)), palette.MUTED, "narrow"))
    excomm = [str(e) for e in player.get("excommunications") or []]
    if excomm:
        lines.append((N_("Excomm.: {ids}").format(ids=", ".join(excomm)), palette.BAD, "narrow-bold"))
    parts.text_block(canvas, rect, lines, SMALL + 1)


def _final_scores(view: LorenzoView) -> list[int]:
    outcome = view["header"]["outcome"]
    return list(outcome["scores"]) if outcome else []


def _final_places(view: LorenzoView) -> dict[int, int]:
    """Seat -> final place (1 = winner) once the game is over, else {}. The outcome's ranking is
    already tie-broken (rules §16: earlier in the final turn order wins a tie)."""
    outcome = view["header"]["outcome"]
    ranking = outcome["ranking"] if outcome else []
    return {int(s): i + 1 for i, s in enumerate(ranking)}


def _seat_cell(
    canvas: Canvas, cell: Rect, seat: int, turn_position: int, place: int | None, header: ViewHeader
) -> None:
    """The seat's marker and colour name, and beside it either its place in this round's turn
    order ("2nd / in turn") or, at the end, its final place ("1st / place", winner in green), so
    the turn position can never be taken for the result."""
    value, label = parts.seat_badge(canvas, cell, seat, 40, header).rows(2)
    if place is None:
        canvas.text_in(value, _ordinal(turn_position + 1), BODY + 1, style="bold", align="l")
        canvas.text_in(label, N_("in turn"), SMALL, palette.MUTED, align="l")
    else:
        ink = palette.GOOD if place == 1 else palette.INK
        canvas.text_in(value, _ordinal(place), NUMBER, ink, style="bold", align="l")
        canvas.text_in(label, N_("place"), SMALL, palette.MUTED, style="bold", align="l")


def _ordinal(n: int) -> str:
    return {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}.get(n) or N_("{n}th").format(n=n)


def _family(canvas: Canvas, rect: Rect, family: dict[str, FamilyMember]) -> None:
    """Four small dice, one per family member, with its base value; placed members are faded.

    Each die also carries its member's letter (B/W/O/N, as on the board's member tags): under a
    die in a tall cell (the player table), in its top-left corner in a wide one (personal board).
    """
    letters = _data()["member_letters"]
    for member, r in zip(MEMBERS, rect.columns(4, 6), strict=True):
        m = family.get(member) or {"placed": False, "value": 0}
        fill, ink = _die_colours(member)
        below = r.h >= r.w + MEMBER_TAG - 4
        die = Rect(r.x, r.y, r.w, r.w) if below else r
        placed = bool(m.get("placed"))
        if placed:
            canvas.box(die, palette.BACKGROUND, palette.FAINT, width=2, radius=6)
            canvas.line(die.x + 6, die.bottom - 6, die.right - 6, die.y + 6, palette.FAINT, 2)
        else:
            canvas.box(die, fill, palette.INK, width=2, radius=6)
            canvas.text_in(die.inset(2), str(m.get("value", 0)), NUMBER - 2, ink, style="bold")
        letter = str(letters.get(member, "?"))
        if below:
            canvas.text(
                die.x + die.w // 2,
                die.bottom + 1,
                letter,
                MEMBER_LETTER,
                palette.MUTED,
                style="bold",
                anchor="mt",
            )
        else:
            colour = palette.MUTED if placed else ink
            canvas.text(die.x + 6, die.y + 3, letter, MEMBER_LETTER, colour, style="bold")


def _card_list(canvas: Canvas, rect: Rect, card_type: str, cards: list[Card]) -> None:
    """A type's count in a chip of its colour, then the card names (smallest legible size)."""
    strong, _ = _type_colours(card_type)
    chip = Rect(rect.x, rect.y, 34, 30)
    canvas.box(chip, strong, strong, radius=6)
    ink = palette.INK if card_type == "building" else palette.TITLE_INK
    canvas.text_in(chip, str(len(cards)), BODY + 3, ink, style="bold")
    if cards:
        names = ", ".join(str(c.get("name", "")) for c in cards)
        canvas.paragraph(
            Rect(rect.x + 40, rect.y, rect.w - 40, rect.h),
            names,
            BODY - 1,
            palette.INK,
            style="narrow",
            min_size=12,  # a long list shrinks rather than lose names (all are on the personal board)
        )


def _tile_draft(canvas: Canvas, rect: Rect, tiles: list[BonusTile]) -> None:
    """During the advanced-tile draft: the personal bonus tiles still to choose (rules §4)."""
    canvas.box(rect, palette.PANEL, palette.INK, width=3, radius=10)
    canvas.text_in(
        Rect(rect.x + 16, rect.y + 8, rect.w - 32, 36),
        N_("Personal bonus tiles to choose"),
        HEADING + 2,
        style="bold",
        align="l",
    )
    for cell, tile in zip(
        Rect(rect.x + 16, rect.y + 52, rect.w - 32, rect.h - 66).columns(4, 12), tiles, strict=False
    ):
        canvas.box(cell, palette.PANEL_ALT, palette.LINE)
        parts.text_block(
            canvas,
            cell.inset(10, 8),
            [
                (str(tile.get("id", "")), palette.INK, "bold"),
                (N_("Harvest: {gains}").format(gains=tile.get("harvest", "")), palette.INK, "regular"),
                (N_("Production: {gains}").format(gains=tile.get("production", "")), palette.INK, "regular"),
            ],
            BODY,
        )


def _public(canvas: Canvas, view: LorenzoView) -> None:
    changed = _changed(view)
    _towers(canvas, view, changed)
    if "houses" in view:  # Houses of Renaissance (render/lorenzo_houses.py)
        houses.draw_auction(canvas, view)
        top = LorenzoPublic.height(frame.seats(view)) - MARGIN
        houses.draw_public(canvas, view, top, changed, _floor, _member_token)
    if view.get("bonus_tiles_available"):
        _tile_draft(canvas, LorenzoPublic.towers.top(300), view["bonus_tiles_available"])
    outcome = view["header"]["outcome"]
    if outcome:
        parts.final_panel(
            canvas,
            LorenzoPublic.towers,
            outcome,
            view["header"]["score_unit"],
            view["header"],
        )
    _side(canvas, view, changed)
    _tracks(canvas, view)
    _table(canvas, view)


def _public_facts(view: LorenzoView) -> list[str]:
    """The public board's facts for its alt text, in the board's language (``told``)."""
    facts = []
    dice = view.get("dice") or {}
    if any(dice.values()):
        shown = ", ".join(f"{move_word('lorenzo', k)} {v}" for k, v in dice.items())
        facts.append(told(N_("Dice: {dice}."), dice=shown))
    scores = []
    for p in sorted(view.get("players_info") or [], key=lambda p: int(p.get("turn_position", 0))):
        scores.append(f"{seat_name(int(p['seat']))} {_points(p.get('points') or {})}")  # all said
    if not view["header"]["outcome"]:  # at the end the final scores replace the track values
        facts.append(told(N_("Scores in turn order: {scores}."), scores="; ".join(scores)))
    return facts


def _points(pts: Mapping[str, Any]) -> str:
    """ "3 VP, 2 MP, 1 FP" in the board's language."""
    return ", ".join(f"{pts.get(k, 0)} {said(label)}" for k, label in _data()["points"])


# ------------------------------------------------------------------------------ personal board


def _own_info(view: LorenzoView) -> PlayerInfo:
    """The viewer's row (seat 0's for a view without a viewer, which holds no hand)."""
    seat = int(view.get("viewer") or 0)
    return next(p for p in view["players_info"] if int(p["seat"]) == seat)


def _private(canvas: Canvas, view: LorenzoView) -> None:
    L = LorenzoPrivate
    info = _own_info(view)
    _goods_band(canvas, L.goods, view, info)
    cards = info.get("cards") or {}
    # The engine's own per-player requirement (rules §8.6; Cesare Borgia removes it).
    slot_mp = [int(n) for n in info.get("territory_slot_mp") or []]
    for i, card_type in enumerate(("territory", "building", "character", "venture")):
        y = L.rows_top + i * (L.row_h + L.row_gap)
        strong, tint = _type_colours(card_type)
        label = Rect(MARGIN, y, L.row_label_w - 8, L.row_h)
        canvas.box(label, strong, strong)
        ink = palette.INK if card_type == "building" else palette.TITLE_INK
        owned = cards.get(card_type) or []
        canvas.text_in(label.inset(6).top(40), _data()["type_titles"][card_type], BODY, ink, style="bold")
        canvas.text_in(label.inset(6).below(40).top(50), f"{len(owned)}/6", BIG_NUMBER, ink, style="bold")
        slots = Rect(MARGIN + L.row_label_w, y, L.slots_w, L.row_h).columns(6, L.slot_gap)
        for j, slot in enumerate(slots):
            if j < len(owned):
                _card(canvas, slot, owned[j])
            else:
                canvas.box(slot, tint, palette.FAINT, width=1)
                if card_type == "territory" and j < len(slot_mp):
                    need = N_("needs {n} MP").format(n=slot_mp[j]) if slot_mp[j] else N_("no MP needed")
                    canvas.text_in(slot, need, BODY, palette.MUTED, style="bold")
    _private_side(canvas, L.side, info)
    if "houses" in view:  # Family, tokens, personal action spaces (render/lorenzo_houses.py)
        band = Rect(MARGIN, L.height() - MARGIN + 8, INNER, PRIVATE_BAND - 16)
        houses.draw_private(canvas, band, view, _changed(view), _member_token)


def _goods_band(canvas: Canvas, rect: Rect, view: LorenzoView, info: PlayerInfo) -> None:
    canvas.box(rect, palette.PANEL, palette.LINE)
    cells = rect.inset(10, 8).columns(12, 6)
    goods = info.get("goods") or {}
    pts = info.get("points") or {}
    items = [(label, goods.get(k, 0)) for k, label in _data()["goods"]]
    items += [(label, pts.get(k, 0)) for k, label in _data()["points"]]
    for cell, (label, value) in zip(cells, items, strict=False):
        canvas.text_in(cell.top(26), label, BODY - 1, palette.MUTED, style="bold")
        canvas.text_in(cell.below(26), str(value), BIG_NUMBER + 4, style="bold")
    family_rect = Rect(cells[7].x + 10, rect.y + 8, rect.right - cells[7].x - 20, rect.h - 16)
    canvas.text_in(
        Rect(family_rect.x, family_rect.y, family_rect.w - 200, 26),
        N_("Family members left (base value; servants add)"),
        SMALL + 1,
        palette.MUTED,
        style="bold",
        align="l",
    )
    _family(
        canvas, Rect(family_rect.x, family_rect.y + 28, 330, family_rect.h - 28), info.get("family") or {}
    )
    fee_rect = Rect(family_rect.right - 185, family_rect.y, 185, family_rect.h)
    canvas.text_in(
        fee_rect.top(26), N_("Occupied-tower fee"), SMALL + 1, palette.MUTED, style="bold", align="l"
    )
    canvas.text_in(fee_rect.below(28), *_own_fee(view, info), style="bold", align="l")


def _own_fee(view: LorenzoView, info: PlayerInfo) -> tuple[str, int, RGB]:
    """Rules §8.2 for this player: the standard fee, or none when a played leader (Filippo
    Brunelleschi) waives it, both from the engine through the view."""
    standard = int(view.get("tower_fee") or 0)
    own = int(info.get("tower_fee", standard) or 0)
    if own == 0 and standard:
        return N_("no fee for you"), BODY + 3, palette.GOOD
    return N_("+{n} coins").format(n=own), BIG_NUMBER, palette.INK


def _private_side(canvas: Canvas, rect: Rect, info: PlayerInfo) -> None:
    """Bonus tile, leaders (hand is private: this board is only ever sent to its owner), excomm."""
    canvas.box(rect, palette.PANEL, palette.LINE)
    inner = rect.inset(12, 10)
    lines: list[tuple[str, RGB, str]] = []
    tile = info.get("bonus_tile") or {}
    if tile:
        lines.append((N_("Personal bonus tile ({id})").format(id=tile.get("id", "")), palette.INK, "bold"))
        lines.append((N_("Harvest: {gains}").format(gains=tile.get("harvest", "")), palette.INK, "regular"))
        lines.append(
            (N_("Production: {gains}").format(gains=tile.get("production", "")), palette.INK, "regular")
        )
    pack = info.get("draft_pack") or []
    lines += _draft_lines(pack, info.get("draft_pick"))
    hand = info.get("hand")
    if hand:
        kept = N_("Leaders kept in earlier picks (private)") if pack else N_("Leaders in hand (private)")
        lines.append((kept, palette.INK, "bold"))
        lines += [line for ld in hand for line in _leader_lines(ld, "◇")]
    played = info.get("leaders") or []
    if played:
        lines.append((N_("Leaders played"), palette.INK, "bold"))
        lines += [line for ld in played for line in _leader_lines(ld, "★")]
    excomm = [str(e) for e in info.get("excommunications") or []]
    short = _data()["excommunication_short"]
    if excomm:
        lines.append((N_("Excommunications"), palette.BAD, "bold"))
        lines += [(f"{e}: {said(short.get(e, ''))}", palette.BAD, "narrow") for e in excomm]
    else:
        lines.append((N_("No excommunications"), palette.MUTED, "regular"))
    parts.text_block(canvas, inner, lines, BODY)


def _draft_lines(pack: list[Leader], pick: str | None) -> list[parts.Line]:
    """The leader draft pack (rules §13 / §4 setup) and the pick already made from it while the
    others still choose. Both are private: only the owner's view carries them."""
    if not pack and not pick:
        return []
    if pick is None:
        lines: list[parts.Line] = [(N_("Leader draft: keep one of (private)"), palette.INK, "bold")]
        return lines + [line for ld in pack for line in _leader_lines(ld, "◇")]
    names = {str(ld.get("id")): str(ld.get("name", "")) for ld in pack}
    kept = names.get(str(pick), str(pick))
    kept_line = N_("Leader draft: you kept {name}; waiting for the others (private)").format(name=said(kept))
    lines = [(kept_line, palette.INK, "bold")]
    for ld in pack:
        if str(ld.get("id")) == str(pick):
            lines += _leader_lines(ld, "✓", N_("your pick"))
        else:
            lines += _leader_lines(ld, "◇", N_("passed on"))
    return lines


def _leader_lines(leader: Leader, bullet: str, note: str = "") -> list[parts.Line]:
    """A leader as its name in bold (with its state) and its ability below."""
    name = f"{bullet} {said(str(leader.get('name', '')))}"
    if leader.get("copies"):
        name += said(N_(" (copies {name})").format(name=said(str(leader["copies"]))))
    if leader.get("used"):
        name += said(N_(" — used this round"))
    if note:
        name += f" — {said(note)}"
    needs = str(leader.get("requirement") or "")
    lines: list[parts.Line] = [(name, palette.INK, "narrow-bold")]
    if needs:
        lines.append((N_("Needs: {needs}").format(needs=said(needs)), palette.MUTED, "narrow-bold"))
    return [*lines, (str(leader.get("text", "")), palette.INK, "narrow")]


def _private_facts(view: LorenzoView) -> list[str]:
    info = _own_info(view)
    goods = info.get("goods") or {}
    pts = info.get("points") or {}
    cards = info.get("cards") or {}
    left = [m for m, v in (info.get("family") or {}).items() if not v.get("placed")]
    goods_shown = ", ".join(f"{goods.get(k, 0)} {said(label).lower()}" for k, label in _data()["goods"])
    cards_shown = ", ".join(
        f"{len(cards.get(t) or [])} {said(_data()['type_titles'][t]).lower()}"
        for t in ("territory", "building", "character", "venture")
    )
    members = ", ".join(move_word("lorenzo", m) for m in left) or said(N_("none"))
    facts = [
        Said(_points(pts) + "."),
        told(N_("Goods: {goods}."), goods=goods_shown),
        told(N_("Cards: {cards}."), cards=cards_shown),
        told(N_("Family members left: {members}."), members=members),
    ]
    hand = info.get("hand")
    if hand:
        names = ", ".join(said(str(ld.get("name"))) for ld in hand)
        facts.append(told(N_("Leaders in hand: {names}."), names=names))
    pick = info.get("draft_pick")
    if pick:
        names_of = {str(ld.get("id")): str(ld.get("name")) for ld in info.get("draft_pack") or []}
        kept = said(names_of.get(str(pick), str(pick)))
        facts.append(told(N_("Leader draft: you kept {name}."), name=kept))
    if info.get("excommunications"):
        facts.append(told(N_("Excommunicated: {tiles}."), tiles=", ".join(info["excommunications"])))
    return facts


BOARD: frame.Board[LorenzoView] = frame.Board(
    kind="lorenzo",
    private_title=N_("personal board"),
    public=frame.Side(
        lambda view: LorenzoPublic.height(frame.seats(view)) + houses.band_height(view),
        _public,
        _public_facts,
    ),
    private=frame.Side(
        lambda view: LorenzoPrivate.height() + (PRIVATE_BAND if "houses" in view else 0),
        _private,
        _private_facts,
    ),
)
