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


def partnered(allowed: Sequence[int], tiles: int, among: int) -> int:
    """The tiles of `tiles` with an allowed partner among the tiles `among`."""
    found = 0
    while tiles:
        low = tiles & -tiles
        tiles ^= low
        if allowed[low.bit_length() - 1] & among:
            found |= low
    return found


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
    leaving = partnered(allowed, known & present & changed, known)
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


def reaches(
    geometry: Geometry,
    allowed: Sequence[int],
    present: int,
    known: int,
    goal: int,
    leaving: int,
) -> bool:
    """Whether the relaxation from `present` (`known`: tiles free or gone) frees every tile of
    `goal`: `relax(...)[1] & goal == goal`, found for less. `leaving`: the tiles free at the
    start with an allowed partner free or gone (`partnered(allowed, known & present, known)`,
    which the playout knows without a look at every free tile).

    The relaxation ends in the same place whatever the order of its moves, so this one takes
    them a tile at a time, from stacks of tile indices rather than in waves of masks, and a
    tile counts as gone from the moment it may leave (it will). The tiles that hold the goal's
    tiles, directly or not, go first: when the answer is yes, as it mostly is in the playouts'
    look-ahead, it comes after fewer tiles than a relaxation in waves takes (README, "How
    fast", "A cheaper look-ahead"). The tiles that may leave at the start wait as two masks
    (those that hold the goal and the others), taken a tile at a time once the stacks run out:
    most are never taken."""
    goal &= ~known
    if not goal:
        return True
    released_by, holding = geometry.released_by, geometry.holding_cones
    urgent = 0  # the tiles whose leaving can help to free the goal
    rest = goal
    while rest:
        low = rest & -rest
        rest ^= low
        urgent |= holding[low.bit_length() - 1]
    staying = present & ~leaving  # present and not yet allowed to leave
    waiting = present & ~known  # present and not yet free
    first: list[int] = []  # tiles allowed to leave since the start, not yet left: urgent ones
    then: list[int] = []  # the others
    first_at_start = leaving & urgent
    then_at_start = leaving & ~urgent
    while True:
        if first:
            tile = first.pop()
        elif first_at_start:
            low = first_at_start & -first_at_start
            first_at_start ^= low
            tile = low.bit_length() - 1
        elif then:
            tile = then.pop()
        elif then_at_start:
            low = then_at_start & -then_at_start
            then_at_start ^= low
            tile = low.bit_length() - 1
        else:
            return False
        for bit, freed, held_left, held_right in released_by[tile]:
            # The `Release` test of `Geometry.newly_free`, written out here as in the loop
            # of the hottest code, with the tiles allowed to leave counted as gone already.
            if waiting & bit and (not held_left & staying or not held_right & staying):
                known |= bit
                waiting ^= bit
                if goal & bit:
                    goal ^= bit
                    if not goal:
                        return True
                mates = allowed[freed]
                if mates & known:
                    (first if urgent & bit else then).append(freed)
                    staying ^= bit
                    # Its free partners that had none free until now may leave too.
                    waited = mates & known & staying
                    while waited:
                        low = waited & -waited
                        waited ^= low
                        (first if urgent & low else then).append(low.bit_length() - 1)
                        staying ^= low
