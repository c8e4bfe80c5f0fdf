"""Special Tokens as a resource (HOUSES.md §10).

A player's token count is ``resources["special_token"]``, so costs, exchanges, requirements and
gains treat tokens like any good; the faces are ``players[p]["tokens"]`` (kinds, oldest first).
``sync`` makes the two agree after anything changed the count: a rise draws faces from the supply
(reshuffling the discard when it is empty; what cannot be drawn is not gained), a fall (a token
paid) discards the oldest faces unrevealed. Conservation: supply + discard + every hand + the
tokens face up on cards = the total, always (``count``).
"""

from __future__ import annotations

from typing import Any

from rules.core import rng_for
from rules.lorenzo.data import HOUSES

State = dict[str, Any]


def kinds() -> dict[str, dict[str, Any]]:
    """Token kind name (``coins``) -> its record (``bonus`` effects, ``copies``)."""
    return {kind["kind"]: kind for kind in HOUSES["special_tokens"]["kinds"].values()}


def bonus(kind: str) -> list[dict[str, Any]]:
    return list(kinds()[kind]["bonus"])


def total(state: State) -> int:
    """Every token of the game wherever it is (the conservation invariant)."""
    houses = state["houses"]
    held = sum(len(p["tokens"]) + len(p["face_up"]) for p in state["players"])
    drawn = sum(len(f.get("drawn", [])) for f in state["stack"])  # Ficino's, being chosen from
    return len(houses["token_supply"]) + len(houses["token_discard"]) + held + drawn


def sync(state: State, player: int) -> None:
    """Draw or discard faces so that ``player`` holds exactly ``resources["special_token"]``."""
    player_state = state["players"][player]
    res = player_state["resources"]
    faces = player_state["tokens"]
    want = res["special_token"]
    if want < len(faces):
        houses = state["houses"]
        # [READ] a paid token is the oldest held, discarded face down without its bonus.
        houses["token_discard"] = [*houses["token_discard"], *faces[: len(faces) - want]]
        player_state["tokens"] = faces[len(faces) - want :]
        return
    if want > len(faces):
        drawn = _draw_tokens(state, want - len(faces))
        player_state["tokens"] = [*faces, *drawn]
        res["special_token"] = len(player_state["tokens"])  # an empty supply gives what it has


def _draw_tokens(state: State, n: int) -> list[str]:
    houses = state["houses"]
    supply = houses["token_supply"]
    if len(supply) < n and houses["token_discard"]:
        # §10.1: the supply empty, every discarded token is shuffled into a new one.
        rng = rng_for(state["seed"], state["draws"])
        state["draws"] += 1
        fresh = list(houses["token_discard"])
        rng.shuffle(fresh)
        supply = [*supply, *fresh]
        houses["token_discard"] = []
    houses["token_supply"] = supply[n:]
    return supply[:n]


def sync_all(state: State) -> None:
    if "houses" in state:
        for player in range(state["player_count"]):
            sync(state, player)


def cash_moves(state: State, player: int) -> list[Any]:
    """§10.2 (``cash_on_own_turn``): each distinct held kind may be cashed on the player's turn."""
    from rules.lorenzo.moves import Token

    if "houses" not in state:
        return []
    return [Token(kind) for kind in sorted(set(state["players"][player]["tokens"]))]


def cash(state: State, player: int, kind: str) -> dict[str, Any]:
    """Reveal one held token of ``kind``: it goes face up to the discard; its bonus is the
    effects frame returned (its own source)."""
    player_state = state["players"][player]
    faces = list(player_state["tokens"])
    faces.remove(kind)
    player_state["tokens"] = faces
    player_state["resources"]["special_token"] -= 1
    houses = state["houses"]
    houses["token_discard"] = [*houses["token_discard"], kind]
    return {"kind": "effects", "seat": player, "source": f"a Special Token ({kind})", "effects": bonus(kind)}


def put_face_up(state: State, player: int, card: int, kind: str) -> None:
    """Cards 98/128: a held token goes face up on the card for the game (no longer held)."""
    player_state = state["players"][player]
    faces = list(player_state["tokens"])
    faces.remove(kind)
    player_state["tokens"] = faces
    player_state["resources"]["special_token"] -= 1
    player_state["face_up"] = {**player_state["face_up"], str(card): kind}
