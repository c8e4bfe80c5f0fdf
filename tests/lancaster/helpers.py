"""Builders for Lancaster scenario tests.

Scenario tests start from a real ``setup`` and then arrange the board by editing the plain-dict
state (the state is JSON data, so this is the same as loading a saved game), before playing the
moves under test through ``parse`` and ``apply`` exactly as the bot does.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from rules.lancaster import GAME, LancasterGame, apply_overrides, load_base, load_content, make_game
from rules.lancaster.data import earlier_bases
from tests import helpers as shared

# Laws without decisions that hand out nothing in the first phases of a test: "most squires
# recruit" (L02) would change courts, so scenario tests use these as neutral current laws.
QUIET_LAWS = ["L03", "L13", "L11"]


def play(state: dict[str, Any], seat: int, text: str) -> tuple[dict[str, Any], list[str]]:
    """``seat`` plays ``text`` (tests/helpers.py ``play`` with Lancaster's GAME)."""
    return shared.play(GAME, state, seat, text)


def move_texts(state: dict[str, Any], seat: int) -> list[str]:
    """The seat's legal moves now, as the texts a player would type, in the engine's order."""
    return shared.move_texts(GAME, state, seat)


def setup_game(players: int, seed: int = 1, exts: list[str] | None = None, **options: Any) -> dict[str, Any]:
    """A game at the first placement turn: seat 0 starts, each seat built ``exts[i]`` (default X1)."""
    state = GAME.setup(players, seed, options)
    while state["phase"] == "setup":
        seat = state["pending"]["seat"]
        choice = (exts or ["X1"] * players)[seat]
        state, _ = play(state, seat, f"extension {choice}")
    state["start_player"] = 0
    state["turn_seat"] = 0
    return state


def empty_courts(state: dict[str, Any]) -> None:
    """Send every court knight to the reserve (to end phase 1 at once in a test)."""
    for force in state["forces"]:
        for s in force["court"]:
            force["reserve"][s - 1] += 1
        force["court"] = []


def give_court(state: dict[str, Any], force: int, strengths: list[int]) -> None:
    """Move knights of these strengths from the force's reserve (then court) into its court only."""
    f = state["forces"][force]
    for s in f["court"]:
        f["reserve"][s - 1] += 1
    f["court"] = []
    for s in strengths:
        assert f["reserve"][s - 1] > 0, f"no strength-{s} knight left for force {force}"
        f["reserve"][s - 1] -= 1
        f["court"].append(s)
    f["court"].sort()


def vote_all(state: dict[str, Any], votes: list[str]) -> tuple[dict[str, Any], list[str]]:
    """Every seat votes ``votes[seat]`` (e.g. 'vote yes markers=1') on the open proposal."""
    events: list[str] = []
    for seat, text in enumerate(votes):
        state, ev = play(state, seat, text)
        events += ev
    return state, events


def to_parliament(state: dict[str, Any]) -> dict[str, Any]:
    """End phase 1 now: remaining court knights go to the reserve and the vote opens."""
    assert state["phase"] == "place"
    empty_courts(state)
    state, _ = run_steps(state, ["next_turn"])  # nobody can place: Parliament opens (6.1)
    assert state["phase"] == "vote"
    return state


def pass_parliament(state: dict[str, Any], laws: list[str] | None = None) -> dict[str, Any]:
    """Everybody votes no (so only ties pass: all no means rejected) on the three proposals."""
    if laws is not None:
        state["current_laws"] = list(laws)
    n = state["players"]
    for _ in range(3):
        state, _ = vote_all(state, ["vote no markers=0"] * n)
    return state


def deploy(state: dict[str, Any], force: int, strength: int, where: str) -> None:
    """Put a knight (from the court if there, else the reserve) on the board at ``where``."""
    f = state["forces"][force]
    if strength in f["court"]:
        f["court"].remove(strength)
    else:
        assert f["reserve"][strength - 1] > 0
        f["reserve"][strength - 1] -= 1
    kind, _, rest = where.partition(":")
    if kind == "county":
        state["counties"][rest] = {"force": force, "strength": strength, "squires": 0}
    elif kind == "castle":
        f["castle"][rest] = strength
    else:
        card = next(c for c in state["conflicts"] if c["id"] == rest)
        mine = next((space for space in card["spaces"] if space["force"] == force), None)
        if mine is None:
            card["spaces"].append({"force": force, "knights": [strength]})
        else:
            mine["knights"].append(strength)
            mine["knights"].sort()


def run_law(state: dict[str, Any], law_id: str) -> tuple[dict[str, Any], list[str]]:
    """Apply one law alone (``Engine.run_steps``); answer its decisions with ``play`` as usual."""
    return run_steps(state, [f"law:{law_id}"])


def run_steps(state: dict[str, Any], steps: list[str]) -> tuple[dict[str, Any], list[str]]:
    """Run automatic steps alone, e.g. ``["county:G", "end_round"]`` (see ``Engine.run_steps``)."""
    return GAME.engine.run_steps(state, steps)


def set_cards(state: dict[str, Any], cards: list[tuple[str, str]]) -> None:
    """Replace the conflicts on the board with ``[(card id, row), ...]`` (no knights yet)."""
    ids = [cid for cid, _ in cards]
    state["conflict_deck"] = [c for c in state["conflict_deck"] if c not in ids]
    state["conflicts"] = [{"id": cid, "row": row, "spaces": []} for cid, row in cards]


@contextmanager
def rules_variant(override: dict[str, Any]) -> Iterator[None]:
    """Play with the base data plus an owner override (e.g. another reading of a provisional
    rules choice) inside the block; the shared ``GAME`` gets its base data back afterwards."""
    original = GAME.data
    GAME.use_data(apply_overrides(load_content(), override))
    try:
        yield
    finally:
        GAME.use_data(original)


def game_at_revision(revision: int) -> LancasterGame:
    """The game under an earlier revision of the base data (data/revisions.json), as a game begun
    before a correction keeps its rules: the golden playthroughs were played before the
    corrections of issue 14 item 5 (revision 1: L09 deployed knights only, no knight on an
    extended castle space) with random noble stacks, and their hand checks hold for those rules."""
    bases = earlier_bases(load_base())  # newest first: revision N-1 at index 0
    return make_game(bases[len(bases) - revision])
