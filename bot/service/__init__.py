"""The Discord-free service under the bot (design.md, "The parts"): no module in this folder
imports discord (``tests/bot/test_boundaries.py`` checks the folder), so the sandbox, tests,
benchmarks and a future web front end drive the same code.

- ``table``   — lobby, life cycle and moves against the rules engines;
- ``store``   — games, seats and move logs (the ``Store`` interface and the SQLite store);
- ``present`` — the words of lobby cards, turn messages and results;
- ``config``  — settings from the environment or ``.env``, and the game content they choose;
- ``clock``   — the time move clocks are measured with (tests and the sandbox move it on);
- ``clocks``  — the clock policy: when pings are due, quiet hours (zoneinfo);
- ``pings``   — the clock's pings and turn DMs, claimed into the outbox once each;
- ``settings`` — a player's own settings (``/game settings``).
"""
