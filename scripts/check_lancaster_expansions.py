"""Compare rules/lancaster/data/expansions.json with the shared Lancaster reference YAML.

The expansion data was written by hand (see rules/lancaster/EXPANSIONS.md, section 1): most of the
reference's `expansions` block is prose, and corrections-2026-12.md overrides it. This script
checks every value the reference does give in a structured form (setup counts, offices, seal and
dishonor values, Queenie tiles, the 8 extra laws), so a correction made in the shared files shows
up here as a difference to carry into the JSON:

    .venv/bin/python scripts/check_lancaster_expansions.py [path/to/shared/rules]

Prints one line per compared value and exits 1 if any differs. Needs PyYAML (dev dependency).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
JSON_FILE = ROOT / "rules" / "lancaster" / "data" / "expansions.json"
OFFICE_IDS = {"chancellor_like": "chancellor", "marshal_like": "marshal", "steward": "steward"}
PRIVILEGES = ("shield", "archer", "tudor_knight")
# The reference writes law conditions as text; the JSON uses {metric, op, value}.
CONDITIONS = {
    "lord_on_office": {"metric": "lord_on_office", "op": "==", "value": 1},
    "knight_in_tower": {"metric": "knights_in_tower", "op": ">=", "value": 1},
    "dishonor_markers == 0": {"metric": "dishonor_markers", "op": "==", "value": 0},
    "conflicts_involved == 0": {"metric": "conflicts_involved", "op": "==", "value": 0},
}


def _find_shared(arg: str | None) -> Path:
    candidates = [Path(arg)] if arg else [p / "shared" / "rules" for p in ROOT.parents]
    for path in candidates:
        if (path / "lancaster-provisional.yaml").is_file():
            return path
    raise SystemExit(f"lancaster-provisional.yaml not found in {', '.join(map(str, candidates))}")


def _bundle(mapping: dict[str, int] | None) -> list[dict[str, Any]]:
    """A reference cost/gain mapping {resource: n} as the JSON's list of costs or effects."""
    out: list[dict[str, Any]] = []
    for name, n in (mapping or {}).items():
        if name in PRIVILEGES:
            out.append({"type": "gain_privilege", "privilege": name, "amount": n})
        else:
            out.append({"resource": name, "amount": n})
    return out


def _effects(effects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Reference law effects in the JSON's vocabulary (dishonor resource, structured conditions)."""
    out = []
    for e in effects:
        e = dict(e)
        if e.get("resource") == "dishonor_marker":
            e["resource"] = "dishonor"
        if e["type"] == "conditional":
            e["condition"] = CONDITIONS.get(e["condition"], e["condition"])
        for key in ("effects", "gain"):
            if key in e:
                e[key] = _effects(e[key])
        e.pop("order", None)  # the JSON's exchanges always run in player order (base convention)
        out.append(e)
    return out


def _pairs(ref: dict[str, Any], data: dict[str, Any], exp: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    hv, kr, q, laws = exp["henry_v"], exp["kings_resentment"], exp["queenie"], exp["extra_laws"]
    counts = data["player_counts"]
    comps = data["expansions"]["henry_v"]["components"]
    pairs: list[tuple[str, Any, Any]] = [
        ("henry_v.setup.bishops_on_board", counts["henry_v_bishops"], hv["setup"]["bishops_on_board"]),
        (
            "henry_v.setup.vote_markers",
            data["expansions"]["henry_v"]["setup"]["starting_vote_markers"],
            hv["setup"]["vote_markers"],
        ),
        ("henry_v.setup.privileges", comps["privileges"], hv["setup"]["privileges"]),
        ("henry_v.setup.royal_seals", comps["royal_seals"], hv["setup"]["royal_seals"]),
        ("henry_v.setup.office_cards", comps["office_cards"], hv["setup"]["office_cards"]),
        ("henry_v.setup.bishops", comps["bishops"], hv["setup"]["bishops"]),
        ("henry_v.setup.lords", comps["lord_markers"], hv["setup"]["lords"]),
        (
            "kings_resentment.setup.per_space",
            counts["kings_resentment_dishonor_per_track_space"],
            kr["setup"]["per_space"],
        ),
        (
            "kings_resentment.setup.tower_knight",
            {k: v or 0 for k, v in counts["kings_resentment_tower_neutral_knight_strength"].items()},
            kr["setup"]["tower_knight"],
        ),
        ("henry_v.lord.strength", ref["henry_v"]["lord_base_strength"]["value"], hv["lord"]["strength"]),
        (
            "henry_v.seal_points",
            ref["henry_v"]["royal_seal_value"]["value"]["end_game_pp_per_seal"],
            hv["seal_points"],
        ),
        (
            "kings_resentment.dishonor_points",
            ref["kings_resentment"]["dishonor_value"]["value"]["end_game_pp_per_marker"],
            kr["dishonor_points"],
        ),
    ]
    for office in ref["henry_v"]["offices"]["value"]:
        oid = OFFICE_IDS[office["id"]]
        pairs.append((f"henry_v.offices.{oid}.cost", _bundle(office["cost"]), hv["offices"][oid]["cost"]))
        gains = [{"type": "gain", **g} if "resource" in g else g for g in _bundle(office["gain"])]
        pairs.append((f"henry_v.offices.{oid}.reward", gains, hv["offices"][oid]["reward"]))
    for tile in ref["queenie_1_reward_tiles"]["tiles"]:
        letter = tile["letter"]
        pairs.append((f"queenie.tiles.{letter}", tile["base"]["value"], q["tiles"][letter]))
        if "with_henry_v" in tile:
            seal = tile["with_henry_v"]["value"]
            pairs.append((f"queenie.seal_tiles.{letter}", seal, q["seal_tiles"][letter]))
    for law in ref["henry_v"]["extra_laws"]["laws"]:
        mine, at = laws["laws"][law["id"]], f"extra_laws.laws.{law['id']}"
        pairs.append((f"{at}.back", law["back_number"]["value"], mine["back"]))
        pairs.append((f"{at}.text", law["text"]["value"], mine["text"]))
        pairs.append((f"{at}.effects", _effects(law["effects"]["value"]), mine["effects"]))
    return pairs


def main(argv: list[str]) -> int:
    shared = _find_shared(argv[1] if len(argv) > 1 else None)
    with open(shared / "lancaster-provisional.yaml", encoding="utf-8") as f:
        ref = yaml.safe_load(f)["expansions"]
    with open(shared / "lancaster-data.yaml", encoding="utf-8") as f:
        data = yaml.safe_load(f)
    exp = json.loads(JSON_FILE.read_text(encoding="utf-8"))
    pairs = _pairs(ref, data, exp)
    # The YAML spells player counts as numbers, the JSON as text keys.
    differ = 0
    for path, theirs, ours in pairs:
        if isinstance(theirs, dict) and all(isinstance(k, int) for k in theirs):
            theirs = {str(k): v for k, v in theirs.items()}
        same = theirs == ours
        differ += not same
        print(f"{'ok  ' if same else 'DIFF'} {path}")
        if not same:
            print(f"     reference {theirs}\n     json      {ours}")
    print(f"{len(pairs)} values compared, {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
