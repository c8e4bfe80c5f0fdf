"""The catalogue words a rules-help line built from data (issue 15): a provisional value's path
and data stay exactly as they are (``i18n.phrases.VERBATIM``: "castle" is also a word the
catalogue knows), its reason and worded value are translated; a law's condition keeps its
comparison apart from its metric ("lord on an office == 1")."""

from __future__ import annotations

from i18n import help as translated
from i18n import translate_phrase


def test_a_provisional_line_keeps_its_data_and_translates_its_reason() -> None:
    reason = "Back numbers unknown: summary order assumed to be back order, groups 3/4/4/4/3."
    line = f"`laws.L01.back` = `0` — {reason}"
    assert translate_phrase(line, "it") == (
        "`laws.L01.back` = `0` — Numeri sul dorso sconosciuti: si assume che l'ordine del riassunto "
        "sia quello dei dorsi, gruppi 3/4/4/4/3."
    )
    data = '`castle` = `["choose_next_start_player"]` — ' + reason
    assert translate_phrase(data, "it").startswith('`castle` = `["choose_next_start_player"]` — Numeri')
    worded = "`castle.X3.reward` = 2 vote markers — 2 vote markers = 2 units, what Gloucester pays."
    assert translate_phrase(worded, "it") == (
        "`castle.X3.reward` = 2 segnalini voto — 2 segnalini voto = 2 unità, quanto paga Gloucester."
    )


def test_a_condition_keeps_its_comparison() -> None:
    assert translate_phrase("if lord on an office == 1: 1 vote marker", "it") == (
        "se lord in una carica == 1: 1 segnalino voto"
    )


def test_lines_keep_list_markers_and_blank_lines() -> None:
    text = (
        "Provisional values of this expansion (correctable in the same override file):\n\n"
        "- **L01** (back 0): x"
    )
    assert translated.lines(text, "it") == (
        "Valori provvisori di questa espansione (correggibili nello stesso file di override):\n\n"
        "- **L01** (dorso 0): x"
    )
