"""The free-tile rule on precomputed neighbour bitmasks.

Positions are in half-tile units: a tile at (x, y, z) covers x..x+2, y..y+2 on layer z. Tile i is
*covered* if a present tile on layer z+1 overlaps it (|dx| < 2 and |dy| < 2), *blocked on the left*
if a present tile on layer z has dx = -2 and |dy| < 2 (right: dx = +2), and *free* when it is not
covered and not blocked on both sides (RULES.md, "Mahjong", "Move").

A set of present tiles is an int bitmask (bit i = tile i), so the solver can ask "which tiles are
free?" millions of times at the cost of a few integer operations per tile.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

Slot = tuple[int, int, int]
"""A tile's place: (x, y, z) in half-tile units, z = layer (0 is the bottom)."""


class LayoutError(ValueError):
    """A set of tile places that no game can be played on (overlapping tiles, bad numbers)."""


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
        by_layer: dict[int, list[int]] = {}
        for index, (x, y, z) in enumerate(self.slots):
            if min(x, y, z) < 0:
                raise LayoutError(f"tile {index} at ({x}, {y}, {z}) has a negative coordinate")
            by_layer.setdefault(z, []).append(index)
        count = len(self.slots)
        covers, left, right, under = [0] * count, [0] * count, [0] * count, [0] * count
        for index, (x, y, z) in enumerate(self.slots):
            for other in by_layer.get(z, ()):
                if other == index:
                    continue
                ox, oy, _ = self.slots[other]
                dx, dy = ox - x, oy - y
                if abs(dy) >= 2:
                    continue
                if abs(dx) < 2:
                    raise LayoutError(
                        f"tiles overlap on layer {z}: ({x}, {y}) and ({ox}, {oy})"
                    )
                if dx == -2:
                    left[index] |= 1 << other
                elif dx == 2:
                    right[index] |= 1 << other
            for other in by_layer.get(z + 1, ()):
                ox, oy, _ = self.slots[other]
                if abs(ox - x) < 2 and abs(oy - y) < 2:
                    covers[index] |= 1 << other
                    under[other] |= 1 << index
        object.__setattr__(self, "covers", tuple(covers))
        object.__setattr__(self, "left", tuple(left))
        object.__setattr__(self, "right", tuple(right))
        object.__setattr__(self, "under", tuple(under))

    @classmethod
    def of(cls, slots: Sequence[Slot]) -> Geometry:
        return cls(tuple((int(x), int(y), int(z)) for x, y, z in slots))

    def __len__(self) -> int:
        return len(self.slots)

    @property
    def all_present(self) -> int:
        return (1 << len(self.slots)) - 1

    def is_free(self, index: int, present: int) -> bool:
        if self.covers[index] & present:
            return False
        return not (self.left[index] & present) or not (self.right[index] & present)

    def free_mask(self, present: int) -> int:
        """The present tiles that are free, as a bitmask."""
        covers, left, right = self.covers, self.left, self.right
        free = 0
        mask = present
        while mask:
            low = mask & -mask
            index = low.bit_length() - 1
            mask ^= low
            if not covers[index] & present and (
                not left[index] & present or not right[index] & present
            ):
                free |= low
        return free
