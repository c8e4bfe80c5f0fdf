"""Seeded random playouts with Lancaster's other rules readings, and the decision records.

The playouts for every player count and option set, with Lancaster's invariants (knights kept,
nothing below zero, JSON and replay exact), are the conformance tier: tests/test_conformance.py
with the hook in tests/lancaster/conformance.py. The games here use the same checked playout.
"""

from __future__ import annotations

import random

import pytest

from rules.core import game_simulate, normalise_options, without_words
from rules.lancaster import GAME
from rules.lancaster.decisions import KINDS
from rules.lancaster.engine import Engine
from rules.lancaster.model import can_upgrade, clone, knight_locations, upgradable
from rules.lancaster.moves import Place
from rules.playout import playout_states
from tests.conformance import play_checked

from .helpers import rules_variant

ALL_OTHER_READINGS = {
    "engine": {
        "deployed_includes_castle": False,
        "surrey_unclaimed_keeps_start_player": False,
        "knight_on_extended_space": False,  # the default is true since corrections 2026-12
        "conflict_rank_ties": "shared",
        "unjoined_conflicts": "discard",
        "ally_conflict_rank": "pass_down",
    },
    "final_scoring": {"tie_break": ["extensions", "knight_count"], "knights": {"measure": "count"}},
}


@pytest.mark.parametrize("players", [2, 3, 5])
def test_16_random_playouts_with_every_other_reading(players: int) -> None:
    """Seeded random games to the end with every rules choice switched to its other reading."""
    with rules_variant(ALL_OTHER_READINGS):
        for seed in (1, 2):
            play_checked(GAME, players, 500 + seed, {})


def test_every_decision_raised_is_one_record_whose_answers_fit_it() -> None:
    """Issue 9 item 2: each decision kind is defined once (decisions.KINDS). Over seeded random
    games every open decision's kind has a record, all its answers are of the record's move
    type, its prompt is words, and every answer names the board places it would touch."""
    seen: set[str] = set()
    for players in (2, 3, 4):
        for state in playout_states(GAME, players, 60 + players):
            decision = state["pending"]
            if decision is None:
                continue
            kind = KINDS[decision["kind"]]
            seen.add(kind.name)
            answers = GAME.legal_moves(state, decision["seat"])
            assert answers and all(isinstance(move, kind.answer) for move in answers)
            assert kind.prompt(GAME.engine, state, decision).strip()
            for move in answers:
                assert all(":" in place for place in kind.places(decision, move))
    assert seen >= {"first_extension", "favor", "upgrade", "county", "exchange", "ransom"}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_fast_path_gives_the_states_apply_gives_over_whole_random_games(players: int) -> None:
    """Issue 10 item 3: ``simulate`` (rules.core.game_simulate) is the contract's ``apply`` without
    the re-check and the words; over whole seeded random games every step gives an equal state
    but for the move's events (``rules.core.without_words``), and neither
    path changes its input (states share the parts a move leaves alone: model.copy_for_move)."""
    other_options = {
        "noble_stacks": "random",
        "vote_markers": 2,
        "discard_unused_votes": False,
        "favor_tiles_by_count": True,
    }
    expansions = {"kings_resentment": True, "queenie": True, "henry_v": True}
    for seed, options in ((players, {}), (30 + players, other_options), (70 + players, expansions)):
        rnd = random.Random(seed)
        state = GAME.setup(players, seed, options)
        moves = 0
        while GAME.active_players(state):
            seat = rnd.choice(sorted(GAME.active_players(state)))
            move = rnd.choice(list(GAME.legal_moves(state, seat)))
            before = GAME.to_json(state)
            fast = game_simulate(GAME, state, seat, move)
            normal, _ = GAME.apply(state, seat, move)
            assert without_words(fast) == without_words(normal)  # simulate words no events
            assert fast["last_move"] is None or fast["last_move"]["events"] == []
            assert GAME.to_json(state) == before
            state = fast
            moves += 1
        assert moves > 40 and GAME.outcome(state) is not None


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),  # allies
        (4, {}),
        (5, {"kings_resentment": True, "queenie": True}),
        (2, {"henry_v": True, "queenie": True}),
        (3, {"kings_resentment": True, "queenie": True, "henry_v": True}),
    ],
)
def test_a_simulated_decisions_kept_answers_are_the_ones_listed_anew(
    players: int, options: dict[str, object]
) -> None:
    """Issue 10 item 3: a decision opened by ``simulate`` keeps the answers ``ask`` found for the
    ``legal_moves`` that follows (engine ``_asked``). Over seeded games played only through
    ``simulate``, those answers are the ones the decision's kind lists anew for that state, the
    kept list is never handed out itself (a caller may change its copy), and a state equal to it
    but not the same object (a private copy) gets the answers listed anew, the same."""
    engine = GAME.engine
    for seed in (1, 2):
        rnd = random.Random(seed)
        state = GAME.setup(players, seed, options)
        kept = 0
        while active := sorted(GAME.active_players(state)):
            seat = rnd.choice(active)
            legal = list(GAME.legal_moves(state, seat))
            decision = state["pending"]
            if decision is not None:
                assert legal == KINDS[decision["kind"]].answers(engine, state, decision)
                assert GAME.legal_moves(clone(state), seat) == legal
                asked = engine._asked
                if asked is not None and asked[0] is state:
                    kept += 1
                    handed = GAME.legal_moves(state, seat)
                    assert handed == legal and handed is not asked[2]
            state = game_simulate(GAME, state, seat, rnd.choice(legal))
        assert kept > 10 and GAME.outcome(state) is not None


def test_the_engines_kept_tables_are_never_changed_by_play() -> None:
    """Issue 10 item 3: the tables an engine keeps for simulation (its laws' tasks per start
    player, its castles' and counties' reward tasks, county questions, the placements of each
    knight) are shared by every state that uses them; after seeded games of every size along
    both paths they still equal the ones a fresh engine makes."""
    engine = Engine(GAME.data)
    for players in (2, 3, 4, 5):
        rnd = random.Random(players)
        state = fast = engine.setup(players, 70 + players, normalise_options(GAME, {}))
        while active := sorted(engine.active(state)):
            seat = rnd.choice(active)
            move = rnd.choice(engine.legal(state, seat))
            state = engine.apply(state, seat, move)[0]
            fast = engine.simulate(fast, seat, move)
    fresh = Engine(GAME.data)
    assert len(engine._law_plans) > 20 and engine._castle_cache
    for key, plan in engine._law_plans.items():
        assert plan == fresh._law_plan(key)
    for (force, ally), tasks in engine._castle_cache.items():
        assert tasks == fresh._castle_tasks(force, ally)
    assert engine._county_rewards and engine._county_asks and engine._castle_votes
    for (force, letter, ally), reward in engine._county_rewards.items():
        assert reward == fresh.county_reward(force, letter, ally)
    for (letter, force, players), decision in engine._county_asks.items():
        assert decision == {
            "kind": "county",
            "seat": force % players,
            "force": force,
            "county": letter,
            "ally": force >= players,
        }
    for (force, votes), task in engine._castle_votes.items():
        assert task == fresh._noble_votes(force, votes)
    assert engine._round_tasks == fresh._round_tasks
    assert {ally for _, ally in engine.place_rows} == {False, True}  # own and ally knights (2 players)
    for (strength, ally), rows in engine.place_rows.items():
        for letter, by_squires in zip(engine.order, rows.counties, strict=True):
            assert by_squires == [
                Place(strength, f"county:{letter}", n, ally) for n in range(len(by_squires))
            ]
        castle = engine.ally_castle_ids if ally else engine.castle_ids
        assert rows.castle == [Place(strength, f"castle:{x}", 0, ally) for x in castle]
        assert rows.reach == [i for i, (_, least) in enumerate(engine.minimums) if strength >= least]
        assert all(
            move == Place(strength, f"conflict:{card}", 0, ally) for card, move in rows.conflicts.items()
        )


@pytest.mark.parametrize(
    ("players", "options"), [(2, {}), (4, {}), (3, {"kings_resentment": True, "henry_v": True})]
)
def test_upgradable_is_whether_a_listed_knight_can_be_upgraded(
    players: int, options: dict[str, object]
) -> None:
    """``model.upgradable`` (an exchange's upgrade is offered only when it can be delivered)
    looks at some places first: over every state of seeded games it agrees with the knight
    places listed in full, for every force, deployed or not, with or without the castle."""
    checked = 0
    for state in playout_states(GAME, players, 80 + players, options):
        for force in range(len(state["forces"])):
            for deployed in (False, True):
                for castle in (False, True):
                    places = knight_locations(state, force, deployed, castle)
                    listed = any(can_upgrade(state, force, strength) for _, strength in places)
                    assert upgradable(state, force, deployed, castle) == listed
                    checked += listed
    assert checked > 100
