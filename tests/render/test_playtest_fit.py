"""What the Lancaster playtest found cut or missing on boards: the final scoring table's column
headings (render/parts.py; with eight categories "Conflicts" was cut to "Conflic…" and "Dishonor"
abbreviated: words now shrink together first), a Queenie tile's strip, an open vote."""

from __future__ import annotations

from render import draw_view
from rules.lancaster import GAME
from rules.playout import random_playout
from tests.lancaster.helpers import empty_courts, setup_game


def test_every_final_scoring_heading_is_shown_whole_with_eight_categories() -> None:
    options = {"henry_v": True, "kings_resentment": True, "queenie": True}
    *_, last = random_playout(GAME, 2, 5, options)
    view = GAME.player_view(last.after, None)
    categories = [str(k) for k in view["header"]["outcome"]["breakdown"][0]]
    assert len(categories) == 8
    drawn = draw_view("lancaster", view, private=False, names=["ann", "bob"], headline=True)
    headings = [t for t in drawn.canvas.texts if t.lower() in categories or t.endswith(".")]
    assert {t.lower() for t in headings if not t.endswith(".")} >= {"conflicts", "dishonor"}
    assert not [t for t in drawn.canvas.cut if t.lower() in categories]


def test_a_long_reward_tile_keeps_its_reward_and_an_open_vote_says_nobody_voted_yet() -> None:
    """Queenie's tile I ("1 gold + 1 vote marker") was cut "(b…" at county I; at the first
    vote "Voted so far:" stood alone (playtest)."""
    state = setup_game(3, henry_v=True, kings_resentment=True, queenie=True)
    bag = state["reward_bag"]
    state["reward_tiles"], state["reward_bag"] = (
        ["I"],
        [t for t in [*bag, *state["reward_tiles"]] if t != "I"],
    )
    drawn = draw_view("lancaster", GAME.player_view(state, None), private=False, names=["a", "b", "c"])
    tile = [t for t in drawn.canvas.texts if t.startswith("+ tile I")]
    assert tile == ["+ tile I: 1 gold + 1 vote marker *"] and not [t for t in drawn.canvas.cut if "tile" in t]
    empty_courts(state)
    state = GAME.apply(state, state["start_player"], GAME.parse(state, state["start_player"], "lord home"))[0]
    while state["phase"] == "place":
        seat = min(GAME.active_players(state))
        state = GAME.apply(state, seat, GAME.parse(state, seat, "lord home"))[0]
    assert state["phase"] == "vote"
    drawn = draw_view("lancaster", GAME.player_view(state, None), private=False, names=["a", "b", "c"])
    assert "nobody yet" in drawn.canvas.texts


def test_the_private_screen_shows_held_privileges_and_dishonor_whole() -> None:
    """A shield won at the Lord Chancellor and dishonor markers were on the public board only."""
    state = setup_game(3, henry_v=True, kings_resentment=True, queenie=True)
    state["seats"][0]["privileges"]["shield"] = 1
    state["seats"][0]["dishonor"] = 2
    view = GAME.player_view(state, 0)
    for lang in (None, "it"):
        drawn = draw_view("lancaster", view, private=True, names=["a", "b", "c"], lang=lang)
        assert not drawn.canvas.cut
    texts = draw_view("lancaster", view, private=True, names=["a", "b", "c"]).canvas.texts
    for label in ("Shields", "Archers", "Tudor knights", "Dishonor"):
        assert label in texts
    assert texts[texts.index("Shields") + 1] == "1" and texts[texts.index("Dishonor") + 1] == "2"
    plain = draw_view("lancaster", GAME.player_view(setup_game(3), 0), private=True).canvas.texts
    assert "Shields" not in plain and "Dishonor" not in plain
