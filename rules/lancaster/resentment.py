"""The King's Resentment (option ``kings_resentment``; EXPANSIONS.md section 5, R1-R7).

The regal board's dishonor track holds ``per_space`` markers on each of its spaces, the rest of
the 38 wait in the supply box (R4.5). The tower, a fourth place for knights, holds a non-player
knight (strength by player count, none with 5) and at most one own knight per player of at least
its strength (R2.1). Before counties are evaluated the tower is cleared: player knights return to
their courts and their owners are protected this round (R4.1). Each time a conflict is evaluated
and England does not win, every seat with no own knight on it and not protected takes a marker
(R4.2); each held marker scores ``dishonor_points`` at the end (R6.1). Allies never enter the
tower nor take dishonor (R7.1).

State keys, present only when the option is on: ``dishonor_track`` (markers per track space),
``dishonor_box`` (markers in the supply box), ``dishonor_extra`` (markers taken when track and box
were empty: the pool is counted on, like gold), ``tower`` ``{"neutral": strength or 0,
"deployed": tower knights count as deployed for laws, "knights": [{"force", "strength"}]}``,
``protected`` (seats protected this round); per seat ``dishonor`` (markers held).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from rules.core import Events, say, say_n
from rules.lancaster import model as m
from rules.lancaster.moves import Place

if TYPE_CHECKING:
    from rules.lancaster.engine import Engine

State = m.State
TOWER = "tower"
_TOWER_MOVES: dict[int, Place] = {}


class TowerKnight(TypedDict):
    seat: int
    strength: int


class ResentmentView(TypedDict):
    """The public part (S2): the track, the box, each seat's markers, the tower, protection."""

    track: list[int]
    box: int
    held: list[int]
    tower_neutral: int
    tower_minimum: int | None
    tower: list[TowerKnight]
    protected: list[int]
    points_per_marker: int
    provisional: bool


def in_play(state: State) -> bool:
    return bool(state["options"].get("kings_resentment"))


def setup(engine: Engine, state: State) -> None:
    """3.2: markers on the track by player count, the rest in the box; the tower's knight."""
    kr = engine.data["kings_resentment"]
    count = str(state["players"])
    per, spaces = kr["setup"]["per_space"][count], kr["setup"]["track_spaces"]
    on_track = min(per * spaces, kr["setup"]["dishonor_markers"])
    state["dishonor_track"] = [per] * spaces
    state["dishonor_box"] = kr["setup"]["dishonor_markers"] - on_track
    state["dishonor_extra"] = 0
    deployed = bool(kr["engine"]["tower_knights_deployed"])
    state["tower"] = {"neutral": kr["setup"]["tower_knight"][count], "deployed": deployed, "knights": []}
    state["protected"] = []
    state["seats"] = [{**seat, "dishonor": 0} for seat in state["seats"]]


# -- phase 1: the tower as a fourth place (R2) -----------------------------------------------


def minimum(data: dict[str, Any], state: State) -> int | None:
    """The weakest knight the tower takes (R2.1, ``tower_requirement``); None: none can enter."""
    reading = data["kings_resentment"]["engine"]["tower_requirement"]
    neutral = int(state["tower"]["neutral"])
    if reading == "none":
        return 1
    least = max(1, neutral if reading == "at_least_neutral" else neutral + 1)
    return least if least <= 4 else None


def tower_strengths(engine: Engine, state: State, force: int) -> list[int]:
    """Strengths of the force's court knights that may enter the tower now (R2.1): own knights
    only, one per player, at least the minimum."""
    if not in_play(state) or m.is_ally(state, force):
        return []
    held = sum(1 for k in state["tower"]["knights"] if k["force"] == force)
    least = minimum(engine.data, state)
    if least is None or held >= engine.data["kings_resentment"]["tower"]["capacity_per_player"]:
        return []
    return [s for s in sorted(set(state["forces"][force]["court"])) if s >= least]


def tower_move(strength: int) -> Place:
    move = _TOWER_MOVES.get(strength)
    if move is None:
        move = _TOWER_MOVES[strength] = Place(strength, TOWER, 0, False)
    return move


def no_tower_reason(engine: Engine, state: State, seat: int) -> list[str]:
    """Why the seat's knights cannot enter the tower (for the no-place event; R2.2)."""
    if not in_play(state):
        return []
    least = minimum(engine.data, state)
    if least is None:
        return [say("no knight is strong enough for the tower")]
    if any(k["force"] == seat for k in state["tower"]["knights"]):
        return [say("they already have a knight in the tower")]
    if not state["forces"][seat]["court"]:
        return []
    return [say("the tower takes only knights of strength {strength} or more", strength=least)]


def why_not(engine: Engine, state: State, force: int, move: Place) -> str:
    """Why a tower placement is refused, in words (R2.1)."""
    if not in_play(state):
        return say("There is no tower in this game (option kings_resentment is off).")
    if m.is_ally(state, force):
        return say("Ally knights never enter the tower.")
    if move.squires:
        return say("Squires never go into the tower.")
    least = minimum(engine.data, state)
    if least is None:
        return say("No knight is strong enough for the tower in this game.")
    if move.strength < least:
        return say("The tower takes only knights of strength {strength} or more.", strength=least)
    return say("You already have a knight in the tower.")


def enter(state: State, force: int, strength: int, events: Events) -> None:
    """R2.1: the knight goes into the tower (no squires, no expulsion, no King's Favor)."""
    knights = [*state["tower"]["knights"], {"force": force, "strength": strength}]
    state["tower"] = {**state["tower"], "knights": knights}
    events.append(
        say(
            "{p} placed a strength-{strength} knight in the tower.",
            p=m.force_name(state, force),
            strength=strength,
        )
    )


# -- phase 3 (R4) ------------------------------------------------------------------------------


def clear_tower(state: State, events: Events) -> None:
    """R4.1: before counties, tower knights return to their courts; their owners are protected
    this round; the non-player knight stays."""
    knights = state["tower"]["knights"]
    for k in knights:
        m.court_add(state, k["force"], k["strength"])
    state["tower"] = {**state["tower"], "knights": []}
    state["protected"] = sorted({m.controller(state, k["force"]) for k in knights})
    if knights:
        names = ", ".join(m.force_name(state, k["force"]) for k in knights)
        events.append(
            say_n(  # "bob return to court" read as a typo (playtest)
                "The tower is cleared: {players} takes their knight back to court and is protected from "
                "dishonor this round.",
                "The tower is cleared: {players} take their knights back to court and are protected from "
                "dishonor this round.",
                len(knights),
                players=names,
            )
        )


def lost(engine: Engine, state: State, card: dict[str, Any], events: Events) -> None:
    """R4.2-R4.4: England did not win ``card`` (or nobody joined it, R4.3): the seats it
    dishonors take ``dishonor_per_loss`` markers each."""
    if not in_play(state):
        return
    rules = engine.data["kings_resentment"]["engine"]
    if not card["spaces"] and not rules["unjoined_cards_dishonor"]:
        return
    players = state["players"]
    if rules["ally_knights_protect"]:
        present = {m.controller(state, space["force"]) for space in card["spaces"]}
    else:
        present = {space["force"] for space in card["spaces"] if not m.is_ally(state, space["force"])}
    wanted = present if rules["dishonor_takers"] == "participants" else set(range(players)) - present
    takers = [seat for seat in m.seat_order(state) if seat in wanted and seat not in state["protected"]]
    count = engine.data["kings_resentment"]["dishonor_per_loss"]
    for seat in takers:
        take(state, seat, count)
    spared = [s for s in m.seat_order(state) if s in wanted and s in state["protected"]]
    if takers or spared:
        events.append(_shame_text(card["id"], takers, spared, count))


def _shame_text(cid: str, takers: list[int], spared: list[int], count: int) -> str:
    """R4.2: who takes dishonor for England's loss at ``cid``, and who the tower sheltered."""
    seats = ", ".join(f"{{p{s}}}" for s in takers)
    if takers and len(takers) != 1:
        text = say_n(
            "England's loss at {conflict} shames the crown: {players} take {n} dishonor marker",
            "England's loss at {conflict} shames the crown: {players} take {n} dishonor markers",
            count, conflict=cid, players=seats,
        )  # fmt: skip
    elif takers:
        text = say_n(
            "England's loss at {conflict} shames the crown: {players} takes {n} dishonor marker",
            "England's loss at {conflict} shames the crown: {players} takes {n} dishonor markers",
            count, conflict=cid, players=seats,
        )  # fmt: skip
    else:
        text = say("England's loss at {conflict} shames the crown, but nobody takes dishonor", conflict=cid)
    if spared:
        sheltered = ", ".join(f"{{p{s}}}" for s in spared)
        return say("{shame} ({players} sheltered in the tower).", shame=text, players=sheltered)
    return say("{shame}.", shame=text)


def take(state: State, seat: int, count: int) -> None:
    """R4.5: markers come from this round's track space, then the box, then beyond the pool."""
    track = state["dishonor_track"][:]
    space = min(state["round"], len(track)) - 1
    for _ in range(count):
        if track[space] > 0:
            track[space] -= 1
        elif state["dishonor_box"] > 0:
            state["dishonor_box"] -= 1
        else:
            state["dishonor_extra"] += 1
    state["dishonor_track"] = track
    m.seat_add(state, seat, "dishonor", count)


def end_round(state: State) -> None:
    """R5.1: the protection record is cleared (the tower holds only the non-player knight)."""
    if in_play(state):
        state["protected"] = []


# -- scoring and view --------------------------------------------------------------------------


def points(data: dict[str, Any], state: State, seat: int) -> int:
    """R6.1: the final score line "dishonor" (a total may go below 0)."""
    return int(state["seats"][seat]["dishonor"]) * int(data["kings_resentment"]["dishonor_points"])


def view(data: dict[str, Any], state: State) -> ResentmentView | None:
    if not in_play(state):
        return None
    marks = data["provisional"]
    return {
        "track": list(state["dishonor_track"]),
        "box": int(state["dishonor_box"]),
        "held": [int(seat["dishonor"]) for seat in state["seats"]],
        "tower_neutral": int(state["tower"]["neutral"]),
        "tower_minimum": minimum(data, state),
        "tower": [
            {"seat": m.controller(state, k["force"]), "strength": k["strength"]}
            for k in state["tower"]["knights"]
        ],
        "protected": list(state["protected"]),
        "points_per_marker": int(data["kings_resentment"]["dishonor_points"]),
        "provisional": any(path.startswith("kings_resentment.") for path in marks),
    }
