"""Final-scoring changes of HoR (HOUSES.md §17), added to the base breakdown (../scoring.py)."""

from __future__ import annotations

from typing import Any

from rules.lorenzo.data import CARDS, HOUSES, SCORING
from rules.lorenzo.effects import Mods

State = dict[str, Any]


def end_vp_per_set(effect: dict[str, Any], held: dict[str, int]) -> int:
    """§13.3: ``vp`` x the number of whole sets held (cards 133/134/135/137), capped at ``max``."""
    sets = min(held.get(k, 0) // n for k, n in effect["set"].items())
    vp = int(effect["vp"]) * sets
    return vp if effect["max"] is None else min(vp, int(effect["max"]))


def venture_extra(state: State, player: int) -> int:
    """The Ventures' end effects (a Venture with ``end_effects`` has ``end_vp`` 0)."""
    held = state["players"][player]["resources"]
    return sum(
        end_vp_per_set(effect, held)
        for card in state["players"][player]["cards"]["venture"]
        for effect in CARDS[card].get("end_effects", [])
    )


def goods(state: State, player: int) -> int:
    """The 1 VP per 5 resources line with held tokens counted (``counts_as_resource_at_end``)."""
    res = state["players"][player]["resources"]
    total = sum(res[k] for k in SCORING["resource_types"])
    if HOUSES["special_tokens"]["counts_as_resource_at_end"]:
        total += res["special_token"]
    return total // SCORING["resources_per_vp"]


def penalty(state: State, player: int, mods: Mods) -> int:
    """E3-8: VP lost per Special card owned (cards 97-144)."""
    if not mods.lose_per_special_card:
        return 0
    owned = sum(1 for cards in state["players"][player]["cards"].values() for c in cards if c >= 97)
    return mods.lose_per_special_card * owned


def character_vp(state: State, player: int, count: int) -> int:
    """The Character table (§16), extended to 8 for Medici (HOUSES.md §15)."""
    table: list[int] = SCORING["character_vp"]
    if "houses" not in state:
        return table[count]
    from rules.lorenzo.houses.families import character_vp as family_character_vp

    return family_character_vp(state, player, count, table)
