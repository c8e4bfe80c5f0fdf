"""Lancaster content: the base data file, owner overrides, and the schema both must satisfy.

The base data lives in ``data/base.json``. Every value no public source gave is listed under
``"provisional"`` (dotted path -> one-line reason). An owner of the physical game corrects values
with an override file (see OVERRIDES.md): ``apply_overrides(base, override)`` deep-merges it,
re-validates the result and raises ``DataError`` listing every problem, so the bot can refuse to
start with a clear message. A value an override sets stops being reported as provisional.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parent / "data"

RESOURCES = ("gold", "squire", "vote_marker", "power_points", "royal_seal", "dishonor")
METRICS = (
    "gold_owned",
    "squires_owned",
    "counties_occupied",
    "conflicts_involved",
    "deployed_knights_of_strength_1",
    "deployed_knights_of_strength_2",
    "deployed_knights_of_strength_3",
    "deployed_knights_of_strength_4",
    "extension_tiles",
    "nobles_at_table",
    # the expansions' metrics (extra laws; EXPANSIONS.md 1.3)
    "dishonor_markers",
    "knights_in_tower",
    "royal_seals_owned",
    "lord_on_office",
)
PRIVILEGE_KINDS = ("shield", "archer", "tudor_knight")
TARGETS = ("any_own", "deployed", "ally")
OPS = ("==", "!=", ">=", "<=", ">", "<")

# Rules points no source settles (lancaster.md sections 6.3, 8.3, 10, 11): each is a data value
# the engine reads, marked provisional in base.json, with its allowed readings (first = default).
ENGINE_CHOICES: dict[str, tuple[bool | str, ...]] = {
    "deployed_includes_castle": (True, False),
    "surrey_unclaimed_keeps_start_player": (True, False),
    "knight_on_extended_space": (True, False),
    "conflict_rank_ties": ("higher_space", "shared"),
    "unjoined_conflicts": ("slide", "discard"),
    "ally_conflict_rank": ("forfeit", "pass_down"),
}
TIE_BREAKS = ("nobles", "knight_strength", "knight_count", "extensions")
KNIGHT_MEASURES = ("strength", "count")

# Parameters every effect type needs: name -> expected kind ("int", "resource", ...).
EFFECT_PARAMS: dict[str, dict[str, str]] = {
    "gain": {"resource": "resource", "amount": "int"},
    "gain_per": {"resource": "resource", "amount": "int", "per": "metric", "every": "pos"},
    "recruit_knight": {"strength": "strength", "amount": "int"},
    "recruit_knight_per": {"strength": "strength", "amount": "int", "per": "metric", "every": "pos"},
    "upgrade_knight": {"steps": "one", "target": "target", "amount": "int"},
    "swap_knight": {"from_strength": "strength", "to_strength": "strength", "target": "target"},
    "build_extension": {"amount": "int"},
    "build_extension_per": {"amount": "int", "per": "metric", "every": "pos"},
    "take_noble": {"source": "noble_source"},
    "exchange": {"pay": "pay", "gain": "effects", "repeat": "repeat"},
    "majority": {"metric": "metric", "ties": "ties", "effects": "effects"},
    "conditional": {"condition": "condition", "effects": "effects"},
    "choose_next_start_player": {},
    "gain_privilege": {"privilege": "privilege", "amount": "int"},  # Henry V
    "lose": {"resource": "resource", "amount": "int"},  # discard (extra laws)
}


class DataError(ValueError):
    """The content (base or overridden) does not fit the schema. ``problems`` lists each one."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        lines = "\n".join(f"  - {p}" for p in problems)
        super().__init__(f"Lancaster data is invalid ({len(problems)} problem(s)):\n{lines}")


def load_base() -> dict[str, Any]:
    with open(DATA_DIR / "base.json", encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    problems = validate(data)
    if problems:
        raise DataError(problems)
    return data


def fingerprint(data: Mapping[str, Any]) -> str:
    """A short content hash; a saved game records it so it never replays against other data."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


# --------------------------------------------------------------------------------------------
# Expansions (issue 14; EXPANSIONS.md section 1): data/expansions.json beside the base data
# --------------------------------------------------------------------------------------------

EXPANSION_KEYS = ("henry_v", "kings_resentment", "queenie", "extra_laws")
"""Content keys of data/expansions.json; none is a key of base.json."""


def load_expansions() -> dict[str, Any]:
    with open(DATA_DIR / "expansions.json", encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def with_expansions(base: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` with the expansion content merged beside it (section 1.1): the content keys
    added, the two ``provisional`` maps united (their paths are disjoint), ``sources`` kept.
    Data that already holds the expansions (an overridden merge) is returned as a copy."""
    merged: dict[str, Any] = json.loads(json.dumps(base))
    if all(key in merged for key in EXPANSION_KEYS):
        return merged
    extra = load_expansions()
    for key in EXPANSION_KEYS:
        merged.setdefault(key, extra[key])
    merged["provisional"] = {**extra["provisional"], **merged.get("provisional", {})}
    merged.setdefault("sources", extra["sources"])
    return merged


def load_content() -> dict[str, Any]:
    """The validated base data with the expansions beside it (what ``GAME`` plays)."""
    data = with_expansions(load_base())
    problems = validate(data)
    if problems:
        raise DataError(problems)
    return data


def used_expansions(options: Mapping[str, Any]) -> frozenset[str]:
    """The expansion sections a game with ``options`` plays with (extra laws: Henry V and The
    King's Resentment together, C2)."""
    used = {key for key in EXPANSION_KEYS[:3] if options.get(key)}
    if {"henry_v", "kings_resentment"} <= used:
        used.add("extra_laws")
    return frozenset(used)


def content_of(data: Mapping[str, Any], used: frozenset[str]) -> dict[str, Any]:
    """The part of ``data`` a game using the expansions ``used`` depends on: the base data and
    only those expansion sections with their marks. Its fingerprint is the game's, so a base game
    keeps the fingerprint it had before the expansions existed and a change to an unused
    expansion never stops a saved game (section 1.1)."""
    unused = [key for key in EXPANSION_KEYS if key not in used]
    part = {k: v for k, v in data.items() if k not in unused and k != "sources"}
    part["provisional"] = {
        path: reason
        for path, reason in data.get("provisional", {}).items()
        if path.split(".", 1)[0] not in unused
    }
    return part


# --------------------------------------------------------------------------------------------
# Overrides
# --------------------------------------------------------------------------------------------


def apply_overrides(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """Base data plus an owner's override mapping (parsed JSON), validated.

    Mappings merge key by key; lists and plain values replace the base value. The special key
    ``"provisional"`` merges too, and a ``null`` there removes a mark. Every path the override
    sets is no longer provisional (the owner has checked it). Raises ``DataError`` with every
    problem found.
    """
    if not isinstance(override, Mapping):
        raise DataError(["(top level): expected a JSON object"])
    merged = json.loads(json.dumps(base))
    touched: list[str] = []
    marks = override.get("provisional")
    body = {k: v for k, v in override.items() if k != "provisional"}
    _merge(merged, body, "", touched)
    provisional: dict[str, Any] = dict(merged.get("provisional", {}))
    for path in list(provisional):
        if any(_related(path, t) for t in touched):
            del provisional[path]
    problems: list[str] = []
    if marks is not None:
        if not isinstance(marks, Mapping):
            problems.append("provisional: expected an object of path -> reason (or null)")
        else:
            for path, reason in marks.items():
                if reason is None:
                    provisional.pop(path, None)
                else:
                    provisional[path] = reason
    merged["provisional"] = provisional
    problems += validate(merged)
    if problems:
        raise DataError(problems)
    return merged


def read_override_file(path: str | Path) -> dict[str, Any]:
    """The parsed override file (not yet merged), or ``DataError`` if it cannot be read."""
    try:
        with open(path, encoding="utf-8") as f:
            override: dict[str, Any] = json.load(f)
    except OSError as exc:
        raise DataError([f"cannot read override file {path}: {exc.strerror}"]) from exc
    except json.JSONDecodeError as exc:
        raise DataError([f"override file {path} is not valid JSON: {exc}"]) from exc
    return override


# --------------------------------------------------------------------------------------------
# Earlier revisions of the base data (games started before a correction keep their rules)
# --------------------------------------------------------------------------------------------


def earlier_bases(base: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The base data of every earlier revision, newest first.

    ``data/revisions.json`` lists, for each correction of ``base.json``, what it changed (the
    old values; ``null`` for a key the correction added). Rebuilding an earlier base from it lets
    a game started before the correction go on with exactly the data it began with: its saved
    fingerprint matches the rebuilt data, never today's.
    """
    with open(DATA_DIR / "revisions.json", encoding="utf-8") as f:
        revisions = json.load(f)["revisions"]
    found: list[dict[str, Any]] = []
    data = json.loads(json.dumps(base))
    for revision in sorted(revisions, key=lambda r: -int(r["revision"])):
        data = json.loads(json.dumps(data))
        _restore(data, revision["restore"])
        found.append(data)
    return found


def _restore(target: dict[str, Any], old: Mapping[str, Any]) -> None:
    for key, value in old.items():
        if value is None:
            target.pop(key, None)
        elif isinstance(value, Mapping) and isinstance(target.get(key), dict):
            _restore(target[key], value)
        else:
            target[key] = json.loads(json.dumps(value))


def _related(a: str, b: str) -> bool:
    return a == b or a.startswith(b + ".") or b.startswith(a + ".")


def _merge(target: dict[str, Any], patch: Mapping[str, Any], prefix: str, touched: list[str]) -> None:
    for key, value in patch.items():
        path = f"{prefix}{key}"
        if isinstance(value, Mapping) and isinstance(target.get(key), dict):
            _merge(target[key], value, path + ".", touched)
        else:
            target[key] = json.loads(json.dumps(value))
            touched.append(path)


# --------------------------------------------------------------------------------------------
# Schema
# --------------------------------------------------------------------------------------------

TOP_KEYS = {
    "schema",
    "rounds",
    "knight_set",
    "setup",
    "counties",
    "county_order",
    "nobles",
    "noble_castle_votes",
    "noble_points",
    "both_cost_gold",
    "castle",
    "conflicts",
    "kings_favor",
    "laws",
    "ransom_gold_per_strength",
    "final_scoring",
    "ally",
    "engine",
    "provisional",
}
OPTIONAL_KEYS = {*EXPANSION_KEYS, "sources"}


class _Checker:
    def __init__(self) -> None:
        self.problems: list[str] = []

    def bad(self, path: str, what: str) -> None:
        self.problems.append(f"{path}: {what}")

    def int_(self, value: Any, path: str, lo: int = 0, hi: int = 1000) -> bool:
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            self.bad(path, f"expected a whole number from {lo} to {hi}, got {json.dumps(value)}")
            return False
        return True

    def str_(self, value: Any, path: str) -> bool:
        if not isinstance(value, str) or not value.strip():
            self.bad(path, f"expected a non-empty text, got {json.dumps(value)}")
            return False
        return True

    def obj(self, value: Any, path: str, keys: set[str] | None = None) -> bool:
        if not isinstance(value, dict):
            self.bad(path, f"expected an object, got {json.dumps(value)}")
            return False
        if keys is not None:
            for k in value:
                if k not in keys:
                    self.bad(f"{path}.{k}", f"unknown key (expected one of: {', '.join(sorted(keys))})")
            for k in sorted(keys - set(value)):
                self.bad(f"{path}.{k}", "missing")
        return True

    def list_(self, value: Any, path: str) -> bool:
        if not isinstance(value, list):
            self.bad(path, f"expected a list, got {json.dumps(value)}")
            return False
        return True

    def effects(self, value: Any, path: str) -> None:
        if not self.list_(value, path):
            return
        for i, effect in enumerate(value):
            self.effect(effect, f"{path}[{i}]")

    def effect(self, effect: Any, path: str) -> None:
        if not isinstance(effect, dict) or not isinstance(effect.get("type"), str):
            self.bad(path, "expected an effect object with a 'type'")
            return
        kind = effect["type"]
        params = EFFECT_PARAMS.get(kind)
        if params is None:
            self.bad(f"{path}.type", f"unknown effect type '{kind}' (known: {', '.join(EFFECT_PARAMS)})")
            return
        self.obj(effect, path, set(params) | {"type"})
        for name, expected in params.items():
            if name in effect:
                self.param(effect[name], expected, f"{path}.{name}")

    def param(self, value: Any, expected: str, path: str) -> None:
        choices = {
            "resource": RESOURCES,
            "metric": METRICS,
            "target": TARGETS,
            "ties": ("all_tied",),
            "noble_source": ("any_county",),
            "privilege": PRIVILEGE_KINDS,
        }
        if expected in choices:
            if value not in choices[expected]:
                self.bad(path, f"expected one of {', '.join(choices[expected])}, got {json.dumps(value)}")
        elif expected == "int":
            self.int_(value, path, 0, 100)
        elif expected == "pos":
            self.int_(value, path, 1, 100)
        elif expected == "one":
            self.int_(value, path, 1, 1)
        elif expected == "strength":
            self.int_(value, path, 1, 4)
        elif expected == "effects":
            self.effects(value, path)
        elif expected == "repeat":
            if value != "unlimited":
                self.int_(value, path, 1, 100)
        elif expected == "pay":
            if self.list_(value, path):
                for i, cost in enumerate(value):
                    p = f"{path}[{i}]"
                    if self.obj(cost, p, {"resource", "amount"}):
                        self.param(cost.get("resource"), "resource", p + ".resource")
                        self.int_(cost.get("amount"), p + ".amount", 1, 100)
        elif expected == "condition" and self.obj(value, path, {"metric", "op", "value"}):
            self.param(value.get("metric"), "metric", path + ".metric")
            if value.get("op") not in OPS:
                self.bad(path + ".op", f"expected one of {' '.join(OPS)}")
            self.int_(value.get("value"), path + ".value", 0, 100)


def validate(data: Any) -> list[str]:
    """Every problem of ``data`` against the schema, as 'path: expected ...' lines (empty = valid)."""
    c = _Checker()
    if not c.obj(data, "(top level)"):
        return c.problems
    c.obj({k: v for k, v in data.items() if k not in OPTIONAL_KEYS}, "(top level)", TOP_KEYS)
    c.int_(data.get("schema"), "schema", 1, 1)
    rounds = data.get("rounds")
    c.int_(rounds, "rounds", 1, 10)
    knights = data.get("knight_set")
    if c.list_(knights, "knight_set"):
        for i, s in enumerate(knights):
            c.int_(s, f"knight_set[{i}]", 1, 4)
    _check_places(c, data)
    _check_setup(c, data)
    c.int_(data.get("noble_castle_votes"), "noble_castle_votes", 0, 10)
    c.int_(data.get("both_cost_gold"), "both_cost_gold", 0, 100)
    c.int_(data.get("ransom_gold_per_strength"), "ransom_gold_per_strength", 0, 100)
    _check_conflicts(c, data)
    favor = data.get("kings_favor")
    if c.list_(favor, "kings_favor"):
        if not 1 <= len(favor) <= 10:
            c.bad("kings_favor", "expected 1 to 10 tiles")
        for i, tile in enumerate(favor):
            c.effects(tile, f"kings_favor[{i}]")
    _check_laws(c, data)
    _check_final_scoring(c, data)
    _check_ally(c, data)
    _check_engine(c, data)
    _check_expansions(c, data)
    prov = data.get("provisional")
    if c.obj(prov, "provisional"):
        for key, reason in prov.items():
            c.str_(reason, f"provisional.{key}")
    return c.problems


def _check_final_scoring(c: _Checker, data: Any) -> None:
    final = data.get("final_scoring")
    if c.obj(final, "final_scoring", {"castle", "knights", "tie_break"}):
        for key in ("castle", "knights"):
            p = f"final_scoring.{key}"
            entry = final.get(key)
            keys = {"first", "second", "second_from_players"} | ({"measure"} if key == "knights" else set())
            if key in final and c.obj(entry, p, keys):
                c.int_(entry.get("first"), p + ".first", 0, 100)
                c.int_(entry.get("second"), p + ".second", 0, 100)
                c.int_(entry.get("second_from_players"), p + ".second_from_players", 2, 6)
                if key == "knights" and entry.get("measure") not in KNIGHT_MEASURES:
                    c.bad(p + ".measure", f"expected one of {', '.join(KNIGHT_MEASURES)}")
        ties = final.get("tie_break")
        if "tie_break" in final and c.list_(ties, "final_scoring.tie_break"):
            for i, name in enumerate(ties):
                if name not in TIE_BREAKS:
                    c.bad(f"final_scoring.tie_break[{i}]", f"expected one of {', '.join(TIE_BREAKS)}")


def _check_ally(c: _Checker, data: Any) -> None:
    ally = data.get("ally")
    if c.obj(ally, "ally", {"castle", "county_effects"}):
        _check_spaces(c, ally.get("castle"), "ally.castle")
        allowed = ally.get("county_effects")
        if c.list_(allowed, "ally.county_effects"):
            for i, kind in enumerate(allowed):
                if kind not in EFFECT_PARAMS:
                    c.bad(f"ally.county_effects[{i}]", f"unknown effect type {json.dumps(kind)}")


def _check_engine(c: _Checker, data: Any) -> None:
    engine = data.get("engine")
    if c.obj(engine, "engine", set(ENGINE_CHOICES)):
        for key, value in engine.items():
            choices = ENGINE_CHOICES.get(key)
            if choices is None:
                continue
            if isinstance(choices[0], bool):
                if not isinstance(value, bool):
                    c.bad(f"engine.{key}", f"expected true or false, got {json.dumps(value)}")
            elif not isinstance(value, str) or value not in choices:
                allowed = ", ".join(map(str, choices))
                c.bad(f"engine.{key}", f"expected one of {allowed}, got {json.dumps(value)}")


def _check_places(c: _Checker, data: Any) -> None:
    counties = data.get("counties")
    order = data.get("county_order")
    nobles = data.get("nobles")
    if c.obj(counties, "counties"):
        for letter, county in counties.items():
            p = f"counties.{letter}"
            if c.obj(county, p, {"name", "min_strength", "reward"}):
                c.str_(county.get("name"), p + ".name")
                c.int_(county.get("min_strength"), p + ".min_strength", 1, 4)
                c.effects(county.get("reward"), p + ".reward")
    if (
        c.list_(order, "county_order")
        and isinstance(counties, dict)
        and (sorted(order) != sorted(counties) or len(set(order)) != len(order))
    ):
        c.bad("county_order", "must list every county letter exactly once")
    if c.obj(nobles, "nobles"):
        for letter, noble in nobles.items():
            if c.obj(noble, f"nobles.{letter}", {"name"}):
                c.str_(noble.get("name"), f"nobles.{letter}.name")
        if isinstance(counties, dict) and sorted(nobles) != sorted(counties):
            c.bad("nobles", "needs exactly one noble type per county letter")
    points = data.get("noble_points")
    if c.list_(points, "noble_points"):
        for i, v in enumerate(points):
            c.int_(v, f"noble_points[{i}]", 0, 200)
        if isinstance(nobles, dict) and len(points) != len(nobles) + 1:
            c.bad("noble_points", f"expected {len(nobles) + 1} values (for 0 to {len(nobles)} nobles)")
    _check_spaces(c, data.get("castle"), "castle")


def _check_spaces(c: _Checker, spaces: Any, path: str) -> None:
    if not c.obj(spaces, path):
        return
    if not spaces:
        c.bad(path, "needs at least one space")
    for sid, space in spaces.items():
        p = f"{path}.{sid}"
        if c.obj(space, p, {"name", "reward"}):
            c.str_(space.get("name"), p + ".name")
            c.effects(space.get("reward"), p + ".reward")


def _check_setup(c: _Checker, data: Any) -> None:
    setup = data.get("setup")
    keys = {
        "nobles_per_county",
        "conflicts_removed",
        "gold",
        "squires",
        "court",
        "ally_court",
        "conflicts_per_round",
        "proposals_per_round",
        "favor_tiles",
    }
    if not c.obj(setup, "setup", keys):
        return
    tiles = setup.get("favor_tiles")
    favor = data.get("kings_favor")
    most = len(favor) if isinstance(favor, list) else 10
    if c.obj(tiles, "setup.favor_tiles", {"2", "3", "4", "5"}):
        for k, v in tiles.items():
            c.int_(v, f"setup.favor_tiles.{k}", 1, most)
    npc = setup.get("nobles_per_county")
    if c.obj(npc, "setup.nobles_per_county", {"2", "3", "4", "5"}):
        for k, v in npc.items():
            c.int_(v, f"setup.nobles_per_county.{k}", 0, 4)
    c.int_(setup.get("gold"), "setup.gold", 0, 50)
    c.int_(setup.get("squires"), "setup.squires", 0, 50)
    c.int_(setup.get("conflicts_per_round"), "setup.conflicts_per_round", 1, 4)
    c.int_(setup.get("proposals_per_round"), "setup.proposals_per_round", 1, 3)
    knights = data.get("knight_set")
    for key in ("court", "ally_court"):
        court = setup.get(key)
        if c.list_(court, f"setup.{key}") and isinstance(knights, list):
            pool = list(knights)
            for s in court:
                if s in pool:
                    pool.remove(s)
                else:
                    c.bad(f"setup.{key}", f"knight of strength {json.dumps(s)} is not in knight_set")
    removed = setup.get("conflicts_removed")
    cards = data.get("conflicts")
    if c.obj(removed, "setup.conflicts_removed", {"2", "3", "4", "5"}) and isinstance(cards, dict):
        need = (data.get("rounds") or 0) * (setup.get("conflicts_per_round") or 0)
        for count, ids in removed.items():
            p = f"setup.conflicts_removed.{count}"
            if not c.list_(ids, p):
                continue
            for cid in ids:
                if cid not in cards:
                    c.bad(p, f"unknown conflict card {json.dumps(cid)}")
            left = len(set(cards) - set(ids))
            if isinstance(need, int) and left < need:
                c.bad(p, f"leaves {left} conflict cards, but {need} are revealed in a game")


def _check_conflicts(c: _Checker, data: Any) -> None:
    cards = data.get("conflicts")
    if not c.obj(cards, "conflicts"):
        return
    for cid, card in cards.items():
        p = f"conflicts.{cid}"
        if c.obj(card, p, {"france", "pp"}):
            c.int_(card.get("france"), p + ".france", 0, 50)
            pp = card.get("pp")
            if c.list_(pp, p + ".pp"):
                if len(pp) != 3:
                    c.bad(p + ".pp", "expected 3 values (PP for ranks 1, 2 and 3)")
                for i, v in enumerate(pp):
                    c.int_(v, f"{p}.pp[{i}]", 0, 100)


def _check_laws(c: _Checker, data: Any) -> None:
    laws = data.get("laws")
    if not c.obj(laws, "laws"):
        return
    backs: list[int] = []
    for lid, law in laws.items():
        p = f"laws.{lid}"
        if c.obj(law, p, {"back", "text", "effects"}):
            if c.int_(law.get("back"), p + ".back", 0, 4):
                backs.append(law["back"])
            c.str_(law.get("text"), p + ".text")
            c.effects(law.get("effects"), p + ".effects")
    setup = data.get("setup") if isinstance(data.get("setup"), dict) else {}
    per_round = setup.get("proposals_per_round", 3) if isinstance(setup, dict) else 3
    rounds = data.get("rounds")
    if backs.count(0) != 3:
        c.bad("laws", f"exactly 3 laws must have back number 0 (the starting laws), found {backs.count(0)}")
    if isinstance(per_round, int) and isinstance(rounds, int):
        pile = len(backs) - backs.count(0)
        if pile < per_round * rounds:
            c.bad("laws", f"the draw pile has {pile} laws but {per_round * rounds} are proposed in a game")


QUEENIE_CHOICES: dict[str, tuple[bool | str, ...]] = {
    "tile_goes_with": ("reward", "occupant"),
    "unclaimed_tile": ("removed", "stays"),
    "ally_takes_tile": (False, True),
}
"""Named readings of Queenie 1 (EXPANSIONS.md 1.4; first = default)."""


def _check_choices(c: _Checker, value: Any, path: str, choices: dict[str, tuple[bool | str, ...]]) -> None:
    if not c.obj(value, path, set(choices)):
        return
    for key, allowed in choices.items():
        got = value.get(key)
        if key in value and not any(got == a and type(got) is type(a) for a in allowed):
            shown = ", ".join(json.dumps(a) for a in allowed)
            c.bad(f"{path}.{key}", f"expected one of {shown}, got {json.dumps(value.get(key))}")


def _check_expansions(c: _Checker, data: Any) -> None:
    """The expansion sections, when present (EXPANSIONS.md section 1)."""
    if "henry_v" in data:
        _check_henry(c, data["henry_v"])
    if "extra_laws" in data:
        _check_extra_laws(c, data["extra_laws"], data)
    if "kings_resentment" in data:
        _check_resentment(c, data["kings_resentment"])
    queenie = data.get("queenie")
    if "queenie" not in data or not c.obj(
        queenie, "queenie", {"name", "draw_per_round", "tiles", "seal_tiles", "engine"}
    ):
        return
    c.str_(queenie.get("name"), "queenie.name")
    c.int_(queenie.get("draw_per_round"), "queenie.draw_per_round", 1, 1)
    counties = data.get("counties") if isinstance(data.get("counties"), dict) else {}
    tiles = queenie.get("tiles")
    if c.obj(tiles, "queenie.tiles", set(counties)):
        for letter, effects in tiles.items():
            c.effects(effects, f"queenie.tiles.{letter}")
    seals = queenie.get("seal_tiles")
    if c.obj(seals, "queenie.seal_tiles"):
        for letter, effects in seals.items():
            if letter not in counties:
                c.bad(f"queenie.seal_tiles.{letter}", "not a county letter")
            c.effects(effects, f"queenie.seal_tiles.{letter}")
    _check_choices(c, queenie.get("engine"), "queenie.engine", QUEENIE_CHOICES)


RESENTMENT_CHOICES: dict[str, tuple[bool | str, ...]] = {
    "dishonor_takers": ("absentees", "participants"),
    "unjoined_cards_dishonor": (True, False),
    "tower_requirement": ("at_least_neutral", "above_neutral", "none"),
    "ally_knights_protect": (False, True),
    "tower_knights_deployed": (True, False),
}
"""Named readings of The King's Resentment (EXPANSIONS.md 1.4; first = default)."""


def _check_resentment(c: _Checker, kr: Any) -> None:
    keys = {"name", "setup", "dishonor_per_loss", "dishonor_points", "tower", "engine"}
    if not c.obj(kr, "kings_resentment", keys):
        return
    c.str_(kr.get("name"), "kings_resentment.name")
    c.int_(kr.get("dishonor_per_loss"), "kings_resentment.dishonor_per_loss", 0, 10)
    points = kr.get("dishonor_points")
    if not isinstance(points, int) or isinstance(points, bool) or not -20 <= points <= 0:
        c.bad(
            "kings_resentment.dishonor_points",
            f"expected a whole number from -20 to 0, got {json.dumps(points)}",
        )
    if c.obj(kr.get("tower"), "kings_resentment.tower", {"capacity_per_player"}):
        c.int_(kr["tower"].get("capacity_per_player"), "kings_resentment.tower.capacity_per_player", 1, 7)
    setup = kr.get("setup")
    p = "kings_resentment.setup"
    if c.obj(setup, p, {"dishonor_markers", "track_spaces", "per_space", "tower_knight"}):
        c.int_(setup.get("dishonor_markers"), p + ".dishonor_markers", 0, 200)
        c.int_(setup.get("track_spaces"), p + ".track_spaces", 1, 20)
        for key, hi in (("per_space", 20), ("tower_knight", 4)):
            if c.obj(setup.get(key), f"{p}.{key}", {"2", "3", "4", "5"}):
                for count, value in setup[key].items():
                    c.int_(value, f"{p}.{key}.{count}", 0, hi)
    _check_choices(c, kr.get("engine"), "kings_resentment.engine", RESENTMENT_CHOICES)


HENRY_CHOICES: dict[str, tuple[bool | str, ...]] = {
    "lord_may_stay_home": (True, False),
    "office_cost_paid": ("on_placement", "on_filling"),
    "escort_deployed": (True, False),
    "seals_secret": (False, True),
}
"""Named readings of Henry V (EXPANSIONS.md 1.4; first = default)."""


def _check_pay(c: _Checker, value: Any, path: str) -> None:
    c.param(value, "pay", path)
    if isinstance(value, list) and any(
        isinstance(x, dict) and x.get("resource") in ("power_points", "royal_seal", "dishonor") for x in value
    ):
        c.bad(path, "a cost is paid in gold, squires or vote markers")


def _check_henry(c: _Checker, hv: Any) -> None:
    keys = {"name", "setup", "offices", "office_order", "treasury", "lord", "privileges", "seal_points"}
    keys.add("engine")
    if not c.obj(hv, "henry_v", keys):
        return
    c.str_(hv.get("name"), "henry_v.name")
    p = "henry_v.setup"
    setup = hv.get("setup")
    setup_keys = {"vote_markers", "bishops_on_board", "bishops", "royal_seals", "privileges", "office_cards"}
    setup_keys.add("lords")
    if c.obj(setup, p, setup_keys):
        for key in ("vote_markers", "bishops", "royal_seals", "office_cards", "lords"):
            c.int_(setup.get(key), f"{p}.{key}", 0, 100)
        if c.obj(setup.get("bishops_on_board"), p + ".bishops_on_board", {"2", "3", "4", "5"}):
            for count, value in setup["bishops_on_board"].items():
                c.int_(value, f"{p}.bishops_on_board.{count}", 0, 20)
        if c.obj(setup.get("privileges"), p + ".privileges", set(PRIVILEGE_KINDS)):
            for kind, value in setup["privileges"].items():
                c.int_(value, f"{p}.privileges.{kind}", 0, 20)
    offices = hv.get("offices")
    if c.obj(offices, "henry_v.offices"):
        for oid, office in offices.items():
            q = f"henry_v.offices.{oid}"
            if c.obj(office, q, {"name", "cost", "reward"}):
                c.str_(office.get("name"), q + ".name")
                _check_pay(c, office.get("cost"), q + ".cost")
                c.effects(office.get("reward"), q + ".reward")
        order = hv.get("office_order")
        if not isinstance(order, list) or sorted(order) != sorted(offices):
            c.bad("henry_v.office_order", "expected every office id once")
    _check_henry_pieces(c, hv)
    c.int_(hv.get("seal_points"), "henry_v.seal_points", 0, 20)
    _check_choices(c, hv.get("engine"), "henry_v.engine", HENRY_CHOICES)


def _check_henry_pieces(c: _Checker, hv: Any) -> None:
    treasury = hv.get("treasury")
    if c.obj(treasury, "henry_v.treasury", {"name", "cost", "empty_reward"}):
        c.str_(treasury.get("name"), "henry_v.treasury.name")
        _check_pay(c, treasury.get("cost"), "henry_v.treasury.cost")
        c.effects(treasury.get("empty_reward"), "henry_v.treasury.empty_reward")
    lord = hv.get("lord")
    lord_keys = {"strength", "escort_knights", "bishops", "bishop_cost", "bishop_strength"}
    if c.obj(lord, "henry_v.lord", lord_keys):
        for key, hi in (("strength", 10), ("escort_knights", 1), ("bishops", 9), ("bishop_strength", 10)):
            c.int_(lord.get(key), f"henry_v.lord.{key}", 0, hi)
        _check_pay(c, lord.get("bishop_cost"), "henry_v.lord.bishop_cost")
    privileges = hv.get("privileges")
    if c.obj(privileges, "henry_v.privileges", set(PRIVILEGE_KINDS)):
        for kind, info in privileges.items():
            q = f"henry_v.privileges.{kind}"
            if c.obj(info, q, {"name", "strength", "cost", "with", "per_placement"}):
                c.str_(info.get("name"), q + ".name")
                c.int_(info.get("strength"), q + ".strength", 0, 10)
                c.int_(info.get("per_placement"), q + ".per_placement", 1, 1)
                _check_pay(c, info.get("cost"), q + ".cost")
                places = info.get("with")
                if not isinstance(places, list) or not set(places) <= {"county", "conflict", "lord"}:
                    c.bad(q + ".with", "expected a list of county, conflict, lord")


def _check_extra_laws(c: _Checker, el: Any, data: Any) -> None:
    if not c.obj(el, "extra_laws", {"requires", "mix", "laws"}):
        return
    if el.get("requires") != ["henry_v", "kings_resentment"]:
        c.bad("extra_laws.requires", 'expected ["henry_v", "kings_resentment"]')
    if el.get("mix") not in ("shuffle_into_groups", "replace_two_per_group"):
        c.bad("extra_laws.mix", "expected shuffle_into_groups or replace_two_per_group")
    laws = el.get("laws")
    if not c.obj(laws, "extra_laws.laws"):
        return
    base = data.get("laws") if isinstance(data.get("laws"), dict) else {}
    for lid, law in laws.items():
        p = f"extra_laws.laws.{lid}"
        if lid in base:
            c.bad(p, "an extra law may not reuse a base law's id")
        if c.obj(law, p, {"back", "text", "effects"}):
            c.int_(law.get("back"), p + ".back", 1, 4)
            c.str_(law.get("text"), p + ".text")
            c.effects(law.get("effects"), p + ".effects")
