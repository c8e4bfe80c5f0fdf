"""The benchmark scripts keep working (figures are printed by the scripts, never asserted here)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bench.engines import bench
from rules import all_games


def test_engine_bench_reports_every_figure_for_every_game() -> None:
    for game in all_games():
        figures = bench(game, game.min_players, games=1, options={})
        assert figures["game"] == game.name and figures["games"] == 1
        assert figures["moves_per_game_median"] > 0
        assert figures["floor_ms_median"] > 0 and figures["game_ms_median"] > 0


def compiled_here() -> bool:
    from rules import compiled

    return compiled.STATUS.startswith("compiled")


def test_simulate_bench_reports_the_paths_and_the_floor() -> None:
    from bench.simulate import bench as simulate_bench
    from rules import find_game

    for name, options in (("lancaster", {}), ("lorenzo", {"leaders": True})):
        figures = simulate_bench(find_game(name), 2, rounds=1, seconds=0.05, tree=None, options=options)
        paths = {"contract", "fast", "floor"}
        # With the compiled engines, also today's fast path from its sources (rules/compiled.py).
        assert set(figures["playouts_per_s"]) == (paths | {"fast_source"} if compiled_here() else paths)
        assert figures["moves_per_playout"] > 0 and figures["fast_over_floor"] > 0
        assert figures["options"] == options


def test_pipeline_bursts_report_acks_and_boards_for_threads_and_processes(tmp_path) -> None:
    import asyncio

    from bench.pipeline import bursts

    figures = asyncio.run(bursts(tmp_path, sizes=(2,), rounds=1))
    for mode in ("threads_2", "processes_2"):
        assert figures[mode]["moves"] == 2
        assert figures[mode]["board_p99_ms"] >= figures[mode]["ack_p50_ms"] > 0
    assert figures["workers"] >= 1


def test_arena_reports_every_figure_by_level() -> None:
    """A smoke run of bench.arena: one short game, the figures keyed by level, seats rotated."""
    from bench.arena import arena, lineup
    from rules import find_game

    assert lineup(["hard", "easy", "easy", "easy"], 4, 1) == ["easy", "easy", "easy", "hard"]
    figures = arena(find_game("lancaster"), 2, games=2, levels=["random", "easy"], seed=3)
    assert set(figures["win_rate"]) == set(figures["mean_score"]) == {"random", "easy"}
    assert set(figures["seconds_per_decision"]) == {"random", "easy"}
    assert sum(figures["win_rate"].values()) == 1.0  # one win per game, split among ties
    assert figures["seat_games"] == {"random": 2, "easy": 2}


def test_arena_plays_with_the_options_given(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--option`` is read as the game reads it and reaches every game's setup."""
    from bench import arena

    setups: list[dict[str, Any]] = []
    real_setup = arena.find_game("lorenzo").setup

    def setup(players: int, seed: int, options: dict[str, Any] | None = None) -> Any:
        setups.append(dict(options or {}))
        return real_setup(players, seed, options)

    monkeypatch.setattr(arena.find_game("lorenzo"), "setup", setup)
    arena.main(
        [
            "--game",
            "lorenzo",
            "--players",
            "2",
            "--games",
            "1",
            "--levels",
            "random",
            "--option",
            "leaders=true",
        ]
    )
    assert json.loads(capsys.readouterr().out)["options"] == {"leaders": True}
    assert setups == [{"leaders": True}] * 2  # the check of the player count, then the game
    with pytest.raises(SystemExit):  # five players need houses=true: a usage error, not a traceback
        arena.main(["--game", "lorenzo", "--players", "5", "--games", "1", "--levels", "random"])
    assert "5 players need the houses option" in capsys.readouterr().err


def test_simulate_bench_counts_moves_for_callgrind_and_reads_its_totals(capsys: Any) -> None:
    """``--instructions``: the child that callgrind watches plays a fixed number of playouts and
    says how many moves they made; the total is read from the output file's ``totals:`` line.
    (The valgrind run itself takes minutes, so it is not run here.)"""
    from bench.simulate import callgrind_total, counting_worker

    for path in ("contract", "fast", "floor"):
        counting_worker("lancaster", 2, 2, {}, path)
        made = json.loads(capsys.readouterr().out)
        assert made == 2 if path == "floor" else made > 20
    assert callgrind_total("events: Ir\nsummary: 123\ntotals: 456\n") == 456
    assert callgrind_total("events: Ir\nsummary: 123\n") == 123
    with pytest.raises(ValueError):
        callgrind_total("events: Ir\n")
