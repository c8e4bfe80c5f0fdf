"""Lancaster (Queen Games, 2011): base game for 2-5 players with the two-player allies.

``GAME`` satisfies ``rules.core.Game``. Content comes from ``data/base.json``; an owner's override
file corrects values without touching code (see OVERRIDES.md):

    from rules.lancaster import configure
    configure(os.environ["LANCASTER_OVERRIDES"])   # raises DataError listing every problem

``make_game(data)`` builds an independent game object from validated data (tests, tools).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rules.lancaster.data import (
    DataError,
    apply_overrides,
    load_base,
    load_content,
    read_override_file,
    validate,
)
from rules.lancaster.game import LancasterGame

__all__ = [
    "GAME",
    "DataError",
    "LancasterGame",
    "apply_overrides",
    "configure",
    "load_base",
    "load_content",
    "make_game",
    "validate",
]


def make_game(data: dict[str, Any] | None = None) -> LancasterGame:
    """A game object over ``data`` (validated base data when None; the expansion data is merged
    beside data that lacks it)."""
    if data is None:
        return LancasterGame(load_content())
    problems = validate(data)
    if problems:
        raise DataError(problems)
    return LancasterGame(data)


def configure(override_path: str | Path | None) -> LancasterGame:
    """Load the override file (if any) into the shared ``GAME``; raises ``DataError`` if invalid.

    With ``None`` or an empty path the base data is used. Returns ``GAME`` for convenience.
    """
    override = read_override_file(override_path) if override_path else None
    data = apply_overrides(load_content(), override) if override is not None else load_content()
    GAME.use_data(data, override)
    return GAME


GAME = LancasterGame(load_content())
