"""How a computer player values a Lorenzo state: the final scoring as if the game ended now
(§16, the engine's own ``scoring.breakdown``) plus what goods, points and cards are worth for
the rounds left. The weights are a player's judgement, not rules: tuned by the arena."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from players import lorenzo_houses
from rules.core import Move
from rules.lorenzo.data import FAITH_VP, GOODS, ROUNDS
from rules.lorenzo.effects import modifiers
from rules.lorenzo.moves import Place
from rules.lorenzo.scoring import breakdown, outcome
from rules.lorenzo.spaces import area_of, is_personal, reached_value

GOOD_VP = 0.35
"""A good beyond the 1 VP per 5 of final scoring: about what it buys in cards per round left."""
MP_VP = 0.25
"""A military point beyond today's ranking: territory slots and the ranking to come."""
FAITH_SHARE = 0.7
"""The share of the faith track's VP a player can expect to keep at the next Vatican Report."""
CARD_ROUND_VP = {"territory": 0.5, "building": 0.5, "character": 0.3, "venture": 0.0}
"""VP per card per round left: the income of Harvests, Productions and permanent abilities."""


def values(state: dict[str, Any]) -> list[float]:
    """Each seat's worth in VP (the exact final score once the game is over)."""
    result = outcome(state)
    if result is not None:
        return [float(s) for s in result.scores]
    left = max(0, ROUNDS - state["round"])
    found: list[float] = []
    for player, row in zip(state["players"], breakdown(state), strict=True):
        res = player["resources"]
        value = float(sum(row.values()))
        value += GOOD_VP * sum(res[k] for k in GOODS) * min(1.0, left / 2)
        value += MP_VP * res["mp"] + FAITH_SHARE * FAITH_VP[min(res["fp"], len(FAITH_VP) - 1)]
        value += sum(CARD_ROUND_VP[t] * len(cards) * left for t, cards in player["cards"].items())
        if "houses" in state:  # tokens, face-up tokens, the Family tile, the auction
            value += lorenzo_houses.seat_value(state, len(found))
        found.append(value)
    return found


def useful_moves(
    view: Mapping[str, Any], state: dict[str, Any], seat: int, legal: Sequence[Move]
) -> list[Move]:
    """``legal`` without the Harvest and Production placements whose action value is below 1
    (the big spaces' -3, excommunications): they activate neither the Personal Bonus Tile nor any
    card (§10), so they only spend a family member. One step cannot tell them from a move worth
    little more (a Council Palace's privilege is still a decision to come), and a search's noise
    sometimes chose them. All of ``legal`` when nothing else is left."""
    mods = modifiers(state, seat)
    kept = [move for move in legal if not _activates_nothing(state, seat, mods, move)]
    return kept or list(legal)


def _activates_nothing(state: dict[str, Any], seat: int, mods: Any, move: Move) -> bool:
    if not isinstance(move, Place) or is_personal(move.space):
        return False
    if area_of(move.space) not in ("harvest", "production"):
        return False
    return reached_value(state, seat, mods, move.member, move.space, move.servants) < 1
