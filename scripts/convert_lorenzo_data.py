"""One-off: convert ../shared/rules/lorenzo-data.yaml into rules/lorenzo/data/lorenzo.json.

The engine loads only the JSON (standard library). Run again if the reference YAML changes:
    .venv/bin/python scripts/convert_lorenzo_data.py [path/to/lorenzo-data.yaml]
Source-tracking fields (verified, notes) are kept as short `note` strings where they record a
data disagreement, so a reader of the JSON sees why a number was chosen.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SRC = ROOT.parent / "shared" / "rules" / "lorenzo-data.yaml"
OUT = ROOT / "rules" / "lorenzo" / "data" / "lorenzo.json"


def _card(c: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": c["id"],
        "name": c["name"],
        "type": c["type"],
        "period": c["period"],
        "costs": c.get("costs") or [],
        "immediate": c.get("immediate") or [],
    }
    if c.get("harvest"):
        out["harvest"] = c["harvest"]
    if c.get("production"):
        out["production"] = c["production"]
    if c.get("permanent"):
        out["permanent"] = c["permanent"]
    if "end_vp" in c:
        out["end_vp"] = c["end_vp"]
    if c.get("notes"):
        out["note"] = c["notes"]
    return out


# Short space names used in the move notation ("place black harvest_big servants=2").
SPACE_IDS = {
    "harvest_single": "harvest",
    "harvest_multi": "harvest_big",
    "production_single": "production",
    "production_multi": "production_big",
    "council_palace": "council",
}


def _space(s: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in s.items() if k != "notes"}
    out["id"] = SPACE_IDS.get(s["id"], s["id"])
    out.setdefault("value_modifier", 0)
    out.setdefault("effects", [])
    return out


def convert(src: Path) -> dict[str, Any]:
    d = yaml.safe_load(src.read_text(encoding="utf-8"))
    board = d["board"]
    return {
        "schema": 1,
        "source": "converted from shared/rules/lorenzo-data.yaml by scripts/convert_lorenzo_data.py",
        "setup": {
            "starting_goods": d["setup"]["starting_goods"],
            "starting_coins_by_turn_position": d["setup"]["starting_coins_by_turn_position"],
            "leader_cards_per_player": d["setup"]["leader_cards_per_player"],
        },
        "personal_board": d["personal_board"],
        "towers": [
            {
                "card_type": t["card_type"],
                "floors": [{"min_value": f["min_value"], "bonus": f["bonus"]} for f in t["floors"]],
            }
            for t in board["towers"]
        ],
        "occupied_tower_fee": board["occupied_tower_fee"],
        "spaces": [_space(s) for s in board["spaces"]],
        "council_privileges": d["council_privileges"],
        "faith_vp": [d["faith_track"]["vp_by_faith_points"][i] for i in range(16)],
        "vatican_requirement": [d["faith_track"]["vatican_requirement_by_period"][p] for p in (1, 2, 3)],
        "scoring": {
            "territory_vp": [d["scoring"]["territory_vp_by_count"][i] for i in range(7)],
            "character_vp": [d["scoring"]["character_vp_by_count"][i] for i in range(7)],
            "military_vp": [
                d["scoring"]["military_ranking_vp"]["first"],
                d["scoring"]["military_ranking_vp"]["second"],
            ],
            "resources_per_vp": d["scoring"]["resources_per_vp"],
            "resource_types": d["scoring"]["resource_types_counted"],
        },
        "personal_bonus_tiles": [
            {k: t[k] for k in ("id", "side", "harvest", "production")} for t in d["personal_bonus_tiles"]
        ],
        "excommunication_tiles": [
            {k: t[k] for k in ("id", "period", "effects", "text")} for t in d["excommunication_tiles"]
        ],
        "leaders": [
            {k: t[k] for k in ("id", "name", "requirement", "ability", "effects", "text")}
            for t in d["leader_cards"]
        ],
        "cards": [_card(c) for c in d["development_cards"]],
    }


def main() -> None:
    src = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_SRC
    data = convert(src)
    OUT.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {OUT} ({len(data['cards'])} cards, {len(data['leaders'])} leaders)")


if __name__ == "__main__":
    main()
