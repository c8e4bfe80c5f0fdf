"""The Lancaster state and the small operations on it that every phase shares.

The state is a plain JSON-able dict (see ``new_state``), so ``to_json``/``from_json`` round-trip
exactly and a stored state is only a cache of the move log. Knights have no identity: a force's
7 knights are counted by strength (the reserve) or stored where they stand (court list, county,
castle space, conflict stack). Upgrading swaps a knight with the reserve knight one stronger, as in
the physical game, so each force always owns exactly its knight set.

A *force* is a set of knights: forces ``0..n-1`` are the seats' own colours; in the two-player game
forces ``2`` and ``3`` are the allies of seats 0 and 1. ``controller(f) = f % n``.
"""

from __future__ import annotations

import marshal
from typing import Any

State = dict[str, Any]


def clone(state: State) -> State:
    # marshal copies plain dict/list/int/str trees several times faster than copy.deepcopy and
    # keeps apply() pure without sharing mutable parts between the old and the new state.
    copied: State = marshal.loads(marshal.dumps(state))
    return copied


def controller(state: State, force: int) -> int:
    return force % state["n"]


def is_ally(state: State, force: int) -> bool:
    return force >= state["n"]


def forces_of(state: State, seat: int) -> list[int]:
    """The seat's own force first, then its ally (two-player game only)."""
    return [seat, seat + 2] if state["n"] == 2 else [seat]


def seat_order(state: State) -> list[int]:
    """Seats clockwise from the start player."""
    n, s = state["n"], state["start"]
    return [(s + i) % n for i in range(n)]


def force_name(state: State, force: int) -> str:
    seat = controller(state, force)
    return f"{{p{seat}}}'s ally" if is_ally(state, force) else f"{{p{seat}}}"


# --------------------------------------------------------------------------------------------
# Knights
# --------------------------------------------------------------------------------------------


def court_add(state: State, force: int, strength: int) -> None:
    court: list[int] = state["forces"][force]["court"]
    court.append(strength)
    court.sort()


def to_reserve(state: State, force: int, strength: int) -> None:
    state["forces"][force]["reserve"][strength - 1] += 1


def recruit(state: State, force: int, strength: int, amount: int) -> int:
    """Move up to ``amount`` reserve knights of ``strength`` to the court; returns how many."""
    reserve = state["forces"][force]["reserve"]
    moved = min(amount, reserve[strength - 1])
    for _ in range(moved):
        reserve[strength - 1] -= 1
        court_add(state, force, strength)
    return moved


def knight_locations(
    state: State, force: int, deployed_only: bool, include_castle: bool = True
) -> list[tuple[str, int]]:
    """(where, strength) for every distinct knight of a force, in a stable order."""
    found: list[tuple[str, int]] = []
    if not deployed_only:
        for s in sorted(set(state["forces"][force]["court"])):
            found.append((f"court:{s}", s))
    for letter, occ in state["counties"].items():
        if occ is not None and occ[0] == force:
            found.append((f"county:{letter}", occ[1]))
    if include_castle or not deployed_only:
        for space, s in state["forces"][force]["castle"].items():
            found.append((f"castle:{space}", s))
    for card in state["cards"]:
        for f, stack in card["sp"]:
            if f == force:
                for s in sorted(set(stack)):
                    found.append((f"conflict:{card['id']}:{s}", s))
    return found


def can_upgrade(state: State, force: int, strength: int) -> bool:
    return strength < 4 and state["forces"][force]["reserve"][strength] > 0


def upgrade_at(state: State, force: int, where: str) -> tuple[int, int]:
    """Swap the knight at ``where`` for the next stronger reserve knight; returns (old, new)."""
    kind, _, rest = where.partition(":")
    f = state["forces"][force]
    if kind == "court":
        old = int(rest)
        f["court"].remove(old)
        court_add(state, force, old + 1)
    elif kind == "county":
        occ = state["counties"][rest]
        old = occ[1]
        occ[1] = old + 1
    elif kind == "castle":
        old = f["castle"][rest]
        f["castle"][rest] = old + 1
    else:
        card_id, _, s = rest.partition(":")
        old = int(s)
        for card in state["cards"]:
            if card["id"] == card_id:
                for sp in card["sp"]:
                    if sp[0] == force:
                        sp[1].remove(old)
                        sp[1].append(old + 1)
                        sp[1].sort()
    f["reserve"][old] -= 1
    f["reserve"][old - 1] += 1
    return old, old + 1


def strength_outside_reserve(state: State, force: int, knight_set: list[int]) -> tuple[int, int]:
    """(total strength, number) of a force's knights that are not in the reserve."""
    reserve = state["forces"][force]["reserve"]
    total = sum(knight_set) - sum((i + 1) * c for i, c in enumerate(reserve))
    return total, len(knight_set) - sum(reserve)


# --------------------------------------------------------------------------------------------
# Metrics used by laws (own knights only: ally knights never count for laws)
# --------------------------------------------------------------------------------------------


def metric(state: State, seat: int, name: str, include_castle: bool) -> int:
    p = state["seats"][seat]
    if name == "gold_owned":
        return int(p["gold"])
    if name == "squires_owned":
        return int(p["squires"])
    if name == "counties_occupied":
        return sum(1 for occ in state["counties"].values() if occ is not None and occ[0] == seat)
    if name == "conflicts_involved":
        return sum(1 for card in state["cards"] if any(f == seat for f, _ in card["sp"]))
    if name == "extension_tiles":
        return len(p["ext"])
    if name == "nobles_at_table":
        return len(p["nobles"])
    if name.startswith("deployed_knights_of_strength_"):
        strength = int(name.rsplit("_", 1)[1])
        locs = knight_locations(state, seat, deployed_only=True, include_castle=include_castle)
        count = 0
        for where, s in locs:
            if s != strength:
                continue
            if where.startswith("conflict:"):
                card_id = where.split(":")[1]
                count += sum(
                    stack.count(s)
                    for card in state["cards"]
                    if card["id"] == card_id
                    for f, stack in card["sp"]
                    if f == seat
                )
            else:
                count += 1
        return count
    raise ValueError(f"unknown metric {name}")
