"""Seeded random playouts that yield the states worth drawing (every phase, start, end)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from render import draw_view, render_view
from render.alt import seat_name
from render.canvas import Drawing
from rules import find_game
from rules.core import Game
from rules.playout import playout_states

MAX_BYTES = 1_000_000


def sampled_states(
    game_name: str, players: int, seed: int, options: dict[str, Any] | None = None, stride: int = 15
) -> Iterator[tuple[Game, Any, str]]:
    """Play uniformly random legal moves; yield (game, state, why) for the first state, every
    change of phase or round, every ``stride``-th state and the final state."""
    game = find_game(game_name)
    seen: tuple[Any, Any] | None = None
    for step, state in enumerate(playout_states(game, players, seed, options)):
        view = game.player_view(state, None)
        key = (view.get("phase"), view.get("round"))
        if key != seen:
            seen = key
            yield game, state, f"step {step}: phase {key}"
        elif step % stride == 0 or not game.active_players(state):
            yield game, state, f"step {step}"


def image_format(data: bytes) -> str:
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    return "unknown"


def readable_cuts(drawing: Drawing) -> list[str]:
    """The texts the drawing had to cut short, except the last-move line (which may be cut)."""
    return [c for c in drawing.canvas.cut if not c.startswith("Last move: ")]


def check_encoded_images(game_name: str, players: int, seat: int) -> None:
    """Issue 5: the public board and ``seat``'s private board at the start, middle and end of a
    seeded game are 1600 px wide, PNG or WebP as named, under 1 MB, with alt text."""
    states = list(sampled_states(game_name, players, seed=5, stride=1000))
    for game, state, why in (states[0], states[len(states) // 2], states[-1]):
        for viewer in (None, seat):
            image = render_view(game_name, game.player_view(state, viewer), private=viewer is not None)
            assert image.width == 1600
            assert len(image.data) < MAX_BYTES, (why, len(image.data))
            assert image_format(image.data) == image.filename.rsplit(".", 1)[1]
            kind = "private" if viewer is not None else "board"
            assert image.filename.startswith(f"{game_name}-{kind}")
            assert 40 < len(image.alt_text) <= 1000


def check_final_scoring(game_name: str, view: dict[str, Any], unit: str, ruler_end: str) -> None:
    """The final scoring panel (render/parts.py, shared by the games) and the alt text of a
    finished game's public board show the outcome: winners, every score in ``unit`` and every
    breakdown line; the points ruler (up to the text ``ruler_end``) shows the final totals."""
    outcome = view["outcome"]
    assert outcome is not None
    drawing = draw_view(game_name, view, private=False)
    texts = drawing.canvas.texts
    winners = ", ".join(seat_name(s) for s in outcome["ranking"] if s in outcome["winners"])
    plural = "s" if len(outcome["winners"]) > 1 else ""
    assert f"Final scoring — winner{plural}: {winners}" in texts
    for seat, score in enumerate(outcome["scores"]):
        assert f"{score} {unit}" in drawing.alt_text, seat
    assert "Winner:" in drawing.alt_text
    # Every line of the breakdown is drawn, in the final panel (between its title and the notes).
    panel = texts[texts.index(f"Final scoring — winner{plural}: {winners}") :]
    for seat, points in enumerate(outcome["breakdown"]):
        for value in points.values():
            assert str(value) in panel, (seat, points)
    # The points ruler shows the final totals at the end, the same as the panel, not the track.
    ruler = texts[texts.index("Final") : texts.index(ruler_end)]
    for score in outcome["scores"]:
        assert str(score) in ruler
