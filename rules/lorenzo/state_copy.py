"""The copy ``apply`` mutates: new containers only where a move changes things in place.

``apply`` mutates a copy of the state it is given and must never change that state. A full deep
copy (``rules.core.copy_state``) was most of the cost of a move in simulation (issue 10 item 3),
so the engine keeps one rule and this copy relies on it: **lists in a state are replaced, never
changed in place** (``engine.without``, ``engine.replaced``, ``[*items, item]``). Then, by the
state's layout (engine.py's docstring lists the keys):

- the state dict and each ``BY_NAME`` dict (towers, spaces' occupants, decks) are copied: the
  engine assigns into those;
- the mover's player dict, goods and cards dict are copied (``copy_player``); in the base game the
  other players' dicts are shared until the move changes one (**copy on write**: the engine takes
  ``own_player``/``own_players`` first, which copy a dict still shared with the input; the log of
  the move carries the input's list of players, ``Log.shared``). A move changes another seat only
  where play passes to it without a decision: ``flow.advance`` settling a frame of that seat (a
  Vatican Report without enough faith), the leader packs passed, a round set up or ended. With
  ``houses`` every player is copied (its tokens, auction and families change other seats);
- the lists and everything else in them are shared;
- the decision stack: in the base game each frame and each list or dict in it are copied (the
  engine pops, appends to and assigns into those as a frame is worked off: effects, items,
  chosen privileges, an activation's budget; never into what they hold, card data and pairs);
  with ``houses`` (frames of its own, holding more) it is copied deep;
- everything else is copied deep: the leader draft, and any key not listed here (one added
  later is safe until listed).

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


def copy_for_move(state: State, mover: int | None = None) -> State:
    """A copy of ``state`` that a move of ``mover`` may change (by the rule above) without
    changing ``state``; every player's dict is copied when ``mover`` is None or with ``houses``."""
    new = state.copy()
    for key in BY_NAME:
        new[key] = state[key].copy()
    if mover is None or "houses" in state:
        new["players"] = [copy_player(player) for player in state["players"]]
    else:
        players = new["players"] = state["players"].copy()
        players[mover] = copy_player(players[mover])
    # The usual case: only the stack and the draft are copied deep. A state holds every key the
    # layout names (setup makes them all, state_format upgrades old saves), so the same count
    # means no other key: cheaper than ``state.keys() <= _KNOWN``, asked on every move.
    if len(state) == len(_KNOWN):
        stack = state["stack"]  # empty between turns: no comprehension then
        new["stack"] = [_copy_frame(frame) for frame in stack] if stack else []
        if state["leader_draft"] is not None:
            new["leader_draft"] = marshal.loads(marshal.dumps(state["leader_draft"]))
        return new
    for key in state.keys() - _NOT_DEEP:
        value = state[key]
        if value is not None:
            new[key] = marshal.loads(marshal.dumps(value))
    return new


def _copy_frame(frame: dict[str, Any]) -> dict[str, Any]:
    """A base-game frame with its lists and dicts copied (a third of the cost of a deep copy)."""
    new = frame.copy()
    for key, value in frame.items():
        if type(value) is list or type(value) is dict:
            new[key] = value.copy()
    return new


def copy_player(player: dict[str, Any]) -> dict[str, Any]:
    """A player's dict that a move may change (``PLAYER_BY_NAME`` copied, lists shared)."""
    new = player.copy()
    new["resources"] = player["resources"].copy()
    new["cards"] = player["cards"].copy()
    if len(player) == len(_PLAYER_NOT_DEEP):  # every key named (as for the state above)
        return new
    for key in player.keys() - _PLAYER_NOT_DEEP:
        new[key] = marshal.loads(marshal.dumps(player[key]))
    return new


def own_player(state: State, player: int, shared: list[dict[str, Any]] | None) -> dict[str, Any]:
    """``player``'s dict in ``state``, copied first if it is still the one of ``shared`` (the
    players of the state the move was applied to; None: nothing is shared)."""
    record: dict[str, Any] = state["players"][player]
    if shared is not None and record is shared[player]:
        record = state["players"][player] = copy_player(record)
    return record


def own_players(state: State, shared: list[dict[str, Any]] | None) -> None:
    """``own_player`` for every seat: before a step that changes them all (a round's setup)."""
    if shared is not None:
        for player in range(len(state["players"])):
            own_player(state, player, shared)


_NOT_DEEP = SHARED | BY_NAME | {"players"}
_PLAYER_NOT_DEEP = PLAYER_SHARED | PLAYER_BY_NAME
_KNOWN = _NOT_DEEP | {"stack", "leader_draft"}
"""Every key the layout names; ``copy_for_move`` copies any other deep."""
