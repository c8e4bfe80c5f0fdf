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
- expansions (issue 14), only in games that use them: ``queenie.py`` and ``resentment.py`` list
  their keys (a tower knight is ``"tower:S"`` among a force's knight locations)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core import copy_state, say

State = dict[str, Any]
Task = dict[str, Any]

HOLDING = {
    "gold": "gold",
    "squire": "squires",
    "vote_marker": "vote_markers",
    "power_points": "power_points",
    "royal_seal": "seals",  # Henry V (held only in games that use it)
}
"""Resource names of the data -> the seat keys that hold them."""


copy_for_move: Callable[[State], State] = dict
"""The copy ``apply`` changes: a new top-level dict that shares every section with ``state``
(``dict`` itself: no Python call on every move of a simulation).

States are never changed in place: a change replaces the containers on its path (the seats list
and the one seat dict it touches, say) with new ones through the helpers below (``seat_add``,
``force_set``, ``county_set``, ``card_set``, ``replaced``, ...), so a move copies only the few
small containers it changes. A deep copy made every move cost more than all the rules (issue
10). Code outside the engine must not change a state in place either; ``clone`` gives a private
deep copy. The tests check on every move of many random games that ``apply`` leaves its input
unchanged."""


def clone(state: State) -> State:
    """A copy sharing nothing with ``state``, for code that changes a state in place (sampling a
    hidden state, arranging a test board)."""
    return copy_state(state)


def replaced(items: list[Any], index: int, value: Any) -> list[Any]:
    """``items`` with ``items[index]`` set to ``value``, as a new list."""
    new = items[:]
    new[index] = value
    return new


Seat = dict[str, Any]
"""One seat's record (typed where it is read: list and dict fast paths when compiled)."""


def seat_set(state: State, seat: int, **values: Any) -> None:
    """The seat's record with ``values`` changed (a new record in a new seats list)."""
    old: list[Seat] = state["seats"]
    seats = old[:]
    seats[seat] = {**seats[seat], **values}
    state["seats"] = seats


def seat_add(state: State, seat: int, key: str, amount: int) -> None:
    """The seat's holding ``key`` (gold, squires, vote_markers, power_points) changed by ``amount``."""
    old: list[Seat] = state["seats"]
    seats = old[:]
    me = seats[seat] = seats[seat].copy()  # the same keys in the same order, one value changed
    me[key] += amount
    state["seats"] = seats


def book_power_points(state: State, seat: int, source: str, amount: int) -> None:
    """``amount`` PP to the seat, booked under ``source`` for the final breakdown."""
    old: list[Seat] = state["seats"]
    seats = old[:]
    me = seats[seat] = seats[seat].copy()
    me["power_points"] += amount
    booked: dict[str, int] = me["power_points_by_source"]
    by_source = me["power_points_by_source"] = booked.copy()
    by_source[source] = by_source.get(source, 0) + amount
    state["seats"] = seats


def force_set(state: State, force: int, **values: Any) -> None:
    """The force's record (reserve, court, castle) with ``values`` changed."""
    old: list[dict[str, Any]] = state["forces"]
    forces = old[:]
    forces[force] = {**forces[force], **values}
    state["forces"] = forces


def county_set(state: State, letter: str, occupant: dict[str, int] | None) -> None:
    state["counties"] = {**state["counties"], letter: occupant}


def card_set(state: State, card: dict[str, Any]) -> None:
    """The conflict card with ``card``'s id replaced by ``card``."""
    state["conflicts"] = [card if c["id"] == card["id"] else c for c in state["conflicts"]]


def take_noble(state: State, letter: str) -> str:
    """One noble leaves county ``letter``'s stack; returns its type."""
    stack = state["noble_stacks"][letter]
    state["noble_stacks"] = {**state["noble_stacks"], letter: {**stack, "left": stack["left"] - 1}}
    noble: str = stack["noble"]
    return noble


def queue_first(state: State, tasks: list[Task]) -> None:
    """``tasks`` run next, before the queued ones."""
    if tasks:
        queue: list[Task] = state["queue"]
        state["queue"] = tasks + queue if queue else tasks[:]


def controller(state: State, force: int) -> int:
    players: int = state["players"]
    return force % players


def is_ally(state: State, force: int) -> bool:
    players: int = state["players"]
    return force >= players


def forces_of(state: State, seat: int) -> list[int]:
    """The seat's own force first, then its ally (two-player game only)."""
    return [seat, seat + 2] if state["players"] == 2 else [seat]


def seat_order(state: State) -> list[int]:
    """Seats clockwise from the start player."""
    players, start = state["players"], state["start_player"]
    return [(start + i) % players for i in range(players)]


def force_name(state: State, force: int) -> str:
    seat = controller(state, force)
    return say("{p}'s ally", p=f"{{p{seat}}}") if is_ally(state, force) else f"{{p{seat}}}"


# --------------------------------------------------------------------------------------------
# Knights
# --------------------------------------------------------------------------------------------


def court_add(state: State, force: int, strength: int) -> None:
    court: list[int] = state["forces"][force]["court"]
    force_set(state, force, court=sorted([*court, strength]))


def to_reserve(state: State, force: int, strength: int) -> None:
    reserve = state["forces"][force]["reserve"]
    force_set(state, force, reserve=replaced(reserve, strength - 1, reserve[strength - 1] + 1))


def recruit(state: State, force: int, strength: int, amount: int) -> int:
    """Move up to ``amount`` reserve knights of ``strength`` to the court; returns how many."""
    knights = state["forces"][force]
    moved = min(amount, knights["reserve"][strength - 1])
    if moved:
        reserve = replaced(knights["reserve"], strength - 1, knights["reserve"][strength - 1] - moved)
        force_set(state, force, reserve=reserve, court=sorted(knights["court"] + [strength] * moved))
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
    tower = state.get("tower")  # The King's Resentment: deployed or not by its reading (R3.1)
    if tower is not None and (tower["deployed"] or not deployed_only):
        for strength in sorted({k["strength"] for k in tower["knights"] if k["force"] == force}):
            found.append((f"tower:{strength}", strength))
    escort = _escort(state, force)  # Henry V: the knight with the lord (H3.2 escort_deployed)
    if escort and (state["escort_deployed"] or not deployed_only):
        found.append((f"lord:{escort}", escort))
    return found


def _escort(state: State, force: int) -> int:
    """The strength of the knight escorting ``force``'s lord at court (0: none; Henry V)."""
    for occ in (state.get("court_spaces") or {}).values():
        if occ is not None and occ["seat"] == force and occ["escort"]:
            return int(occ["escort"])
    return 0


def can_upgrade(state: State, force: int, strength: int) -> bool:
    return strength < 4 and state["forces"][force]["reserve"][strength] > 0


def upgradable(state: State, force: int, deployed_only: bool, include_castle: bool) -> bool:
    """Whether a knight of ``knight_locations`` can be upgraded (``can_upgrade``). The court,
    counties and castle (as ``knight_locations`` counts them) are looked at first; the places are
    listed only when none of those knights can be upgraded but the reserve has a stronger one."""
    knights: dict[str, Any] = state["forces"][force]
    reserve: list[int] = knights["reserve"]
    stronger = [strength for strength in (1, 2, 3) if reserve[strength] > 0]
    if not stronger:
        return False
    if not deployed_only and any(strength in stronger for strength in knights["court"]):
        return True
    counties: dict[str, dict[str, Any] | None] = state["counties"]
    for occupant in counties.values():
        if occupant is not None and occupant["force"] == force and occupant["strength"] in stronger:
            return True
    if (include_castle or not deployed_only) and any(s in stronger for s in knights["castle"].values()):
        return True
    places = knight_locations(state, force, deployed_only, include_castle)
    return any(strength in stronger for _, strength in places)


def upgrade_at(state: State, force: int, where: str) -> tuple[int, int]:
    """Swap the knight at ``where`` for the next stronger reserve knight; returns (old, new)."""
    kind, _, rest = where.partition(":")
    knights = state["forces"][force]
    if kind == "court":
        old = int(rest)
        court = knights["court"][:]
        court.remove(old)
        force_set(state, force, court=sorted([*court, old + 1]))
    elif kind == "county":
        occupant = state["counties"][rest]
        old = occupant["strength"]
        county_set(state, rest, {**occupant, "strength": old + 1})
    elif kind == "castle":
        old = knights["castle"][rest]
        force_set(state, force, castle={**knights["castle"], rest: old + 1})
    elif kind == "lord":
        old = int(rest)
        courts = state["court_spaces"].items()
        space, occ = next((s, o) for s, o in courts if o is not None and o["seat"] == force)
        state["court_spaces"] = {**state["court_spaces"], space: {**occ, "escort": old + 1}}
    elif kind == "tower":
        old = int(rest)
        tower = state["tower"]
        i = next(i for i, k in enumerate(tower["knights"]) if k["force"] == force and k["strength"] == old)
        state["tower"] = {
            **tower,
            "knights": replaced(tower["knights"], i, {"force": force, "strength": old + 1}),
        }
    else:
        card_id, _, strength = rest.partition(":")
        old = int(strength)
        card = next(c for c in state["conflicts"] if c["id"] == card_id)
        spaces = []
        for space in card["spaces"]:
            if space["force"] == force and not space.get("archer"):  # an archer is no knight
                stack = space["knights"][:]
                stack.remove(old)
                space = {**space, "knights": sorted([*stack, old + 1])}
            spaces.append(space)
        card_set(state, {**card, "spaces": spaces})
    reserve = state["forces"][force]["reserve"][:]
    reserve[old] -= 1
    reserve[old - 1] += 1
    force_set(state, force, reserve=reserve)
    return old, old + 1


def strength_outside_reserve(state: State, force: int, knight_set: list[int]) -> tuple[int, int]:
    """(total strength, number) of a force's knights that are not in the reserve."""
    reserve = state["forces"][force]["reserve"]
    total = sum(knight_set) - sum((i + 1) * count for i, count in enumerate(reserve))
    return total, len(knight_set) - sum(reserve)


def card_strength(card: dict[str, Any]) -> int:
    """England's total strength on a conflict card (Henry V: with Tudor knights and archers)."""
    return sum(sum(space["knights"]) + space.get("extra", 0) for space in card["spaces"])


# --------------------------------------------------------------------------------------------
# Metrics used by laws (own knights only: ally knights never count for laws)
# --------------------------------------------------------------------------------------------


def metric(state: State, seat: int, name: str, include_castle: bool) -> int:
    """A law's measure of the seat (``metric`` and ``per`` names of the data)."""
    measure = _METRICS.get(name)
    if measure is None:
        if not name.startswith("deployed_knights_of_strength_"):
            raise ValueError(f"unknown metric {name}")
        return _deployed_of_strength(state, seat, int(name.rsplit("_", 1)[1]), include_castle)
    return measure(state, seat, include_castle)


def _lord_on_office(state: State, seat: int) -> int:
    """Henry V: the lord is on an office, not the treasury, home or withdrawn."""
    lord = state["seats"][seat].get("lord")
    return int(lord in (state.get("court_spaces") or {}) and lord != "treasury")


def _counties_occupied(state: State, seat: int) -> int:
    counties: dict[str, dict[str, Any] | None] = state["counties"]
    count = 0
    for occ in counties.values():  # (loops, not generators: laws count these for every seat)
        if occ is not None and occ["force"] == seat:
            count += 1
    return count


def _conflicts_involved(state: State, seat: int) -> int:
    cards: list[dict[str, Any]] = state["conflicts"]
    count = 0
    for card in cards:
        for space in card["spaces"]:
            if space["force"] == seat:
                count += 1
                break
    return count


# Metric name -> its count, called (state, seat, include_castle); one look-up per law effect.
_METRICS: dict[str, Callable[[State, int, bool], int]] = {
    "gold_owned": lambda state, seat, _: int(state["seats"][seat]["gold"]),
    "squires_owned": lambda state, seat, _: int(state["seats"][seat]["squires"]),
    "counties_occupied": lambda state, seat, _: _counties_occupied(state, seat),
    "conflicts_involved": lambda state, seat, _: _conflicts_involved(state, seat),
    "extension_tiles": lambda state, seat, _: len(state["seats"][seat]["extensions"]),
    "nobles_at_table": lambda state, seat, _: len(state["seats"][seat]["nobles"]),
    "dishonor_markers": lambda state, seat, _: int(state["seats"][seat].get("dishonor", 0)),
    "royal_seals_owned": lambda state, seat, _: int(state["seats"][seat].get("seals", 0)),  # Henry V
    "lord_on_office": lambda state, seat, _: _lord_on_office(state, seat),
    "knights_in_tower": lambda state, seat, _: sum(
        1 for k in state.get("tower", {}).get("knights", []) if k["force"] == seat
    ),
}


def _deployed(strength: int) -> Callable[[State, int, bool], int]:
    return lambda state, seat, include_castle: _deployed_of_strength(state, seat, strength, include_castle)


def _deployed_of_strength(state: State, seat: int, strength: int, include_castle: bool) -> int:
    count = 0
    counties: dict[str, dict[str, Any] | None] = state["counties"]
    for occ in counties.values():
        if occ is not None and occ["force"] == seat and occ["strength"] == strength:
            count += 1
    if include_castle:
        castle: dict[str, int] = state["forces"][seat]["castle"]
        count += list(castle.values()).count(strength)
    cards: list[dict[str, Any]] = state["conflicts"]
    for card in cards:
        for space in card["spaces"]:
            if space["force"] == seat:
                count += space["knights"].count(strength)
    tower = state.get("tower")
    if tower is not None and tower["deployed"]:
        count += sum(1 for k in tower["knights"] if k["force"] == seat and k["strength"] == strength)
    if state.get("escort_deployed") and _escort(state, seat) == strength:
        count += 1
    return count


_METRICS |= {f"deployed_knights_of_strength_{n}": _deployed(n) for n in (1, 2, 3, 4)}


def effect_task(force: int, effect: dict[str, Any], source: str, at: str | None) -> Task:
    """The queued task that applies one data effect to ``force`` (``at``: the board place it
    comes from, for the last-move highlight; ``source``: where its PP are booked)."""
    return {"task": "effect", "force": force, "effect": effect, "source": source, "at": at}
