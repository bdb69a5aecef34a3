"""The free-tile rule on precomputed neighbour bitmasks.

Positions are in half-tile units: a tile at (x, y, z) covers x..x+2, y..y+2 on layer z. Tile i is
*covered* if a present tile on layer z+1 overlaps it (|dx| < 2 and |dy| < 2), *blocked on the left*
if a present tile on layer z has dx = -2 and |dy| < 2 (right: dx = +2), and *free* when it is not
covered and not blocked on both sides (README, "The rules the engine implements").

A set of present tiles is an int bitmask (bit i = tile i), so the solver can ask "which tiles are
free?" millions of times at the cost of a few integer operations per tile.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache, reduce
from operator import or_

from lines_tui.engine.deal_choice import number_said

Slot = tuple[int, int, int]
"""A tile's place: (x, y, z) in half-tile units, z = layer (0 is the bottom)."""

Release = tuple[int, int, int, int]
"""A tile that another's leaving may free: (its bit, its index, the tiles that cover it or block
it on the left, the tiles that cover it or block it on the right). It is free when none of the
tiles of one of the two masks is present."""


class LayoutError(ValueError):
    """A set of tile places that no game can be played on (overlapping tiles, bad numbers)."""


MAX_TILES = 1024
"""More places than this is not a layout anyone plays; refusing it keeps hostile files cheap.
Every set of places is held to it, a layout's and a position's alike (as to `MAX_PLACE`)."""

MAX_COORDINATE = 512
"""How far from 0 a layout file may place a tile, either way, in half-tile units (a GNOME map's
x and y: -256 to 256 tiles); a KMahjongg grid (256 cells) and a map's layers (0 to 999) stay
within twice it."""
MAX_PLACE = 2 * MAX_COORDINATE
"""The largest x, y or z of a tile's place (0 is the least): the widest span a layout file may
have, its places shifted to start at 0. Every set of places is held to it, a layout's and a
position's (a saved game's, a position file's) alike: a place far beyond it is no layout, and the
board drew it for seconds or crashed (a coordinate past what an index holds)."""


def place_problem(index: int, slot: Slot) -> str | None:
    """Why tile `index` cannot stand at `slot`, or None: the one home of the range of a place."""
    for axis, value in zip("xyz", slot, strict=True):
        if not 0 <= value <= MAX_PLACE:
            shown = number_said(str(value), "a number")
            return f"tile {index} is off the board: {axis} is {shown}, not 0 to {MAX_PLACE}"
    return None


def bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass(frozen=True)
class Geometry:
    """The neighbour tables of a fixed list of tile places."""

    slots: tuple[Slot, ...]
    covers: tuple[int, ...] = field(init=False, repr=False)
    """covers[i]: the tiles on the layer above that lie on tile i."""
    left: tuple[int, ...] = field(init=False, repr=False)
    """left[i]: the tiles that block tile i on the left."""
    right: tuple[int, ...] = field(init=False, repr=False)
    """right[i]: the tiles that block tile i on the right."""
    under: tuple[int, ...] = field(init=False, repr=False)
    """under[i]: the tiles on the layer below that tile i lies on (the inverse of covers)."""

    def __post_init__(self) -> None:
        # Every neighbour of a tile sits at one of a few offsets from it, so a lookup by place
        # finds them all in constant time per tile.
        place: dict[Slot, int] = {}
        for index, (x, y, z) in enumerate(self.slots):
            problem = place_problem(index, (x, y, z))
            if problem is not None:
                raise LayoutError(problem)
            if (x, y, z) in place:
                raise LayoutError(
                    f"tiles overlap on layer {z}: {place[(x, y, z)]} and {index} both at ({x}, {y})"
                )
            place[(x, y, z)] = index
        count = len(self.slots)
        covers, left, right, under = [0] * count, [0] * count, [0] * count, [0] * count
        for index, (x, y, z) in enumerate(self.slots):
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    other = place.get((x + dx, y + dy, z))
                    if other is not None and other != index:
                        raise LayoutError(
                            f"tiles overlap on layer {z}: ({x}, {y}) and ({x + dx}, {y + dy})"
                        )
                    above = place.get((x + dx, y + dy, z + 1))
                    if above is not None:
                        covers[index] |= 1 << above
                        under[above] |= 1 << index
                other = place.get((x - 2, y + dy, z))
                if other is not None:
                    left[index] |= 1 << other
                other = place.get((x + 2, y + dy, z))
                if other is not None:
                    right[index] |= 1 << other
        object.__setattr__(self, "covers", tuple(covers))
        object.__setattr__(self, "left", tuple(left))
        object.__setattr__(self, "right", tuple(right))
        object.__setattr__(self, "under", tuple(under))

    @classmethod
    def of(cls, slots: Sequence[Slot]) -> Geometry:
        """The geometry of `slots`, shared by every position on the same places, so that its
        tables are built once per layout rather than once per deal."""
        return _shared(tuple((int(x), int(y), int(z)) for x, y, z in slots))

    def __len__(self) -> int:
        return len(self.slots)

    @property
    def all_present(self) -> int:
        return (1 << len(self.slots)) - 1

    def uncovered_mask(self, present: int) -> int:
        """The tiles of `present` with no present tile on them (free or not): those a player
        can see whole, and the only ones the cursor rests on."""
        covers = self.covers
        return sum(1 << i for i in bits(present) if not covers[i] & present)

    def is_free(self, index: int, present: int) -> bool:
        if self.covers[index] & present:
            return False
        return not (self.left[index] & present) or not (self.right[index] & present)

    def newly_free(self, gone: int, present: int, known: int) -> int:
        """The tiles of `present`, outside `known`, that are free now that the tiles `gone` (a
        mask) have left; `present` no longer holds them. Only the tiles that a gone tile lay on
        or stood beside can have changed, so this looks at those few instead of the board."""
        released_by = self.released_by
        waiting = present & ~known
        freed = 0
        while gone:
            low = gone & -gone
            gone ^= low
            for bit, _, held_left, held_right in released_by[low.bit_length() - 1]:
                if waiting & bit and (not held_left & present or not held_right & present):
                    freed |= bit
        return freed

    def stuck_while(self, tile: int, present: int) -> int:
        """The tiles of `present` that can never get free while `tile` stays, whatever else
        leaves (`tile` among them).

        Only the tiles of its `waiting_cone` can be held by it; every other tile gets free as
        the board clears. So the board is cleared from those alone, every free tile leaving at
        once, and what stays is held."""
        held = self.waiting_cone(tile, present)
        leaving = self.free_mask(held) & ~(1 << tile)
        known = leaving | 1 << tile
        while leaving:
            held &= ~leaving
            leaving = self.newly_free(leaving, held, known)
            known |= leaving
        return held

    def waiting_cone(self, tile: int, present: int) -> int:
        """`tile` and the tiles of `present` that wait for it, directly or through each
        other."""
        return _closure(tile, self.waiting_for, present)

    @cached_property
    def cones(self) -> tuple[int, ...]:
        """cones[i]: the `waiting_cone` of tile i on the full board. On any board the tile's
        cone lies within it, so a tile whose full cone misses a set of tiles holds none of
        them."""
        return tuple(self.waiting_cone(tile, self.all_present) for tile in range(len(self.slots)))

    @cached_property
    def holding_cones(self) -> tuple[int, ...]:
        """holding_cones[i]: tile i and the tiles that lie on it or stand beside it, directly or
        through each other: the tiles whose leaving can help to free it (the inverse of
        `cones`)."""
        holders = [self.covers[t] | self.left[t] | self.right[t] for t in range(len(self.slots))]
        return tuple(_closure(tile, holders, self.all_present) for tile in range(len(self.slots)))

    @cached_property
    def stands_on(self) -> tuple[int, ...]:
        """stands_on[i]: tile i and the tiles beneath it that hold it up, directly or through
        each other: while tile i is on the board, all of them are. Computed layer by layer
        from the bottom, so each tile adds its own supports' stands."""
        stands = [1 << tile for tile in range(len(self.slots))]
        for tile in sorted(range(len(self.slots)), key=lambda t: self.slots[t][2]):
            for below in bits(self.under[tile]):
                stands[tile] |= stands[below]
        return tuple(stands)

    @cached_property
    def waiting_for(self) -> tuple[int, ...]:
        """waiting_for[i]: the tiles that tile i lies on or stands beside, which may wait for
        it to leave."""
        return tuple(self.under[t] | self.left[t] | self.right[t] for t in range(len(self.slots)))

    @cached_property
    def decided_by(self) -> tuple[int, ...]:
        """decided_by[i]: the tiles whose presence and freedom decide what `newly_free` finds
        when tile i leaves: the tiles waiting for it, and the tiles that cover or block those."""
        near = [
            self.covers[t] | self.left[t] | self.right[t] | 1 << t for t in range(len(self.slots))
        ]
        return tuple(
            reduce(or_, (near[other] for other in bits(self.waiting_for[tile])), 0)
            for tile in range(len(self.slots))
        )

    @cached_property
    def released_by(self) -> tuple[tuple[Release, ...], ...]:
        """released_by[i]: the tiles that tile i lies on or stands beside, which may get free
        when it leaves, each as a `Release`, with its masks at hand, so that the loops that free
        tiles (`newly_free`, the relaxation) index nothing but this."""
        # A tile is free when no present tile covers it or blocks it on the left, or none covers
        # it or blocks it on the right: two tests of one mask each.
        return tuple(
            tuple(
                (
                    1 << other,
                    other,
                    self.covers[other] | self.left[other],
                    self.covers[other] | self.right[other],
                )
                for other in bits(self.waiting_for[tile])
            )
            for tile in range(len(self.slots))
        )

    def free_mask(self, present: int) -> int:
        """The present tiles that are free, as a bitmask.

        A tile is blocked on the left exactly when it is to the right of some present tile, so
        the tiles that are covered, blocked left and blocked right are the unions of `under`,
        `right` and `left` over the present tiles. Those unions are read from tables, one per
        6 tiles, so a 144-tile board costs 24 steps instead of 144 (see
        tests/tools/bench_mahjong.py).
        """
        under, right, left = self._union_tables
        covered = blocked_left = blocked_right = 0
        chunk = 0
        rest = present
        while rest:
            part = rest & _CHUNK_MASK
            if part:
                covered |= under[chunk][part]
                blocked_left |= right[chunk][part]
                blocked_right |= left[chunk][part]
            rest >>= _CHUNK_BITS
            chunk += 1
        return present & ~(covered | (blocked_left & blocked_right))

    @cached_property
    def _union_tables(self) -> tuple[_Tables, _Tables, _Tables]:
        # Built on first use: most Geometry objects (positions read and written) never need them.
        return _unions(self.under), _unions(self.right), _unions(self.left)


def _closure(tile: int, links: Sequence[int], within: int) -> int:
    """`tile` and the tiles of `within` that `links` lead to from it, directly or through each
    other."""
    cone = reach = 1 << tile
    while reach:
        low = reach & -reach
        reach ^= low
        more = links[low.bit_length() - 1] & within & ~cone
        cone |= more
        reach |= more
    return cone


@lru_cache(maxsize=16)
def _shared(slots: tuple[Slot, ...]) -> Geometry:
    return Geometry(slots)


_CHUNK_BITS = 6
"""6 rather than 8: tables of 64 entries rather than 256, built in a quarter of the time, for a
third more steps per call."""
_CHUNK_MASK = (1 << _CHUNK_BITS) - 1
_Tables = tuple[tuple[int, ...], ...]


def _unions(masks: Sequence[int]) -> _Tables:
    """tables[k][part]: the union of masks[6k + b] over the bits b set in `part`."""
    tables = []
    for start in range(0, len(masks), _CHUNK_BITS):
        table = [0] * (1 << _CHUNK_BITS)
        for part in range(1, 1 << _CHUNK_BITS):
            low = part & -part
            index = start + low.bit_length() - 1
            table[part] = table[part ^ low] | (masks[index] if index < len(masks) else 0)
        tables.append(tuple(table))
    return tuple(tables)
