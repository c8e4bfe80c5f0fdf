"""players/: computer players choose legal moves, from their own view only, deterministically.

Checked along seeded games of both games under every option set (tests/conformance.py's
``option_sets``): every choice is one of the seat's legal moves; the states drawn for the hidden
information are consistent with the seat's view (its view of them equals the given view, its
legal moves are the same and they play on to the end); changing what other seats hide, with the
view unchanged, leaves the choice unchanged for a fixed random state.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from players import LEVELS, choose_move
from players.evaluate import evaluation
from players.search import Budget, search
from rules import all_games, find_game
from rules.core import HIDDEN, Game, game_sample_state
from rules.playout import MAX_STEPS
from rules.rollout import random_rollout
from tests.conformance import checks_for, option_sets

GAMES = all_games()


def _players(game: Game, i: int, opts: dict[str, Any]) -> int:
    """A player count per option set, cycling through the game's range; one setup refuses with
    these options (Lorenzo: 5 only with houses) is replaced by the next lower one."""
    players = game.min_players + i % (game.max_players - game.min_players + 1)
    while not checks_for(game).supports(players, opts):
        players -= 1
    return players


CASES = [(game, _players(game, i, opts), opts) for game in GAMES for i, opts in enumerate(option_sets(game))]
TINY = Budget(candidates=3, simulations=6, depth=4, seconds=60.0)
"""A search small enough for tests (the seconds never bind: the result is the rng's alone)."""


def _case_id(case: tuple[Game, int, dict[str, Any]]) -> str:
    game, players, opts = case
    return f"{game.name}-{players}p-" + ("-".join(f"{k}={v}" for k, v in opts.items()) or "defaults")


def _check_sample(game: Game, state: Any, seat: int, rng: random.Random) -> Any:
    view = game.player_view(state, seat)
    sample = game_sample_state(game, view, seat, rng)
    assert game.player_view(sample, seat) == view
    assert [m.to_text() for m in game.legal_moves(sample, seat)] == [
        m.to_text() for m in game.legal_moves(state, seat)
    ]
    assert not re.search(rf'"{re.escape(HIDDEN)}\d*"', game.to_json(sample))  # every mask filled
    return sample


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_every_choice_is_legal_and_every_sample_fits_the_view(case: tuple[Game, int, dict[str, Any]]) -> None:
    """Whole games played by computers (random, with easy and a tiny search asked along the way):
    each answer is among the seat's legal moves; each drawn state agrees with the view."""
    game, players, opts = case
    rng = random.Random(f"{game.name}{players}{opts}")
    state = game.setup(players, seed=rng.randrange(1000), options=opts)
    values = evaluation(game)
    assert values is not None
    for step in range(MAX_STEPS):
        active = sorted(game.active_players(state))
        if not active:
            break
        seat = active[step % len(active)]
        legal = game.legal_moves(state, seat)
        view = game.player_view(state, seat)
        if step % 9 == 0:
            assert choose_move(game, seat, view, legal, "easy", rng) in legal
            sample = _check_sample(game, state, seat, rng)
            if step % 45 == 0:
                assert search(game, values, view, seat, legal, rng, TINY) in legal
                # plays to the end
                assert not game.active_players(random_rollout(game, sample, rng, MAX_STEPS)[0])
        move = choose_move(game, seat, view, legal, "random", rng)
        assert move in legal
        state, _ = game.apply(state, seat, move)
    assert game.outcome(state) is not None


def _states(game: Game, players: int, opts: dict[str, Any], every: int) -> list[Any]:
    rng = random.Random(5)
    state = game.setup(players, seed=17, options=opts)
    found = []
    for step in range(MAX_STEPS):
        active = sorted(game.active_players(state))
        if not active:
            break
        if step % every == 0:
            found.append(state)
        seat = rng.choice(active)
        state, _ = game.apply(state, seat, rng.choice(list(game.legal_moves(state, seat))))
    return found


def _swap_lorenzo(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """Other seats' Leader hands rotated among them, every deck reversed, another seed."""
    game = find_game("lorenzo")
    swapped = game_sample_state(game, game.player_view(state, seat), seat, random.Random(0))
    assert isinstance(swapped, dict)
    others = [p for p in range(state["player_count"]) if p != seat]
    hands = [state["players"][p]["leader_hand"] for p in others]
    if all(len(h) == len(hands[0]) for h in hands):
        for p, hand in zip(others, hands[1:] + hands[:1], strict=True):
            swapped["players"][p]["leader_hand"] = list(hand)
    swapped["decks"] = {t: list(reversed(d)) for t, d in state["decks"].items()}
    swapped["seed"] = state["seed"] + 1
    return swapped


def _swap_lancaster(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """Other seats' gold and squires (behind screens) and ballots changed, decks reversed."""
    swapped = dict(state)
    swapped["conflict_deck"] = list(reversed(state["conflict_deck"]))
    swapped["seed"] = state["seed"] + 1
    if state["players"] > 2:
        swapped["seats"] = [
            s if i == seat else {**s, "gold": s["gold"] + 3, "squires": s["squires"] + 1}
            for i, s in enumerate(state["seats"])
        ]
    swapped["ballots"] = [
        b if b is None or i == seat else {"yes": not b["yes"], "markers": 0}
        for i, b in enumerate(state["ballots"])
    ]
    return swapped


SWAPS = {"lorenzo": (_swap_lorenzo, {"leaders": True}), "lancaster": (_swap_lancaster, {})}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_computer_never_reads_another_seats_secrets(game: Game) -> None:
    """Other seats' secrets changed in the true state, the seat's view the same: the same choice
    at every level for the same random state."""
    swap, opts = SWAPS[game.name]
    values = evaluation(game)
    assert values is not None
    changed = 0
    for i, state in enumerate(_states(game, 3, opts, every=11)):
        seat = min(game.active_players(state))
        other = swap(state, seat)
        view = game.player_view(state, seat)
        assert game.player_view(other, seat) == view
        changed += game.to_json(other) != game.to_json(state)
        legal = game.legal_moves(state, seat)
        assert [m.to_text() for m in game.legal_moves(other, seat)] == [m.to_text() for m in legal]
        for level in ("random", "easy"):
            assert choose_move(game, seat, view, legal, level, random.Random(i)) == choose_move(
                game, seat, game.player_view(other, seat), legal, level, random.Random(i)
            )
        if i % 3 == 0:
            assert search(game, values, view, seat, legal, random.Random(i), TINY) == search(
                game, values, game.player_view(other, seat), seat, legal, random.Random(i), TINY
            )
    assert changed > 5  # the swaps really changed hidden parts


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_samples_redraw_what_the_seat_cannot_see(game: Game) -> None:
    """The drawn states differ among themselves where the view hides something (deck orders,
    the seed): the computer averages over them instead of guessing the truth."""
    state = _states(game, 3, {}, every=10)[3]
    seat = min(game.active_players(state))
    view = game.player_view(state, seat)
    samples = {game.to_json(game_sample_state(game, view, seat, random.Random(k))) for k in range(5)}
    assert len(samples) == 5
    assert game.to_json(state) not in samples or len(samples) == 5


def test_levels_and_refusals() -> None:
    game = GAMES[0]
    state = game.setup(2, seed=1)
    seat = min(game.active_players(state))
    view, legal = game.player_view(state, seat), game.legal_moves(state, seat)
    assert LEVELS == ("random", "easy", "normal", "hard")
    with pytest.raises(ValueError, match="Unknown computer level"):
        choose_move(game, seat, view, legal, "expert", random.Random(0))
    with pytest.raises(ValueError, match="no legal move"):
        choose_move(game, seat, view, [], "easy", random.Random(0))
    assert choose_move(game, seat, view, legal[:1], "hard", random.Random(0)) == legal[0]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_same_random_state_gives_the_same_choice(game: Game) -> None:
    values = evaluation(game)
    assert values is not None
    for i, state in enumerate(_states(game, 2, {}, every=23)[:4]):
        seat = min(game.active_players(state))
        view, legal = game.player_view(state, seat), game.legal_moves(state, seat)
        first = [search(game, values, view, seat, legal, random.Random(i), TINY)]
        first.append(choose_move(game, seat, view, legal, "easy", random.Random(i)))
        again = [search(game, values, view, seat, legal, random.Random(i), TINY)]
        again.append(choose_move(game, seat, view, legal, "easy", random.Random(i)))
        assert first == again
