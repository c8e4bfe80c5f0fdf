"""Numbered formats of the stored Lorenzo state and the steps that upgrade old saves.

A saved game must keep loading after the engine changes its state layout: ``from_json`` runs
every step from the save's ``format`` up to the current one (``rules.core.state_from_json``).
To change the layout: append a step to ``UPGRADES`` (it turns format N into N + 1), update
``engine.new_game`` and the key list in engine.py's docstring, and add a saved game of the old
format to ``tests/lorenzo/saved/`` (see test_state_format.py).

Format 1 (before December 2026) used terse keys (``ps``, ``tocc``, ``qpos``, frame ``k``);
format 2 names every key for what it holds.
"""

from __future__ import annotations

from typing import Any

from rules.core import StateUpgrade, renamed_keys

State = dict[str, Any]

_TOP_1_TO_2 = {
    "n": "player_count",
    "opts": "options",
    "order": "turn_order",
    "queue": "turn_queue",
    "qpos": "turn_index",
    "towers": "tower_cards",
    "tocc": "tower_occupants",
    "spaces": "space_occupants",
    "excomm": "excommunication_tiles",
    "ps": "players",
    "tiles_left": "bonus_tiles_left",
    "last": "last_move",
    "step": "moves_applied",
    "draft": "leader_draft",
}
_PLAYER_1_TO_2 = {
    "res": "resources",
    "free": "free_members",
    "excomm": "excommunications",
    "tile": "bonus_tile",
    "leaders": "leaders_played",
    "hand": "leader_hand",
    "used": "leaders_used",
    "copied": "copied_leader",
    "six": "montefeltro_member",
}
_FRAME_KIND_1_TO_2 = {
    "fx": "effects",
    "act": "activation",
    "priv": "privilege",
    "pay": "pay",
    "take": "take_card",
    "bonus": "bonus_action",
    "exch": "exchange",
    "vatican": "vatican",
    "tile": "bonus_tile",
    "lose": "lose_wood_or_stone",
    "copy": "copy_leader",
    "six": "montefeltro",
    "after": "leader_window",
}
_FRAME_FIELD_1_TO_2 = {
    "k": "kind",
    "src": "source",
    "imm": "immediate",
    "fx": "effects",
    "left": "remaining",
    "taken": "chosen",
    "t": "card_type",
    "fi": "floor_index",
    "types": "card_types",
    "res": "gains",
}
# "options" held a cost list in a pay frame and "opts" the exchange choices of an exchange frame.
_FRAME_FIELD_BY_KIND_1_TO_2 = {"pay": {"options": "costs"}, "exch": {"opts": "options"}}


def _frame_1_to_2(frame: dict[str, Any]) -> dict[str, Any]:
    names = {**_FRAME_FIELD_1_TO_2, **_FRAME_FIELD_BY_KIND_1_TO_2.get(frame["k"], {})}
    upgraded = renamed_keys(frame, names)
    upgraded["kind"] = _FRAME_KIND_1_TO_2[frame["k"]]
    return upgraded


def _format_1_to_2(state: State) -> State:
    upgraded = renamed_keys({k: v for k, v in state.items() if k != "v"}, _TOP_1_TO_2)
    upgraded["players"] = [renamed_keys(player, _PLAYER_1_TO_2) for player in upgraded["players"]]
    upgraded["stack"] = [_frame_1_to_2(frame) for frame in upgraded["stack"]]
    return upgraded


UPGRADES: tuple[StateUpgrade, ...] = (_format_1_to_2,)
"""``UPGRADES[i]`` turns a format ``i + 1`` state into format ``i + 2``."""
