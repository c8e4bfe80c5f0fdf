"""The drawing surface every board uses: cached fonts and labels, boxes, seat markers.

Speed: labels are rasterised once into a greyscale mask (``functools.lru_cache``, bounded) and pasted with a
fill colour, which is the fast path on Pillow (design.md, "Rendering"). The same few hundred
strings (numbers, space names, card names) recur on every board of a game.

Secrecy: every string that reaches the image goes through :meth:`Canvas.text`, which records it in
``Canvas.texts``. Tests use that record to prove a public image never draws a private value.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from render import palette
from render.palette import RGB
from render.words import said

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "narrow": "DejaVuSansCondensed.ttf",
    "narrow-bold": "DejaVuSansCondensed-Bold.ttf",
}


@dataclass(frozen=True)
class Rect:
    """An axis-aligned box in image pixels. Layout tables are made of these."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    def box(self) -> tuple[int, int, int, int]:
        return (self.x, self.y, self.right - 1, self.bottom - 1)

    def inset(self, dx: int, dy: int | None = None) -> Rect:
        dy = dx if dy is None else dy
        return Rect(self.x + dx, self.y + dy, max(0, self.w - 2 * dx), max(0, self.h - 2 * dy))

    def moved(self, dx: int, dy: int) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def top(self, h: int) -> Rect:
        return Rect(self.x, self.y, self.w, min(h, self.h))

    def below(self, h: int) -> Rect:
        """What is left under a strip of height ``h`` taken from the top."""
        return Rect(self.x, self.y + h, self.w, max(0, self.h - h))

    def columns(self, n: int, gap: int = 0) -> list[Rect]:
        """Split into ``n`` equal columns separated by ``gap``."""
        if n <= 0:
            return []
        w = (self.w - gap * (n - 1)) // n
        return [Rect(self.x + i * (w + gap), self.y, w, self.h) for i in range(n)]

    def rows(self, n: int, gap: int = 0) -> list[Rect]:
        """Split into ``n`` equal rows separated by ``gap``."""
        if n <= 0:
            return []
        h = (self.h - gap * (n - 1)) // n
        return [Rect(self.x, self.y + i * (h + gap), self.w, h) for i in range(n)]


_fonts = threading.local()


def font(style: str, size: int) -> ImageFont.FreeTypeFont:
    """A loaded font, cached per thread: the bot renders in worker threads and one FreeType face
    must not be used by two threads at once."""
    cached: dict[tuple[str, int], ImageFont.FreeTypeFont] | None = getattr(_fonts, "cache", None)
    if cached is None:
        cached = _fonts.cache = {}
    key = (style, size)
    if key not in cached:
        # BASIC layout: no shaping is needed for Latin text and it is markedly faster than raqm.
        cached[key] = ImageFont.truetype(
            str(FONT_DIR / FONT_FILES[style]), size, layout_engine=ImageFont.Layout.BASIC
        )
    return cached[key]


# LRU bounds chosen by measurement (bench/caches.py; 4-player games of each kind interleaved):
# 1,024 label masks reach the unbounded hit rate within 0.1% (mean mask ~6 KB: ~6 MB at most);
# 4,096 widths within 0.1% too (2,048: -0.2%, 1,024: -0.4%). Unbounded, event sentences added
# ~3,300 entries per game for as long as the process ran.
LABEL_CACHE = 1024
WIDTH_CACHE = 4096


@lru_cache(maxsize=LABEL_CACHE)
def _label(text: str, style: str, size: int) -> Image.Image:
    """A greyscale mask of ``text``: full ascent-to-descent height, so rows of labels line up."""
    f = font(style, size)
    ascent, descent = f.getmetrics()
    width = max(1, math.ceil(f.getlength(text)))
    mask = Image.new("L", (width + 2, ascent + descent))
    ImageDraw.Draw(mask).text((1, 0), text, font=f, fill=255)
    return mask


@lru_cache(maxsize=WIDTH_CACHE)
def text_width(text: str, size: int, style: str = "regular") -> int:
    # Measured, not rasterised: wrapping and fitting try many candidate strings and sizes.
    return math.ceil(font(style, size).getlength(text))


def line_height(size: int, style: str = "regular") -> int:
    ascent, descent = font(style, size).getmetrics()
    return int(ascent + descent)


def fit_size(text: str, size: int, max_width: int, style: str = "regular", min_size: int = 11) -> int:
    """The largest size from ``size`` down to ``min_size`` at which ``text`` fits ``max_width``."""
    while size > min_size and text_width(text, size, style) > max_width:
        size -= 1
    return size


def ellipsize(text: str, size: int, max_width: int, style: str = "regular") -> str:
    if text_width(text, size, style) <= max_width:
        return text
    # Binary search on the kept length: event lines can run to hundreds of characters.
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + "…", size, style) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


def wrap(text: str, size: int, max_width: int, style: str = "regular") -> list[str]:
    """Greedy word wrap; a single over-long word is ellipsized rather than overflowing."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}".strip()
        if current and text_width(trial, size, style) > max_width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return [ellipsize(line, size, max_width, style) for line in lines]


class Canvas:
    """One board being drawn. Not shared between threads: each render makes its own."""

    def __init__(self, width: int, height: int, background: RGB = palette.BACKGROUND) -> None:
        self.image = Image.new("RGB", (width, height), background)
        self.draw = ImageDraw.Draw(self.image)
        self.texts: list[str] = []  # every string drawn, in order (the secrecy tests read it)
        self.cut: list[str] = []  # strings that did not fit whole: ellipsized or lines dropped
        # (text, px size actually drawn) for every line: the legibility tests read the sizes.
        self.sizes: list[tuple[str, int]] = []

    @property
    def width(self) -> int:
        return self.image.width

    @property
    def height(self) -> int:
        return self.image.height

    # ---------------------------------------------------------------------------------- text

    def text(
        self,
        x: int,
        y: int,
        text: str,
        size: int,
        colour: RGB = palette.INK,
        *,
        style: str = "regular",
        anchor: str = "lt",
        max_width: int | None = None,
        min_size: int = 11,
    ) -> int:
        """Draw one line; ``anchor`` is horizontal (l/m/r) + vertical (t/m/b). Returns its width.

        With ``max_width`` the text first shrinks (down to a legible floor) and then ellipsizes.
        """
        if not text:
            return 0
        text = said(text)  # in the board's language (render.words)
        self.texts.append(text)
        if max_width is not None:
            size = fit_size(text, size, max_width, style, min_size)
            shown = ellipsize(text, size, max_width, style)
            if shown != text:
                self.cut.append(text)
            text = shown
        self.sizes.append((text, size))
        mask = _label(text, style, size)
        w, h = mask.size
        left = {"l": x - 1, "m": x - w // 2, "r": x - w + 1}[anchor[0]]
        top = {"t": y, "m": y - h // 2, "b": y - h}[anchor[1]]
        self.image.paste(colour, (left, top, left + w, top + h), mask)
        return w - 2

    def text_in(
        self,
        rect: Rect,
        text: str,
        size: int,
        colour: RGB = palette.INK,
        *,
        style: str = "regular",
        align: str = "m",
        min_size: int = 11,
    ) -> None:
        """One line centred vertically in ``rect``, aligned l/m/r, shrunk to fit its width."""
        x = {"l": rect.x, "m": rect.x + rect.w // 2, "r": rect.right}[align]
        mid = rect.y + rect.h // 2
        self.text(
            x, mid, text, size, colour, style=style, anchor=align + "m", max_width=rect.w, min_size=min_size
        )

    def paragraph(
        self,
        rect: Rect,
        text: str,
        size: int,
        colour: RGB = palette.INK,
        *,
        style: str = "regular",
        min_size: int = 11,
    ) -> None:
        """Wrapped text inside ``rect``; shrinks until it fits the height (or reaches ``min_size``)."""
        text = said(text)  # in the board's language (render.words)
        while True:
            lines = wrap(text, size, rect.w, style)
            lh = line_height(size, style)
            if len(lines) * lh <= rect.h or size <= min_size:
                break
            size -= 1
        self.texts.append(text)
        room = max(1, rect.h // lh)
        if len(lines) > room or any(line.endswith("…") for line in lines):
            self.cut.append(text)
        if len(lines) > room:  # the last line shown says that more text was dropped
            kept = lines[room - 1].removesuffix("…").rstrip()
            lines[room - 1] = ellipsize(kept + "…", size, rect.w, style)
        for i, line in enumerate(lines[:room]):
            self.sizes.append((line, size))
            mask = _label(line, style, size)
            top = rect.y + i * lh
            self.image.paste(colour, (rect.x - 1, top, rect.x - 1 + mask.width, top + mask.height), mask)

    # ---------------------------------------------------------------------------------- shapes

    def box(
        self,
        rect: Rect,
        fill: RGB | None = palette.PANEL,
        outline: RGB | None = palette.LINE,
        *,
        width: int = 2,
        radius: int = 8,
    ) -> None:
        self.draw.rounded_rectangle(rect.box(), radius=radius, fill=fill, outline=outline, width=width)

    def rect(self, rect: Rect, fill: RGB) -> None:
        self.draw.rectangle(rect.box(), fill=fill)

    def line(self, x0: int, y0: int, x1: int, y1: int, colour: RGB = palette.LINE, width: int = 2) -> None:
        self.draw.line((x0, y0, x1, y1), fill=colour, width=width)

    def highlight(self, rect: Rect, label: str | None = None) -> None:
        """The "this changed in the last move" halo: black frame, yellow band, optional tag."""
        outer = rect.inset(-6)
        self.draw.rounded_rectangle(outer.box(), radius=10, outline=palette.HIGHLIGHT_EDGE, width=7)
        self.draw.rounded_rectangle(outer.inset(2).box(), radius=9, outline=palette.HIGHLIGHT, width=4)
        if label:
            w = text_width(label, 15, "bold") + 12
            tag = Rect(outer.x + 10, outer.y - 11, w, 22)
            self.box(tag, palette.HIGHLIGHT, palette.HIGHLIGHT_EDGE, width=2, radius=6)
            self.text_in(tag, label, 15, palette.INK, style="bold")

    def marker(
        self,
        cx: int,
        cy: int,
        seat: int | None,
        size: int = 30,
        label: str | None = None,
        *,
        hollow: bool = False,
    ) -> None:
        """A seat's marker: its colour, its shape and its letter (``label`` overrides the letter).

        ``hollow`` draws the shape white with a thick border in the seat colour (Lancaster allies).
        """
        style = palette.seat_style(seat)
        r = size / 2
        fill = (255, 255, 255) if hollow else style.fill
        outline = style.fill if hollow else palette.INK
        width = max(3, size // 8) if hollow else 2
        points = _shape_points(style.shape, cx, cy, r)
        if points is None:
            self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)
        else:
            self.draw.polygon(points, fill=fill, outline=outline, width=width)
        letter = label if label is not None else style.letter
        text_size = max(10, int(size * (0.62 if len(letter) <= 1 else 0.46 if len(letter) == 2 else 0.36)))
        dy = int(size * 0.12) if style.shape == "triangle" else 0
        ink = palette.INK if hollow else style.ink
        self.text(cx, cy + dy, letter, text_size, ink, style="bold", anchor="mm")


def _shape_points(shape: str, cx: int, cy: int, r: float) -> list[tuple[float, float]] | None:
    if shape == "square":
        k = r * 0.9
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "diamond":
        return [(cx, cy - r * 1.1), (cx + r * 1.1, cy), (cx, cy + r * 1.1), (cx - r * 1.1, cy)]
    if shape == "triangle":
        return [(cx, cy - r * 1.15), (cx + r * 1.15, cy + r * 0.85), (cx - r * 1.15, cy + r * 0.85)]
    if shape == "hexagon":
        return [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in (i * math.pi / 3 for i in range(6))]
    return None


@dataclass
class Drawing:
    """A board drawn but not yet encoded: the canvas (with its text record) and its alt text."""

    canvas: Canvas
    alt_text: str
    kind: str  # key into render.encode.FORMAT_POLICY, e.g. "lorenzo-public"
