"""The copy ``apply`` mutates: new containers only where a move changes things in place.

``apply`` mutates a copy of the state it is given and must never change that state. A full deep
copy (``rules.core.copy_state``) was most of the cost of a move in simulation (issue 10 item 3),
so the engine keeps one rule and this copy relies on it: **lists in a state are replaced, never
changed in place** (``engine.without``, ``engine.replaced``, ``[*items, item]``). Then, by the
state's layout (engine.py's docstring lists the keys):

- the state dict, each ``BY_NAME`` dict (towers, spaces' occupants, decks) and each player's
  dict, goods and cards dict are copied: the engine assigns into those;
- the lists and everything else in them are shared;
- everything else is copied deep: the decision stack (its frames change as they are worked
  off), the leader draft, and any key not listed here (one added later is safe until listed).

tests/lorenzo/test_fast_path.py plays whole games checking that no move changes its input.
"""

from __future__ import annotations

import marshal
from typing import Any

State = dict[str, Any]

SHARED = frozenset(
    {
        "format",
        "player_count",
        "seed",
        "draws",
        "options",
        "round",
        "phase",
        "turn_order",
        "turn_queue",
        "turn_index",
        "dice",
        "excommunication_tiles",
        "bonus_tiles_left",
        "last_move",
        "moves_applied",
    }
)
BY_NAME = frozenset({"decks", "tower_cards", "tower_occupants", "space_occupants"})
PLAYER_SHARED = frozenset(
    {
        "faith_vp",
        "bonus_tile",
        "copied_leader",
        "montefeltro_member",
        "free_members",
        "excommunications",
        "leaders_played",
        "leader_hand",
        "leaders_used",
    }
)
PLAYER_BY_NAME = frozenset({"resources", "cards"})


def copy_for_move(state: State) -> State:
    """A copy of ``state`` that a move may change (by the rule above) without changing ``state``."""
    new = state.copy()
    for key in BY_NAME:
        new[key] = state[key].copy()
    new["players"] = [_copy_player(player) for player in state["players"]]
    if state.keys() <= _KNOWN:  # the usual case: only the stack and the draft are copied deep
        if state["stack"]:
            new["stack"] = marshal.loads(marshal.dumps(state["stack"]))
        else:
            new["stack"] = []
        if state["leader_draft"] is not None:
            new["leader_draft"] = marshal.loads(marshal.dumps(state["leader_draft"]))
        return new
    for key in state.keys() - _NOT_DEEP:
        value = state[key]
        if value is not None:
            new[key] = marshal.loads(marshal.dumps(value))
    return new


def _copy_player(player: dict[str, Any]) -> dict[str, Any]:
    new = player.copy()
    new["resources"] = player["resources"].copy()
    new["cards"] = player["cards"].copy()
    if player.keys() <= _PLAYER_NOT_DEEP:
        return new
    for key in player.keys() - _PLAYER_NOT_DEEP:
        new[key] = marshal.loads(marshal.dumps(player[key]))
    return new


_NOT_DEEP = SHARED | BY_NAME | {"players"}
_PLAYER_NOT_DEEP = PLAYER_SHARED | PLAYER_BY_NAME
_KNOWN = _NOT_DEEP | {"stack", "leader_draft"}
"""Every key the layout names; ``copy_for_move`` copies any other deep."""
