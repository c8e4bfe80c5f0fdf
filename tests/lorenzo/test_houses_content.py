"""HoR provisional values and LORENZO_OVERRIDES (HOUSES.md §1, §19; issue 13 item 7)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules.core import ContentChanged, game_content_settings
from rules.lorenzo import GAME
from rules.lorenzo.data import HOUSES, TOWERS
from rules.lorenzo.houses import content
from rules.lorenzo.houses.help import houses_help


@pytest.fixture
def shipped() -> Iterator[None]:
    yield
    content.configure(None)  # every test leaves the shipped content installed


def test_s19_the_shipped_content_validates_and_every_mark_has_a_reason() -> None:
    assert content.validate(content.SHIPPED) == []
    assert all(isinstance(r, str) and r for r in HOUSES["provisional"].values())


def test_s19_rules_help_lists_every_provisional_value_with_its_reason() -> None:
    text = houses_help()
    for path, reason in HOUSES["provisional"].items():
        assert f"- {path} = " in text and reason in text


def test_s19_the_view_lists_the_provisional_values() -> None:
    view = GAME.player_view(GAME.setup(2, 1, {"houses": True}), None)
    assert {p["path"] for p in view["houses"]["provisional"]} == set(HOUSES["provisional"])


def test_overrides_every_problem_is_listed() -> None:
    with pytest.raises(content.DataError) as err:
        content.apply_overrides(
            content.SHIPPED,
            {
                "special_tower": {"floor_values": [1, 2]},
                "auction": {"tiles": {"AT1": {"lines": {"1": {"gold": 3}}}}},
                "engine": {"houses_turns_on_leaders": False, "adaptation_start": "nowhere"},
                "nope": 1,
            },
        )
    problems = err.value.problems
    assert len(problems) == 5
    assert any(p.startswith("nope:") for p in problems)
    assert any("auction.tiles.AT1.lines.1.gold" in p for p in problems)
    assert any("engine.houses_turns_on_leaders: the reading False cannot be played" in p for p in problems)
    assert any("engine.adaptation_start: must be one of" in p for p in problems)


def test_overrides_correct_a_value_and_clear_its_mark(tmp_path: Path, shipped: None) -> None:
    path = tmp_path / "lorenzo.json"
    path.write_text(json.dumps({"special_tower": {"floor_values": [2, 4, 6, 8]}}), encoding="utf-8")
    before = content.fingerprint()
    (setting,) = game_content_settings(GAME)
    assert setting.env == "LORENZO_OVERRIDES"
    setting.install(str(path))
    assert [f["min_value"] for f in TOWERS["special"]] == [2, 4, 6, 8]
    assert "special_tower.floor_values" not in HOUSES["provisional"]
    assert content.fingerprint() != before


def test_a_game_saved_under_other_content_is_refused(tmp_path: Path, shipped: None) -> None:
    text = GAME.to_json(GAME.setup(3, 4, {"houses": True}))
    path = tmp_path / "lorenzo.json"
    path.write_text(json.dumps({"setup": {"starting_goods": {"servant": 2}}}), encoding="utf-8")
    content.configure(str(path))
    with pytest.raises(ContentChanged, match="other content data"):
        GAME.from_json(text)
    content.configure(None)
    assert GAME.from_json(text)["houses"]["content"] == content.fingerprint()


def test_a_bad_override_file_installs_nothing(tmp_path: Path, shipped: None) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(content.DataError, match="not valid JSON"):
        content.configure(str(path))
    with pytest.raises(content.DataError, match="cannot read"):
        content.configure(str(tmp_path / "missing.json"))
    assert content.validate(HOUSES) == []
