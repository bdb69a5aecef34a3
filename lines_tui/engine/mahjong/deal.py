"""Dealing: the faces of a layout's tiles in a random order fixed by the seed and the dealer.

A game record names its dealer version, so a deal replays the same on every Python and platform,
forever (README, "Share codes, format 2"):

- Dealer 1 (the deals of lines-tui before records existed): `random.Random(seed).shuffle`. Python
  does not promise `shuffle`'s sequence across versions, so dealer 1 is kept only to replay old
  games, exactly as it was.
- Dealer 2 (every new game): a Fisher-Yates shuffle that draws only `random.Random(seed).random()`,
  the one sequence Python's "Notes on Reproducibility" guarantees for a seed.
"""

from __future__ import annotations

import random

from lines_tui.engine.mahjong.faces import faces_for
from lines_tui.engine.mahjong.layouts import Layout
from lines_tui.engine.mahjong.position import Position
from lines_tui.engine.stable_random import StableRandom

DEALER_VERSION = 2
"""The dealer of new games."""
DEALERS = (1, 2)


def deal(layout: Layout, seed: int, dealer: int = DEALER_VERSION) -> Position:
    """The deal number `seed` (a whole number >= 0) on `layout` by dealer version `dealer`: every
    arrangement of the faces is equally likely, and the same layout, seed and dealer always give
    the same deal.

    Like KMahjongg and GNOME Mahjongg, deals are not made solvable on purpose (that skews which
    deals appear); the solver tells the player when a deal cannot be cleared."""
    if seed < 0:
        raise ValueError(f"a seed is a whole number >= 0, not {seed}")
    if dealer not in DEALERS:
        raise ValueError(f"there is no dealer version {dealer} (known: 1 and 2)")
    faces = faces_for(len(layout.slots))
    if dealer == 1:
        random.Random(seed).shuffle(faces)
    else:
        StableRandom(seed).shuffle(faces)
    return Position(layout.slots, tuple(faces))
