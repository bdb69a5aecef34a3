"""The relaxation: the game in which a free tile may leave once one of its allowed partners is
free or gone.

Every winning sequence that keeps to the allowed partners is a game of the relaxation, and in
the relaxation removing a tile never hurts, so it ends in the same place whatever the order of
its moves. If it cannot clear the board, no pairing with those allowed partners can.
"""

from __future__ import annotations

from collections.abc import Sequence

from lines_tui.engine.mahjong.geometry import Geometry

ALL_TILES = -1
"""As `changed`: any tile may set the relaxation going (nothing is known about the start)."""


def relax(
    geometry: Geometry,
    allowed: Sequence[int],
    present: int,
    known: int,
    goal: int = 0,
    changed: int = ALL_TILES,
) -> tuple[int, int]:
    """Run the relaxation from `present` (`known`: tiles free or gone) to its end. Returns the
    tiles left and the tiles free or gone at the end. With a `goal`, it stops as soon as every
    tile of the goal is free or gone, and returns the board there. When the board is where the
    relaxation ended for allowed partners that differed only for the tiles `changed`, only those
    tiles can set it going again."""
    if goal and known & goal == goal:
        return present, known
    newly_free = geometry.newly_free
    leaving = 0
    candidates = known & present & changed
    while candidates:
        low = candidates & -candidates
        candidates ^= low
        if allowed[low.bit_length() - 1] & known:
            leaving |= low
    # The tiles that may leave go together, a wave at a time (the order does not matter).
    while leaving:
        present &= ~leaving
        freed = newly_free(leaving, present, known)
        if not freed:
            break
        known |= freed
        if goal & freed and known & goal == goal:
            break
        leaving = waited = 0
        while freed:
            low = freed & -freed
            freed ^= low
            mates = allowed[low.bit_length() - 1]
            if mates & known:
                leaving |= low
            waited |= mates
        # The free partners of the freed tiles waited for a partner: now they have one.
        leaving |= waited & known & present
    return present, known
