"""Every Lancaster law, conflict card, King's Favor tile, county and castle space as players
look them up (rules.core ``cards``), and the expansions' extra laws, court spaces and reward
tiles (a player sees "HL4" on the board and looks it up); values still provisional say so."""

from __future__ import annotations

from typing import Any

from rules.core import Card, say
from rules.lancaster.words import effects_words


def _provisional(data: dict[str, Any], prefix: str) -> str:
    notes = [
        str(why)
        for path, why in (data.get("provisional") or {}).items()
        if path == prefix or path.startswith(prefix + ".")
    ]
    return " ".join(notes)


def _conflict(data: dict[str, Any], cid: str, card: dict[str, Any]) -> Card:
    pp = "/".join(str(p) for p in card.get("pp", []))
    text = say(
        "France's strength: {strength}. Power points for the places: {points}.",
        strength=card.get("france", "?"),
        points=pp or say("none"),
    )
    return Card(
        f"conflict:{cid}",
        f"Conflict {cid}",
        say("Conflict card"),
        text,
        _provisional(data, f"conflicts.{cid}"),
    )


def cards(data: dict[str, Any]) -> list[Card]:
    """The game's content under ``data`` (the data the game is played with, overrides included)."""
    found: list[Card] = []
    for lid, law in sorted(data["laws"].items()):
        found.append(
            Card(
                f"law:{lid}",
                f"Law {lid}",
                say("Law (back {back})", back=law["back"]),
                str(law["text"]),
                _provisional(data, f"laws.{lid}"),
            )
        )
    found += [_conflict(data, cid, card) for cid, card in sorted(data["conflicts"].items())]
    for i, effects in enumerate(data["kings_favor"]):
        found.append(
            Card(
                f"favor:{i + 1}",
                f"King's Favor {i + 1}",
                say("King's Favor tile"),
                effects_words(effects),
                _provisional(data, "kings_favor"),
            )
        )
    for letter, county in sorted(data["counties"].items()):
        text = say(
            "Minimum strength {strength}. Reward: {effects}.",
            strength=county["min_strength"],
            effects=effects_words(county["reward"]),
        )
        found.append(
            Card(
                f"county:{letter}",
                f"{letter} {county['name']}",
                say("County"),
                text,
                _provisional(data, f"counties.{letter}"),
            )
        )
    for space, spot in sorted(data["castle"].items()):
        text = say("Reward: {effects}.", effects=effects_words(spot["reward"]))
        found.append(
            Card(
                f"castle:{space}",
                f"{space} {spot['name']}",
                say("Castle space"),
                text,
                _provisional(data, f"castle.{space}"),
            )
        )
    return found


def expansion_cards(expansions: dict[str, Any]) -> list[Card]:
    """The expansions' content (``data.load_expansions``): Henry V + The King's Resentment's extra
    laws, Henry V's court spaces, Queenie's reward tiles (A, D and F also as seal tiles)."""
    found = [
        Card(
            f"law:{lid}",
            f"Law {lid}",
            say("Extra law of Henry V and The King's Resentment (back {back})", back=law["back"]),
            str(law["text"]),
            _provisional(expansions, f"extra_laws.laws.{lid}"),
        )
        for lid, law in sorted(expansions["extra_laws"]["laws"].items())
    ]
    henry_v = expansions["henry_v"]
    for key, office in henry_v["offices"].items():
        cost = ", ".join(effects_words([{"type": "gain", **c}]) for c in office["cost"]) or say("free")
        text = say("Cost: {goods}. Reward: {effects}.", goods=cost, effects=effects_words(office["reward"]))
        found.append(
            Card(
                f"office:{key}",
                str(office["name"]),
                say("Henry V office"),
                text,
                _provisional(expansions, f"henry_v.offices.{key}"),
            )
        )
    treasury = henry_v["treasury"]
    text = say(
        "Its lord takes everything paid into the treasury this round (if nothing: {effects}).",
        effects=effects_words(treasury["empty_reward"]),
    )
    found.append(
        Card(
            "office:treasury",
            str(treasury["name"]),
            say("Henry V court space"),
            text,
            _provisional(expansions, "henry_v.treasury"),
        )
    )
    return found + _queenie_cards(expansions)


def _queenie_cards(expansions: dict[str, Any]) -> list[Card]:
    """Queenie's reward tiles, and A, D and F again as the seal tiles they are with Henry V."""
    found = []
    queenie = expansions["queenie"]
    for letter, tile in sorted(queenie["tiles"].items()):
        found.append(
            Card(
                f"tile:{letter}",
                f"Reward tile {letter}",
                say("Queenie reward tile"),
                effects_words(tile),
                _provisional(expansions, f"queenie.tiles.{letter}"),
            )
        )
    for letter, tile in sorted(queenie["seal_tiles"].items()):
        found.append(
            Card(
                f"tile:{letter}:seal",
                f"Seal tile {letter}",
                say("Queenie reward tile, with Henry V"),
                effects_words(tile),
                _provisional(expansions, f"queenie.seal_tiles.{letter}"),
            )
        )
    return found
