"""Lines found on a board and what removing them scores (the same-colour sum rule)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from lines_tui.engine.lines.geometry import Cell
from lines_tui.engine.lines.rules import points


@dataclass(frozen=True)
class Line:
    """A maximal straight run of 5 or more balls of one colour, cells in order along it."""

    colour: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Removal:
    """The lines taken off the board at one moment, the cells they free and their points."""

    lines: tuple[Line, ...] = ()

    @property
    def cells(self) -> frozenset[Cell]:
        return frozenset(cell for line in self.lines for cell in line.cells)

    @property
    def balls_by_colour(self) -> dict[str, int]:
        """G per colour: line lengths added up, so a crossing ball counts once per line."""
        counts: Counter[str] = Counter()
        for line in self.lines:
            counts[line.colour] += len(line.cells)
        return dict(counts)

    @property
    def points(self) -> int:
        """Per colour the formula applied once to its G; several colours' points added up."""
        return sum(points(colour, balls) for colour, balls in self.balls_by_colour.items())
