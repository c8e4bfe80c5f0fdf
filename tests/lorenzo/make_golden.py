"""Write a golden playthrough (seed, options, move texts) for tests/lorenzo/test_golden.py.

    .venv/bin/python -m tests.lorenzo.make_golden PLAYERS SEED ['{"leaders": true}']

The policy is a seeded, tower-loving random player that always supports the Church when it may,
so games collect cards of every kind. The expected scores in the file are filled in by hand after
checking the breakdown against the final state (see test_golden.py).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from rules.lorenzo import GAME


def choose(rng: random.Random, texts: list[str]) -> str:
    if "support" in texts:
        return "support"
    leaders = [t for t in texts if t.startswith(("leader play", "leader activate"))]
    if leaders:
        return leaders[0]
    towers = [
        t
        for t in texts
        if t.startswith("place")
        and t.split()[2].split("_")[0] in ("territory", "character", "building", "venture")
    ]
    if towers and rng.random() < 0.75:
        return rng.choice(towers)
    takes = [t for t in texts if t.startswith("take") and t != "take none"]
    if takes:
        return rng.choice(takes)
    return rng.choice(texts)


def main() -> None:
    players, seed = int(sys.argv[1]), int(sys.argv[2])
    options = json.loads(sys.argv[3]) if len(sys.argv) > 3 else {}
    rng = random.Random(seed)
    st = GAME.setup(players, seed, options)
    moves: list[list[int | str]] = []
    while GAME.active_players(st):
        p = min(GAME.active_players(st))
        text = choose(rng, [m.to_text() for m in GAME.legal_moves(st, p)])
        st, _ = GAME.apply(st, p, GAME.parse(st, p, text))
        moves.append([p, text])
    out = GAME.outcome(st)
    assert out is not None
    suffix = "_leaders" if options.get("leaders") else ""
    path = Path(__file__).with_name("golden") / f"lorenzo_{players}p_seed{seed}{suffix}.json"
    data = {
        "players": players,
        "seed": seed,
        "options": options,
        "moves": moves,
        "expected_scores": list(out.scores),
        "expected_breakdown": [dict(b) for b in out.breakdown],
    }
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(path, out.scores)


if __name__ == "__main__":
    main()
