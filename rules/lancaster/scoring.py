"""Final scoring (rules section 10) and the tie-break.

Power points earned during the game (conflicts, laws) plus: the noble table by number of nobles,
the castle majority (most extension tiles) and the knight majority (by default total strength
outside the reserve, ties on strength broken by number of knights; data ``final_scoring.knights.
measure = count`` reverses the two). Majority ties: every tied player takes the full award; a
shared first place means no second place. Allies never score. Ties on PP are broken by the data
list ``final_scoring.tie_break`` (provisional: most nobles, then knight strength), else shared.
"""

from __future__ import annotations

from typing import Any

from rules.core import Outcome, say
from rules.lancaster import henry, queenie, resentment
from rules.lancaster import model as m


def majority(values: list[Any], first: int, second: int, second_allowed: bool) -> list[int]:
    """PP per seat for a majority: all tied for first get ``first``; second only if first is alone."""
    best = max(values)
    awards = [first if v == best else 0 for v in values]
    if second_allowed and values.count(best) == 1:
        rest = [v for v in values if v != best]
        if rest:
            runner = max(rest)
            awards = [second if v == runner else a for v, a in zip(values, awards, strict=True)]
    return awards


def final_outcome(state: m.State, data: dict[str, Any]) -> Outcome:
    n = state["players"]
    seats = state["seats"]
    final = data["final_scoring"]
    ext = [len(p["extensions"]) for p in seats]
    knights = [m.strength_outside_reserve(state, i, data["knight_set"]) for i in range(n)]
    c, k = final["castle"], final["knights"]
    castle_pp = majority(ext, c["first"], c["second"], n >= c["second_from_players"])
    # (strength, number) compared in that order, or (number, strength) when measured by count.
    measured = knights if k["measure"] == "strength" else [(cnt, st) for st, cnt in knights]
    knight_pp = majority(measured, k["first"], k["second"], n >= k["second_from_players"])
    table = data["noble_points"]
    breakdown: list[dict[str, int]] = []
    for i, p in enumerate(seats):
        by_source = p["power_points_by_source"]
        b: dict[str, int] = {"conflicts": by_source.get("conflicts", 0), "laws": by_source.get("laws", 0)}
        if queenie.in_play(state):  # Queenie Q4: tile PP have a line of their own
            b[queenie.SOURCE] = by_source.get(queenie.SOURCE, 0)
        other = p["power_points"] - sum(b.values())
        if other:
            b["other"] = other  # PP from content an override adds (counties, castle, favor)
        b["nobles"] = table[min(len(p["nobles"]), len(table) - 1)]
        b["castle majority"] = castle_pp[i]
        b["knight majority"] = knight_pp[i]
        if henry.in_play(state):  # H6.1: royal seals
            b["seals"] = henry.points(data, state, i)
        if resentment.in_play(state):  # R6.1: may take a total below 0
            b["dishonor"] = resentment.points(data, state, i)
        breakdown.append(b)
    scores = tuple(sum(b.values()) for b in breakdown)

    tie_values = {
        "nobles": [len(p["nobles"]) for p in seats],
        "knight_strength": [st for st, _ in knights],
        "knight_count": [cnt for _, cnt in knights],
        "extensions": ext,
    }

    def key(i: int) -> tuple[int, ...]:
        # PP first, then the tie-break criteria of the data in order; equal keys share the place.
        return (scores[i], *(tie_values[name][i] for name in final["tie_break"]))

    ranking = tuple(sorted(range(n), key=lambda i: (tuple(-x for x in key(i)), i)))
    top = key(ranking[0])
    winners = frozenset(i for i in range(n) if key(i) == top)
    words = {
        "nobles": say("most nobles"),
        "knight_strength": say("knight strength outside the reserve"),
        "knight_count": say("number of knights outside the reserve"),
        "extensions": say("most extension tiles"),
    }
    criteria = ", then by ".join(words[name] for name in final["tie_break"]) or say("nothing")
    notes = [
        say("Ties on PP are broken by {criteria}; players still equal share the place.", criteria=criteria)
    ]
    return Outcome(
        scores=scores, ranking=ranking, winners=winners, breakdown=tuple(breakdown), notes=tuple(notes)
    )
