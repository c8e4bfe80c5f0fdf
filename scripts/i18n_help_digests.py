"""Record in i18n/help/<lang>/<game>.md which English text each translated section translates
(the digest in its ``<!-- <English title> <digest> -->`` anchor; ``i18n.help``): run after
translating or re-checking a section, from the repository root:
``.venv/bin/python scripts/i18n_help_digests.py``."""

from pathlib import Path

from i18n import help as h
from rules import find_game
from rules.core import game_rules_help

for path in Path("i18n/help").glob("*/*.md"):
    english = dict(h.english_sections(game_rules_help(find_game(path.stem))))
    lines = path.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        m = h.ANCHOR.match(line)
        if m:
            assert m["source"] in english, (path, m["source"])
            if m["digest"] != h.LINES:  # a section worded from the catalogue line by line has none
                lines[i] = f"## {m['title']} <!-- {m['source']} {h.digest(english[m['source']])} -->"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(path, "ok")
