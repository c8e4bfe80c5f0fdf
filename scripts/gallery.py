"""Write sample board images for review: early, middle and end of a game, each player count.

    .venv/bin/python scripts/gallery.py [--out out/gallery] [--seed 3] [--game lorenzo]

Games are seeded random playouts of the real engines, so the images are boards the bot could
post. Each stage gets the public board and the private board of the seat to move (of seat 0 once
the game is over). Alt texts are written next to the images in ``alt.txt``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from render import render_view
from rules import all_games
from rules.playout import playout_states

STAGES = (("early", 0.12), ("middle", 0.5), ("end", 1.0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="out/gallery")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--game", default=None, help="only this game")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    alt_lines: list[str] = []
    for game in all_games():
        if args.game and game.name != args.game:
            continue
        for players in range(game.min_players, game.max_players + 1):
            states = list(playout_states(game, players, args.seed + players))
            for stage, fraction in STAGES:
                state = states[min(len(states) - 1, int(fraction * (len(states) - 1)))]
                seat = (sorted(game.active_players(state)) or [0])[0]
                for viewer in (None, seat):
                    image = render_view(
                        game.name, game.player_view(state, viewer), private=viewer is not None
                    )
                    who = "public" if viewer is None else f"seat{viewer}"
                    name = f"{game.name}-{players}p-{stage}-{who}.{image.filename.rsplit('.', 1)[1]}"
                    (out / name).write_bytes(image.data)
                    alt_lines.append(f"{name}: {image.alt_text}")
                    print(f"{name}  {image.width}x{image.height}  {len(image.data) // 1024} KB")
    (out / "alt.txt").write_text("\n".join(alt_lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
