"""The 8 extra laws of Henry V, used only with The King's Resentment too (EXPANSIONS.md C2).

Their texts, back numbers and effects are provisional data (``extra_laws`` in
data/expansions.json). The deck (C2.2): for each back group 1-4 the base laws and the two extra
laws of that group are shuffled together and the base group's size is dealt, so the pile stays
15 = 3 proposals x 5 rounds; the rest go back to the box unseen (S3). The laws speak the base
vocabulary plus what the expansions add: ``gain_privilege`` (Henry V), ``lose`` (discard held
dishonor markers or other holdings) and ``gain`` of ``dishonor`` (a marker from the track).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core import Events, say
from rules.lancaster import henry, resentment
from rules.lancaster import model as m
from rules.lancaster.words import amount

if TYPE_CHECKING:
    from rules.lancaster.engine import Engine

State = m.State


def in_play(options: dict[str, Any]) -> bool:
    return all(options.get(key) for key in ("henry_v", "kings_resentment"))


def law(data: dict[str, Any], law_id: str) -> dict[str, Any]:
    """A law record by id: a base law or an extra law (ids never overlap, tested)."""
    found = data["laws"].get(law_id)
    if found is None:
        found = data["extra_laws"]["laws"][law_id]
    return dict(found)


def deal(engine: Engine, state: State, group: list[str], back: int) -> list[str]:
    """The laws of back ``back`` that go into the pile, in pile order (setup step 7). Without the
    extra laws: the base group shuffled (the same one draw as before they existed)."""
    rng = engine._rng(state)
    if not in_play(state["options"]):
        rng.shuffle(group)
        return group
    extra = sorted(k for k, x in engine.data["extra_laws"]["laws"].items() if x["back"] == back)
    size = len(group)
    if engine.data["extra_laws"]["mix"] == "replace_two_per_group":
        rng.shuffle(group)
        mixed = group[: max(0, size - len(extra))] + extra
    else:
        mixed = group + extra
    rng.shuffle(mixed)
    return mixed[:size]


def handles(effect: dict[str, Any]) -> bool:
    """Effects of the expansions' vocabulary (the engine's ``effect`` hands them here)."""
    kind = effect["type"]
    return kind in ("gain_privilege", "lose") or (kind == "gain" and effect.get("resource") == "dishonor")


def effect(engine: Engine, state: State, force: int, effect: dict[str, Any], events: Events) -> None:
    if m.is_ally(state, force):
        return  # 11: allies gain and lose nothing
    kind = effect["type"]
    if kind == "gain_privilege":
        henry.gain_privilege(engine, state, force, effect, events)
    elif kind == "gain":  # dishonor (HL8): from this round's track space, then the box (R4.5)
        if resentment.in_play(state):
            resentment.take(state, force, int(effect["amount"]))
            events.append(
                say("{p} takes {goods}.", p=f"{{p{force}}}", goods=amount("dishonor", int(effect["amount"])))
            )
    else:
        lose(state, force, effect["resource"], int(effect["amount"]), events)


def lose(state: State, seat: int, resource: str, count: int, events: Events) -> None:
    """``lose``: discard up to ``count`` (never below 0). Dishonor markers go back to the box, or
    cancel markers counted beyond the pool first (R4.5)."""
    key = "dishonor" if resource == "dishonor" else m.HOLDING[resource]
    gone = min(count, int(state["seats"][seat].get(key, 0)))
    if gone <= 0:
        return
    m.seat_add(state, seat, key, -gone)
    if key == "dishonor":
        cancelled = min(gone, state["dishonor_extra"])
        state["dishonor_extra"] -= cancelled
        state["dishonor_box"] += gone - cancelled
    events.append(say("{p} discards {goods}.", p=f"{{p{seat}}}", goods=amount(resource, gone)))
