"""Dealing: the faces of a layout's tiles in a random order fixed by the seed."""

from __future__ import annotations

import random

from lines_tui.engine.mahjong.faces import faces_for
from lines_tui.engine.mahjong.layouts import Layout
from lines_tui.engine.mahjong.position import Position


def deal(layout: Layout, seed: int) -> Position:
    """The deal number `seed` (a whole number >= 0) on `layout`: every arrangement of the faces is
    equally likely, and the same layout and seed always give the same deal.

    Like KMahjongg and GNOME Mahjongg, deals are not made solvable on purpose (that skews which
    deals appear, FIELD-NOTES.md); the solver tells the player when a deal cannot be cleared."""
    if seed < 0:
        raise ValueError(f"a seed is a whole number >= 0, not {seed}")
    faces = faces_for(len(layout.slots))
    random.Random(seed).shuffle(faces)
    return Position(layout.slots, tuple(faces))
