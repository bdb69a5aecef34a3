"""A Lines position: balls on an N x N board, its text notation, paths, moves and line removal.

Text notation: N lines of N characters, row 0 first; `.` is an empty cell and a ball is its
colour's letter (R B G C V Y N). Leading and trailing blanks and blank lines are ignored, so
positions can be written indented inside tests and bug reports.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import compress

from lines_tui.engine.lines.geometry import RUN, Cell, Grid, grid
from lines_tui.engine.lines.rules import BOARD_SIZES, COLOURS, EMPTY
from lines_tui.engine.lines.scoring import Line, Removal


class IllegalMove(ValueError):
    """A move the rules do not allow; the message says why in one line."""


class NotationError(ValueError):
    """Text that is not a board in the notation; the message says where and why in one line."""


@dataclass(frozen=True)
class MoveOutcome:
    """A moved ball: the board after the move and after any lines it completed were removed."""

    board: Board
    path: list[Cell]  # the ball's route, source and target included
    removed: frozenset[Cell]
    points: int
    lines: tuple[Line, ...]


class Board:
    """An immutable position. Every change returns a new board."""

    __slots__ = ("_cells", "_grid")

    def __init__(self, size: int) -> None:
        """An empty board."""
        if size not in BOARD_SIZES:
            raise ValueError(
                f"a board is {BOARD_SIZES[0]} to {BOARD_SIZES[-1]} cells wide, not {size}"
            )
        self._grid: Grid = grid(size)
        self._cells: str = EMPTY * (size * size)

    @classmethod
    def _of(cls, shape: Grid, cells: str) -> Board:
        board = cls.__new__(cls)
        board._grid = shape
        board._cells = cells
        return board

    @classmethod
    def from_text(cls, text: str) -> Board:
        rows = [line.strip() for line in text.splitlines() if line.strip()]
        size = len(rows)
        if size not in BOARD_SIZES:
            raise NotationError(
                f"a board has {BOARD_SIZES[0]} to {BOARD_SIZES[-1]} rows, not {size}"
            )
        for number, row in enumerate(rows):
            if len(row) != size:
                raise NotationError(
                    f"row {number} has {len(row)} cells; every row of a {size}-row board "
                    f"needs {size}"
                )
            for column, char in enumerate(row):
                if char != EMPTY and char not in COLOURS:
                    raise NotationError(
                        f"row {number}, column {column}: {char!r} is neither {EMPTY!r} "
                        f"nor a colour ({COLOURS})"
                    )
        return cls._of(grid(size), "".join(rows))

    def to_text(self) -> str:
        n = self.size
        return "\n".join(self._cells[i : i + n] for i in range(0, n * n, n))

    def __repr__(self) -> str:
        return f"Board.from_text({self.to_text()!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self._cells == other._cells and self.size == other.size

    def __hash__(self) -> int:
        return hash(self._cells)

    @property
    def size(self) -> int:
        return self._grid.size

    def __getitem__(self, cell: Cell) -> str | None:
        """The colour letter of the ball on `cell`, or None if the cell is empty."""
        char = self._cells[self._index(cell, IndexError)]
        return None if char == EMPTY else char

    def on_board(self, cell: Cell) -> bool:
        row, column = cell
        return 0 <= row < self.size and 0 <= column < self.size

    def _index(self, cell: Cell, error: type[Exception]) -> int:
        if not self.on_board(cell):
            raise error(f"{cell} is not on the {self.size} x {self.size} board")
        return cell[0] * self.size + cell[1]

    def empty_cells(self) -> list[Cell]:
        """Empty cells in reading order (row by row, left to right)."""
        return list(compress(self._grid.cells, map(EMPTY.__eq__, self._cells)))

    def balls(self) -> list[tuple[Cell, str]]:
        """Every ball as (cell, colour), in reading order."""
        cells = self._grid.cells
        return [(cells[i], char) for i, char in enumerate(self._cells) if char != EMPTY]

    def ball_count(self) -> int:
        return len(self._cells) - self._cells.count(EMPTY)

    def is_full(self) -> bool:
        return EMPTY not in self._cells

    def has_balls(self) -> bool:
        return self.ball_count() > 0

    def with_balls(self, balls: Iterable[tuple[Cell, str]]) -> Board:
        """This board with balls put on empty cells (lines they complete are not removed)."""
        cells = list(self._cells)
        for cell, colour in balls:
            index = self._index(cell, ValueError)
            if colour not in COLOURS:
                raise ValueError(f"unknown colour {colour!r}; the colours are {COLOURS}")
            if cells[index] != EMPTY:
                raise ValueError(f"{cell} is occupied")
            cells[index] = colour
        return Board._of(self._grid, "".join(cells))

    def without_balls(self, cells: Iterable[Cell]) -> Board:
        chars = list(self._cells)
        for cell in cells:
            chars[self._index(cell, ValueError)] = EMPTY
        return Board._of(self._grid, "".join(chars))

    def path(self, src: Cell, dst: Cell) -> list[Cell] | None:
        """A shortest route for the ball on `src` to the empty `dst` through orthogonally adjacent
        empty cells, `src` and `dst` included; None if there is none (or no ball, or dst taken)."""
        start, goal = self._index(src, IndexError), self._index(dst, IndexError)
        if self._cells[start] == EMPTY or self._cells[goal] != EMPTY:
            return None
        route = self._route(start, goal)
        return None if route is None else [self._grid.cells[i] for i in route]

    def _route(self, start: int, goal: int) -> list[int] | None:
        cells, neighbours = self._cells, self._grid.neighbours
        came_from = {start: start}
        frontier = [start]
        while frontier:
            next_frontier = []
            for here in frontier:
                for there in neighbours[here]:
                    if there in came_from or cells[there] != EMPTY:
                        continue
                    came_from[there] = here
                    if there == goal:
                        route = [goal]
                        while route[-1] != start:
                            route.append(came_from[route[-1]])
                        return route[::-1]
                    next_frontier.append(there)
            frontier = next_frontier
        return None

    def reachable(self, src: Cell) -> frozenset[Cell]:
        """The empty cells the ball on `src` can move to (none if `src` is empty)."""
        start = self._index(src, IndexError)
        cells, neighbours = self._cells, self._grid.neighbours
        if cells[start] == EMPTY:
            return frozenset()
        seen = {start}
        frontier = [start]
        while frontier:
            here = frontier.pop()
            for there in neighbours[here]:
                if there not in seen and cells[there] == EMPTY:
                    seen.add(there)
                    frontier.append(there)
        seen.discard(start)
        return frozenset(self._grid.cells[i] for i in seen)

    def move_choices(self) -> tuple[tuple[Cell, tuple[Cell, ...]], ...]:
        """Every ball that can move with the empty cells it can reach, balls and cells in reading
        order (row by row): the numbering of moves that share codes use (README, "Share codes,
        format 2")."""
        areas, balls = self.reach_areas()
        return tuple(
            (ball, tuple(sorted(cell for area in near for cell in areas[area])))
            for ball, near in balls
        )

    def reach_areas(
        self,
    ) -> tuple[tuple[tuple[Cell, ...], ...], tuple[tuple[Cell, tuple[int, ...]], ...]]:
        """The connected areas of empty cells (each in reading order), and every ball that can
        move (in reading order) with the areas next to it: a ball reaches exactly those."""
        cells, shape = self._cells, self._grid
        area_of: dict[int, int] = {}
        areas: list[tuple[Cell, ...]] = []
        for start, content in enumerate(cells):
            if content != EMPTY or start in area_of:
                continue
            area_of[start] = len(areas)
            members, frontier = [start], [start]
            while frontier:
                for there in shape.neighbours[frontier.pop()]:
                    if cells[there] == EMPTY and there not in area_of:
                        area_of[there] = len(areas)
                        members.append(there)
                        frontier.append(there)
            areas.append(tuple(shape.cells[i] for i in sorted(members)))
        balls = []
        for index, content in enumerate(cells):
            if content != EMPTY:
                near = {area_of[n] for n in shape.neighbours[index] if n in area_of}
                if near:
                    balls.append((shape.cells[index], tuple(sorted(near))))
        return tuple(areas), tuple(balls)

    def lines(self) -> tuple[Line, ...]:
        """Every line on the board: maximal straight runs of 5+ balls of one colour, in any of
        the four directions. A ball where lines cross is in each of them."""
        shape = self._grid
        seen = "".join(shape.read_rays(self._cells + EMPTY))
        return tuple(
            Line(
                match.group(1),
                tuple(shape.cells[i] for i in shape.rays[match.start() : match.end()]),
            )
            for match in RUN.finditer(seen)
        )

    def clear_lines(self) -> tuple[Board, Removal]:
        """This board with every line removed, and what the removal scores."""
        removal = Removal(self.lines())
        if not removal.lines:
            return self, removal
        return self.without_balls(removal.cells), removal

    def move(self, src: Cell, dst: Cell) -> MoveOutcome:
        """Move the ball on `src` to `dst` along a free path, then remove the lines on the board.

        Raises IllegalMove if a cell is off the board, `src` holds no ball, `dst` holds one, or
        no free path joins them.
        """
        start, goal = self._index(src, IllegalMove), self._index(dst, IllegalMove)
        colour = self._cells[start]
        if colour == EMPTY:
            raise IllegalMove(f"no ball at {src}")
        if start == goal:
            raise IllegalMove(f"the ball is already at {dst}")
        if self._cells[goal] != EMPTY:
            raise IllegalMove(f"{dst} is occupied")
        route = self._route(start, goal)
        if route is None:
            raise IllegalMove(f"no free path from {src} to {dst}")
        cells = list(self._cells)
        cells[start], cells[goal] = EMPTY, colour
        after, removal = Board._of(self._grid, "".join(cells)).clear_lines()
        return MoveOutcome(
            board=after,
            path=[self._grid.cells[i] for i in route],
            removed=removal.cells,
            points=removal.points,
            lines=removal.lines,
        )
