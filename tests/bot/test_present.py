"""Words for the channel: Discord's limits and what must survive them."""

from __future__ import annotations

from bot.service import present
from bot.service.store import SeatRecord
from i18n import translate_phrase
from rules.core import Outcome
from rules.lancaster import GAME


def test_turn_text_keeps_the_ping_when_events_overflow() -> None:
    """Turn flow: a very long event list is clipped from the front; the next-player line stays."""
    lines = [f"event number {i} " + "x" * 50 for i in range(100)] + ["➡️ <@5>: your move"]
    text = present.clip("\n".join(lines))
    assert len(text) == present.CONTENT_LIMIT and text.startswith("…")
    assert text.endswith("➡️ <@5>: your move")
    assert present.clip("short") == "short"


def test_outcome_lists_ranking_breakdown_and_winner() -> None:
    """Turn flow, end: final scores with the breakdown and the winner."""
    seats = (SeatRecord(0, 1, "Ann"), SeatRecord(1, 2, "Bo"))
    outcome = Outcome(
        scores=(7, 9),
        ranking=(1, 0),
        winners=frozenset({1}),
        breakdown=({"cards": 7, "faith": 0}, {"cards": 4, "faith": 5}),
        notes=("Ties broken by coins.",),
    )
    title, description = present.outcome_text(outcome, seats)
    assert title == "🏆 Winner: Bo"
    first, second = description.split("\n\n")[0].split("\n**2.")
    assert first.startswith("**1. Bo (orange O) — 9**") and "cards 4, faith 5" in first
    assert "Ann (blue B) — 7" in second and "faith" not in second  # zero categories are left out
    assert description.endswith("*Ties broken by coins.*")


def test_headline_reads_round_facts_from_any_view() -> None:
    """/game status: round, period, phase as the view offers them; other keys ignored."""
    assert present.headline({"period": 2, "round": 3, "phase": "actions", "dice": [1]}) == (
        "Period 2 · Round 3 · Phase actions"
    )
    assert present.headline({"round": True, "towers": {}}) == ""


def test_headline_names_the_phase_as_players_know_it() -> None:
    """/game status said "Round 1 · Phase place" (the id) for Lancaster: the header's title."""
    view = GAME.player_view(GAME.setup(3, 1, {}), None)
    assert present.headline(view) == "Round 1 · Setup"
    assert present.headline({"round": 2, "phase": "place", "header": {"phase_title": "Place knights"}}) == (
        "Round 2 · Place knights"
    )
    assert present.headline(view, "it").endswith(" · " + translate_phrase("Setup", "it"))


def test_game_over_is_said_once() -> None:
    """Turn flow, end: the engine's own "The game is over…" event gets the flag; no second line."""
    assert present.final_lines(["a", "The game is over."]) == ["a", "🏁 The game is over."]
    assert present.final_lines(["The game is over after the last round."]) == [
        "🏁 The game is over after the last round."
    ]
    assert present.final_lines(["x won the last conflict."]) == [
        "x won the last conflict.",
        "🏁 The game is over.",
    ]


def test_computer_seats_are_named_short_and_their_level_is_shown_apart() -> None:
    """Issue 10: a computer seat is stored as "Computer 1" (it fits a board's seat label, and
    reads the same in Italian); the lobby, the seat order and /game status show its level after
    the name in the reader's language, and the result marks it as a computer with its level. A
    person the computer plays for keeps their own name, without a level."""
    from bot.service.store import Computer, GameRecord, Seating
    from bot.service.table import with_computers
    from rules import find_game

    seats, seating = with_computers((SeatRecord(0, 1, "Ann"),), Seating(), 2, "hard")
    assert [s.name for s in seats] == ["Ann", "Computer 1", "Computer 2"]
    assert all(s.user_id < 0 for s in seats[1:]) and set(seating.computers) == {1, 2}
    seating = Seating({**seating.computers, 0: Computer("normal", "away")})
    record = GameRecord(1, 1, 1, "lancaster", {}, 1, 1, "lobby", 1, None, 0.0, 0.0, seats, seating=seating)
    _, card = present.lobby_text(record, find_game("lancaster"), "it")
    assert "1. Ann\n" in card and "2. Computer 1 🤖 difficile\n3. Computer 2 🤖 difficile" in card
    assert present.seat_label(seats[1], "it", seating).startswith("Computer 1 (") and (
        present.seat_label(seats[1], "it", seating).endswith(") 🤖 difficile")
    )
    assert present.seat_label(seats[1], None, seating).endswith(") 🤖 hard")
    assert present.seat_label(seats[0], None, seating) == present.seat_label(seats[0]) == "Ann (blue B)"
    outcome = Outcome((3, 5, 4), (1, 2, 0), frozenset({1}), ({}, {}, {}), ())
    _, result = present.outcome_text(outcome, seats, seating, "it")
    assert "**1. Computer 1 (" in result and "— 🤖 computer (difficile)" in result


def test_boards_mark_each_computer_seat_and_each_seat_the_computer_plays_for_its_person() -> None:
    """Issue 10: computer seats are shown as such on the board too: ``board_marks`` gives the
    board each seat's mark (``rules.core.SeatHeader.computer``): a computer's level, "away" while
    the computer plays for a person whose clock ran out, the level of a seat its person left to
    the computer, and nothing for a person playing or back at their seat."""
    from bot.service.store import Computer, GameRecord, Seating

    seats = tuple(
        SeatRecord(i, user, name)
        for i, (user, name) in enumerate(
            [(1, "Ann"), (-1, "Computer 1"), (3, "Cleo"), (4, "Dan (computer)"), (5, "Eve")]
        )
    )
    seating = Seating(
        {
            1: Computer("easy", "seat"),
            2: Computer("normal", "away", 3),
            3: Computer("hard", "left", 9),
            4: Computer("normal", "back", 2),
        }
    )
    record = GameRecord(1, 1, 1, "lancaster", {}, 1, 1, "running", 1, None, 0.0, 0.0, seats, seating=seating)
    assert present.board_marks(record) == [None, "easy", "away", "hard", None]
