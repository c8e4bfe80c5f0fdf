"""Issue 10 item 3: the fast path for simulation changes no rule.

The move generators work out what a space asks once for all family members and leave the words
out; here they are held, over whole random games, to the rules as ``tower_offer`` and
``space_check`` word them (§8 towers, §10-12 the other spaces): the reference generators below
are the engine's earlier ones, which asked those two for every candidate.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from rules.core import game_simulate, without_words
from rules.lorenzo import GAME
from rules.lorenzo.data import ALL_TOWER_SPACES, CARD_TYPES, CARDS, LEADERS, SPACE_ORDER, SPACES, TOWER_SPACES
from rules.lorenzo.effects import fold_modifiers, modifiers
from rules.lorenzo.engine import (
    AREA_SPACES,
    _action_mod,
    _activation_values,
    _entry,
    floor_min,
    has_leader_move,
    leader_moves,
    member_value,
    open_floors,
    placements,
    servant_points,
    servants_for,
    servants_to_spare,
    space_check,
    take_bonus,
    take_options,
    tower_offer,
    window_open,
)
from rules.lorenzo.houses import leaders as houses_leaders
from rules.lorenzo.leaders import unmet_requirements
from rules.lorenzo.moves import LeaderAction, LorenzoMove, Place, Take
from rules.lorenzo.state_copy import _KNOWN, _PLAYER_NOT_DEEP
from rules.playout import playout_states, random_playout
from tests.lorenzo.helpers import rich, scenario

State = dict[str, Any]

GAMES: list[tuple[int, int, dict[str, Any]]] = [
    (4, 1, {}),
    (3, 2, {"leaders": True}),
    (2, 3, {"harvest_min_check": "action", "leaders": True, "leader_draft": "deal"}),
    (4, 4, {"advanced_tiles": True, "leaders": True}),
    (3, 8, {"voluntary_pass": True, "military_tie": "tied_first_only"}),
    (2, 6, {"advanced_tiles": True, "harvest_min_check": "action"}),
    (
        4,
        5,
        {
            "leaders": True,
            "leader_draft": "deal",
            "advanced_tiles": True,
            "voluntary_pass": True,
            "harvest_min_check": "action",
            "military_tie": "tied_first_only",
        },
    ),
    (4, 11, {"houses": True}),
    (5, 9, {"houses": True, "leader_pool": "houses"}),
    (3, 8, {"houses": True, "leader_pool": "base", "leader_draft": "deal"}),
]
"""Every value of every option (rules.lorenzo.OPTIONS) in at least one game, at 2 to 5 seats
(Houses of Renaissance: the generators' general path, houses_open_floors/houses_placements)."""

MANY: list[tuple[int, int, dict[str, Any]]] = [
    (
        2 + seed % 3,
        seed,
        {"leaders": seed % 2 == 0, "advanced_tiles": seed % 3 == 0, "voluntary_pass": seed % 4 == 1},
    )
    for seed in range(10, 26)
]
"""More seeded games for the state check: mixes of the options that change what a move does."""


def reference_placements(state: State, player: int) -> list[LorenzoMove]:
    """The placements as the engine listed them before the fast path: every candidate put to
    ``tower_offer`` or ``space_check``."""
    mods = modifiers(state, player)
    player_state = state["players"][player]
    have = player_state["resources"]["servant"]
    out: list[LorenzoMove] = []
    for member in player_state["free_members"]:
        base = member_value(state, mods, member)
        for space, (tower, floor_index) in ALL_TOWER_SPACES.items():
            card_id = state["tower_cards"].get(tower, [None] * 4)[floor_index]
            if card_id is None:
                continue
            least = floor_min(state, tower, floor_index) - take_bonus(mods, tower, CARDS[card_id]["type"])
            need = servants_for(least - base, mods)
            if need <= have and tower_offer(state, player, mods, space, base, need, member, {}).error is None:
                out.append(Place(member, space, need))
        for space in SPACE_ORDER:
            space_data = SPACES[space]
            if space_data["area"] in AREA_SPACES:
                area = space_data["area"]
                bonus = space_data["value_modifier"] + _action_mod(mods, area, False)
                tested_extra = 0 if state["options"].get("harvest_min_check", "member") == "member" else bonus
                need = servants_for(space_data["min_value"] - base - tested_extra, mods)
                if need > have or space_check(state, player, mods, space, member, need)[0] is not None:
                    continue
                out.append(Place(member, space, need))
                value = base + servant_points(need, mods) + bonus
                for threshold in _activation_values(state, player, area):
                    if threshold > value and need + servants_for(threshold - value, mods) <= have:
                        out.append(Place(member, space, need + servants_for(threshold - value, mods)))
            else:
                need = servants_for(space_data["min_value"] - base, mods)
                if need <= have and space_check(state, player, mods, space, member, need)[0] is None:
                    out.append(Place(member, space, need))
    if "houses" in state:  # the personal action spaces of played Leaders (HOUSES.md §12.3)
        out += houses_leaders.placements(state, player, mods)
    return out


def reference_takes(state: State, frame: dict[str, Any]) -> list[LorenzoMove]:
    """A card-effect action's takes (§8.4) as listed before the fast path."""
    player = frame["seat"]
    mods = modifiers(state, player)
    have = state["players"][player]["resources"]["servant"]
    out: list[LorenzoMove] = []
    for space, (tower, floor_index) in ALL_TOWER_SPACES.items():
        card_id = state["tower_cards"].get(tower, [None] * 4)[floor_index]
        if card_id is None or CARDS[card_id]["type"] not in frame["card_types"]:
            continue
        least = floor_min(state, tower, floor_index) - take_bonus(mods, tower, CARDS[card_id]["type"])
        need = servants_for(least - frame["value"], mods)
        offer = tower_offer(state, player, mods, space, frame["value"], need, None, frame["discount"])
        if need <= have and offer.error is None:
            out.append(Take(space, need))
    out.append(Take(None))
    return out


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_8_10_fast_move_generators_list_what_tower_offer_and_space_check_allow(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    seen_takes = 0
    for step in random_playout(GAME, players, seed, options):
        state = step.before
        frame = state["stack"][-1] if state["stack"] else None
        if frame is None and state["phase"] == "actions":
            for player in range(players):
                assert placements(state, player) == reference_placements(state, player)
        elif frame is not None and frame["kind"] == "take_card":
            seen_takes += 1
            assert take_options(state, frame) == reference_takes(state, frame)
    assert seen_takes  # each game reaches card-effect takes (Character immediate effects)


def test_every_option_value_is_played_by_the_fast_path_checks() -> None:
    for option in GAME.options():
        played = {options.get(option.name, option.default) for _players, _seed, options in GAMES}
        assert played == set(option.choices), option.name


@pytest.mark.parametrize(("players", "seed", "options"), GAMES + MANY)
def test_the_fast_path_gives_the_states_apply_gives_over_whole_random_games(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    """``simulate`` (rules.core.game_simulate) is ``apply`` without the re-check and the words:
    every step of a whole seeded random game gives an equal state but for the move's events
    (``without_words``), and neither path changes its input."""
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
        assert fast["last_move"]["events"] == []
        assert GAME.to_json(state) == before
        state = fast
        moves += 1
    assert moves > 40 and GAME.outcome(state) is not None


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_kept_modifiers_equal_a_fresh_fold_in_every_state(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    """``modifiers`` shares one fold per combination of what it reads; whatever the engine kept
    with it (``memo``), its rules are those of a fresh fold of the same state."""
    for step in random_playout(GAME, players, seed, options):
        for player in range(players):
            assert modifiers(step.after, player) == fold_modifiers(step.after, player)


@pytest.mark.parametrize(("players", "seed", "options"), [g for g in GAMES if g[2].get("leaders")])
def test_13_the_short_leader_tests_agree_with_the_listed_leader_actions(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    """§13: ``has_leader_move`` (may this seat still act at all) and ``window_open`` (does the
    turn stay open after placing) stop at the first leader action; over whole random games they
    say what ``leader_moves`` lists."""
    checked = 0
    for step in random_playout(GAME, players, seed, options):
        for player in range(players):
            listed = leader_moves(step.after, player)
            assert has_leader_move(step.after, player) == bool(listed)
            assert window_open(step.after, player) == any(
                isinstance(m, LeaderAction) and m.verb != "discard" for m in listed
            )
            checked += bool(listed)
    assert checked


def test_8_5_kept_floor_thresholds_give_what_servants_to_spare_counts() -> None:
    """§8.2-8.5: the spare servants ``open_floors`` reads off its kept thresholds are those
    ``servants_to_spare`` counts on the floor's entry (held less the fee, plus the floor bonus)."""
    players, seed, options = GAMES[3]
    checked = 0
    for step in random_playout(GAME, players, seed, options):
        state = step.after
        for player in range(players):
            mods = modifiers(state, player)
            for space, _min_value, _coloured, spare in open_floors(state, player, mods, CARD_TYPES, {}):
                card_type, floor_index = TOWER_SPACES[space]
                _fee, _bonus, entry = _entry(state, player, mods, card_type, floor_index)
                card = CARDS[state["tower_cards"][card_type][floor_index]]
                assert spare == servants_to_spare(card, mods, entry, {})
                checked += 1
    assert checked


def reference_unmet_requirements(state: State, player: int, leader_id: str) -> int:
    """A Leader's unmet requirements as the engine counted them before they were read once
    (``leaders._requirement``): every map and scalar of the data looked up on each call."""
    player_state = state["players"][player]
    counts = {card_type: len(player_state["cards"][card_type]) for card_type in CARD_TYPES}
    held = player_state["resources"]
    req = LEADERS[leader_id]["requirement"]
    unmet = sum(counts[t] < n for t, n in req.get("cards", {}).items())
    unmet += sum(held.get(k, 0) < n for k, n in req.get("res", {}).items())
    unmet += sum(held.get(k, 0) > n for k, n in req.get("res_max", {}).items())
    unmet += sum(counts[t] > n for t, n in req.get("cards_max", {}).items())
    for keys, most in req.get("res_sum_max", {}).items():
        unmet += sum(held.get(k, 0) for k in keys.split("+")) > most
    checks = (
        ("same_type_cards", lambda n: max(counts.values()) >= n),
        ("cards_total", lambda n: sum(counts.values()) >= n),
        ("card_types_max", lambda n: sum(1 for c in counts.values() if c) <= n),
        ("leaders_played", lambda n: len([x for x in player_state["leaders_played"] if x != leader_id]) >= n),
    )
    for key, met in checks:
        if req.get(key) and not met(req[key]):
            unmet += 1
    return unmet


@pytest.mark.parametrize(("players", "seed", "options"), [g for g in GAMES if g[2].get("leaders")])
def test_13_leader_requirements_read_once_count_what_the_data_asks(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    """§13 (HOUSES.md §12.1 for the atomic count): every Leader's requirement, for every seat in
    every state of whole random games, counts as many unmet parts as the data read afresh."""
    unmet_seen = set()
    for state in playout_states(GAME, players, seed, options):
        for player in range(players):
            for leader_id in LEADERS:
                unmet = unmet_requirements(state, player, leader_id)
                assert unmet == reference_unmet_requirements(state, player, leader_id), leader_id
                unmet_seen.add(unmet)
    assert {0, 1} <= unmet_seen


@pytest.mark.parametrize(("players", "seed", "options"), GAMES + MANY)
def test_a_move_copies_another_seats_dict_only_when_it_changes_it(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    """Copy on write (state_copy.py): in the base game a move shares the other seats' dicts with
    the state it was applied to, unless it changes them (a Vatican Report settled for another
    seat, the leader packs passed, a round set up), when it copies them first; with ``houses``
    every seat is copied. With the whole-games test above (no move changes its input, every
    state equal to ``apply``'s) this holds both kinds of move to the rule."""
    shared = copied_and_changed = 0
    for step in random_playout(GAME, players, seed, options):
        for other in range(players):
            if other == step.player:
                continue
            if step.after["players"][other] is step.before["players"][other]:
                shared += 1
            elif step.after["players"][other] != step.before["players"][other]:
                copied_and_changed += 1
    assert copied_and_changed  # rounds are set up in every game
    assert (shared == 0) if options.get("houses") else shared


def test_7_placements_list_high_servant_counts_as_the_reference_does() -> None:
    """§7: the placements are picked from rows of shared moves by servant count; a player with
    more servants than the rows first held (16) is listed as the reference lists them (E2-6: two
    servants a point; the neutral member reaches a value 6 Building on the big Production space,
    -3, with 18)."""
    st = scenario(3, dice=(1, 1, 1), res=rich(servant=40))
    st["players"][0]["cards"]["building"] = [25, 27, 29]  # Production values 5, 6, 4
    st["players"][0]["excommunications"] = ["E2-6"]
    for player in (0, 1, 2):
        assert placements(st, player) == reference_placements(st, player)
    assert Place("neutral", "production_big", 18) in placements(st, 0)


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_every_state_holds_exactly_the_keys_the_copy_names_but_houses(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    """``copy_for_move`` tells the usual state (and player) from one with keys it does not name
    by their count: that holds because every state of a game has every named key, and only the
    ``houses`` option adds others (copied deep)."""
    houses = bool(options.get("houses"))
    for state in playout_states(GAME, players, seed, options):
        assert (state.keys() == _KNOWN) != houses
        assert (state.keys() - _KNOWN == {"houses"}) == houses
        for player in state["players"]:
            assert (player.keys() == _PLAYER_NOT_DEEP) != houses
            assert player.keys() >= _PLAYER_NOT_DEEP


def test_upgraded_saves_hold_exactly_the_keys_the_copy_names() -> None:
    """As above, for the format 1 games saved by older code (``state_format`` upgrades them)."""
    saved = json.loads((Path(__file__).with_name("saved") / "format1_main_f278edd.json").read_text())
    for game in saved["games"]:
        for old in (game["state"], game["final_state"]):
            state = GAME.from_json(json.dumps(old))
            assert state.keys() == _KNOWN
            assert all(player.keys() == _PLAYER_NOT_DEEP for player in state["players"])
