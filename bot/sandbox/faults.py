"""Discord refusing requests, on demand: the ``@fail METHOD ROUTE-PATTERN STATUS [N]`` script line.

The next N requests whose method and route match fail with STATUS and the error body Discord
sends for it (403 Missing Permissions, 404 Unknown interaction/Message/Channel/Webhook, 429 rate
limited with ``retry_after``, 5xx). The fake then behaves as discord.py does with such an answer
(``HTTPClient.request`` and ``AsyncWebhookAdapter.request``): a 429 and a 500/502/504 (any 5xx for
webhooks) are retried, up to five attempts in all, each attempt taking one of the N; anything else,
or the fifth failure, raises the exception discord.py raises (``Forbidden``, ``NotFound``,
``DiscordServerError``, ``HTTPException``). The sandbox does not wait out ``retry_after``.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from typing import Any

import discord

from bot.sandbox.script import SandboxInputError

ATTEMPTS = 5  # discord.py's tries per request
RETRY_AFTER = 1.5  # seconds, in a 429's body
# status -> (Discord's JSON error code, message); 404s depend on what was not found (``not_found``).
ERRORS: dict[int, tuple[int, str]] = {
    400: (50035, "Invalid Form Body"),
    401: (0, "401: Unauthorized"),
    403: (50013, "Missing Permissions"),
    404: (10003, "Unknown Channel"),
    429: (0, "You are being rate limited."),
    500: (0, "500: Internal Server Error"),
    502: (0, "502: Bad Gateway"),
    503: (0, "503: Service Unavailable"),
    504: (0, "504: Gateway Timeout"),
}
REST_RETRIED = {500, 502, 504, 524}


@dataclass
class Fault:
    method: str  # upper case, or "*"
    pattern: str  # fnmatch pattern over the route template or the concrete path
    status: int
    left: int

    def matches(self, method: str, route: str, path: str) -> bool:
        if self.method not in ("*", method):
            return False
        return fnmatch.fnmatchcase(route, self.pattern) or fnmatch.fnmatchcase(path, self.pattern)


def read_fault(words: list[str]) -> Fault:
    """``METHOD ROUTE-PATTERN STATUS [N]`` of an ``@fail`` line."""
    usage = "@fail METHOD ROUTE-PATTERN STATUS [N], e.g. @fail POST /channels/*/messages 403"
    if len(words) not in (3, 4):
        raise SandboxInputError(f"expected {usage}")
    method, pattern, status_text, *rest = words
    method = method.upper()
    if method not in ("*", "GET", "POST", "PATCH", "PUT", "DELETE"):
        raise SandboxInputError(f"'{words[0]}' is not an HTTP method; expected {usage}")
    if not status_text.isascii() or not status_text.isdigit() or int(status_text) not in ERRORS:
        raise SandboxInputError(f"status must be one of {', '.join(map(str, ERRORS))}, not '{status_text}'")
    count = rest[0] if rest else "1"
    if not count.isascii() or not count.isdigit() or not 1 <= int(count) <= 1000:
        raise SandboxInputError(f"N must be a count from 1 to 1000, not '{count}'")
    return Fault(method, pattern, int(status_text), int(count))


def not_found(route: str) -> tuple[int, str]:
    """What Discord says it did not find, from the route."""
    if route.endswith("/callback"):
        return 10062, "Unknown interaction"
    if route.startswith("/webhooks/"):
        return 10015, "Unknown Webhook"
    if "{message_id}" in route:
        return 10008, "Unknown Message"
    return ERRORS[404]


def error_body(status: int, route: str) -> dict[str, Any]:
    code, message = not_found(route) if status == 404 else ERRORS[status]
    body: dict[str, Any] = {"message": message, "code": code}
    if status == 429:
        body.update(retry_after=RETRY_AFTER, **{"global": False})
    return body


class FakeResponse:
    """The parts of an ``aiohttp`` response that ``discord.HTTPException`` reads."""

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = ERRORS[status][1]
        self.headers: dict[str, str] = {"Via": "1.1 google"}  # a real Discord answer, not Cloudflare


def exception_for(status: int, body: dict[str, Any]) -> discord.HTTPException:
    """What discord.py raises for this final answer."""
    response: Any = FakeResponse(status)
    if status == 403:
        return discord.Forbidden(response, body)
    if status == 404:
        return discord.NotFound(response, body)
    if status >= 500:
        return discord.DiscordServerError(response, body)
    return discord.HTTPException(response, body)


def retried(status: int, *, webhook: bool) -> bool:
    """Whether discord.py tries the request again after this answer."""
    return status == 429 or (status >= 500 if webhook else status in REST_RETRIED)


class Faults:
    """The pending ``@fail`` lines, first added first used."""

    def __init__(self) -> None:
        self.pending: list[Fault] = []

    def add(self, fault: Fault) -> None:
        self.pending.append(fault)

    def take(self, method: str, route: str, path: str) -> int | None:
        """The status the next matching request fails with (using up one of its N), or None."""
        for fault in self.pending:
            if fault.matches(method, route, path):
                fault.left -= 1
                if fault.left == 0:
                    self.pending.remove(fault)
                return fault.status
        return None
