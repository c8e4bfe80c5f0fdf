"""The computer players' levels the bot offers (issue 10): the players package's own list."""

from __future__ import annotations

# The same names as ``players.LEVELS`` (tests/players check they agree), kept here so the bot's
# commands and settings do not import the players package (its search code) to list them.
COMPUTER_LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")
DEFAULT_LEVEL = "normal"  # /game new bot_level and the "Add computer" button
TAKEOVER_LEVEL = "normal"  # who plays a seat whose clock ran out (a sensible player, not random)
