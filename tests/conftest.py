"""Shared test configuration. No test may reach the network: sockets are blocked here."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from typing import Any

import pytest


class NetworkBlocked(RuntimeError):
    pass


def _refuse(*args: Any, **kwargs: Any) -> Any:
    raise NetworkBlocked("tests must not reach the network")


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    # Unix-domain socketpairs (used by asyncio's event loop itself) stay allowed; anything that
    # would open an internet connection or resolve a host name fails loudly.
    monkeypatch.setattr(socket.socket, "connect", _guarded_connect)
    monkeypatch.setattr(socket, "create_connection", _refuse)
    monkeypatch.setattr(socket, "getaddrinfo", _refuse)
    yield


_real_connect = socket.socket.connect


def _guarded_connect(self: socket.socket, address: Any) -> Any:
    if self.family == socket.AF_UNIX:
        return _real_connect(self, address)
    raise NetworkBlocked(f"tests must not reach the network (tried {address!r})")
