"""Special Tokens as a resource (HOUSES.md §10).

A player's token count is ``resources["special_token"]``, so costs, exchanges, requirements and
gains treat tokens like any good; the faces are ``players[p]["tokens"]`` (kinds, oldest first).
``sync`` makes the two agree after anything changed the count: a rise draws faces from the supply
(reshuffling the discard when it is empty; what cannot be drawn is not gained). A fall is a
payment: the payer chooses which tokens go, as at the table (HOUSES.md §10.2 "Pay"): while the
faces held outnumber the count and differ in kind, ``owing`` names the payer and ``flow.advance``
asks them (a ``pay_token`` decision, one token at a time); when every choice is the same (one
kind held, or everything paid) the tokens go at once. Conservation: supply + discard + every
hand + the tokens face up on cards = the total, always (``total``).
"""

from __future__ import annotations

from typing import Any

from rules.core import rng_for, say, seat
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
    discarded = len(houses["token_discard"]) + len(face_down(state))
    return len(houses["token_supply"]) + discarded + held + drawn


def face_down(state: State) -> list[str]:
    """The tokens discarded face down, unrevealed (paid, or not kept from Ficino's draw): their
    kinds are secret (hidden.py masks them); ``token_discard`` holds the cashed ones, face up.
    Absent in games saved before the split: none."""
    found: list[str] = state["houses"].get("token_down", [])
    return found


def put_down(state: State, kinds: list[str]) -> None:
    """Tokens discarded face down (``face_down``)."""
    houses = state["houses"]
    houses["token_down"] = [*face_down(state), *kinds]


def sync(state: State, player: int) -> None:
    """Draw or discard faces so that ``player`` holds exactly ``resources["special_token"]``."""
    player_state = state["players"][player]
    res = player_state["resources"]
    faces = player_state["tokens"]
    want = res["special_token"]
    if want < len(faces):
        if not _choice(faces, want):  # every way to pay is the same: no question to ask
            _discard(state, player, faces[: len(faces) - want])
        return  # else the payer chooses (``owing``, the ``pay_token`` decision)
    if want > len(faces):
        gained(state, player, want - len(faces))


def gained(state: State, player: int, n: int) -> list[tuple[str, str]]:
    """``n`` tokens were just added to the count (``engine.gain``): draw their faces now, so
    cards 98/128 choose among them, leaving a payment still to be chosen as it is. A card 98/128
    waiting for a token (its owner held none) takes the first drawn face up: the (card, kind)
    pairs placed so are returned."""
    drawn = _draw_tokens(state, n)
    state["players"][player]["resources"]["special_token"] -= n - len(drawn)  # the supply ran dry
    return receive(state, player, drawn)


def receive(state: State, player: int, drawn: list[str]) -> list[tuple[str, str]]:
    """Tokens ``drawn`` (already in the count) reach the player: the hand, or first a waiting
    card 98/128 (see ``gained``)."""
    player_state = state["players"][player]
    if HOUSES["engine"]["token_bonus_timing"] == "on_draw":
        # [READ] alternative: each token's bonus is gained as it is drawn (its own source) and
        # the token is kept as a resource; nothing is cashed later (``cash_moves``).
        for kind in reversed(drawn):
            state["stack"].append(_bonus_frame(player, kind))
    placed = []
    waiting = list(player_state.get("face_up_next", []))
    while waiting and drawn:
        card, kind = waiting.pop(0), drawn.pop(0)
        player_state["face_up"] = {**player_state["face_up"], card: kind}
        player_state["resources"]["special_token"] -= 1  # on the card, no longer held
        placed.append((card, kind))
    if placed:
        player_state["face_up_next"] = waiting
    player_state["tokens"] = [*player_state["tokens"], *drawn]
    return placed


def wait_face_up(state: State, player: int, card: int) -> None:
    """Cards 98/128 when the owner holds no token: 'keep 1 of your special tokens face up on this
    card' is met by the next token they gain (HOUSES.md §13.1 ``place_face_up_token``)."""
    player_state = state["players"][player]
    player_state["face_up_next"] = [*player_state.get("face_up_next", []), str(card)]


def _draw_tokens(state: State, n: int) -> list[str]:
    houses = state["houses"]
    supply = houses["token_supply"]
    if len(supply) < n and (houses["token_discard"] or face_down(state)):
        # §10.1: the supply empty, every discarded token is shuffled into a new one.
        rng = rng_for(state["seed"], state["draws"])
        state["draws"] += 1
        fresh = [*houses["token_discard"], *face_down(state)]
        rng.shuffle(fresh)
        supply = [*supply, *fresh]
        houses["token_discard"], houses["token_down"] = [], []
    houses["token_supply"] = supply[n:]
    return supply[:n]


def counted(state: State, player: int) -> int:
    """The tokens a player counts as held for card 133, the 1-VP-per-5 line and Leader
    requirements: those in the hand, plus those face up on cards 98/128 when
    ``engine.face_up_tokens_held`` is true (the default reading: a face-up token is on the card)."""
    player_state = state["players"][player]
    held = int(player_state["resources"]["special_token"])
    if HOUSES["engine"]["face_up_tokens_held"]:
        held += len(player_state["face_up"])
    return held


def _choice(faces: list[str], want: int) -> bool:
    """Paying down to ``want`` tokens leaves the payer a choice: some kept, of different kinds."""
    return want > 0 and len(set(faces)) > 1


def _discard(state: State, player: int, paid: list[str]) -> None:
    """Tokens paid: out of the hand, face down to the discard, without their bonus (§10.2)."""
    player_state = state["players"][player]
    faces = list(player_state["tokens"])
    for kind in paid:
        faces.remove(kind)
    player_state["tokens"] = faces
    put_down(state, paid)


def owing(state: State) -> int | None:
    """The first seat that has paid tokens without choosing which yet (see the module docstring)."""
    for player, player_state in enumerate(state["players"]):
        faces = player_state["tokens"]
        if len(faces) > player_state["resources"]["special_token"]:
            if _choice(faces, player_state["resources"]["special_token"]):
                return player
            sync(state, player)  # nothing to choose: paid at once
    return None


def ask_payment(state: State) -> bool:
    """Push the ``pay_token`` decision for a seat that owes a choice (``flow.advance``)."""
    player = owing(state)
    if player is None:
        return False
    stack = state["stack"]
    if not (stack and stack[-1]["kind"] == "pay_token" and stack[-1]["seat"] == player):
        stack.append({"kind": "pay_token", "seat": player})
    return True


def owed(state: State, player: int) -> int:
    player_state = state["players"][player]
    return len(player_state["tokens"]) - player_state["resources"]["special_token"]


def pay_options(state: State, frame: dict[str, Any]) -> list[Any]:
    from rules.lorenzo.moves import Spend

    return [Spend(kind) for kind in sorted(set(state["players"][frame["seat"]]["tokens"]))]


def pay_answer(state: State, player: int, frame: dict[str, Any], move: Any, log: Any) -> None:
    """One token paid, the kind the payer chose; the decision stays while more are owed."""
    _discard(state, player, [move.kind])
    log.events.append(
        say("{p} chose the Special Token they pay (it goes face down, unseen).", p=seat(player))
    )
    if owed(state, player) > 0:
        state["stack"].append(frame)


def pay_settle(state: State, frame: dict[str, Any], log: Any) -> bool:
    """Nothing (more) to choose: whatever is still owed is paid at once, the decision closes."""
    player = frame["seat"]
    if owed(state, player) > 0 and _choice(
        state["players"][player]["tokens"], state["players"][player]["resources"]["special_token"]
    ):
        return False
    state["stack"].pop()
    sync(state, player)
    return True


def sync_all(state: State) -> None:
    if "houses" in state:
        for player in range(state["player_count"]):
            sync(state, player)


def cash_moves(state: State, player: int) -> list[Any]:
    """§10.2 (``cash_on_own_turn``): each distinct held kind may be cashed on the player's turn."""
    if "houses" not in state or HOUSES["engine"]["token_bonus_timing"] != "cash_on_own_turn":
        return []  # before the import below: legal moves ask this every placement turn
    from rules.lorenzo.moves import Token

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
    return _bonus_frame(player, kind)


def _bonus_frame(player: int, kind: str) -> dict[str, Any]:
    source = say("a Special Token ({kind})", kind=kind)
    return {"kind": "effects", "seat": player, "source": source, "effects": bonus(kind)}


def put_face_up(state: State, player: int, card: int, kind: str) -> None:
    """Cards 98/128: a held token goes face up on the card for the game (no longer held)."""
    player_state = state["players"][player]
    faces = list(player_state["tokens"])
    faces.remove(kind)
    player_state["tokens"] = faces
    player_state["resources"]["special_token"] -= 1
    player_state["face_up"] = {**player_state["face_up"], str(card): kind}
