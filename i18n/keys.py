"""Which catalogue messages the project uses, for the completeness tests and ``scripts/i18n.py``.

A message is used when the code marks it (``say``/``say_n`` in the engines, ``translate``/
``translate_n`` elsewhere: found by Babel's extractor, so a message id is a literal in the code),
or when it is data: a game's option descriptions, its names (cards, leaders, counties, nobles; see
each game's ``i18n_names``), or a command string (collected from the synced command tree by the
tests, since the tree needs the bot to build).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from babel.messages.extract import extract_from_dir

ROOT = Path(__file__).resolve().parent.parent
# The marking functions of each part (Babel keyword specs: the message id's argument positions,
# and the plural's). The engines mark with ``rules.core.say``/``say_n``/``say_into`` (English,
# pure); elsewhere ``i18n.translate``/``translate_n`` (``bot.app.guard.say`` is an unrelated name,
# so not there).
MARKERS = {
    "rules": {"say": (1,), "say_n": (1, 2), "say_into": (2,), "N_": (1,)},
    "bot": {"translate": (1,), "translate_n": (1, 2), "N_": (1,)},
    "render": {"translate": (1,), "translate_n": (1, 2), "N_": (1,), "told_n": (1, 2)},
}
COMMAND_CONTEXTS = ("command ", "option ", "choice")

Key = tuple[str | None, str]  # (context, message id; the singular of a plural message)


def code_keys(parts: Iterable[str] = tuple(MARKERS)) -> Iterator[Key]:
    """Every message id marked in the code (without context: names with a context are data)."""
    for folder in parts:
        found = extract_from_dir(
            str(ROOT / folder),
            method_map=[("**.py", "python")],
            keywords=MARKERS[folder],
            comment_tags=(),
        )
        for _name, _line, message, _comments, context in found:
            ident = message[0] if isinstance(message, (tuple, list)) else message
            if ident:
                yield (context, ident)
