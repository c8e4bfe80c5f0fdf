"""Short English text for goods, costs and effects (card summaries, events, prompts)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.lorenzo.data import BONUS_TILES, CARDS, RESOURCES

_NAMES = {
    "coin": ("coin", "coins"),
    "wood": ("wood", "wood"),
    "stone": ("stone", "stone"),
    "servant": ("servant", "servants"),
    "vp": ("VP", "VP"),
    "mp": ("MP", "MP"),
    "fp": ("FP", "FP"),
    "special_token": ("Special Token", "Special Tokens"),
}
_KEYS = (*RESOURCES, "special_token")  # the Special Token is a resource with houses (HOUSES.md §10)

TYPE_NAMES = {
    "territory": "Territory",
    "character": "Character",
    "building": "Building",
    "venture": "Venture",
}
SPACE_TITLES = {
    "harvest": "the Harvest space",
    "harvest_big": "the big Harvest space",
    "production": "the Production space",
    "production_big": "the big Production space",
    "market_1": "Market space 1",
    "market_2": "Market space 2",
    "market_3": "Market space 3",
    "market_4": "Market space 4",
    "council": "the Council Palace",
}
MEMBER_NAMES = {
    "black": "black",
    "white": "white",
    "orange": "orange",
    "neutral": "neutral",
    "brown": "brown",  # Colonna's fifth member (houses, HOUSES.md §15)
}


def res_text(res: Mapping[str, int]) -> str:
    """``{"wood": 2, "mp": 1}`` -> "2 wood, 1 MP"; empty -> "nothing"."""
    parts = []
    for key in _KEYS:
        n = res.get(key, 0)
        if n:
            one, many = _NAMES[key]
            parts.append(f"{n} {one if n == 1 else many}")
    return ", ".join(parts) if parts else "nothing"


def res_token(res: Mapping[str, int]) -> str:
    """Move-notation form of a goods map: "coin=3 wood=1" (canonical order), "nothing" if empty."""
    parts = [f"{k}={res[k]}" for k in _KEYS if res.get(k, 0)]
    return " ".join(parts) if parts else "nothing"


def cost_text(alt: Mapping[str, Any]) -> str:
    pay = res_text(alt.get("pay", {}))
    need = alt.get("require")
    if need:
        return f"need {res_text(need)}, pay {pay}"
    return pay


def _types_text(types: list[str]) -> str:
    if len(types) == 4:
        return "any"
    return "/".join(TYPE_NAMES[tile] for tile in types)


def effect_text(effect: Mapping[str, Any]) -> str:
    op = effect["op"]
    if op == "gain":
        return "+" + res_text(effect["res"])
    if op == "privileges":
        n = effect["count"]
        return "1 Council Privilege" if n == 1 else f"{n} different Council Privileges"
    if op == "gain_per_card":
        return f"+{res_text(effect['res'])} per {TYPE_NAMES[effect['card_type']]}"
    if op == "gain_per_points":
        per = effect["per"]
        return f"+{res_text(effect['res'])} per {res_text(per)}"
    if op == "take_card":
        text = f"take {_types_text(effect['card_types'])} card at value {effect['value']}"
        if effect.get("discount"):
            text += f" ({res_text(effect['discount'])} off)"
        return text
    if op in ("harvest", "production"):
        return f"{op.capitalize()} at value {effect['value']}"
    if op == "exchange":
        opts = [
            f"{res_text(option['pay'])} -> {effects_text(option['effects'])}" for option in effect["options"]
        ]
        return "pay " + " or ".join(opts)
    if op == "action_bonus":
        action = effect["action"]
        if action == "take_card":
            text = f"+{effect['value']} to take {_types_text(effect['card_types'])} cards"
        else:
            text = f"+{effect['value']} to every {action.capitalize()}"
        if effect.get("discount"):
            text += f", {res_text(effect['discount'])} off"
        if effect.get("discount_one_of"):
            text += ", " + " or ".join(res_text(d) for d in effect["discount_one_of"]) + " off"
        return text
    if op == "no_floor_bonus":
        return "no bonuses from tower floors " + " and ".join(str(f) for f in effect["floors"])
    return op.replace("_", " ")


def effects_text(effects: list[Mapping[str, Any]]) -> str:
    return "; ".join(effect_text(effect) for effect in effects) if effects else ""


def card_permanent_text(card: Mapping[str, Any]) -> str:
    if "harvest" in card:
        harvest = card["harvest"]
        return f"Harvest {harvest['value']}: {effects_text(harvest['effects'])}"
    if "production" in card:
        production = card["production"]
        return f"Production {production['value']}: {effects_text(production['effects'])}"
    if card.get("permanent"):
        return effects_text(card["permanent"])
    return ""


def card_dict(card_id: int) -> dict[str, Any]:
    """The card as shown in views (see view.py)."""
    card = CARDS[card_id]
    return {
        "id": card["id"],
        "name": card["name"],
        "type": card["type"],
        "period": card["period"],
        "costs": [cost_text(a) for a in card["costs"]],
        "immediate": effects_text(card["immediate"]),
        "permanent": card_permanent_text(card),
        "end_vp": card.get("end_vp", 0),
    }


def tile_dict(tile_id: str) -> dict[str, Any]:
    tile = BONUS_TILES[tile_id]
    return {
        "id": tile_id,
        "harvest": effects_text(tile["harvest"]["effects"]),
        "production": effects_text(tile["production"]["effects"]),
    }


def requirement_text(requirement: Mapping[str, Any]) -> str:
    """A Leader's requirement (§13) in words: "5 Ventures", "3 Buildings, 12 coins, 2 FP",
    "6 cards of one type"; nothing is spent to meet it."""
    parts = []
    for card_type, n in requirement.get("cards", {}).items():
        name = TYPE_NAMES[card_type]
        parts.append(f"{n} {name if n == 1 else name[:-1] + 'ies' if name.endswith('y') else name + 's'}")
    if requirement.get("res"):
        parts.append(res_text(requirement["res"]))
    if requirement.get("same_type_cards"):
        parts.append(f"{requirement['same_type_cards']} cards of one type")
    return ", ".join(parts) or "nothing"
