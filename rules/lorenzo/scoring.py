"""Final scoring (§16) with a per-player breakdown, the military ranking and the tie-break."""

from __future__ import annotations

from typing import Any

from rules.core import Outcome, say
from rules.lorenzo.data import CARDS, SCORING
from rules.lorenzo.effects import modifiers
from rules.lorenzo.houses import scoring as houses_scoring

State = dict[str, Any]

CATEGORIES = (
    "play",
    "faith",
    "territories",
    "characters",
    "ventures",
    "military",
    "goods",
    "excommunication",
)
"""Breakdown keys in display order. "play": VP scored during the game other than faith;
"faith": VP from Vatican Reports; "excommunication": the (negative) Period III penalties."""


def military_points(mps: list[int], rule: str) -> list[int]:
    """§16.5: most MP 5 VP, second 2 VP. All tied for first get 5. ``rule`` settles §19's open
    point: "next_gets_second" (default) gives 2 VP to the next lower MP value even when first is
    tied; "tied_first_only" gives no second place when two or more tie for first."""
    first_vp, second_vp = SCORING["military_vp"]
    values = sorted(set(mps), reverse=True)
    top = values[0]
    second = values[1] if len(values) > 1 else None
    if rule == "tied_first_only" and mps.count(top) > 1:
        second = None
    return [first_vp if mp == top else second_vp if mp == second else 0 for mp in mps]


def breakdown(state: State) -> list[dict[str, int]]:
    count = state["player_count"]
    rule = state["options"].get("military_tie", "next_gets_second")
    military = military_points([state["players"][player]["resources"]["mp"] for player in range(count)], rule)
    rows: list[dict[str, int]] = []
    for player in range(count):
        player_state = state["players"][player]
        res = player_state["resources"]
        mods = modifiers(state, player)
        cards = player_state["cards"]
        row = {
            "play": res["vp"] - player_state["faith_vp"],
            "faith": player_state["faith_vp"],
            "territories": 0
            if "territory" in mods.no_end_vp
            else SCORING["territory_vp"][len(cards["territory"])],
            "characters": 0
            if "character" in mods.no_end_vp
            else houses_scoring.character_vp(state, player, len(cards["character"])),
            "ventures": 0
            if "venture" in mods.no_end_vp
            else sum(CARDS[card]["end_vp"] for card in cards["venture"]),
            "military": military[player],
            "goods": sum(res[k] for k in SCORING["resource_types"]) // SCORING["resources_per_vp"],
        }
        penalty = 0
        if mods.lose_per_vp:
            penalty += res["vp"] // mods.lose_per_vp  # E3-4 counts the VP held before final scoring
        if mods.lose_per_mp:
            penalty += res["mp"] // mods.lose_per_mp
        for card in cards["building"]:
            for k in mods.lose_building_cost:
                # E3-6: the cost printed on the card (its first alternative; buildings have one).
                penalty += CARDS[card]["costs"][0]["pay"].get(k, 0) if CARDS[card]["costs"] else 0
        penalty += sum(res[k] for k in mods.lose_per_resource)
        if "houses" in state:
            row["ventures"] += (
                0 if "venture" in mods.no_end_vp else houses_scoring.venture_extra(state, player)
            )
            row["goods"] = houses_scoring.goods(state, player)
            penalty += houses_scoring.penalty(state, player, mods)
            houses_scoring.final_gain_bonus(row, mods)
        # The VP track has no negative side: a penalty takes a player to 0 at worst.
        subtotal = sum(row.values())
        row["excommunication"] = -min(penalty, subtotal)
        rows.append({k: row[k] for k in CATEGORIES})  # one place fixes the display order
    return rows


def outcome(state: State) -> Outcome | None:
    if state["phase"] != "over":
        return None
    rows = breakdown(state)
    scores = tuple(sum(r.values()) for r in rows)
    position = {player: i for i, player in enumerate(state["turn_order"])}
    # Tie-break (§16, [R]): the tied player earlier in the final turn order ranks higher.
    ranking = tuple(
        sorted(range(state["player_count"]), key=lambda player: (-scores[player], position[player]))
    )
    notes = (say("Ties are broken by the final turn order (earlier wins)."),)
    return Outcome(
        scores=scores, ranking=ranking, winners=frozenset({ranking[0]}), breakdown=tuple(rows), notes=notes
    )
