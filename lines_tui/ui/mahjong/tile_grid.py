"""Where each tile lands on the terminal: half-tile units to character cells.

One half-tile unit is 2 columns wide and 1 row high, so a tile is 4 x 2 cells. Each layer is drawn
one column further right than the layer below it: a stack then shows the left edge of every tile
beneath it, like steps, which reads as depth even without colour. An upper tile may hide the
edge of a lower neighbour on its right, never the label of a tile that can be uncovered while it
stands: where a tower rises two layers or more above its neighbour (Pagoda, the Turtle's back late
in a game), the tower is drawn less far right, and a bridge over a tile that nothing covers
further right. Painting goes from the bottom layer up, so the topmost tile owns each cell.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lines_tui.engine.mahjong.geometry import Geometry, Slot, bits

TILE_WIDTH = 4
TILE_HEIGHT = 2
COLUMNS_PER_UNIT = 2
LAYER_SHIFT = 1
"""Columns each layer is drawn to the right of the layer beneath it (at most, see `_shifts`)."""
LABEL_COLUMN = 1
"""Where a tile's label starts, counted from its left edge; the label is 2 cells wide."""


@dataclass(frozen=True)
class TileGrid:
    """Screen cells of a fixed list of tile places, and the painting order of each row."""

    slots: tuple[Slot, ...]
    origins: tuple[tuple[int, int], ...] = field(init=False, repr=False)
    """origins[i]: (column, row) of tile i's top-left cell."""
    width: int = field(init=False)
    height: int = field(init=False)
    row_tiles: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    """row_tiles[r]: the tiles with a cell on row r, in painting order (lowest layer first)."""

    def __post_init__(self) -> None:
        columns = [
            COLUMNS_PER_UNIT * x + shift
            for (x, _, _), shift in zip(self.slots, _shifts(self.slots), strict=True)
        ]
        left = min(columns, default=0)
        upper = min((y for _, y, _ in self.slots), default=0)
        origins = tuple(
            (column - left, y - upper)
            for column, (_, y, _) in zip(columns, self.slots, strict=True)
        )
        width = max((col + TILE_WIDTH for col, _ in origins), default=0)
        height = max((row + TILE_HEIGHT for _, row in origins), default=0)
        order = sorted(range(len(self.slots)), key=lambda i: (self.slots[i][2], origins[i][::-1]))
        rows: list[list[int]] = [[] for _ in range(height)]
        for index in order:
            row = origins[index][1]
            for offset in range(TILE_HEIGHT):
                rows[row + offset].append(index)
        object.__setattr__(self, "origins", origins)
        object.__setattr__(self, "width", width)
        object.__setattr__(self, "height", height)
        object.__setattr__(self, "row_tiles", tuple(tuple(r) for r in rows))

    def centre(self, index: int) -> tuple[float, float]:
        """The middle of tile i in square-ish units (a row is about as tall as 2 columns wide)."""
        col, row = self.origins[index]
        return ((col + TILE_WIDTH / 2) / COLUMNS_PER_UNIT, row + TILE_HEIGHT / 2)

    def tile_at(self, col: int, row: int, present: int) -> int | None:
        """The present tile painted last (the visible one) at a cell, if any."""
        if not 0 <= row < self.height:
            return None
        visible = None
        for index in self.row_tiles[row]:
            if present >> index & 1:
                origin_col = self.origins[index][0]
                if origin_col <= col < origin_col + TILE_WIDTH:
                    visible = index
        return visible

    def reading_key(self, index: int) -> tuple[int, int, int]:
        """Top to bottom, left to right, upper layers first on a tie."""
        col, row = self.origins[index]
        return (row, col, -self.slots[index][2])

    def reading_order(self, mask: int) -> list[int]:
        """The tiles of `mask` in reading order (see `reading_key`)."""
        return sorted(bits(mask), key=self.reading_key)


def _shifts(slots: tuple[Slot, ...]) -> list[int]:
    """How far right of its place each tile is drawn: `LAYER_SHIFT` a layer, less where the
    tile would then lie over the label of a lower tile on its right, more where it would lie
    over the label of a lower tile on its left or beneath it (a bridge over a tile that nothing
    covers), whenever that tile can be uncovered while this one stands (the tiles it stands on
    cannot). Worked out from the bottom layer up, so each bound uses the lower tile's final
    shift."""
    geometry = Geometry.of(slots)
    stands_on, covers = geometry.stands_on, geometry.covers
    rows: dict[int, list[int]] = {}
    for tile, (_, y, _) in enumerate(slots):
        rows.setdefault(y, []).append(tile)
    shifts = [0] * len(slots)
    for tile in sorted(range(len(slots)), key=lambda t: slots[t][2]):
        x, y, z = slots[tile]
        least, most = -len(slots) * TILE_WIDTH, LAYER_SHIFT * z
        for lower in rows.get(y, []) + rows.get(y + 1, []):
            lower_x, _, lower_z = slots[lower]
            if lower_z >= z or stands_on[tile] & (1 << lower | covers[lower]):
                continue
            # Where this tile starts, in columns from the lower tile's left edge, unshifted.
            start = COLUMNS_PER_UNIT * (x - lower_x) - shifts[lower]
            if lower_x > x:  # end on the lower tile's edge at the latest
                most = min(most, -start - (TILE_WIDTH - LABEL_COLUMN))
            else:  # start after its label
                least = max(least, LABEL_COLUMN + 2 - start)
        shifts[tile] = max(least, most)
    return shifts
