"""Keyboard travel over a 3-D layout: every move lands on a tile the player can see.

Spatial moves (arrows, hjkl) go between *uncovered* tiles, judged by where they appear on screen, so
an upper-layer tile is one key away like any other. Cycling (tab) and matching (m) visit free tiles
only, in reading order, which reaches every playable tile in a few presses.
"""

from __future__ import annotations

from lines_tui.engine.mahjong.geometry import bits
from lines_tui.ui.mahjong.tile_grid import TileGrid

DIRECTIONS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}


def step(grid: TileGrid, candidates: int, current: int, direction: str) -> int | None:
    """The tile of `candidates` nearest to `current` in a direction, or None at the edge.

    Tiles within 45 degrees of the direction win; nearer and straighter is better. Past the edge of
    that cone any tile further along the direction will do, so no visible tile is unreachable.
    """
    along_x, along_y = DIRECTIONS[direction]
    cx, cy = grid.centre(current)
    in_cone: list[tuple[float, int]] = []
    beyond: list[tuple[float, int]] = []
    for index in bits(candidates & ~(1 << current)):
        x, y = grid.centre(index)
        ahead = (x - cx) * along_x + (y - cy) * along_y
        aside = abs((x - cx) * along_y + (y - cy) * along_x)
        if ahead <= 0:
            continue
        score = ahead + 2 * aside
        (in_cone if aside <= ahead else beyond).append((score, index))
    best = min(in_cone or beyond, default=None)
    return None if best is None else best[1]


def nearest(grid: TileGrid, candidates: int, point: tuple[float, float]) -> int | None:
    """The tile of `candidates` whose centre is closest to a screen point."""
    px, py = point

    def distance(index: int) -> tuple[float, int]:
        x, y = grid.centre(index)
        return ((x - px) ** 2 + (y - py) ** 2, index)

    return min(bits(candidates), key=distance, default=None)


def cycle(grid: TileGrid, candidates: int, current: int | None, forward: bool = True) -> int | None:
    """The next (or previous) tile of `candidates` after `current` in reading order, wrapping."""
    order = grid.reading_order(candidates)
    if not order:
        return None
    if current is None:
        return order[0] if forward else order[-1]
    key = grid.reading_key(current)
    if forward:
        return next((i for i in order if grid.reading_key(i) > key), order[0])
    return next((i for i in reversed(order) if grid.reading_key(i) < key), order[-1])


def first_tile(grid: TileGrid, free: int, uncovered: int) -> int | None:
    """Where the cursor starts: the first free tile in reading order, else the uncovered tile
    nearest the top left."""
    first_free = cycle(grid, free, None)
    if first_free is not None:
        return first_free
    return nearest(grid, uncovered, (0, 0))


def settled(grid: TileGrid, cursor: int, uncovered: int, label_column: int) -> int | None:
    """Where the cursor goes once `cursor`'s tile may be taken or covered: it stays on a tile
    still uncovered, else moves to the one now on top at the same spot (seen at the label's
    column), else to the nearest uncovered tile."""
    if uncovered >> cursor & 1:
        return cursor
    col, row = grid.origins[cursor]
    on_top = grid.tile_at(col + label_column, row, uncovered)
    return on_top if on_top is not None else nearest(grid, uncovered, grid.centre(cursor))
