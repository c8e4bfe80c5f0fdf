"""Issue 5 (board images), Lancaster: every phase renders, sizes and formats, secrets stay hidden.

States come from seeded random playouts of the real engine (rules/lancaster), so every board
drawn here is one the bot could post.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from render import draw_view
from tests.render.helpers import check_encoded_images, check_final_scoring, readable_cuts, sampled_states

GAME = "lancaster"


def _texts(view: dict[str, Any], private: bool) -> list[str]:
    return draw_view(GAME, view, private=private).canvas.texts


OTHER_OPTIONS = {
    "noble_stacks": "by_letter",
    "vote_markers": 2,
    "discard_unused_votes": False,
    "favor_tiles_by_count": True,
}


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {}), (3, OTHER_OPTIONS), (4, {}), (5, {})],
    ids=["2p", "3p", "3p-other-options", "4p", "5p"],
)
def test_every_phase_renders_public_and_private_boards(players: int, options: dict[str, Any]) -> None:
    """Issue 5 "How it is checked": every phase renders without error, from seeded playouts."""
    phases: set[str] = set()
    for game, state, why in sampled_states(GAME, players, seed=31 + players, options=options, stride=25):
        public = game.player_view(state, None)
        phases.add(str(public["phase"]))
        drawing = draw_view(GAME, public, private=False)
        assert drawing.canvas.width == 1600, why
        assert readable_cuts(drawing) == [], why  # nothing a player reads is cut (the last-move line may be)
        assert 1000 <= drawing.canvas.height <= 2000, why
        assert f"round {public['round']} of 5" in drawing.alt_text, why
        for seat in sorted(game.active_players(state))[:2] or [0]:
            private = draw_view(GAME, game.player_view(state, seat), private=True)
            assert private.canvas.width == 1600, why
            assert readable_cuts(private) == [], why
    assert {"setup", "place", "vote", "laws", "rewards", "over"} <= phases


@pytest.mark.parametrize("players", [2, 5])
def test_encoded_images_are_small_and_in_the_named_format(players: int) -> None:
    """Issue 5: about 1600 px wide, PNG or WebP, well under 1 MB; every image has alt text."""
    check_encoded_images(GAME, players, seat=1)


@pytest.mark.parametrize("players", [3, 4])
def test_public_board_draws_the_same_from_any_seats_view(players: int) -> None:
    """Rules 3 / 4.3 and design.md "Secrets stay in the engine": gold, squires and votes behind
    the screen never reach a public image. Drawing the public board from a seat's own view must
    ask for exactly the texts it asks for from the public view."""
    checked = 0
    for game, state, why in sampled_states(GAME, players, seed=41, stride=9):
        expected = _texts(game.player_view(state, None), private=False)
        for seat in range(players):
            assert _texts(game.player_view(state, seat), private=False) == expected, (why, seat)
        checked += 1
    assert checked > 10


def test_hidden_gold_and_pending_vote_never_reach_the_public_board() -> None:
    """Rules 3: gold and squires are behind the screen (3+ players); a vote is secret until all
    have voted. Sentinel values in the private parts of a view must not be drawn publicly."""
    game, state, _ = next(iter(sampled_states(GAME, 3, seed=2)))
    view = copy.deepcopy(game.player_view(state, 0))
    view["seats"][0]["gold"] = 987654
    view["seats"][0]["squires"] = 876543
    view["me"].update(gold=987654, squires=876543, pending_vote={"vote": "yes", "markers": 765432})
    public = " | ".join(_texts(view, private=False))
    private = " | ".join(_texts(view, private=True))
    for secret in ("987654", "876543", "765432"):
        assert secret not in public
        assert secret in private  # the check has teeth: the private screen shows them


def test_two_player_gold_and_squires_are_shown_publicly() -> None:
    """Rules 4.3: in the two-player game gold and squires are open information."""
    game, state, _ = next(iter(sampled_states(GAME, 2, seed=9)))
    view = game.player_view(state, None)
    assert all(info["gold"] is not None for info in view["seats"])
    assert "hidden" not in _texts(view, private=False)
    three = game.player_view(next(iter(sampled_states(GAME, 3, seed=9)))[1], None)
    assert "hidden" in _texts(three, private=False)


def test_last_move_is_highlighted_and_described() -> None:
    """Issue 5: "The last move is highlighted (what changed since the previous image)"."""
    for game, state, why in sampled_states(GAME, 4, seed=8, stride=2):
        view = game.player_view(state, None)
        last = view.get("last")
        if not last or not str(last.get("where") or "").startswith("county:"):
            continue
        texts = _texts(view, private=False)
        assert "LAST" in texts, why
        assert any(t.startswith("Last move: ") for t in texts), why
        return
    pytest.fail("no county placement found to check")


def test_alt_text_names_round_start_player_and_every_score() -> None:
    """Issue 5: "Every image has alt text" summarising round, whose turn and scores."""
    game, state, _ = list(sampled_states(GAME, 3, seed=4, stride=1000))[2]
    view = game.player_view(state, None)
    alt = draw_view(GAME, view, private=False).alt_text
    assert f"round {view['round']} of 5" in alt
    assert "Start player" in alt
    for info in view["seats"]:
        assert f"{info['power_points']}" in alt
    for colour in ("Blue (B)", "Orange (O)", "Green (G)"):
        assert colour in alt


def test_game_over_board_shows_final_scoring() -> None:
    """Rules §10 final scoring, shown at the end: the panel and the alt text use the outcome."""
    game, state, _ = list(sampled_states(GAME, 4, seed=6, stride=1000))[-1]
    check_final_scoring(GAME, game.player_view(state, None), unit="PP", ruler_end="Player")


def test_castle_placement_highlights_only_the_movers_castle() -> None:
    """Rules 6.3: a knight goes to its owner's own castle; every castle has the same space ids,
    so exactly one castle space (the mover's) carries the last-move highlight."""
    for game, state, why in sampled_states(GAME, 4, seed=12, stride=1):
        view = game.player_view(state, None)
        last = view.get("last")
        if not last or not str(last.get("where") or "").startswith("castle:"):
            continue
        assert _texts(view, private=False).count("LAST") == 1, why
        return
    pytest.fail("no castle placement found to check")


def test_next_start_tag_is_not_drawn_once_the_game_is_over() -> None:
    """Rules 8.1 (Surrey county reward: choose the next start player) and 10 (the game ends after
    round 5): the "NEXT" tag marks the seat chosen to start the next round, so the final board,
    which has no next round, does not draw it (the same board still running does)."""
    states = list(sampled_states(GAME, 2, seed=6, stride=1000))
    game, running, _ = states[0]
    game, over, _ = states[-1]
    for state, finished in ((running, False), (over, True)):
        view = copy.deepcopy(game.player_view(state, None))
        assert bool(view.get("outcome")) == finished
        view["last"] = {**(view.get("last") or {}), "seat": 0, "places": ["seat:1"]}
        # Boards read the last move from the view header (rules.core.ViewHeader).
        last = view["header"]["last"] or {"seat": 0, "text": "", "events": []}
        view["header"]["last"] = {**last, "seat": 0, "places": ["seat:1"]}
        assert ("NEXT" in _texts(view, private=False)) != finished
