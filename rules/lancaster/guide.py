"""Guided turns for Lancaster (rules.core ``move_steps`` and ``preview``; issue 12 item 2).

A knight placement is offered as: the knight (its strength; an ally's in the two-player game),
where (counties, the castle, conflicts), the place (its name, what it needs and gives), then the
squires (with the strength reached); other moves keep one step each. The preview places the
knight on a copy (``placement.place``): that step draws nothing, so it tells nothing hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core import Step, move_label
from rules.lancaster import henry, placement
from rules.lancaster import model as m
from rules.lancaster.engine import Engine
from rules.lancaster.moves import (
    Buy,
    Extension,
    Favor,
    LancasterMove,
    Lord,
    Noble,
    Pass,
    Place,
    Ransom,
    Start,
    Take,
    Upgrade,
    Vote,
)
from rules.lancaster.words import amount, effects_words, place_words

State = dict[str, Any]

AREAS = {"county": "Counties", "castle": "Your castle", "conflict": "Conflicts"}


def _knight_step(move: Place) -> Step:
    who = "Ally knight" if move.ally else "Knight"
    return Step(f"{'ally' if move.ally else 'own'}{move.strength}", f"{who} {move.strength}")


def _county_step(engine: Engine, state: State, letter: str) -> Step:
    county = engine.data["counties"][letter]
    parts = [f"needs strength {county['min_strength']}", f"gives {effects_words(county['reward'])}"]
    held = state["counties"][letter]
    if held is not None:
        total = held["strength"] + held["squires"]
        parts.insert(0, f"held by {m.force_name(state, held['force'])} ({total}): beat it")
    return Step(f"county:{letter}", f"{letter} {county['name']}", "; ".join(parts)[:100])


def _castle_step(engine: Engine, space: str, ally: bool) -> Step:
    spaces = engine.data["ally"]["castle"] if ally else engine.data["castle"]
    data = spaces[space]
    return Step(
        f"castle:{space}", f"{space} {data['name']}"[:80], f"gives {effects_words(data['reward'])}"[:100]
    )


def _conflict_step(engine: Engine, state: State, card_id: str) -> Step:
    card = next(c for c in state["conflicts"] if c["id"] == card_id)
    data = engine.data["conflicts"][card_id]
    parts = [f"France {data.get('france', '?')}"]
    if data.get("pp"):
        parts.append("PP " + "/".join(str(p) for p in data["pp"]))
    parts.append(f"{len(card['spaces'])} of 3 spaces taken")
    return Step(f"conflict:{card_id}", f"Conflict {card_id}", "; ".join(parts)[:100])


def _henry_step(move: Place) -> Step:
    """Henry V's privileges spent with the knight (H2.5-H2.7): the last step, so moves that differ
    only by them are told apart (every move is reached by exactly one walk)."""
    flags = (("Tudor knight +2", move.tudor), ("shield", move.shield), ("archer", move.archer))
    spent = [w for w, on in flags if on]
    key = "h" + "".join(w[0] for w in spent)
    return Step(key, "With " + " and ".join(spent) if spent else "No Henry V privilege")


def _place_steps(engine: Engine, state: State, move: Place) -> tuple[Step, ...]:
    steps = _plain_place_steps(engine, state, move)
    return (*steps, _henry_step(move)) if henry.in_play(state) else steps


def _plain_place_steps(engine: Engine, state: State, move: Place) -> tuple[Step, ...]:
    kind, _, where = move.target.partition(":")
    if kind not in AREAS:  # a place of an expansion (the King's Resentment tower): in its own words
        return (_knight_step(move), Step(kind, kind.capitalize()), Step(move.target, move_label(move)[:80]))
    area = Step(kind, "Your ally's castle" if kind == "castle" and move.ally else AREAS[kind])
    if kind == "county":
        strength = move.strength + move.squires
        squires = Step(
            f"q{move.squires}",
            f"No squires: strength {strength}"
            if not move.squires
            else f"{amount('squire', move.squires)}: strength {strength}",
        )
        return (_knight_step(move), area, _county_step(engine, state, where), squires)
    if kind == "castle":
        return (_knight_step(move), area, _castle_step(engine, where, move.ally))
    return (_knight_step(move), area, _conflict_step(engine, state, where))


def _lord_steps(engine: Engine, state: State, move: Lord) -> tuple[Step, ...]:
    """Henry V (H2.3): the lord, the court space (its cost, who holds it), then the strength it
    reaches with its escort, Tudor knight and bishops; or keeping it home (H2.2)."""
    lord = Step("lord", "Your lord", "to an office or the treasury, or kept at home")
    if move.space == henry.HOME:
        return (lord, Step("home", "Keep your lord at home this round"))
    data = engine.data
    parts = []
    costs = [c for c in henry.space_cost(data, move.space) if c["amount"]]
    if costs:
        parts.append("costs " + ", ".join(amount(c["resource"], int(c["amount"])) for c in costs))
    held = state["court_spaces"][move.space]
    if held is not None:
        parts.insert(0, f"held by {{p{held['seat']}}} ({henry.lord_total(data, held)}): beat it")
    space = Step(f"court:{move.space}", henry.space_name(data, move.space), "; ".join(parts)[:100])
    return (lord, space, _lord_strength_step(data, move))


def _lord_strength_step(data: dict[str, Any], move: Lord) -> Step:
    mine = {"escort": move.knight, "tudor": move.tudor, "bishops": move.bishops}
    parts = [f"knight {move.knight}"] * bool(move.knight) + ["Tudor knight"] * move.tudor
    if move.bishops:
        parts.append(f"{move.bishops} {'bishop' if move.bishops == 1 else 'bishops'}")
    key = f"k{move.knight}t{int(move.tudor)}b{move.bishops}"
    label = f"Strength {henry.lord_total(data, mine)}: " + (", ".join(parts) if parts else "the lord alone")
    costs = ", ".join(
        amount(c["resource"], int(c["amount"]) * move.bishops) for c in data["henry_v"]["lord"]["bishop_cost"]
    )
    return Step(key, label[:80], f"the bishops cost {costs}" if move.bishops and costs else "")


def move_steps(engine: Engine, state: State, moves: Sequence[LancasterMove]) -> list[tuple[Step, ...]]:
    """Each move as the steps of a guided turn (see the module docstring)."""
    out: list[tuple[Step, ...]] = []
    for move in moves:
        if isinstance(move, Place):
            out.append(_place_steps(engine, state, move))
        elif isinstance(move, Pass):
            out.append((Step("pass", "Pass: keep your knights in court"),))
        elif isinstance(move, Lord):
            out.append(_lord_steps(engine, state, move))
        else:
            out.append((Step(move.to_text(), answer_words(engine, move)[:80]),))
    return out


def answer_words(engine: Engine, move: LancasterMove) -> str:
    """A decision's answer in words for its button (issue 12 item 8: never "upgrade county:B",
    "favor 4" or "start p1"; ``{pN}`` is a seat the bot names)."""
    data = engine.data
    if isinstance(move, Vote):
        markers = f"with {amount('vote_marker', move.markers)}" if move.markers else "without markers"
        return f"{'Yes' if move.yes else 'No'}, {markers}"
    if isinstance(move, Favor):
        return f"King's Favor {move.tile}: {effects_words(data['kings_favor'][move.tile - 1])}"
    if isinstance(move, Upgrade):
        if move.where == "none":
            return "No upgrade"
        kind, _, rest = move.where.partition(":")
        strength = rest.rpartition(":")[2] if kind == "conflict" else rest
        knight = f"strength-{strength} knight" if kind in ("court", "conflict") else "knight"  # several there
        return f"Upgrade the {knight} {place_words(data, move.where)}"
    if isinstance(move, Extension):
        where = place_words(data, f"castle:{move.space}")
        return "No extension" if move.space == "none" else f"Extension {where}"
    if isinstance(move, Noble):
        return f"The noble {place_words(data, 'county:' + move.county)}"
    if isinstance(move, Take):
        both = f"Both (pay {data['both_cost_gold']} gold)"
        return {"noble": "The noble", "reward": "The reward", "both": both}.get(move.choice, move.choice)
    if isinstance(move, Buy):
        return "None" if not move.times else {1: "Once", 2: "Twice"}.get(move.times, f"{move.times} times")
    if isinstance(move, Start):
        return f"{{p{move.seat}}} starts"
    if isinstance(move, Ransom):
        gold = move.strength * data["ransom_gold_per_strength"]
        return f"Ransom the strength-{move.strength} knight ({gold} gold)" if move.strength else "No ransom"
    return move_label(move)


def preview(engine: Engine, state: State, player: int, move: LancasterMove) -> str:
    """What ``move`` will do: a placement played on a copy; other moves in their own words."""
    if isinstance(move, Lord):  # placed on a copy too: it draws nothing
        events: list[str] = []
        henry.place_lord(engine, m.clone(state), player, move, events)
        return "\n".join(events)
    if not isinstance(move, Place):
        return answer_words(engine, move)
    copy = m.clone(state)
    events = []
    placement.place(engine, copy, player, move, events)
    if move.squires:
        events.append(f"You pay {amount('squire', move.squires)}.")
    return "\n".join(events)
