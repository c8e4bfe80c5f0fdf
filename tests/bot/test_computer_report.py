"""The computer's report in one Discord message (issue 10 follow-up): a long run of computer moves
is cut from the oldest, saying how many moves were left out; takeovers are always kept."""

from __future__ import annotations

from bot.service.computers import REPORT_BUDGET, fit_report
from bot.service.levels import COMPUTER_LEVELS
from players import LEVELS


def move(n: int) -> tuple[bool, list[str]]:
    return False, ["🤖 Ann (computer):", f"Ann added {n} to the total, which is now a long sentence."]


def test_a_report_that_fits_is_whole() -> None:
    groups = [(True, ["Ann's clock ran out: the computer plays for Ann."]), move(1), move(2)]
    assert fit_report(groups) == [line for _, lines in groups for line in lines]


def test_a_long_report_keeps_the_takeover_and_the_newest_moves_and_counts_the_rest() -> None:
    takeover = (True, ["Ann's clock ran out: the computer plays for Ann."])
    groups = [takeover, *(move(n) for n in range(200))]
    lines = fit_report(groups)
    assert sum(len(line) + 1 for line in lines) <= REPORT_BUDGET
    shown = sum(1 for line in lines if line.startswith("Ann added"))
    assert lines[0] == f"… {200 - shown} earlier computer moves not shown."
    assert lines[1] == takeover[1][0]
    assert lines[-1].startswith("Ann added 199 ") and 0 < shown < 200


def test_the_bot_offers_the_players_package_levels() -> None:
    assert COMPUTER_LEVELS == LEVELS


def test_one_computers_moves_in_a_row_share_one_heading() -> None:
    """A computer's move and its follow-up (a conflict knight, then its King's Favor) read as one
    group under one "🤖 name:" line; another seat's move, or a move told without events, starts
    its own. Fewer lines, so a long report leaves fewer moves out."""
    from bot.service.computers import report_groups
    from bot.service.store import GameRecord, Notice, SeatRecord

    seats = (SeatRecord(0, -1, "Computer 1"), SeatRecord(1, -2, "Computer 2"))
    record = GameRecord(1, 1, 1, "lancaster", {}, 1, 1, "running", 9, None, 0.0, 0.0, seats)

    def told(version: int, seat: int, *events: str) -> Notice:
        body = {"computer": True, "seat": seat, "version": version, "events": list(events)}
        return Notice(1, f"computer:{version}", body, float(version))

    notices = [
        told(1, 0, "Computer 1 placed a knight on conflict K02."),
        told(2, 0, "Computer 1 took King's Favor 5.", "Computer 1 gains 2 gold."),
        told(3, 1, "Computer 2 has voted."),
        told(4, 1),
        told(5, 1, "Computer 2 placed a knight on county B."),
    ]
    groups = report_groups(notices, record, None)  # type: ignore[arg-type]  # no takeover: no clock
    assert groups == [
        (
            False,
            [
                "🤖 Computer 1:",
                "Computer 1 placed a knight on conflict K02.",
                "Computer 1 took King's Favor 5.",
                "Computer 1 gains 2 gold.",
            ],
        ),
        (False, ["🤖 Computer 2:", "Computer 2 has voted."]),
        (False, ["🤖 Computer 2 moved."]),
        (False, ["🤖 Computer 2:", "Computer 2 placed a knight on county B."]),
    ]
