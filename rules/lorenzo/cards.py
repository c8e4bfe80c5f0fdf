"""Every Lorenzo card, leader and tile as players look them up (rules.core ``cards``)."""

from __future__ import annotations

from rules.core import Card, say
from rules.lorenzo.data import BONUS_TILES, CARDS, EXCOMMUNICATIONS, LEADERS
from rules.lorenzo.describe import TYPE_NAMES, card_dict, effects_text, requirement_text

PERIODS = {1: "I", 2: "II", 3: "III"}


def _development(card_id: int) -> Card:
    card = card_dict(card_id)
    lines = []
    if card["costs"]:
        lines.append(say("Cost: {costs}", costs=" or ".join(card["costs"])))
    if card["immediate"]:
        lines.append(say("Immediately: {effects}", effects=card["immediate"]))
    if card["permanent"]:
        lines.append(say("Permanent: {effects}", effects=card["permanent"]))
    if card["end_vp"]:
        lines.append(say("At the end: {vp} VP", vp=card["end_vp"]))
    kind = say("{type} card, period {roman}", type=TYPE_NAMES[card["type"]], roman=PERIODS[card["period"]])
    return Card(f"card:{card_id}", str(card["name"]), kind, "\n".join(lines) or say("No effect."))


def _leader(leader_id: str) -> Card:
    leader = LEADERS[leader_id]
    ability = str(leader["text"])
    if ability.lower().startswith("once per round"):  # the text says it already
        said = ability
    elif leader["ability"] == "once_per_round":
        said = say("Once per round: {effects}", effects=ability)
    else:
        said = say("Permanent: {effects}", effects=ability)
    needs = say(
        "Needs: {requirement} (nothing is spent).", requirement=requirement_text(leader["requirement"])
    )
    return Card(f"leader:{leader_id}", str(leader["name"]), say("Leader card"), f"{needs}\n{said}")


def cards() -> list[Card]:
    """Development cards, leaders, excommunication tiles and personal bonus tiles."""
    found = [_development(i) for i in sorted(CARDS)]
    found += [_leader(x) for x in LEADERS]
    for tile in EXCOMMUNICATIONS.values():
        name = f"Excommunication {tile['id']}"
        found.append(
            Card(
                f"tile:{tile['id']}",
                name,
                say("Excommunication tile, period {roman}", roman=PERIODS[tile["period"]]),
                str(tile["text"]),
            )
        )
    for tile in BONUS_TILES.values():
        harvest, production = tile["harvest"], tile["production"]
        text = "\n".join(
            (
                say(
                    "Harvest {value}: {effects}",
                    value=harvest["value"],
                    effects=effects_text(harvest["effects"]),
                ),
                say(
                    "Production {value}: {effects}",
                    value=production["value"],
                    effects=effects_text(production["effects"]),
                ),
            )
        )
        name = f"Personal bonus tile {tile['id']}"
        kind = say("Personal bonus tile ({side})", side=tile["side"])
        found.append(Card(f"bonus:{tile['id']}", name, kind, text))
    return found
