"""The discord.py layer: the only part of Tavola that knows Discord (design.md, "The parts").

- ``client``     — ``TavolaBot``: command sync when changed, the clock task, the tree;
- ``commands``   — the slash commands ``/game …`` and ``/move``; ``per_game`` the per-game groups;
- ``actions``    — what a command or a component does: moves, lobby changes, starting, private boards;
- ``components`` — the persistent buttons and selects (``DynamicItem``s) and the views that hold them;
- ``posting``    — board images (rendered off the event loop) and the public turn messages;
- ``guard``      — the one answer to every error a player meets, for commands and components alike;
- ``context``    — what every handler reads from an interaction (the table service, the player).
"""
