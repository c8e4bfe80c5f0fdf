"""Convert the Houses of Renaissance references into rules/lorenzo/data/houses.json.

Sources (all in ../shared/rules/, read-only):
- lorenzo-data.yaml   `added_by_gap_search`: the 48 Special cards, 12 Family tiles, 24 Leaders (ATO);
- lorenzo-hor-provisional.yaml: a value for everything no source gave;
- corrections-2026-12.md: overrides both where they disagree (applied in CORRECTIONS below).

Run again whenever a reference changes:
    .venv/bin/python scripts/convert_houses_data.py [shared/rules folder]

The reference's card effects are prose ("Harvest>=2: +1 special token"). Plain gains, costs,
thresholds, exchanges and end VP are parsed; everything else is encoded by hand in the tables of
scripts/houses_tables.py, each entry together with the exact prose it encodes. If a reference
sentence changes, the conversion stops and names the entry to re-encode, so the JSON can never
silently drift from the references. rules/lorenzo/HOUSES.md explains every value and kind.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

import houses_tables as tables

ROOT = Path(__file__).resolve().parent.parent
# ../shared beside the checkout (/work/main), or two levels up from a worktree (/work/wt/<name>).
DEFAULT_SHARED = next(
    (p / "shared" / "rules" for p in (ROOT.parent, ROOT.parent.parent) if (p / "shared" / "rules").is_dir()),
    ROOT.parent / "shared" / "rules",
)
OUT = ROOT / "rules" / "lorenzo" / "data" / "houses.json"

Effect = dict[str, Any]

# ----------------------------------------------------------------------------------------------
# Prose parsing (the reference's notation, lorenzo-data.yaml `special_development_cards.notation`)
# ----------------------------------------------------------------------------------------------

WORDS = {
    "coin": "coin",
    "coins": "coin",
    "wood": "wood",
    "stone": "stone",
    "servant": "servant",
    "servants": "servant",
    "vp": "vp",
    "mp": "mp",
    "fp": "fp",
    "special token": "special_token",
    "special tokens": "special_token",
}
_AMOUNT = re.compile(r"^(\d+) ([a-z ]+)$")


class ProseError(ValueError):
    """A sentence the parser does not read and no hand-table entry encodes."""


def parse_res(text: str) -> dict[str, int]:
    """'1 servant, 1 stone, 1 wood, and 1 coin' / '2 wood + 1 coin' -> a resource map."""
    out: dict[str, int] = {}
    parts = re.split(r",? and |, | \+ ", text.strip().lower())
    for part in parts:
        m = _AMOUNT.match(part.strip())
        if not m or m.group(2).strip() not in WORDS:
            raise ProseError(f"not an amount of a resource: {part!r} in {text!r}")
        key = WORDS[m.group(2).strip()]
        out[key] = out.get(key, 0) + int(m.group(1))
    return out


_MILITARY = re.compile(r"^pay (\d+) MP \(need at least (\d+)\)(?:,? (?:and )?(.*))?$")


def parse_costs(text: str) -> list[dict[str, Any]]:
    """A card cost: alternatives separated by ' OR '; 'pay N MP (need at least M)' = military."""
    if text.startswith("none"):
        return []
    costs: list[dict[str, Any]] = []
    for alt in text.split(" OR "):
        m = _MILITARY.match(alt.strip())
        if m:
            pay = {"mp": int(m.group(1))}
            if m.group(3):
                pay.update(parse_res(m.group(3)))
            costs.append({"require": {"mp": int(m.group(2))}, "pay": pay})
        else:
            costs.append({"pay": parse_res(alt)})
    return costs


def parse_effects(text: str) -> list[Effect]:
    """An immediate effect or the right-hand side of a Harvest/Production effect."""
    text = text.strip()
    if text.startswith("+"):
        return [{"op": "gain", "res": parse_res(text[1:])}]
    if text.lower().startswith("lose "):
        return [{"op": "lose", "res": parse_res(text[5:])}]
    m = re.match(r"^exchange (.+) for (.+)$", text)
    if m:
        return [
            {
                "op": "exchange",
                "options": [{"pay": parse_res(m.group(1)), "effects": parse_effects("+" + m.group(2))}],
            }
        ]
    raise ProseError(f"no parse for effect {text!r}")


def parse_permanent(text: str) -> dict[str, Any]:
    """'Harvest>=N: ...' / 'Production>=N: ...' -> {"harvest"|"production": {value, effects}}."""
    m = re.match(r"^(Harvest|Production)>=(\d+): (.+)$", text)
    if not m:
        raise ProseError(f"no parse for permanent effect {text!r}")
    return {m.group(1).lower(): {"value": int(m.group(2)), "effects": parse_effects(m.group(3))}}


def parse_end(text: str) -> int:
    m = re.match(r"^\+(\d+) VP$", text.strip())
    if not m:
        raise ProseError(f"no parse for end-of-game effect {text!r}")
    return int(m.group(1))


# ----------------------------------------------------------------------------------------------
# Special Development cards
# ----------------------------------------------------------------------------------------------


def _hand(card_id: int, field: str, prose: str) -> dict[str, Any] | None:
    """The hand-table encoding of one card sentence, checked against the reference prose."""
    entry = tables.CARD_HAND.get((card_id, field))
    if entry is None:
        return None
    expected, encoded = entry
    if expected != prose:
        raise ProseError(
            f"card {card_id} {field}: the reference now reads {prose!r}, the hand table encodes "
            f"{expected!r}; re-encode scripts/houses_tables.py CARD_HAND[({card_id}, {field!r})]"
        )
    return json.loads(json.dumps(encoded))


def _card_part(card: dict[str, Any], c: dict[str, Any], field: str) -> None:
    prose = c.get(field)
    if prose is None:
        return
    prose = str(prose)
    encoded = _hand(c["id"], field, prose)
    if field == "cost":
        card["costs"] = encoded["costs"] if encoded else parse_costs(prose)
    elif field == "immediate":
        card["immediate"] = encoded["immediate"] if encoded else parse_effects(prose)
    elif field == "permanent":
        part = encoded if encoded else parse_permanent(prose)
        card["immediate"] = card["immediate"] + part.pop("immediate_after", [])
        card.update(part)
    elif field == "end_of_game":
        if encoded:
            card.update(encoded)
        else:
            card["end_vp"] = parse_end(prose)


def convert_card(c: dict[str, Any]) -> dict[str, Any]:
    card: dict[str, Any] = {
        "id": c["id"],
        "name": f"Special card {c['id']}",
        "type": c["type"],
        "period": c["period"],
        "deck": "special",
        "costs": [],
        "immediate": [],
    }
    for field in ("cost", "immediate", "permanent", "end_of_game"):
        _card_part(card, c, field)
    if card["type"] == "venture":
        card.setdefault("end_vp", 0)
    card["text"] = _card_text(c)
    card["src"] = "ATO"
    if c.get("note"):
        card["note"] = c["note"]
    return card


def _card_text(c: dict[str, Any]) -> str:
    parts = []
    if c["type"] != "territory":
        parts.append(f"Cost: {c['cost']}.")
    for field, label in (("immediate", "Immediate"), ("permanent", "Permanent"), ("end_of_game", "End")):
        if c.get(field):
            parts.append(f"{label}: {c[field]}.")
    return " ".join(parts)


# ----------------------------------------------------------------------------------------------
# Leaders and Family tiles (hand tables, checked against the reference sentences)
# ----------------------------------------------------------------------------------------------


def leader_id(name: str) -> str:
    plain = name.lower().replace("'", "").replace("ò", "o")
    return re.sub(r"[^a-z0-9]+", "_", plain).strip("_")


def convert_hand(src: list[dict[str, Any]], hand: dict[str, dict[str, Any]], what: str) -> dict[str, Any]:
    """Records from a hand table, each checked against the reference entry it encodes.

    ``hand[id]["prose"]`` maps reference fields to the exact sentence encoded (Leaders:
    requirement and ability; families: effect). Leaders' ability type must match too.
    """
    out: dict[str, Any] = {}
    for entry in src:
        rid = leader_id(entry["name"])
        encoded = hand.get(rid)
        if encoded is None:
            raise ProseError(f"{what} {entry['name']!r} has no entry in the hand table")
        for key, prose in encoded["prose"].items():
            if prose != entry[key]:
                raise ProseError(f"{what} {rid} {key}: the reference reads {entry[key]!r}; re-encode it")
        if "ability_type" in entry and encoded["ability"] != entry["ability_type"]:
            raise ProseError(f"{what} {rid}: ability type {entry['ability_type']!r} differs from the table")
        record = {"id": rid, "name": entry["name"]}
        record.update({k: json.loads(json.dumps(v)) for k, v in encoded.items() if k != "prose"})
        record["src"] = "ATO"
        out[rid] = record
    if set(out) != set(hand):
        raise ProseError(f"{what} entries not in the reference: {sorted(set(hand) - set(out))}")
    return out


# ----------------------------------------------------------------------------------------------
# Provisional values (lorenzo-hor-provisional.yaml) and the corrections file
# ----------------------------------------------------------------------------------------------


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


class Prov:
    """Collects provisional marks: dotted path -> one-line reason."""

    def __init__(self) -> None:
        self.marks: dict[str, str] = {}

    def mark(self, path: str, reason: str) -> None:
        self.marks[path] = _one_line(reason)

    def take(self, path: str, record: dict[str, Any]) -> Any:
        """A provisional-YAML record's value; marked if it is provisional there."""
        if record.get("provisional"):
            self.mark(path, record["rationale"])
        return record["value"]


def auction(hp: dict[str, Any], prov: Prov) -> dict[str, Any]:
    at = hp["auction_tiles"]
    tiles: dict[str, Any] = {}
    for t in at["starting_resources_per_line"]["tiles"]:
        tid = t["id"]
        name = prov.take(f"auction.tiles.{tid}.name", t["name"])
        lines = prov.take(f"auction.tiles.{tid}.lines", t["lines"])
        tiles[tid] = {"id": tid, "name": name, "lines": {str(k): v for k, v in sorted(lines.items())}}
    return {
        "tile_count": prov.take("auction.tile_count", at["count"]),
        "lines_per_tile": prov.take("auction.lines_per_tile", at["bidding_lines_per_tile"]),
        "line_order": prov.take("auction.line_order", at["line_order"]),
        "value_ladder": {
            str(k): v for k, v in prov.take("auction.value_ladder", at["value_ladder_by_line"]).items()
        },
        "tiles": tiles,
        "members_return_after_auction": True,
    }


def special_tower(hp: dict[str, Any], prov: Prov) -> dict[str, Any]:
    st = hp["special_tower"]
    return {
        "floors": prov.take("special_tower.floors", st["floors"]),
        "cards_per_round": prov.take("special_tower.cards_per_round", st["cards_per_round"]),
        "cards_per_period": 8,
        "floor_values": prov.take("special_tower.floor_values", st["floor_values"]),
        "floor_bonuses": prov.take("special_tower.floor_bonuses", st["floor_bonuses"]),
        "occupied_fee": prov.take("special_tower.occupied_fee", st["occupied_fee"]),
        "same_colour_rule": prov.take("special_tower.same_colour_rule", st["same_color_rule"]),
        "affected_by_adaptation_tile": prov.take(
            "special_tower.affected_by_adaptation_tile", st["affected_by_adaptation_tile"]
        ),
        "card_types": list(tables.CARD_TYPES),
        "leftover_cards": "removed from the game, never discarded (cards 130/132 exclude Special cards)",
    }


def adaptation(hp: dict[str, Any], prov: Prov) -> dict[str, Any]:
    tiles: dict[str, Any] = {}
    for t in hp["adaptation_tiles"]:
        tid = t["id"]
        players = [2, 3, 4] if tid == "adaptation_2_4" else [5]
        moves = prov.take(f"adaptation.tiles.{tid}.moves_each_round", t["moves_each_round"])
        tiles[tid] = {
            "id": tid,
            "players": players,
            "floor_values": prov.take(f"adaptation.tiles.{tid}.floor_values", t["tower_floor_values"]),
            "floor_bonuses": "unchanged",
            "moves_each_round": bool(moves),
        }
        prov.take(f"adaptation.tiles.{tid}.floor_bonuses", t["floor_bonuses"])
    # The start tower is the reading engine.adaptation_start (its reason is the provisional one).
    return {
        "tiles": tiles,
        "tower_order": list(tables.CARD_TYPES),
        "moves": "one tower to the right after each round, wrapping from venture to territory",
    }


def tokens(hp: dict[str, Any], prov: Prov) -> dict[str, Any]:
    """Special Tokens: the provisional 8 kinds x 5, shrunk to 6 kinds (corrections file)."""
    stk = hp["special_tokens"]
    kinds: dict[str, Any] = {}
    for k in stk["list"]["value"]:
        if k["id"] in tables.TOKEN_KINDS_DROPPED:
            continue
        kinds[k["id"]] = {
            "id": k["id"],
            "kind": k["kind"],
            "copies": tables.TOKEN_COPIES,
            "bonus": k["bonus"],
        }
        prov.mark(f"special_tokens.kinds.{k['id']}.bonus", tables.TOKEN_KINDS_REASON)
        prov.mark(f"special_tokens.kinds.{k['id']}.copies", tables.TOKEN_COPIES_REASON)
    if len(kinds) != 6:
        raise ProseError(f"corrections: 6 token kinds expected, got {len(kinds)}")
    prov.take("special_tokens.use", stk["use"])
    prov.mark("special_tokens.counts_as_resource_at_end", tables.TOKENS_AS_RESOURCES_REASON)
    return {
        "kinds": kinds,
        "total": sum(k["copies"] for k in kinds.values()),
        "drawn": "face down at random from the supply",
        "visibility": "count public, faces secret (only the holder sees them)",
        "kept_secret": stk["kept_secret"]["value"],
        "use": stk["use"]["value"],
        "counts_as_resource_at_end": stk["counts_as_resource_at_end"]["value"],
    }


def council(hp: dict[str, Any], prov: Prov) -> dict[str, Any]:
    row = prov.take("council.privileges_added", hp["new_council_row"])
    option = row["privilege_option"]
    return {
        "privileges_added": {option["id"]: option["res"]},
        "space_effects": "unchanged: 1 coin + 1 Council Privilege per family member",
        "rule": row["rule"],
    }


def excommunications(hp: dict[str, Any], prov: Prov) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for t in hp["excommunication_tiles_new"]["tiles"]:
        tid = t["id"]
        effects = prov.take(f"excommunication_tiles.{tid}.effects", t["effects"])
        out[tid] = {
            "id": tid,
            "period": prov.take(f"excommunication_tiles.{tid}.period", t["period"]),
            "effects": [tables.EXCOMM_OP_RENAMES.get(json.dumps(e, sort_keys=True), e) for e in effects],
            "text": prov.take(f"excommunication_tiles.{tid}.text", t["text"]),
        }
    return out


def build(shared: Path) -> dict[str, Any]:
    data = yaml.safe_load((shared / "lorenzo-data.yaml").read_text(encoding="utf-8"))
    provisional = yaml.safe_load((shared / "lorenzo-hor-provisional.yaml").read_text(encoding="utf-8"))
    gap = data["added_by_gap_search"]
    hp = provisional["houses_of_renaissance"]
    gp = provisional["added_by_gap_search"]
    prov = Prov()
    cards = {str(c["id"]): convert_card(c) for c in gap["special_development_cards"]["cards"]}
    for cid in cards:
        prov.mark(
            f"cards.{cid}.name",
            provisional["houses_of_renaissance"]["special_development_cards"]["names"]["rationale"],
        )
    cards["109"]["costs"] = [
        {"pay": prov.take("cards.109.costs", gp["special_development_cards"]["card_109_cost"])}
    ]
    families = convert_hand(gap["family_tiles"]["tiles"], tables.FAMILY_HAND, "family")
    tables.apply_family_provisional(families, gp["family_tiles"], prov)
    leaders = convert_hand(gap["leaders_non_base"]["leaders"], tables.LEADER_HAND, "leader")
    out: dict[str, Any] = {
        "schema": 1,
        "source": "converted from shared/rules (lorenzo-data.yaml, lorenzo-hor-provisional.yaml, "
        "corrections-2026-12.md) by scripts/convert_houses_data.py; see rules/lorenzo/HOUSES.md",
        "sources": tables.SOURCES,
        "setup": tables.setup(hp, provisional["board"], prov),
        "auction": auction(hp, prov),
        "special_tower": special_tower(hp, prov),
        "adaptation": adaptation(hp, prov),
        "council": council(hp, prov),
        "excommunication_tiles": excommunications(hp, prov),
        "special_tokens": tokens(hp, prov),
        "families": families,
        "leaders": leaders,
        "leader_pools": tables.leader_pools(data["leader_cards"], leaders, hp, prov),
        "cards": cards,
        "effect_kinds": tables.EFFECT_KINDS,
        "requirement_kinds": tables.REQUIREMENT_KINDS,
        "engine": {},
        "engine_choices": {},
    }
    tables.engine_readings(out, prov)
    tables.leader_provisional(out, prov)
    out["provisional"] = dict(sorted(prov.marks.items()))
    return out


def main() -> None:
    shared = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_SHARED
    data = build(shared)
    OUT.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(
        f"wrote {OUT.relative_to(ROOT)}: {len(data['cards'])} cards, {len(data['families'])} families, "
        f"{len(data['leaders'])} leaders, {len(data['excommunication_tiles'])} excommunication tiles, "
        f"{len(data['special_tokens']['kinds'])} token kinds, {len(data['provisional'])} provisional values"
    )


if __name__ == "__main__":
    main()
