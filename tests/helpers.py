"""Test helpers every game's tests share, one name per job and one argument order:
``(game, state, seat, ...)``. Each game's helper module (tests/<game>/helpers.py) binds its own
``GAME`` under the same names: ``play(state, seat, text)``, ``play_active(state, *texts)``,
``move_texts(state, seat)``.

Other shared test machinery: the conformance runner (tests/conformance.py), the playthrough
format and its replay (tests/playthroughs/), seeded states worth drawing (tests/render/helpers.py).
"""

from __future__ import annotations

from typing import Any

from rules.core import Game


def play(game: Game, state: Any, seat: int, text: str) -> tuple[Any, list[str]]:
    """``seat`` plays ``text`` as the bot would: ``parse`` (which refuses what is not legal now),
    then ``apply``; returns the next state and the events."""
    return game.apply(state, seat, game.parse(state, seat, text))


def play_active(game: Game, state: Any, *texts: str) -> tuple[Any, list[str]]:
    """Play each text by whoever must act then (exactly one seat must); the events of them all."""
    events: list[str] = []
    for text in texts:
        (seat,) = game.active_players(state)
        state, more = play(game, state, seat, text)
        events.extend(more)
    return state, events


def move_texts(game: Game, state: Any, seat: int) -> list[str]:
    """The seat's legal moves now, as the texts a player would type, in the engine's order."""
    return [m.to_text() for m in game.legal_moves(state, seat)]


def compiled_engine() -> bool:
    """Whether this process runs the compiled engines (rules/compiled.py)."""
    from rules import compiled

    return compiled.STATUS.startswith("compiled")


def run_on_the_sources(nodeid: str) -> None:
    """Run one test in a child pytest on the engines' Python sources (``TAVOLA_PURE=1``), for a
    test that must spy on an engine function: compiled code calls its functions directly, past
    any patch. ``tests/test_compiled.py`` holds the compiled engines to the sources."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    found = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "no:cacheprovider", nodeid],
        cwd=Path(__file__).resolve().parent.parent,
        env={**os.environ, "TAVOLA_PURE": "1"},
        capture_output=True,
        text=True,
    )
    assert found.returncode == 0, found.stdout[-3000:] + found.stderr[-2000:]
