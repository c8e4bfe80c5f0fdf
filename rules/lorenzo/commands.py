"""What Lorenzo declares to a front end beyond the contract (``rules.core``, optional members):
its own slash command ``/lorenzo place|leader|end``, shortcuts for the common moves.

Each composes the canonical text of a move in ``moves.py`` (``Place``, ``LeaderAction``, ``End``);
the engine parses and checks it like any typed move. Suggestions come from the legal moves.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core import CommandParam, ContentSetting, GameCommand, ParamValue

MEMBERS = ("black", "white", "orange", "neutral")
LEADER_ACTIONS = ("play", "activate", "discard")
NAME_MAX = 100  # a space or leader name (also the limit of an autocomplete value)


def _place(v: Mapping[str, ParamValue]) -> str:
    return f"place {v['member']} {v['space']}" + (f" servants={v['servants']}" if v["servants"] else "")


def _leader(v: Mapping[str, ParamValue]) -> str:
    return f"leader {v['action']} {v['leader']}"


COMMANDS: tuple[GameCommand, ...] = (
    GameCommand(
        "place",
        "Place a family member on an action space",
        _place,
        (
            CommandParam("member", "Which family member", choices=MEMBERS),
            CommandParam(
                "space", "Action space (suggestions list the legal ones)", max_length=NAME_MAX, suggest=True
            ),
            CommandParam("servants", "Servants to add", kind="integer", default=0, low=0, high=99),
        ),
    ),
    GameCommand(
        "leader",
        "Play, activate or discard a Leader (leaders option)",
        _leader,
        (
            CommandParam(
                "action",
                "play (meet its requirement), activate (once per round) or discard (1 Council Privilege)",
                choices=LEADER_ACTIONS,
            ),
            # Suggestions name the caller's own hand: autocomplete is shown to the caller only.
            CommandParam(
                "leader",
                "Which leader (suggestions list the ones you can use so)",
                max_length=NAME_MAX,
                suggest=True,
            ),
        ),
    ),
    GameCommand("end", "End your turn after placing (when a Leader could still act)", lambda v: "end"),
)


def _install_overrides(path: str | None) -> None:
    # Imported here: the package's __init__ imports this module for its declarations.
    from rules.lorenzo.houses.content import configure

    configure(path)  # DataError (a ValueError) lists every problem of the file


CONTENT_SETTINGS: tuple[ContentSetting, ...] = (
    ContentSetting(
        "LORENZO_OVERRIDES",
        "path of a JSON file correcting the Houses of Renaissance provisional values "
        "(rules/lorenzo/houses/content.py, format as rules/lancaster/OVERRIDES.md)",
        _install_overrides,
    ),
)
