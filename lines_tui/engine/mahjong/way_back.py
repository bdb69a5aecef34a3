"""Where a dead end on the board began: the pair whose taking left no way to clear the board, and
how many undos lead back to before it.

Along one line of play the positions that can be cleared all come before the dead ends: the
moves that reached a position that can be cleared, followed by its winning sequence, clear every
position before it, and a winning sequence from a position after a dead end would clear the dead
end too. So the line has one boundary, and what the dead-end check proved of some of its positions
(`verdicts`, keyed by the tiles present) narrows it down; `next_to_check` names the position whose
check narrows it most cheaply: going back from the dead end one pair, then two more, four more ...
(a dead end usually began a few pairs ago, and positions near the start take the solver longest),
then halving the stretch left once a position that can be cleared is known.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lines_tui.engine.mahjong.solver import Pair, Verdict


@dataclass(frozen=True)
class WayBack:
    """Taking `pair` left no way to clear the board; `undos` pairs undone put it back."""

    pair: Pair
    undos: int


@dataclass(frozen=True)
class _Boundary:
    """Along the line: the last position known to be clearable (-1: none) and the first known
    to be a dead end, counted in pairs taken from the start."""

    clearable: int
    dead: int


def _boundary(
    start: int, line: Sequence[Pair], verdicts: Mapping[int, Verdict]
) -> _Boundary | None:
    """None unless the position at the end of the line is known to be a dead end."""
    if verdicts.get(_after(start, line)) is not Verdict.UNSOLVABLE:
        return None
    clearable, dead, present = -1, len(line), start
    for taken in range(len(line) + 1):
        verdict = verdicts.get(present)
        if verdict is Verdict.SOLVABLE:
            clearable = taken
        elif verdict is Verdict.UNSOLVABLE:
            dead = taken
            break
        if taken < len(line):
            a, b = line[taken]
            present &= ~(1 << a | 1 << b)
    return _Boundary(clearable, dead)


def _after(start: int, line: Sequence[Pair]) -> int:
    present = start
    for a, b in line:
        present &= ~(1 << a | 1 << b)
    return present


def way_back_along(
    start: int, line: Sequence[Pair], verdicts: Mapping[int, Verdict]
) -> WayBack | None:
    """Where the dead end at the end of `line` (the pairs taken from the tiles `start`) began,
    if the verdicts tell: None while they do not, when the position is no known dead end, and
    when the start itself is one (no undo leads out)."""
    boundary = _boundary(start, line, verdicts)
    if boundary is None or boundary.clearable != boundary.dead - 1 or boundary.dead == 0:
        return None
    return WayBack(line[boundary.clearable], len(line) - boundary.clearable)


def next_to_check(start: int, line: Sequence[Pair], verdicts: Mapping[int, Verdict]) -> int | None:
    """How many pairs of `line` into it lies the position whose check narrows down where the
    dead end at its end began; None when nothing is left to find (see `way_back_along`), or the end
    is no known dead end."""
    boundary = _boundary(start, line, verdicts)
    if boundary is None or boundary.dead == boundary.clearable + 1:
        return None
    if boundary.clearable >= 0:
        return (boundary.clearable + boundary.dead) // 2
    # Back from the dead end by as many pairs again as it is known to reach back, and one.
    return max(0, 2 * boundary.dead - len(line) - 1)
