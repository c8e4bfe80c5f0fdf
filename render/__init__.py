"""Board images: a pure function of a player view, drawn with Pillow (design.md, "Rendering").

The one entry point is :func:`render_view`. Public images must be given
``player_view(state, None)``; private ones ``player_view(state, seat)``. Nothing here reads a game
state, so a public image can only show what the public view holds.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from render import encode, generic
from render.canvas import Drawing
from render.palette import seat_style

__all__ = ["Image", "draw_view", "render_view", "seat_colour"]


@dataclass(frozen=True)
class Image:
    data: bytes
    filename: str  # ends .png or .webp
    alt_text: str
    width: int
    height: int


def seat_colour(seat: int) -> tuple[str, str]:
    """(colour name, marker letter) of a seat, e.g. ("blue", "B"); the same in images and text."""
    style = seat_style(seat)
    return (style.name, style.letter)


# Game name -> module with ``draw(view, private) -> Drawing``. A game without a module here gets
# the generic board, so a new engine can be played before its board is drawn.
DRAWING_MODULES: dict[str, str] = {"lorenzo": "render.lorenzo", "lancaster": "render.lancaster"}


def _drawer(game_name: str) -> Callable[[dict[str, Any], bool], Drawing] | None:
    module_name = DRAWING_MODULES.get(game_name)
    if module_name is None or importlib.util.find_spec(module_name) is None:
        return None
    drawer: Callable[[dict[str, Any], bool], Drawing] = importlib.import_module(module_name).draw
    return drawer


def draw_view(game_name: str, view: dict[str, Any], *, private: bool) -> Drawing:
    """Draw without encoding (tests inspect ``Drawing.canvas.texts``)."""
    drawer = _drawer(game_name.strip().lower())
    if drawer is None:
        return generic.draw(game_name, view, private)
    return drawer(view, private)


def render_view(game_name: str, view: dict[str, Any], *, private: bool) -> Image:
    """The board image for ``view``: the public board, or with ``private`` the personal board."""
    drawing = draw_view(game_name, view, private=private)
    data, ext = encode.encode(drawing.canvas.image, drawing.kind)
    stem = f"{game_name.strip().lower()}-{'private' if private else 'board'}"
    return Image(data, f"{stem}.{ext}", drawing.alt_text, drawing.canvas.width, drawing.canvas.height)
