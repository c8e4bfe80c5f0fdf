"""Phase 1, placing knights (rules section 6): where a seat's knights may go, and a placement.

Who has a turn (6.1) is decided on public information only. The seed skips a player only when
their court is empty, so a seat with knights in court gets its turn whenever any place could take
one of them *with enough squires* (squires are secret behind the screens): if every place it has
needs more squires than it holds, it answers ``pass`` (offered whenever no place is open without
squires, so passing shows nothing about its squires). Only a seat for which no legal place exists
at all is passed over, and the event says exactly why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core import Events, Wordless, say, say_into
from rules.lancaster import henry, resentment
from rules.lancaster import model as m
from rules.lancaster.moves import LancasterMove, Pass, Place
from rules.lancaster.words import amount

if TYPE_CHECKING:
    from rules.lancaster.engine import Engine

State = m.State


def placements(engine: Engine, state: State, seat: int, squires: int) -> list[Place]:
    """Every knight placement of a seat (rules section 6) with at most ``squires`` squires, in a
    fixed order: per force and knight strength, counties (fewest squires first), castle spaces,
    conflict cards. Move values come from caches (they are frozen), which keeps this cheap
    enough for simulation (issue 10)."""
    found: list[Place] = []
    totals = _county_totals(engine, state, seat)
    players = state["players"]
    forces = state["forces"]
    tables = engine.place_rows
    for force in (seat, seat + 2) if players == 2 else (seat,):
        court = forces[force]["court"]
        if not court:
            continue
        ally = force >= players
        spaces = _free_castle(engine, state, force)
        cards = joinable_cards(state, force)
        top = 0 if ally else squires  # 11: no squires with ally knights
        tower = resentment.tower_strengths(engine, state, force)  # R2.1: a fourth place
        for strength in sorted(set(court)) if len(court) > 1 else court:
            rows = tables.get((strength, ally)) or _rows(engine, strength, ally)
            by_county = rows.counties
            for i in rows.reach:  # 6.2: the counties whose minimum the knight alone reaches
                need = totals[i] + 1 - strength  # must exceed the total (-1: empty)
                if need <= top:
                    moves = by_county[i]
                    if top >= _SQUIRES_MADE and len(moves) <= top:
                        _more_squires(moves, strength, engine.order[i], ally, top)
                    found += moves[need if need > 0 else 0 : top + 1]
            if spaces:
                castle = rows.castle
                found += [castle[j] for j in spaces]
            if cards:
                found += [rows.conflict(card) for card in cards]
            if tower and strength in tower:
                found.append(resentment.tower_move(strength))
    if henry.in_play(state) and forces[seat]["court"]:  # H2.5-H2.7: with privileges
        counties = _open_counties(engine, totals)
        found += henry.privilege_places(engine, state, seat, squires, counties, joinable_cards(state, seat))
    return found


_CLOSED = 1 << 30
"""The total of a county closed to a seat (its own knight's, or shielded): none exceeds it."""


def _county_totals(engine: Engine, state: State, seat: int) -> list[int]:
    """Per county in board order, what a knight of ``seat`` must exceed there: -1 when empty,
    the occupant's knight, squires and Tudor knight (H2.6), or ``_CLOSED`` when it is closed to
    the seat: never one of its own (or its ally's) knights (6.2), never a shielded one (H2.5)."""
    players = state["players"]
    counties = state["counties"]
    totals: list[int] = []
    for letter in engine.order:
        occupant = counties[letter]
        if occupant is None:
            totals.append(-1)
        elif occupant["force"] % players != seat and not occupant.get("shield"):
            totals.append(occupant["strength"] + occupant["squires"] + occupant.get("extra", 0))
        else:
            totals.append(_CLOSED)
    return totals


def _reach(engine: Engine, strength: int) -> list[int]:
    """The counties (board index) whose minimum strength ``strength`` reaches, in board order
    (kept by the engine: ``Engine.reach``)."""
    found = engine.reach[strength] = [
        i for i, (_, minimum) in enumerate(engine.minimums) if strength >= minimum
    ]
    return found


def _open_counties(engine: Engine, totals: list[int]) -> list[tuple[str, int, int]]:
    """(county, minimum strength, total to exceed or -1 when empty) of each county open to the
    seat whose ``totals`` (``_county_totals``) these are."""
    return [
        (letter, minimum, total)
        for (letter, minimum), total in zip(engine.minimums, totals, strict=True)
        if total != _CLOSED
    ]


def has_place(engine: Engine, state: State, seat: int, squires: int | None) -> bool:
    """Whether ``placements`` with ``squires`` (``None``: as many as needed) is not empty. The
    strongest knight in a court reaches every county a weaker one reaches, with fewer squires."""
    players = state["players"]
    totals: list[int] | None = None
    for force in (seat, seat + 2) if players == 2 else (seat,):
        knights = state["forces"][force]
        court = knights["court"]
        if not court:
            continue
        if _castle_open(engine, state, force, knights["castle"]) or joinable_cards(state, force):
            return True
        if resentment.tower_strengths(engine, state, force):
            return True
        top = 0 if force >= players else squires
        best = max(court) + henry.tudor_bonus(engine, state, force)  # H2.6: public, held openly
        if totals is None:
            totals = _county_totals(engine, state, seat)
        for i in engine.reach.get(best) or _reach(engine, best):
            total = totals[i]
            if total != _CLOSED and (top is None or total < 0 or total + 1 - best <= top):
                return True
    return False


def _castle_open(engine: Engine, state: State, force: int, castle: dict[str, int]) -> bool:
    """Whether ``free_castle_spaces`` is not empty (without listing them)."""
    if force >= state["players"]:
        return len(castle) < len(engine.ally_castle_ids)
    if engine.rules["knight_on_extended_space"]:
        return len(castle) < len(engine.castle_ids)
    built = state["seats"][force]["extensions"]
    return any(x not in castle and x not in built for x in engine.castle_ids)


_PASS = Pass()
_SQUIRES_MADE = 8  # county placements made at first with 0..7 squires (more when a seat has more)


class Rows:
    """The placements of a strength-``strength`` knight (an ally's with ``ally``), made once per
    engine (they are frozen values): per county in board order its placements with 0, 1, 2...
    squires, per castle space in board order (the own or the ally castle), per conflict card
    (made on first use); ``reach``: the counties whose minimum the knight reaches (6.2)."""

    def __init__(self, engine: Engine, strength: int, ally: bool) -> None:
        self.strength, self.ally = strength, ally
        self.reach = engine.reach.get(strength) or _reach(engine, strength)
        self.counties: list[list[Place]] = []
        for letter in engine.order:
            moves: list[Place] = []
            _more_squires(moves, strength, letter, ally, _SQUIRES_MADE - 1)
            self.counties.append(moves)
        ids = engine.ally_castle_ids if ally else engine.castle_ids
        self.castle = [Place(strength, f"castle:{x}", 0, ally) for x in ids]
        self.conflicts: dict[str, Place] = {}

    def conflict(self, card: str) -> Place:
        move = self.conflicts.get(card)
        if move is None:
            move = self.conflicts[card] = Place(self.strength, f"conflict:{card}", 0, self.ally)
        return move


def _rows(engine: Engine, strength: int, ally: bool) -> Rows:
    rows = engine.place_rows[(strength, ally)] = Rows(engine, strength, ally)
    return rows


def _more_squires(moves: list[Place], strength: int, letter: str, ally: bool, top: int) -> None:
    """Extend ``moves`` (a county's placements by squires) up to ``top`` squires."""
    while len(moves) <= top:
        moves.append(Place(strength, f"county:{letter}", len(moves), ally))


def free_castle_spaces(engine: Engine, state: State, force: int) -> list[str]:
    """6.3: the empty spaces of the force's own castle (an extended one only if the data lets a
    knight stand there; the ally castle is never extended)."""
    ids = engine.ally_castle_ids if m.is_ally(state, force) else engine.castle_ids
    return [ids[j] for j in _free_castle(engine, state, force)]


def _free_castle(engine: Engine, state: State, force: int) -> list[int]:
    """``free_castle_spaces`` as board indices of the castle's spaces."""
    castle = state["forces"][force]["castle"]
    if m.is_ally(state, force):
        return [j for j, x in enumerate(engine.ally_castle_ids) if x not in castle]
    seat = m.controller(state, force)
    built = [] if engine.rules["knight_on_extended_space"] else state["seats"][seat]["extensions"]
    return [j for j, x in enumerate(engine.castle_ids) if x not in castle and x not in built]


def joinable_cards(state: State, force: int) -> list[str]:
    """6.4: cards with a free space, or where the force already has its space (it stacks)."""
    return [
        card["id"]
        for card in state["conflicts"]
        if len(card["spaces"]) < 3 or any(space["force"] == force for space in card["spaces"])
    ]


def turn_moves(engine: Engine, state: State, seat: int) -> list[LancasterMove]:
    """The moves of the seat on turn: what its squires afford, and ``pass`` when no place is open
    without squires (public: it does not depend on how many squires the seat has)."""
    places = placements(engine, state, seat, state["seats"][seat]["squires"])
    moves: list[LancasterMove] = [*places]
    # The places without squires are among these (privileges are public). Henry V: a seat may
    # have a turn for its lord alone (H2.2); pass is then for knights left in court only.
    if all(place.squires for place in places) and any(
        state["forces"][force]["court"] for force in m.forces_of(state, seat)
    ):
        moves.append(_PASS)
    moves += henry.lord_moves(engine, state, seat)
    return moves


def no_place_reason(engine: Engine, state: State, seat: int) -> str:
    """Why no legal place exists at all for the knights in the seat's court(s), in words."""
    courts = [(force, state["forces"][force]["court"]) for force in m.forces_of(state, seat)]
    courts = [(force, court) for force, court in courts if court]
    held = " and ".join(
        say("the ally's court ({knights})", knights=", ".join(map(str, court)))
        if m.is_ally(state, force)
        else say("court ({knights})", knights=", ".join(map(str, court)))
        for force, court in courts
    )
    reasons = [
        say("no free space in the ally castle")
        if m.is_ally(state, force)
        else say("no free space in their castle")
        for force, _ in courts
    ]
    cards = [card["id"] for card in state["conflicts"]]
    if len(cards) > 1:
        reasons.append(say("conflicts {conflicts} each hold three other players", conflicts=", ".join(cards)))
    elif cards:
        reasons.append(say("conflict {conflicts} holds three other players", conflicts=cards[0]))
    else:
        reasons.append(say("no conflict card is in play"))
    strongest = max(max(court) for _, court in courts)
    weak = [x for x in engine.order if engine.data["counties"][x]["min_strength"] > strongest]
    own = [x for x in engine.order if x not in weak]  # with squires enough, only their own stop them
    if weak:
        reasons.append(
            say(
                "counties {counties} need a knight stronger than {strength}",
                counties=", ".join(weak),
                strength=strongest,
            )
        )
    if own:
        reasons.append(say("counties {counties} hold their own knights", counties=", ".join(own)))
    reasons += resentment.no_tower_reason(engine, state, seat)
    return say(
        "{p} cannot place the knights left in {held}: {reasons}.",
        p=f"{{p{seat}}}",
        held=held,
        reasons="; ".join(reasons),
    )


def place(engine: Engine, state: State, seat: int, move: Place, events: Events) -> None:
    """Put a knight from the court on its place (6.2-6.4); a conflict placement may earn a King's
    Favor, asked at once."""
    force = seat + 2 if move.ally else seat
    knights = state["forces"][force]
    court = knights["court"][:]
    court.remove(move.strength)
    kind, _, where = move.target.partition(":")
    if kind == "castle":  # one new force record for both changes
        m.force_set(state, force, court=court, castle={**knights["castle"], where: move.strength})
    else:
        m.force_set(state, force, court=court)
    if move.tudor or move.shield or move.archer:
        henry.spend(engine, state, seat, move)  # Henry V: the privileges it names (H2.5-H2.7)
    who = m.force_name(state, force) if type(events) is not Wordless else ""  # (only for words)
    if kind == "county":
        _place_in_county(engine, state, seat, force, move, who, events)
    elif kind == resentment.TOWER:
        resentment.enter(state, force, move.strength, events)
    elif kind == "castle":
        if type(events) is not Wordless:  # a word-free simulation formats nothing
            name = (engine.data["ally"]["castle"] if move.ally else engine.data["castle"])[where]["name"]
            events.append(
                say(
                    "{p} placed a strength-{strength} knight in castle {space} ({name}).",
                    p=who,
                    strength=move.strength,
                    space=where,
                    name=name,
                )
            )
    else:
        _place_on_conflict(engine, state, seat, force, move, who, where, events)
        # 6.4: King's Favor for the first knights into conflicts this round.
        if state["favors_taken"] < len(state["favor_tiles"]) and any(state["favor_tiles"]):
            state["favors_taken"] += 1
            engine.ask(state, {"kind": "favor", "seat": seat, "force": force}, events)
    state["last_move"] = {"seat": seat, "move": move.to_text(), "where": move.target, "places": [move.target]}
    state["turn_done"] = True


def _place_on_conflict(
    engine: Engine, state: State, seat: int, force: int, move: Place, who: str, where: str, events: Events
) -> None:
    card = next(c for c in state["conflicts"] if c["id"] == where)
    spaces = card["spaces"]
    if all(space["force"] != force or space.get("archer") for space in spaces):
        spaces = [*spaces, {"force": force, "knights": [move.strength]}]  # 6.4: top down
        if type(events) is not Wordless:  # a word-free simulation formats nothing
            events.append(
                say(
                    "{p} placed a strength-{strength} knight on conflict {conflict} (space {space_n}).",
                    p=who,
                    strength=move.strength,
                    conflict=where,
                    space_n=len(spaces),
                )
            )
    else:
        # 6.4: further knights stack on the force's space.
        spaces = [
            {**space, "knights": sorted([*space["knights"], move.strength])}
            if space["force"] == force and not space.get("archer")
            else space
            for space in spaces
        ]
        say_into(
            events,
            "{p} placed a strength-{strength} knight on conflict {conflict}, stacking on their space.",
            p=who,
            strength=move.strength,
            conflict=where,
        )
    spaces = henry.conflict_spaces(engine, state, seat, move, spaces, events)  # H2.6, H2.7
    m.card_set(state, {**card, "spaces": spaces})


def _place_in_county(
    engine: Engine, state: State, seat: int, force: int, move: Place, who: str, events: Events
) -> None:
    where = move.target.partition(":")[2]
    occupant = state["counties"][where]
    if move.squires:
        m.seat_add(state, seat, "squires", -move.squires)
    knight = {"force": force, "strength": move.strength, "squires": move.squires}
    marks = henry.county_marks(engine, move) if move.tudor or move.shield else {}  # H2.5, H2.6
    if occupant is not None:  # 6.2: the expelled knight goes back to its court; its squires are lost
        m.court_add(state, occupant["force"], occupant["strength"])
    m.county_set(state, where, knight | marks if marks else knight)
    if type(events) is Wordless:  # a word-free simulation formats nothing
        return
    values = {
        "p": who,
        "strength": move.strength,
        "county": where,
        "name": engine.data["counties"][where]["name"],
    }
    placed = _county_placed(values, move.squires, henry.county_words(marks) if marks else "")
    if occupant is None:
        events.append(say("{placed}.", placed=placed))
    else:  # the expelled knight's squires are lost (and its Tudor knight returns, H2.6)
        lost = [amount("squire", occupant["squires"])] * bool(occupant["squires"])
        lost += [henry.county_words(occupant)] * bool(occupant.get("tudor"))
        events.append(
            _expelling(placed, m.force_name(state, occupant["force"]), occupant, " and ".join(lost))
        )


def _county_placed(values: dict[str, Any], squires: int, marks: str) -> str:
    """A county placement without its end: its squires, and Henry V's Tudor knight or shield."""
    if marks and squires:
        return say(
            "{p} placed a strength-{strength} knight with {squires} on county {county} ({name}) with {marks}",
            squires=amount("squire", squires),
            marks=marks,
            **values,
        )
    if marks:
        return say(
            "{p} placed a strength-{strength} knight on county {county} ({name}) with {marks}",
            marks=marks,
            **values,
        )
    if squires:
        return say(
            "{p} placed a strength-{strength} knight with {squires} on county {county} ({name})",
            squires=amount("squire", squires),
            **values,
        )
    return say("{p} placed a strength-{strength} knight on county {county} ({name})", **values)


def _expelling(placed: str, other: str, occupant: dict[str, Any], lost: str) -> str:
    """``placed`` and whom it expels, with what it loses ("" nothing)."""
    if lost:
        return say(
            "{placed}, expelling {other}'s knight (strength {other_n}) and its {lost}.",
            placed=placed,
            other=other,
            other_n=occupant["strength"],
            lost=lost,
        )
    return say(
        "{placed}, expelling {other}'s knight (strength {other_n}).",
        placed=placed, other=other, other_n=occupant["strength"],
    )  # fmt: skip


def keep_in_court(state: State, seat: int, events: Events) -> None:
    """``pass``: the seat places no more knights this round (its knights stay in court)."""
    state["kept_in_court"] = m.replaced(state["kept_in_court"], seat, True)
    state["last_move"] = {"seat": seat, "move": "pass", "where": None, "places": [f"knights:{seat}"]}
    state["turn_done"] = True
    say_into(events, "{p} passes: the knights left in court stay there this round.", p=f"{{p{seat}}}")
