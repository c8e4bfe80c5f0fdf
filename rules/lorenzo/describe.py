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
}

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
MEMBER_NAMES = {"black": "black", "white": "white", "orange": "orange", "neutral": "neutral"}


def res_text(res: Mapping[str, int]) -> str:
    """``{"wood": 2, "mp": 1}`` -> "2 wood, 1 MP"; empty -> "nothing"."""
    parts = []
    for key in RESOURCES:
        n = res.get(key, 0)
        if n:
            one, many = _NAMES[key]
            parts.append(f"{n} {one if n == 1 else many}")
    return ", ".join(parts) if parts else "nothing"


def res_token(res: Mapping[str, int]) -> str:
    """Move-notation form of a goods map: "coin=3 wood=1" (canonical order), "nothing" if empty."""
    parts = [f"{k}={res[k]}" for k in RESOURCES if res.get(k, 0)]
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
    return "/".join(TYPE_NAMES[t] for t in types)


def effect_text(e: Mapping[str, Any]) -> str:
    op = e["op"]
    if op == "gain":
        return "+" + res_text(e["res"])
    if op == "privileges":
        n = e["count"]
        return "1 Council Privilege" if n == 1 else f"{n} different Council Privileges"
    if op == "gain_per_card":
        return f"+{res_text(e['res'])} per {TYPE_NAMES[e['card_type']]}"
    if op == "gain_per_points":
        per = e["per"]
        return f"+{res_text(e['res'])} per {res_text(per)}"
    if op == "take_card":
        text = f"take {_types_text(e['card_types'])} card at value {e['value']}"
        if e.get("discount"):
            text += f" ({res_text(e['discount'])} off)"
        return text
    if op in ("harvest", "production"):
        return f"{op.capitalize()} at value {e['value']}"
    if op == "exchange":
        opts = [f"{res_text(o['pay'])} -> {effects_text(o['effects'])}" for o in e["options"]]
        return "pay " + " or ".join(opts)
    if op == "action_bonus":
        action = e["action"]
        if action == "take_card":
            text = f"+{e['value']} to take {_types_text(e['card_types'])} cards"
        else:
            text = f"+{e['value']} to every {action.capitalize()}"
        if e.get("discount"):
            text += f", {res_text(e['discount'])} off"
        if e.get("discount_one_of"):
            text += ", " + " or ".join(res_text(d) for d in e["discount_one_of"]) + " off"
        return text
    if op == "no_floor_bonus":
        return "no bonuses from tower floors " + " and ".join(str(f) for f in e["floors"])
    return op.replace("_", " ")


def effects_text(effects: list[Mapping[str, Any]]) -> str:
    return "; ".join(effect_text(e) for e in effects) if effects else ""


def card_permanent_text(card: Mapping[str, Any]) -> str:
    if "harvest" in card:
        h = card["harvest"]
        return f"Harvest {h['value']}: {effects_text(h['effects'])}"
    if "production" in card:
        p = card["production"]
        return f"Production {p['value']}: {effects_text(p['effects'])}"
    if card.get("permanent"):
        return effects_text(card["permanent"])
    return ""


def card_dict(card_id: int) -> dict[str, Any]:
    """The card as shown in views (see view.py)."""
    c = CARDS[card_id]
    return {
        "id": c["id"],
        "name": c["name"],
        "type": c["type"],
        "period": c["period"],
        "costs": [cost_text(a) for a in c["costs"]],
        "immediate": effects_text(c["immediate"]),
        "permanent": card_permanent_text(c),
        "end_vp": c.get("end_vp", 0),
    }


def tile_dict(tile_id: str) -> dict[str, Any]:
    t = BONUS_TILES[tile_id]
    return {
        "id": tile_id,
        "harvest": effects_text(t["harvest"]["effects"]),
        "production": effects_text(t["production"]["effects"]),
    }
