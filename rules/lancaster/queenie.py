"""Queenie 1: Reward Tiles (option ``queenie``; EXPANSIONS.md section 6, Q1-Q6).

Nine tiles A-I go into a bag, shuffled once at setup (the bag order is secret from everyone, S3).
At the start of each round one tile is revealed and laid beside the printed reward of the county
with its letter (Q2). Whoever takes that county's printed reward also gains the tile (Q3,
``queenie.engine.tile_goes_with``); at the end of the round the tile leaves the game, taken or not
(Q5, ``unclaimed_tile``); an ally forfeits it (Q6, ``ally_takes_tile``). With Henry V the
power-point tiles A, D and F are the seal tiles (Q1, C3).

State keys, present only when the option is on: ``reward_bag`` (tile letters still in the bag, in
draw order: secret) and ``reward_tiles`` (county letters with a revealed tile beside them, in the
order they were revealed; one at most unless ``unclaimed_tile = stays``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from rules.core import Events, say
from rules.lancaster import model as m
from rules.lancaster.words import effects_words

if TYPE_CHECKING:
    from rules.lancaster.engine import Engine

State = m.State
SOURCE = "reward tiles"
"""Where tile PP are booked (a line of the final breakdown) and what an upgrade question names."""


class RewardTile(TypedDict):
    letter: str
    reward: str
    reward_effects: list[Any]


class QueenieView(TypedDict):
    """The public part of the expansion (S2): the tiles beside their counties, the bag's size."""

    tiles: list[RewardTile]
    bag: int
    provisional: bool


def in_play(state: State) -> bool:
    return bool(state["options"].get("queenie"))


def tiles(data: dict[str, Any], state: State) -> dict[str, list[dict[str, Any]]]:
    """Tile letter -> its effects for this game (Q1, Q4: the seal tiles with Henry V)."""
    queenie = data["queenie"]
    found = dict(queenie["tiles"])
    if state["options"].get("henry_v"):
        found.update(queenie["seal_tiles"])
    return found


def setup(engine: Engine, state: State) -> None:
    """Q1 and 3.3: the bag, shuffled once (after the base game's draws, so they stay the same)."""
    bag = sorted(engine.data["queenie"]["tiles"])
    engine._rng(state).shuffle(bag)
    state["reward_bag"] = bag
    state["reward_tiles"] = []


def reveal(engine: Engine, state: State, events: Events) -> None:
    """Q2: the round's tile goes beside the county with its letter (never its noble stack's)."""
    drawn = state["reward_bag"][: engine.data["queenie"]["draw_per_round"]]
    if not drawn:
        return
    state["reward_bag"] = state["reward_bag"][len(drawn) :]
    state["reward_tiles"] = [*state["reward_tiles"], *drawn]
    for letter in drawn:
        effects = tiles(engine.data, state)[letter]
        name = engine.data["counties"][letter]["name"]
        events.append(
            say(
                "Reward tile {tile} ({effects}) is laid beside county {tile} ({name}).",
                tile=letter,
                effects=effects_words(effects),
                name=name,
            )
        )


def claim(
    engine: Engine, state: State, decision: dict[str, Any], choice: str, events: Events
) -> list[m.Task]:
    """Q3 and Q6: the tasks of the tile beside the county just rewarded, for its occupant (the
    tile leaves the county); none when there is no tile or the choice does not take it."""
    letter, force = decision["county"], decision["force"]
    if not in_play(state) or letter not in state["reward_tiles"]:
        return []
    rules = engine.data["queenie"]["engine"]
    if rules["tile_goes_with"] == "reward" and choice == "noble":
        return []  # the noble alone does not take the tile: it stays for the round
    state["reward_tiles"] = [x for x in state["reward_tiles"] if x != letter]
    effects = tiles(engine.data, state)[letter]
    if m.is_ally(state, force):
        allowed = engine.data["ally"]["county_effects"] if rules["ally_takes_tile"] else ()
        kept = [e for e in effects if e["type"] in allowed]
        if len(kept) < len(effects):
            events.append(
                say(
                    "{p} forfeits reward tile {tile} (allies keep no goods).",
                    p=m.force_name(state, force),
                    tile=letter,
                )
            )
        effects = kept
    if effects:
        events.append(
            say(
                "{p} takes reward tile {tile} ({effects}).",
                p=m.force_name(state, force),
                tile=letter,
                effects=effects_words(effects),
            )
        )
    return [m.effect_task(force, e, SOURCE, f"county:{letter}") for e in effects]


def end_round(engine: Engine, state: State, events: Events) -> None:
    """Q5: an unclaimed tile leaves the game (or, reading ``stays``, waits by its county)."""
    if not in_play(state) or not state["reward_tiles"]:
        return
    if engine.data["queenie"]["engine"]["unclaimed_tile"] == "removed":
        gone = ", ".join(state["reward_tiles"])
        state["reward_tiles"] = []
        events.append(say("Unclaimed reward tile {tile} leaves the game.", tile=gone))


def view(data: dict[str, Any], state: State) -> QueenieView | None:
    if not in_play(state):
        return None
    effects = tiles(data, state)
    marks = data["provisional"]
    shown: list[RewardTile] = [
        {"letter": x, "reward": effects_words(effects[x]), "reward_effects": effects[x]}
        for x in state["reward_tiles"]
    ]
    provisional = any(path.startswith("queenie.") for path in marks)
    return {"tiles": shown, "bag": len(state["reward_bag"]), "provisional": provisional}
