"""Spectators who follow a game privately (issue 12 item 7). Discord-free.

Anyone may press Watch (under a spectator's ``/game status``): from then on each public turn of
that game is also sent to them by direct message, in words, and nobody is mentioned in it (a
player's ping is for the player). The list lives in the store's key-value table (``watch:<game>``),
so it survives restarts; a second press stops watching.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from bot.service.present import clip
from bot.service.store import Store
from bot.service.table import Turn
from bot.service.words import N_
from i18n import translate

WATCHERS_MAX = 50  # direct messages per turn: beyond this a game is a show, not a table


def _key(game_id: int) -> str:
    return f"watch:{game_id}"


async def watchers(store: Store, game_id: int) -> list[int]:
    raw = await store.get_value(_key(game_id))
    try:
        found = json.loads(raw) if raw else []
    except ValueError:  # a damaged entry: nobody watches rather than a failing turn
        return []
    return [int(u) for u in found if isinstance(u, int)]


async def toggle(store: Store, game_id: int, user_id: int) -> bool:
    """Start or stop ``user_id`` watching; True when they watch now. Refused past the limit."""
    found = await watchers(store, game_id)
    if user_id in found:
        found.remove(user_id)
        await store.set_value(_key(game_id), json.dumps(found))
        return False
    if len(found) >= WATCHERS_MAX:
        raise ValueError(N_("Game #{id} has {n} watchers already.", id=game_id, n=WATCHERS_MAX))
    await store.set_value(_key(game_id), json.dumps([*found, user_id]))
    return True


def watch_content(turn: Turn, lines: Sequence[str], lang: str | None = None) -> str:
    """The direct message a watcher gets for one public turn: the game, the turn's lines (already
    in ``lang``) and who is asked now, by name only (the mentions are the players', never the
    watcher's)."""
    record = turn.record
    head = translate(
        "👁 {title} #{id} in <#{channel}>:",
        lang,
        title=turn.game.title,
        id=record.id,
        channel=record.channel_id,
    )
    waiting = ", ".join(s.name for s in turn.acting)
    if turn.outcome is not None:
        tail = translate("This game is over.", lang)
    else:
        tail = translate("Now: {waiting}.", lang, waiting=waiting) if waiting else ""
    return clip("\n".join([head, *lines, tail, translate("(Press Watch again to stop.)", lang)]))
