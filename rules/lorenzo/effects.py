"""Permanent modifiers and the gain rule: the one place where ongoing effects are folded.

``permanent_effects`` lists every ongoing effect a player is under (Character abilities,
excommunication tiles; Leaders plug in here, see README.md). ``modifiers`` folds them into a
``Mods`` value that the engine consults for action values, discounts, gain reductions and
scoring. The one-shot effect interpreter (gain, privileges, take_card, ...) is in engine.py
because it pushes decisions onto the game's stack.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from rules.lorenzo.data import CARDS, EXCOMMUNICATIONS, HOUSES
from rules.lorenzo.leaders import effective_ability

State = dict[str, Any]

# Ops an effect may carry, by where it may appear. tests/lorenzo checks the data uses only these.
ONE_SHOT_OPS = frozenset(
    {
        "gain",
        "privileges",
        "gain_per_card",
        "gain_per_points",
        "take_card",
        "harvest",
        "production",
        "exchange",
    }
)
PERMANENT_OPS = frozenset(
    {
        "action_bonus",
        "no_floor_bonus",
        # excommunications
        "gain_reduction",
        "action_value_modifier",
        "forbid_area",
        "servant_rate",
        "skip_first_placement",
        "no_end_vp",
        "end_lose_vp_per_vp",
        "end_lose_vp_per_points",
        "end_lose_vp_per_building_cost",
        "end_lose_vp_per_resource",
        "family_member_bonus",
        # leaders (folded here so the Leaders option only has to list played leaders)
        "place_in_occupied_spaces",
        "waive_occupied_tower_fee",
        "copy_leader",
        "ignore_territory_military_requirement",
        "card_coin_discount",
        "vatican_support_bonus",
        "set_family_member_value",
        "double_card_immediate_gains",
    }
)


@dataclass
class Mods:
    """Everything ongoing that changes the rules for one player."""

    take_bonus: dict[str, int] = field(default_factory=dict)  # card type -> +N (characters, excomm)
    take_discount: dict[str, dict[str, int]] = field(default_factory=dict)  # type -> fixed discount
    take_discount_one_of: dict[str, list[dict[str, int]]] = field(default_factory=dict)
    harvest_bonus: int = 0  # Character bonuses (Farmer, Peasant)
    production_bonus: int = 0
    harvest_malus: int = 0  # excommunication E1-5 (applies to every harvest)
    production_malus: int = 0
    no_floor_bonus: frozenset[int] = frozenset()
    coloured_bonus: int = 0
    neutral_bonus: int = 0
    coloured_set: int | None = None
    six: str | None = None  # Federico da Montefeltro's member this round
    gain_reduction: dict[str, int] = field(default_factory=dict)
    wood_or_stone_reduction: int = 0
    forbidden_areas: frozenset[str] = frozenset()
    servants_per_point: int = 1
    skip_first: bool = False
    no_end_vp: frozenset[str] = frozenset()
    lose_per_vp: int = 0  # lose 1 VP per this many VP before final scoring (0 = no)
    lose_per_mp: int = 0
    lose_building_cost: tuple[str, ...] = ()
    lose_per_resource: tuple[str, ...] = ()
    # Leader hooks (unused until the Leaders option lands)
    occupied_spaces_ok: bool = False
    waive_fee: bool = False
    ignore_territory_mp: bool = False
    coin_discount: int = 0
    support_bonus: dict[str, int] = field(default_factory=dict)
    double_immediate: frozenset[str] = frozenset()
    # Houses of Renaissance (HOUSES.md §13.2)
    waive_special_fee: bool = False  # card 126
    special_tower_modifier: int = 0  # E2-8
    leader_waiver: int = 0  # card 127: requirements a Leader may ignore
    lose_per_special_card: int = 0  # E3-8
    military_not_paid: frozenset[str] = frozenset()  # Malatesta: card types
    points_per_servant: int = 1  # Carlo VIII: 2
    servant_substitute: frozenset[str] = frozenset()  # Paracelso: goods servants may pay for
    vp_gain_bonus: int = 0  # Niccolò Machiavelli
    extra_privileges: int = 0  # Jacopo Salviati
    never_excommunicated: bool = False  # Martin Lutero
    # What the engine works out from these and a card or floor, kept with them (engine.py).
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)


def permanent_effects(state: State, player: int) -> Iterator[dict[str, Any]]:
    """Every ongoing effect on ``player``: its Characters, its excommunications, its played Leaders."""
    player_state = state["players"][player]
    for card_id in player_state["cards"]["character"]:
        yield from CARDS[card_id].get("permanent", [])
    for tile_id in player_state["excommunications"]:
        yield from EXCOMMUNICATIONS[tile_id]["effects"]
    for leader_id in player_state["leaders_played"]:
        kind, effects = effective_ability(state, player, leader_id)
        if kind == "permanent":
            yield from effects
    family = player_state.get("family")
    if family is not None:  # HoR: the Family tile's effects (those folded here: Malatesta)
        yield from HOUSES["families"][family]["effects"]


def modifiers(state: State, player: int) -> Mods:
    """``player``'s ongoing effects folded into one ``Mods``.

    The engine asks this for every space and candidate move, so a fold is kept for each
    combination of what ``permanent_effects`` reads (Characters, excommunications, played leaders
    and the copied one, Montefeltro's member) and the same ``Mods`` is returned for it again:
    never change one."""
    player_state = state["players"][player]
    key = (
        tuple(player_state["cards"]["character"]),
        tuple(player_state["excommunications"]),
        tuple(player_state["leaders_played"]),
        player_state.get("copied_leader"),
        player_state["montefeltro_member"],
        player_state.get("family"),
    )
    mods = _FOLDED.get(key)
    if mods is None:
        mods = fold_modifiers(state, player)
        if len(_FOLDED) >= _FOLDED_LIMIT:
            _FOLDED.clear()  # a bound, not a policy: a game meets a few dozen combinations
        _FOLDED[key] = mods
    return mods


_FOLDED: dict[tuple[Any, ...], Mods] = {}
# Measured (bench.memory and a count over 16 random games, 2026-12-01): a game meets ~10 new folds,
# each keeping its memo (floor rules, costs: ~6 KB), so 20,000 folds grew the bot ~60 KB a game
# for 2,000 games. 500 folds (~50 games, ~3 MB) are more than one game or one search meets.
_FOLDED_LIMIT = 500


def fold_modifiers(state: State, player: int) -> Mods:
    """A fresh fold of ``player``'s ongoing effects (``modifiers`` keeps and shares them)."""
    mods = Mods(six=state["players"][player]["montefeltro_member"])
    for effect in permanent_effects(state, player):
        _fold(mods, effect)
    return mods


def _fold(mods: Mods, effect: dict[str, Any]) -> None:
    op = effect["op"]
    if op == "action_bonus":
        _fold_action_bonus(mods, effect)
    elif op == "no_floor_bonus":
        mods.no_floor_bonus = mods.no_floor_bonus | frozenset(effect["floors"])
    elif op == "action_value_modifier":
        _fold_action_value_modifier(mods, effect)
    elif op == "gain_reduction":
        if effect.get("mode") == "one_of":
            mods.wood_or_stone_reduction += effect["amount"]
        else:
            for resource in effect["res_types"]:
                mods.gain_reduction[resource] = mods.gain_reduction.get(resource, 0) + effect["amount"]
    elif op == "family_member_bonus":
        if effect["members"] == "colored":
            mods.coloured_bonus += effect["value"]
        else:
            mods.neutral_bonus += effect["value"]
    elif op == "set_family_member_value":
        if effect["members"] == "colored":
            mods.coloured_set = effect["value"]
    elif op == "forbid_area":
        mods.forbidden_areas = mods.forbidden_areas | {effect["area"]}
    elif op == "servant_rate":
        mods.servants_per_point = max(mods.servants_per_point, effect["servants_per_point"])
    elif op == "skip_first_placement":
        mods.skip_first = True
    elif op == "no_end_vp":
        mods.no_end_vp = mods.no_end_vp | {effect["card_type"]}
    elif op == "end_lose_vp_per_vp":
        mods.lose_per_vp = effect["every_vp"]
    elif op == "end_lose_vp_per_points":
        mods.lose_per_mp = effect["every"]
    elif op == "end_lose_vp_per_building_cost":
        mods.lose_building_cost = tuple(effect["res_types"])
    elif op == "end_lose_vp_per_resource":
        mods.lose_per_resource = tuple(effect["res_types"])
    elif op == "place_in_occupied_spaces":
        mods.occupied_spaces_ok = True
    elif op == "waive_occupied_tower_fee":
        mods.waive_fee = True
    elif op == "ignore_territory_military_requirement":
        mods.ignore_territory_mp = True
    elif op == "card_coin_discount":
        mods.coin_discount += effect["amount"]
    elif op == "vatican_support_bonus":
        for k, v in effect["res"].items():
            mods.support_bonus[k] = mods.support_bonus.get(k, 0) + v
    elif op == "double_card_immediate_gains":
        mods.double_immediate = mods.double_immediate | frozenset(effect["res_types"])
    elif op in _HOUSES_FOLDS:
        _HOUSES_FOLDS[op](mods, effect)
    # copy_leader is resolved by the Leaders option when the leader is played.


_HOUSES_FOLDS: dict[str, Any] = {
    "waive_special_tower_fee": lambda mods, effect: setattr(mods, "waive_special_fee", True),
    "special_tower_value_modifier": lambda mods, effect: setattr(
        mods, "special_tower_modifier", mods.special_tower_modifier + effect["value"]
    ),
    "leader_requirement_waiver": lambda mods, effect: setattr(
        mods, "leader_waiver", mods.leader_waiver + effect["count"]
    ),
    "end_lose_vp_per_card": lambda mods, effect: setattr(mods, "lose_per_special_card", effect["vp"]),
    "servant_value": lambda mods, effect: setattr(mods, "points_per_servant", effect["points_per_servant"]),
    "servant_substitute": lambda mods, effect: setattr(
        mods, "servant_substitute", mods.servant_substitute | frozenset(effect["res_types"])
    ),
    "vp_gain_bonus": lambda mods, effect: setattr(
        mods, "vp_gain_bonus", mods.vp_gain_bonus + effect["amount"]
    ),
    "extra_privilege": lambda mods, effect: setattr(
        mods, "extra_privileges", mods.extra_privileges + effect["count"]
    ),
    "never_excommunicated": lambda mods, effect: setattr(mods, "never_excommunicated", True),
    "military_cost_not_paid": lambda mods, effect: setattr(
        mods, "military_not_paid", mods.military_not_paid | frozenset(effect["card_types"])
    ),
}
"""Ongoing HoR effects that change a rule here; the others (card 128's Market bonus, the token
and leader triggers) are read where they act (rules/lorenzo/houses/)."""


def _fold_action_bonus(mods: Mods, effect: dict[str, Any]) -> None:
    """A Character's (or leader's) "+N to the value of an action", with any take discount."""
    if effect["action"] == "take_card":
        for card_type in effect["card_types"]:
            mods.take_bonus[card_type] = mods.take_bonus.get(card_type, 0) + effect["value"]
            if effect.get("discount"):
                discount = mods.take_discount.setdefault(card_type, {})
                for k, v in effect["discount"].items():
                    discount[k] = discount.get(k, 0) + v
            if effect.get("discount_one_of"):
                mods.take_discount_one_of.setdefault(card_type, []).extend(effect["discount_one_of"])
    elif effect["action"] == "harvest":
        mods.harvest_bonus += effect["value"]
    else:
        mods.production_bonus += effect["value"]


def _fold_action_value_modifier(mods: Mods, effect: dict[str, Any]) -> None:
    """An excommunication's change to the value of an action (negative in the data)."""
    if effect["action"] == "take_card":
        for card_type in effect["card_types"]:
            mods.take_bonus[card_type] = mods.take_bonus.get(card_type, 0) + effect["value"]
    elif effect["action"] == "harvest":
        mods.harvest_malus += effect["value"]
    else:
        mods.production_malus += effect["value"]


def reduced_gain(mods: Mods, res: dict[str, int], prefer: str = "wood") -> dict[str, int]:
    """Apply excommunication gain reductions to what ONE source gives (§14: "per source").

    E1-4 ("1 wood or stone fewer"): ``prefer`` says which is cut when a source gives both; the
    engine asks the player (a ``lose`` decision, see ``engine.gain``) and passes the answer here.
    """
    out = {k: v for k, v in res.items() if v}
    if not mods.gain_reduction and not mods.wood_or_stone_reduction:
        return out  # no excommunication cuts gains: most folds (simulation asks this every gain)
    for k, n in mods.gain_reduction.items():
        if out.get(k, 0) > 0:
            out[k] = max(0, out[k] - n)
    left = mods.wood_or_stone_reduction
    for k in (prefer, "stone" if prefer == "wood" else "wood"):
        if left and out.get(k, 0) > 0:
            cut = min(left, out[k])
            out[k] -= cut
            left -= cut
    return {k: v for k, v in out.items() if v}


def wood_or_stone_choice(mods: Mods, res: dict[str, int]) -> bool:
    """Whether E1-4 must ask which of wood and stone this source loses."""
    return bool(mods.wood_or_stone_reduction) and res.get("wood", 0) > 0 and res.get("stone", 0) > 0
