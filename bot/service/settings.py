"""A player's own settings (``/game settings``): quiet hours in their time zone, turn DMs."""

from __future__ import annotations

from dataclasses import replace

from bot.service.clocks import SettingError, check_zone, parse_quiet, quiet_of
from bot.service.store import PlayerSettings, Store
from bot.service.table import TableError
from i18n import translate

OFF_WORDS = ("off", "none", "no")


async def update(
    store: Store, user_id: int, *, quiet: str | None = None, tz: str | None = None, dm: bool | None = None
) -> PlayerSettings:
    """Change what was given, keep the rest; raises ``TableError`` (nothing saved) for a bad value."""
    current = (await store.player_settings([user_id])).get(user_id, PlayerSettings(user_id))
    changed = current
    try:
        if tz is not None:
            changed = replace(changed, tz=check_zone(tz))
        if quiet is not None:
            off = quiet.strip().lower() in OFF_WORDS
            changed = replace(changed, quiet=None if off else parse_quiet(quiet))
    except SettingError as exc:
        raise TableError(str(exc)) from exc
    if dm is not None:
        changed = replace(changed, dm=dm)
    if changed != current:
        await store.save_player_settings(changed)
    return changed


def describe(settings: PlayerSettings, lang: str | None = None) -> str:
    """The settings in words, for the player's private answer (in their ``lang``)."""
    quiet = quiet_of(settings)
    lines = [
        translate("Your Tavola settings (the same in every server):", lang),
        translate(
            "• Quiet hours: {hours} — no pings then; they wait until your quiet hours end.",
            lang,
            hours=quiet.text(),
        )
        if quiet
        else translate("• Quiet hours: none (set them with `quiet:22-08 tz:Europe/Rome`).", lang),
        translate("• Time zone: {tz}", lang, tz=settings.tz)
        if settings.tz
        else translate("• Time zone: not set (quiet hours read as UTC).", lang),
        translate("• Direct message when it becomes your turn: on (at most one per turn).", lang)
        if settings.dm
        else translate("• Direct message when it becomes your turn: off (`dm:on` to get one).", lang),
    ]
    return "\n".join(lines)


__all__ = ["describe", "update"]
