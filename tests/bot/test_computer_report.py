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
