"""The Discord front end of Tavola, and everything under it that knows no Discord.

Three parts, each depending only on the ones before it (``tests/bot/test_boundaries.py``):

- ``service/`` — Discord-free: the table service (``table``), storage (``store``), the words of
                 messages (``present``), settings (``config``) and the clock;
- ``app/``     — the discord.py layer: the client, the slash commands, the persistent buttons
                 and selects, posting boards, and the one guard that answers every error;
- ``sandbox/`` — the real bot on a simulated Discord, offline (tests and newcomers use it).

``__main__`` is the entry point (``python -m bot``). ``docs/architecture.md`` has the picture.
"""
