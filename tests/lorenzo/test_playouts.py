"""Seeded random playouts for every player count and option set (see playout.py for the checks)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.lorenzo.playout import OPTION_SETS, play_one


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    "options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "defaults"
)
def test_random_playouts_keep_the_invariants(players: int, options: dict[str, Any]) -> None:
    for seed in range(2):
        play_one(players, 100 + seed, options)
