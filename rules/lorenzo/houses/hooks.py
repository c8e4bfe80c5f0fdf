"""What HoR adds at a few points of the base engine (each call site tests ``"houses" in state``)."""

from __future__ import annotations

from typing import Any

from rules.lorenzo.data import CARDS

State = dict[str, Any]
Frame = dict[str, Any]


def after_take(
    state: State, player: int, card_id: int, pay: dict[str, int], value: int | None
) -> list[Frame]:
    """Everything that follows taking a card (``engine.finish_take``): the family's triggers."""
    from rules.lorenzo.houses import families
    from rules.lorenzo.houses.leaders import played_permanent

    frames = families.after_take(state, player, card_id, pay, value)
    card_type = CARDS[card_id]["type"]
    for effect in played_permanent(state, player, "when_take_card"):  # the Alfonsos, Ercole, Ferdinando
        if card_type in effect["card_types"]:
            frames.append(
                {"kind": "effects", "seat": player, "source": "a Leader", "effects": list(effect["effects"])}
            )
    return frames


def on_play_leader(state: State, player: int, leader_id: str) -> list[Frame]:
    """Card 124 (``on_play_leader``): its effects each time the owner plays a Leader, free plays
    included (HOUSES.md §12.2: after the Leader goes face up, before an immediate ability)."""
    from rules.lorenzo.houses import families
    from rules.lorenzo.houses.leaders import on_play

    frames = on_play(state, player, leader_id)  # below: an immediate ability resolves last
    frames += families.visconti_frames(state, player)
    for card_id in state["players"][player]["cards"]["character"]:
        for effect in CARDS[card_id].get("permanent", []):
            if effect["op"] == "on_play_leader":
                src = CARDS[card_id]["name"]
                frames.append(
                    {"kind": "effects", "seat": player, "source": src, "effects": list(effect["effects"])}
                )
    return frames


def after_space(state: State, player: int, space: dict[str, Any]) -> list[Frame]:
    """Card 128 (``market_face_up_token_bonus``): a Market placement also gives the bonus of the
    token face up on the card, after the space's reward (the frame is pushed below it)."""
    from rules.lorenzo.houses.effects import face_up_bonus

    if space["area"] != "market":
        return []
    frames = []
    for card_id in state["players"][player]["cards"]["character"]:
        if any(e["op"] == "market_face_up_token_bonus" for e in CARDS[card_id].get("permanent", [])):
            found = face_up_bonus(state, player, card_id, CARDS[card_id]["name"])
            if found is not None:
                frames.append(found)
    return frames
