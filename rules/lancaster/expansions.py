"""The expansions' part of a player view (issue 14; EXPANSIONS.md S2, section 10).

``view["expansions"]`` always has one key per expansion the engine plays, null when the game does
not use it, so the renderer draws exactly what the table plays. Each module owns its part.
"""

from __future__ import annotations

from typing import Any, TypedDict

from rules.lancaster import henry, queenie, resentment
from rules.lancaster import model as m


class ExpansionsView(TypedDict):
    henry_v: henry.HenryView | None
    queenie: queenie.QueenieView | None
    kings_resentment: resentment.ResentmentView | None


def build(data: dict[str, Any], state: m.State, viewer: int | None = None) -> ExpansionsView:
    return {
        "henry_v": henry.view(data, state, viewer),
        "queenie": queenie.view(data, state),
        "kings_resentment": resentment.view(data, state),
    }
