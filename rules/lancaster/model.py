"""The Lancaster state and the small operations on it that every phase shares.

The state is a plain JSON-able dict (``Engine.setup`` builds it; ``migrate.FORMAT`` numbers its
layout), so ``to_json``/``from_json`` round-trip exactly and a stored state is only a cache of the
move log. Knights have no identity: a force's 7 knights are counted by strength (the reserve) or
stored where they stand (court list, county, castle space, conflict space). Upgrading swaps a
knight with the reserve knight one stronger, as in the physical game, so each force always owns
exactly its knight set.

A *force* is a set of knights: forces ``0..players-1`` are the seats' own colours; in the
two-player game forces ``2`` and ``3`` are the allies of seats 0 and 1.
``controller(state, force) = force % players``.

State keys (format 3):

- ``format`` layout number, ``content`` fingerprint of the game data it was started with,
  ``players``, ``seed``, ``options``, ``draws`` (random draws made so far), ``round``, ``phase``
- ``start_player``, ``turn_seat`` and ``turn_done`` (phase 1: the seat on turn has placed),
  ``kept_in_court`` (per seat: passed this phase), ``no_place`` (per seat: the reason last
  announced why no legal place exists, or null), ``next_start_player`` (Surrey's choice, or null)
- ``favor_tiles`` (face up per tile), ``favors_taken`` (this round)
- ``voting_on`` (index of the open proposal or null), ``ballots`` (per seat null or
  ``{"yes", "markers"}``), ``vote_results``
- ``queue`` (automatic tasks ``{"task": kind, ...}``), ``pending`` (the open decision
  ``{"kind", "seat", ...}`` or null), ``last_move``
- ``seats``: per seat ``{"gold", "squires", "vote_markers", "power_points",
  "power_points_by_source", "extensions", "nobles"}``
- ``forces``: per force ``{"reserve": [count per strength 1..4], "court": [strengths],
  "castle": {space: strength}}``
- ``counties``: letter -> null or ``{"force", "strength", "squires"}``
- ``noble_stacks``: letter -> ``{"noble": type letter, "left": count}``
- ``conflict_deck``, ``conflicts``: cards in play ``{"id", "row", "spaces": [{"force",
  "knights"}]}`` in top-down space order
- ``current_laws``, ``proposals``, ``law_pile``
"""

from __future__ import annotations

import marshal
from typing import Any

State = dict[str, Any]
Task = dict[str, Any]

HOLDING = {"gold": "gold", "squire": "squires", "vote_marker": "vote_markers", "power_points": "power_points"}
"""Resource names of the data -> the seat keys that hold them."""


def clone(state: State) -> State:
    # marshal copies plain dict/list/int/str trees several times faster than copy.deepcopy and
    # keeps apply() pure without sharing mutable parts between the old and the new state.
    copied: State = marshal.loads(marshal.dumps(state))
    return copied


def controller(state: State, force: int) -> int:
    return force % state["players"]


def is_ally(state: State, force: int) -> bool:
    return force >= state["players"]


def forces_of(state: State, seat: int) -> list[int]:
    """The seat's own force first, then its ally (two-player game only)."""
    return [seat, seat + 2] if state["players"] == 2 else [seat]


def seat_order(state: State) -> list[int]:
    """Seats clockwise from the start player."""
    players, start = state["players"], state["start_player"]
    return [(start + i) % players for i in range(players)]


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
        for strength in sorted(set(state["forces"][force]["court"])):
            found.append((f"court:{strength}", strength))
    for letter, occupant in state["counties"].items():
        if occupant is not None and occupant["force"] == force:
            found.append((f"county:{letter}", occupant["strength"]))
    if include_castle or not deployed_only:
        for space, strength in state["forces"][force]["castle"].items():
            found.append((f"castle:{space}", strength))
    for card in state["conflicts"]:
        for space in card["spaces"]:
            if space["force"] == force:
                for strength in sorted(set(space["knights"])):
                    found.append((f"conflict:{card['id']}:{strength}", strength))
    return found


def can_upgrade(state: State, force: int, strength: int) -> bool:
    return strength < 4 and state["forces"][force]["reserve"][strength] > 0


def upgrade_at(state: State, force: int, where: str) -> tuple[int, int]:
    """Swap the knight at ``where`` for the next stronger reserve knight; returns (old, new)."""
    kind, _, rest = where.partition(":")
    knights = state["forces"][force]
    if kind == "court":
        old = int(rest)
        knights["court"].remove(old)
        court_add(state, force, old + 1)
    elif kind == "county":
        occupant = state["counties"][rest]
        old = occupant["strength"]
        occupant["strength"] = old + 1
    elif kind == "castle":
        old = knights["castle"][rest]
        knights["castle"][rest] = old + 1
    else:
        card_id, _, strength = rest.partition(":")
        old = int(strength)
        for card in state["conflicts"]:
            if card["id"] == card_id:
                for space in card["spaces"]:
                    if space["force"] == force:
                        space["knights"].remove(old)
                        space["knights"].append(old + 1)
                        space["knights"].sort()
    knights["reserve"][old] -= 1
    knights["reserve"][old - 1] += 1
    return old, old + 1


def strength_outside_reserve(state: State, force: int, knight_set: list[int]) -> tuple[int, int]:
    """(total strength, number) of a force's knights that are not in the reserve."""
    reserve = state["forces"][force]["reserve"]
    total = sum(knight_set) - sum((i + 1) * count for i, count in enumerate(reserve))
    return total, len(knight_set) - sum(reserve)


def card_strength(card: dict[str, Any]) -> int:
    """England's total strength on a conflict card."""
    return sum(sum(space["knights"]) for space in card["spaces"])


# --------------------------------------------------------------------------------------------
# Metrics used by laws (own knights only: ally knights never count for laws)
# --------------------------------------------------------------------------------------------


def metric(state: State, seat: int, name: str, include_castle: bool) -> int:
    me = state["seats"][seat]
    if name == "gold_owned":
        return int(me["gold"])
    if name == "squires_owned":
        return int(me["squires"])
    if name == "counties_occupied":
        return sum(1 for occ in state["counties"].values() if occ is not None and occ["force"] == seat)
    if name == "conflicts_involved":
        return sum(
            1 for card in state["conflicts"] if any(space["force"] == seat for space in card["spaces"])
        )
    if name == "extension_tiles":
        return len(me["extensions"])
    if name == "nobles_at_table":
        return len(me["nobles"])
    if name.startswith("deployed_knights_of_strength_"):
        return _deployed_of_strength(state, seat, int(name.rsplit("_", 1)[1]), include_castle)
    raise ValueError(f"unknown metric {name}")


def _deployed_of_strength(state: State, seat: int, strength: int, include_castle: bool) -> int:
    count = sum(
        1
        for occ in state["counties"].values()
        if occ is not None and occ["force"] == seat and occ["strength"] == strength
    )
    if include_castle:
        count += sum(1 for k in state["forces"][seat]["castle"].values() if k == strength)
    for card in state["conflicts"]:
        for space in card["spaces"]:
            if space["force"] == seat:
                count += space["knights"].count(strength)
    return count


def effect_task(force: int, effect: dict[str, Any], source: str, at: str | None) -> Task:
    """The queued task that applies one data effect to ``force`` (``at``: the board place it
    comes from, for the last-move highlight; ``source``: where its PP are booked)."""
    return {"task": "effect", "force": force, "effect": effect, "source": source, "at": at}
