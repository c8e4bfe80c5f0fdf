"""The move notation (issue 4: "a documented move notation with examples") and error kinds."""

from __future__ import annotations

import pytest

from rules.core import BadSyntax, IllegalMove, NotYourTurn, RulesError
from rules.lancaster import GAME
from rules.lancaster.moves import (
    Buy,
    Extension,
    Favor,
    Noble,
    Place,
    Ransom,
    Start,
    Take,
    Upgrade,
    Vote,
    parse_text,
)

from .helpers import setup_game

EXAMPLES = [
    ("knight 3 county:D squires=2", Place(3, "county:D", 2)),
    ("knight 1 castle:X2", Place(1, "castle:X2")),
    ("knight 2 conflict:K03", Place(2, "conflict:K03")),
    ("ally 2 county:B", Place(2, "county:B", 0, True)),
    ("vote yes markers=2", Vote(True, 2)),
    ("vote no markers=0", Vote(False, 0)),
    ("favor 4", Favor(4)),
    ("upgrade county:B", Upgrade("county:B")),
    ("upgrade conflict:K03:2", Upgrade("conflict:K03:2")),
    ("upgrade none", Upgrade("none")),
    ("extension X3", Extension("X3")),
    ("noble D", Noble("D")),
    ("take both", Take("both")),
    ("buy 3", Buy(3)),
    ("start p2", Start(2)),
    ("ransom 2", Ransom(2)),
    ("ransom none", Ransom(0)),
]


@pytest.mark.parametrize(("text", "move"), EXAMPLES)
def test_notation_examples_parse_and_print_canonically(text: str, move) -> None:
    assert parse_text(text) == move
    assert move.to_text() == text
    assert parse_text(move.to_text()) == move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("Knight 3 County:d Squires=2", Place(3, "county:D", 2)),
        ("knight 3 d squires=2", Place(3, "county:D", 2)),
        ("knight 2 k03", Place(2, "conflict:K03")),
        ("knight 1 x2", Place(1, "castle:X2")),
        ("vote yes", Vote(True, 0)),
        ("  vote   no  markers=1 ", Vote(False, 1)),
    ],
)
def test_notation_accepts_short_and_mixed_case_forms(text: str, move) -> None:
    assert parse_text(text) == move


@pytest.mark.parametrize(
    "text",
    [
        "",
        "hello",
        "knight",
        "knight x county:B",
        "knight 2 county:BB",
        "knight 2 county:B gold=2",
        "vote maybe",
        "vote yes markers=x",
        "favor",
        "upgrade conflict:K03",
        "take all",
        "start px",
        "noble 12",
        "extension",
    ],
)
def test_notation_bad_syntax(text: str) -> None:
    with pytest.raises(BadSyntax):
        parse_text(text)


def test_errors_are_rules_errors_with_the_right_kind() -> None:
    state = setup_game(3)
    with pytest.raises(BadSyntax) as bad:
        GAME.parse(state, 0, "gallop 3")
    with pytest.raises(NotYourTurn) as turn:
        GAME.parse(state, 1, "knight 1 castle:X2")
    with pytest.raises(IllegalMove) as illegal:
        GAME.parse(state, 0, "vote yes")
    for err, kind in ((bad, "syntax"), (turn, "turn"), (illegal, "illegal")):
        assert isinstance(err.value, RulesError) and err.value.kind == kind
    assert "{p1}" not in str(illegal.value)


def test_every_legal_move_text_parses_back_to_itself() -> None:
    state = setup_game(2)
    for move in GAME.legal_moves(state, 0):
        assert GAME.parse(state, 0, move.to_text()) == move


NUMBER_TEMPLATES = [
    "buy {}",
    "knight {} county:D",
    "knight 1 county:D squires={}",
    "vote yes markers={}",
    "favor {}",
    "ransom {}",
    "start p{}",
    "start {}",
    "upgrade court:{}",
    "upgrade conflict:K03:{}",
]
ODD_NUMBERS = ["²", "³", "٣", "३", "３", "𝟙", "①", "½", "-1", "+3", "1_0", "0x1", "1e3", "1000", "9" * 5000]


@pytest.mark.parametrize("template", NUMBER_TEMPLATES)
def test_notation_numbers_are_ascii_digits_in_range(template: str) -> None:
    """Issue 8 item 2: str.isdigit() takes '²' (int() then fails) and int() takes '٣', '1_0' or
    ' +3'; every number of the notation is the digits 0-9, 0 to 999, refused in words otherwise,
    before anything is looked up, with the state unchanged."""
    state = setup_game(3)
    before = GAME.to_json(state)
    for odd in ODD_NUMBERS:
        with pytest.raises(BadSyntax, match=r"from 0 to 999 .*\(the digits 0-9\)"):
            GAME.parse(state, 0, template.format(odd))
    assert GAME.to_json(state) == before
    assert parse_text(template.format("002")) == parse_text(template.format("2"))


@pytest.mark.parametrize("letter", ["ß", "é", "Ω", "ǅ", "ﬀ"])
def test_notation_counties_are_ascii_letters(letter: str) -> None:
    """A county is one letter A-Z: 'ß'.upper() is 'SS', which no lookup expects."""
    texts = (f"knight 1 county:{letter}", f"knight 1 {letter}", f"noble {letter}", f"upgrade county:{letter}")
    for text in texts:
        with pytest.raises(BadSyntax):
            parse_text(text)
