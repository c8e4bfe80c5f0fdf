"""Issue 5 legibility: every card, tile, law and reward text of both games fits its box whole.

The drawer shrinks text down to a legible floor and then cuts it; ``Canvas.cut`` records every
string that had to be cut. These tests put every component of the games' data on a board and
require that nothing a player reads on a component was cut.
"""

from __future__ import annotations

import copy
from typing import Any

from render import draw_view
from render import lorenzo as lorenzo_render
from rules import find_game
from rules.lancaster import data as lancaster_data
from rules.lorenzo import describe

CARD_TYPES = ("territory", "character", "building", "venture")


def _card_texts(card: dict[str, Any]) -> set[str]:
    texts = {str(card["name"])}
    if card.get("immediate"):
        texts.add("⚡ " + str(card["immediate"]))
    if card.get("permanent"):
        texts.add("⚙ " + str(card["permanent"]))
    return texts


def _all_cards() -> dict[str, list[dict[str, Any]]]:
    cards: dict[str, list[dict[str, Any]]] = {t: [] for t in CARD_TYPES}
    for card_id in range(1, 97):
        card = describe.card_dict(card_id)
        cards[str(card["type"])].append(card)
    return cards


def test_every_lorenzo_card_fits_a_tower_floor_and_a_personal_board_slot() -> None:
    """Rules §9: a card's cost and effects must be legible where it lies (towers, personal board)."""
    game = find_game("lorenzo")
    state = game.setup(players=4, seed=1, options={})
    base = game.player_view(state, 0)
    cards = _all_cards()
    assert sum(len(v) for v in cards.values()) == 96
    for batch in range(6):  # 24 cards per type in batches of 4 floors
        view = copy.deepcopy(base)
        shown: set[str] = set()
        for card_type in CARD_TYPES:
            chunk = cards[card_type][batch * 4 : batch * 4 + 4]
            for floor, card in zip(view["towers"][card_type], chunk, strict=False):
                floor["card"] = card
                shown |= _card_texts(card)
            view["players_info"][0]["cards"][card_type] = chunk
        for private in (False, True):
            cut = set(draw_view("lorenzo", view, private=private).canvas.cut)
            assert not cut & shown, (batch, private, sorted(cut & shown))
            assert not {c for c in cut if c.startswith(("Cost:", "End:"))}, (batch, private)


def test_every_lorenzo_excommunication_tile_fits_its_slot() -> None:
    """Rules §14: the three tiles of the game are public; their penalty must be readable."""
    game = find_game("lorenzo")
    view = game.player_view(game.setup(players=3, seed=2, options={}), None)
    short = set(lorenzo_render._data()["excommunication_short"].values())
    for number in range(1, 8):
        v = copy.deepcopy(view)
        for tile in v["excommunications"]:
            tile["id"] = f"E{tile['period']}-{number}"
        cut = set(draw_view("lorenzo", v, private=False).canvas.cut)
        assert not cut & short, (number, sorted(cut & short))


def test_every_lancaster_law_county_castle_and_favor_text_fits() -> None:
    """Rules 6-8: laws, county rewards, castle rewards and King's Favor tiles must be readable."""
    game = find_game("lancaster")
    laws = [
        {"id": law_id, "text": law["text"], "back": law.get("back", 0), "provisional": True}
        for law_id, law in lancaster_data.load_base()["laws"].items()
    ]
    assert len(laws) >= 16
    for players in (2, 4):
        view = game.player_view(game.setup(players=players, seed=3, options={}), None)
        texts = {str(c["reward"]) for c in view["counties"]}
        texts |= {str(sp["reward"]) for sp in view["seats"][0]["castle"]}
        texts |= {str(f["reward"]) for f in view["kings_favor"]}
        for start in range(0, len(laws), 6):
            v = copy.deepcopy(view)
            chunk = laws[start : start + 6]
            v["parliament"]["current"] = chunk[:3]
            v["parliament"]["proposals"] = chunk[3:]
            cut = set(draw_view("lancaster", v, private=False).canvas.cut)
            shown = texts | {str(law["text"]) for law in chunk}
            assert not cut & shown, (players, start, sorted(cut & shown))


def test_worst_case_leader_hand_fits_the_personal_board() -> None:
    """Rules §4/§13: during the draft a player sees a pack of 4 and up to 3 kept leaders; with
    the seven longest leader texts and three excommunications nothing is cut."""
    game = find_game("lorenzo")
    view = copy.deepcopy(game.player_view(game.setup(players=4, seed=1, options={"leaders": True}), 0))
    leaders = sorted(lorenzo_engine_data()["leaders"], key=lambda ld: -len(ld["text"]))
    as_view = [{"id": ld["id"], "name": ld["name"], "text": ld["text"], "used": False} for ld in leaders]
    info = view["players_info"][0]
    info["draft_pack"], info["hand"] = as_view[:4], as_view[4:7]
    info["excommunications"] = ["E1-4", "E2-7", "E3-6"]
    drawing = draw_view("lorenzo", view, private=True)
    assert drawing.canvas.cut == []
    assert all(ld["name"] in " ".join(drawing.canvas.texts) for ld in as_view[:7])


def lorenzo_engine_data() -> dict[str, Any]:
    import json
    from pathlib import Path

    import rules.lorenzo

    path = Path(rules.lorenzo.__file__).parent / "data" / "lorenzo.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data
