"""Layout tables: every fixed coordinate of every board lives here, not in the drawing code.

All boards are 1600 px wide (Discord shows about that much full size and scales it down evenly
on phones). Parts whose size depends on the player count are computed from the per-row heights
below, so the drawing modules never invent a coordinate.
"""

from __future__ import annotations

from dataclasses import dataclass

from render.canvas import Rect
from render.words import N_

WIDTH = 1600
MARGIN = 16
INNER = WIDTH - 2 * MARGIN

# Type sizes (px). Numbers a player needs are never drawn smaller than ``SMALL``.
TITLE_SIZE = 30
HEADING = 21
BODY = 17
SMALL = 14
NUMBER = 24
BIG_NUMBER = 30
# Lorenzo family-member tag: a die-coloured disc (px across) and the member's letter inside it.
MEMBER_TAG = 22
MEMBER_LETTER = 14

# ------------------------------------------------------------------------------------ the frame


class Frame:
    """The strips every board starts with, drawn from the view header (render/frame.py): the title
    bar, then the status band (what the game waits for, the last move; on public boards the turn
    order too). A personal board's band has room for a prompt that wraps onto two lines."""

    title = Rect(0, 0, WIDTH, 56)
    status_public = Rect(0, 56, WIDTH, 66)
    status_private = Rect(0, 56, WIDTH, 84)
    turn_label_w = 96  # "Turn order" before the markers
    turn_step = 72  # one seat marker with its arrow

    @classmethod
    def status(cls, private: bool) -> Rect:
        return cls.status_private if private else cls.status_public

    @classmethod
    def turn_strip_w(cls, seats: int) -> int:
        """Width of the turn-order strip for ``seats`` markers (34 px each on a 50 px disc)."""
        return cls.turn_label_w + cls.turn_step * max(0, seats - 1) + 54


# ------------------------------------------------------------------------------------ Lorenzo


class LorenzoPublic:
    """The main board: towers left, the other action spaces right, tracks and player table below."""

    title = Frame.title
    status = Frame.status_public  # prompt line + last move line + turn order

    towers = Rect(MARGIN, 134, 1020, 660)  # four tower columns
    tower_gap = 12
    tower_header = 54  # two rows: the type and deck size; the occupied-tower fee
    floor_gap = 6
    floor_strip = 58  # left part of a floor: minimum value, floor bonus, family member

    side = Rect(1048, 134, WIDTH - 1048 - MARGIN, 660)  # dice, excommunications, spaces
    dice = Rect(1048, 134, 536, 96)
    excommunications = Rect(1048, 240, 536, 138)
    council = Rect(1048, 388, 536, 112)
    market = Rect(1048, 510, 536, 118)
    harvest = Rect(1048, 638, 536, 76)
    production = Rect(1048, 720, 536, 76)
    # Inside the side column: dice, section titles, Harvest/Production spaces, Council queue.
    dice_label_w = 100
    die_size = 78
    die_step = 146  # die plus its colour name
    section_title_h = 28
    work_label_w = 124
    work_single_w = 110
    queue_step = 50  # a member token with its tag is ~48 px wide
    work_token_step = 48
    # Inside a tower floor / a card.
    card_band_h = 30
    floor_value_h = 34

    tracks_top = 808
    track_label_w = 112
    faith_h = 86  # four markers on one faith space fit two rows at 24 px (seat letters 14 px)
    military_h = 78
    victory_h = 74
    track_gap = 8

    table_gap = 14
    table_header_h = 30
    table_row_h = 92
    # Player table columns: (key, heading, width). Widths sum to INNER.
    table_columns: tuple[tuple[str, str, int], ...] = (
        ("seat", N_("Player"), 120),  # marker, colour name, and the turn position or final place
        ("coin", N_("Coins"), 60),
        ("wood", N_("Wood"), 60),
        ("stone", N_("Stone"), 60),
        ("servant", N_("Serv."), 60),
        ("vp", N_("VP"), 60),
        ("mp", N_("MP"), 60),
        ("fp", N_("FP"), 60),
        ("family", N_("Family left"), 172),
        ("territory", N_("Territories"), 174),
        ("building", N_("Buildings"), 174),
        ("character", N_("Characters"), 174),
        ("venture", N_("Ventures"), 174),
        ("extra", N_("Leaders · Excomm."), 160),
    )

    @classmethod
    def table_top(cls) -> int:
        tracks = cls.faith_h + cls.military_h + cls.victory_h + 2 * cls.track_gap
        return cls.tracks_top + tracks + cls.table_gap

    @classmethod
    def height(cls, players: int) -> int:
        return cls.table_top() + cls.table_header_h + players * cls.table_row_h + MARGIN


class LorenzoHouses:
    """The Houses of Renaissance band under the public board (only in HoR games): the Special
    Tower left, the Adaptation tile, tokens and Council row right, one cell per seat below."""

    gap = 16
    tower = Rect(MARGIN, 0, 1020, 200)  # y is relative to the band's top
    tower_header = 40
    side = Rect(1048, 0, WIDTH - 1048 - MARGIN, 200)
    seats_top = 212
    seats_h = 96
    space_h = 78  # one row of played Leaders' personal action spaces under the seats (§12.3)
    note_h = 26

    @classmethod
    def height(cls, space_rows: int = 0) -> int:
        return cls.gap + cls.seats_top + cls.seats_h + space_rows * cls.space_h + cls.note_h


class LorenzoPrivate:
    """A personal board: four rows of six card slots, a side column for goods, tile and leaders."""

    title = Frame.title
    status = Frame.status_private  # three lines: a long prompt may wrap onto two
    goods = Rect(MARGIN, 152, INNER, 96)  # goods, points and family members in one band
    rows_top = 260
    row_label_w = 118
    slots_w = 1086  # six card slots
    slot_gap = 8
    row_h = 156
    row_gap = 10
    side = Rect(1248, 260, WIDTH - 1248 - MARGIN, 4 * 156 + 3 * 10)

    @classmethod
    def height(cls) -> int:
        return cls.rows_top + 4 * cls.row_h + 3 * cls.row_gap + MARGIN


# ------------------------------------------------------------------------------------ Lancaster


class LancasterPublic:
    """Counties (3x3) left, conflicts and King's Favor right, parliament, power track, castles."""

    title = Frame.title
    status = Frame.status_public
    counties = Rect(MARGIN, 134, 920, 530)
    county_gap = 10
    conflicts = Rect(952, 134, WIDTH - 952 - MARGIN, 400)
    conflict_header = 30
    conflict_row_label_w = 70  # "new" / "2nd round" left of the two card rows
    kings_favor = Rect(952, 544, WIDTH - 952 - MARGIN, 120)
    favor_header = 32
    parliament = Rect(MARGIN, 680, INNER, 300)
    law_row_h = 92
    law_label_w = 110
    power = Rect(MARGIN, 992, INNER, 76)
    castles_top = 1082
    castle_header_h = 112  # the castle columns' headers carry each space's id, name and reward
    castle_row_h = 124
    castle_row_h_allies = 160  # two players: each row also lists the ally's knights
    # Castle table columns: (key, heading, width); widths sum to INNER.
    castle_columns: tuple[tuple[str, str, int], ...] = (
        ("seat", N_("Player"), 122),
        ("gold", N_("Gold"), 70),
        ("squires", N_("Squires"), 78),
        ("votes", N_("Votes"), 70),
        ("knights", N_("Knights: court · reserve · out"), 262),
        ("nobles", N_("Nobles"), 174),
        ("castle", N_("Castle"), 792),
    )

    @classmethod
    def height(cls, players: int) -> int:
        return cls.castles_top + cls.castle_header_h + players * cls.row_h(players) + MARGIN

    @classmethod
    def row_h(cls, players: int) -> int:
        return cls.castle_row_h_allies if players == 2 else cls.castle_row_h


@dataclass(frozen=True)
class CountyParts:
    head: Rect  # letter and name
    badge: Rect  # minimum strength
    reward: Rect
    nobles: Rect
    slot: Rect  # the knight space


def county_parts(cell: Rect) -> CountyParts:
    return CountyParts(
        head=Rect(cell.x + 10, cell.y + 6, cell.w - 70, 28),
        badge=Rect(cell.right - 56, cell.y + 6, 46, 40),
        reward=Rect(cell.x + 10, cell.y + 36, cell.w - 76, 58),
        nobles=Rect(cell.x + 10, cell.y + 96, cell.w - 20, 26),
        slot=Rect(cell.x + 8, cell.bottom - 48, cell.w - 16, 42),
    )


@dataclass(frozen=True)
class ConflictParts:
    flag: Rect  # France's strength
    england: Rect  # the knights' total on the card
    card_id: Rect
    pp: Rect  # power points per rank
    spaces: tuple[Rect, Rect, Rect]  # the three knight spaces, top down


def conflict_parts(card: Rect) -> ConflictParts:
    flag = Rect(card.x + 6, card.y + 6, 62, 58)
    top, middle, bottom = Rect(card.x + 6, card.y + 70, card.w - 12, card.h - 76).rows(3, 3)
    return ConflictParts(
        flag=flag,
        england=Rect(flag.right + 8, card.y + 6, card.w - flag.w - 76, 26),
        card_id=Rect(card.right - 58, card.y + 6, 52, 26),
        pp=Rect(flag.right + 8, card.y + 36, card.w - flag.w - 20, 26),
        spaces=(top, middle, bottom),
    )


@dataclass(frozen=True)
class FavorParts:
    index: Rect  # the tile number players name in "favor 3"
    reward: Rect


def favor_parts(tile: Rect) -> FavorParts:
    return FavorParts(
        index=Rect(tile.x + 5, tile.y + 5, 24, 22),
        reward=Rect(tile.x + 6, tile.y + 29, tile.w - 10, tile.h - 31),
    )


class LancasterPrivate:
    """One player's screen: hidden goods, knights, pending vote, and their castle for context."""

    title = Frame.title
    status = Frame.status_private  # three lines: a long prompt may wrap onto two
    goods = Rect(MARGIN, 152, INNER, 120)
    knights = Rect(MARGIN, 284, 900, 170)
    vote = Rect(928, 284, WIDTH - 928 - MARGIN, 170)
    castle = Rect(MARGIN, 466, INNER, 170)
    nobles = Rect(MARGIN, 648, INNER, 80)

    @classmethod
    def height(cls) -> int:
        return cls.nobles.bottom + MARGIN
