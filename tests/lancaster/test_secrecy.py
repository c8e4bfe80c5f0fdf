"""Hidden information (rules sections 3 and 7.2): gold, squires and undisclosed votes stay secret.

With three or more players the public view and every seat's view show gold and squires only for
the viewer, and a pending vote only to the seat that cast it. Checked on many states of seeded
random games, not only hand-made ones.
"""

from __future__ import annotations

import json

import pytest

from rules.lancaster import GAME
from rules.playout import playout_states


def _check(state, viewer):
    view = GAME.player_view(state, viewer)
    json.dumps(view)  # JSON-able
    for seat in view["seats"]:
        if seat["seat"] != viewer:
            assert seat["gold"] is None and seat["squires"] is None
        else:
            assert seat["gold"] == state["seats"][viewer]["gold"]
    if viewer is None:
        assert view["me"] is None
    else:
        ballot = state["ballots"][viewer] if state["phase"] == "vote" else None
        expected = (
            None
            if ballot is None
            else {"vote": "yes" if ballot["yes"] else "no", "markers": ballot["markers"]}
        )
        assert view["me"]["pending_vote"] == expected
    text = json.dumps(view)
    # The deck order and the law pile never appear, only their sizes.
    for cid in state["conflict_deck"]:
        assert f'"{cid}"' not in text
    for law in state["law_pile"]:
        assert f'"{law}"' not in text or law in state["current_laws"] or law in state["proposals"]
    # Nobody sees another seat's undisclosed vote: the only per-seat vote data are booleans.
    assert view["parliament"]["voted"] == [b is not None for b in state["ballots"]]
    if view["last"] is not None and state["phase"] == "vote":
        assert not view["last"]["move"].startswith("vote ")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_3_views_never_show_other_seats_gold_squires_or_votes(players: int) -> None:
    for i, state in enumerate(playout_states(GAME, players, 40 + players)):
        if i % 3:
            continue
        for viewer in [None, *range(players)]:
            _check(state, viewer)


def test_7_2_vote_events_say_only_who_has_voted_until_the_reveal() -> None:
    for state in playout_states(GAME, 4, 9):
        if state["phase"] == "vote" and state["pending"] is None and all(b is None for b in state["ballots"]):
            break
    state, events = GAME.apply(state, 2, GAME.parse(state, 2, "vote yes markers=0"))
    assert events == ["{p2} has voted."]
    assert GAME.player_view(state, None)["last"]["move"] == "vote"
