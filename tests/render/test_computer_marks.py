"""Computer seats are shown as such on the board (issue 10 item 2: "name, board, result"): under
each seat's name its colour carries the computer's level, or "computer" on a person's seat the
computer plays for them; the final scoring panel says the same."""

from __future__ import annotations

import pytest

from render import draw_view, named
from render.parts import colour_line
from rules import find_game
from rules.playout import playout_states

NAMES = ["Computer 1", "bob", "carol"]
MARKS: list[str | None] = ["hard", None, "away"]


def _first_and_last(game_name: str) -> tuple[object, object]:
    states = list(playout_states(find_game(game_name), 3, 2))
    return states[0], states[-1]


@pytest.mark.parametrize("game_name", ["lancaster", "lorenzo"])
def test_seat_rows_and_final_panel_mark_the_computer_seats(game_name: str) -> None:
    game = find_game(game_name)
    for state in _first_and_last(game_name):
        view = named(game_name, game.player_view(state, None), NAMES, MARKS)
        texts = draw_view(game_name, view, private=False).canvas.texts
        header = view["header"]
        hard, person, away = (colour_line(header, seat) for seat in range(3))
        assert hard.endswith(" · hard") and away.endswith(" · computer")
        assert "·" not in person
        drawn = " | ".join(texts)
        # Once over the final panel draws the colour line again, capitalised.
        for line in (hard, away):
            assert line in drawn or line.capitalize() in drawn, (line, texts)


@pytest.mark.parametrize("game_name", ["lancaster", "lorenzo"])
def test_the_marks_are_drawn_in_the_boards_language(game_name: str) -> None:
    game = find_game(game_name)
    _, last = _first_and_last(game_name)
    view = named(game_name, game.player_view(last, None), NAMES, MARKS)
    drawn = " | ".join(draw_view(game_name, view, private=False, lang="it").canvas.texts)
    assert "· difficile" in drawn.lower() and "· computer" in drawn.lower()
    assert "· hard" not in drawn.lower()


def test_a_board_without_marks_shows_the_colour_alone() -> None:
    game = find_game("lorenzo")
    first, _ = _first_and_last("lorenzo")
    view = named("lorenzo", game.player_view(first, None), NAMES)
    assert all("·" not in colour_line(view["header"], seat) for seat in range(3))
