"""The computer players' levels the bot offers (issue 10): the players package's own list."""

from __future__ import annotations

# Until the players package lands its ``LEVELS``, the same names (its announced API).
COMPUTER_LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")
DEFAULT_LEVEL = "normal"  # /game new bot_level and the "Add computer" button
TAKEOVER_LEVEL = "normal"  # who plays a seat whose clock ran out (a sensible player, not random)
