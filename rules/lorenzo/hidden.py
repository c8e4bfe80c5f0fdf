"""What a seat knows of the whole state, and full states consistent with it (computer players).

``known_state(state, seat)`` is the state with everything the seat may not see masked
(``rules.core.HIDDEN``); ``player_view`` carries it for a seat as ``view["known_state"]``.
``sample_state(known, seat, rng)`` fills every mask with a value the seat could not tell from
the truth, so a computer player searches states drawn from its own information set and never
reads another seat's secrets:

- the seed (it fixes the dice of later rounds and replays setup, hence the deck orders);
- the development decks (§4: shuffled per period, period I on top; only their sizes are
  public): a sample deals every later period's cards and, for the period in play, cards of it
  not seen in a tower or a player's hand (cards left in the towers at the end of a round are
  not in the state, so they may come back in a sample);
- other seats' Leader hands (§13: only their number is public) and, during the draft, their
  packs and picks: a sample deals leaders that no one has played and the seat does not hold.
"""

from __future__ import annotations

import random
from typing import Any

from rules.core import HIDDEN, copy_state
from rules.lorenzo.data import CARD_TYPES, cards_of
from rules.lorenzo.houses import hidden as houses_hidden
from rules.lorenzo.leaders import pool_of

State = dict[str, Any]
PERIODS = (1, 2, 3)


def known_state(state: State, seat: int) -> State:
    """``state`` with what ``seat`` may not see replaced by ``HIDDEN`` (a new dict; JSON-able)."""
    known = copy_state(state)
    known["seed"] = HIDDEN
    known["decks"] = {t: [HIDDEN] * len(deck) for t, deck in state["decks"].items()}
    for p, player in enumerate(known["players"]):
        if p != seat:
            player["leader_hand"] = [HIDDEN] * len(player["leader_hand"])
    draft = known["leader_draft"]
    if draft is not None:
        for p in range(known["player_count"]):
            if p != seat:
                draft["packs"][p] = [HIDDEN] * len(draft["packs"][p])
                draft["picks"][p] = None if draft["picks"][p] is None else HIDDEN
    if "houses" in known:
        houses_hidden.mask(known, seat)
    return known


def sample_state(known: State, seat: int, rng: random.Random) -> State:
    """A full state equal to ``known`` wherever it is not masked; masks drawn with ``rng``."""
    state = copy_state(known)
    state["seed"] = rng.randrange(2**31)
    for card_type in CARD_TYPES:
        state["decks"][card_type] = _deal_deck(state, card_type, rng)
    _deal_leaders(state, seat, rng)
    if "houses" in state:
        houses_hidden.sample(state, seat, rng)
    return state


def _deal_deck(state: State, card_type: str, rng: random.Random) -> list[int]:
    size = len(state["decks"][card_type])
    seen = {c for c in state["tower_cards"][card_type] if c is not None}
    for player in state["players"]:
        seen.update(player["cards"][card_type])
    deck: list[int] = []
    for period in reversed(PERIODS):  # the deck's end holds the last period, in full
        if len(deck) >= size:
            break
        unseen = [c for c in cards_of(card_type, period) if c not in seen]
        rng.shuffle(unseen)
        deck = unseen[: size - len(deck)] + deck
    return deck


def _deal_leaders(state: State, seat: int, rng: random.Random) -> None:
    me = state["players"][seat]
    known = set(me["leader_hand"])
    for player in state["players"]:
        known.update(player["leaders_played"])
    draft = state["leader_draft"]
    if draft is not None:
        known.update(draft["packs"][seat])
        known.add(draft["picks"][seat])
    if "houses" in state:
        known.update(state["houses"]["leader_discard"])
    pool = [leader for leader in pool_of(state) if leader not in known]
    rng.shuffle(pool)
    for player in state["players"]:
        player["leader_hand"] = [pool.pop() if x == HIDDEN else x for x in player["leader_hand"]]
    if "houses" in state:
        houses_hidden.leader_pile(state, pool)
    if draft is not None:
        draft["packs"] = [[pool.pop() if x == HIDDEN else x for x in pack] for pack in draft["packs"]]
        # A pick stays in its pack until the packs pass (leaders.pass_packs).
        draft["picks"] = [
            rng.choice(pack) if pick == HIDDEN else pick
            for pick, pack in zip(draft["picks"], draft["packs"], strict=True)
        ]
