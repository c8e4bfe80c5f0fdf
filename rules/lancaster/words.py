"""Effects in words, for events, the view and the rules help."""

from __future__ import annotations

import re
from typing import Any

_RES = {
    "gold": "gold",
    "squire": "squire",
    "vote_marker": "vote marker",
    "power_points": "PP",
    "royal_seal": "royal seal",
    "dishonor": "dishonor marker",
}
_METRIC = {
    "gold_owned": "gold",
    "squires_owned": "squires",
    "counties_occupied": "counties occupied",
    "conflicts_involved": "conflicts involved in",
    "extension_tiles": "extension tiles",
    "nobles_at_table": "nobles at the table",
    "dishonor_markers": "dishonor markers",
    "knights_in_tower": "knights in the tower",
    "royal_seals_owned": "royal seals",
    "lord_on_office": "lord on an office",
}
_PRIVILEGE = {"shield": "shield", "archer": "archer", "tudor_knight": "Tudor knight"}


def amount(resource: str, n: int) -> str:
    word = _RES.get(resource, resource)
    if n != 1 and resource in ("squire", "vote_marker", "royal_seal", "dishonor"):
        word += "s"
    return f"{n} {word}"


def metric_words(name: str) -> str:
    if name.startswith("deployed_knights_of_strength_"):
        return f"deployed strength-{name.rsplit('_', 1)[1]} knights"
    return _METRIC.get(name, name)


def _per(e: dict[str, Any]) -> str:
    """The rate of a ``..._per`` effect: " per 2 nobles"."""
    return f" per {e['every']} {metric_words(e['per'])}"


def effect_words(e: dict[str, Any]) -> str:
    t = e["type"]
    if t == "gain":
        return amount(e["resource"], e["amount"])
    if t == "gain_per":
        return f"{amount(e['resource'], e['amount'])}{_per(e)}"
    if t == "recruit_knight":
        return f"{e['amount']} new strength-{e['strength']} knight" + ("s" if e["amount"] != 1 else "")
    if t == "recruit_knight_per":
        return f"{e['amount']} new strength-{e['strength']} knight{_per(e)}"
    if t == "upgrade_knight":
        scope = {"deployed": "a deployed knight", "ally": "an ally knight"}.get(e["target"], "a knight")
        return f"upgrade {scope}"
    if t == "swap_knight":
        return f"swap a deployed {e['from_strength']}-knight for the {e['to_strength']}-knight"
    if t == "build_extension":
        return f"build {e['amount']} extension" + ("s" if e["amount"] != 1 else "")
    if t == "build_extension_per":
        return f"build {e['amount']} extension{_per(e)}"
    if t == "take_noble":
        return "a noble from any county"
    if t == "exchange":
        pay = " + ".join(amount(p["resource"], p["amount"]) for p in e["pay"])
        times = "any number of times" if e["repeat"] == "unlimited" else f"up to {e['repeat']}x"
        return f"pay {pay} for {effects_words(e['gain'])} ({times})"
    if t == "majority":
        return f"most {metric_words(e['metric'])}: {effects_words(e['effects'])}"
    if t == "conditional":
        c = e["condition"]
        return f"if {metric_words(c['metric'])} {c['op']} {c['value']}: {effects_words(e['effects'])}"
    if t == "choose_next_start_player":
        return "choose the next start player"
    if t == "gain_privilege":  # Henry V
        word = _PRIVILEGE.get(e["privilege"], e["privilege"])
        return f"{e['amount']} {word}" + ("s" if e["amount"] != 1 else "")
    if t == "lose":
        return f"discard {amount(e['resource'], e['amount'])}"
    return t


def effects_words(effects: list[dict[str, Any]]) -> str:
    return " + ".join(effect_words(e) for e in effects) or "nothing"


_GAIN = re.compile(r"^(?P<who>.+?) gains (?P<what>.+)\.$")
_AMOUNT = re.compile(r"^(?P<n>\d+) (?P<word>.+)$")
_WORD_RESOURCE = {"gold": "gold", "squire": "squire", "squires": "squire", "vote marker": "vote_marker"}
_WORD_RESOURCE |= {"vote markers": "vote_marker", "PP": "power_points"}


def listed(parts: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _summed(parts: list[str]) -> list[str]:
    """Amounts of the same resource added up ("1 gold", "2 gold" -> "3 gold"), in first order."""
    totals: dict[str, int] = {}
    kept: list[str] = []
    for part in parts:
        found = _AMOUNT.match(part)
        resource = _WORD_RESOURCE.get(found["word"]) if found else None
        if found is None or resource is None:
            kept.append(part)
        elif resource in totals:
            totals[resource] += int(found["n"])
        else:
            totals[resource] = int(found["n"])
            kept.append(resource)
    return [amount(p, totals[p]) if p in totals else p for p in kept]


def tally_gains(events: list[str]) -> list[str]:
    """Issue 12: totals instead of repeated lines. Consecutive "X gains ..." lines of one player
    become one ("X gains 3 gold, 1 squire and 1 vote marker"); then consecutive players gaining the
    same become one line ("X, Y and Z each gain 1 squire")."""
    merged: list[tuple[str, list[str]] | str] = []
    for event in events:
        found = _GAIN.match(event)
        last = merged[-1] if merged else None
        if found is None:
            merged.append(event)
        elif isinstance(last, tuple) and last[0] == found["who"]:
            last[1].extend(found["what"].replace(" and ", ", ").split(", "))
        else:
            merged.append((found["who"], found["what"].replace(" and ", ", ").split(", ")))
    lines: list[tuple[list[str], str] | str] = []
    for item in merged:
        if isinstance(item, str):
            lines.append(item)
            continue
        what = listed(_summed(item[1]))
        last_line = lines[-1] if lines else None
        if isinstance(last_line, tuple) and last_line[1] == what and item[0] not in last_line[0]:
            last_line[0].append(item[0])
        else:
            lines.append(([item[0]], what))
    return [line if isinstance(line, str) else _gain_line(line[0], line[1]) for line in lines]


def _gain_line(who: list[str], what: str) -> str:
    if len(who) == 1:
        return f"{who[0]} gains {what}."
    return f"{listed(who)} each gain {what}."
