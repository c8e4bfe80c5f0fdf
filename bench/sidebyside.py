"""Benchmark two checkouts side by side in one run: ``python -m bench.sidebyside BEFORE AFTER [N]``.

Runs ``python -m bench.pipeline bursts`` (the burst figures: 6, 20 and 50 simultaneous moves,
boards drawn in threads and in the worker pool) in each checkout in turn, ``N`` times (default
2), alternating BEFORE, AFTER, BEFORE, AFTER… so that whatever else the machine does weighs on
both alike, and prints one JSON line: each figure's median over the runs for both checkouts, and
the ratio after/before. Both run with this interpreter (one virtual environment serves both; a
checkout's own packages come first on the path).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

FIGURES = ("ack_p50_ms", "ack_p99_ms", "board_p50_ms", "board_p99_ms")


def bursts_of(tree: Path) -> dict[str, Any]:
    """One ``bench.pipeline bursts`` run in ``tree``: its ``bursts`` figures."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, "-m", "bench.pipeline", "bursts"],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    last = [line for line in done.stdout.splitlines() if line.startswith("{")][-1]
    figures: dict[str, Any] = json.loads(last)["bursts"]
    return figures


def medians(runs: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Per burst kind (``threads_20``, ``processes_50``, …): each figure's median over the runs."""
    found: dict[str, dict[str, float]] = {}
    for kind in runs[0]:
        if not isinstance(runs[0][kind], dict):
            continue
        found[kind] = {f: round(statistics.median(r[kind][f] for r in runs), 1) for f in FIGURES}
    return found


def main() -> None:
    if len(sys.argv) not in (3, 4):
        raise SystemExit("usage: python -m bench.sidebyside BEFORE_TREE AFTER_TREE [RUNS]")
    before, after = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
    count = int(sys.argv[3]) if len(sys.argv) == 4 else 2
    runs: dict[str, list[dict[str, Any]]] = {"before": [], "after": []}
    for _ in range(count):
        runs["before"].append(bursts_of(before))
        runs["after"].append(bursts_of(after))
    was, now = medians(runs["before"]), medians(runs["after"])
    ratios = {
        kind: {f: round(now[kind][f] / was[kind][f], 2) if was[kind][f] else None for f in FIGURES}
        for kind in now
        if kind in was
    }
    print(json.dumps({"runs": count, "before": was, "after": now, "after_over_before": ratios}))


if __name__ == "__main__":
    main()
