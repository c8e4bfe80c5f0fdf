"""What Lancaster declares to a front end beyond the contract (``rules.core``, optional members):
its own slash commands ``/lancaster knight`` and ``/lancaster lord`` (Henry V), and the
``LANCASTER_OVERRIDES`` content setting.

``knight`` composes the canonical text of ``moves.Place`` and ``lord`` that of ``moves.Lord``; the
engine parses and checks them like any typed move. Target suggestions come from the legal moves.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core import CommandParam, ContentSetting, GameCommand, ParamValue


def _knight(v: Mapping[str, ParamValue]) -> str:
    who = "ally" if v["ally"] else "knight"
    text = f"{who} {v['strength']} {v['target']}" + (f" squires={v['squires']}" if v["squires"] else "")
    # Henry V privileges, in the canonical order of moves.Place.
    return text + "".join(f" {name}" for name in ("tudor", "shield", "archer") if v.get(name))


def _lord(v: Mapping[str, ParamValue]) -> str:
    text = f"lord {v['space']}" + (f" knight={v['knight']}" if v["knight"] else "")
    return text + (" tudor" if v["tudor"] else "") + (f" bishops={v['bishops']}" if v["bishops"] else "")


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
            CommandParam("tudor", "Henry V: add a Tudor knight you hold (+2)", kind="flag", default=False),
            CommandParam(
                "shield", "Henry V: shield a county knight you hold a shield for", kind="flag", default=False
            ),
            CommandParam(
                "archer", "Henry V: an archer below your knight on a conflict", kind="flag", default=False
            ),
        ),
    ),
    GameCommand(
        "lord",
        "Henry V: place your lord on an office or the treasury (or keep it home)",
        _lord,
        (
            CommandParam(
                "space",
                "chancellor, marshal, steward, treasury or home (suggestions list the legal ones)",
                max_length=40,
                suggest=True,
            ),
            CommandParam(
                "knight",
                "A knight from your court to go with it (strength)",
                kind="integer",
                default=0,
                low=0,
                high=9,
            ),
            CommandParam("tudor", "Add a Tudor knight you hold (+2)", kind="flag", default=False),
            CommandParam(
                "bishops", "Bishops to take (1 vote marker each)", kind="integer", default=0, low=0, high=9
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
