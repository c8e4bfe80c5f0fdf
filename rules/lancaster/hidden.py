"""What a seat knows of the whole state, and full states consistent with it (computer players).

``known_state(state, seat)`` is the state with everything the seat may not see masked
(``rules.core.HIDDEN``); ``player_view`` carries it for a seat as ``view["known_state"]``.
``sample_state(known, seat, rng, data)`` fills every mask with a value the seat could not tell
from the truth, so a computer player searches states drawn from its own information set and
never reads another seat's secrets (rules sections 3, 4.3 and 7.2):

- the seed (it would replay setup, hence the deck orders);
- the conflict deck and the law pile: order secret, the laws' backs are printed (4.1 step 7)
  so the pile keeps its back numbers; a sample deals unseen cards (the cards removed for the
  player count by the data are known; cards resolved in earlier rounds are not in the state,
  so they may come back in a sample);
- with three or more players, other seats' gold and squires (behind their screens);
- other seats' ballots on the open proposal (only whether they voted is public);
- with Queenie 1, the reward-tile bag's order (queenie.py: its tiles are the ones not yet
  revealed, a sample reshuffles them);
- with Henry V and The King's Resentment, which extra laws are in the pile (S3: a sample deals
  them with the base laws of their back number); with the reading ``seals_secret``, other
  seats' royal seals behind the screens (S4).
"""

from __future__ import annotations

import random
from typing import Any

from rules.core import HIDDEN
from rules.lancaster import extra_laws
from rules.lancaster import model as m

SCREEN_GUESS_SPAN = 3
"""Provisional: another seat's hidden gold (or squires) is drawn uniformly from 0 to the viewer's
own amount plus this span; the state does not keep the history a player could count from."""


def known_state(state: m.State, seat: int, data: dict[str, Any]) -> m.State:
    """``state`` with what ``seat`` may not see replaced by ``HIDDEN`` (a new dict; JSON-able);
    a masked law shows its back number after the mask ("?2")."""
    known = dict(state)
    known["seed"] = HIDDEN
    known["conflict_deck"] = [HIDDEN] * len(state["conflict_deck"])
    known["law_pile"] = [f"{HIDDEN}{extra_laws.law(data, law)['back']}" for law in state["law_pile"]]
    if state["players"] > 2:
        secret = ["gold", "squires"]
        if state["options"].get("henry_v") and data["henry_v"]["engine"]["seals_secret"]:
            secret.append("seals")  # S4
        known["seats"] = [
            s if i == seat else {**s, **dict.fromkeys(secret, HIDDEN)} for i, s in enumerate(state["seats"])
        ]
    if "reward_bag" in state:  # S3: the bag is a count only, even as a key
        known["tiles_in_bag"] = len(known.pop("reward_bag"))
    known["ballots"] = [
        b if b is None or i == seat else {"yes": HIDDEN, "markers": HIDDEN}
        for i, b in enumerate(state["ballots"])
    ]
    return known


def sample_state(known: m.State, seat: int, rng: random.Random, data: dict[str, Any]) -> m.State:
    """A full state equal to ``known`` wherever it is not masked; masks drawn with ``rng``."""
    state = m.clone(known)
    state["seed"] = rng.randrange(2**31)
    state["conflict_deck"] = _deal_conflicts(state, rng, data)
    state["law_pile"] = _deal_laws(state, rng, data)
    if "tiles_in_bag" in state:
        state["reward_bag"] = _refill_bag(state, state.pop("tiles_in_bag"), rng, data)
    me = state["seats"][seat]
    for s in state["seats"]:
        for key in ("gold", "squires", "seals"):
            if s.get(key) == HIDDEN:
                s[key] = rng.randint(0, me[key] + SCREEN_GUESS_SPAN)
    for i, ballot in enumerate(state["ballots"]):
        if ballot is not None and ballot["yes"] == HIDDEN:
            ballot["yes"] = rng.random() < 0.5
            ballot["markers"] = rng.randint(0, state["seats"][i]["vote_markers"])
    return state


def _deal_conflicts(state: m.State, rng: random.Random, data: dict[str, Any]) -> list[str]:
    removed = set(data["setup"]["conflicts_removed"][str(state["players"])])
    in_play = {card["id"] for card in state["conflicts"]}
    unseen = sorted(c for c in data["conflicts"] if c not in removed and c not in in_play)
    rng.shuffle(unseen)
    return unseen[: len(state["conflict_deck"])]


def _deal_laws(state: m.State, rng: random.Random, data: dict[str, Any]) -> list[str]:
    seen = set(state["current_laws"]) | set(state["proposals"])
    seen |= {r["law"] for r in state["vote_results"]}
    unseen: dict[int, list[str]] = {}
    pool = sorted(data["laws"])
    if extra_laws.in_play(state["options"]):  # S3: any extra law may be in the pile
        pool += sorted(data["extra_laws"]["laws"])
    for law in pool:
        if law not in seen:
            unseen.setdefault(extra_laws.law(data, law)["back"], []).append(law)
    for group in unseen.values():
        rng.shuffle(group)
    return [unseen[int(mask[len(HIDDEN) :])].pop() for mask in state["law_pile"]]


def _refill_bag(state: m.State, size: int, rng: random.Random, data: dict[str, Any]) -> list[str]:
    """Queenie's bag: tiles not beside a county now, shuffled (tiles that left the game in earlier
    rounds are not in the state, so they may come back in a sample, like resolved conflicts)."""
    unseen = sorted(t for t in data["queenie"]["tiles"] if t not in state["reward_tiles"])
    rng.shuffle(unseen)
    return unseen[:size]
