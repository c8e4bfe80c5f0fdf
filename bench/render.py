"""Benchmark: board render + encode time per game, printed as one JSON line.

    .venv/bin/python -m bench.render [--players 4] [--seed 7] [--samples 60] [--game lancaster]
        [--option henry_v=true ...]

For each registered game with a board, plays one seeded random game, picks up to ``--samples``
states spread over it and times ``render_view`` (draw + encode, as the bot calls it) for the
public board and for the active seat's private board. The floor is encoding a blank image of the
same size with the same encoder in the same run (what no drawing optimisation can remove). The
``encoders`` section times every candidate encoder on one mid-game public board, which is the
measurement behind ``render.encode.FORMAT_POLICY``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from typing import Any

from PIL import Image as PILImage

from render import draw_view, encode, render_view
from rules import all_games, find_game
from rules.core import Game, coerce_option
from rules.playout import playout_states


def _states(game: Game, players: int, seed: int, samples: int, options: dict[str, Any]) -> list[Any]:
    states = list(playout_states(game, players, seed, options))
    step = max(1, len(states) // samples)
    return [*states[::step][:samples], states[-1]]


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return round(ordered[index], 1)


def _time_ms(fn: Any, *args: Any, **kwargs: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    result = fn(*args, **kwargs)
    return (time.perf_counter() - start) * 1000, result


def _measure(game: Game, views: list[tuple[dict[str, Any], bool]]) -> dict[str, Any]:
    totals: list[float] = []
    draws: list[float] = []
    sizes: list[int] = []
    formats: set[str] = set()
    heights: set[int] = set()
    kind = ""
    for view, private in views:
        total, image = _time_ms(render_view, game.name, view, private=private)
        draw, drawing = _time_ms(draw_view, game.name, view, private=private)
        totals.append(total)
        draws.append(draw)
        sizes.append(len(image.data))
        formats.add(image.filename.rsplit(".", 1)[1])
        heights.add(image.height)
        kind = drawing.kind
    blank = PILImage.new("RGB", (1600, max(heights)), (255, 255, 255))
    floor = [_time_ms(encode.encode, blank, kind)[0] for _ in range(5)]
    return {
        "n": len(totals),
        "p50_ms": _percentile(totals, 0.5),
        "p99_ms": _percentile(totals, 0.99),
        "max_ms": round(max(totals), 1),
        "draw_p50_ms": _percentile(draws, 0.5),
        "floor_blank_encode_ms": round(statistics.median(floor), 1),
        "format": sorted(formats),
        "encoder": encode.FORMAT_POLICY.get(kind, encode.FORMAT_POLICY["default"]),
        "bytes_p50": int(statistics.median(sizes)),
        "bytes_max": max(sizes),
        "size_px": [1600, sorted(heights)],
    }


def _encoders(game: Game, view: dict[str, Any], private: bool) -> dict[str, Any]:
    """Every candidate encoder on one board, and the choice the policy rule makes from them:
    the smallest file among the encoders within 30 ms of the fastest (lossy WebP only if
    nothing lossless qualifies, since it blurs small text)."""
    img = draw_view(game.name, view, private=private).canvas.image
    result: dict[str, Any] = {}
    for name, (_, encoder) in encode.ENCODERS.items():
        times = []
        data = b""
        for _ in range(3):
            ms, data = _time_ms(encoder, img)
            times.append(ms)
        result[name] = {"ms": round(min(times), 1), "kb": round(len(data) / 1024, 1)}
    fastest = min(r["ms"] for r in result.values())
    fair = {n: r for n, r in result.items() if r["ms"] <= fastest + 30}
    lossless = {n: r for n, r in fair.items() if n != "webp-lossy"} or fair
    result["recommended"] = min(lossless, key=lambda n: lossless[n]["kb"])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--samples", type=int, default=60)
    parser.add_argument("--game", help="one game's name (default: every registered game)")
    parser.add_argument("--option", action="append", default=[], help="name=value, repeatable (that game's)")
    args = parser.parse_args()
    report: dict[str, Any] = {
        "bench": "render",
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "players": args.players,
        "games": {},
        "encoders": {},
    }
    for game in [find_game(args.game)] if args.game else all_games():
        known = {o.name: o for o in game.options()}
        options: dict[str, Any] = {}
        for pair in args.option:
            name, _, value = pair.partition("=")
            if name in known:
                options[name] = coerce_option(known[name], value)
        players = min(max(args.players, game.min_players), game.max_players)
        states = _states(game, players, args.seed, args.samples, options)
        draw_view(game.name, game.player_view(states[0], None), private=False)  # warm font caches
        public = [(game.player_view(s, None), False) for s in states]
        private = [
            (game.player_view(s, seat), True)
            for s in states
            for seat in (sorted(game.active_players(s)) or [0])[:1]
        ]
        report["games"][game.name] = {
            "players": players,
            "options": options,
            "public": _measure(game, public),
            "private": _measure(game, private),
        }
        report["encoders"][f"{game.name}-public"] = _encoders(game, public[len(public) // 2][0], False)
        report["encoders"][f"{game.name}-private"] = _encoders(game, private[len(private) // 2][0], True)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
