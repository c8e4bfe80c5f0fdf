"""Lancaster's own invariants for the conformance playouts (tests/conformance.py, ``GameChecks``).

Every state: every force owns exactly its knight set (court, reserve, castle, counties,
conflicts, captured knights waiting for a ransom); gold, squires, vote markers and power never
below zero; noble stacks never below zero; a conflict card has at most 3 spaces, one per force;
the JSON round trip gives an equal state. Every move: its events are non-empty sentences. At the
end: the game is over after round 5, each score is the sum of its breakdown, and the replayed
state equals the final one. Queenie: every reward tile once (bag, county, gone), one drawn per
round; no view holds the bag order. Option sets: every combination of the four base options, and
every combination of the expansions offered. The King's Resentment: dishonor markers conserved,
tower knights among the knight set, one per player, never an ally's. Henry V: escort knights
among the knight set; the 8 privileges and the bishops conserved (supply, held, on the board:
never below zero); each lord home, withdrawn or on the one court space that names it; the
treasury never below zero; an archer only on a card with its owner's knight above it.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import Move, Outcome
from rules.lancaster import GAME, henry
from rules.lancaster.game import EXPANSION_OPTIONS
from rules.playout import Step
from tests.conformance import GameChecks

OPTION_SETS: tuple[dict[str, Any], ...] = tuple(
    dict(
        zip(
            ["noble_stacks", "vote_markers", "discard_unused_votes", "favor_tiles_by_count"],
            combo,
            strict=True,
        )
    )
    for combo in itertools.product(["random", "by_letter"], [1, 2], [True, False], [False, True])
) + tuple(
    # Issue 14: every combination of the expansions offered (alone, in pairs, all together).
    dict.fromkeys(combo, True)
    for size in range(1, len(EXPANSION_OPTIONS) + 1)
    for combo in itertools.combinations(EXPANSION_OPTIONS, size)
)


def _knights(state: dict[str, Any], force: int) -> Counter[int]:
    found = Counter(state["forces"][force]["court"])
    for s, count in enumerate(state["forces"][force]["reserve"]):
        assert count >= 0
        found[s + 1] += count
    found.update(state["forces"][force]["castle"].values())
    for occ in state["counties"].values():
        if occ is not None and occ["force"] == force:
            found[occ["strength"]] += 1
    for card in state["conflicts"]:
        for space in card["spaces"]:
            if space["force"] == force:
                found.update(space["knights"])
    for k in state.get("tower", {}).get("knights", []):  # The King's Resentment
        if k["force"] == force:
            found[k["strength"]] += 1
    for occ in (state.get("court_spaces") or {}).values():  # Henry V: the lord's escort
        if occ is not None and occ["seat"] == force and occ["escort"]:
            found[occ["escort"]] += 1
    # Captured knights wait in the ransom decision (or its queued task) until freed or released.
    waiting = [state["pending"]] + [t.get("decision") for t in state["queue"] if t["task"] == "ransom"]
    for p in waiting:
        if p is not None and p["kind"] == "ransom" and p["force"] == force:
            found.update(p["captured"])
    return found


def invariants(state: dict[str, Any]) -> None:
    expected = Counter(GAME.data["knight_set"])
    for f in range(len(state["forces"])):
        assert _knights(state, f) == expected, f"force {f} lost or gained a knight"
    for p in state["seats"]:
        assert min(p["gold"], p["squires"], p["vote_markers"], p["power_points"]) >= 0
    for stack in state["noble_stacks"].values():
        assert stack["left"] >= 0
    for card in state["conflicts"]:
        assert len(card["spaces"]) <= 3
        knights = [space for space in card["spaces"] if not space.get("archer")]
        assert len({space["force"] for space in knights}) == len(knights)  # one space per force
    if state["options"]["queenie"]:
        _reward_tiles(state)
    if state["options"]["kings_resentment"]:
        _dishonor(state)
    if state["options"]["henry_v"]:
        _henry(state)


def _henry(state: dict[str, Any]) -> None:
    """Henry V: privileges and bishops conserved (the supply is what is neither held nor on the
    board, never below zero); lords where their seats say; archers below their owner's knight."""
    data = GAME.data
    assert all(count >= 0 for count in henry.supply(data, state).values())
    assert all(min(seat["privileges"].values()) >= 0 and seat["seals"] >= 0 for seat in state["seats"])
    assert (
        0
        <= henry.bishops_free(data, state)
        <= data["henry_v"]["setup"]["bishops_on_board"][str(state["players"])]
    )
    assert min(state["treasury"].values()) >= 0
    for space, occ in state["court_spaces"].items():
        if occ is not None:
            assert state["seats"][occ["seat"]]["lord"] == space and occ["seat"] < state["players"]
    for seat, me in enumerate(state["seats"]):
        if me["lord"] not in ("home", "withdrawn"):
            assert (state["court_spaces"][me["lord"]] or {}).get("seat") == seat
    for card in state["conflicts"]:
        for i, space in enumerate(card["spaces"]):
            if space.get("archer"):
                above = card["spaces"][i - 1]
                assert i > 0 and above["force"] == space["force"] and not above.get("archer")


def _dishonor(state: dict[str, Any]) -> None:
    """The King's Resentment: the 38 markers (plus any counted beyond them) are on the track, in
    the box or held; the tower holds at most one own knight per player, never an ally's."""
    held = sum(seat["dishonor"] for seat in state["seats"])
    total = GAME.data["kings_resentment"]["setup"]["dishonor_markers"]
    assert sum(state["dishonor_track"]) + state["dishonor_box"] + held == total + state["dishonor_extra"]
    assert min(state["dishonor_track"]) >= 0 and state["dishonor_box"] >= 0
    forces = [k["force"] for k in state["tower"]["knights"]]
    assert len(forces) == len(set(forces)) and all(f < state["players"] for f in forces)
    if state["phase"] == "over":
        assert not forces  # cleared before the last counties


def _reward_tiles(state: dict[str, Any]) -> None:
    """Queenie: each tile once (bag, beside a county, or gone); one per round drawn from round 1."""
    bag, shown = state["reward_bag"], state["reward_tiles"]
    assert len(set(bag) | set(shown)) == len(bag) + len(shown) and set(bag) <= set("ABCDEFGHI")
    assert len(bag) == 9 - (0 if state["phase"] == "setup" else state["round"])
    if GAME.data["queenie"]["engine"]["unclaimed_tile"] == "removed":
        assert len(shown) <= 1


def _public_view(view: Mapping[str, Any]) -> None:
    """S3: the bag order never reaches a view (the count does)."""
    assert "reward_bag" not in json.dumps(view)


def _state(state: dict[str, Any]) -> None:
    invariants(state)
    assert GAME.from_json(GAME.to_json(state)) == state


def _step(step: Step, moves: Sequence[Move]) -> None:
    assert all(isinstance(e, str) and e for e in step.events)


def _end(state: dict[str, Any], outcome: Outcome, replayed: dict[str, Any]) -> None:
    assert state["phase"] == "over" and state["round"] == 5
    for score, parts in zip(outcome.scores, outcome.breakdown, strict=True):
        assert score == sum(parts.values())
    # Replay from (seed, options, move texts) reproduces the state exactly.
    assert replayed == state


CHECKS = GameChecks(state=_state, step=_step, public_view=_public_view, end=_end, option_sets=OPTION_SETS)
