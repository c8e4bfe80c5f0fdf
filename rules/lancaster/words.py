"""Effects in words, for events, the view and the rules help."""

from __future__ import annotations

import re
from typing import Any

from rules.core import Events, say, say_n

# An amount of each resource in words, by count (say_n: each language's plurals).
_AMOUNTS = {
    "gold": lambda n: say_n("{n} gold", "{n} gold", n),
    "squire": lambda n: say_n("{n} squire", "{n} squires", n),
    "vote_marker": lambda n: say_n("{n} vote marker", "{n} vote markers", n),
    "power_points": lambda n: say_n("{n} PP", "{n} PP", n),
    "royal_seal": lambda n: say_n("{n} royal seal", "{n} royal seals", n),
    "dishonor": lambda n: say_n("{n} dishonor marker", "{n} dishonor markers", n),
    "bishop": lambda n: say_n("{n} bishop", "{n} bishops", n),  # Henry V: with a lord (H2.3)
}
_METRIC = {
    "gold_owned": say("gold"),
    "squires_owned": say("squires"),
    "counties_occupied": say("counties occupied"),
    "conflicts_involved": say("conflicts involved in"),
    "extension_tiles": say("extension tiles"),
    "nobles_at_table": say("nobles at the table"),
    "dishonor_markers": say("dishonor markers"),
    "knights_in_tower": say("knights in the tower"),
    "royal_seals_owned": say("royal seals"),
    "lord_on_office": say("lord on an office"),
}
# Henry V's privileges by count (gain_privilege).
_PRIVILEGE = {
    "shield": lambda n: say_n("{n} shield", "{n} shields", n),
    "archer": lambda n: say_n("{n} archer", "{n} archers", n),
    "tudor_knight": lambda n: say_n("{n} Tudor knight", "{n} Tudor knights", n),
}


def amount(resource: str, n: int) -> str:
    said = _AMOUNTS.get(resource)
    return said(n) if said else f"{n} {resource}"


def metric_words(name: str) -> str:
    if name.startswith("deployed_knights_of_strength_"):
        return say("deployed strength-{strength} knights", strength=name.rsplit("_", 1)[1])
    return _METRIC.get(name, name)


def _per(e: dict[str, Any]) -> dict[str, Any]:
    """The rate of a ``..._per`` effect ("per 2 nobles"), as a template's values."""
    return {"every_n": e["every"], "metric": metric_words(e["per"])}


def effect_words(e: dict[str, Any]) -> str:
    t = e["type"]
    if t == "gain":
        return amount(e["resource"], e["amount"])
    if t == "gain_per":
        return say("{gain} per {every_n} {metric}", gain=amount(e["resource"], e["amount"]), **_per(e))
    if t in ("recruit_knight", "recruit_knight_per", "build_extension", "build_extension_per"):
        return _build_words(e)
    if t == "upgrade_knight":
        if e["target"] == "deployed":
            return say("upgrade a deployed knight")
        return say("upgrade an ally knight") if e["target"] == "ally" else say("upgrade a knight")
    if t == "swap_knight":
        return say(
            "swap a deployed {from_n}-knight for the {to_n}-knight",
            from_n=e["from_strength"],
            to_n=e["to_strength"],
        )
    if t == "take_noble":
        return say("a noble from any county")
    if t == "exchange":
        pay = " + ".join(amount(p["resource"], p["amount"]) for p in e["pay"])
        gain = effects_words(e["gain"])
        # "pay 2 squires: upgrade a knight (once)": a gain may be a verb, so no "for" before it.
        if e["repeat"] == "unlimited":
            return say("pay {pay}: {gain} (any number of times)", pay=pay, gain=gain)
        return say_n(
            "pay {pay}: {gain} (once)", "pay {pay}: {gain} (up to {n} times)", e["repeat"], pay=pay, gain=gain
        )
    if t == "majority":
        return say(
            "most {metric}: {effects}", metric=metric_words(e["metric"]), effects=effects_words(e["effects"])
        )
    if t == "conditional":
        c = e["condition"]
        return say(
            "if {metric} {op} {value}: {effects}",
            metric=metric_words(c["metric"]),
            op=c["op"],
            value=c["value"],
            effects=effects_words(e["effects"]),
        )
    if t == "choose_next_start_player":
        return say("choose the next start player")
    if t == "gain_privilege":  # Henry V
        said = _PRIVILEGE.get(e["privilege"])
        return said(e["amount"]) if said else f"{e['amount']} {e['privilege']}"
    if t == "lose":
        return say("discard {goods}", goods=amount(e["resource"], e["amount"]))
    return t


def _build_words(e: dict[str, Any]) -> str:
    """Recruiting knights and building extensions, at once or per something."""
    t, n = e["type"], e["amount"]
    if t == "recruit_knight":
        return say_n(
            "{n} new strength-{strength} knight",
            "{n} new strength-{strength} knights",
            n,
            strength=e["strength"],
        )
    if t == "recruit_knight_per":
        return say(
            "{n} new strength-{strength} knight per {every_n} {metric}",
            n=n,
            strength=e["strength"],
            **_per(e),
        )
    if t == "build_extension":
        return say_n("build {n} extension", "build {n} extensions", n)
    return say("build {n} extension per {every_n} {metric}", n=n, **_per(e))


def effects_words(effects: list[dict[str, Any]]) -> str:
    return " + ".join(effect_words(e) for e in effects) or say("nothing")


# A castle's income says so (" from their castle"): added up with other castle income only, never
# with a county reward taken in the same step (playtest: "took the reward (2 squires + 1 vote
# marker)" then "gains 2 squires and 3 vote markers" did not add up).
_GAIN = re.compile(r"^(?P<who>.+?) gains (?P<what>.+?)(?P<castle> from their castle)?\.$")
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


def tally_gains(events: Events) -> list[str]:
    """Issue 12: totals instead of repeated lines. Consecutive "X gains ..." lines of one player
    become one ("X gains 3 gold, 1 squire and 1 vote marker"); then consecutive players gaining the
    same become one line ("X, Y and Z each gain 1 squire"). Castle income stays apart (``_GAIN``)."""
    merged: list[tuple[str, bool, list[str]] | str] = []
    for event in events:
        found = _GAIN.match(event)
        last = merged[-1] if merged else None
        if found is None:
            merged.append(event)
            continue
        castle = found["castle"] is not None
        if isinstance(last, tuple) and last[0] == found["who"] and last[1] == castle:
            last[2].extend(found["what"].replace(" and ", ", ").split(", "))
        else:
            merged.append((found["who"], castle, found["what"].replace(" and ", ", ").split(", ")))
    lines: list[tuple[list[str], bool, str] | str] = []
    for item in merged:
        if isinstance(item, str):
            lines.append(item)
            continue
        what = listed(_summed(item[2]))
        last_line = lines[-1] if lines else None
        if isinstance(last_line, tuple) and last_line[1:] == (item[1], what) and item[0] not in last_line[0]:
            last_line[0].append(item[0])
        else:
            lines.append(([item[0]], item[1], what))
    return [line if isinstance(line, str) else _gain_line(*line) for line in lines]


def gain_line(who: str, what: str, castle: bool = False) -> str:
    """One player's gain; ``castle``: their castle's income (said apart, ``_GAIN``)."""
    if castle:
        return say("{p} gains {goods} from their castle.", p=who, goods=what)
    return say("{p} gains {goods}.", p=who, goods=what)


def _gain_line(who: list[str], castle: bool, what: str) -> str:
    if len(who) == 1:
        return gain_line(who[0], what, castle)
    if castle:
        return say("{players} each gain {goods} from their castles.", players=listed(who), goods=what)
    return say("{players} each gain {goods}.", players=listed(who), goods=what)


def place_words(data: dict[str, Any], where: str) -> str:
    """Where a knight stands, in words ("in Bedford", "on Squires' hall", "in conflict K03"),
    never the notation ("county:H", "conflict:K03:2") a player would not know (issue 12 item 8)."""
    kind, _, rest = where.partition(":")
    if kind == "court":
        return say("in court")
    if kind == "county":
        county = data["counties"].get(rest)
        return say("in {county}", county=county["name"]) if county else say("in county {county}", county=rest)
    if kind == "castle":
        space = data["castle"].get(rest) or data.get("ally", {}).get("castle", {}).get(rest)
        return say("on {space}", space=space["name"]) if space else say("on castle space {space}", space=rest)
    if kind == "conflict":
        card, _, _strength = rest.partition(":")
        return say("in conflict {conflict}", conflict=card)
    if kind == "lord":  # Henry V: the knight escorting its lord ("upgrade lord:3")
        return say("escorting the lord")
    if kind == "tower":  # The King's Resentment: a knight in the tower ("tower:2")
        return say("in the tower")
    return f"at {kind.replace('_', ' ')} {rest}".rstrip()  # another expansion's place (none today)
