"""Translating finished English sentences back through their catalogued templates.

The engines are pure (``rules/`` imports only the standard library) and speak English: an event,
prompt or refusal is ``rules.core.say(template, **params)``, i.e. ``template.format(**params)``,
with the template a message id of the catalogue. Their texts are also stored as English (the last
move's events in a state, the computer's notices in the outbox), so the translation step works on
the finished sentence: it finds the catalogued template the sentence was made from (placeholders
become captures), translates each captured value the same way (a card name, a goods list, a nested
phrase) and fills the Italian template with them. A sentence no template explains stays English
(the coverage test and the Italian sandbox checker find those).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from i18n.catalogue import translations

PLACEHOLDER = re.compile(r"\{(\w+)\}")
SEAT = re.compile(r"^\{p\d+\}$")  # a seat token: names are put in after translation
# Numbers and ids (county letters, K05, L11, X1, E1-3): kept as they are, in every language.
# (Two capitals alone are an abbreviation to translate, "VP", "MP": an id has a digit after them.)
NUMBER = re.compile(r"^[+-]?\d+(?:[.,]\d+)?$|^[A-Z]\d*(?:[-.]\d+)*$|^[A-Z]{2}\d+(?:[-.]\d+)*$")
# Placeholders that always hold a number (captured as digits only, so "{n} servants" never swallows
# a list); any other name holding a number ends in "_n".
NUMERIC = frozenset(
    {"n", "value", "floor", "round", "rounds", "period", "fee", "need", "have", "total", "vp", "fp"}
    | {"mp", "count", "strength", "amount", "min", "max", "steps", "hours", "minutes", "seconds"}
)
# Placeholders that hold data shown as it is in every language (the rules help's provisional
# values: a data path, its value, its other readings): never translated, never needing to be.
VERBATIM = frozenset({"data_path", "data_value", "other_values"})
# Lists the engines join by hand, and how each is joined in the translation (context "list").
SEPARATORS = (", then by ", "; ", ", ", " + ", " or ", " and ", " / ", "/")
# A template with this few literal characters wraps other sentences; it applies only when they
# translate.
GENERIC = 2
# Contexts never used to explain a sentence: command strings and move words have their own paths.
PRIVATE_CONTEXTS = ("command ", "option ", "choice", "move")


@dataclass(frozen=True)
class Template:
    english: str  # the message id (the singular one for a plural message)
    plural: str | None
    pattern: re.Pattern[str]
    anchor: str  # its longest literal part: a cheap test before the regex
    weight: int  # literal characters: the most specific template wins


def compile_template(english: str, plural: str | None = None, form: str | None = None) -> Template:
    source = form or english
    parts = PLACEHOLDER.split(source)
    regex, names, literals = "", [], []
    for i, part in enumerate(parts):
        if i % 2:
            if part in names:  # the same value twice: a back-reference
                regex += f"(?P={part})"
            else:
                names.append(part)
                capture = _capture(part)
                regex += f"(?P<{part}>{capture})"
        else:
            regex += re.escape(part)
            literals.append(part)
    anchor = max(literals, key=len)
    return Template(english, plural, re.compile(f"^{regex}$", re.S), anchor, sum(map(len, literals)))


def _capture(name: str) -> str:
    """What a placeholder may match: ``{p}`` a seat token (or a seat's ally or archer: "{p0}'s
    ally"), a number placeholder digits, ``{op}`` a comparison, anything else any text."""
    if name == "p":
        return r"\{p\d+\}(?:'s ally)?(?:'s \w+)?"
    if name in NUMERIC or name.endswith("_n"):
        return r"[+-]?\d+"
    if name == "op":  # a comparison ("if lord on an office == 1"): never a word of the metric
        return r"[<>=!]=?"
    return ".+?"


@dataclass
class Index:
    names: dict[str, str]  # exact texts (names, words, fixed sentences) -> translation
    templates: list[Template]
    words: dict[str, str]  # every game's move words: a captured value may be one ("faith", "coin")


@cache
def index(language: str) -> Index:
    compiled = translations(language)
    names: dict[str, str] = {}
    templates: list[Template] = []
    words: dict[str, str] = {}
    for key, string in compiled.messages.items():
        context, _, english = key.rpartition("\x04")
        if context.endswith(" move"):
            words.setdefault(english, string)
        if context.startswith(PRIVATE_CONTEXTS) or context.endswith(PRIVATE_CONTEXTS):
            continue
        if PLACEHOLDER.search(english):
            templates.append(compile_template(english))
        else:
            names.setdefault(english, string)
    for singular, plural in compiled.plurals:
        templates.append(compile_template(singular, plural))
        templates.append(compile_template(singular, plural, form=plural))
    templates.sort(key=lambda t: -t.weight)
    return Index(names, templates, words)


def translate_sentence(text: str, language: str) -> str | None:
    """``text`` in ``language``, or None when no catalogued name or template explains it. The
    most specific template explaining all of it wins; failing that, the most specific one that
    matches, its unexplained values kept (so a sentence with an unknown name still reads)."""
    return _translate(text, language, False)


@cache
def _translate(text: str, language: str, strict: bool) -> str | None:
    """``strict``: only a complete explanation (every captured value known), as a wrapping or
    list template needs of its parts."""
    found = index(language).names.get(text)
    if found is not None:
        return found
    if text.endswith("…") and len(text) > 20:  # a long name cut to fit (a select's 100 characters)
        found = _cut_name(text[:-1], language)
        if found is not None:
            return found
    stripped = text.strip()
    if stripped != text and stripped:
        inner = _translate(stripped, language, strict)
        return None if inner is None else text.replace(stripped, inner)
    # A complete explanation first (a template, else a list of explained parts), then a partial one.
    full = _by_template(text, language, True) or _by_list(text, language)
    return full if full is not None or strict else _by_template(text, language, False)


def _cut_name(start: str, language: str) -> str | None:
    """The translation of the catalogued name beginning with ``start``, whole (where it is shown
    cuts it again); of several, what their translations share, cut ("…"); None: no such name."""
    found = sorted({string for english, string in index(language).names.items() if english.startswith(start)})
    if len(found) <= 1:
        return found[0] if found else None
    first, last = found[0], found[-1]  # sorted: what these two share, all share
    size = next((i for i, (a, b) in enumerate(zip(first, last, strict=False)) if a != b), len(first))
    shared = first[:size].rstrip()
    return shared + "…" if len(shared) >= len(start) // 2 else None


def translate_value(value: str, language: str) -> str:
    """A captured value: a sentence or name, else a list of move words ("faith, coins" in a
    prompt, each a word players type); numbers, seat tokens and unknown words stay."""
    if not value or SEAT.match(value) or NUMBER.match(value):
        return value
    found = translate_sentence(value, language)
    if found is not None:
        return found
    words = index(language).words
    parts = re.split(r"(, | or |:)", value)
    parts = [q for p in parts for q in ([p] if p in words else re.split(r"(_)", p))]  # whole, else by "_"
    if any(p in words for p in parts):
        return "".join(words.get(p, index(language).names.get(p.strip(), p)) for p in parts)
    return value


def _by_template(text: str, language: str, strict: bool) -> str | None:
    """The most specific template that explains ``text`` and all it captured; else the most
    specific that matched at all (its unknown values kept), unless it only wraps (``GENERIC``)."""
    partial: tuple[Template, dict[str, str]] | None = None
    for template in index(language).templates:
        if template.anchor not in text:
            continue
        match = template.pattern.match(text)
        if match is None:
            continue
        raw = match.groupdict()
        if all(k in VERBATIM or _explained(v, language) for k, v in raw.items()):
            return _fill(template, raw, language)
        if partial is None and template.weight > GENERIC and not strict:
            partial = (template, raw)
    return None if partial is None else _fill(*partial, language)


def _fill(template: Template, raw: dict[str, str], language: str) -> str:
    compiled = translations(language)
    values = {name: v if name in VERBATIM else translate_value(v, language) for name, v in raw.items()}
    if template.plural is None:
        target = compiled.messages[template.english]
    else:
        target = compiled.gnu.ngettext(template.english, template.plural, _count(raw))
    return target.format(**values)


def _explained(value: str, language: str) -> bool:
    """A seat, a number, or a value the catalogue knows (a name, a sentence, a move word)."""
    if SEAT.match(value) or NUMBER.match(value):
        return True
    if _translate(value, language, True) is not None:
        return True
    parts = [p for p in re.split(r", | or |_|:", value) if p]
    words = index(language).words
    # Move words with ids: numbers, county letters, a tile's letter ("advanced_a").
    return any(p in words for p in parts) and all(
        p in words or NUMBER.match(p) or (len(p) == 1 and p.isalpha()) for p in parts
    )


def _count(values: dict[str, str]) -> int:
    raw = values.get("n") or next((v for v in values.values() if v.lstrip("+-").isdigit()), "1")
    return int(raw.lstrip("+"))


def _by_list(text: str, language: str) -> str | None:
    names = index(language).names
    for separator in SEPARATORS:
        parts = text.split(separator)
        if len(parts) < 2:
            continue
        done = [p if NUMBER.match(p) or SEAT.match(p) else _translate(p, language, True) for p in parts]
        if all(d is not None for d in done):
            word = separator.strip(" ,;+/")  # "or", "and", "then by": catalogued (context "list")
            glue = separator.replace(word, names.get(word, word)) if word else separator
            return glue.join(d for d in done if d is not None)
    return None
