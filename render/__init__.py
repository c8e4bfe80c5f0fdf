"""Board images: a pure function of a player view, drawn with Pillow (design.md, "Rendering").

The one entry point is :func:`render_view`. ``seat_colour`` (re-exported from ``rules.core``)
gives the colour name and letter of a seat, the same in images and text. Public images must be given
``player_view(state, None)``; private ones ``player_view(state, seat)``. Nothing here reads a game
state, so a public image can only show what the public view holds.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from render import encode, frame, generic
from render.canvas import Drawing
from render.words import drawn_in
from rules.core import ViewHeader, seat_colour

__all__ = ["Image", "catalogue_names", "draw_view", "named", "render_view", "seat_colour"]


@dataclass(frozen=True)
class Image:
    data: bytes
    filename: str  # ends .png or .webp
    alt_text: str
    width: int
    height: int


# Game name -> module whose ``BOARD`` (a ``render.frame.Board``) draws that game's boards under
# the common frame. A game without a module here gets the generic board, drawn from the view
# header alone, so a new engine can be played before its board is drawn.
DRAWING_MODULES: dict[str, str] = {"lorenzo": "render.lorenzo", "lancaster": "render.lancaster"}


def catalogue_names() -> set[str]:
    """The English words boards draw from their own data (a drawing module's ``CATALOGUE_NAMES``:
    labels and short texts of ``render/data``), catalogued without context and translated when
    drawn (``render.words``); the completeness tests expect them in every language."""
    found: set[str] = set()
    for module_name in DRAWING_MODULES.values():
        if importlib.util.find_spec(module_name) is not None:
            found |= set(getattr(importlib.import_module(module_name), "CATALOGUE_NAMES", ()))
    return found


def _board(game_name: str) -> frame.Board[Any] | None:
    module_name = DRAWING_MODULES.get(game_name)
    if module_name is None or importlib.util.find_spec(module_name) is None:
        return None
    board: frame.Board[Any] = importlib.import_module(module_name).BOARD
    return board


def named(
    game_name: str, view: Mapping[str, Any], names: Sequence[str], computers: Sequence[str | None] = ()
) -> dict[str, Any]:
    """``view`` with the players' display names (plain text) in its header's seats, which the
    engines leave None: boards then name each seat beside its colour (issue 12 item 4); and with
    ``computers``, each seat's computer mark (``rules.core.SeatHeader``), shown beside its colour
    (issue 10: computer seats are shown as such on the board)."""
    header = frame.header_of(game_name, view)
    seats = [
        {
            **s,
            "name": names[i] if i < len(names) else s.get("name"),
            "computer": computers[i] if i < len(computers) else s.get("computer"),
        }
        for i, s in enumerate(header["seats"])
    ]
    return {**view, "header": cast(ViewHeader, {**header, "seats": seats})}


def draw_view(
    game_name: str,
    view: Mapping[str, Any],
    *,
    private: bool,
    names: Sequence[str] | None = None,
    headline: bool = False,
    lang: str | None = None,
) -> Drawing:
    """Draw without encoding (tests inspect ``Drawing.canvas.texts``). ``names``: see ``named``.
    ``headline`` (public boards; ``render_view`` always asks for it): the headline band on top
    (``frame.headline``), the board below it (so layout coordinates move down by its height).
    ``lang``: the language of its words (a Discord locale; None: English; ``render.words``)."""
    with drawn_in(lang):
        return _draw_view(game_name, view, private=private, names=names, headline=headline)


def _draw_view(
    game_name: str, view: Mapping[str, Any], *, private: bool, names: Sequence[str] | None, headline: bool
) -> Drawing:
    name = game_name.strip().lower()
    if names:
        view = named(name, view, names)
    header = frame.header_of(name, view)
    board = _board(name)
    drawing = (
        generic.draw(header, view, private) if board is None else frame.draw(board, header, view, private)
    )
    if private or not headline:
        return drawing
    return Drawing(frame.with_headline(drawing.canvas, header), drawing.alt_text, drawing.kind)


def render_view(
    game_name: str,
    view: Mapping[str, Any],
    *,
    private: bool,
    names: Sequence[str] | None = None,
    lang: str | None = None,
) -> Image:
    """The board image for ``view``: the public board, or with ``private`` the personal board,
    its words in ``lang`` (public: the server's language; private: the reader's)."""
    drawing = draw_view(game_name, view, private=private, names=names, headline=not private, lang=lang)
    data, ext = encode.encode(drawing.canvas.image, drawing.kind)
    stem = f"{game_name.strip().lower()}-{'private' if private else 'board'}"
    return Image(data, f"{stem}.{ext}", drawing.alt_text, drawing.canvas.width, drawing.canvas.height)
