"""Colours shared by every board image.

Seat colours come from the Okabe-Ito palette (Okabe & Ito, "Color Universal Design"), chosen so
the five stay distinguishable under the common colour-vision deficiencies. Colour is never the
only cue: every seat also has a letter (drawn inside its marker) and a marker shape.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import SEAT_COLOURS

RGB = tuple[int, int, int]


def hex_rgb(code: str) -> RGB:
    code = code.lstrip("#")
    return (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))


@dataclass(frozen=True)
class SeatStyle:
    name: str  # colour name, also used by the bot in text
    letter: str  # drawn inside every marker of this seat
    fill: RGB
    ink: RGB  # text colour that reads on ``fill``
    shape: str  # "circle" | "square" | "diamond" | "triangle" | "hexagon"


# Seat 0 gets the first style. Colour names and letters come from the view header's table
# (rules.core.SEAT_COLOURS), so the text form ("Blue (B)") and the image agree; the fill goes
# with the name, and shapes add a third, colour-free cue.
_FILLS: dict[str, tuple[str, RGB, str]] = {
    "blue": ("#0072B2", (255, 255, 255), "circle"),
    "orange": ("#E69F00", (0, 0, 0), "square"),
    # Black ink on green and vermilion: white on them is only 3.4:1 and 3.9:1 (WCAG AA asks 4.5:1
    # for text this small); black gives 6.1:1 and 5.4:1.
    "green": ("#009E73", (0, 0, 0), "diamond"),
    "pink": ("#CC79A7", (0, 0, 0), "hexagon"),
    "yellow": ("#F0E442", (0, 0, 0), "triangle"),
    "vermilion": ("#D55E00", (0, 0, 0), "circle"),
}
SEATS: tuple[SeatStyle, ...] = tuple(
    SeatStyle(name, letter, hex_rgb(_FILLS[name][0]), _FILLS[name][1], _FILLS[name][2])
    for name, letter in SEAT_COLOURS
)

NEUTRAL = SeatStyle("grey", "N", hex_rgb("#9A9A9A"), (0, 0, 0), "circle")


def seat_style(seat: int | None) -> SeatStyle:
    if seat is None or seat < 0:
        return NEUTRAL
    return SEATS[seat % len(SEATS)]


# Board chrome: flat, light, high-contrast; flat art also compresses far better.
BACKGROUND = hex_rgb("#F4F1EA")
PANEL = hex_rgb("#FFFFFF")
PANEL_ALT = hex_rgb("#ECE7DC")
LINE = hex_rgb("#5A5550")
FAINT = hex_rgb("#B9B2A6")
INK = hex_rgb("#1E1B18")
MUTED = hex_rgb("#5F5A54")
TITLE_BAR = hex_rgb("#2F2A26")
TITLE_INK = hex_rgb("#FFFFFF")
HIGHLIGHT = hex_rgb("#FFD21F")  # the "last move" halo: bright, and framed in black for contrast
HIGHLIGHT_EDGE = hex_rgb("#000000")
COVERED = hex_rgb("#CFC9BE")  # spaces closed at this player count
GOOD = hex_rgb("#167536")  # 5:1 on the board background
BAD = hex_rgb("#B3261E")
