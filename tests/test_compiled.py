"""The compiled engines (rules/compiled.py, scripts/build_compiled.py): the same games as the
sources, loaded only while they match the sources, and really what the suite runs on CI."""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import rules.lancaster.engine
from rules import compiled, find_game
from rules.core import game_simulate
from rules.playout import random_playout

ROOT = Path(__file__).resolve().parent.parent

PLAYED = [
    ("lancaster", 4, 11, {}),
    ("lancaster", 2, 12, {}),
    ("lancaster", 3, 13, {"henry_v": True, "kings_resentment": True, "queenie": True}),
    ("lancaster", 5, 14, {"henry_v": True, "noble_stacks": "random", "vote_markers": 2}),
    ("lorenzo", 4, 21, {"leaders": True}),
    ("lorenzo", 3, 22, {"houses": True, "leaders": True, "advanced_tiles": True}),
]


def game_fingerprint(name: str, players: int, seed: int, options: dict[str, Any]) -> str:
    """SHA-256 over a seeded random game: every state ``apply`` reached, its events, and the
    state ``simulate`` reached from the same move (the rollouts' path)."""
    game = find_game(name)
    digest = hashlib.sha256()
    for step in random_playout(game, players, seed, options):
        digest.update(game.to_json(step.after).encode())
        digest.update(json.dumps(step.events).encode())
        digest.update(game.to_json(game_simulate(game, step.before, step.player, step.move)).encode())
    return digest.hexdigest()


def _python_on_the_sources(code: str) -> str:
    """What ``code`` prints in a child Python that runs the engines from their sources."""
    found = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, "TAVOLA_PURE": "1"},
        capture_output=True,
        text=True,
        check=True,
    )
    return found.stdout


def _from_sources(*args: Any) -> str:
    """``game_fingerprint`` in a child process that runs the engines from their sources."""
    code = f"from tests.test_compiled import game_fingerprint; print(game_fingerprint{args!r})"
    return _python_on_the_sources(code).strip()


def test_ci_runs_the_suite_on_the_compiled_engines() -> None:
    """CI requires the build (``TAVOLA_REQUIRE_COMPILED``): there the whole suite, this process
    included, must be running the binaries; elsewhere the status must say which code runs."""
    binary = rules.lancaster.engine.__file__.endswith(importlib.machinery.EXTENSION_SUFFIXES[0])
    assert compiled.STATUS.startswith("compiled") == binary
    if os.environ.get("TAVOLA_REQUIRE_COMPILED"):
        assert binary, compiled.STATUS


@pytest.mark.parametrize(("name", "players", "seed", "options"), PLAYED)
def test_the_compiled_engines_play_the_same_games_as_the_sources(
    name: str, players: int, seed: int, options: dict[str, Any]
) -> None:
    assert game_fingerprint(name, players, seed, options) == _from_sources(name, players, seed, options)


def test_the_sources_run_when_tavola_pure_is_set() -> None:
    code = "import rules.lancaster.engine as e, rules.compiled as c; print(e.__file__); print(c.STATUS)"
    found = _python_on_the_sources(code).split("\n")
    assert found[0].endswith("engine.py")
    assert found[1] == "pure Python: TAVOLA_PURE is set"


def _fake_build(tmp_path: Path) -> Path:
    """A rules folder with one module, its 'binary' and a record that vouches for it."""
    root = tmp_path / "rules"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "mod.py").write_text("X = 1\n")
    binary = root / "pkg" / f"mod{compiled.interpreter_tag()}"
    binary.write_bytes(b"not a real binary")
    record = {
        "interpreter": compiled.interpreter_tag(),
        "sources": compiled.sources_digest(root),
        "binaries": {"rules.pkg.mod": binary.relative_to(tmp_path).as_posix()},
    }
    (root / "compiled-build.json").write_text(json.dumps(record))
    return root


def test_a_build_that_matches_its_sources_is_used(tmp_path: Path) -> None:
    root = _fake_build(tmp_path)
    binaries, status = compiled.usable_build(root, environ={})
    assert binaries == {"rules.pkg.mod": root / "pkg" / f"mod{compiled.interpreter_tag()}"}
    assert status == "compiled (mypyc): 1 modules"


def test_an_edited_source_makes_the_build_stale(tmp_path: Path) -> None:
    root = _fake_build(tmp_path)
    (root / "pkg" / "mod.py").write_text("X = 2\n")
    assert compiled.usable_build(root, environ={}) == (
        {},
        "pure Python: the rules changed since the compiled build (setup-env rebuilds it)",
    )


def test_a_new_source_file_makes_the_build_stale(tmp_path: Path) -> None:
    root = _fake_build(tmp_path)
    (root / "other.py").write_text("")
    assert compiled.usable_build(root, environ={})[0] == {}


def test_a_build_for_another_python_or_with_files_missing_is_not_used(tmp_path: Path) -> None:
    root = _fake_build(tmp_path)
    record = json.loads((root / "compiled-build.json").read_text())
    status = lambda: compiled.usable_build(root, environ={})[1]  # noqa: E731
    (root / "compiled-build.json").write_text(json.dumps({**record, "interpreter": ".cpython-39.so"}))
    assert status() == "pure Python: the compiled build is for another Python"
    (root / "compiled-build.json").write_text(json.dumps(record))
    (root / "pkg" / f"mod{compiled.interpreter_tag()}").unlink()
    assert status() == "pure Python: files of the compiled build are missing"
    (root / "compiled-build.json").write_text("{")
    assert status() == "pure Python: the compiled build's record is unreadable"


def test_tavola_pure_and_a_missing_record_run_the_sources(tmp_path: Path) -> None:
    root = _fake_build(tmp_path)
    assert compiled.usable_build(root, environ={"TAVOLA_PURE": "1"})[0] == {}
    (root / "compiled-build.json").unlink()
    assert compiled.usable_build(root, environ={})[1].startswith("pure Python: no compiled build")


def test_without_a_usable_build_the_source_is_loaded_even_beside_a_binary(tmp_path: Path) -> None:
    """Python itself would load ``mod.<tag>.so`` before ``mod.py``: the chooser never does
    unless the record vouches for it."""
    root = _fake_build(tmp_path)
    spec = compiled._Chooser({}).find_spec("rules.pkg.mod", [str(root / "pkg")])
    assert spec is not None and spec.origin == str(root / "pkg" / "mod.py")
    binary = root / "pkg" / f"mod{compiled.interpreter_tag()}"
    spec = compiled._Chooser({"rules.pkg.mod": binary}).find_spec("rules.pkg.mod", [str(root / "pkg")])
    assert spec is not None and spec.origin == str(binary)
    assert compiled._Chooser({}).find_spec("json", None) is None  # not ours to choose


def test_a_simulation_words_and_keeps_nothing() -> None:
    """``simulate`` passes a ``rules.core.Wordless`` list that must stay empty: compiled code
    that saw it as a ``list[str]`` appended past ``Wordless.append`` (words made for nothing,
    and Lancaster's shared one grew without end). Steps take ``rules.core.Events`` instead."""
    import random

    import rules.lancaster.engine as lancaster_engine
    from rules.core import Wordless
    from rules.lorenzo.engine import Log

    for name, options in (("lancaster", {"henry_v": True, "kings_resentment": True}), ("lorenzo", {})):
        game = find_game(name)
        rng = random.Random(4)
        for step in random_playout(game, 3, 4, options):
            if rng.random() < 0.5:
                game_simulate(game, step.before, step.player, step.move)
    assert len(lancaster_engine._QUIET) == 0
    log = Log(events=Wordless())
    log.events.append("a sentence")  # (Lorenzo's steps append to log.events)
    assert len(log.events) == 0


def test_a_failed_build_is_not_tried_again_until_the_sources_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without a C compiler every start would try (and fail, and say so) again: the failure is
    recorded for the sources and interpreter it was for."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_compiled", ROOT / "scripts" / "build_compiled.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    monkeypatch.setattr(build, "FAILED", tmp_path / "compiled-failed.json")
    assert not build.failed_before()
    build.FAILED.write_text(json.dumps(build.this_build()))
    assert build.failed_before()
    build.FAILED.write_text(json.dumps({**build.this_build(), "sources": "an older digest"}))
    assert not build.failed_before()
