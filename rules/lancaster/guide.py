"""Guided turns for Lancaster (rules.core ``move_steps`` and ``preview``; issue 12 item 2).

A knight placement is offered as: the knight (its strength; an ally's in the two-player game),
where (counties, the castle, conflicts), the place (its name, what it needs and gives), then the
squires (with the strength reached); other moves keep one step each. The preview places the
knight on a copy (``placement.place``): that step draws nothing, so it tells nothing hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core import Step, move_label, say
from rules.lancaster import henry, placement, queenie
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

AREAS = {"county": say("Counties"), "castle": say("Your castle"), "conflict": say("Conflicts")}


def _knight_step(move: Place) -> Step:
    label = (
        say("Ally knight {strength}", strength=move.strength)
        if move.ally
        else say("Knight {strength}", strength=move.strength)
    )
    return Step(f"{'ally' if move.ally else 'own'}{move.strength}", label)


def _county_step(engine: Engine, state: State, letter: str) -> Step:
    county = engine.data["counties"][letter]
    parts = [
        say("needs strength {strength}", strength=county["min_strength"]),
        say("gives {effects}", effects=effects_words(county["reward"])),
    ]
    if queenie.in_play(state) and letter in state["reward_tiles"]:  # Queenie: the tile beside it
        tile = effects_words(queenie.tiles(engine.data, state)[letter])
        parts.append(say("reward tile: {effects}", effects=tile))
    held = state["counties"][letter]
    if held is not None:
        total = held["strength"] + held["squires"] + held.get("extra", 0)  # its Tudor knight too
        parts.insert(
            0, say("held by {p} ({total}): beat it", p=m.force_name(state, held["force"]), total=total)
        )
    return Step(f"county:{letter}", f"{letter} {county['name']}", "; ".join(parts)[:100])


def _castle_step(engine: Engine, space: str, ally: bool) -> Step:
    spaces = engine.data["ally"]["castle"] if ally else engine.data["castle"]
    data = spaces[space]
    return Step(
        f"castle:{space}",
        str(data["name"])[:80],  # the space's name (its id X1 is notation); a catalogued name
        say("gives {effects}", effects=effects_words(data["reward"]))[:100],
    )


def _conflict_step(engine: Engine, state: State, card_id: str) -> Step:
    card = next(c for c in state["conflicts"] if c["id"] == card_id)
    data = engine.data["conflicts"][card_id]
    parts = [say("France {strength}", strength=data.get("france", "?"))]
    if data.get("pp"):
        parts.append(say("PP {points}", points="/".join(str(p) for p in data["pp"])))
    parts.append(say("{n} of 3 spaces taken", n=len(card["spaces"])))
    return Step(f"conflict:{card_id}", say("Conflict {conflict}", conflict=card_id), "; ".join(parts)[:100])


def _henry_step(move: Place) -> Step:
    """Henry V's privileges spent with the knight (H2.5-H2.7): the last step, so moves that differ
    only by them are told apart (every move is reached by exactly one walk)."""
    flags = [("T", say("Tudor knight +2"), move.tudor), ("s", say("shield"), move.shield)]
    flags.append(("a", say("archer"), move.archer))
    spent = [(k, w) for k, w, on in flags if on]
    key = "h" + "".join(k for k, _ in spent)
    if not spent:
        return Step(key, say("No Henry V privilege"))
    return Step(key, say("With {privileges}", privileges=" and ".join(w for _, w in spent)))


def _place_steps(
    engine: Engine, state: State, move: Place, privileged: bool, tudor: int = 0
) -> tuple[Step, ...]:
    """``privileged``: some move on offer spends a Henry V privilege, so every placement ends
    with that step; without one it would only repeat "No Henry V privilege" on every choice.
    ``tudor``: what a Tudor knight chosen after the squires would add (0: none is offered)."""
    steps = _plain_place_steps(engine, state, move, tudor)
    return (*steps, _henry_step(move)) if privileged else steps


def _tudor_follows(moves: Sequence[LancasterMove]) -> set[tuple[int, str, int]]:
    """The county placements (knight, target, squires) offered with a Tudor knight too: their
    squires step says the strength with it, since the Tudor choice only comes after (playtest)."""
    return {
        (move.strength, move.target, move.squires)
        for move in moves
        if isinstance(move, Place) and move.tudor and move.target.startswith("county:")
    }


def _spends_privilege(move: LancasterMove) -> bool:
    return isinstance(move, Place) and (move.tudor or move.shield or move.archer)


def _plain_place_steps(engine: Engine, state: State, move: Place, tudor: int = 0) -> tuple[Step, ...]:
    kind, _, where = move.target.partition(":")
    if kind == "tower":  # The King's Resentment (R2)
        return (_knight_step(move), Step(kind, say("Tower")), Step(move.target, say("Into the tower")))
    if kind not in AREAS:  # a place of another expansion: in its own words
        return (_knight_step(move), Step(kind, kind.capitalize()), Step(move.target, move_label(move)[:80]))
    area = Step(kind, say("Your ally's castle") if kind == "castle" and move.ally else AREAS[kind])
    if kind == "county":
        squires = Step(f"q{move.squires}", _squires_words(move, tudor))
        return (_knight_step(move), area, _county_step(engine, state, where), squires)
    if kind == "castle":
        return (_knight_step(move), area, _castle_step(engine, where, move.ally))
    return (_knight_step(move), area, _conflict_step(engine, state, where))


def _squires_words(move: Place, tudor: int) -> str:
    """The squires step of a county placement: the strength it makes, and with the Tudor knight
    when that choice follows (``tudor``: its strength; 0: not offered)."""
    strength = move.strength + move.squires
    if not tudor:
        if not move.squires:
            return say("No squires: strength {strength}", strength=strength)
        return say(
            "{squires}: strength {strength}", squires=amount("squire", move.squires), strength=strength
        )
    values = {"strength": strength, "tudor": strength + tudor}
    if not move.squires:
        return say("No squires: strength {strength}, {tudor} with the Tudor knight", **values)
    return say(
        "{squires}: strength {strength}, {tudor} with the Tudor knight",
        squires=amount("squire", move.squires),
        **values,
    )


def _lord_steps(engine: Engine, state: State, move: Lord) -> tuple[Step, ...]:
    """Henry V (H2.3): the lord, the court space (its cost, who holds it), then the strength it
    reaches with its escort, Tudor knight and bishops; or keeping it home (H2.2)."""
    lord = Step("lord", say("Your lord"), say("to an office or the treasury, or kept at home"))
    if move.space == henry.HOME:
        return (lord, Step("home", say("Keep your lord at home this round")))
    data = engine.data
    parts = []
    costs = [c for c in henry.space_cost(data, move.space) if c["amount"]]
    if costs:
        parts.append(
            say("costs {goods}", goods=", ".join(amount(c["resource"], int(c["amount"])) for c in costs))
        )
    held = state["court_spaces"][move.space]
    if held is not None:
        parts.insert(
            0,
            say(
                "held by {p} ({total}): beat it", p=f"{{p{held['seat']}}}", total=henry.lord_total(data, held)
            ),
        )
    space = Step(f"court:{move.space}", henry.space_name(data, move.space), "; ".join(parts)[:100])
    return (lord, space, _lord_strength_step(data, move))


def _lord_strength_step(data: dict[str, Any], move: Lord) -> Step:
    mine = {"escort": move.knight, "tudor": move.tudor, "bishops": move.bishops}
    parts = [say("knight {strength}", strength=move.knight)] * bool(move.knight)
    parts += [say("Tudor knight")] * move.tudor + [amount("bishop", move.bishops)] * bool(move.bishops)
    key = f"k{move.knight}t{int(move.tudor)}b{move.bishops}"
    strength = henry.lord_total(data, mine)
    label = (
        say("Strength {strength}: {escort}", strength=strength, escort=", ".join(parts))
        if parts
        else say("Strength {strength}: the lord alone", strength=strength)
    )
    costs = ", ".join(
        amount(c["resource"], int(c["amount"]) * move.bishops) for c in data["henry_v"]["lord"]["bishop_cost"]
    )
    return Step(
        key, label[:80], say("the bishops cost {goods}", goods=costs) if move.bishops and costs else ""
    )


def move_steps(engine: Engine, state: State, moves: Sequence[LancasterMove]) -> list[tuple[Step, ...]]:
    """Each move as the steps of a guided turn (see the module docstring)."""
    out: list[tuple[Step, ...]] = []
    privileged = henry.in_play(state) and any(_spends_privilege(move) for move in moves)
    tudors = _tudor_follows(moves) if privileged else set()
    bonus = int(engine.data["henry_v"]["privileges"]["tudor_knight"]["strength"]) if tudors else 0
    for move in moves:
        if isinstance(move, Place):
            tudor = bonus if (move.strength, move.target, move.squires) in tudors else 0
            out.append(_place_steps(engine, state, move, privileged, tudor))
        elif isinstance(move, Pass):
            out.append((Step("pass", say("Pass: keep your knights in court")),))
        elif isinstance(move, Lord):
            out.append(_lord_steps(engine, state, move))
        elif isinstance(move, Extension) and move.space in engine.data["castle"]:  # what it pays
            effects = effects_words(engine.data["castle"][move.space]["reward"])[:100]
            out.append((Step(move.to_text(), answer_words(engine, move)[:80], effects),))
        elif isinstance(move, Take):
            out.append(
                (Step(move.to_text(), answer_words(engine, move)[:80], _take_detail(engine, state, move)),)
            )
        else:
            out.append((Step(move.to_text(), answer_words(engine, move, state)[:80]),))
    return out


def _take_detail(engine: Engine, state: State, move: Take) -> str:
    """8.1: which noble, which reward (the buttons say only "The noble", "The reward"), and why
    "both" is missing when it is; "" outside a county's choice."""
    decision = state.get("pending") or {}
    letter = decision.get("county")
    if decision.get("kind") != "county" or letter is None:
        return ""
    data = engine.data
    stack = state["noble_stacks"][letter]
    noble = str(data["nobles"][stack["noble"]]["name"])
    reward = data["counties"][letter]["reward"]
    if decision.get("ally"):
        allowed = data["ally"]["county_effects"]
        reward = [e for e in reward if e["type"] in allowed]
        if move.choice == "noble":
            return say("{name}, removed from the game", name=noble)[:100]
    said = effects_words(reward)
    if move.choice == "noble":
        return noble[:100]
    if move.choice == "both":
        return say("{name} and {effects}", name=noble, effects=said)[:100]
    me = state["seats"][decision["seat"]]
    if decision.get("ally") or stack["left"] == 0:
        return said[:100]
    if stack["noble"] in me["nobles"]:
        return say("{effects} (you already have this noble)", effects=said)[:100]
    cost = data["both_cost_gold"]
    if me["gold"] < cost:
        return say("{effects} (both would cost {gold_n} gold)", effects=said, gold_n=cost)[:100]
    return said[:100]


def answer_words(engine: Engine, move: LancasterMove, state: State | None = None) -> str:
    """A decision's answer in words for its button (issue 12 item 8: never "upgrade county:B",
    "favor 4" or "start p1"; ``{pN}`` is a seat the bot names). With the ``state`` it is asked
    in, an upgrade names the strength of the knight in that place too."""
    data = engine.data
    if isinstance(move, Vote):
        return _vote_words(move)
    if isinstance(move, Favor):
        effects = effects_words(data["kings_favor"][move.tile - 1])
        return say("King's Favor {tile}: {effects}", tile=move.tile, effects=effects)
    if isinstance(move, Upgrade):
        return _upgrade_words(data, move, _knight_strengths(state))
    if isinstance(move, Extension):
        where = place_words(data, f"castle:{move.space}")
        return say("No extension") if move.space == "none" else say("Extension {where}", where=where)
    if isinstance(move, Noble):
        return say("The noble {where}", where=place_words(data, "county:" + move.county))
    if isinstance(move, Take):
        if move.choice == "both":
            return say("Both (pay {n} gold)", n=data["both_cost_gold"])
        return {"noble": say("The noble"), "reward": say("The reward")}.get(move.choice, move.choice)
    if isinstance(move, Buy):
        if not move.times:  # also the move's words in the log, where "None" said nothing (playtest)
            return say("Pay nothing")
        return {1: say("Once"), 2: say("Twice")}.get(move.times) or say("{n} times", n=move.times)
    if isinstance(move, Start):
        return say("{p} starts", p=f"{{p{move.seat}}}")
    if isinstance(move, Ransom):
        if not move.strength:
            return say("No ransom")
        gold = move.strength * data["ransom_gold_per_strength"]
        return say("Ransom the strength-{strength} knight ({n} gold)", strength=move.strength, n=gold)
    return move_label(move)


def _vote_words(move: Vote) -> str:
    if move.markers:
        markers = amount("vote_marker", move.markers)
        return (
            say("Yes, with {markers}", markers=markers)
            if move.yes
            else say("No, with {markers}", markers=markers)
        )
    return say("Yes, without markers") if move.yes else say("No, without markers")


def _knight_strengths(state: State | None) -> dict[str, int]:
    """Place -> strength of the knights of the force whose upgrade is asked in ``state``."""
    if state is None:
        return {}
    decision = state["pending"]
    if decision is None or decision.get("kind") != "upgrade" or "force" not in decision:
        return {}
    return dict(m.knight_locations(state, decision["force"], deployed_only=False))


def _upgrade_words(data: dict[str, Any], move: Upgrade, strengths: dict[str, int]) -> str:
    if move.where == "none":
        return say("No upgrade")
    kind, _, rest = move.where.partition(":")
    where = place_words(data, move.where)
    if kind in ("court", "conflict"):  # several knights there: which one (the place says it)
        strength = rest.rpartition(":")[2] if kind == "conflict" else rest
        return say("Upgrade the strength-{strength} knight {where}", strength=strength, where=where)
    if move.where in strengths:  # one knight there, but players must know which (playtest)
        strength = str(strengths[move.where])
        return say("Upgrade the strength-{strength} knight {where}", strength=strength, where=where)
    return say("Upgrade the knight {where}", where=where)


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
        events.append(say("You pay {goods}.", goods=amount("squire", move.squires)))
    return "\n".join(events)
