"""The game's component data, loaded once from ``data/lorenzo.json`` (standard library only).

Effects keep the reference vocabulary (``op`` maps, see ``effects.py``); this module only indexes
them. Nothing here changes during a game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_PATH = Path(__file__).with_name("data") / "lorenzo.json"
HOUSES_PATH = Path(__file__).with_name("data") / "houses.json"

DATA: dict[str, Any] = json.loads(_PATH.read_text(encoding="utf-8"))
HOUSES: dict[str, Any] = json.loads(HOUSES_PATH.read_text(encoding="utf-8"))
"""Houses of Renaissance content (``houses`` option; rules/lorenzo/HOUSES.md). Its ids never meet
the base game's, so its cards, tiles and leaders sit in the same indexes below; the base game
only ever draws from the base lists (``cards_of``, ``BASE_LEADERS``, the E?-1..7 tiles)."""

CARD_TYPES: tuple[str, ...] = ("territory", "character", "building", "venture")
"""Tower order left to right on the board."""

MEMBERS: tuple[str, ...] = ("black", "white", "orange", "neutral")
COLOURED: tuple[str, ...] = ("black", "white", "orange")
GOODS: tuple[str, ...] = ("coin", "wood", "stone", "servant")
POINTS: tuple[str, ...] = ("vp", "mp", "fp")
RESOURCES: tuple[str, ...] = GOODS + POINTS

CARDS: dict[int, dict[str, Any]] = {card["id"]: card for card in DATA["cards"]}
TOWERS: dict[str, list[dict[str, Any]]] = {tower["card_type"]: tower["floors"] for tower in DATA["towers"]}
SPECIAL = "special"
"""The Special Tower's key in ``tower_cards``/``tower_occupants``/``TOWERS`` (HOUSES.md §7): a
tower of cards of all four types, so its key is not a card type."""
SPACES: dict[str, dict[str, Any]] = {space["id"]: space for space in DATA["spaces"]}
SPACE_ORDER: tuple[str, ...] = tuple(space["id"] for space in DATA["spaces"])
PRIVILEGES: dict[str, dict[str, int]] = {
    privilege["id"]: privilege["res"] for privilege in DATA["council_privileges"]
}
PRIVILEGE_ORDER: tuple[str, ...] = tuple(privilege["id"] for privilege in DATA["council_privileges"])
EXCOMMUNICATIONS: dict[str, dict[str, Any]] = {tile["id"]: tile for tile in DATA["excommunication_tiles"]}
LEADERS: dict[str, dict[str, Any]] = {leader["id"]: leader for leader in DATA["leaders"]}
BASE_LEADERS: tuple[str, ...] = tuple(sorted(LEADERS))
"""The 20 Leaders of the base game, the pool of every game without ``houses``."""
BONUS_TILES: dict[str, dict[str, Any]] = {tile["id"]: tile for tile in DATA["personal_bonus_tiles"]}
ADVANCED_TILES: tuple[str, ...] = tuple(
    tile["id"] for tile in DATA["personal_bonus_tiles"] if tile["side"] == "advanced"
)

FAITH_VP: list[int] = DATA["faith_vp"]
VATICAN_REQUIREMENT: list[int] = DATA["vatican_requirement"]
SCORING: dict[str, Any] = DATA["scoring"]
TERRITORY_SLOT_MP: list[int] = DATA["personal_board"]["territory_slot_military_requirement"]
MAX_CARDS_PER_TYPE: int = DATA["personal_board"]["max_cards_per_type"]
OCCUPIED_TOWER_FEE: dict[str, int] = DATA["occupied_tower_fee"]
STARTING_GOODS: dict[str, int] = DATA["setup"]["starting_goods"]
STARTING_COINS: list[int] = DATA["setup"]["starting_coins_by_turn_position"]

TOWER_SPACES: dict[str, tuple[str, int]] = {
    f"{card_type}_{floor_index + 1}": (card_type, floor_index)
    for card_type in CARD_TYPES
    for floor_index in range(4)
}
"""``territory_3`` -> ("territory", 2): tower space name -> (card type, floor index)."""
ALL_TOWER_SPACES: dict[str, tuple[str, int]] = {
    **TOWER_SPACES,
    **{f"{SPECIAL}_{floor_index + 1}": (SPECIAL, floor_index) for floor_index in range(4)},
}
"""``TOWER_SPACES`` and the Special Tower's ``special_1..4`` (games with ``houses``): space ->
(tower, floor index), where a base tower's key is its card type."""


def install_houses(houses: dict[str, Any]) -> None:
    """Index the HoR content (the shipped file or one corrected by ``LORENZO_OVERRIDES``)."""
    houses = dict(houses)  # may be HOUSES itself
    HOUSES.clear()
    HOUSES.update(houses)
    for card in houses["cards"].values():
        CARDS[card["id"]] = card
    for tile in houses["excommunication_tiles"].values():
        EXCOMMUNICATIONS[tile["id"]] = tile
    for leader in houses["leaders"].values():
        LEADERS[leader["id"]] = leader
    PRIVILEGES.update(houses["council"]["privileges_added"])
    tower = houses["special_tower"]
    TOWERS[SPECIAL] = [
        {"min_value": value, "bonus": dict(bonus)}
        for value, bonus in zip(tower["floor_values"], tower["floor_bonuses"], strict=True)
    ]


def special_cards_of(period: int) -> list[int]:
    """The 16 Special cards of a period (HOUSES.md §3), in id order."""
    return sorted(card["id"] for card in HOUSES["cards"].values() if card["period"] == period)


ROUNDS = 6
REPORT_ROUNDS = (2, 4, 6)


BASE_CARDS: dict[int, dict[str, Any]] = dict(CARDS)
BASE_EXCOMMUNICATIONS: dict[str, dict[str, Any]] = dict(EXCOMMUNICATIONS)
BASE_PRIVILEGES: dict[str, dict[str, int]] = dict(PRIVILEGES)
"""The base game's indexes alone (``CARDS``, ``EXCOMMUNICATIONS``, ``PRIVILEGES`` also hold HoR's)."""
install_houses(HOUSES)


def period_of(round_no: int) -> int:
    return (round_no + 1) // 2


def cards_of(card_type: str, period: int) -> list[int]:
    return [card["id"] for card in DATA["cards"] if card["type"] == card_type and card["period"] == period]
