"""A card, leader, tile or law drawn on its own for ``/card`` (``rules.core.Card``).

The same card for every game: a band in the kind's place, the name, the kind, the text wrapped,
and a provisional value's reason in red at the foot, so a guessed number is never shown bare.
"""

from __future__ import annotations

from render import encode, palette
from render.canvas import Canvas, Rect, line_height, wrap
from render.words import N_, drawn_in, said
from rules.core import Card

CARD_W, CARD_H = 720, 640
"""Under half the board's width: Discord shows it whole in a phone's preview, its text at 32 px."""


def draw_card(card: Card) -> Canvas:
    """The card image (see the module docstring)."""
    canvas = Canvas(CARD_W, CARD_H)
    outer = Rect(12, 12, CARD_W - 24, CARD_H - 24)
    canvas.box(outer, palette.PANEL, palette.INK, width=4, radius=18)
    band = Rect(outer.x, outer.y, outer.w, 132)
    canvas.box(band, palette.TITLE_BAR, palette.INK, width=4, radius=18)
    canvas.text_in(
        band.inset(24, 10).top(70), card.name, 48, palette.TITLE_INK, style="bold", align="l", min_size=30
    )
    canvas.text_in(band.inset(24, 10).below(70), card.kind, 28, palette.TITLE_INK, align="l", min_size=20)
    foot = 150 if card.provisional else 0
    body = Rect(outer.x + 28, band.bottom + 24, outer.w - 56, outer.bottom - band.bottom - 48 - foot)
    y = body.y
    for line in card.text.splitlines():  # each line of the text its own paragraph
        line = said(line)  # measured in the card's language
        size = 32 if len(card.text) < 400 else 24
        height = len(wrap(line, size, body.w, "regular")) * line_height(size, "regular")
        canvas.paragraph(Rect(body.x, y, body.w, min(height, body.bottom - y)), line, size, min_size=16)
        y += height + 12
    if card.provisional:
        note = Rect(outer.x + 28, outer.bottom - foot - 8, outer.w - 56, foot)
        why = N_("Provisional: {why}").format(why=said(card.provisional))
        canvas.paragraph(note, why, 24, palette.BAD, style="bold", min_size=16)
    return canvas


def render_card(card: Card, lang: str | None = None) -> tuple[bytes, str]:
    """The encoded card image and its file extension, its words in ``lang`` (``render.words``)."""
    with drawn_in(lang):
        return encode.encode(draw_card(card).image, "card")
