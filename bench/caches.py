"""Measurement behind the render caches' sizes (issue 16 item 4): hit rate by LRU size.

``render.canvas`` keeps two caches keyed by text: label masks (``_label``) and text widths
(``text_width``). Event sentences make new keys every move, so unbounded they grew ~3,300
entries per Lorenzo game. This plays ``GAMES`` random games of every game at once, interleaved
move by move (as one worker process draws boards of many games), draws every public board,
records the sequence of keys each cache is asked for, and replays that sequence through an LRU
of each candidate size: prints the hit rate per size (unbounded = the ceiling), the distinct
keys, and the label masks' mean bytes (to turn an entry count into memory).

Run: ``.venv/bin/python -m bench.caches [games-per-game]`` (default 2; one JSON line).
"""

from __future__ import annotations

import json
import sys
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from typing import Any

from render import canvas, draw_view, frame
from rules import all_games
from rules.playout import random_playout

SIZES = (256, 512, 1024, 2048, 4096, 8192)
PLAYERS = 4


def lru_hit_rate(keys: list[Hashable], size: int | None) -> float:
    """The share of ``keys`` an LRU of ``size`` entries (None: unbounded) would have held."""
    held: OrderedDict[Hashable, None] = OrderedDict()
    hits = 0
    for key in keys:
        if key in held:
            hits += 1
            held.move_to_end(key)
            continue
        held[key] = None
        if size is not None and len(held) > size:
            held.popitem(last=False)
    return round(hits / max(1, len(keys)), 4)


def recorded(fn: Callable[..., Any], keys: list[Hashable]) -> Callable[..., Any]:
    def record(*args: Any) -> Any:
        keys.append(args)
        return fn(*args)

    return record


def interleaved(games: int) -> Iterator[tuple[str, dict[str, Any]]]:
    """(game name, public view) after every move of ``games`` games of each kind, round robin."""
    runs = [
        (game, random_playout(game, PLAYERS, seed)) for seed in range(1, games + 1) for game in all_games()
    ]
    while runs:
        for entry in list(runs):
            game, steps = entry
            step = next(steps, None)
            if step is None:
                runs.remove(entry)
                continue
            yield game.name, game.player_view(step.after, None)


def measure(games: int) -> dict[str, Any]:
    labels: list[Hashable] = []
    widths: list[Hashable] = []
    mask_bytes: dict[Hashable, int] = {}
    label_fn = getattr(canvas._label, "__wrapped__", canvas._label)
    width_fn = getattr(canvas.text_width, "__wrapped__", canvas.text_width)

    def label(*args: Any) -> Any:
        mask = label_fn(*args)
        mask_bytes[args] = mask.width * mask.height
        return mask

    saved = canvas._label, canvas.text_width, frame.text_width
    canvas._label = recorded(label, labels)  # type: ignore[assignment]
    canvas.text_width = frame.text_width = recorded(width_fn, widths)  # type: ignore[assignment]
    boards = 0
    try:
        for name, view in interleaved(games):
            draw_view(name, view, private=False)
            boards += 1
    finally:
        canvas._label, canvas.text_width, frame.text_width = saved
    return {
        "games_per_game": games,
        "boards": boards,
        "label": _figures(labels, sum(mask_bytes.values()) / max(1, len(mask_bytes))),
        "text_width": _figures(widths, None),
    }


def _figures(keys: list[Hashable], mean_bytes: float | None) -> dict[str, Any]:
    figures: dict[str, Any] = {
        "calls": len(keys),
        "distinct": len(set(keys)),
        "hit_rate": {str(size): lru_hit_rate(keys, size) for size in SIZES},
        "hit_rate_unbounded": lru_hit_rate(keys, None),
    }
    if mean_bytes is not None:
        figures["mean_entry_bytes"] = round(mean_bytes)
    return figures


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    print(json.dumps(measure(games)))


if __name__ == "__main__":
    main()
