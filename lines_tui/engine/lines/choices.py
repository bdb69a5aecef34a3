"""Moves numbered among the legal choices of a position: the compact move coding of share codes.

A position offers every (movable ball, reachable empty cell) pair, balls in reading order and each
ball's cells in reading order; a move is its place in that list. Coding each move in exactly the
number of choices it had costs log2(choices) bits (README, "Share codes, format 2"). Only the
sizes of the empty areas are needed to count; a ball's cells are listed only for the move taken.
"""

from __future__ import annotations

from lines_tui.engine.lines.board import Board
from lines_tui.engine.lines.codec import Move
from lines_tui.engine.lines.geometry import Cell


class MoveChoices:
    """The legal moves of one board, numbered 0 .. count - 1."""

    def __init__(self, board: Board) -> None:
        self._areas, self._balls = board.reach_areas()
        self._counts = [sum(len(self._areas[a]) for a in near) for _, near in self._balls]
        self.count = sum(self._counts)

    def _cells(self, ball: int) -> list[Cell]:
        return sorted(cell for area in self._balls[ball][1] for cell in self._areas[area])

    def move(self, number: int) -> Move:
        """The move numbered `number`; IndexError if there is no such move."""
        if number < 0:
            raise IndexError(f"no move number {number}")
        for ball, count in enumerate(self._counts):
            if number < count:
                return (self._balls[ball][0], self._cells(ball)[number])
            number -= count
        raise IndexError("no such move: the position offers fewer")

    def number(self, move: Move) -> int:
        """The number of a legal `move`; ValueError if it is not legal here."""
        src, dst = move
        before = 0
        for ball, count in enumerate(self._counts):
            if self._balls[ball][0] == src:
                cells = self._cells(ball)
                if dst in cells:
                    return before + cells.index(dst)
                break
            before += count
        raise ValueError(f"{src} to {dst} is not a legal move here")
