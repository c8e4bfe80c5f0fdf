"""What each action space is, in words: the one place the guide, the views and the boards ask.

Every space a ``place`` move names is one of: a tower floor (the four base towers and, with
``houses``, the Special Tower: ``ALL_TOWER_SPACES``), a board space (``SPACES``: Harvest,
Production, Market, Council Palace) or, with ``houses``, a played Leader's personal action space
(``leader_<id>``, HOUSES.md §12.3, described by ``houses.leaders.personal_spaces``). Callers
ask ``area_of`` / ``area_title`` / ``space_title`` and never test a space or area by name.
"""

from __future__ import annotations

from typing import Any

from rules.core import say
from rules.lorenzo.data import ALL_TOWER_SPACES, SPACES
from rules.lorenzo.describe import effects_text

State = dict[str, Any]

LEADER_AREA = "leader"
"""The area of the personal action spaces (houses): no board area, one space per played Leader."""
LEADER_PREFIX = "leader_"
"""A personal action space is ``leader_<leader id>`` (houses.leaders.PREFIX)."""


def is_personal(space: str) -> bool:
    """A played Leader's personal action space (HOUSES.md §12.3)."""
    return space.startswith(LEADER_PREFIX)


AREA_TITLES = {
    "territory": say("Territory tower"),
    "character": say("Character tower"),
    "building": say("Building tower"),
    "venture": say("Venture tower"),
    "harvest": say("Harvest"),
    "production": say("Production"),
    "market": say("Market"),
    "council": say("Council Palace"),
    "special": say("Special Tower"),  # houses (HOUSES.md §7)
    LEADER_AREA: say("Leaders' own spaces"),  # houses: personal action spaces of played Leaders (§12.3)
}
"""Each area in a player's words (catalogued templates: i18n translates them)."""
SPACE_LABELS = {
    "harvest": say("Harvest space"),
    "harvest_big": say("Big Harvest space"),
    "production": say("Production space"),
    "production_big": say("Big Production space"),
    "market_1": say("Market space 1"),
    "market_2": say("Market space 2"),
    "market_3": say("Market space 3"),
    "market_4": say("Market space 4"),
    "council": say("Council Palace"),
}
"""The board's action spaces as their buttons read."""


def area_of(space: str) -> str:
    """The area of ``space``: a tower (its card type, or ``special``), a board area, or
    ``LEADER_AREA``."""
    if space in ALL_TOWER_SPACES:
        return ALL_TOWER_SPACES[space][0]
    if space in SPACES:
        return str(SPACES[space]["area"])
    if space.startswith(LEADER_PREFIX):
        return LEADER_AREA
    raise ValueError(f"{space!r} is no action space")


def area_title(area: str) -> str:
    """An area in a player's words ("Territory tower", "Special Tower", "Leaders' own spaces")."""
    return AREA_TITLES[area]


def is_tower(space: str) -> bool:
    return space in ALL_TOWER_SPACES


def is_board_space(space: str) -> bool:
    return space in SPACES


def space_title(state: State, space: str) -> tuple[str, str]:
    """(title, detail) of a board space or a personal action space (tower floors are described
    with their card: guide._tower_step)."""
    if space in SPACES:
        data = SPACES[space]
        title = SPACE_LABELS[space]
        if data["area"] in ("harvest", "production"):
            detail = (
                say("one family member only")
                if data["capacity"] == 1
                else say("{n} to the value", n=data["value_modifier"])
            )
            return title, detail
        return say("{space}: {effects}", space=title, effects=effects_text(data["effects"])), ""
    found = personal_space(state, space)
    if found is None:
        return space.replace("_", " "), ""
    needs = say("needs {value}", value=found["min_value"])
    return say("{leader}'s space", leader=found["name"]), f"{needs}; {found['text']}"


def reached_value(state: State, player: int, mods: Any, member: str, space: str, servants: int) -> int:
    """The action value a member with ``servants`` reaches on ``space``: a tower floor's (its
    bonuses, the Adaptation tile...), a board space's (-3, Character bonuses, excommunications),
    or a personal action space's (the member and servants only, HOUSES.md §12.3)."""
    from rules.lorenzo import engine

    base = engine.member_value(state, mods, member)
    if space in ALL_TOWER_SPACES:
        return engine.tower_offer(state, player, mods, space, base, servants, member, {}).value
    if space in SPACES:
        return engine.space_check(state, player, mods, space, member, servants)[1]
    return base + engine.servant_points(servants, mods)


def personal_space(state: State, space: str) -> dict[str, Any] | None:
    """The personal action space ``space`` as ``houses.leaders.personal_spaces`` describes it."""
    if "houses" not in state:
        return None
    from rules.lorenzo.houses.leaders import personal_spaces

    return next((s for s in personal_spaces(state) if s["space"] == space), None)
