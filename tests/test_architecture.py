"""design.md, "The parts and the way data flows": the import boundaries between the parts."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _imports(package: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in (ROOT / package).rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module.split(".")[0])
        found[str(path.relative_to(ROOT))] = names
    return found


def test_rules_import_only_the_standard_library() -> None:
    import sys

    allowed = set(sys.stdlib_module_names) | {"rules", "__future__"}
    banned = {"asyncio"}
    for path, names in _imports("rules").items():
        bad = (names - allowed) | (names & banned)
        assert not bad, f"{path} imports {sorted(bad)}; rules/ may use only the standard library"


def test_render_does_not_import_discord_storage_or_bot() -> None:
    for path, names in _imports("render").items():
        bad = names & {"discord", "aiosqlite", "bot"}
        assert not bad, f"{path} imports {sorted(bad)}"


def test_players_use_only_the_standard_library_and_rules() -> None:
    """players/ is pure like rules/ (no Discord, storage, images or bot): the bot calls it."""
    import sys

    allowed = set(sys.stdlib_module_names) | {"rules", "players", "__future__"}
    for path, names in _imports("players").items():
        bad = (names - allowed) | (names & {"asyncio", "socket", "os"})
        assert not bad, f"{path} imports {sorted(bad)}; players/ may use only the standard library and rules"
