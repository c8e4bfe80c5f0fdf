"""Final scoring (rules section 10) and the tie-break.

Power points earned during the game (conflicts, laws) plus: the noble table by number of nobles,
the castle majority (most extension tiles) and the knight majority (total strength outside the
reserve, ties on strength broken by number of knights). Majority ties: every tied player takes the
full award; a shared first place means no second place. Allies never score.
"""

from __future__ import annotations

from typing import Any

from rules.core import Outcome
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
    n = state["n"]
    seats = state["seats"]
    final = data["final_scoring"]
    ext = [len(p["ext"]) for p in seats]
    knights = [m.strength_outside_reserve(state, i, data["knight_set"]) for i in range(n)]
    c, k = final["castle"], final["knights"]
    castle_pp = majority(ext, c["first"], c["second"], n >= c["second_from_players"])
    knight_pp = majority(knights, k["first"], k["second"], n >= k["second_from_players"])
    table = data["noble_points"]
    breakdown: list[dict[str, int]] = []
    for i, p in enumerate(seats):
        b: dict[str, int] = {"conflicts": p["pp_src"].get("conflicts", 0), "laws": p["pp_src"].get("laws", 0)}
        other = p["pp"] - b["conflicts"] - b["laws"]
        if other:
            b["other"] = other  # PP from content an override adds (counties, castle, favor)
        b["nobles"] = table[min(len(p["nobles"]), len(table) - 1)]
        b["castle majority"] = castle_pp[i]
        b["knight majority"] = knight_pp[i]
        breakdown.append(b)
    scores = tuple(sum(b.values()) for b in breakdown)

    def key(i: int) -> tuple[int, int, int]:
        # Tie-break: most nobles, then highest knight strength outside the reserve, else shared.
        return (scores[i], len(seats[i]["nobles"]), knights[i][0])

    ranking = tuple(sorted(range(n), key=lambda i: (tuple(-x for x in key(i)), i)))
    top = key(ranking[0])
    winners = frozenset(i for i in range(n) if key(i) == top)
    notes = ["Ties on PP are broken by most nobles, then by knight strength outside the reserve."]
    return Outcome(
        scores=scores, ranking=ranking, winners=winners, breakdown=tuple(breakdown), notes=tuple(notes)
    )
