"""Move notation (documented in moves.py and rules_help), prompts, player views, options."""

from __future__ import annotations

import json

import pytest

from rules.core import BadSyntax, IllegalMove, NotYourTurn, move_label
from rules.lorenzo import GAME
from rules.lorenzo.data import OCCUPIED_TOWER_FEE
from rules.lorenzo.moves import (
    BonusAction,
    Copy,
    Draft,
    Exchange,
    LeaderAction,
    Lose,
    Pass,
    Pay,
    Place,
    Privilege,
    Take,
    Vatican,
    parse_text,
)
from tests.lorenzo.helpers import move_texts, play, play_active, rich, scenario, top


@pytest.mark.parametrize(
    ("text", "move", "canonical"),
    [
        ("place black territory_3 servants=2", Place("black", "territory_3", 2), None),
        ("PLACE  White council", Place("white", "council", 0), "place white council"),
        (
            "place neutral harvest_big 3",
            Place("neutral", "harvest_big", 3),
            "place neutral harvest_big servants=3",
        ),
        ("privilege coin", Privilege("coins"), "privilege coins"),
        ("privilege mp", Privilege("military"), "privilege military"),
        ("pay coins=3 wood=1", Pay((("coin", 3), ("wood", 1))), "pay coin=3 wood=1"),
        ("pay mp=4", Pay((("mp", 4),)), None),
        ("exchange wood=2", Exchange((("wood", 2),)), None),
        ("exchange skip", Exchange(None), "exchange none"),
        ("take building_2 servants=1", Take("building_2", 1), None),
        ("take none", Take(None), None),
        ("harvest servants=2", BonusAction("harvest", 2), None),
        ("production", BonusAction("production", 0), None),
        ("support", Vatican(True), None),
        ("decline", Vatican(False), "refuse"),
        ("pass", Pass(), None),
    ],
)
def test_notation_parses_and_prints(text: str, move: object, canonical: str | None) -> None:
    parsed = parse_text(text)
    assert parsed == move
    assert parsed.to_text() == (canonical or text)
    assert parse_text(parsed.to_text()) == parsed


@pytest.mark.parametrize(
    "text",
    [
        "",
        "place",
        "place purple council",
        "place black tower_9",
        "privilege gold",
        "pay coin",
        "pay gold=2",
        "take attic",
        "place black council servants=x",
        "fly away",
    ],
)
def test_bad_text_is_bad_syntax(text: str) -> None:
    st = scenario(2, res=rich())
    before = GAME.to_json(st)
    with pytest.raises(BadSyntax):
        GAME.parse(st, 0, text)
    assert GAME.to_json(st) == before


@pytest.mark.parametrize(
    "text",
    [
        "place black council ²",
        "place black council servants=²",
        "place black council servants=٣",  # Arabic-Indic three: \d and int() would accept it
        "place black council servants=1000",
        "pay coin=²",
        "exchange wood=\u0663",
        "harvest servants=９",  # fullwidth nine
        "place black council servants=" + "9" * 5000,  # int() would refuse it with a ValueError
    ],
)
def test_notation_counts_are_ascii_digits_in_range(text: str) -> None:
    st = scenario(2, res=rich())
    before = GAME.to_json(st)
    with pytest.raises(BadSyntax, match="is not a number from 0 to 999 \\(write it with the digits 0-9\\)"):
        GAME.parse(st, 0, text)
    assert GAME.to_json(st) == before
    assert GAME.parse(st, 0, "place black council servants=002") == Place("black", "council", 2)


def test_moves_out_of_turn_are_refused() -> None:
    st = scenario(2, res=rich())
    with pytest.raises(NotYourTurn):
        GAME.parse(st, 1, "place black council")
    with pytest.raises(NotYourTurn):
        GAME.apply(st, 1, Place("black", "council"))


def test_apply_refuses_an_illegal_move_and_keeps_the_state() -> None:
    st = scenario(2, res=rich(servant=0))
    before = GAME.to_json(st)
    with pytest.raises(IllegalMove):
        GAME.apply(st, 0, Place("neutral", "council"))
    assert GAME.to_json(st) == before


def test_s19_auto_pass_when_no_member_can_reach_a_space() -> None:
    """§19 default: a player whose remaining member cannot reach any space passes automatically."""
    st = scenario(2, res=rich(servant=0))
    st["players"][0]["free_members"] = ["neutral"]
    st["players"][1]["free_members"] = ["black", "white"]
    st["turn_queue"] = [1, 0, 1]
    after, events = play(st, 1, "place black market_1")
    assert any("passes" in e for e in events)
    assert GAME.active_players(after) == {1}


def test_option_voluntary_pass() -> None:
    st = scenario(2, res=rich(), options={"voluntary_pass": True})
    assert "pass" in move_texts(st, 0)
    after, _ = play_active(st, "pass")
    assert GAME.active_players(after) == {1} and after["players"][0]["free_members"] == [
        "black",
        "white",
        "orange",
        "neutral",
    ]
    st = scenario(2, res=rich())
    assert "pass" not in move_texts(st, 0)
    with pytest.raises(IllegalMove):
        GAME.parse(st, 0, "pass")


def test_s4_advanced_tiles_chosen_in_reverse_turn_order() -> None:
    st = GAME.setup(3, 4, {"advanced_tiles": True})
    order = st["turn_order"]
    assert st["phase"] == "tile_draft"
    assert GAME.active_players(st) == {order[-1]}
    assert move_texts(st, order[-1]) == [
        "tile advanced_a",
        "tile advanced_b",
        "tile advanced_c",
        "tile advanced_d",
    ]
    st, _ = play_active(st, "tile advanced_b")
    assert GAME.active_players(st) == {order[1]}
    assert "tile advanced_b" not in move_texts(st, order[1])
    st, _ = play_active(st, "tile advanced_d", "tile advanced_a")
    assert [st["players"][p]["bonus_tile"] for p in order] == ["advanced_a", "advanced_d", "advanced_b"]
    assert st["phase"] == "actions" and GAME.active_players(st) == {order[0]}


def test_advanced_tile_effects() -> None:
    """advanced_b: Harvest 1 coin 1 wood 1 stone; Production 1 servant 2 MP."""
    st = scenario(2, res=rich())
    st["players"][0]["bonus_tile"] = "advanced_b"
    st["turn_queue"] = [0, 0, 1]
    after, _ = play(st, 0, "place black harvest")
    assert {
        k: after["players"][0]["resources"][k] - st["players"][0]["resources"][k]
        for k in ("coin", "wood", "stone")
    } == {
        "coin": 1,
        "wood": 1,
        "stone": 1,
    }
    after2, _ = play(after, 0, "place white production")
    assert after2["players"][0]["resources"]["servant"] - after["players"][0]["resources"]["servant"] == 1
    assert after2["players"][0]["resources"]["mp"] - after["players"][0]["resources"]["mp"] == 2


def test_s9_several_privileges_from_one_effect_differ() -> None:
    """Royal Messenger: 3 privileges, all different."""
    st = scenario(2, res=rich(), towers={"character_1": 64})
    st, _ = play_active(st, "place black character_1", "privilege coins", "privilege faith")
    assert move_texts(st, 0) == ["privilege wood_stone", "privilege servants", "privilege military"]
    st, _ = play_active(st, "privilege military")
    assert not st["stack"]


def test_s17_immediate_gains_before_the_free_action() -> None:
    """§19: Captain gives +2 MP before its free Territory action (so it can meet a slot requirement)."""
    st = scenario(2, res=rich(mp=1), towers={"character_1": 57, "territory_3": 1}, cards={0: [2, 3]})
    st, _ = play_active(st, "place black character_1")
    assert top(st)["kind"] == "take_card"
    assert "take territory_3" in move_texts(st, 0)  # 3rd territory needs 3 MP: 1 + 2 from the Captain


def test_player_view_keys_and_secrets() -> None:
    st = scenario(4, res=rich())
    st["players"][2]["leader_hand"] = ["santa_rita"]
    st, _ = play_active(st, "place black market_4")
    public = GAME.player_view(st, None)
    own = GAME.player_view(st, 2)
    json.dumps(public)
    for key in (
        "round",
        "period",
        "phase",
        "turn_order",
        "active",
        "prompt",
        "pending",
        "dice",
        "towers",
        "spaces",
        "excommunications",
        "players_info",
        "last_move",
        "outcome",
        "deck_counts",
    ):
        assert key in public
    assert public["pending"]["kind"] == "privilege" and len(public["pending"]["options"]) == 5
    assert public["last_move"]["seat"] == 0 and public["last_move"]["text"] == "place black market_4"
    assert "market_4" in public["last_move"]["changed"]
    assert public["players_info"][2]["hand"] is None and public["players_info"][2]["leaders_in_hand"] == 1
    assert own["players_info"][2]["hand"][0]["id"] == "santa_rita"
    assert "decks" not in public
    floor = public["towers"]["territory"][2]
    assert floor["min_value"] == 5 and floor["bonus"] == {"wood": 1}
    assert public["spaces"][-1]["id"] == "council"


def test_prompt_marks_decisions() -> None:
    st = scenario(2, res=rich())
    assert not GAME.prompt(st, 0).decision
    st, _ = play_active(st, "place black council")
    prompt = GAME.prompt(st, 0)
    assert prompt.decision and "Council Privilege" in prompt.text


def test_rules_help_documents_options_and_choices() -> None:
    text = GAME.rules_help()
    for option in GAME.options():
        assert option.name in text
    for phrase in ("place black territory_3", "privilege", "support", "Military ranking", "tie", "E1-4"):
        assert phrase in text


def test_all_options_are_offered_and_off_by_default() -> None:
    defaults = {o.name: o.default for o in GAME.options()}
    assert defaults == {
        "leaders": False,
        "leader_draft": "draft",
        "advanced_tiles": False,
        "voluntary_pass": False,
        "harvest_min_check": "member",
        "military_tie": "next_gets_second",
        "houses": False,  # Houses of Renaissance (issue 13)
        "leader_pool": "all",  # read only with houses
    }
    with pytest.raises(IllegalMove):
        GAME.setup(2, 1, {"houses_of_renaissance": True})


def test_13_leader_moves_label_with_the_full_name_and_keep_the_id_text() -> None:
    """§13 Leaders / §4 draft: leader moves offer ``label()`` (Move, optional) with the leader's
    full name for buttons; the canonical text stays the id, and the label parses back to the
    same move (leaders may be named by full name)."""
    cases: dict[Draft | LeaderAction | Copy, tuple[str, str]] = {
        Draft("cesare_borgia"): ("draft cesare_borgia", "draft Cesare Borgia"),
        LeaderAction("play", "sandro_botticelli"): (
            "leader play sandro_botticelli",
            "leader play Sandro Botticelli",
        ),
        Copy("santa_rita"): ("copy santa_rita", "copy Santa Rita"),
    }
    for move, (text, label) in cases.items():
        assert move.to_text() == text
        assert move_label(move) == label
        assert parse_text(label) == move
    # Moves without a label() show their canonical text; a lost good is said in words (issue 12 item 8).
    assert move_label(Pass()) == "pass"
    assert move_label(Lose("wood")) == "Lose the wood"


# ==============================================================================================
# Merged from the issue-3 audit: the open points of the reference in rules_help
# Audit (issue 3): every open point of the reference (§19 defaults, [?] and [R] items) is a
# named option or a stated choice in rules_help(), and the options' defaults are §19's.
# ==============================================================================================
def test_s19_options_and_their_defaults() -> None:
    defaults = {o.name: o.default for o in GAME.options()}
    assert defaults["voluntary_pass"] is False  # §19: no voluntary passing
    assert defaults["harvest_min_check"] == "member"  # §19: minimum tested on the member
    assert defaults["military_tie"] == "next_gets_second"  # §19: next lower MP gets 2
    for name in defaults:
        assert f"`{name}`" in GAME.rules_help(), name


@pytest.mark.parametrize(
    "phrase",
    [
        "passes that turn automatically",  # §19 no legal placement
        "tested on the member's value after servants",  # §10/§19 [?]
        "gains and privileges first, then the free action",  # §17/§19 [?]
        "next lower MP value gets 2 VP",  # §16.5/§19 [?]
        "all tied\n  there get 2",  # §16.5 [R]
        "earlier in the final turn order wins",  # §16/§19 [R]
        "Faith above 15 scores as 15 (30 VP); MP keep counting above 25",  # §14/§19 [?]
        "Vatican Reports are taken in turn order",  # §14/§19 [R]
        "still scores their faith VP",  # §14 round 6 [S]/[?]
        "never below 0",  # §8.5/§17 [R]
        "counts the card just taken",  # §17 [R]
        "rounded down",  # §17 General [R]
        "The Market has no colour rule",  # §11 [R]
        "free card action is optional",  # §8.4 [R]
        "Excommunication penalties never take a final score below 0",  # engine choice
    ],
)
def test_rules_help_states_each_choice(phrase: str) -> None:
    assert phrase in GAME.rules_help()


def test_s8_2_fee_comes_from_the_data() -> None:
    assert OCCUPIED_TOWER_FEE == {"coin": 3}
