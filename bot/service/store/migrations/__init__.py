"""Numbered SQL migrations, one sequence for both stores (SQLite and PostgreSQL).

A migration is ``NNNN_name.sql``, written in SQL both databases accept (``BIGINT`` for Discord
ids, ``DOUBLE PRECISION`` for times, ``TEXT``; SQLite reads those type names with the same
affinities as INTEGER and REAL). Where one statement cannot be shared (SQLite's ``INTEGER PRIMARY
KEY`` against PostgreSQL's identity column), the migration ships as a pair
``NNNN_name.sqlite.sql`` + ``NNNN_name.postgres.sql`` with the same effect. Every number from 1 up
exists exactly once per dialect; a number with only one half of a pair is refused.

Each store records the last number applied (SQLite: ``PRAGMA user_version``; PostgreSQL: the
``schema_migrations`` table) and applies the newer ones in order, each in its own transaction.
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from typing import Literal

Dialect = Literal["sqlite", "postgres"]
DIALECTS: tuple[Dialect, ...] = ("sqlite", "postgres")


def load(dialect: Dialect, folder: Traversable | None = None) -> list[tuple[int, str]]:
    """The migrations for ``dialect`` as (number, sql), in order; raises on a gap or a stray file.

    ``folder``: where to read them (default: this package)."""
    shared: dict[int, str] = {}
    own: dict[Dialect, dict[int, str]] = {d: {} for d in DIALECTS}
    for entry in (folder or resources.files(__name__)).iterdir():
        name = entry.name
        if not (name.endswith(".sql") and name[:4].isdigit()):
            continue
        number, stem = int(name[:4]), name[: -len(".sql")]
        sql = entry.read_text(encoding="utf-8")
        suffix = stem.rsplit(".", 1)[-1] if "." in stem else None
        if suffix is None:
            target = shared
        elif suffix in DIALECTS:
            target = own[suffix]
        else:
            raise RuntimeError(f"migration {name}: unknown dialect '{suffix}' (use {' or '.join(DIALECTS)})")
        if number in target:
            raise RuntimeError(f"migration number {number} appears twice")
        target[number] = sql
    for number in sorted(set(own["sqlite"]) ^ set(own["postgres"])):
        raise RuntimeError(f"migration {number} has only one half of its sqlite/postgres pair")
    for number in sorted(set(shared) & set(own["sqlite"])):
        raise RuntimeError(f"migration {number} is both shared and per dialect")
    found = sorted({**shared, **own[dialect]}.items())
    numbers = [n for n, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise RuntimeError(f"migrations must be numbered 1..n without gaps, found {numbers}")
    return found


def statements(sql: str) -> list[str]:
    """Split a migration into statements (our migrations hold no semicolons inside strings)."""
    lines = [line.split("--", 1)[0] for line in sql.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
