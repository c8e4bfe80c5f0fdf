"""design.md, "The parts": the table service and storage know no Discord types."""

from __future__ import annotations

import ast
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"
DISCORD_FREE = (
    "store.py",
    "postgres_store.py",
    "database.py",
    "table.py",
    "present.py",
    "config.py",
    "clock.py",
)


def test_table_service_and_storage_do_not_import_discord() -> None:
    for name in DISCORD_FREE:
        tree = ast.parse((BOT / name).read_text(encoding="utf-8"))
        imported = {
            alias.name.split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
        } | {
            node.module.split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0
        }
        assert "discord" not in imported, f"bot/{name} imports discord"
