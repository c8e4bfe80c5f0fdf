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


def _held(state: State, player: int) -> dict[str, int]:
    """What the player holds at the end, tokens counted as ``tokens.counted`` says."""
    from rules.lorenzo.houses.tokens import counted

    return {**state["players"][player]["resources"], "special_token": counted(state, player)}


def venture_extra(state: State, player: int) -> int:
    """The Ventures' end effects (a Venture with ``end_effects`` has ``end_vp`` 0)."""
    held = _held(state, player)
    return sum(
        end_vp_per_set(effect, held)
        for card in state["players"][player]["cards"]["venture"]
        for effect in CARDS[card].get("end_effects", [])
    )


def goods(state: State, player: int) -> int:
    """The 1 VP per 5 resources line with held tokens counted (``counts_as_resource_at_end``)."""
    res = _held(state, player)
    total = sum(res[k] for k in SCORING["resource_types"])
    if HOUSES["special_tokens"]["counts_as_resource_at_end"]:
        total += res["special_token"]
    return total // SCORING["resources_per_vp"]


def penalty(state: State, player: int, mods: Mods) -> int:
    """E3-8: VP lost per Special card owned (cards 97-144); E3-7 (1 VP per wood, stone, servant,
    coin) also counts held tokens when ``engine.tokens_in_e3_7`` is true (default: it names its
    four goods only)."""
    lost = 0
    if mods.lose_per_resource and HOUSES["engine"]["tokens_in_e3_7"]:
        lost += _held(state, player)["special_token"]
    if mods.lose_per_special_card:
        owned = sum(1 for cards in state["players"][player]["cards"].values() for c in cards if c >= 97)
        lost += mods.lose_per_special_card * owned
    return lost


FINAL_GAIN_LINES = ("territories", "characters", "ventures", "military", "goods")


def final_gain_bonus(row: dict[str, int], mods: Mods) -> None:
    """Niccolò Machiavelli with ``engine.machiavelli_scope`` = ``every_vp_gain``: each final-
    scoring line that gives VP is a gain and gives ``amount`` more (default ``in_game_gains``:
    scoring is a tally, nothing added)."""
    if mods.vp_gain_bonus and HOUSES["engine"]["machiavelli_scope"] == "every_vp_gain":
        for line in FINAL_GAIN_LINES:
            if row[line] > 0:
                row[line] += mods.vp_gain_bonus


def character_vp(state: State, player: int, count: int) -> int:
    """The Character table (§16), extended to 8 for Medici (HOUSES.md §15)."""
    table: list[int] = SCORING["character_vp"]
    if "houses" not in state:
        return table[count]
    from rules.lorenzo.houses.families import character_vp as family_character_vp

    return family_character_vp(state, player, count, table)
