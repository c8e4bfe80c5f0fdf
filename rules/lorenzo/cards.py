"""Every Lorenzo card, leader and tile as players look them up (rules.core ``cards``)."""

from __future__ import annotations

from rules.core import Card
from rules.lorenzo.data import BONUS_TILES, CARDS, EXCOMMUNICATIONS, LEADERS
from rules.lorenzo.describe import TYPE_NAMES, card_dict, effects_text, requirement_text

PERIODS = {1: "I", 2: "II", 3: "III"}


def _development(card_id: int) -> Card:
    card = card_dict(card_id)
    lines = []
    if card["costs"]:
        lines.append("Cost: " + " or ".join(card["costs"]))
    if card["immediate"]:
        lines.append(f"Immediately: {card['immediate']}")
    if card["permanent"]:
        lines.append(f"Permanent: {card['permanent']}")
    if card["end_vp"]:
        lines.append(f"At the end: {card['end_vp']} VP")
    kind = f"{TYPE_NAMES[card['type']]} card, period {PERIODS[card['period']]}"
    return Card(f"card:{card_id}", str(card["name"]), kind, "\n".join(lines) or "No effect.")


def _leader(leader_id: str) -> Card:
    leader = LEADERS[leader_id]
    text = f"Needs: {requirement_text(leader['requirement'])} (nothing is spent).\n"
    if not str(leader["text"]).lower().startswith("once per round"):  # the text may say it already
        text += "Once per round: " if leader["ability"] == "once_per_round" else "Permanent: "
    text += str(leader["text"])
    return Card(f"leader:{leader_id}", str(leader["name"]), "Leader card", text)


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
                f"Excommunication tile, period {PERIODS[tile['period']]}",
                str(tile["text"]),
            )
        )
    for tile in BONUS_TILES.values():
        text = (
            f"Harvest {tile['harvest']['value']}: {effects_text(tile['harvest']['effects'])}\n"
            f"Production {tile['production']['value']}: {effects_text(tile['production']['effects'])}"
        )
        name = f"Personal bonus tile {tile['id']}"
        found.append(Card(f"bonus:{tile['id']}", name, f"Personal bonus tile ({tile['side']})", text))
    return found
