"""Short English text for goods, costs and effects (card summaries, events, prompts)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.core import say, say_n
from rules.lorenzo.data import BONUS_TILES, CARDS, RESOURCES

# Each good's amount in words, by count (say_n: the catalogue holds each language's plurals).
_AMOUNTS: dict[str, Callable[[int], str]] = {
    "coin": lambda n: say_n("{n} coin", "{n} coins", n),
    "wood": lambda n: say_n("{n} wood", "{n} wood", n),
    "stone": lambda n: say_n("{n} stone", "{n} stone", n),
    "servant": lambda n: say_n("{n} servant", "{n} servants", n),
    "vp": lambda n: say_n("{n} VP", "{n} VP", n),
    "mp": lambda n: say_n("{n} MP", "{n} MP", n),
    "fp": lambda n: say_n("{n} FP", "{n} FP", n),
    "special_token": lambda n: say_n("{n} Special Token", "{n} Special Tokens", n),
}
_KEYS = (*RESOURCES, "special_token")  # the Special Token is a resource with houses (HOUSES.md §10)

TYPE_NAMES = {
    "territory": say("Territory"),
    "character": say("Character"),
    "building": say("Building"),
    "venture": say("Venture"),
}
# A tower by its card type, without article (the sentences give it theirs): "the Territory tower".
TOWER_NAMES = {
    "territory": say("Territory tower"),
    "character": say("Character tower"),
    "building": say("Building tower"),
    "venture": say("Venture tower"),
    "special": say("Special tower"),  # houses (HOUSES.md §4)
}
SPACE_TITLES = {
    "harvest": say("the Harvest space"),
    "harvest_big": say("the big Harvest space"),
    "production": say("the Production space"),
    "production_big": say("the big Production space"),
    "market_1": say("Market space 1"),
    "market_2": say("Market space 2"),
    "market_3": say("Market space 3"),
    "market_4": say("Market space 4"),
    "council": say("the Council Palace"),
}
MEMBER_NAMES = {
    "black": say("black"),
    "white": say("white"),
    "orange": say("orange"),
    "neutral": say("neutral"),
    "brown": say("brown"),  # Colonna's fifth member (houses, HOUSES.md §15)
}


def res_text(res: Mapping[str, int]) -> str:
    """``{"wood": 2, "mp": 1}`` -> "2 wood, 1 MP"; empty -> "nothing"."""
    parts = []
    for key in _KEYS:
        n = res.get(key, 0)
        if n:
            parts.append(_AMOUNTS[key](n))
    return ", ".join(parts) if parts else say("nothing")


def res_token(res: Mapping[str, int]) -> str:
    """Move-notation form of a goods map: "coin=3 wood=1" (canonical order), "nothing" if empty."""
    parts = [f"{k}={res[k]}" for k in _KEYS if res.get(k, 0)]
    return " ".join(parts) if parts else "nothing"


def cost_text(alt: Mapping[str, Any]) -> str:
    pay = res_text(alt.get("pay", {}))
    need = alt.get("require")
    if need:
        return say("need {need_goods}, pay {goods}", need_goods=res_text(need), goods=pay)
    return pay


def _types_text(types: list[str]) -> str:
    if len(types) == 4:
        return say("any")
    return "/".join(TYPE_NAMES[tile] for tile in types)


def effect_text(effect: Mapping[str, Any]) -> str:
    op = effect["op"]
    if op == "gain":
        return say("+{goods}", goods=res_text(effect["res"]))
    if op == "privileges":
        n = effect["count"]
        return say("1 Council Privilege") if n == 1 else say("{n} different Council Privileges", n=n)
    if op == "gain_per_card":
        return say("+{goods} per {type}", goods=res_text(effect["res"]), type=TYPE_NAMES[effect["card_type"]])
    if op == "gain_per_points":
        return say("+{goods} per {per}", goods=res_text(effect["res"]), per=res_text(effect["per"]))
    if op == "take_card":
        types, value = _types_text(effect["card_types"]), effect["value"]
        if effect.get("discount"):
            return say(
                "take {types} card at value {value} ({discount} off)",
                types=types, value=value, discount=res_text(effect["discount"]),
            )  # fmt: skip
        return say("take {types} card at value {value}", types=types, value=value)
    if op == "harvest":
        return say("Harvest at value {value}", value=effect["value"])
    if op == "production":
        return say("Production at value {value}", value=effect["value"])
    if op == "exchange":
        opts = [
            say(
                "{pay_goods} -> {effects}",
                pay_goods=res_text(option["pay"]),
                effects=effects_text(option["effects"]),
            )
            for option in effect["options"]
        ]
        return say("pay {options}", options=" or ".join(opts))
    if op == "action_bonus":
        return _bonus_text(effect)
    if op == "no_floor_bonus":
        return say(
            "no bonuses from tower floors {floors}", floors=" and ".join(str(f) for f in effect["floors"])
        )
    return _HOUSES_OPS.get(op) or op.replace("_", " ")


# Houses of Renaissance effect kinds in short words (the Special cards' summaries; their own
# wording is the kind's name for now).
_HOUSES_OPS = {
    "activate_cards": say("activate cards"),
    "on_play_leader": say("on play leader"),
    "match_top_military": say("match top military"),
    "waive_special_tower_fee": say("waive special tower fee"),
    "draw_leaders": say("draw leaders"),
    "take_discarded": say("take discarded"),
    "lose": say("lose"),
    "place_face_up_token": say("place face up token"),
    "gain_per_played_leader": say("gain per played leader"),
    "leader_requirement_waiver": say("leader requirement waiver"),
    "play_leader_free": say("play leader free"),
    "gain_per_points": say("gain per points"),
    "market_face_up_token_bonus": say("market face up token bonus"),
    "gain_per_card_up_to_value": say("gain per card up to value"),
    "exchange_up_to_value": say("exchange up to value"),
    "face_up_token_bonus": say("face up token bonus"),
    "draw_tokens_keep": say("draw tokens keep"),
    "discard_own_card": say("discard own card"),
    "activate_one": say("activate one"),
    "member_action": say("member action"),
    "servant_value": say("servant value"),
    "extra_privilege": say("extra privilege"),
    "never_excommunicated": say("never excommunicated"),
    "vp_gain_bonus": say("vp gain bonus"),
    "servant_substitute": say("servant substitute"),
    "special_tower_value_modifier": say("special tower value modifier"),
}


def _bonus_text(effect: Mapping[str, Any]) -> str:
    action = effect["action"]
    if action == "take_card":
        text = say(
            "+{value} to take {types} cards", value=effect["value"], types=_types_text(effect["card_types"])
        )
    elif action == "harvest":
        text = say("+{value} to every Harvest", value=effect["value"])
    else:
        text = say("+{value} to every Production", value=effect["value"])
    if effect.get("discount"):
        text = say("{bonus}, {discount} off", bonus=text, discount=res_text(effect["discount"]))
    if effect.get("discount_one_of"):
        some = " or ".join(res_text(d) for d in effect["discount_one_of"])
        text = say("{bonus}, {discount} off", bonus=text, discount=some)
    return text


def effects_text(effects: list[Mapping[str, Any]]) -> str:
    return "; ".join(effect_text(effect) for effect in effects) if effects else ""


def card_permanent_text(card: Mapping[str, Any]) -> str:
    if "harvest" in card:
        harvest = card["harvest"]
        return say(
            "Harvest {value}: {effects}", value=harvest["value"], effects=effects_text(harvest["effects"])
        )
    if "production" in card:
        production = card["production"]
        return say(
            "Production {value}: {effects}",
            value=production["value"],
            effects=effects_text(production["effects"]),
        )
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
    parts = [_CARD_AMOUNTS[card_type](n) for card_type, n in requirement.get("cards", {}).items()]
    if requirement.get("res"):
        parts.append(res_text(requirement["res"]))
    if requirement.get("same_type_cards"):
        parts.append(say("{n} cards of one type", n=requirement["same_type_cards"]))
    return ", ".join(parts) or say("nothing")


# Cards of a type by count, for Leader requirements ("5 Ventures").
_CARD_AMOUNTS: dict[str, Callable[[int], str]] = {
    "territory": lambda n: say_n("{n} Territory", "{n} Territories", n),
    "character": lambda n: say_n("{n} Character", "{n} Characters", n),
    "building": lambda n: say_n("{n} Building", "{n} Buildings", n),
    "venture": lambda n: say_n("{n} Venture", "{n} Ventures", n),
}
