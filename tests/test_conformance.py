"""design.md "Tests, in tiers", tier 2: conformance of every registered game to the contract.

Seeded random playouts run every game to the end for every player count and option set and
check what the contract promises of any game: every legal move survives to_text -> parse and
applies, bad text and out-of-turn moves are refused with the state unchanged, JSON round-trips
exactly, the move log replays to the same state, apply never changes its input, views are JSON,
and a finished game has an outcome. Game-specific invariants live in each game's own tests.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from rules import all_games
from rules.core import (
    BadSyntax,
    Game,
    NotYourTurn,
    Outcome,
    Prompt,
    RulesError,
    ViewHeader,
    game_prompt,
    game_rules_help,
    seat_colour,
)
from rules.playout import replay

MAX_STEPS = 5000  # far above any real game's length; a game that runs past it is stuck


def option_sets(game: Game) -> Iterator[dict[str, Any]]:
    """Defaults, each option set to each of its other values alone, and every option at once."""
    options = list(game.options())
    yield {}
    for option in options:
        for choice in option.choices:
            if choice != option.default:
                yield {option.name: choice}
    if len(options) > 1:
        yield {o.name: next(c for c in reversed(o.choices) if c != o.default) for o in options}


def cases() -> list[Any]:
    found = []
    for game in all_games():
        for players in range(game.min_players, game.max_players + 1):
            for opts in option_sets(game):
                label = ",".join(f"{k}={v}" for k, v in opts.items()) or "defaults"
                found.append(pytest.param(game, players, opts, id=f"{game.name}-{players}p-{label}"))
    return found


def play_random(
    game: Game, players: int, seed: int, options: Mapping[str, Any]
) -> tuple[Any, list[tuple[int, str]]]:
    """Play a full game choosing uniformly among legal moves, checking the contract each step."""
    rng = random.Random(seed)
    state = game.setup(players=players, seed=seed, options=dict(options))
    log: list[tuple[int, str]] = []
    for step in range(MAX_STEPS):
        active = game.active_players(state)
        if not active:
            break
        player = rng.choice(sorted(active))
        moves = list(game.legal_moves(state, player))
        assert moves, f"step {step}: seat {player} is active but has no legal move"
        texts = [m.to_text() for m in moves]
        assert len(set(texts)) == len(texts), f"step {step}: two legal moves share a text: {texts}"
        before = game.to_json(state)
        for move in rng.sample(moves, min(len(moves), 6)):
            assert game.parse(state, player, move.to_text()) == move
        assert isinstance(game_prompt(game, state, player), Prompt)
        if step % 7 == 0:
            check_refusals(game, state, player, players, active, before)
            assert game.from_json(before) is not None
            assert game.to_json(game.from_json(before)) == before
            for viewer in (None, player):
                view = game.player_view(state, viewer)
                json.dumps(view)
                check_header(game, state, viewer, view)
        move = rng.choice(moves)
        state, events = game.apply(state, player, move)
        assert all(isinstance(e, str) for e in events)
        assert game.to_json(game.from_json(before)) == before, "apply changed its input state"
        log.append((player, move.to_text()))
    else:
        pytest.fail(f"game did not end within {MAX_STEPS} moves")
    return state, log


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


def check_refusals(
    game: Game, state: Any, player: int, players: int, active: frozenset[int], before: str
) -> None:
    with pytest.raises(BadSyntax):
        game.parse(state, player, "xyzzy plugh 42")
    legal_text = game.legal_moves(state, player)[0].to_text()
    waiting = [p for p in range(players) if p not in active]
    for other in waiting[:1]:
        with pytest.raises(NotYourTurn):
            game.parse(state, other, legal_text)
    with pytest.raises(RulesError):
        game.parse(state, player, legal_text + " extra-words-that-no-move-has")
    assert game.to_json(state) == before, "a refused move changed the state"


@pytest.mark.parametrize(("game", "players", "options"), cases())
def test_random_playout_keeps_the_contract(game: Game, players: int, options: dict[str, Any]) -> None:
    seed = 1000 * players + len(options)
    state, log = play_random(game, players, seed, options)
    outcome = game.outcome(state)
    assert isinstance(outcome, Outcome)
    assert sorted(outcome.ranking) == list(range(players))
    assert len(outcome.scores) == len(outcome.breakdown) == players
    assert outcome.winners and outcome.winners <= set(range(players))
    assert outcome.ranking[0] in outcome.winners

    for viewer in (None, *range(players)):
        check_header(game, state, viewer, game.player_view(state, viewer))

    replayed = replay(game, game.setup(players=players, seed=seed, options=dict(options)), log)
    assert game.to_json(replayed) == game.to_json(state), "replaying the move log gave another state"


def test_every_game_names_itself_and_its_options() -> None:
    for game in all_games():
        assert game.name and game.title and 1 <= game.min_players <= game.max_players
        for option in game.options():
            assert option.default in option.choices, option
        assert game_rules_help(game).strip()


def test_option_sets_cover_every_choice() -> None:
    for game in all_games():
        seen = {(k, v) for opts in option_sets(game) for k, v in opts.items()}
        for option in game.options():
            for choice in option.choices:
                assert choice == option.default or (option.name, choice) in seen


def test_setup_is_deterministic_for_a_seed() -> None:
    for game in all_games():
        a = game.setup(players=game.min_players, seed=5, options={})
        b = game.setup(players=game.min_players, seed=5, options={})
        assert game.to_json(a) == game.to_json(b)
