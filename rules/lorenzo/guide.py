"""Guided turns for Lorenzo (rules.core ``move_steps`` and ``preview``; issue 12 item 2).

A placement is offered as: the family member (with its value), the area, the space (what it
costs and gives), the servants (with the value reached), then a preview of what the move does.
The preview plays the move on a copy up to the first question it asks, and never further: the
next placement turn, the round's end and its card draws are not reached, so it tells nothing the
player may not know yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rules.core import Step, copy_state, move_label, say, say_n
from rules.lorenzo import engine, spaces
from rules.lorenzo.data import ALL_TOWER_SPACES, CARDS, LEADERS, RESOURCES, TOWERS
from rules.lorenzo.decisions import KINDS
from rules.lorenzo.describe import cost_text, effects_text, requirement_text, res_text
from rules.lorenzo.effects import Mods, modifiers
from rules.lorenzo.engine import Log
from rules.lorenzo.houses import auction
from rules.lorenzo.moves import Bid, BonusAction, Draft, LeaderAction, LorenzoMove, Pass, Place, Take

State = dict[str, Any]

MEMBER_TITLES = {
    "black": say("Black ({value})"),
    "white": say("White ({value})"),
    "orange": say("Orange ({value})"),
    "neutral": say("Neutral ({value})"),
    "brown": say("Brown ({value})"),  # houses: Colonna's fifth member
}


def _servants_step(servants: int, value: int) -> Step:
    if servants == 0:
        return Step("s0", say("No servants: value {value}", value=value))
    return Step(
        f"s{servants}",
        say_n("{n} servant: value {value}", "{n} servants: value {value}", servants, value=value),
    )


def _fit(parts: list[str], most: int = 100) -> str:
    """``parts`` joined by "; ", as many whole parts as fit in ``most`` characters (a part cut in
    the middle could not be read in another language)."""
    text = parts[0][:most] if parts else ""
    for part in parts[1:]:
        if len(text) + 2 + len(part) > most:
            break
        text += "; " + part
    return text


def _area_step(space: str) -> Step:
    area = spaces.area_of(space)  # the engine's words for every space (rules/lorenzo/spaces.py)
    return Step(f"area:{area}", spaces.area_title(area))


def _tower_step(state: State, space: str, fee: int) -> Step:
    card_type, floor_index = ALL_TOWER_SPACES[space]  # card_type: the tower ("special" too)
    card = CARDS[state["tower_cards"][card_type][floor_index]]
    floor = TOWERS[card_type][floor_index]
    # floor_min: the Adaptation tile's value where it lies (houses), else the printed one
    parts = [say("needs {value}", value=engine.floor_min(state, card_type, floor_index))]
    costs = " or ".join(cost_text(a) for a in card["costs"])
    if costs and costs != say("nothing"):
        parts.append(say("cost: {costs}", costs=costs))
    if fee:
        parts.append(say("+{fee} coins fee (occupied)", fee=fee))
    gives = effects_text(card["immediate"])
    if gives:
        parts.append(say("gives {effects}", effects=gives))
    if floor["bonus"]:
        parts.append(say("floor bonus {goods}", goods=res_text(floor["bonus"])))
    label = say("Floor {floor}: {card}", floor=floor_index + 1, card=card["name"])
    return Step(space, label, _fit(parts))


def _space_step(state: State, space: str) -> Step:
    title, detail = spaces.space_title(state, space)  # board spaces and Leaders' own spaces
    return Step(space, title[:80], detail[:100])


def _tower_fee(state: State, mods: Mods, space: str, member: str | None) -> int:
    if member is None or space not in ALL_TOWER_SPACES:
        return 0
    tower = ALL_TOWER_SPACES[space][0]
    occupants = state["tower_occupants"][tower]
    return engine.tower_fee(mods, tower) if any(o is not None for o in occupants) else 0


def _place_steps(state: State, player: int, mods: Mods, move: Place) -> tuple[Step, ...]:
    base = engine.member_value(state, mods, move.member)
    member = Step(move.member, say(MEMBER_TITLES[move.member], value=base))
    if spaces.is_tower(move.space):
        space = _tower_step(state, move.space, _tower_fee(state, mods, move.space, move.member))
    else:
        space = _space_step(state, move.space)
    value = spaces.reached_value(state, player, mods, move.member, move.space, move.servants)
    return (member, _area_step(move.space), space, _servants_step(move.servants, value))


def _take_steps(state: State, player: int, mods: Mods, move: Take) -> tuple[Step, ...]:
    if move.space is None:
        return (Step("none", say("Take no card")),)
    frame = state["stack"][-1]
    if "value" not in frame:  # the Gonzaga family's take (houses): no value, cost or fee to meet
        card = replace(_tower_step(state, move.space, 0), detail=say("no cost, fee or floor bonus"))
        return (_area_step(move.space), card)
    offer = engine.tower_offer(
        state, player, mods, move.space, frame["value"], move.servants, None, frame["discount"]
    )
    space = _tower_step(state, move.space, 0)
    return (_area_step(move.space), space, _servants_step(move.servants, offer.value))


def _leader_detail(leader_id: str) -> str:
    """A leader's requirement and ability, within a select option's 100 characters."""
    leader = LEADERS.get(leader_id, {})
    said = say(
        "needs {requirement} · {ability}",
        requirement=requirement_text(leader.get("requirement", {})),
        ability=leader.get("text", ""),
    )
    return said if len(said) <= 100 else said[:99].rstrip() + "…"


def _leader_steps(move: LeaderAction) -> tuple[Step, ...]:
    detail = _leader_detail(move.leader)
    return (
        Step("leader", say("Leader actions"), say("play, activate or discard a leader")),
        Step(move.to_text(), move_label(move)[:80], detail),
    )


def move_steps(state: State, player: int, moves: Sequence[LorenzoMove]) -> list[tuple[Step, ...]]:
    """Each move as the steps of a guided turn (see the module docstring)."""
    mods = modifiers(state, player)
    out: list[tuple[Step, ...]] = []
    for move in moves:
        if isinstance(move, Place):
            out.append(_place_steps(state, player, mods, move))
        elif isinstance(move, Take):
            out.append(_take_steps(state, player, mods, move))
        elif isinstance(move, LeaderAction) and not state["stack"]:
            out.append(_leader_steps(move))
        elif isinstance(move, Pass):
            out.append((Step("pass", say("Pass this placement")),))
        elif isinstance(move, Draft):
            out.append((Step(move.to_text(), move_label(move), _leader_detail(move.leader)),))
        elif isinstance(move, Bid):  # houses: the auction line with what it gives
            gives = say("gives {effects}", effects=auction.line_gains(state, move))
            out.append((Step(move.to_text(), move_label(move), gives),))
        elif isinstance(move, BonusAction):
            out.append((Step(move.to_text(), move_label(move)),))
        else:
            out.append((Step(move.to_text(), move_label(move)[:80]),))
    return out


def _begin(state: State, player: int, move: LorenzoMove, log: Log) -> None:
    """The move's own part of ``flow.apply_move``, without the ``advance`` that follows it."""
    if state["stack"]:
        frame = state["stack"].pop()
        kind = KINDS[frame["kind"]]
        kind.answer(state, player, frame, move, log)
    elif isinstance(move, LeaderAction):
        engine.do_leader(state, player, move, log)
    elif isinstance(move, Place):
        engine.do_place(state, player, move, log)
    else:
        log.events.append(say("You pass this placement."))


def _settle_own(state: State, player: int, log: Log) -> str | None:
    """Work off the automatic frames the move opened; the question it then asks, if any."""
    stack = state["stack"]
    while stack and stack[-1]["seat"] == player:
        frame = stack[-1]
        if frame["kind"] == "leader_window":
            return None  # Leader actions after placing are the turn's, not this move's, question
        kind = KINDS[frame["kind"]]
        if not kind.settle(state, frame, log):
            return kind.prompt(state, frame)
    return None


def _change_text(before: dict[str, int], after: dict[str, int]) -> str:
    gains = {k: after[k] - before[k] for k in RESOURCES if after[k] > before[k]}
    losses = {k: before[k] - after[k] for k in RESOURCES if after[k] < before[k]}
    if losses and gains:
        return say(
            "In all: you pay {goods} and you gain {gains}.", goods=res_text(losses), gains=res_text(gains)
        )
    if losses:
        return say("In all: you pay {goods}.", goods=res_text(losses))
    if gains:
        return say("In all: you gain {goods}.", goods=res_text(gains))
    return say("In all: no goods change hands.")


def preview(state: State, player: int, move: LorenzoMove) -> str:
    """What ``move`` will do, played on a copy up to its first question (module docstring)."""
    copy = copy_state(state)
    log = Log()
    before = dict(copy["players"][player]["resources"])
    _begin(copy, player, move, log)
    question = _settle_own(copy, player, log)
    lines = list(log.events)
    lines.append(_change_text(before, copy["players"][player]["resources"]))
    if question:
        lines.append(say("Then you choose: {question}", question=question))
    return "\n".join(lines)
