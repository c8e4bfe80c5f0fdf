"""A plain board for a game that has no drawing of its own yet: the view's headline facts.

It keeps the bot working when a new engine lands before its board does. It draws only top-level
scalar values and the sizes of lists and objects, so it cannot show more than the view holds.
"""

from __future__ import annotations

from typing import Any

from render import palette
from render.alt import clip
from render.canvas import Canvas, Drawing, Rect

WIDTH = 1600
ROW = 40
TITLE = Rect(0, 0, WIDTH, 80)


def _summary(value: Any) -> str:
    if isinstance(value, dict):
        return f"{len(value)} entries"
    if isinstance(value, list):
        return f"{len(value)} items"
    return str(value)


def draw(game_name: str, view: dict[str, Any], private: bool) -> Drawing:
    items = sorted(view.items())
    canvas = Canvas(WIDTH, TITLE.h + 40 + ROW * max(1, len(items)))
    canvas.rect(TITLE, palette.TITLE_BAR)
    heading = f"{game_name} — {'private board' if private else 'board'}"
    canvas.text_in(TITLE.inset(30, 0), heading, 40, palette.TITLE_INK, style="bold", align="l")
    for i, (key, value) in enumerate(items):
        row = Rect(30, TITLE.h + 20 + i * ROW, WIDTH - 60, ROW)
        canvas.text_in(Rect(row.x, row.y, 500, ROW), str(key), 26, palette.MUTED, align="l")
        canvas.text_in(
            Rect(row.x + 520, row.y, row.w - 520, ROW), _summary(value), 26, style="bold", align="l"
        )
    facts = "; ".join(f"{k}: {_summary(v)}" for k, v in items if not isinstance(v, dict | list))
    return Drawing(canvas, clip(f"{heading}. {facts}"), f"{game_name}-generic")
