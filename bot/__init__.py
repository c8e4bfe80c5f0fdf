"""The Discord front end of Tavola, and everything under it that knows no Discord.

One module per concern:

- ``store``        — games, seats and move logs in SQLite (WAL, numbered migrations in
                     ``migrations/``, optimistic version check on every write);
- ``table``        — the table service: lobby, life cycle and moves against the rules engines,
                     no Discord types (the sandbox, tests and benchmarks drive it too);
- ``present``      — the words of lobby cards, turn messages and results;
- ``interactions`` — answering moves, buttons and selects (persistent ``DynamicItem``s);
- ``commands``     — the slash commands ``/game …`` and ``/move``; ``per_game`` adds the
                     per-game groups (``/lorenzo``, ``/lancaster``);
- ``app``          — the discord.py client (command sync when changed, the reminder task);
                     ``config`` — settings from the environment or ``.env`` and the game content
                     they choose; ``clock`` — the time reminders are measured with;
- ``sandbox``      — the real bot on a simulated Discord, offline; ``__main__`` — the entry point.
"""
