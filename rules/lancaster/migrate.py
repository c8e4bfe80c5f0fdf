"""Numbered state formats: a game saved by older code is brought up to ``FORMAT`` when it loads.

A stored state is a cache of the move log, but a running game is loaded from it, so every change
of the state's layout adds one step to ``UPGRADES`` (format N -> N+1; ``rules.core.
state_from_json`` runs them and sets the ``format`` key) and a saved game of format N passes
through every later step. A test loads games saved by the old code (``tests/lancaster/saved/``)
and plays them to the end.

Formats:

1. The first layout (terse keys: ``n``, ``opts``, ``fp``, ``pp``, ``ext``, ``cards``/``sp``,
   occupants and noble stacks as lists, tasks ``{"t": ...}``); its version key was ``v``.
2. Keys that explain themselves (see ``model``): occupants, noble stacks, conflict spaces and
   ballots are objects; tasks are ``{"task": ...}``; the version key is ``format``.
3. Phase 1 remembers per seat whether it passed (``kept_in_court``) and the no-place reason last
   announced (``no_place``), for the turn rule of ``placement.py``.
4. ``options`` names every expansion (``henry_v``, ``kings_resentment``, ``queenie``; issue 14),
   false for a game saved before they existed, whether or not the option is offered yet. An
   expansion's own state keys exist only in games that use it.
"""

from __future__ import annotations

from typing import Any

from rules.core import StateUpgrade, current_format, renamed_keys

State = dict[str, Any]

# Format 1 -> 2: top-level and per-seat key renames.
_TOP_1 = {
    "fp": "content",
    "n": "players",
    "opts": "options",
    "rng": "draws",
    "start": "start_player",
    "turn": "turn_seat",
    "next_start": "next_start_player",
    "favor": "favor_tiles",
    "favors": "favors_taken",
    "voting": "voting_on",
    "results": "vote_results",
    "last": "last_move",
    "stacks": "noble_stacks",
    "deck": "conflict_deck",
    "cards": "conflicts",
    "laws": "current_laws",
    "pile": "law_pile",
}
_SEAT_1 = {
    "votes": "vote_markers",
    "pp": "power_points",
    "pp_src": "power_points_by_source",
    "ext": "extensions",
}
_DECISION_1 = {"src": "source", "from": "from_strength", "e": "exchange", "ks": "captured"}
_KIND_1 = {"ext_setup": "first_extension"}
_TASK_1 = {"fx": "effect"}


def _decision_1(old: dict[str, Any]) -> dict[str, Any]:
    new = renamed_keys(old, _DECISION_1)
    new["kind"] = _KIND_1.get(new["kind"], new["kind"])
    return new


def _task_1(old: dict[str, Any]) -> dict[str, Any]:
    kind = old["t"]
    task: dict[str, Any] = {"task": _TASK_1.get(kind, kind)}
    if kind == "fx":
        task.update(force=old["f"], effect=old["e"], source=old["src"], at=old.get("at"))
    elif kind == "castle":
        task["force"] = old["f"]
    elif kind == "county":
        task["county"] = old["c"]
    elif kind == "conflict":
        task["conflict"] = old["id"]
    elif kind == "ransom":
        task["decision"] = _decision_1(old["p"])
    elif kind == "law":
        task["law"] = old["law"]
    elif kind == "ext_setup":
        task["seat"] = old["seat"]
    return task


def _format_1_to_2(old: State) -> State:
    state = renamed_keys({k: v for k, v in old.items() if k != "v"}, _TOP_1)
    state["seats"] = [renamed_keys(seat, _SEAT_1) for seat in state["seats"]]
    state["counties"] = {
        letter: None if occ is None else {"force": occ[0], "strength": occ[1], "squires": occ[2]}
        for letter, occ in state["counties"].items()
    }
    state["noble_stacks"] = {
        letter: {"noble": noble, "left": left} for letter, (noble, left) in state["noble_stacks"].items()
    }
    state["conflicts"] = [
        {
            "id": card["id"],
            "row": card["row"],
            "spaces": [{"force": f, "knights": ks} for f, ks in card["sp"]],
        }
        for card in state["conflicts"]
    ]
    state["ballots"] = [None if b is None else {"yes": b[0], "markers": b[1]} for b in state["ballots"]]
    state["queue"] = [_task_1(task) for task in state["queue"]]
    if state["pending"] is not None:
        state["pending"] = _decision_1(state["pending"])
    return state


def _format_2_to_3(old: State) -> State:
    # Nobody had passed (the move did not exist) and no reason had been announced in words
    # the new rule uses, so announcing it once more is right.
    players = old["players"]
    return {**old, "kept_in_court": [False] * players, "no_place": [None] * players}


EXPANSIONS_OFF = {"henry_v": False, "kings_resentment": False, "queenie": False}
"""Every expansion option, off: what a game saved before the expansions played with."""


def _format_3_to_4(old: State) -> State:
    return {**old, "options": {**EXPANSIONS_OFF, **old["options"]}}


UPGRADES: list[StateUpgrade] = [_format_1_to_2, _format_2_to_3, _format_3_to_4]
"""``UPGRADES[N - 1]`` makes a format-N state format N + 1."""

FORMAT = current_format(UPGRADES)
"""The layout ``Engine.setup`` writes today."""
