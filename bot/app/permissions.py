"""What the bot may do in a channel, read from the interaction (``app_permissions``, issue 8 item
5) before it posts, and the words that tell a member which permission an admin should grant."""

from __future__ import annotations

from collections.abc import Sequence

from bot.app.context import Interaction
from i18n import translate

# discord.Permissions flag -> the name Discord's settings show an admin.
WORDS = {
    "send_messages": "Send Messages",
    "embed_links": "Embed Links",
    "attach_files": "Attach Files",
    "create_public_threads": "Create Public Threads",
    "send_messages_in_threads": "Send Messages in Threads",
}
CHANNEL_POST = ("send_messages", "embed_links", "attach_files")  # a board with its embeds
THREAD = ("create_public_threads", "send_messages_in_threads", "embed_links", "attach_files")


def missing(interaction: Interaction, needed: Sequence[str]) -> list[str]:
    """The permissions of ``needed`` the bot lacks in the interaction's channel, in Discord's words."""
    granted = interaction.app_permissions
    return [WORDS[name] for name in needed if not getattr(granted, name)]


def grant(lacking: Sequence[str], lang: str | None = None) -> str:
    """A sentence an admin can act on (Discord's permission names stay as Discord writes them
    in English; an Italian client shows its own names, recognisable beside these)."""
    joint = f" {translate('and', lang, context='list')} "
    names = joint.join(f"**{name}**" for name in lacking)
    return translate(
        "I lack {names} here: an admin can grant it to Tavola's role in Server Settings → Roles, "
        "or in this channel's Edit Channel → Permissions.",
        lang,
        names=names,
    )
