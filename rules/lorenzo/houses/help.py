"""The HoR part of ``/game rules``: what the option changes, then every provisional value in a
section of its own (built from data: each line a catalogued template, so ``i18n`` words it)."""

from __future__ import annotations

import json

from rules.core import say
from rules.lorenzo.data import HOUSES


def _value(path: str) -> str:
    node: object = HOUSES  # object: a compiled build checks what an annotation claims
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return "?"
        node = node[part]
    text = json.dumps(node, separators=(",", ":"))
    return text if len(text) <= 60 else text[:57] + "..."


def houses_help() -> str:
    lines = [
        "",
        "## Houses of Renaissance (option `houses`)",
        "",
        "Houses of Renaissance (option `houses`, 2-5 players; `leader_pool` all 44 / houses 42 / base 20",
        "Leaders): the Leaders are on; the Special Tower (special_1..4, cards of",
        "every type, 3-coin fee when occupied), Special Tokens ('token <kind>' cashes one on your turn;",
        "where a cost asks for tokens you choose which pay, privately: 'spend <kind>'),",
        "the Adaptation tile (moves one tower right each round), a 6th Council Privilege",
        "(special_token), 3 new excommunications, no starting wood/stone, coins 0-4 by turn position,",
        "and the Family Tile auction before round 1 ('bid <family> <line>').",
        "",
        "## Houses of Renaissance: provisional values",
        "",
        say("Provisional values (no source gives them; correct them with LORENZO_OVERRIDES):"),
    ]
    lines += [_mark(path, reason) for path, reason in sorted(HOUSES["provisional"].items())]
    return "\n".join(lines)


def _mark(path: str, reason: str) -> str:
    """One provisional value's line: its path, its value as data and the other readings an
    override may choose (``_others``), and why."""
    others = _others(path)
    if others:
        return "- " + say(
            "{data_path} = `{data_value}` (or {other_values}): {reason}",
            data_path=path,
            data_value=_value(path),
            other_values=others,
            reason=reason,
        )
    return "- " + say(
        "{data_path} = `{data_value}`: {reason}", data_path=path, data_value=_value(path), reason=reason
    )


def _others(path: str) -> str:
    """For a reading (``engine.<key>``): the other readings an override may choose, each as data
    between backticks ("" when there are none)."""
    from rules.lorenzo.houses.content import NOT_PLAYABLE

    key = path.removeprefix("engine.")
    if key == path or key in NOT_PLAYABLE:
        return ""
    others = [json.dumps(c) for c in HOUSES["engine_choices"].get(key, []) if c != HOUSES["engine"][key]]
    return ", ".join(f"`{o}`" for o in others)
