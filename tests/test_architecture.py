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


# The project rule "no function over 60 lines" (data tables are module constants, not functions).
MAX_FUNCTION_LINES = 60
SHORT_FUNCTION_PACKAGES = ("rules", "render", "bot", "players")


def _long_functions(root: Path) -> list[str]:
    """Every function or method under ``root`` (nested ones too) longer than the limit."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    found.append(f"{path.relative_to(root.parent)}:{node.lineno} {node.name} ({lines} lines)")
    return found


def test_no_function_is_longer_than_sixty_lines() -> None:
    long = [f for package in SHORT_FUNCTION_PACKAGES for f in _long_functions(ROOT / package)]
    assert not long, "split these into well-named parts:\n" + "\n".join(long)


def test_the_length_check_sees_a_long_nested_function(tmp_path: Path) -> None:
    body = "\n".join(f"        x{i} = {i}" for i in range(MAX_FUNCTION_LINES))
    (tmp_path / "m.py").write_text(f"def outer() -> None:\n    def inner() -> None:\n{body}\n")
    found = _long_functions(tmp_path)
    assert [f.split(" ")[1] for f in found] == ["outer", "inner"]
