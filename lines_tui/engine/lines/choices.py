"""Moves numbered among the legal choices of a position: the compact move coding of share codes.

A position offers every (movable ball, reachable empty cell) pair, balls in reading order and each
ball's cells in reading order; a move is its place in that list. Coding each move in exactly the
number of choices it had costs log2(choices) bits (README, "Share codes, format 2").
"""

from __future__ import annotations

from lines_tui.engine.lines.board import Board
from lines_tui.engine.lines.codec import Move


class MoveChoices:
    """The legal moves of one board, numbered 0 .. count - 1."""

    def __init__(self, board: Board) -> None:
        self._choices = board.move_choices()
        self.count = sum(len(cells) for _, cells in self._choices)

    def move(self, number: int) -> Move:
        """The move numbered `number`; IndexError if there is no such move."""
        if number < 0:
            raise IndexError(f"no move number {number}")
        for ball, cells in self._choices:
            if number < len(cells):
                return (ball, cells[number])
            number -= len(cells)
        raise IndexError("no such move: the position offers fewer")

    def number(self, move: Move) -> int:
        """The number of a legal `move`; ValueError if it is not legal here."""
        before = 0
        src, dst = move
        for ball, cells in self._choices:
            if ball == src:
                if dst in cells:
                    return before + cells.index(dst)
                break
            before += len(cells)
        raise ValueError(f"{src} to {dst} is not a legal move here")
