"""Henry V - The Power of the King (option ``henry_v``; EXPANSIONS.md section 4, H1-H7).

Each player has a lord: at home (the coat of arms of their castle), on one of the four court
spaces of the regal board (three offices and the treasury), or withdrawn for the round
(``lord home``, H2.2). A turn of phase 1 places a knight **or** the lord (H2.1); a lord may take
one knight from court as an escort, a Tudor knight and bishops (each bishop paid with a vote
marker into the treasury), and a stronger lord expels a weaker one (H2.3, H2.4). Offices are
filled before counties (H4.1): seals and privileges to their lords, then the treasury's lord
takes everything paid into it. Privileges (shields, archers, Tudor knights) go with a knight
into a county or a conflict (H2.5-H2.7) and return to the regal supply when that piece leaves.
Royal seals score at the end (H6.1).

Where the pieces are, so that nothing is counted twice: the privilege supply and the bishops on
the regal board are **derived** (what the box holds minus what players hold and what stands on
the board), never stored, so a piece "returns" exactly when the thing carrying it leaves the
board (an expelled knight, a county cleared at the end of the round, a card won or captured).

State keys, present only when the option is on: ``court_spaces`` (space -> null or ``{"seat",
"escort": strength or 0, "tudor": bool, "bishops"}``), ``treasury`` (``{"gold", "squires",
"vote_markers"}``), ``escort_deployed`` (the reading ``escort_deployed``: the escort counts as a
deployed knight for laws); per seat ``lord`` ("home" | a space | "withdrawn"), ``seals`` and
``privileges`` (``{"shield", "archer", "tudor_knight"}`` held). On the board: a county occupant
may carry ``"tudor": true``, ``"shield": true`` and ``"extra"`` (the Tudor knight's strength); a
conflict space may carry ``"tudor"`` (how many) and ``"extra"``; an archer is a space of its own
``{"force", "knights": [], "archer": true, "extra": 2}``.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, TypedDict

from rules.core import Events, Wordless, say
from rules.lancaster import model as m
from rules.lancaster.moves import Lord, Place
from rules.lancaster.words import amount, effect_words, effects_words

if TYPE_CHECKING:
    from rules.lancaster.engine import Engine

State = m.State
PRIVILEGES = ("shield", "archer", "tudor_knight")
TREASURY = "treasury"
HOME, WITHDRAWN = "home", "withdrawn"
SOURCE = "offices"
"""Where office and treasury rewards are booked (and what an upgrade question names)."""


def in_play(state: State) -> bool:
    return bool(state["options"].get("henry_v"))


def spaces(data: dict[str, Any]) -> list[str]:
    """The court spaces in filling order: the offices, then the treasury (H1.2, H4.1)."""
    return [*data["henry_v"]["office_order"], TREASURY]


def space_name(data: dict[str, Any], space: str) -> str:
    hv = data["henry_v"]
    return str(hv["treasury"]["name"] if space == TREASURY else hv["offices"][space]["name"])


def space_cost(data: dict[str, Any], space: str) -> list[dict[str, Any]]:
    hv = data["henry_v"]
    return list(hv["treasury"]["cost"] if space == TREASURY else hv["offices"][space]["cost"])


def setup(engine: Engine, state: State) -> None:
    """3.1: lords at home, the empty treasury; 2 vote markers each instead of 1 (C6)."""
    hv = engine.data["henry_v"]
    state["court_spaces"] = dict.fromkeys(spaces(engine.data))
    state["treasury"] = {"gold": 0, "squires": 0, "vote_markers": 0}
    state["escort_deployed"] = bool(hv["engine"]["escort_deployed"])
    state["seats"] = [
        {
            **seat,
            "vote_markers": hv["setup"]["vote_markers"],
            "lord": HOME,
            "seals": 0,
            "privileges": dict.fromkeys(PRIVILEGES, 0),
        }
        for seat in state["seats"]
    ]


# -- where the pieces are ------------------------------------------------------------------


def on_board(state: State) -> Counter[str]:
    """Privileges standing on the board now: with county knights, on conflict cards, at court."""
    found: Counter[str] = Counter()
    for occ in state["counties"].values():
        if occ is not None:
            found["tudor_knight"] += bool(occ.get("tudor"))
            found["shield"] += bool(occ.get("shield"))
    for card in state["conflicts"]:
        for space in card["spaces"]:
            found["tudor_knight"] += int(space.get("tudor", 0))
            found["archer"] += bool(space.get("archer"))
    for occ in state["court_spaces"].values():
        if occ is not None:
            found["tudor_knight"] += bool(occ["tudor"])
    return found


def supply(data: dict[str, Any], state: State) -> dict[str, int]:
    """The regal supply of each privilege: the 8 pieces minus those held and on the board."""
    total = data["henry_v"]["setup"]["privileges"]
    placed = on_board(state)
    return {
        kind: int(total[kind]) - placed[kind] - sum(seat["privileges"][kind] for seat in state["seats"])
        for kind in PRIVILEGES
    }


def bishops_free(data: dict[str, Any], state: State) -> int:
    """Bishops on the regal board (5/5/7/9 by player count) not standing with a lord."""
    total = int(data["henry_v"]["setup"]["bishops_on_board"][str(state["players"])])
    return total - sum(occ["bishops"] for occ in state["court_spaces"].values() if occ is not None)


def lord_total(data: dict[str, Any], occ: dict[str, Any]) -> int:
    """H2.3: lord + escort knight + Tudor knight + bishops."""
    hv = data["henry_v"]
    tudor = hv["privileges"]["tudor_knight"]["strength"] if occ["tudor"] else 0
    bishops = occ["bishops"] * hv["lord"]["bishop_strength"]
    return int(hv["lord"]["strength"] + occ["escort"] + tudor + bishops)


def can_pay(me: dict[str, Any], costs: list[dict[str, Any]]) -> bool:
    return all(me[key] >= n for key, n in _needs(costs).items())


def pay(state: State, seat: int, costs: list[dict[str, Any]], why: str, events: Events) -> None:
    """The seat pays ``costs`` into the treasury, in the open (S5)."""
    if not costs:
        return
    treasury = dict(state["treasury"])
    total: Counter[str] = Counter()
    for cost in costs:
        key = m.HOLDING[cost["resource"]]
        m.seat_add(state, seat, key, -cost["amount"])
        treasury[key] += cost["amount"]
        total[cost["resource"]] += cost["amount"]
    state["treasury"] = treasury
    if type(events) is Wordless:  # a word-free simulation formats nothing
        return
    paid = " + ".join(amount(resource, n) for resource, n in total.items())
    events.append(say("{p} pays {goods} into the treasury ({why}).", p=f"{{p{seat}}}", goods=paid, why=why))


def _cost_why(office: str, bishops: int, office_costs: bool) -> str:
    """Why a lord placement pays (H2.3): the office, its bishops or both; the Earl Marshal is
    free, so there the bishops pay (the playtest read "(lord to the Earl Marshal)")."""
    if not bishops:
        return say("lord to the {office}", office=office)
    with_bishops = amount("bishop", bishops)
    if office_costs:
        return say("lord to the {office} with {bishops}", office=office, bishops=with_bishops)
    return say("{bishops} for the lord on the {office}", office=office, bishops=with_bishops)


def _lord_costs(data: dict[str, Any], space: str, bishops: int) -> list[dict[str, Any]]:
    """What placing the lord costs now: the space (H2.3, when paid on placement) and bishops."""
    hv = data["henry_v"]
    costs = space_cost(data, space) if hv["engine"]["office_cost_paid"] == "on_placement" else []
    return costs + [dict(c) for c in hv["lord"]["bishop_cost"] for _ in range(bishops)]


# -- phase 1: the lord (H2.1-H2.4) ------------------------------------------------------------


def lord_ready(engine: Engine, state: State, seat: int) -> bool:
    """H2.2: a lord at home gives its seat a turn (``lord home`` is always an answer; with the
    reading ``lord_may_stay_home = false`` only while a court space is open to it, judged as if
    gold were no object, so a turn never hinges on hidden gold)."""
    if not in_play(state) or state["seats"][seat]["lord"] != HOME:
        return False
    if engine.data["henry_v"]["engine"]["lord_may_stay_home"]:
        return True
    rich = {**state["seats"][seat], "gold": 10**6, "squires": 10**6}
    return bool(_lord_places(engine.data, state, seat, rich))


def lord_moves(engine: Engine, state: State, seat: int) -> list[Lord]:
    """The seat's lord placements (H2.3), then ``lord home`` (H2.2)."""
    if not in_play(state) or state["seats"][seat]["lord"] != HOME:
        return []
    found = _lord_places(engine.data, state, seat, state["seats"][seat])
    if engine.data["henry_v"]["engine"]["lord_may_stay_home"] or not found:
        found.append(Lord(HOME))
    return found


def _lord_places(data: dict[str, Any], state: State, seat: int, me: dict[str, Any]) -> list[Lord]:
    """Every affordable lord placement that takes a free space or expels (H2.3). Totals and
    costs are summed inline: this runs on every phase-1 turn of a simulation."""
    hv = data["henry_v"]
    lord = hv["lord"]
    escorts = [0] + (sorted(set(state["forces"][seat]["court"])) if lord["escort_knights"] else [])
    tudor_ok = me["privileges"]["tudor_knight"] > 0 and "lord" in hv["privileges"]["tudor_knight"]["with"]
    tudors = (0, int(hv["privileges"]["tudor_knight"]["strength"])) if tudor_ok else (0,)
    most = min(int(lord["bishops"]), bishops_free(data, state))
    per_bishop = _needs(lord["bishop_cost"])
    on_placement = hv["engine"]["office_cost_paid"] == "on_placement"
    found: list[Lord] = []
    for space in spaces(data):
        occ = state["court_spaces"][space]
        if occ is not None and occ["seat"] == seat:
            continue
        beat = -1 if occ is None else lord_total(data, occ)
        need = _needs(space_cost(data, space)) if on_placement else {}
        for bishops in range(most + 1):
            if not _affords(me, need, per_bishop, bishops):
                break
            strength = lord["strength"] + bishops * lord["bishop_strength"]
            found += [
                _lord_move(space, escort, bool(tudor), bishops)
                for escort in escorts
                for tudor in tudors
                if strength + escort + tudor > beat  # H2.3: strictly more expels
            ]
    return found


def _affords(me: dict[str, Any], need: dict[str, int], per_bishop: dict[str, int], bishops: int) -> bool:
    for key, n in need.items():
        if me[key] < n + per_bishop.get(key, 0) * bishops:
            return False
    return all(me[key] >= n * bishops + need.get(key, 0) for key, n in per_bishop.items())


def _needs(costs: list[dict[str, Any]]) -> dict[str, int]:
    """A cost list as seat holding -> amount."""
    need: dict[str, int] = {}
    for cost in costs:
        key = m.HOLDING[cost["resource"]]
        need[key] = need.get(key, 0) + int(cost["amount"])
    return need


_LORDS: dict[tuple[str, int, bool, int], Lord] = {}


def _lord_move(space: str, escort: int, tudor: bool, bishops: int) -> Lord:
    key = (space, escort, tudor, bishops)
    move = _LORDS.get(key)
    if move is None:
        move = _LORDS[key] = Lord(space, escort, tudor, bishops)
    return move


def place_lord(engine: Engine, state: State, seat: int, move: Lord, events: Events) -> None:
    """H2.3: costs into the treasury, the escort from court, bishops from the board; an occupant
    is expelled (H2.4). ``lord home``: the lord sits this round out (H2.2)."""
    state["turn_done"] = True
    if move.space == HOME:
        m.seat_set(state, seat, lord=WITHDRAWN)
        events.append(say("{p} keeps their lord at home this round.", p=f"{{p{seat}}}"))
        state["last_move"] = {"seat": seat, "move": move.to_text(), "where": None, "places": [f"lord:{seat}"]}
        return
    data = engine.data
    name = space_name(data, move.space)
    costs = _lord_costs(data, move.space, move.bishops)
    office_costs = bool(_lord_costs(data, move.space, 0))
    pay(state, seat, costs, _cost_why(name, move.bishops, office_costs), events)
    if move.tudor:
        _hold(state, seat, "tudor_knight", -1)
    if move.knight:
        court = state["forces"][seat]["court"][:]
        court.remove(move.knight)
        m.force_set(state, seat, court=court)
    mine = {"seat": seat, "escort": move.knight, "tudor": move.tudor, "bishops": move.bishops}
    occ = state["court_spaces"][move.space]
    if occ is not None:
        _send_home(state, occ)
    if type(events) is not Wordless:  # a word-free simulation formats nothing
        events.append(_lord_placed(data, seat, name, move, mine, occ))
    state["court_spaces"] = {**state["court_spaces"], move.space: mine}
    m.seat_set(state, seat, lord=move.space)
    state["last_move"] = {
        "seat": seat,
        "move": move.to_text(),
        "where": f"court:{move.space}",
        "places": [f"court:{move.space}"],
    }


def _lord_placed(
    data: dict[str, Any], seat: int, name: str, move: Lord, mine: dict[str, Any], occ: dict[str, Any] | None
) -> str:
    """The event of a lord placement: its strength and what makes it, whom it expels (H2.3, H2.4)."""
    values = {"p": f"{{p{seat}}}", "office": name, "strength": lord_total(data, mine)}
    parts = [say("knight {strength}", strength=move.knight)] * bool(move.knight)
    parts += [say("Tudor knight")] * move.tudor + [amount("bishop", move.bishops)] * bool(move.bishops)
    if occ is None and not parts:
        return say("{p} places their lord on the {office} (strength {strength}).", **values)
    if occ is None:
        return say(
            "{p} places their lord on the {office} (strength {strength}: {escort}).",
            escort=", ".join(parts),
            **values,
        )
    values |= {"other": f"{{p{occ['seat']}}}", "other_n": lord_total(data, occ)}
    if not parts:
        return say(
            "{p} places their lord on the {office} (strength {strength}), expelling {other}'s lord "
            "(strength {other_n}), who goes home.",
            **values,
        )
    return say(
        "{p} places their lord on the {office} (strength {strength}: {escort}), expelling {other}'s "
        "lord (strength {other_n}), who goes home.",
        escort=", ".join(parts),
        **values,
    )


def _send_home(state: State, occ: dict[str, Any]) -> None:
    """H2.4 and H5.1: the lord goes home, its escort back to court; its Tudor knight and bishops
    return to the supply and the board (derived: they stop standing at court)."""
    m.seat_set(state, occ["seat"], lord=HOME)
    if occ["escort"]:
        m.court_add(state, occ["seat"], occ["escort"])


def _hold(state: State, seat: int, kind: str, change: int) -> None:
    held = state["seats"][seat]["privileges"]
    m.seat_set(state, seat, privileges={**held, kind: held[kind] + change})


def why_not_lord(engine: Engine, state: State, seat: int, move: Lord) -> str:
    """Why a lord placement is refused, in words."""
    if not in_play(state):
        return say("There are no lords in this game (option henry_v is off).")
    lord = state["seats"][seat]["lord"]
    if lord != HOME:
        return (
            say("Your lord is not at home: it is placed once per round.")
            if lord != WITHDRAWN
            else say("Your lord stays home this round.")
        )
    if move.space != HOME and move.space not in state["court_spaces"]:
        names = ", ".join(state["court_spaces"])
        return say(
            "There is no court space '{space}' (spaces: {spaces}, or home).", space=move.space, spaces=names
        )
    if move.knight and move.knight not in state["forces"][seat]["court"]:
        return say(
            "There is no strength-{strength} knight in your court to escort your lord.", strength=move.knight
        )
    if move.tudor and not state["seats"][seat]["privileges"]["tudor_knight"]:
        return say("You hold no Tudor knight.")
    most = engine.data["henry_v"]["lord"]["bishops"]
    if move.bishops > min(most, bishops_free(engine.data, state)):
        return say("At most {n} bishops, and only those on the regal board.", n=most)
    if move.space == HOME:
        return say("Place your lord while a court space is open to it (reading lord_may_stay_home = false).")
    if not can_pay(state["seats"][seat], _lord_costs(engine.data, move.space, move.bishops)):
        return say("You cannot pay for that (the space's cost and the bishops' vote markers).")
    occ = state["court_spaces"].get(move.space)
    name = space_name(engine.data, move.space)
    beat = 0 if occ is None else lord_total(engine.data, occ)
    return say("To expel the lord on the {office} your lord must be stronger than {n}.", office=name, n=beat)


# -- phase 1: privileges with knights (H2.5-H2.7) ------------------------------------------------


def tudor_bonus(engine: Engine, state: State, force: int) -> int:
    """What a held Tudor knight could add to a county knight of ``force`` (public: held
    privileges are in the open), so a turn is judged with it."""
    if not in_play(state) or m.is_ally(state, force):
        return 0
    tudor = engine.data["henry_v"]["privileges"]["tudor_knight"]
    held = state["seats"][force]["privileges"]["tudor_knight"]
    return int(tudor["strength"]) if held and "county" in tudor["with"] else 0


def privilege_places(
    engine: Engine,
    state: State,
    seat: int,
    squires: int,
    counties: list[tuple[str, int, int]],
    cards: list[str],
) -> list[Place]:
    """Placements of own knights that spend a privilege (the plain ones are listed by
    placement.py): counties with a Tudor knight and/or a shield, conflicts with a Tudor knight
    and/or an archer. ``counties``: (letter, minimum, occupant total or -1) open to the seat."""
    if not in_play(state):
        return []
    court = sorted(set(state["forces"][seat]["court"]))
    found: list[Place] = []
    for strength in court:
        found += _county_privileges(engine, state, seat, strength, squires, counties)
        found += _conflict_privileges(engine, state, seat, strength, cards)
    return found


def _usable(engine: Engine, state: State, seat: int, kind: str, where: str) -> bool:
    info = engine.data["henry_v"]["privileges"][kind]
    return bool(state["seats"][seat]["privileges"][kind]) and where in info["with"]


def _county_privileges(
    engine: Engine, state: State, seat: int, strength: int, squires: int, counties: list[tuple[str, int, int]]
) -> list[Place]:
    tudors = (False, True) if _usable(engine, state, seat, "tudor_knight", "county") else (False,)
    shields = (False, True) if _usable(engine, state, seat, "shield", "county") else (False,)
    if len(tudors) == len(shields) == 1:
        return []  # no privilege to spend here (the loops below would find nothing)
    bonus = int(engine.data["henry_v"]["privileges"]["tudor_knight"]["strength"])
    found: list[Place] = []
    for letter, minimum, total in counties:
        target = f"county:{letter}"
        for tudor in tudors:
            base = strength + bonus * tudor  # H2.6: the Tudor knight counts toward the minimum
            if base < minimum:
                continue
            need = 0 if total < 0 else max(0, total + 1 - base)
            marks = [shield for shield in shields if tudor or shield]
            for sq in range(need, squires + 1):
                for shield in marks:
                    found.append(_place(strength, target, sq, tudor, shield, False))
    return found


def archer_room(card: dict[str, Any], force: int) -> bool:
    """H2.7: after the force's knight goes on ``card``, the space below its space is free."""
    spaces = card["spaces"]
    own = [i for i, sp in enumerate(spaces) if sp["force"] == force and not sp.get("archer")]
    if not own:
        return len(spaces) + 1 < 3
    return own[0] == len(spaces) - 1 and len(spaces) < 3


def _conflict_privileges(
    engine: Engine, state: State, seat: int, strength: int, cards: list[str]
) -> list[Place]:
    tudors = (False, True) if _usable(engine, state, seat, "tudor_knight", "conflict") else (False,)
    archer_cost = engine.data["henry_v"]["privileges"]["archer"]["cost"]
    archer_ok = _usable(engine, state, seat, "archer", "conflict") and can_pay(
        state["seats"][seat], archer_cost
    )
    if len(tudors) == 1 and not archer_ok:
        return []  # no privilege to spend here (the loop below would find nothing)
    found: list[Place] = []
    for cid in cards:
        card = next(c for c in state["conflicts"] if c["id"] == cid)
        archers = (False, True) if archer_ok and archer_room(card, seat) else (False,)
        found += [
            _place(strength, f"conflict:{cid}", 0, tudor, False, archer)
            for tudor in tudors
            for archer in archers
            if tudor or archer
        ]
    return found


_PLACES: dict[tuple[int, str, int, bool, bool, bool], Place] = {}


def _place(strength: int, target: str, squires: int, tudor: bool, shield: bool, archer: bool) -> Place:
    key = (strength, target, squires, tudor, shield, archer)
    move = _PLACES.get(key)
    if move is None:
        move = _PLACES[key] = Place(strength, target, squires, False, tudor, shield, archer)
    return move


def spend(engine: Engine, state: State, seat: int, move: Place) -> None:
    """The privileges a placement names leave the player's hand (they stand on the board now)."""
    for kind, used in (("tudor_knight", move.tudor), ("shield", move.shield), ("archer", move.archer)):
        if used:
            _hold(state, seat, kind, -1)


def county_marks(engine: Engine, move: Place) -> dict[str, Any]:
    """What a county occupant carries besides its knight (H2.5, H2.6)."""
    marks: dict[str, Any] = {}
    if move.tudor:
        marks["tudor"] = True
        marks["extra"] = int(engine.data["henry_v"]["privileges"]["tudor_knight"]["strength"])
    if move.shield:
        marks["shield"] = True
    return marks


def county_words(occupant: dict[str, Any]) -> str:
    """The privileges on a county knight, for events ("" when none)."""
    kinds = [say("a Tudor knight")] * bool(occupant.get("tudor")) + [say("a shield")] * bool(
        occupant.get("shield")
    )
    return " and ".join(kinds)


def conflict_spaces(
    engine: Engine, state: State, seat: int, move: Place, cards: list[dict[str, Any]], events: Events
) -> list[dict[str, Any]]:
    """H2.6 and H2.7: the card's spaces after the knight went on: its Tudor knight on its space,
    its archer on the space below (paid into the treasury)."""
    if not (move.tudor or move.archer):
        return cards
    info = engine.data["henry_v"]["privileges"]
    spaces = [dict(sp) for sp in cards]
    own = next(sp for sp in spaces if sp["force"] == seat and not sp.get("archer"))
    if move.tudor:
        own["tudor"] = int(own.get("tudor", 0)) + 1
        own["extra"] = int(own.get("extra", 0)) + int(info["tudor_knight"]["strength"])
        bonus = info["tudor_knight"]["strength"]
        events.append(say("{p}'s knight is joined by a Tudor knight (+{n}).", p=f"{{p{seat}}}", n=bonus))
    if move.archer:
        pay(state, seat, info["archer"]["cost"], say("an archer"), events)
        strength = int(info["archer"]["strength"])
        spaces.append({"force": seat, "knights": [], "archer": True, "extra": strength})
        events.append(
            say(
                "{p}'s archer (strength {strength}) takes space {n}.",
                p=f"{{p{seat}}}",
                strength=strength,
                n=len(spaces),
            )
        )
    return spaces


def why_not_privilege(engine: Engine, state: State, seat: int, move: Place) -> str | None:
    """Why a placement naming privileges is refused (None: the privileges are fine)."""
    if not in_play(state):
        return say("There are no privileges in this game (option henry_v is off).")
    if move.ally:
        return say("Allies never use privileges.")
    kind = move.target.partition(":")[0]
    held = state["seats"][seat]["privileges"]
    info = engine.data["henry_v"]["privileges"]
    for name, used in (("tudor_knight", move.tudor), ("shield", move.shield), ("archer", move.archer)):
        if used and not held[name]:
            return say("You hold no {privilege}.", privilege=info[name]["name"])
        if used and kind not in info[name]["with"]:
            return say(
                "A {privilege} goes only with a knight in: {places}.",
                privilege=info[name]["name"],
                places=", ".join(info[name]["with"]),
            )
    if move.archer and not can_pay(state["seats"][seat], info["archer"]["cost"]):
        return say(
            "An archer costs {goods}.",
            goods=effects_words([{"type": "gain", **c} for c in info["archer"]["cost"]]),
        )
    if move.archer:
        return say("An archer needs the space directly below your knight on that card to be free.")
    return None


# -- phase 3: offices before counties (H4) ------------------------------------------------------


def reward_tasks(state: State, data: dict[str, Any]) -> list[m.Task]:
    """H4.1: the offices in their order, then the treasury, before everything else of phase 3."""
    if not in_play(state):
        return []
    return [{"task": "office", "space": space} for space in spaces(data)]


def fill(engine: Engine, state: State, space: str, events: Events) -> None:
    """H4.1 (and H4.2 with ``office_cost_paid = on_filling``): the lord's owner gains the office's
    reward; the treasury's lord takes all in it, or ``empty_reward`` when it is empty."""
    occ = state["court_spaces"][space]
    if occ is None:
        return
    seat, data = occ["seat"], engine.data
    name = space_name(data, space)
    at = f"court:{space}"
    if space == TREASURY:
        held = state["treasury"]
        if any(held.values()):
            for key, count in held.items():
                if count:
                    m.seat_add(state, seat, key, count)
            state["treasury"] = dict.fromkeys(held, 0)
            resource = {key: name for name, key in m.HOLDING.items()}  # "squires" -> "squire"
            got = ", ".join(amount(resource.get(k, k), n) for k, n in held.items() if n)
            events.append(say("{p} takes the treasury: {goods}.", p=f"{{p{seat}}}", goods=got))
            return
        effects = data["henry_v"]["treasury"]["empty_reward"]
        events.append(
            say(
                "The treasury is empty: {p}'s lord there gains {effects}.",
                p=f"{{p{seat}}}",
                effects=effects_words(effects),
            )
        )
    else:
        if data["henry_v"]["engine"]["office_cost_paid"] == "on_filling":
            costs = space_cost(data, space)
            if not can_pay(state["seats"][seat], costs):
                events.append(
                    say(
                        "{p} cannot pay for the {office}: the office gives nothing.",
                        p=f"{{p{seat}}}",
                        office=name,
                    )
                )
                return
            pay(state, seat, costs, say("the {office}", office=name), events)
        effects = data["henry_v"]["offices"][space]["reward"]
        events.append(
            say(
                "The {office} rewards {p}: {effects}.",
                office=name,
                p=f"{{p{seat}}}",
                effects=effects_words(effects),
            )
        )
    m.queue_first(state, [m.effect_task(seat, e, SOURCE, at) for e in effects])


def gain_privilege(
    engine: Engine, state: State, force: int, effect: dict[str, Any], events: Events
) -> None:
    """``gain_privilege``: from the regal supply, at most what is there (H4.1); allies none (H7.1)."""
    if m.is_ally(state, force) or not in_play(state):
        return
    kind = effect["privilege"]
    name = engine.data["henry_v"]["privileges"][kind]["name"]
    got = min(int(effect["amount"]), supply(engine.data, state)[kind])
    if got:
        _hold(state, force, kind, got)
        events.append(
            say("{p} gains {goods}.", p=f"{{p{force}}}", goods=effect_words({**effect, "amount": got}))
        )
    else:
        events.append(
            say("No {privilege} is left in the regal supply for {p}.", privilege=name, p=f"{{p{force}}}")
        )


# -- end of round, scoring (H5, H6) ---------------------------------------------------------------


def end_round(state: State) -> None:
    """H5.1: lords go home (withdrawn ones too), escorts to court; Tudor knights and bishops with
    the lords return to the supply and the board (derived)."""
    if not in_play(state):
        return
    for occ in state["court_spaces"].values():
        if occ is not None:
            _send_home(state, occ)
    state["court_spaces"] = dict.fromkeys(state["court_spaces"])
    for seat, me in enumerate(state["seats"]):
        if me["lord"] != HOME:
            m.seat_set(state, seat, lord=HOME)


def points(data: dict[str, Any], state: State, seat: int) -> int:
    """H6.1: the final score line "seals"."""
    return int(state["seats"][seat]["seals"]) * int(data["henry_v"]["seal_points"])


def seals_shown(data: dict[str, Any], state: State, viewer: int | None, seat: int) -> bool:
    """S2/S4: seals are public unless the reading ``seals_secret`` hides them like gold."""
    secret = bool(data["henry_v"]["engine"]["seals_secret"])
    return not secret or state["players"] == 2 or viewer == seat


# -- view (S2) ----------------------------------------------------------------------------------


class CourtLord(TypedDict):
    seat: int
    escort: int
    tudor: bool
    bishops: int
    total: int


class CourtSpace(TypedDict):
    space: str
    name: str
    cost: str
    reward: str
    lord: CourtLord | None


class HenrySeat(TypedDict):
    seat: int
    lord: str
    seals: int | None
    privileges: dict[str, int]


class HenryView(TypedDict):
    """The public part (S2): court spaces with lords, treasury, bishops, supply, each seat's lord,
    seals and privileges; privileges on county knights and conflict spaces."""

    court: list[CourtSpace]
    treasury: dict[str, int]
    bishops: int
    supply: dict[str, int]
    seats: list[HenrySeat]
    counties: dict[str, list[str]]
    conflicts: dict[str, list[dict[str, Any]]]
    seal_points: int
    provisional: bool


def _court(data: dict[str, Any], state: State) -> list[CourtSpace]:
    hv = data["henry_v"]
    found: list[CourtSpace] = []
    for space in spaces(data):
        occ = state["court_spaces"][space]
        reward = hv["treasury"]["empty_reward"] if space == TREASURY else hv["offices"][space]["reward"]
        lord: CourtLord | None = None
        if occ is not None:
            lord = {
                "seat": int(occ["seat"]),
                "escort": int(occ["escort"]),
                "tudor": bool(occ["tudor"]),
                "bishops": int(occ["bishops"]),
                "total": lord_total(data, occ),
            }
        cost = space_cost(data, space)
        found.append(
            {
                "space": space,
                "name": space_name(data, space),
                "cost": " + ".join(amount(c["resource"], c["amount"]) for c in cost) or say("free"),
                "reward": say("all in the treasury (if empty: {effects})", effects=effects_words(reward))
                if space == TREASURY
                else effects_words(reward),
                "lord": lord,
            }
        )
    return found


def view(data: dict[str, Any], state: State, viewer: int | None) -> HenryView | None:
    if not in_play(state):
        return None
    counties = {
        letter: [k for k in ("tudor", "shield") if occ.get(k)]
        for letter, occ in state["counties"].items()
        if occ is not None and (occ.get("tudor") or occ.get("shield"))
    }
    conflicts = {
        card["id"]: [
            {"space": i, "archer": bool(sp.get("archer")), "tudor": int(sp.get("tudor", 0))}
            for i, sp in enumerate(card["spaces"])
        ]
        for card in state["conflicts"]
    }
    seats: list[HenrySeat] = [
        {
            "seat": i,
            "lord": str(me["lord"]),
            "seals": int(me["seals"]) if seals_shown(data, state, viewer, i) else None,
            "privileges": dict(me["privileges"]),
        }
        for i, me in enumerate(state["seats"])
    ]
    return {
        "court": _court(data, state),
        "treasury": dict(state["treasury"]),
        "bishops": bishops_free(data, state),
        "supply": supply(data, state),
        "seats": seats,
        "counties": counties,
        "conflicts": conflicts,
        "seal_points": int(data["henry_v"]["seal_points"]),
        "provisional": any(path.startswith(("henry_v.", "extra_laws.")) for path in data["provisional"]),
    }
