"""Building blocks for Lorenzo scenario tests: a controlled state and short move helpers."""

from __future__ import annotations

from typing import Any

from rules.lorenzo import GAME
from rules.lorenzo.data import CARD_TYPES, CARDS, MEMBERS, RESOURCES, SPACE_ORDER, TOWER_SPACES
from rules.lorenzo.engine import Log
from rules.lorenzo.flow import advance
from tests import helpers as shared

State = dict[str, Any]


def scenario(
    players: int = 4,
    *,
    seed: int = 1,
    dice: tuple[int, int, int] = (6, 6, 6),
    res: dict[str, int] | None = None,
    towers: dict[str, int | None] | None = None,
    cards: dict[int, list[int]] | None = None,
    options: dict[str, Any] | None = None,
    round_no: int = 1,
) -> State:
    """A round in its actions phase, turn order 0, 1, 2, ...; seat 0 to place.

    ``res`` replaces every player's goods/points (missing keys = 0); ``towers`` puts card ids
    (or None) on tower spaces; ``cards`` gives players cards already on their boards.
    """
    st = GAME.setup(players, seed, options or {})
    st["stack"] = []
    st["leader_draft"] = None
    st["phase"] = "actions"
    st["round"] = round_no
    st["turn_order"] = list(range(players))
    st["turn_queue"] = [p for _ in MEMBERS for p in range(players)]
    st["turn_index"] = 0
    st["dice"] = dict(zip(("black", "white", "orange"), dice, strict=True))
    st["space_occupants"] = {s: [] for s in SPACE_ORDER}
    for t in CARD_TYPES:
        st["tower_occupants"][t] = [None] * 4
    for p in range(players):
        if res is not None:
            st["players"][p]["resources"] = {k: res.get(k, 0) for k in RESOURCES}
        st["players"][p]["free_members"] = list(MEMBERS)
    for space, card in (towers or {}).items():
        t, fi = TOWER_SPACES[space]
        st["tower_cards"][t][fi] = card
    for p, ids in (cards or {}).items():
        for c in ids:
            st["players"][p]["cards"][CARDS[c]["type"]].append(c)
    return st


def bare_scenario(players: int = 2, towers: dict[str, int | None] | None = None, **kw: Any) -> State:
    """``scenario`` with every tower floor empty except those named (no random cards)."""
    board: dict[str, int | None] = {s: None for s in TOWER_SPACES}
    board.update(towers or {})
    return scenario(players, towers=board, **kw)


def rich(**extra: int) -> dict[str, int]:
    base = {"coin": 20, "wood": 20, "stone": 20, "servant": 20, "vp": 0, "mp": 0, "fp": 0}
    base.update(extra)
    return base


def play(st: State, p: int, text: str) -> tuple[State, list[str]]:
    """Seat ``p`` plays ``text`` (tests/helpers.py ``play`` with Lorenzo's GAME)."""
    return shared.play(GAME, st, p, text)


def play_active(st: State, *texts: str) -> tuple[State, list[str]]:
    """Apply moves by text, each by whoever is active (exactly one seat must be)."""
    return shared.play_active(GAME, st, *texts)


def delta(before: State, after: State, p: int) -> dict[str, int]:
    a, b = before["players"][p]["resources"], after["players"][p]["resources"]
    return {k: b[k] - a[k] for k in RESOURCES if b[k] != a[k]}


def move_texts(st: State, p: int) -> list[str]:
    return shared.move_texts(GAME, st, p)


def settle(st: State) -> State:
    advance(st, Log())
    return st


def top(st: State) -> dict[str, Any]:
    """The decision on top of the stack ({} when none)."""
    frame: dict[str, Any] = st["stack"][-1] if st["stack"] else {}
    return frame


def resolve(st: State, answer: str | None = None) -> State:
    """Answer pending decisions with their first legal option (or ``answer`` when it is legal);
    stops at a Vatican Report decision."""
    while st["stack"] and st["stack"][-1]["kind"] != "vatican":
        (p,) = GAME.active_players(st)
        moves = GAME.legal_moves(st, p)
        chosen = next((m for m in moves if answer and m.to_text() == answer), moves[0])
        st, _ = GAME.apply(st, p, chosen)
    return st


def active(st: State) -> int:
    (p,) = GAME.active_players(st)
    return p


def council_all(st: State) -> State:
    """Everyone sends every remaining member to the Council Palace until the round ends."""
    start = st["round"]
    while st["round"] == start and st["phase"] == "actions" and GAME.active_players(st):
        if st["stack"]:
            st = resolve(st)
            continue
        p = active(st)
        member = st["players"][p]["free_members"][0]
        servants = " servants=1" if member == "neutral" else ""
        st, _ = play(st, p, f"place {member} council{servants}")
    return st
