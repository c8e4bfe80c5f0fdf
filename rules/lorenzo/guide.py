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

from rules.core import Step, copy_state, move_label
from rules.lorenzo import engine, spaces
from rules.lorenzo.data import ALL_TOWER_SPACES, CARDS, LEADERS, RESOURCES, TOWERS
from rules.lorenzo.decisions import KINDS
from rules.lorenzo.describe import cost_text, effects_text, requirement_text, res_text
from rules.lorenzo.effects import Mods, modifiers
from rules.lorenzo.engine import Log
from rules.lorenzo.houses import auction
from rules.lorenzo.moves import Bid, BonusAction, Draft, LeaderAction, LorenzoMove, Pass, Place, Take

State = dict[str, Any]


def _servants_step(servants: int, value: int) -> Step:
    if servants == 0:
        return Step("s0", f"No servants: value {value}")
    plural = "servant" if servants == 1 else "servants"
    return Step(f"s{servants}", f"{servants} {plural}: value {value}")


def _area_step(space: str) -> Step:
    area = spaces.area_of(space)  # the engine's words for every space (rules/lorenzo/spaces.py)
    return Step(f"area:{area}", spaces.area_title(area))


def _tower_step(state: State, space: str, fee: int) -> Step:
    card_type, floor_index = ALL_TOWER_SPACES[space]  # card_type: the tower ("special" too)
    card = CARDS[state["tower_cards"][card_type][floor_index]]
    floor = TOWERS[card_type][floor_index]
    # floor_min: the Adaptation tile's value where it lies (houses), else the printed one
    parts = [f"needs {engine.floor_min(state, card_type, floor_index)}"]
    costs = " or ".join(cost_text(a) for a in card["costs"])
    if costs and costs != "nothing":
        parts.append(f"cost: {costs}")
    if fee:
        parts.append(f"+{fee} coins fee (occupied)")
    gives = effects_text(card["immediate"])
    if gives:
        parts.append(f"gives {gives}")
    if floor["bonus"]:
        parts.append(f"floor bonus {res_text(floor['bonus'])}")
    return Step(space, f"Floor {floor_index + 1}: {card['name']}", "; ".join(parts)[:100])


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
    member = Step(move.member, f"{move.member.capitalize()} ({base})")
    if spaces.is_tower(move.space):
        space = _tower_step(state, move.space, _tower_fee(state, mods, move.space, move.member))
    else:
        space = _space_step(state, move.space)
    value = spaces.reached_value(state, player, mods, move.member, move.space, move.servants)
    return (member, _area_step(move.space), space, _servants_step(move.servants, value))


def _take_steps(state: State, player: int, mods: Mods, move: Take) -> tuple[Step, ...]:
    if move.space is None:
        return (Step("none", "Take no card"),)
    frame = state["stack"][-1]
    if "value" not in frame:  # the Gonzaga family's take (houses): no value, cost or fee to meet
        card = replace(_tower_step(state, move.space, 0), detail="no cost, fee or floor bonus")
        return (_area_step(move.space), card)
    offer = engine.tower_offer(
        state, player, mods, move.space, frame["value"], move.servants, None, frame["discount"]
    )
    space = _tower_step(state, move.space, 0)
    return (_area_step(move.space), space, _servants_step(move.servants, offer.value))


def _leader_detail(leader_id: str) -> str:
    """A leader's requirement and ability, within a select option's 100 characters."""
    leader = LEADERS.get(leader_id, {})
    said = f"needs {requirement_text(leader.get('requirement', {}))} · {leader.get('text', '')}"
    return said if len(said) <= 100 else said[:99].rstrip() + "…"


def _leader_steps(move: LeaderAction) -> tuple[Step, ...]:
    detail = _leader_detail(move.leader)
    return (
        Step("leader", "Leader actions", "play, activate or discard a leader"),
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
            out.append((Step("pass", "Pass this placement"),))
        elif isinstance(move, Draft):
            out.append((Step(move.to_text(), move_label(move), _leader_detail(move.leader)),))
        elif isinstance(move, Bid):  # houses: the auction line with what it gives
            out.append((Step(move.to_text(), move_label(move), f"gives {auction.line_gains(state, move)}"),))
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
        log.events.append("You pass this placement.")


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
    parts = []
    if losses:
        parts.append(f"you pay {res_text(losses)}")
    if gains:
        parts.append(f"you gain {res_text(gains)}")
    return ("In all: " + " and ".join(parts) + ".") if parts else "In all: no goods change hands."


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
        lines.append(f"Then you choose: {question}")
    return "\n".join(lines)
