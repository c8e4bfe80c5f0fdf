"""The fake server's people and places, and the raw payloads Discord's gateway and API send.

One guild with one text channel (``#tavola``), the bot's own user and six members. Payloads
carry what discord.py 2.7 needs to parse them (design.md, "The sandbox": ``attachment_size_limit``,
``channel``, ``member``; a click's message carries the clicked component).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

import discord

GUILD_ID = 900_000_000_000_000_001
CHANNEL_ID = 900_000_000_000_000_002
APP_ID = 900_000_000_000_000_003
MANAGE_GUILD = 1 << 5
MEMBER_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 15) | (1 << 31)  # view, send, attach, use commands
# What the README asks the bot to be invited with (and Manage Server, as before): members' own,
# Embed Links, Create Public Threads and Send Messages in Threads. ``@bot -NAME`` takes one away.
APP_PERMISSIONS = MEMBER_PERMISSIONS | (1 << 5) | (1 << 14) | (1 << 35) | (1 << 38)
EPHEMERAL = 64


@dataclass(frozen=True)
class FakeUser:
    name: str
    id: int
    manage_server: bool = False
    display: str = ""  # server display name when it differs from the username
    locale: str = "en-US"  # the member's Discord client language (``interaction.locale``)


# Stable fake members of the one fake server. Erin is a moderator (Manage Server).
USERS: tuple[FakeUser, ...] = (
    FakeUser("alice", 900_000_000_000_000_101),
    FakeUser("bob", 900_000_000_000_000_102),
    FakeUser("carol", 900_000_000_000_000_103),
    FakeUser("dave", 900_000_000_000_000_104),
    FakeUser("erin", 900_000_000_000_000_105, manage_server=True),
    # Frank's display name is full of markdown characters, to check names are escaped.
    FakeUser("frank", 900_000_000_000_000_106, display="*fr_ank*"),
)
BY_NAME = {u.name: u for u in USERS}
LOCALES = tuple(locale.value for locale in discord.Locale)
FIRST_ADDED_ID = 900_000_000_000_000_201


def changed_permissions(value: int, words: list[str]) -> int:
    """``@bot -attach_files +embed_links``: the bot's permissions with those flags (discord.py's
    names) taken away or given back."""
    if not words:
        raise ValueError("@bot needs permissions to change, e.g. @bot -attach_files +embed_links")
    for word in words:
        name = word[1:]
        flag = discord.Permissions.VALID_FLAGS.get(name)
        if word[:1] not in "+-" or not name or flag is None:
            raise ValueError(
                f"@bot takes -NAME or +NAME of a Discord permission (e.g. -attach_files), not '{word}'"
            )
        value = value | flag if word[0] == "+" else value & ~flag
    return value


class Roster:
    """The fake server's members: the six above, plus any an ``@member`` line adds or renames."""

    def __init__(self) -> None:
        self.by_name: dict[str, FakeUser] = dict(BY_NAME)
        self._next_id = FIRST_ADDED_ID
        self.server_locale = "en-US"  # the server's preferred locale (``@server-locale it``)

    def get(self, name: str) -> FakeUser | None:
        return self.by_name.get(name.lower())

    def by_id(self, user_id: int) -> FakeUser | None:
        return next((u for u in self.by_name.values() if u.id == user_id), None)

    def names(self) -> str:
        return ", ".join(self.by_name)

    def member(self, name: str, display: str) -> FakeUser:
        """``@member NAME "display name"``: a new member, or a new display name for one."""
        key = name.lower()
        if not key.isascii() or not key.isalnum() or key == "system":
            raise ValueError(f"a member's NAME is letters and digits (it starts script lines), not '{name}'")
        if not display or len(display) > 32:
            raise ValueError("a display name has 1 to 32 characters (Discord's limit)")
        found = self.by_name.get(key)
        if found is None:
            found = FakeUser(key, self._next_id)
            self._next_id += 1
        self.by_name[key] = replace(found, display=display)
        return self.by_name[key]

    def locale(self, name: str, locale: str) -> FakeUser:
        """``@locale NAME it``: the language the member's Discord client reports."""
        found = self.get(name)
        if found is None:
            raise ValueError(f"unknown user '{name}'; users are {self.names()}")
        if locale not in LOCALES:
            raise ValueError(f"'{locale}' is not a Discord locale; locales: {', '.join(LOCALES)}")
        self.by_name[found.name] = replace(found, locale=locale)
        return self.by_name[found.name]

    def set_server_locale(self, locale: str) -> str:
        """``@server-locale it``: the server's preferred locale (Server Settings → Community)."""
        if locale not in LOCALES:
            raise ValueError(f"'{locale}' is not a Discord locale; locales: {', '.join(LOCALES)}")
        self.server_locale = locale
        return locale


def now_iso() -> str:
    return datetime.now(UTC).isoformat()


def user_payload(user: FakeUser) -> dict[str, Any]:
    return {
        "id": str(user.id),
        "username": user.name,
        "global_name": user.display or user.name,
        "discriminator": "0",
        "avatar": None,
    }


BOT_USER: dict[str, Any] = {
    "id": str(APP_ID),
    "username": "Tavola",
    "global_name": "Tavola",
    "discriminator": "0",
    "avatar": None,
    "bot": True,
}

APPLICATION: dict[str, Any] = {
    "id": str(APP_ID),
    "name": "Tavola",
    "icon": None,
    "description": "",
    "bot_public": True,
    "bot_require_code_grant": False,
    "owner": BOT_USER,
    "verify_key": "0",
    "flags": 0,
    "summary": "",
    "bot": BOT_USER,
}


def channel_payload() -> dict[str, Any]:
    return {
        "id": str(CHANNEL_ID),
        "type": 0,
        "guild_id": str(GUILD_ID),
        "name": "tavola",
        "position": 0,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
        "topic": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
    }


def dm_payload(channel_id: int, user: FakeUser) -> dict[str, Any]:
    """A direct-message channel with ``user``, as ``POST /users/@me/channels`` answers."""
    return {
        "id": str(channel_id),
        "type": 1,
        "name": f"dm-{user.name}",
        "last_message_id": None,
        "recipients": [user_payload(user)],
    }


def thread_payload(thread_id: int, parent: int, body: dict[str, Any]) -> dict[str, Any]:
    """A public thread of ``parent``, as Discord answers ``POST /channels/{id}/threads``."""
    return {
        "id": str(thread_id),
        "type": 11,
        "guild_id": str(GUILD_ID),
        "parent_id": str(parent),
        "owner_id": str(APP_ID),
        "name": body.get("name", "thread"),
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "flags": 0,
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": body.get("auto_archive_duration", 10080),
            "archive_timestamp": now_iso(),
            "locked": False,
        },
    }


def ready_payload() -> dict[str, Any]:
    return {
        "v": 10,
        "user": BOT_USER,
        "guilds": [{"id": str(GUILD_ID), "unavailable": True}],
        "session_id": "sandbox",
        "resume_gateway_url": "wss://sandbox.invalid",
        "application": {"id": str(APP_ID), "flags": 0},
        "private_channels": [],
    }


def guild_payload(locale: str = "en-US") -> dict[str, Any]:
    return {
        "id": str(GUILD_ID),
        "name": "Sandbox",
        "icon": None,
        "owner_id": str(BY_NAME["erin"].id),
        "unavailable": False,
        "member_count": len(USERS) + 1,
        "large": False,
        "features": [],
        "roles": [
            {
                "id": str(GUILD_ID),
                "name": "@everyone",
                "permissions": str(MEMBER_PERMISSIONS),
                "position": 0,
                "color": 0,
                "hoist": False,
                "managed": False,
                "mentionable": False,
            }
        ],
        "emojis": [],
        "stickers": [],
        "channels": [channel_payload()],
        "threads": [],
        "members": [],
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "premium_tier": 0,
        "preferred_locale": locale,
        "joined_at": now_iso(),
    }


def interaction_payload(
    user: FakeUser,
    kind: int,
    interaction_id: int,
    app_permissions: int = APP_PERMISSIONS,
    guild_locale: str = "en-US",
) -> dict[str, Any]:
    """An INTERACTION_CREATE of ``kind`` (2 command, 3 component, 4 autocomplete) by ``user`` in
    the main channel; the caller adds ``data`` (and a click its ``message``)."""
    permissions = MEMBER_PERMISSIONS | (MANAGE_GUILD if user.manage_server else 0)
    return {
        "id": str(interaction_id),
        "application_id": str(APP_ID),
        "type": kind,
        "token": f"token-{interaction_id}",
        "version": 1,
        "guild_id": str(GUILD_ID),
        "channel_id": str(CHANNEL_ID),
        "channel": channel_payload(),
        "member": {
            "user": user_payload(user),
            "roles": [],
            "joined_at": now_iso(),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "permissions": str(permissions),
        },
        "app_permissions": str(app_permissions),
        "locale": user.locale,
        "guild_locale": guild_locale,
        "entitlements": [],
        "authorizing_integration_owners": {"0": str(GUILD_ID)},
        "context": 0,
        "attachment_size_limit": 10 * 1024 * 1024,
    }


def message_payload(
    message_id: int,
    body: dict[str, Any],
    attachments: list[tuple[int, str, int]],
    *,
    flags: int,
    channel_id: int,
) -> dict[str, Any]:
    """A message the bot made, as Discord returns it; ``attachments`` are (id, name, size)."""
    return {
        "id": str(message_id),
        "channel_id": str(channel_id),
        "guild_id": str(GUILD_ID),
        "author": BOT_USER,
        "content": body.get("content") or "",
        "timestamp": now_iso(),
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [
            {
                "id": str(aid),
                "filename": n,
                "size": s,
                "url": f"https://sandbox.invalid/{n}",
                "proxy_url": f"https://sandbox.invalid/{n}",
            }
            for aid, n, s in attachments
        ],
        "embeds": body.get("embeds") or [],
        "pinned": False,
        "type": 0,
        "flags": flags,
        "components": body.get("components") or [],
        "application_id": str(APP_ID),
        "webhook_id": str(APP_ID),
    }
