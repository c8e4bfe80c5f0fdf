"""The game's component data, loaded once from ``data/lorenzo.json`` (standard library only).

Effects keep the reference vocabulary (``op`` maps, see ``effects.py``); this module only indexes
them. Nothing here changes during a game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_PATH = Path(__file__).with_name("data") / "lorenzo.json"

DATA: dict[str, Any] = json.loads(_PATH.read_text(encoding="utf-8"))

CARD_TYPES: tuple[str, ...] = ("territory", "character", "building", "venture")
"""Tower order left to right on the board."""

MEMBERS: tuple[str, ...] = ("black", "white", "orange", "neutral")
COLOURED: tuple[str, ...] = ("black", "white", "orange")
GOODS: tuple[str, ...] = ("coin", "wood", "stone", "servant")
POINTS: tuple[str, ...] = ("vp", "mp", "fp")
RESOURCES: tuple[str, ...] = GOODS + POINTS

CARDS: dict[int, dict[str, Any]] = {c["id"]: c for c in DATA["cards"]}
TOWERS: dict[str, list[dict[str, Any]]] = {t["card_type"]: t["floors"] for t in DATA["towers"]}
SPACES: dict[str, dict[str, Any]] = {s["id"]: s for s in DATA["spaces"]}
SPACE_ORDER: tuple[str, ...] = tuple(s["id"] for s in DATA["spaces"])
PRIVILEGES: dict[str, dict[str, int]] = {p["id"]: p["res"] for p in DATA["council_privileges"]}
PRIVILEGE_ORDER: tuple[str, ...] = tuple(p["id"] for p in DATA["council_privileges"])
EXCOMMUNICATIONS: dict[str, dict[str, Any]] = {t["id"]: t for t in DATA["excommunication_tiles"]}
LEADERS: dict[str, dict[str, Any]] = {t["id"]: t for t in DATA["leaders"]}
BONUS_TILES: dict[str, dict[str, Any]] = {t["id"]: t for t in DATA["personal_bonus_tiles"]}
ADVANCED_TILES: tuple[str, ...] = tuple(
    t["id"] for t in DATA["personal_bonus_tiles"] if t["side"] == "advanced"
)

FAITH_VP: list[int] = DATA["faith_vp"]
VATICAN_REQUIREMENT: list[int] = DATA["vatican_requirement"]
SCORING: dict[str, Any] = DATA["scoring"]
TERRITORY_SLOT_MP: list[int] = DATA["personal_board"]["territory_slot_military_requirement"]
MAX_CARDS_PER_TYPE: int = DATA["personal_board"]["max_cards_per_type"]
OCCUPIED_TOWER_FEE: dict[str, int] = DATA["occupied_tower_fee"]
STARTING_GOODS: dict[str, int] = DATA["setup"]["starting_goods"]
STARTING_COINS: list[int] = DATA["setup"]["starting_coins_by_turn_position"]

TOWER_SPACES: dict[str, tuple[str, int]] = {f"{t}_{i + 1}": (t, i) for t in CARD_TYPES for i in range(4)}
"""``territory_3`` -> ("territory", 2): tower space name -> (card type, floor index)."""

ROUNDS = 6
REPORT_ROUNDS = (2, 4, 6)


def period_of(round_no: int) -> int:
    return (round_no + 1) // 2


def cards_of(card_type: str, period: int) -> list[int]:
    return [c["id"] for c in DATA["cards"] if c["type"] == card_type and c["period"] == period]
