"""Per-game slash commands for the common actions, where they read better than ``/move`` text.

Each builds the game's own move text and submits it through the same path as ``/move``, so the
engine re-validates it. Suggestions come from ``legal_moves`` like everything else. A game with
no entry here is still fully playable with ``/move`` and the buttons.
"""

from __future__ import annotations

from collections.abc import Callable

from discord import app_commands

from bot.app.actions import channel_game_id, play
from bot.app.context import Interaction, tables_of
from bot.service.table import TableError

LORENZO_MEMBERS = ("black", "white", "orange", "neutral")
LEADER_ACTIONS = ("play", "activate", "discard")
NAME_MAX = 100  # a space, leader or target name (also the limit of an autocomplete value)


def lorenzo_commands() -> app_commands.Group:
    group = app_commands.Group(name="lorenzo", description="Lorenzo il Magnifico actions")

    @group.command(name="place", description="Place a family member on an action space")
    @app_commands.describe(
        member="Which family member",
        space="Action space (suggestions list the legal ones)",
        servants="Servants to add",
    )
    @app_commands.choices(member=[app_commands.Choice(name=m, value=m) for m in LORENZO_MEMBERS])
    async def place(
        interaction: Interaction,
        member: str,
        space: app_commands.Range[str, 1, NAME_MAX],
        servants: app_commands.Range[int, 0, 99] = 0,
    ) -> None:
        gid = await game_here(interaction, "lorenzo")
        # The canonical text of rules.lorenzo.moves.Place; the engine parses and checks it.
        text = f"place {member} {space.strip()}" + (f" servants={servants}" if servants else "")
        await play(interaction, gid, text)

    @place.autocomplete("space")
    async def spaces(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        member = getattr(interaction.namespace, "member", None)
        found: list[str] = []
        for text in await legal_texts(interaction):
            words = text.split()
            is_place = len(words) >= 3 and words[0] == "place" and (not member or words[1] == member)
            if is_place and words[2] not in found and current.lower() in words[2]:
                found.append(words[2])
        return [app_commands.Choice(name=s, value=s) for s in found][:25]

    @group.command(name="leader", description="Play, activate or discard a Leader (leaders option)")
    @app_commands.describe(
        action="play (meet its requirement), activate (once per round) or discard (1 Council Privilege)",
        leader="Which leader (suggestions list the ones you can use so)",
    )
    @app_commands.choices(action=[app_commands.Choice(name=a, value=a) for a in LEADER_ACTIONS])
    async def leader(
        interaction: Interaction, action: str, leader: app_commands.Range[str, 1, NAME_MAX]
    ) -> None:
        gid = await game_here(interaction, "lorenzo")
        # The canonical text of rules.lorenzo.moves.LeaderAction; the engine parses and checks it.
        await play(interaction, gid, f"leader {action} {leader.strip()}")

    @leader.autocomplete("leader")
    async def leaders(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        # Suggestions name the caller's own hand: autocomplete is shown to the caller only.
        action = getattr(interaction.namespace, "action", None)
        found: list[str] = []
        for text in await legal_texts(interaction):
            words = text.split()
            fits = len(words) == 3 and words[0] == "leader" and (not action or words[1] == action)
            if fits and words[2] not in found and current.lower() in words[2]:
                found.append(words[2])
        return [app_commands.Choice(name=x, value=x) for x in found][:25]

    @group.command(name="end", description="End your turn after placing (when a Leader could still act)")
    async def end(interaction: Interaction) -> None:
        await play(interaction, await game_here(interaction, "lorenzo"), "end")

    return group


def lancaster_commands() -> app_commands.Group:
    group = app_commands.Group(name="lancaster", description="Lancaster actions")

    @group.command(name="knight", description="Place a knight on a county, castle space or conflict")
    @app_commands.describe(
        strength="Which knight (its strength)",
        target="Where (suggestions list the legal places), e.g. county:D, castle:X2, conflict:K03",
        squires="Squires to add",
        ally="Two-player game: place one of your ally's knights instead",
    )
    async def knight(
        interaction: Interaction,
        strength: app_commands.Range[int, 1, 9],
        target: app_commands.Range[str, 1, NAME_MAX],
        squires: app_commands.Range[int, 0, 9] = 0,
        ally: bool = False,
    ) -> None:
        gid = await game_here(interaction, "lancaster")
        # The canonical text of rules.lancaster.moves.Place; the engine parses and checks it.
        who = "ally" if ally else "knight"
        text = f"{who} {strength} {target.strip()}" + (f" squires={squires}" if squires else "")
        await play(interaction, gid, text)

    @knight.autocomplete("target")
    async def targets(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        who = "ally" if getattr(interaction.namespace, "ally", False) else "knight"
        strength = getattr(interaction.namespace, "strength", None)
        found: list[str] = []
        for text in await legal_texts(interaction):
            words = text.split()
            fits = len(words) >= 3 and words[0] == who and (strength is None or words[1] == str(strength))
            if fits and words[2] not in found and current.lower() in words[2].lower():
                found.append(words[2])
        return [app_commands.Choice(name=t, value=t) for t in found][:25]

    return group


async def game_here(interaction: Interaction, name: str) -> int:
    """The channel's open game if it is a game of ``name``; else a refusal explaining it
    (``/lorenzo`` in a Lancaster channel would otherwise fail as an unknown move)."""
    gid = await channel_game_id(interaction)
    tables = tables_of(interaction)
    record = await tables.get(gid)
    if record.game == name:
        return gid
    own = f", `/{record.game}`" if record.game in PER_GAME_COMMANDS else ""
    raise TableError(
        f"This channel plays {tables.game(record.game).title}; `/{name}` is for "
        f"{tables.game(name).title} games. Use `/move`{own} or the buttons under the board."
    )


async def legal_texts(interaction: Interaction) -> list[str]:
    if interaction.channel_id is None:
        return []
    tables = tables_of(interaction)
    record = await tables.store.open_in_channel(interaction.channel_id)
    if record is None:
        return []
    return await tables.suggestions(record.id, interaction.user.id, "", limit=10_000)


# game name -> builder of its command group (added only when that game is registered).
PER_GAME_COMMANDS: dict[str, Callable[[], app_commands.Group]] = {
    "lorenzo": lorenzo_commands,
    "lancaster": lancaster_commands,
}
