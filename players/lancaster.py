"""How a computer player values a Lancaster state: the final scoring as if the game ended now
(rules section 10, the engine's own ``scoring.final_outcome``) plus what the seat holds and
what its knights on the board will bring at this round's rewards. The weights are a player's
judgement, not rules: tuned by the arena."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import Move
from rules.lancaster import GAME
from rules.lancaster import model as m
from rules.lancaster.moves import Vote
from rules.lancaster.scoring import final_outcome

HOLDING_PP = {"gold": 0.5, "squires": 0.4, "vote_markers": 0.3}
"""PP a unit held is worth: what it buys (knights, exchanges) or swings (a vote). Vote markers a
seat has put on its secret ballot count as spent already: the engine takes them only when the
last ballot reveals all (7.2), and without this a seat voting before the others would see
markers as free and spend them at random."""
SPENT_MARKER_PP = 0.05
"""What a vote marker used in this round's Parliament costs beyond its holding: markers left are
discarded after the third vote (option ``discard_unused_votes``), so without it a seat casting
the last ballot would spend them for nothing as readily as keep them; small enough to decide
only between moves otherwise equal."""
EFFECT_PP = {
    "gain": 0.0,  # valued by its resource (HOLDING_PP, or 1 per power point)
    "build_extension": 2.5,
    "recruit_knight": 1.5,
    "upgrade_knight": 1.0,
    "swap_knight": 0.5,
    "take_noble": 2.0,
    "exchange": 0.7,
}
"""PP a reward effect is worth; kinds not listed count ``OTHER_EFFECT_PP``."""
OTHER_EFFECT_PP = 0.5
NOBLE_PP = 2.0
"""A noble taken with a county: the table's next step and its castle vote."""
LOST_CONFLICT_PP_PER_STRENGTH = -0.7
"""Knights captured in a conflict lost twice: their ransom or their loss, per point of strength."""
ALLY_SHARE = 0.5
"""The share of an ally's reward counted for its controller (two-player game)."""
PRIVILEGE_PP = 1.0
"""Henry V: a shield, archer or Tudor knight held (or an office's promise of one): strength it
adds to a later placement."""


def values(state: dict[str, Any]) -> list[float]:
    """Each seat's worth in PP (the exact final score once the game is over)."""
    data = GAME.data
    scores = final_outcome(state, data).scores
    if state["phase"] == "over":
        return [float(s) for s in scores]
    found = [float(s) for s in scores]
    for i, seat in enumerate(state["seats"]):
        found[i] += sum(w * seat[k] for k, w in HOLDING_PP.items() if isinstance(seat[k], int))
        found[i] += PRIVILEGE_PP * sum(seat.get("privileges", {}).values())
    _charge_markers(state, found)
    if state["phase"] in ("place", "vote"):
        _add_rewards_to_come(state, data, found)
        if "court_spaces" in state:
            _add_court_to_come(state, data, found)
    return found


def _charge_markers(state: dict[str, Any], found: list[float]) -> None:
    """Vote markers on a secret ballot (still held until the reveal) and those revealed this
    round: see ``HOLDING_PP`` and ``SPENT_MARKER_PP``."""
    if state["phase"] == "vote":
        for i, ballot in enumerate(state["ballots"]):
            if ballot is not None:
                found[i] -= (HOLDING_PP["vote_markers"] + SPENT_MARKER_PP) * ballot["markers"]
    for result in state["vote_results"]:
        for ballot in result["ballots"]:
            found[ballot["seat"]] -= SPENT_MARKER_PP * ballot["markers"]


def _effect_pp(effects: list[dict[str, Any]]) -> float:
    total = 0.0
    for effect in effects:
        if effect["type"] == "gain":
            resource = effect.get("resource", "")
            key = m.HOLDING.get(resource, resource)  # data names -> seat keys ("squire" -> "squires")
            per = 1.0 if key == "power_points" else HOLDING_PP.get(key, OTHER_EFFECT_PP)
            if key == "seals":  # Henry V: each scores seal_points at the end (H6.1)
                per = float(GAME.data["henry_v"]["seal_points"])
            total += per * effect.get("amount", 1)
        elif effect["type"] == "gain_privilege":
            total += PRIVILEGE_PP * effect.get("amount", 1)
        else:
            total += EFFECT_PP.get(effect["type"], OTHER_EFFECT_PP)
    return total


def _add_rewards_to_come(state: dict[str, Any], data: dict[str, Any], found: list[float]) -> None:
    """Knights placed this round: their county, castle and conflict rewards, not yet paid."""
    n = state["players"]

    def credit(force: int, pp: float) -> None:
        found[force % n] += pp if force < n else ALLY_SHARE * pp

    for letter, occupant in state["counties"].items():
        if occupant is not None:
            credit(occupant["force"], _effect_pp(data["counties"][letter]["reward"]) + NOBLE_PP)
    spaces = {**data["castle"], **data["ally"]["castle"]}
    for force, record in enumerate(state["forces"]):
        for space in record["castle"]:
            credit(force, _effect_pp(spaces[space]["reward"]))
    for card in state["conflicts"]:
        _credit_conflict(card, data["conflicts"][card["id"]], n, credit)


def _credit_conflict(card: dict[str, Any], info: dict[str, Any], n: int, credit: Any) -> None:
    """A conflict England wins pays its ranks (allies take none); one it loses pays nothing, and
    a second loss (the bottom row) costs the knights there (section 8.3)."""
    strengths: dict[int, int] = {}
    for space in card["spaces"]:
        strengths[space["force"]] = strengths.get(space["force"], 0) + sum(space["knights"])
    if sum(strengths.values()) < info["france"]:
        for force, strength in strengths.items():
            credit(force, LOST_CONFLICT_PP_PER_STRENGTH * strength if card["row"] == "bottom" else 0.0)
        return
    ranked = sorted((f for f in strengths if f < n), key=lambda f: -strengths[f])
    for rank, force in enumerate(ranked[: len(info["pp"])]):
        credit(force, info["pp"][rank])


def _add_court_to_come(state: dict[str, Any], data: dict[str, Any], found: list[float]) -> None:
    """Henry V: a lord on an office gets its reward at phase 3 (H4.1; a cost paid on filling is
    left out), the treasury's lord what was paid into it (or the empty treasury's reward)."""
    hv = data["henry_v"]
    for space, occupant in state["court_spaces"].items():
        if occupant is None:
            continue
        if space in hv["offices"]:
            found[occupant["seat"]] += _effect_pp(hv["offices"][space]["reward"])
        elif any(state["treasury"].values()):
            found[occupant["seat"]] += sum(HOLDING_PP.get(k, 0.0) * n for k, n in state["treasury"].items())
        else:
            found[occupant["seat"]] += _effect_pp(hv["treasury"]["empty_reward"])


def useful_moves(view: Mapping[str, Any], state: Any, seat: int, legal: Sequence[Move]) -> list[Move]:
    """``legal`` without the votes that put more vote markers on the ballot than could change the
    result in any outcome the seat's view allows (ballots are secret until all reveal, 7.2): the
    other seats could at most all vote against with every marker they hold, and a tie passes, so
    a "yes" needs at most that many votes less one to pass, a "no" that many to reject."""
    parliament = view["parliament"]
    if view["phase"] != "vote" or parliament["voting"] is None:
        return list(legal)
    against = sum(1 + s["vote_markers"] for s in view["seats"] if s["seat"] != seat)
    return [
        move
        for move in legal
        if not isinstance(move, Vote) or move.markers <= max(0, against - 1 if move.yes else against)
    ]
