"""rules.core's stored-state helpers: copy, JSON text and the step-wise format upgrade."""

from __future__ import annotations

import pytest

from rules.core import (
    FORMAT_KEY,
    ContentChanged,
    StateDict,
    copy_state,
    current_format,
    renamed_keys,
    state_from_json,
    state_to_json,
)


def _rename_a(state: StateDict) -> StateDict:
    state["b"] = state.pop("a")
    return state


def _double_b(state: StateDict) -> StateDict:
    return {**state, "b": state["b"] * 2}


UPGRADES = (_rename_a, _double_b)


def test_steps_run_in_order_from_the_saved_format_to_the_current_one() -> None:
    assert current_format(UPGRADES) == 3
    assert state_from_json('{"a": 5}', UPGRADES) == {"b": 10, FORMAT_KEY: 3}  # no format = 1
    assert state_from_json('{"b": 5, "format": 2}', UPGRADES) == {"b": 10, FORMAT_KEY: 3}
    assert state_from_json('{"b": 5, "format": 3}', UPGRADES) == {"b": 5, FORMAT_KEY: 3}


@pytest.mark.parametrize("found", ["4", '"2"', "0"])
def test_an_unknown_format_is_refused(found: str) -> None:
    with pytest.raises(ContentChanged, match="reads formats 1 to 3"):
        state_from_json('{"b": 1, "format": ' + found + "}", UPGRADES)


def test_copy_shares_nothing_and_json_text_is_canonical() -> None:
    state: StateDict = {"z": [1, {"y": None}], "a": {"b": [True]}}
    copied = copy_state(state)
    copied["z"][1]["y"] = 2
    copied["a"]["b"].append(False)
    assert state == {"z": [1, {"y": None}], "a": {"b": [True]}}
    assert state_to_json(state) == '{"a":{"b":[true]},"z":[1,{"y":null}]}'
    assert state_from_json(state_to_json(state), ()) == state


def test_renamed_keys_keeps_values_and_order() -> None:
    assert list(renamed_keys({"n": 2, "x": [1], "ps": []}, {"n": "count", "ps": "players"}).items()) == [
        ("count", 2),
        ("x", [1]),
        ("players", []),
    ]
