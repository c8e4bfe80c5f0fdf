"""design.md, "The parts": the table service and storage know no Discord types; the parts of
bot/ depend on each other in one direction only (service <- app <- sandbox)."""

from __future__ import annotations

import ast
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"


def imported_modules(path: Path) -> set[str]:
    """Every absolute module a file imports, in full (``bot.app.guard``, ``discord.ui``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    names |= {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0
    }
    return names


def offenders(folder: str, banned: tuple[str, ...]) -> list[str]:
    found = []
    files = sorted((BOT / folder).rglob("*.py"))
    assert files, f"bot/{folder} has no modules"
    for path in files:
        found += [f"{path.relative_to(BOT.parent)} imports {name}" for name in offenders_in(path, banned)]
    return found


def test_service_folder_does_not_import_discord() -> None:
    """Every module under bot/service/ (present and future) is Discord-free: no discord.py, no
    aiohttp, and nothing from the discord.py layer or the sandbox above it."""
    assert offenders("service", ("discord", "aiohttp", "bot.app", "bot.sandbox")) == []


def test_discord_layer_does_not_depend_on_the_sandbox() -> None:
    assert offenders("app", ("bot.sandbox",)) == []


def test_the_boundary_check_sees_a_discord_import(tmp_path: Path) -> None:
    """The rule reads real imports: a module that imports discord is named."""
    sample = tmp_path / "x.py"
    sample.write_text("from discord.ui import View\nimport bot.app.guard\n", encoding="utf-8")
    assert imported_modules(sample) == {"discord.ui", "bot.app.guard"}


def test_bot_knows_no_particular_game() -> None:
    """Issue 9: games declare their own commands and content settings (rules.core), so bot/
    imports no game package and names no game: no game name, title or per-game command."""
    from rules import GAME_PACKAGES, all_games
    from rules.core import game_commands

    packages = tuple(f"rules.{p}" for p in GAME_PACKAGES)
    for folder in ("service", "app", "sandbox"):
        assert offenders(folder, packages) == []
    assert [str(p) for p in BOT.glob("*.py") if offenders_in(p, packages)] == []
    words = {g.name for g in all_games()} | {g.title for g in all_games()}
    words |= {f"/{g.name}" for g in all_games() if game_commands(g)}
    for path in sorted(BOT.rglob("*")):
        if path.suffix in (".py", ".sql"):
            text = path.read_text(encoding="utf-8").lower()
            named = sorted(w for w in words if w.lower() in text)
            assert not named, f"{path.relative_to(BOT.parent)} names {named}"


def offenders_in(path: Path, banned: tuple[str, ...]) -> list[str]:
    return [n for n in imported_modules(path) if any(n == b or n.startswith(b + ".") for b in banned)]
