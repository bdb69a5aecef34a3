"""What the solver answers, and the independent check of a winning sequence."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from lines_tui.engine.mahjong.position import Position

Pair = tuple[int, int]
"""Two tiles (indices into the position's tiles) removed together."""


class Verdict(str, Enum):
    SOLVABLE = "solvable"
    UNSOLVABLE = "unsolvable"
    UNDECIDED = "undecided"


@dataclass(frozen=True)
class SolveResult:
    verdict: Verdict
    moves: tuple[Pair, ...]
    """The winning sequence when solvable (tile indices, play order); empty otherwise."""
    nodes: int
    """Playouts run, and repairs (each counted as one, see `repair`)."""
    seconds: float
    attempts: int = 1
    """How many times the search started (1: it never restarted)."""


def replay_error(position: Position, moves: Sequence[Pair]) -> str | None:
    """Why `moves` is not a winning sequence from `position`, or None if it clears the board."""
    geometry = position.geometry
    present = position.present
    for number, (a, b) in enumerate(moves, 1):
        if a == b or not (present >> a & 1 and present >> b & 1):
            return f"move {number} ({a}, {b}) takes a tile that is not there"
        if position.faces[a] != position.faces[b]:
            return f"move {number} ({a}, {b}) pairs different faces"
        if not (geometry.is_free(a, present) and geometry.is_free(b, present)):
            return f"move {number} ({a}, {b}) takes a tile that is not free"
        present &= ~(1 << a | 1 << b)
    if present:
        return f"{bin(present).count('1')} tiles are left after the last move"
    return None
