"""Stored-state formats (issue 9 item 7): games saved by older code load and play to the end.

``saved/format1_main_f278edd.json`` holds real states written by main at f278edd (format 1, the
terse keys ``ps``, ``tocc``, ``qpos``, frame ``k``), taken mid-game so that together their
stacks hold every frame kind, plus the leader and tile drafts. For each: the move texts that
today's random policy played from it to the end with that code, its final state and scores.
Loading the state now must upgrade it so that the same moves are legal, lead to the same
scores, and end in exactly the upgraded final state of the old run.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.core import FORMAT_KEY, ContentChanged, current_format, state_to_json
from rules.lorenzo import GAME
from rules.lorenzo.state_format import UPGRADES

SAVED = json.loads((Path(__file__).with_name("saved") / "format1_main_f278edd.json").read_text())
GAMES: list[dict[str, Any]] = SAVED["games"]


def _upgraded(old_state: dict[str, Any]) -> dict[str, Any]:
    return GAME.from_json(json.dumps(old_state))


def test_the_saved_states_cover_every_format_1_frame_kind_and_both_drafts() -> None:
    kinds = {frame["k"] for game in GAMES for frame in game["state"]["stack"]}
    assert kinds == {
        "fx", "act", "priv", "pay", "take", "bonus", "exch", "vatican", "tile", "lose", "copy",
        "six", "after",
    }  # fmt: skip
    phases = {game["state"]["phase"] for game in GAMES}
    assert {"leader_draft", "tile_draft", "actions", "vatican"} <= phases
    assert all("v" in game["state"] and FORMAT_KEY not in game["state"] for game in GAMES)


@pytest.mark.parametrize("game", GAMES, ids=[g["label"] for g in GAMES])
def test_a_format_1_save_loads_and_plays_to_the_same_end(game: dict[str, Any]) -> None:
    state = _upgraded(game["state"])
    assert state[FORMAT_KEY] == current_format(UPGRADES) == 2
    for seat, text in game["moves"]:
        assert seat in GAME.active_players(state), text
        state, _ = GAME.apply(state, seat, GAME.parse(state, seat, text))
    assert not GAME.active_players(state)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert list(outcome.scores) == game["expected_scores"]
    assert [dict(b) for b in outcome.breakdown] == game["expected_breakdown"]
    assert state_to_json(state) == state_to_json(_upgraded(game["final_state"]))


def test_an_upgraded_state_has_only_format_2_keys() -> None:
    state = _upgraded(GAMES[0]["state"])
    fresh = GAME.setup(3, 5, {"leaders": True})
    assert set(state) == set(fresh)
    assert [set(p) for p in state["players"]] == [set(p) for p in fresh["players"]]
    kinds = {frame["kind"] for game in GAMES for frame in _upgraded(game["state"])["stack"]}
    old_fields = {"k", "src", "imm", "fx", "left", "taken", "t", "fi", "types", "opts", "res"}
    assert not any(old_fields & set(frame) for game in GAMES for frame in _upgraded(game["state"])["stack"])
    assert kinds == {
        "effects", "activation", "privilege", "pay", "take_card", "bonus_action", "exchange",
        "vatican", "bonus_tile", "lose_wood_or_stone", "copy_leader", "montefeltro", "leader_window",
    }  # fmt: skip


def test_the_pay_and_exchange_frames_keep_their_choices_under_the_new_names() -> None:
    for game in GAMES:
        old = {frame["k"]: frame for frame in game["state"]["stack"]}
        new = {frame["kind"]: frame for frame in _upgraded(game["state"])["stack"]}
        if "pay" in old:
            assert new["pay"]["costs"] == old["pay"]["options"]
            assert (new["pay"]["card_type"], new["pay"]["floor_index"]) == (old["pay"]["t"], old["pay"]["fi"])
        if "exch" in old:
            assert new["exchange"]["options"] == old["exch"]["opts"]


def test_a_state_from_a_newer_format_is_refused() -> None:
    state = GAME.setup(2, 1)
    state[FORMAT_KEY] = current_format(UPGRADES) + 1
    with pytest.raises(ContentChanged, match="state format 3"):
        GAME.from_json(json.dumps(state))
