"""Shared test configuration. No test may reach the network beyond this machine: sockets to any
address but the loopback (127.0.0.0/8, ::1) are refused here. The loopback stays open for the
PostgreSQL half of the storage and sandbox tests (tests/postgres.py)."""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests import postgres


class NetworkBlocked(RuntimeError):
    pass


def _refuse(*args: Any, **kwargs: Any) -> Any:
    raise NetworkBlocked("tests must not reach the network")


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    # Unix-domain sockets (asyncio's own socketpairs, PostgreSQL's socket) and the loopback stay
    # allowed; anything that would open an internet connection or resolve a name fails loudly.
    monkeypatch.setattr(socket.socket, "connect", _guarded_connect)
    monkeypatch.setattr(socket, "create_connection", _refuse)
    monkeypatch.setattr(socket, "getaddrinfo", _guarded_getaddrinfo)
    yield


_real_connect = socket.socket.connect
_real_getaddrinfo = socket.getaddrinfo


def _is_loopback(host: Any) -> bool:
    if host == "localhost":  # answered from /etc/hosts; the addresses are checked at connect
        return True
    try:
        return ipaddress.ip_address(str(host).split("%", 1)[0]).is_loopback
    except ValueError:
        return False


def _guarded_connect(self: socket.socket, address: Any) -> Any:
    if self.family == socket.AF_UNIX or (isinstance(address, tuple) and _is_loopback(address[0])):
        return _real_connect(self, address)
    raise NetworkBlocked(f"tests must not reach the network (tried {address!r})")


def _guarded_getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
    # Only loopback addresses: resolving them asks no name server.
    if _is_loopback(host):
        return _real_getaddrinfo(host, *args, **kwargs)
    raise NetworkBlocked(f"tests must not resolve host names (tried {host!r})")


# ------------------------------------------------------------------------------------------------
# The two stores: a test taking the ``db`` fixture runs once on SQLite and once on PostgreSQL.
# ``db`` is what the bot would be given (a file path or a postgresql:// URL); open it with
# ``bot.service.store.open_store``. ``@pytest.mark.backends("postgres")`` keeps only some of them.
# ------------------------------------------------------------------------------------------------

BACKENDS = ("sqlite", "postgres")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "backends(*names): run a `db` test on these stores only")
    try:
        postgres.configure()
    except postgres.NoPostgres as exc:
        raise pytest.UsageError(str(exc)) from exc


def engines_line() -> str:
    """Which engine code the tests ran (rules/compiled.py): the compiled build or the sources."""
    from rules import compiled

    return f"Engines: {compiled.STATUS}"


def pytest_report_header(config: pytest.Config) -> list[str]:
    return [postgres.status_line(), engines_line()]


def pytest_terminal_summary(terminalreporter: Any) -> None:
    terminalreporter.write_line(postgres.status_line())
    terminalreporter.write_line(engines_line())


def _parametrized_by_hand(metafunc: pytest.Metafunc, name: str) -> bool:
    for mark in metafunc.definition.iter_markers("parametrize"):
        names = mark.args[0]
        if name in ([n.strip() for n in names.split(",")] if isinstance(names, str) else names):
            return True
    return False


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    # A test may pick its (param, db) pairs itself: @pytest.mark.parametrize(..., indirect=["db"]).
    if "db" in metafunc.fixturenames and not _parametrized_by_hand(metafunc, "db"):
        marker = metafunc.definition.get_closest_marker("backends")
        names = [b for b in BACKENDS if marker is None or b in marker.args]
        metafunc.parametrize("db", names, indirect=True)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if postgres.OFF_VAR not in os.environ:
        return

    # Not run rather than skipped: the run's header and summary say the PostgreSQL half is off.
    def on_postgres(item: pytest.Item) -> bool:
        callspec = getattr(item, "callspec", None)
        return callspec is not None and callspec.params.get("db") == "postgres"

    off = [i for i in items if on_postgres(i)]
    if off:
        config.hook.pytest_deselected(items=off)
        items[:] = [i for i in items if not on_postgres(i)]


@pytest.fixture(scope="session")
def pg_databases() -> Iterator[postgres.TestDatabases]:
    databases = postgres.TestDatabases(os.environ[postgres.URL_VAR])
    yield databases
    databases.close()


@pytest.fixture
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    if request.param == "sqlite":
        return tmp_path / "t.db"
    databases: postgres.TestDatabases = request.getfixturevalue("pg_databases")
    return databases.new_schema()
