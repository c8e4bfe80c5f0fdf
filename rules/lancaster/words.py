"""Effects in words, for events, the view and the rules help."""

from __future__ import annotations

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
}


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
    return t


def effects_words(effects: list[dict[str, Any]]) -> str:
    return " + ".join(effect_words(e) for e in effects) or "nothing"
