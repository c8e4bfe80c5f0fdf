"""HoR content corrections: ``LORENZO_OVERRIDES`` (a JSON file) over data/houses.json, validated
at start-up with every problem listed, and the content fingerprint a HoR game records.

Format (as Lancaster's, rules/lancaster/OVERRIDES.md): an object mirroring houses.json; objects
merge key by key, lists and plain values replace; every path the file sets stops being
provisional; its ``"provisional"`` object adds (``"path": "reason"``) or removes (``"path": null``)
marks. ``engine.<key>`` readings must be one of ``engine_choices.<key>``; every documented
alternative is played by the engine (HOUSES.md §18) except the two of ``NOT_PLAYABLE``, refused
with the reason given there.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from rules.lorenzo.data import HOUSES, HOUSES_PATH, install_houses

SHIPPED: dict[str, Any] = json.loads(HOUSES_PATH.read_text(encoding="utf-8"))
GOOD_KEYS = frozenset({"coin", "wood", "stone", "servant", "vp", "mp", "fp", "special_token"})


class DataError(ValueError):
    """Every problem of an override, one per line."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def fingerprint(data: Mapping[str, Any] | None = None) -> str:
    """A short hash of the HoR content in use; a HoR game records it (``houses.content``)."""
    text = json.dumps(HOUSES if data is None else data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _related(a: str, b: str) -> bool:
    return a == b or a.startswith(b + ".") or b.startswith(a + ".")


def _merge(
    target: dict[str, Any], patch: Mapping[str, Any], prefix: str, touched: list[str], problems: list[str]
) -> None:
    for key, value in patch.items():
        path = f"{prefix}{key}"
        if key not in target:
            problems.append(f"{path}: no such entry in houses.json")
        elif isinstance(value, Mapping) and isinstance(target[key], dict):
            _merge(target[key], value, path + ".", touched, problems)
        else:
            target[key] = json.loads(json.dumps(value))
            touched.append(path)


def apply_overrides(base: Mapping[str, Any], override: Any) -> dict[str, Any]:
    """``base`` corrected by ``override`` (parsed JSON), validated; ``DataError`` lists every problem."""
    if not isinstance(override, Mapping):
        raise DataError(["(top level): expected a JSON object"])
    merged: dict[str, Any] = json.loads(json.dumps(base))
    problems: list[str] = []
    touched: list[str] = []
    _merge(merged, {k: v for k, v in override.items() if k != "provisional"}, "", touched, problems)
    marks = {p: r for p, r in merged["provisional"].items() if not any(_related(p, t) for t in touched)}
    extra = override.get("provisional", {})
    if not isinstance(extra, Mapping):
        problems.append("provisional: expected an object of path -> reason (or null)")
    else:
        for path, reason in extra.items():
            if reason is None:
                marks.pop(path, None)
            elif isinstance(reason, str) and reason.strip():
                marks[path] = reason
            else:
                problems.append(f"provisional.{path}: a reason is a non-empty text (or null to clear)")
    merged["provisional"] = marks
    problems += validate(merged)
    if problems:
        raise DataError(problems)
    return merged


def _goods(value: Any, path: str, problems: list[str]) -> None:
    if not isinstance(value, Mapping):
        problems.append(f'{path}: expected goods like {{"coin": 2}}')
        return
    for k, v in value.items():
        if k not in GOOD_KEYS:
            problems.append(f"{path}.{k}: unknown good (use {', '.join(sorted(GOOD_KEYS))})")
        elif not isinstance(v, int) or isinstance(v, bool) or v < 0:
            problems.append(f"{path}.{k}: expected a whole number 0 or more, not {v!r}")


def _ints(value: Any, count: int, path: str, problems: list[str], low: int = 0) -> None:
    if not (
        isinstance(value, list)
        and len(value) == count
        and all(isinstance(v, int) and not isinstance(v, bool) and v >= low for v in value)
    ):
        problems.append(f"{path}: expected a list of {count} whole numbers of at least {low}")


def validate(data: Mapping[str, Any]) -> list[str]:
    """The problems of merged HoR content (the shipped file has none: tests/lorenzo)."""
    problems: list[str] = []
    tower = data["special_tower"]
    _ints(tower["floor_values"], 4, "special_tower.floor_values", problems, 0)
    if isinstance(tower["floor_bonuses"], list) and len(tower["floor_bonuses"]) == 4:
        for i, bonus in enumerate(tower["floor_bonuses"]):
            _goods(bonus, f"special_tower.floor_bonuses[{i}]", problems)
    else:
        problems.append("special_tower.floor_bonuses: expected a list of 4 goods objects")
    for tid, tile in data["adaptation"]["tiles"].items():
        _ints(tile["floor_values"], 4, f"adaptation.tiles.{tid}.floor_values", problems, 0)
    for tid, tile in data["auction"]["tiles"].items():
        if not isinstance(tile.get("lines"), Mapping) or sorted(tile["lines"]) != [
            str(k) for k in range(1, 7)
        ]:
            problems.append(f'auction.tiles.{tid}.lines: expected lines "1" to "6"')
            continue
        for line, gains in tile["lines"].items():
            _goods(gains, f"auction.tiles.{tid}.lines.{line}", problems)
    for kid, kind in data["special_tokens"]["kinds"].items():
        copies = kind.get("copies")
        if not isinstance(copies, int) or isinstance(copies, bool) or copies < 1:
            problems.append(f"special_tokens.kinds.{kid}.copies: expected a whole number of at least 1")
        bonus = kind.get("bonus")
        if not (
            isinstance(bonus, list) and all(isinstance(e, Mapping) and e.get("op") == "gain" for e in bonus)
        ):
            problems.append(
                f'special_tokens.kinds.{kid}.bonus: expected a list of {{"op": "gain", "res": ...}}'
            )
        else:
            for i, effect in enumerate(bonus):
                _goods(effect.get("res"), f"special_tokens.kinds.{kid}.bonus[{i}].res", problems)
    _ints(
        data["setup"]["starting_coins_by_turn_position"], 5, "setup.starting_coins_by_turn_position", problems
    )
    _goods(data["setup"]["starting_goods"], "setup.starting_goods", problems)
    _goods(
        data["council"]["privileges_added"].get("special_token"),
        "council.privileges_added.special_token",
        problems,
    )
    problems += _readings(data)
    return problems


NOT_PLAYABLE: dict[str, str] = {
    "houses_turns_on_leaders": (
        "HoR without Leaders would leave Special cards 110, 117 and 121-129, the Orsini, Sforza and "
        "Visconti families and the 24 new Leaders without meaning, and no source plays it so"
    ),
    "auction_before_leader_draft": (
        "the seed holds the Family auction at setup, before round 1; drafting first would deal "
        "Sforza's and Visconti's face-up Leaders from a pool the draft has emptied (5 players: 20 "
        "of 44 drafted) and no source orders them so"
    ),
}
"""The readings whose alternative the engine does not play, and why (HOUSES.md §18)."""


def _readings(data: Mapping[str, Any]) -> list[str]:
    problems = []
    for key, value in data["engine"].items():
        choices = data["engine_choices"].get(key)
        if choices is None:
            problems.append(f"engine.{key}: no such reading (see HOUSES.md §18)")
        elif value not in choices:
            problems.append(f"engine.{key}: must be one of {', '.join(map(str, choices))}, not {value!r}")
        elif value != SHIPPED["engine"][key] and key in NOT_PLAYABLE:
            problems.append(
                f"engine.{key}: the reading {value!r} cannot be played ({NOT_PLAYABLE[key]}); "
                f"keep {SHIPPED['engine'][key]!r}"
            )
    return problems


def configure(path: str | None) -> None:
    """Install the shipped HoR content (``path`` None) or the shipped content corrected by the
    override file at ``path``; ``DataError`` lists every problem and installs nothing."""
    if path is None:
        install_houses(json.loads(json.dumps(SHIPPED)))
        return
    try:
        with open(path, encoding="utf-8") as f:
            override = json.load(f)
    except OSError as exc:
        raise DataError([f"cannot read override file {path}: {exc.strerror}"]) from exc
    except json.JSONDecodeError as exc:
        raise DataError([f"override file {path} is not valid JSON: {exc}"]) from exc
    install_houses(apply_overrides(SHIPPED, override))
