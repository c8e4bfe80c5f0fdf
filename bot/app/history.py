"""``/game log`` and ``/game board at:`` (issue 12 item 5): any game of this channel looked back
at, finished ones included, answered privately (looking back adds nothing to the channel).
The words and boards come from ``bot.service.history`` (replays of the move log)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.app.context import Interaction, tables_of
from bot.app.posting import image_file
from bot.service import history
from bot.service.store import GameRecord
from bot.service.table import TableError


async def _record(interaction: Interaction, game: int | None) -> GameRecord:
    if interaction.channel_id is None or interaction.guild_id is None:
        raise TableError("Tavola games live in server channels; use this command there.")
    return await history.channel_record(tables_of(interaction), interaction.channel_id, game)


def add_history_commands(group: app_commands.Group) -> None:
    """``/game log [page] [game]``, ``/game board at: [game]`` and ``/game history``."""

    @group.command(name="log", description="The moves of this channel's game in words, page by page")
    @app_commands.describe(
        page="Which page (default: the last, the newest moves)",
        game="Which game of this channel, by number (default: the newest)",
    )
    async def log_cmd(
        interaction: Interaction,
        page: app_commands.Range[int, 1, 10_000] | None = None,
        game: app_commands.Range[int, 1, 2**53] | None = None,
    ) -> None:
        tables = tables_of(interaction)
        record = await _record(interaction, game)
        await interaction.response.defer(ephemeral=True, thinking=True)
        pages = history.pages(await history.told(tables, record))
        shown = min(page or len(pages), len(pages))
        title = f"{tables.game(record.game).title} #{record.id} — moves, page {shown} of {len(pages)}"
        footer = "`/game log page:N` for another page; `/game board at:N` shows the board after move N."
        embed = discord.Embed(title=title, description=pages[shown - 1])
        embed.set_footer(text=footer.replace("`", ""))
        await interaction.followup.send(embed=embed, ephemeral=True)

    @group.command(name="board", description="The board of this channel's game after any move")
    @app_commands.describe(
        at="After which move (0: the start; /game log numbers them)",
        game="Which game of this channel, by number (default: the newest)",
    )
    async def board_cmd(
        interaction: Interaction,
        at: app_commands.Range[int, 0, 100_000],
        game: app_commands.Range[int, 1, 2**53] | None = None,
    ) -> None:
        tables = tables_of(interaction)
        record = await _record(interaction, game)
        view, said = await history.board_at(tables, record, at)
        await interaction.response.defer(ephemeral=True, thinking=True)
        file = await image_file(record.game, view, private=False, names=record.names)
        await interaction.followup.send(said, file=file, ephemeral=True)

    @group.command(name="history", description="The finished games of this server: players, scores, winner")
    async def history_cmd(interaction: Interaction) -> None:
        if interaction.guild_id is None:
            raise TableError("Tavola games live in server channels; use this command there.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        lines = await history.finished_lines(tables_of(interaction), interaction.guild_id)
        text = "\n".join(lines) if lines else "No game has finished in this server yet."
        embed = discord.Embed(title="Finished games (newest first)", description=text[:4000])
        embed.set_footer(text="In its channel, /game log game:N and /game board at:M game:N look back.")
        await interaction.followup.send(embed=embed, ephemeral=True)
