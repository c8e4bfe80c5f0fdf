"""design.md test tier 2: seeded random playouts of any game, checking the contract at every step
and the game's own invariants through a hook (``GameChecks``).

``tests/test_conformance.py`` runs one playout per registered game, player count and option set.
A game's own invariants live beside its tests, in ``tests/<game>/conformance.py`` as ``CHECKS``
(a ``GameChecks``); a game without that module is checked against the contract alone. Game tests
that play other random games (another rules reading, saved states) call ``play_checked`` too.

Every step (the generic contract): the acting seat is active and has legal moves with distinct
texts; a sample of them (every one in a "deep" game) survives ``to_text`` -> ``parse``; the game
has a prompt for the seat; apply never changes its input and its events are words; the game's
``illegal_texts`` are refused with the state unchanged. Every ``VIEW_EVERY`` steps the public view
is JSON with a well-formed header and passes the game's public-view check; every ``DEEP_EVERY``
steps text that is no move is refused (BadSyntax), a waiting seat is refused (NotYourTurn), a legal
text with extra words is refused, the JSON round trip is exact and the seat's own view is JSON with
its header. At the end: an outcome with a full ranking, winners among the seats, every view's
header, the game's end check, and the move log replays to the same state.

Runnable alone for long soak runs outside CI:

    .venv/bin/python -m tests.conformance lorenzo 40     # games per player count and option set
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import random
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from rules import all_games, find_game
from rules.core import (
    BadSyntax,
    Game,
    Move,
    NotYourTurn,
    Outcome,
    Prompt,
    RulesError,
    ViewHeader,
    game_prompt,
    normalise_options,
    seat_colour,
)
from rules.playout import MAX_STEPS, Step, replay

SAMPLE = 6  # legal moves parsed back per step (all of them in a deep game)
VIEW_EVERY = 3
DEEP_EVERY = 7
NO_MOVE = "xyzzy plugh 42"


def _nothing(*_: Any) -> None:
    return None


@dataclass(frozen=True)
class GameChecks:
    """A game's own invariants, called by the conformance playouts (every field optional).

    ``state(state)`` runs on every state from setup to the end; ``step(step, moves)`` on every
    move, with the legal moves it was chosen from; ``public_view(view)`` on the public views
    checked; ``end(state, outcome, replayed)`` once, with the state the move log replays to.
    ``option_sets`` are played besides the generic ones (``option_sets(game)``); ``illegal_texts``
    are texts never legal in this game; ``games_per_case`` seeds are played per case;
    ``supports(players, options)`` says whether setup takes that player count with those options
    (Lorenzo: 5 players only with houses); the others must be refused by setup with a message.
    """

    state: Callable[[Any], None] = _nothing
    step: Callable[[Step, Sequence[Move]], None] = _nothing
    public_view: Callable[[Mapping[str, Any]], None] = _nothing
    end: Callable[[Any, Outcome, Any], None] = _nothing
    option_sets: tuple[dict[str, Any], ...] = ()
    illegal_texts: tuple[str, ...] = ()
    games_per_case: int = 1
    supports: Callable[[int, Mapping[str, Any]], bool] = lambda players, options: True


def checks_for(game: Game) -> GameChecks:
    """``tests/<game>/conformance.py``'s ``CHECKS``, or the contract alone."""
    name = f"tests.{game.name}.conformance"
    if importlib.util.find_spec(f"tests.{game.name}") is None or importlib.util.find_spec(name) is None:
        return GameChecks()
    checks: GameChecks = importlib.import_module(name).CHECKS
    return checks


def option_sets(game: Game) -> Iterator[dict[str, Any]]:
    """Defaults, each option set to each of its other values alone, every option at once, then
    the game's own sets; each distinct game setup once."""
    options = list(game.options())
    found: list[dict[str, Any]] = [{}]
    for option in options:
        found += [{option.name: c} for c in option.choices if c != option.default]
    if len(options) > 1:
        found.append({o.name: next(c for c in reversed(o.choices) if c != o.default) for o in options})
    seen: set[str] = set()
    for opts in [*found, *checks_for(game).option_sets]:
        key = json.dumps(normalise_options(game, opts), sort_keys=True)
        if key not in seen:
            seen.add(key)
            yield opts


def play_checked(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, Any],
    checks: GameChecks | None = None,
    *,
    deep: bool = False,
) -> tuple[Any, list[tuple[int, str]]]:
    """Play a seeded random game to the end, checking the contract and ``checks`` (default: the
    game's own) throughout; returns the final state and the move log. The seat and the move are
    drawn as ``rules.playout.random_playout`` draws them (so a seed names the same game there);
    the moves parsed back are drawn from a second generator."""
    checks = checks_for(game) if checks is None else checks
    rng, sampler = random.Random(seed), random.Random(f"conformance:{seed}")
    state = game.setup(players=players, seed=seed, options=dict(options))
    log: list[tuple[int, str]] = []
    for i in range(MAX_STEPS):
        checks.state(state)
        active = sorted(game.active_players(state))
        if not active:
            break
        player = rng.choice(active)
        moves = list(game.legal_moves(state, player))
        move = rng.choice(moves)
        before = game.to_json(state)
        after, events = game.apply(state, player, move)
        step = Step(state, player, move, after, events)
        _check_step(game, step, moves, before, checks, sampler, deep)
        if i % VIEW_EVERY == 0:
            _check_view(game, state, None, checks)
        if i % DEEP_EVERY == 0:
            _check_refusals(game, state, player, players, moves[0].to_text(), before)
            _check_view(game, state, player, checks)
        checks.step(step, moves)
        log.append((player, move.to_text()))
        state = after
    else:
        raise AssertionError(f"{game.name} did not end within {MAX_STEPS} moves")
    outcome = _check_end(game, state, players)
    replayed = replay(game, game.setup(players=players, seed=seed, options=dict(options)), log)
    assert game.to_json(replayed) == game.to_json(state), "replaying the move log gave another state"
    checks.end(state, outcome, replayed)
    return state, log


def _check_step(
    game: Game,
    step: Step,
    moves: list[Move],
    before: str,
    checks: GameChecks,
    sampler: random.Random,
    deep: bool,
) -> None:
    state, player = step.before, step.player
    assert moves, f"seat {player} is active but has no legal move"
    texts = [m.to_text() for m in moves]
    assert len(set(texts)) == len(texts), f"two legal moves share a text: {texts}"
    for move in moves if deep else sampler.sample(moves, min(len(moves), SAMPLE)):
        assert game.parse(state, player, move.to_text()) == move
    assert isinstance(game_prompt(game, state, player), Prompt)
    for text in checks.illegal_texts:
        if text not in texts:
            with pytest.raises(RulesError):
                game.parse(state, player, text)
    assert all(isinstance(e, str) for e in step.events)
    assert game.to_json(state) == before, "apply or a refused move changed the state"


def _check_view(game: Game, state: Any, viewer: int | None, checks: GameChecks) -> None:
    view = game.player_view(state, viewer)
    json.dumps(view)
    check_header(game, state, viewer, view)
    if viewer is None:
        checks.public_view(view)


def _check_refusals(game: Game, state: Any, player: int, players: int, legal_text: str, before: str) -> None:
    with pytest.raises(BadSyntax):
        game.parse(state, player, NO_MOVE)
    active = game.active_players(state)
    for other in [p for p in range(players) if p not in active][:1]:
        with pytest.raises(NotYourTurn):
            game.parse(state, other, legal_text)
    with pytest.raises(RulesError):
        game.parse(state, player, legal_text + " extra-words-that-no-move-has")
    assert game.to_json(state) == before, "a refused move changed the state"
    assert game.from_json(before) is not None
    assert game.to_json(game.from_json(before)) == before


def _check_end(game: Game, state: Any, players: int) -> Outcome:
    assert not game.active_players(state)
    outcome = game.outcome(state)
    assert isinstance(outcome, Outcome)
    assert sorted(outcome.ranking) == list(range(players))
    assert len(outcome.scores) == len(outcome.breakdown) == players
    assert outcome.winners and outcome.winners <= set(range(players))
    assert outcome.ranking[0] in outcome.winners
    json.dumps(outcome.to_json())
    for viewer in (None, *range(players)):
        check_header(game, state, viewer, game.player_view(state, viewer))
    return outcome


def check_header(game: Game, state: Any, viewer: int | None, view: Mapping[str, Any]) -> None:
    """The common view header (rules.core.ViewHeader), when the view has one, agrees with the
    contract's own answers: seats, viewer, who must act, the viewer's prompt, the outcome."""
    header = view.get("header")
    if header is None:
        return  # a game written from design.md alone; render/ makes a header of its own keys
    assert set(header) == set(ViewHeader.__required_keys__)
    players = len(header["seats"])
    assert header["game"] == game.name and header["title"] == game.title
    assert [s["seat"] for s in header["seats"]] == list(range(players))
    assert all((s["colour"], s["letter"]) == seat_colour(s["seat"]) for s in header["seats"])
    assert header["viewer"] == viewer
    assert 1 <= header["round"] <= header["rounds"] and header["phase_title"]
    assert sorted(header["order"]) == list(range(players))
    active = game.active_players(state)
    assert header["active"] == sorted(active)
    if viewer is not None and viewer in active:
        assert header["your_prompt"] == game_prompt(game, state, viewer).text
    else:
        assert header["your_prompt"] is None
    outcome = game.outcome(state)
    assert header["outcome"] == (None if outcome is None else outcome.to_json())
    last = header["last"]
    assert last is None or all(isinstance(p, str) for p in last["places"])


def case_seed(players: int, options: Mapping[str, Any], game_number: int = 0) -> int:
    return 1000 * players + len(options) + 100 * game_number


def main() -> None:
    names = [a for a in sys.argv[1:] if not a.isdigit()] or [g.name for g in all_games()]
    games = int(next((a for a in sys.argv[1:] if a.isdigit()), "10"))
    start, total = time.perf_counter(), 0
    for game in (find_game(n) for n in names):
        for players in range(game.min_players, game.max_players + 1):
            for opts in option_sets(game):
                if not checks_for(game).supports(players, opts):
                    continue
                for number in range(games):
                    play_checked(game, players, case_seed(players, opts, number + 1), opts)
                    total += 1
    figures = {"games": total, "seconds": round(time.perf_counter() - start, 1), "failures": 0}
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
