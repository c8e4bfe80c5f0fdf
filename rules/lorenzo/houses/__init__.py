"""Houses of Renaissance (the ``houses`` option; the rules as played: ../HOUSES.md).

The base engine (engine.py, flow.py, decisions.py) knows only a few hooks; everything HoR does
lives here:

- ``setup``: the HoR setup (Special deck and Tower, Adaptation tile, excommunication piles,
  tokens, starting goods), the round's Special cards and the Adaptation tile's move, the discard
  pile of round-end cards;
- ``tokens``: Special Tokens as a resource (faces, supply, discard, cashing, face-up tokens);
- ``effects``: the new one-shot effect kinds of the Special cards and their decision frames;
- ``scoring``: the final-scoring changes (HOUSES.md §17).

A state plays HoR when it has the ``houses`` key (``state["houses"]``, see setup.py).
"""
