"""The ``easy`` level's one-step judgement: it takes points and avoids useless moves.

Issue 10 item 1: "a sensible one-step heuristic: takes points, avoids useless moves such as a
Harvest that activates nothing". Checked along seeded games of each game, on the moves easy
makes (the seats otherwise play at random)."""

from __future__ import annotations

import random
from typing import Any

from players import choose_move
from rules import find_game
from rules.core import Game

STEPS = 400


def _easy_choices(game: Game, players: int, seed: int) -> list[tuple[Any, int, Any, Any]]:
    """(state, seat, easy's move, the state after it) at every third decision of a game."""
    rng = random.Random(seed)
    state = game.setup(players, seed=seed)
    found = []
    for step in range(STEPS):
        active = sorted(game.active_players(state))
        if not active:
            break
        seat = active[0]
        legal = game.legal_moves(state, seat)
        if step % 3 == 0 and len(legal) > 1:
            move = choose_move(game, seat, game.player_view(state, seat), legal, "easy", rng)
            found.append((state, seat, move, game.apply(state, seat, move)[0]))
        else:
            move = rng.choice(list(legal))
        state, _ = game.apply(state, seat, move)
    return found


def _holdings(state: dict[str, Any], seat: int) -> dict[str, Any]:
    player = state["players"][seat]
    return {**player["resources"], **{t: len(c) for t, c in player["cards"].items()}}


def _useless(game: Game, state: Any, seat: int, move: Any) -> bool:
    """A Harvest or Production placement after which (its automatic steps done) the seat holds
    no more goods, points or cards than before, counting servants spent to raise it."""
    space = getattr(move, "space", None) or ""
    if not space.startswith(("harvest", "production")):
        return False
    after = game.apply(state, seat, move)[0]
    gained = {k: v - _holdings(state, seat)[k] for k, v in _holdings(after, seat).items()}
    gained["servant"] += getattr(move, "servants", 0)
    return after["stack"] == [] and not any(v > 0 for v in gained.values())


def test_lorenzo_easy_never_harvests_or_produces_for_nothing() -> None:
    """A Harvest or Production (§10) that activates nothing for the seat and gains it nothing is
    never easy's choice, though such moves are legal along these games (the big spaces' -3
    leaves a low member's action at 0 with four players: not even the bonus tile pays)."""
    game = find_game("lorenzo")
    offered = 0
    for seed in (1, 2, 3):
        for state, seat, move, _after in _easy_choices(game, 4, seed):
            useless = [m for m in game.legal_moves(state, seat) if _useless(game, state, seat, m)]
            offered += bool(useless)
            assert move not in useless, move.to_text()
    assert offered > 0


def test_easy_scores_far_more_than_random_in_seeded_games() -> None:
    """Taking points pays: over a few seeded two-player games of each game (bench.arena, seats
    rotated) easy's final scores are well above random's. Not a strength figure (see the
    arena's own runs), only that the heuristic points the right way."""
    from bench.arena import arena

    for name in ("lorenzo", "lancaster"):
        figures = arena(find_game(name), 2, games=2, levels=["random", "easy"], seed=1)
        assert figures["mean_score"]["easy"] > 1.3 * figures["mean_score"]["random"], figures


def test_lancaster_easy_places_rather_than_passes() -> None:
    """In phase 1 (section 6) easy places a knight whenever it can rather than keep it in court
    for nothing, and never leaves a county or conflict it could take empty for a pass."""
    game = find_game("lancaster")
    seen = 0
    for seed in (1, 2):
        for _state, _seat, move, _after in _easy_choices(game, 3, seed):
            if move.to_text().startswith("knight") or move.to_text() == "pass":
                seen += 1
                assert move.to_text() != "pass"
    assert seen > 0


def _lorenzo_states_with_useless_placements(seeds: tuple[int, ...]) -> list[tuple[Any, int]]:
    """(state, seat) along seeded random four-player games where a Harvest or Production
    placement that activates nothing is among the seat's legal moves."""
    game = find_game("lorenzo")
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.setup(4, seed=seed)
        while active := sorted(game.active_players(state)):
            legal = game.legal_moves(state, active[0])
            if any(_useless(game, state, active[0], m) for m in legal):
                found.append((state, active[0]))
            state, _ = game.apply(state, active[0], rng.choice(list(legal)))
    return found


def test_lorenzo_pruning_drops_exactly_the_placements_that_activate_nothing() -> None:
    """§10: a Harvest or Production below value 1 activates neither the Personal Bonus Tile nor a
    card. Every level above random drops such placements (and nothing else) before it thinks,
    unless they are all the seat may do; so ``normal``, whose search is noisy, never makes one."""
    from players.lorenzo import useful_moves

    game = find_game("lorenzo")
    states = _lorenzo_states_with_useless_placements((4, 5))
    assert states
    rng = random.Random(7)
    for state, seat in states:
        legal = game.legal_moves(state, seat)
        kept = useful_moves(game.player_view(state, seat), state, seat, legal)
        assert kept == [m for m in legal if not _useless(game, state, seat, m)]
        assert useful_moves({}, state, seat, [m for m in legal if m not in kept]) == [
            m for m in legal if m not in kept
        ]
    for state, seat in states[::4]:
        view, legal = game.player_view(state, seat), game.legal_moves(state, seat)
        move = choose_move(game, seat, view, legal, "normal", rng, think_seconds=0.2)
        assert not _useless(game, state, seat, move), move.to_text()
