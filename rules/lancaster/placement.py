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

from rules.core import Wordless, say, say_into
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
    counties = _open_counties(engine, state, seat)
    players = state["players"]
    forces = state["forces"]
    for force in (seat, seat + 2) if players == 2 else (seat,):
        court = forces[force]["court"]
        if not court:
            continue
        ally = force >= players
        spaces = free_castle_spaces(engine, state, force)
        cards = joinable_cards(state, force)
        top = 0 if ally else squires  # 11: no squires with ally knights
        tower = resentment.tower_strengths(engine, state, force)  # R2.1: a fourth place
        for strength in sorted(set(court)) if len(court) > 1 else court:
            by_county = _COUNTY_MOVES.get((strength, ally)) or _county_table(strength, ally)
            for letter, minimum, total in counties:
                if strength >= minimum:  # 6.2: the knight alone must reach the minimum
                    need = total + 1 - strength  # must exceed the total (-1: empty)
                    if need <= top:
                        moves = by_county[letter]
                        if top >= _SQUIRES_MADE and len(moves) <= top:
                            _more_squires(moves, strength, letter, ally, top)
                        found += moves[need if need > 0 else 0 : top + 1]
            if spaces:
                found += _target_moves(_CASTLE_MOVES, "castle:", strength, ally, spaces)
            if cards:
                found += _target_moves(_CONFLICT_MOVES, "conflict:", strength, ally, cards)
            if tower and strength in tower:
                found.append(resentment.tower_move(strength))
    if henry.in_play(state) and forces[seat]["court"]:  # H2.5-H2.7: with privileges
        found += henry.privilege_places(engine, state, seat, squires, counties, joinable_cards(state, seat))
    return found


def _open_counties(engine: Engine, state: State, seat: int) -> list[tuple[str, int, int]]:
    """(county, minimum strength, occupant's total or -1 when empty) for each county the seat
    may go to: never one of its own (or its ally's) knights (6.2), never a shielded one (Henry V
    H2.5); an occupant's Tudor knight counts in its total (H2.6)."""
    players = state["players"]
    counties = state["counties"]
    found = []
    for empty in engine.open_counties:  # (letter, minimum, -1), made once
        occupant = counties[empty[0]]
        if occupant is None:
            found.append(empty)
        elif occupant["force"] % players != seat and not occupant.get("shield"):
            # What a challenger must exceed: knight, squires and a Tudor knight.
            total = occupant["strength"] + occupant["squires"] + occupant.get("extra", 0)
            found.append((empty[0], empty[1], total))
    return found


def has_place(engine: Engine, state: State, seat: int, squires: int | None) -> bool:
    """Whether ``placements`` with ``squires`` (``None``: as many as needed) is not empty. The
    strongest knight in a court reaches every county a weaker one reaches, with fewer squires."""
    players = state["players"]
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
        for _, minimum, total in _open_counties(engine, state, seat):
            if best >= minimum and (top is None or total < 0 or total + 1 - best <= top):
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


# Placements made once (they are frozen values): on counties by (strength, ally) and county,
# with 0, 1, 2... squires; on castle spaces and conflict cards by (strength, ally) and id.
_COUNTY_MOVES: dict[tuple[int, bool], _CountyMoves] = {}
_CASTLE_MOVES: dict[tuple[int, bool], _TargetMoves] = {}
_PASS = Pass()
_CONFLICT_MOVES: dict[tuple[int, bool], _TargetMoves] = {}


_SQUIRES_MADE = 8  # county placements made at first with 0..7 squires (more when a seat has more)


def _county_table(strength: int, ally: bool) -> dict[str, list[Place]]:
    """Placements on each county with 0, 1, 2, ... squires (a missing county: made when asked)."""
    table = _COUNTY_MOVES[(strength, ally)] = _CountyMoves(strength, ally)
    return table


class _CountyMoves(dict[str, list[Place]]):
    """County letter -> its placements by squires, made on first use."""

    def __init__(self, strength: int, ally: bool) -> None:
        super().__init__()
        self.strength, self.ally = strength, ally

    def __missing__(self, letter: str) -> list[Place]:
        moves: list[Place] = []
        _more_squires(moves, self.strength, letter, self.ally, _SQUIRES_MADE - 1)
        self[letter] = moves
        return moves


def _more_squires(moves: list[Place], strength: int, letter: str, ally: bool, top: int) -> None:
    """Extend ``moves`` (a county's placements by squires) up to ``top`` squires."""
    while len(moves) <= top:
        moves.append(Place(strength, f"county:{letter}", len(moves), ally))


def _target_moves(
    cache: dict[tuple[int, bool], _TargetMoves], kind: str, strength: int, ally: bool, ids: list[str]
) -> list[Place]:
    """The placements of a strength-``strength`` knight on castle spaces or conflict cards ``ids``."""
    moves = cache.get((strength, ally))
    if moves is None:
        moves = cache[(strength, ally)] = _TargetMoves(kind, strength, ally)
    return [moves[x] for x in ids]


class _TargetMoves(dict[str, Place]):
    """Castle space or conflict card id -> the placement there, made on first use."""

    def __init__(self, kind: str, strength: int, ally: bool) -> None:
        super().__init__()
        self.kind, self.strength, self.ally = kind, strength, ally

    def __missing__(self, target: str) -> Place:
        move = self[target] = Place(self.strength, self.kind + target, 0, self.ally)
        return move


def free_castle_spaces(engine: Engine, state: State, force: int) -> list[str]:
    """6.3: the empty spaces of the force's own castle (an extended one only if the data lets a
    knight stand there; the ally castle is never extended)."""
    castle = state["forces"][force]["castle"]
    if m.is_ally(state, force):
        return [x for x in engine.ally_castle_ids if x not in castle]
    seat = m.controller(state, force)
    built = [] if engine.rules["knight_on_extended_space"] else state["seats"][seat]["extensions"]
    return [x for x in engine.castle_ids if x not in castle and x not in built]


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


def place(engine: Engine, state: State, seat: int, move: Place, events: list[str]) -> None:
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
    who = m.force_name(state, force)
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
    engine: Engine, state: State, seat: int, force: int, move: Place, who: str, where: str, events: list[str]
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
        events.append(
            say(
                "{p} placed a strength-{strength} knight on conflict {conflict}, stacking on their space.",
                p=who,
                strength=move.strength,
                conflict=where,
            )
        )
    spaces = henry.conflict_spaces(engine, state, seat, move, spaces, events)  # H2.6, H2.7
    m.card_set(state, {**card, "spaces": spaces})


def _place_in_county(
    engine: Engine, state: State, seat: int, force: int, move: Place, who: str, events: list[str]
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


def keep_in_court(state: State, seat: int, events: list[str]) -> None:
    """``pass``: the seat places no more knights this round (its knights stay in court)."""
    state["kept_in_court"] = m.replaced(state["kept_in_court"], seat, True)
    state["last_move"] = {"seat": seat, "move": "pass", "where": None, "places": [f"knights:{seat}"]}
    state["turn_done"] = True
    say_into(events, "{p} passes: the knights left in court stay there this round.", p=f"{{p{seat}}}")
