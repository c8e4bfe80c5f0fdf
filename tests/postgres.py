"""PostgreSQL for the tests: which server, one database per test process, one schema per test.

The server is the first that answers of:
1. ``TEST_DATABASE_URL`` (``bash scripts/test`` sets it to the throw-away server it started when
   it had to, see ``scripts/with_postgres.py``); set but not answering is an error, never a
   silent fallback;
2. the ``PG*`` environment variables (``PGHOST``, ``PGPORT``, ``PGUSER``, ...), if any is set;
3. ``postgresql://postgres@127.0.0.1:5432/postgres`` (the service this machine kind runs).
When none answers the PostgreSQL half is not run and the run says so in its header and summary;
``TAVOLA_REQUIRE_POSTGRES=1`` (CI) makes that an error instead.

Isolation: each pytest process (each xdist worker) creates its own database
``tavola_test_<pid>_<random>``, gives every test a fresh schema in it (the store's URL carries
``search_path``), and drops the database at the end; nothing else on the server is touched.
CREATE SCHEMA costs about 8 ms here, CREATE DATABASE about 100 ms. A user who may not create
databases gets the schemas inside the database of the URL instead, dropped the same way.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import secrets
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg

from bot.service.store.postgres import redact

URL_VAR = "TEST_DATABASE_URL"
OFF_VAR = "TAVOLA_NO_POSTGRES"  # why the PostgreSQL half is off, passed on to xdist workers
REQUIRE_VAR = "TAVOLA_REQUIRE_POSTGRES"
DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
PG_ENV = ("PGHOST", "PGPORT", "PGUSER", "PGDATABASE", "PGPASSWORD", "PGSERVICE")
PROBE_TIMEOUT = 3.0


class NoPostgres(RuntimeError):
    pass


async def _answers(url: str) -> str | None:
    """None if a PostgreSQL server answers at ``url``, else why not (one line)."""
    try:
        conn = await asyncpg.connect(url, timeout=PROBE_TIMEOUT)
    except (OSError, TimeoutError, ValueError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
        return " ".join(str(exc).split()) or type(exc).__name__
    await conn.close()
    return None


def locate() -> tuple[str | None, str]:
    """(server URL, how it was found) or (None, why there is none)."""
    explicit = os.environ.get(URL_VAR, "").strip()
    if explicit:
        problem = asyncio.run(_answers(explicit))
        if problem is not None:
            raise NoPostgres(f"{URL_VAR}={redact(explicit)} does not answer: {problem}")
        return explicit, f"{URL_VAR}={redact(explicit)}"
    tried: list[str] = []
    candidates = (["postgresql://"] if any(k in os.environ for k in PG_ENV) else []) + [DEFAULT_URL]
    for url in candidates:
        shown = "the PG* environment" if url == "postgresql://" else redact(url)
        problem = asyncio.run(_answers(url))
        if problem is None:
            return url, shown
        tried.append(f"{shown}: {problem}")
    return None, "; ".join(tried)


def configure() -> str | None:
    """Decide once per run (the first pytest process) and pass the answer on to xdist workers."""
    if OFF_VAR in os.environ:
        return None
    if os.environ.get("PYTEST_XDIST_WORKER") and os.environ.get(URL_VAR):
        return os.environ[URL_VAR]  # the controller found it already
    url, how = locate()
    if url is None:
        if os.environ.get(REQUIRE_VAR) == "1":
            raise NoPostgres(f"{REQUIRE_VAR}=1 but no PostgreSQL server answers ({how})")
        os.environ[OFF_VAR] = f"no PostgreSQL server answers ({how})"
        return None
    os.environ[URL_VAR] = url
    return url


def status_line() -> str:
    if OFF_VAR in os.environ:
        return f"PostgreSQL half NOT RUN: {os.environ[OFF_VAR]}"
    return f"PostgreSQL half: {redact(os.environ.get(URL_VAR, ''))}"


def with_database(url: str, database: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + database, parts.query, parts.fragment))


def with_search_path(url: str, schema: str) -> str:
    """``url`` whose connections use ``schema`` (asyncpg passes unknown query keys as settings).

    Also ``synchronous_commit=off``: a commit then returns before its WAL reaches the disk (16 ms
    per commit here otherwise). Only a crash of the server could lose such a commit; what the
    tests check (atomicity, isolation, version checks) is unchanged."""
    parts = urlsplit(url)
    keep = [(k, v) for k, v in parse_qsl(parts.query) if k not in ("search_path", "synchronous_commit")]
    query = [*keep, ("search_path", schema), ("synchronous_commit", "off")]
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(query, safe="/"), parts.fragment))


class TestDatabases:
    """This process's database on the server, created on first use, dropped by ``close``."""

    def __init__(self, server: str) -> None:
        self.server = server
        self.name = f"tavola_test_{os.getpid()}_{secrets.token_hex(4)}"
        self._base: str | None = None  # the URL schemas are made in
        self._own_database = False
        self._schemas: list[str] = []
        self._numbers = itertools.count(1)

    async def _admin(self, url: str) -> asyncpg.Connection:
        return await asyncpg.connect(url, timeout=PROBE_TIMEOUT)

    async def _create_database(self) -> None:
        conn = await self._admin(self.server)
        try:
            await conn.execute(f'CREATE DATABASE "{self.name}"')
            self._base, self._own_database = with_database(self.server, self.name), True
        except asyncpg.InsufficientPrivilegeError:
            self._base = self.server  # schemas in the given database, each dropped by close()
        finally:
            await conn.close()

    def new_schema(self) -> str:
        """The URL of a fresh, empty schema for one test."""
        return asyncio.run(self._new_schema())

    async def _new_schema(self) -> str:
        if self._base is None:
            await self._create_database()
        assert self._base is not None
        schema = f"t{next(self._numbers)}" if self._own_database else f"{self.name}_{next(self._numbers)}"
        conn = await self._admin(self._base)
        try:
            await conn.execute(f'CREATE SCHEMA "{schema}"')
        finally:
            await conn.close()
        self._schemas.append(schema)
        return with_search_path(self._base, schema)

    def close(self) -> None:
        if self._base is not None:
            asyncio.run(self._drop())

    async def _drop(self) -> None:
        if self._own_database:
            conn = await self._admin(self.server)
            try:
                # FORCE: a test that failed may have left a connection open.
                await conn.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
            finally:
                await conn.close()
            return
        assert self._base is not None
        conn = await self._admin(self._base)
        try:
            for schema in self._schemas:
                await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        finally:
            await conn.close()
