"""The fixed shape of an N x N board, computed once per size: neighbours and the lines of cells.

Cells are `(row, col)` tuples in the public API; inside the engine a cell is its index
`row * size + col` into the board's string of cells, which keeps the hot loops cheap.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from operator import itemgetter

from lines_tui.engine.lines.rules import COLOURS, MIN_LINE

Cell = tuple[int, int]
Ball = tuple[Cell, str]  # a ball on a cell, or one about to appear there: (cell, colour letter)

# Four directions: right, down, down-right, down-left (the other four are these reversed).
DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (1, 1), (1, -1))

RUN = re.compile(f"([{COLOURS}])\\1{{{MIN_LINE - 1},}}")


@dataclass(frozen=True)
class Grid:
    """Everything about an N x N board that does not depend on the balls on it."""

    size: int
    cells: tuple[Cell, ...]  # by index
    # Orthogonal neighbours of each cell index, in a fixed order so paths are reproducible.
    neighbours: tuple[tuple[int, ...], ...]
    # Every straight run of cells long enough to hold a line, in all four directions, laid end to
    # end with the index `size * size` (a sentinel empty cell) between them. Reading the board
    # through this gives one string in which a line is any run of 5+ equal letters.
    rays: tuple[int, ...]
    read_rays: Callable[[str], tuple[str, ...]]


@cache
def grid(size: int) -> Grid:
    cells = [(r, c) for r in range(size) for c in range(size)]
    inside = set(cells)
    neighbours = tuple(
        tuple(
            (r + dr) * size + (c + dc)
            for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
            if (r + dr, c + dc) in inside
        )
        for r, c in cells
    )
    sentinel = size * size
    rays: list[int] = []
    for dr, dc in DIRECTIONS:
        for r, c in cells:
            if (r - dr, c - dc) in inside:
                continue  # not the first cell of its ray
            ray = []
            while (r, c) in inside:
                ray.append(r * size + c)
                r, c = r + dr, c + dc
            if len(ray) >= MIN_LINE:
                rays.extend(ray)
                rays.append(sentinel)
    return Grid(size, tuple(cells), neighbours, tuple(rays), itemgetter(*rays))
