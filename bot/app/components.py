"""The persistent buttons and selects, and the views that hold them.

Components carry no game state. Their custom ids (all persistent ``DynamicItem``s, so they keep
working after a restart):

- ``g:<game>:join`` / ``leave`` / ``start`` — lobby buttons;
- ``g:<game>:board`` / ``g:<game>:hand`` — "My board" / "Decide privately" or "Choose": a fresh
  private reply (the hand one with the seat's choices as buttons or a select);
- ``g:<game>:watch`` — "Watch" (under a spectator's ``/game status``): follow the game by DM;
- ``g:<game>:v<version>:m<seat>.<i>`` — seat's legal move number i at that version;
- ``g:<game>:v<version>:s<seat>`` — a select of the seat's legal moves at that version;
- ``g:<game>:v<version>:w<seat>:p<path>`` — a step of a guided turn (``bot.service.guide``):
  the choices made so far, as indices joined by dots; ``…:x<seat>:p<path>:q<n>`` is the n-th
  select of a level with more choices than fit buttons (its values are the choice indices).
- ``g:<game>:bot`` (Add computer), ``g:<game>:undo:<version>`` (Undo my last step) and
  ``g:<game>:ok:<what>:<expires>[:<arg>]`` (a confirmation): ``ActionButton``.
A versioned component pressed after the board changed answers "the board has moved on". Choices
in a private reply add ``:k<key>`` (``table.choice_key``): they stay valid while that seat's
choices are unchanged, so players deciding at once do not void each other's buttons.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.app.context import Interaction, reader
from bot.app.guard import guard
from bot.service.guide import Level
from bot.service.guide import details as move_details
from bot.service.guide import labels as move_labels
from bot.service.table import TableError, Turn
from bot.service.words import engine_text
from i18n import translate
from rules.core import Move, ascii_number, move_label

BUTTON_LIMIT = 5
SELECT_LIMIT = 25

# ASCII digits only, and few enough to stay in range: ``\d`` also matches '٣', and a game id of
# 2**63 or more overflows the database (issue 8 item 2). An id that does not match is answered
# "not one of mine" by the client.
_ID = r"[0-9]{1,18}"
BUTTON_ID = re.compile(
    rf"g:(?P<gid>{_ID}):(?:(?P<lobby>join|leave|start|board|hand|watch)"
    rf"|v(?P<ver>{_ID}):m(?P<seat>[0-9]{{1,2}})\.(?P<idx>[0-9]{{1,3}})(?::k(?P<key>[0-9a-f]{{8}}))?)"
)
SELECT_ID = re.compile(
    rf"g:(?P<gid>{_ID}):v(?P<ver>{_ID}):s(?P<seat>[0-9]{{1,2}})(?::k(?P<key>[0-9a-f]{{8}}))?"
)
_KEY = r"(?::k(?P<key>[0-9a-f]{8}))?"
_PATH = r"(?P<path>(?:[0-9]{1,3}(?:\.[0-9]{1,3}){0,7})?)"  # at most 8 choices, each below 1000
WALK_ID = re.compile(rf"g:(?P<gid>{_ID}):v(?P<ver>{_ID}):w(?P<seat>[0-9]{{1,2}}):p{_PATH}" + _KEY)
WALK_SELECT_ID = re.compile(
    rf"g:(?P<gid>{_ID}):v(?P<ver>{_ID}):x(?P<seat>[0-9]{{1,2}}):p{_PATH}:q[0-9]" + _KEY
)
WALK_SELECTS = 4  # selects of one level (the fifth row holds Back): 100 choices
# Add computer (lobby), Undo (a private reply), and confirmations (``bot.app.seat_actions``).
ACTION_ID = re.compile(rf"g:(?P<gid>{_ID}):(?P<act>bot|undo|ok)(?::(?P<rest>[0-9a-z.:\-]{{1,80}}))?")


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_ID):
    def __init__(
        self, custom_id: str, label: str = "…", style: discord.ButtonStyle = discord.ButtonStyle.secondary
    ):
        super().__init__(discord.ui.Button(custom_id=custom_id, label=label[:80], style=style))

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GameButton:
        return cls(match.group(0))

    async def callback(self, interaction: Interaction) -> None:
        # The handlers build these components' views: imported here to keep the import graph acyclic.
        from bot.app.actions import on_button

        async with guard(interaction):
            await on_button(interaction, self.item.custom_id or "")


class ActionButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ACTION_ID):
    def __init__(
        self, custom_id: str, label: str = "…", style: discord.ButtonStyle = discord.ButtonStyle.secondary
    ):
        super().__init__(discord.ui.Button(custom_id=custom_id, label=label[:80], style=style))

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionButton:
        return cls(match.group(0))

    async def callback(self, interaction: Interaction) -> None:
        from bot.app.seat_actions import on_action  # see GameButton.callback

        async with guard(interaction):
            await on_action(interaction, self.item.custom_id or "")


def select_of(
    custom_id: str, options: Sequence[discord.SelectOption], placeholder: str
) -> discord.ui.Select[Any]:
    """A select as Discord takes it (a placeholder of at most 150 characters, at least one option)."""
    return discord.ui.Select(
        custom_id=custom_id,
        placeholder=placeholder[:150],
        options=list(options) or [discord.SelectOption(label="…", value="0")],
    )


def picked(values: Sequence[str], last: int) -> int | None:
    """The choice's number a select sent (0..``last``); None for anything else: not one of ours."""
    return ascii_number(str(values[0]), 0, last) if len(values) == 1 else None


class GameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_ID):
    def __init__(self, custom_id: str, options: Sequence[discord.SelectOption] = (), placeholder: str = "…"):
        super().__init__(select_of(custom_id, options, placeholder))

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GameSelect:
        return cls(match.group(0))

    async def callback(self, interaction: Interaction) -> None:
        from bot.app.actions import on_choice  # see GameButton.callback

        async with guard(interaction):
            match = SELECT_ID.fullmatch(self.item.custom_id or "")
            index = picked(self.item.values, SELECT_LIMIT - 1)
            if match is None or index is None:
                raise TableError(translate("That choice is not valid any more.", reader(interaction)))
            await on_choice(
                interaction, int(match["gid"]), int(match["ver"]), int(match["seat"]), index, key=match["key"]
            )


def path_of(match: re.Match[str]) -> tuple[int, ...]:
    """The choices a guided-turn component names (``WALK_ID``)."""
    return tuple(int(i) for i in match["path"].split(".")) if match["path"] else ()


class WalkButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=WALK_ID):
    """A choice (or Back) of a guided turn: answered by showing the level its path leads to."""

    def __init__(
        self, custom_id: str, label: str = "…", style: discord.ButtonStyle = discord.ButtonStyle.secondary
    ):
        super().__init__(discord.ui.Button(custom_id=custom_id, label=label[:80], style=style))

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> WalkButton:
        return cls(match.group(0))

    async def callback(self, interaction: Interaction) -> None:
        from bot.app.actions import on_walk  # see GameButton.callback

        async with guard(interaction):
            match = WALK_ID.fullmatch(self.item.custom_id or "")
            if match is None:
                raise TableError(translate("That button is not one of mine.", reader(interaction)))
            await on_walk(interaction, match, path_of(match))


class WalkSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=WALK_SELECT_ID):
    """A select of a guided turn's level: the value picked is the choice's index there."""

    def __init__(self, custom_id: str, options: Sequence[discord.SelectOption] = (), placeholder: str = "…"):
        super().__init__(select_of(custom_id, options, placeholder))

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> WalkSelect:
        return cls(match.group(0))

    async def callback(self, interaction: Interaction) -> None:
        from bot.app.actions import on_walk  # see GameButton.callback

        async with guard(interaction):
            match = WALK_SELECT_ID.fullmatch(self.item.custom_id or "")
            index = picked(self.item.values, WALK_SELECTS * SELECT_LIMIT - 1)
            if match is None or index is None:
                raise TableError(translate("That choice is not valid any more.", reader(interaction)))
            await on_walk(interaction, match, (*path_of(match), index))


def walk_items(
    game_id: int,
    version: int,
    seat: int,
    level: Level,
    key: str = "",
    lang: str | None = None,
    names: Sequence[str] = (),
) -> list[discord.ui.Item[Any]]:
    """The components of one level of a guided turn: its choices (buttons when they fit a row,
    else up to four selects with what each choice costs and gives), or at the end Confirm (the
    ordinary move button of the chosen move); Back whenever a choice was made. ``lang``: the
    reader's (a private reply)."""
    suffix = f":k{key}" if key else ""
    stem = f"g:{game_id}:v{version}"
    items: list[discord.ui.Item[Any]] = []

    def joined(path: Sequence[int]) -> str:
        return ".".join(str(i) for i in path)

    if level.move is not None:
        items.append(
            GameButton(
                f"{stem}:m{seat}.{level.move}{suffix}",
                translate("Confirm", lang),
                discord.ButtonStyle.success,
            )
        )
    elif len(level.options) <= BUTTON_LIMIT:
        for i, option in enumerate(level.options):
            items.append(
                WalkButton(
                    f"{stem}:w{seat}:p{joined((*level.path, i))}{suffix}",
                    engine_text(option.label, lang, names),
                    discord.ButtonStyle.primary,
                )
            )
    else:
        for page in range(min(WALK_SELECTS, -(-len(level.options) // SELECT_LIMIT))):
            chunk = list(enumerate(level.options))[page * SELECT_LIMIT : (page + 1) * SELECT_LIMIT]
            options = [
                discord.SelectOption(
                    label=engine_text(o.label, lang, names)[:100],
                    value=str(i),
                    description=engine_text(o.detail, lang, names)[:100] or None,
                )
                for i, o in chunk
            ]
            custom_id = f"{stem}:x{seat}:p{joined(level.path)}:q{page}{suffix}"
            items.append(WalkSelect(custom_id, options, translate("Choose…", lang)))
    if level.back is not None:
        items.append(WalkButton(f"{stem}:w{seat}:p{joined(level.back)}{suffix}", translate("Back", lang)))
    return items


def lobby_view(game_id: int, lang: str | None = None) -> discord.ui.View:
    """The lobby card's buttons, in the server's language (a public post)."""
    view = discord.ui.View(timeout=None)
    view.add_item(GameButton(f"g:{game_id}:join", translate("Join", lang), discord.ButtonStyle.primary))
    view.add_item(GameButton(f"g:{game_id}:leave", translate("Leave", lang)))
    view.add_item(GameButton(f"g:{game_id}:start", translate("Start", lang), discord.ButtonStyle.success))
    view.add_item(ActionButton(f"g:{game_id}:bot", translate("Add computer", lang)))
    return view


def undo_button(game_id: int, version: int, lang: str | None = None) -> ActionButton:
    """Take back one's own last step (valid only at the version it was made for)."""
    return ActionButton(f"g:{game_id}:undo:{version}", translate("Undo my last step", lang))


def choice_items(
    game_id: int,
    version: int,
    seat: int,
    moves: Sequence[Move],
    key: str = "",
    details: Sequence[str] = (),
    labels: Sequence[str] = (),
    lang: str | None = None,
    names: Sequence[str] = (),
) -> list[discord.ui.Item[Any]]:
    """Buttons for up to 5 legal moves, a select for up to 25, nothing beyond (use ``/move``).
    ``lang``: the reader's language (the server's under a public board).

    A choice is named by its index in ``legal_moves`` at that version, not by its text (which may
    not fit a custom_id): the version pins the state, and legal_moves of one state is a fixed list,
    so the index means the same move when pressed, even after a restart. ``key`` (private
    choices) lets the choice outlive the version while the seat's choices stay the same.
    """
    # Display only (a choice is sent back as its index): the game's words for each move when
    # given (``guide.labels``, issue 12 item 8), else its label.
    texts = list(labels) if len(labels) == len(moves) else [move_label(m) for m in moves]
    texts = [engine_text(t, lang, names) for t in texts]
    if not texts or len(texts) > SELECT_LIMIT:
        return []
    suffix = f":k{key}" if key else ""
    if len(texts) <= BUTTON_LIMIT and not any(details):
        return [
            GameButton(f"g:{game_id}:v{version}:m{seat}.{i}{suffix}", text, discord.ButtonStyle.primary)
            for i, text in enumerate(texts)
        ]
    said = [engine_text(d, lang, names) for d in details] + [""] * (len(texts) - len(details))
    options = [  # a select shows what each choice says
        discord.SelectOption(label=text[:100], value=str(i), description=said[i][:100] or None)
        for i, text in enumerate(texts)
    ]
    return [GameSelect(f"g:{game_id}:v{version}:s{seat}{suffix}", options, translate("Choose…", lang))]


def turn_view(turn: Turn, lang: str | None = None) -> discord.ui.View:
    """Components under a public board: choices for an open decision, private entry points
    (labels in the server's language)."""
    view = discord.ui.View(timeout=None)
    record = turn.record
    # The post before the computers' report when only they act (``Turn.board_later``): they move
    # within seconds, so nothing to choose here; the report brings the next choices with the board.
    if turn.outcome is None and not (turn.board_later and turn.only_computers):
        prompts = [turn.prompts[s.seat] for s in turn.acting]
        public_choices: list[discord.ui.Item[Any]] = []
        if len(turn.acting) == 1 and prompts[0].decision and not prompts[0].secret:
            seat = turn.acting[0].seat
            moves = turn.game.legal_moves(turn.state, seat)
            said = move_labels(turn.game, turn.state, seat, moves, record.names)
            # A select (more choices than buttons) shows what each one gives, as the private
            # reply's does (playtest: the castle extensions were bare names); buttons stay buttons.
            told = (
                move_details(turn.game, turn.state, seat, moves, record.names)
                if len(moves) > BUTTON_LIMIT
                else []
            )
            public_choices = choice_items(
                record.id,
                record.version,
                seat,
                moves,
                details=told,
                labels=said,
                lang=lang,
                names=record.names,
            )
            for item in public_choices:
                view.add_item(item)
        if any(p.secret for p in prompts):
            view.add_item(
                GameButton(
                    f"g:{record.id}:hand", translate("Decide privately", lang), discord.ButtonStyle.success
                )
            )
        elif len(turn.acting) > 1 and any(p.decision for p in prompts):
            # Several players decide at once: each gets their own choices from this button.
            view.add_item(
                GameButton(f"g:{record.id}:hand", translate("Choose", lang), discord.ButtonStyle.success)
            )
        elif len(turn.acting) == 1 and not (prompts[0].decision and public_choices):
            # Choices that are not a public decision (they may name a private hand, such as
            # cards to play after a placement), or a decision too long for the board: offered in
            # a private reply, as buttons, a select or a guided walk. Always offered: whether the list is
            # short can depend on hidden things (a hand, resources behind a screen), so the
            # button's presence must not.
            view.add_item(
                GameButton(f"g:{record.id}:hand", translate("Choose", lang), discord.ButtonStyle.success)
            )
    view.add_item(GameButton(f"g:{record.id}:board", translate("My board", lang)))
    return view


def watch_view(game_id: int, lang: str | None = None) -> discord.ui.View:
    """Under a spectator's private status: the Watch button (a second press stops)."""
    view = discord.ui.View(timeout=None)
    watch = translate("Watch (turns by DM)", lang)
    view.add_item(GameButton(f"g:{game_id}:watch", watch, discord.ButtonStyle.secondary))
    return view
