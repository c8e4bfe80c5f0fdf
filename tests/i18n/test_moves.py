"""Issue 15 item 4: moves stay language-independent in the log (the engine's canonical text) and
are typed and suggested in the player's words too (``i18n.moves``; words in ``<game> move``)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Mapping
from pathlib import Path

from i18n import moves
from i18n.catalogue import entries, translations
from rules import all_games, find_game
from rules.core import game_catalogue_names, game_commands
from tests.bot.harness import Harness


def legal_texts(name: str, options: Mapping[str, object], games: int = 3) -> set[str]:
    game = find_game(name)
    seen: set[str] = set()
    for seed in range(games):
        state = game.setup(players=2 + seed % 3, seed=seed, options=options)
        rng = random.Random(seed)
        for _ in range(400):
            if game.outcome(state) is not None:
                break
            player = sorted(game.active_players(state))[0]
            legal = game.legal_moves(state, player)
            seen |= {m.to_text() for m in legal}
            state, _ = game.apply(state, player, rng.choice(legal))
    return seen


def test_every_legal_move_round_trips_through_italian() -> None:
    """Localized then read back, every legal move text of random games is the engine's again,
    and the engine parses the Italian text to the same move; the expansions' moves too (Houses of
    Renaissance: bid, token, faceup, ...; Henry V: lord, shield, archer, ...)."""
    sets: list[tuple[str, dict[str, object]]] = [
        ("lorenzo", {"leaders": True, "advanced_tiles": True}),
        ("lorenzo", {"houses": True}),
        ("lancaster", {}),
        ("lancaster", {"henry_v": True, "kings_resentment": True}),
    ]
    for name, options in sets:
        texts = legal_texts(name, options)
        assert texts
        for text in texts:
            shown = moves.localize(name, text, "it")
            assert moves.canonical(name, shown) == text, (text, shown)
        translated = [moves.localize(name, t, "it") for t in texts]
        assert sum(a != b for a, b in zip(translated, sorted(texts), strict=False)) > 0


def test_move_words_are_single_words_and_never_collide() -> None:
    """Each Italian word is one word part (no space, _, = or :; a compound such as special_token
    may keep its "_"), unique within its game, and no Italian word is another English move word
    (or "no" would mean two things)."""
    for game in all_games():
        english = game_catalogue_names(game).get(moves.context_of(game.name), [])
        table = moves.words(game.name, "it")
        assert set(table) == set(english), game.name
        folded = [moves.fold(w) for w in table.values()]
        assert len(folded) == len(set(folded)), game.name
        for en, word in table.items():
            assert moves.TOKENS.split(word) == [word] and word.count("_") == en.count("_"), word
            other = moves.fold(word)
            assert other not in english or other == en, (game.name, en, word)
    assert translations("it").messages  # the catalogue is loaded


def test_expansion_moves_typed_in_italian() -> None:
    """Issue 15 item 4 for the expansions: an Italian player types Henry V's and Houses of
    Renaissance's moves in Italian; the engine reads its own words."""
    assert moves.canonical("lancaster", "lord cancelliere cavaliere=3 tudor vescovi=2") == (
        "lord chancellor knight=3 tudor bishops=2"
    )
    assert moves.canonical("lancaster", "cavaliere 2 contea:D scudo") == "knight 2 county:D shield"
    assert moves.canonical("lancaster", "lord casa") == "lord home"
    assert moves.canonical("lorenzo", "offri colonna 3") == "bid colonna 3"
    assert moves.canonical("lorenzo", "privilegio segnalino_speciale") == "privilege special_token"
    assert moves.canonical("lorenzo", "piazza marrone mercato_1") == "place brown market_1"
    assert moves.localize("lorenzo", "faceup victory", "it") == "scoperto vittoria"


def test_italian_typed_move_and_suggestions_in_the_sandbox(tmp_path: Path) -> None:
    """Words typed in Italian find the moves (each suggestion says what the move does, its value
    is canonical); a move typed in Italian is played and logged in the engine's words."""

    async def go() -> None:
        async with Harness(tmp_path / "t.db", games=[find_game("lorenzo")]) as h:
            await h("alice /game new game:lorenzo")
            await h("bob /game join")
            await h.started()
            turn = await h.tables.turn(1)
            actor = turn.acting[0].name
            await h(f"@locale {actor} it")
            choices = (await h.one(f'{actor} ? /move "text:piazza nero terr"'))["choices"]
            assert choices and all("Territor" in c["name"] for c in choices)
            assert all(c["value"].startswith("place black territory_") for c in choices)
            spaces = (await h.one(f"{actor} ? /lorenzo place member:black space:merc"))["choices"]
            assert spaces and {c["name"][:8] for c in spaces} == {"mercato_"}
            await h(f'{actor} /move "text:piazza nero territorio_1"')
            log = await h.tables.log(1)
            assert log[-1].text == "place black territory_1"

    asyncio.run(go())


def test_a_game_command_and_its_move_word_read_the_same_in_italian() -> None:
    """A game's own subcommand or option named as one of its move words is that word in Italian
    too (playtest: ``/lancaster lord`` read ``signore`` while the moves, events and help say
    "lord"): a player meets one word for one thing."""
    found = list(entries("it"))
    command_words = {
        (e.context, e.id): e.string for e in found if e.domain == "commands" and isinstance(e.id, str)
    }
    apart = []
    for game in all_games():
        said = {e.id: e.string for e in found if e.context == f"{game.name} move"}
        for command in game_commands(game):
            named = [("command name", command.name)] + [("option name", p.name) for p in command.params]
            apart += [
                (game.name, key, command_words.get(key), said[key[1]])
                for key in named
                if key[1] in said and command_words.get(key) != said[key[1]]
            ]
    assert apart == []
