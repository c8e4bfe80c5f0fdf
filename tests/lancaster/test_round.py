"""Rules sections 5-9 together: one complete hand-checked round for three players."""

from __future__ import annotations

from rules.lancaster import GAME

from .helpers import play, set_cards, setup_game


def test_5_a_full_round_hand_checked() -> None:
    state = setup_game(3, exts=["X2", "X3", "X6"])
    state["current_laws"] = ["L12", "L03", "L07"]
    state["proposals"] = ["L04", "L05", "L06"]
    set_cards(state, [("K02", "top"), ("K06", "top")])  # France 3 (PP 4/2/1) and 5 (PP 6/4/2)
    noble_g = state["noble_stacks"]["G"]["noble"]

    # Phase 1 (6): one knight at a time from seat 0.
    state, _ = play(state, 0, "knight 2 county:B squires=1")
    state, _ = play(state, 1, "knight 2 conflict:K06")
    state, _ = play(state, 1, "favor 4")  # upgrade at once
    state, _ = play(state, 1, "upgrade conflict:K06:2")
    state, _ = play(state, 2, "knight 2 conflict:K06")
    state, _ = play(state, 2, "favor 1")  # 2 gold
    state, _ = play(state, 0, "knight 1 conflict:K02")
    state, _ = play(state, 0, "favor 2")  # 2 squires
    state, _ = play(state, 1, "knight 1 county:G")
    state, events = play(state, 2, "knight 1 county:G squires=1")  # expels seat 1
    assert "expelling {p1}'s knight (strength 1)" in events[0]
    # Seat 0's court is empty: skipped. Seat 1 places its expelled knight again.
    assert GAME.active_players(state) == frozenset({1})
    state, events = play(state, 1, "knight 1 castle:X1")
    assert state["phase"] == "vote"
    assert [(p["gold"], p["squires"], p["vote_markers"]) for p in state["seats"]] == [
        (2, 3, 1),
        (2, 2, 1),
        (4, 1, 1),
    ]

    # Phase 2 (7): L04 rejected 1-2, L05 passes 3-0, L06 ties 2-2 and passes.
    for votes in (["vote yes", "vote no", "vote no"], ["vote yes"] * 3):
        for seat, text in enumerate(votes):
            state, events = play(state, seat, text)
    assert "rejected" not in events[-1] and state["current_laws"] == ["L03", "L07", "L05"]
    state, _ = play(state, 0, "vote yes markers=1")
    state, _ = play(state, 1, "vote no")
    state, events = play(state, 2, "vote no")
    assert any("L06 passes 2 to 2" in e for e in events)
    assert state["current_laws"] == ["L07", "L05", "L06"]
    # Unused markers are gone; L07 paid 1 squire per deployed 2-knight (seat 0: B; seat 2: K06;
    # seat 1's 2-knight became a 3). L05 asks seat 0 first.
    assert [p["vote_markers"] for p in state["seats"]] == [0, 0, 0]
    assert [p["squires"] for p in state["seats"]] == [4, 2, 2]
    state, _ = play(state, 0, "buy 2")  # 2 squires + 2 gold -> 6 PP
    state, _ = play(state, 1, "buy 0")
    state, events = play(state, 2, "buy 1")  # -> 3 PP; L06: nobody is in 2 conflicts
    assert [p["power_points"] for p in state["seats"]] == [6, 0, 3]

    # Phase 3 (8.1): county B (seat 0, 0 gold: noble or reward), then G (seat 2, may pay for both).
    assert state["phase"] == "rewards" and state["pending"]["county"] == "B"
    state, _ = play(state, 0, "take reward")
    state, _ = play(state, 0, "upgrade conflict:K02:1")
    state, _ = play(state, 2, "take both")
    # 8.2 castles, 8.3 conflicts, 9 next round all run without questions now.
    assert state["round"] == 2
    p0, p1, p2 = state["seats"]
    assert (p0["gold"], p0["squires"], p0["vote_markers"], p0["power_points"]) == (0 + 2, 2 + 1, 0, 6)
    assert (p1["gold"], p1["squires"], p1["vote_markers"], p1["power_points"]) == (
        2,
        2 + 2,
        2,
        6,
    )  # K06 rank 1
    assert (p2["gold"], p2["squires"], p2["vote_markers"], p2["power_points"]) == (
        3 - 3 + 2 + 1,
        1 + 1 + 1,
        1,
        3 + 4,
    )
    assert p2["nobles"] == [noble_g]
    # K02 (strength 2 against 3) was lost and slid down with seat 0's knight; K06 was won.
    bottom = [c for c in state["conflicts"] if c["row"] == "bottom"]
    assert bottom == [{"id": "K02", "row": "bottom", "spaces": [{"force": 0, "knights": [2]}]}]
    assert [f["court"] for f in state["forces"]] == [[2], [1, 3], [1, 2]]  # county and castle knights home
    assert len([c for c in state["conflicts"] if c["row"] == "top"]) == 2
