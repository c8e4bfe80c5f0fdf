"""Decision kinds as records (issue 9 item 2): every frame on the stack is played by its one
record in ``decisions.KINDS``; legality is ``legal_moves`` (plus §7's extra servants) and the
refusal is only words."""

from __future__ import annotations

import pytest

from rules.core import IllegalMove, seat
from rules.lorenzo import GAME
from rules.lorenzo.decisions import KINDS
from rules.lorenzo.flow import is_legal, legal_moves
from rules.lorenzo.houses.frames import FRAMES as HOUSES_FRAMES
from rules.lorenzo.moves import BonusAction, Place, Take
from rules.playout import random_playout
from tests.conformance import option_sets
from tests.lorenzo.conformance import OPTION_SETS
from tests.lorenzo.helpers import bare_scenario, play, rich, scenario

AUTOMATIC = {"effects", "activation"}


def test_every_frame_met_in_play_has_its_record_and_says_what_it_asks() -> None:
    seen: set[str] = set()
    for options in [*option_sets(GAME), *OPTION_SETS]:
        for players in (2, 4):
            for step in random_playout(GAME, players, 7, options):
                state = step.after
                seen.update(frame["kind"] for frame in state["stack"])
                if not state["stack"] or state["phase"] == "leader_draft":
                    continue
                frame = state["stack"][-1]
                record = KINDS[frame["kind"]]
                assert frame["kind"] not in AUTOMATIC  # advance never stops on one
                assert record.answers is not None
                assert record.answers(state, frame) == GAME.legal_moves(state, frame["seat"])
                assert GAME.prompt(state, frame["seat"]).decision == record.public
                view = GAME.player_view(state, None)
                pending = view["pending"]
                if record.public:
                    assert pending is not None and pending["kind"] == record.view_kind(frame)
                    assert pending["text"].startswith(seat(frame["seat"]) + ": ")
                else:
                    assert pending is None
    assert seen <= set(KINDS)
    # Rare in random play (test_leaders covers them): Lorenzo de' Medici's copy needs 35 VP and
    # another played leader; Federico da Montefeltro's choice, being drafted and activated.
    # The HoR frames are met in houses games (tests/lorenzo/test_houses_*.py).
    assert set(KINDS) - seen - set(HOUSES_FRAMES) <= {"copy_leader", "montefeltro"}


def test_only_the_leader_window_is_a_private_decision() -> None:
    # HoR: a free Leader play names the hand; a face-up token, a kept or a paid one (HOUSES.md
    # §10.2) the secret faces.
    assert {name for name, record in KINDS.items() if not record.public} == {
        "leader_window",
        "free_leader",
        "face_up",
        "keep_token",
        "pay_token",
    }
    assert {name for name, record in KINDS.items() if record.answers is None} == AUTOMATIC


def test_s7_extra_servants_are_legal_while_the_card_can_still_be_paid() -> None:
    """§7: any number of servants may be added. Garden (43) costs 4 wood, 2 stone, 2 servants:
    with 3 servants, one extra still leaves 2 to pay with, two extra do not."""
    st = bare_scenario(2, dice=(6, 6, 6), res=rich(servant=3), towers={"building_1": 43})
    assert Place("black", "building_1", 0) in legal_moves(st, 0)
    assert Place("black", "building_1", 1) not in legal_moves(st, 0)  # useless: not listed
    assert is_legal(st, 0, Place("black", "building_1", 1))
    after, _ = play(st, 0, "place black building_1 servants=1")
    assert after["players"][0]["cards"]["building"] == [43]
    assert after["players"][0]["resources"]["servant"] == 0
    with pytest.raises(IllegalMove, match="You cannot pay for Garden"):
        GAME.parse(st, 0, "place black building_1 servants=2")
    with pytest.raises(IllegalMove, match="You have only 3 servants"):
        GAME.parse(st, 0, "place black council servants=4")
    assert is_legal(st, 0, Place("black", "council", 3))


def test_extra_servants_need_a_listed_move_to_add_to() -> None:
    st = scenario(2, dice=(1, 1, 1), res=rich(servant=4), towers={"territory_2": 2})
    assert not is_legal(st, 0, Place("black", "territory_2", 1))  # value 2 < 3: not listed at all
    assert not is_legal(st, 0, Take("territory_2", 3))  # no card action open
    assert not is_legal(st, 0, BonusAction("harvest", 2))
