"""The final scoring table's column headings (render/parts.py): with Lancaster's eight categories
(all three expansions) "Conflicts" was cut to "Conflic…" and "Dishonor" abbreviated (playtest).
Words shrink together before any is abbreviated or cut."""

from __future__ import annotations

from render import draw_view
from rules.lancaster import GAME
from rules.playout import random_playout


def test_every_final_scoring_heading_is_shown_whole_with_eight_categories() -> None:
    options = {"henry_v": True, "kings_resentment": True, "queenie": True}
    *_, last = random_playout(GAME, 2, 5, options)
    view = GAME.player_view(last.after, None)
    categories = [str(k) for k in view["header"]["outcome"]["breakdown"][0]]
    assert len(categories) == 8
    drawn = draw_view("lancaster", view, private=False, names=["ann", "bob"], headline=True)
    headings = [t for t in drawn.canvas.texts if t.lower() in categories or t.endswith(".")]
    assert {t.lower() for t in headings if not t.endswith(".")} >= {"conflicts", "dishonor"}
    assert not [t for t in drawn.canvas.cut if t.lower() in categories]
