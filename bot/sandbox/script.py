"""The script reader: a typed line becomes what the Discord client would send, or is refused as
the client would refuse it (README, "Sandbox", script lines)."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from typing import Any

OPTION_TYPES = {3: "a string", 4: "an integer", 5: "true or false", 10: "a number"}
DURATION = re.compile(r"(\d+(?:\.\d+)?)([dhms])")
UNIT_SECONDS = {"d": 86400, "h": 3600, "m": 60, "s": 1}


class SandboxInputError(ValueError):
    """A script line the simulated Discord client would not send."""


@dataclass(frozen=True)
class Line:
    """One script line read: ``who`` (a user name or an ``@directive``), an optional channel
    (``#thread``) and the rest of its words."""

    who: str
    words: list[str] = field(default_factory=list)
    channel: str | None = None


def read_line(text: str) -> Line | None:
    """None for blank lines and comments; raises ``SandboxInputError`` for unreadable quoting."""
    text = text.strip()
    if not text or text.startswith("#"):
        return None
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise SandboxInputError(f"cannot read the line: {exc}") from exc
    who, rest = words[0], words[1:]
    if who.startswith("@"):
        return Line(who, rest)
    channel = None
    if rest and rest[0].startswith("#"):
        channel, rest = rest[0][1:], rest[1:]
    return Line(who.lower(), rest, channel)


def duration(text: str) -> float | None:
    """Seconds in ``+13h``, ``30m``, ``+1d12h``; None if it is not such a duration."""
    body = text.strip().removeprefix("+").replace(" ", "")
    parts = DURATION.findall(body)
    if not body or "".join(n + u for n, u in parts) != body:
        return None
    return sum(float(n) * UNIT_SECONDS[u] for n, u in parts)


def typed_value(option: dict[str, Any], value: str) -> Any:
    """Convert a typed value as the Discord client would, refusing what it would refuse."""
    kind = option["type"]
    name = option["name"]
    if kind in (4, 10):
        try:
            number: float = int(value) if kind == 4 else float(value)
        except ValueError as exc:
            raise SandboxInputError(f"option '{name}' must be {OPTION_TYPES[kind]}, not '{value}'") from exc
        low, high = option.get("min_value"), option.get("max_value")
        if (low is not None and number < low) or (high is not None and number > high):
            raise SandboxInputError(f"option '{name}' must be between {low} and {high}")
        return number
    if kind == 5:
        if value.lower() in ("true", "yes", "1"):
            return True
        if value.lower() in ("false", "no", "0"):
            return False
        raise SandboxInputError(f"option '{name}' must be true or false, not '{value}'")
    if kind == 3:
        shortest, longest = option.get("min_length"), option.get("max_length")
        if (shortest is not None and len(value) < shortest) or (longest is not None and len(value) > longest):
            raise SandboxInputError(f"option '{name}' takes {shortest or 0} to at most {longest} characters")
    return value


def command_data(
    commands: dict[str, dict[str, Any]], words: list[str], *, autocomplete: bool
) -> dict[str, Any]:
    """The ``data`` of a slash command (or, with ``autocomplete``, of its suggestion request)
    typed as ``/name sub option:value …`` against the registered ``commands``."""
    if not words or not words[0].startswith("/"):
        raise SandboxInputError("expected a slash command such as /game new")
    name = words[0][1:]
    spec = commands.get(name)
    if spec is None:
        raise SandboxInputError(
            f"no command /{name}; commands: {', '.join('/' + c for c in sorted(commands))}"
        )
    rest = words[1:]
    path = [name]
    top: dict[str, Any] = {"id": spec["id"], "name": name, "type": 1, "options": []}
    holder = top
    # Walk subcommand groups and subcommands (option types 2 and 1) named by the next words.
    while rest and ":" not in rest[0]:
        sub = next((o for o in spec.get("options", []) if o["name"] == rest[0] and o["type"] in (1, 2)), None)
        if sub is None:
            raise SandboxInputError(f"/{' '.join(path)} has no subcommand '{rest[0]}'")
        node: dict[str, Any] = {"name": sub["name"], "type": sub["type"], "options": []}
        holder["options"].append(node)
        holder, spec, rest = node, sub, rest[1:]
        path.append(sub["name"])
    if any(o["type"] in (1, 2) for o in spec.get("options", [])):
        subs = ", ".join(o["name"] for o in spec["options"])
        raise SandboxInputError(f"/{' '.join(path)} needs a subcommand: {subs}")
    holder["options"].extend(_options(spec, rest, path, autocomplete=autocomplete))
    missing = [
        o["name"]
        for o in spec.get("options", [])
        if o.get("required") and o["name"] not in {e["name"] for e in holder["options"]}
    ]
    if missing and not autocomplete:
        raise SandboxInputError(f"/{' '.join(path)} needs {', '.join(missing)}")
    return top


def _options(
    spec: dict[str, Any], rest: list[str], path: list[str], *, autocomplete: bool
) -> list[dict[str, Any]]:
    """The typed ``name:value`` options; with ``autocomplete`` the last one is the focused one."""
    known = {o["name"]: o for o in spec.get("options", [])}
    entries: list[dict[str, Any]] = []
    focused = 0
    for word in rest:
        key, sep, value = word.partition(":")
        if not sep:
            raise SandboxInputError(f"options are written name:value, not '{word}'")
        option = known.get(key)
        if option is None:
            raise SandboxInputError(f"/{' '.join(path)} has no option '{key}' (options: {', '.join(known)})")
        entry: dict[str, Any] = {"name": key, "type": option["type"]}
        if autocomplete and focused == 0 and word is rest[-1]:
            if not option.get("autocomplete"):
                raise SandboxInputError(
                    f"option '{key}' has no suggestions (only fixed choices or free text)"
                )
            entry.update(value=value, focused=True)  # the partial text, as typed
            focused += 1
        else:
            entry["value"] = typed_value(option, value)
        entries.append(entry)
    if autocomplete and not focused:
        raise SandboxInputError("'?' needs the option being typed last, e.g. ? /move text:pla")
    return entries
