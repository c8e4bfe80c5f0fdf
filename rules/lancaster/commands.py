"""What Lancaster declares to a front end beyond the contract (``rules.core``, optional members):
its own slash command ``/lancaster knight``, and the ``LANCASTER_OVERRIDES`` content setting.

``knight`` composes the canonical text of ``moves.Place``; the engine parses and checks it like
any typed move. Target suggestions come from the legal moves.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core import CommandParam, ContentSetting, GameCommand, ParamValue


def _knight(v: Mapping[str, ParamValue]) -> str:
    who = "ally" if v["ally"] else "knight"
    return f"{who} {v['strength']} {v['target']}" + (f" squires={v['squires']}" if v["squires"] else "")


COMMANDS: tuple[GameCommand, ...] = (
    GameCommand(
        "knight",
        "Place a knight on a county, castle space or conflict",
        _knight,
        (
            CommandParam("strength", "Which knight (its strength)", kind="integer", low=1, high=9),
            CommandParam(
                "target",
                "Where (suggestions list the legal places), e.g. county:D, castle:X2, conflict:K03, tower",
                max_length=100,
                suggest=True,
            ),
            CommandParam("squires", "Squires to add", kind="integer", default=0, low=0, high=9),
            CommandParam(
                "ally",
                "Two-player game: place one of your ally's knights instead",
                kind="flag",
                default=False,
            ),
        ),
    ),
)


def _install_overrides(path: str | None) -> None:
    # Imported here: the package's __init__ builds GAME, which reads this module's declarations.
    from rules.lancaster import configure

    configure(path)  # DataError (a ValueError) lists every problem of the file


CONTENT_SETTINGS: tuple[ContentSetting, ...] = (
    ContentSetting(
        "LANCASTER_OVERRIDES",
        "path of a JSON file correcting Lancaster's provisional values (rules/lancaster/OVERRIDES.md)",
        _install_overrides,
    ),
)
