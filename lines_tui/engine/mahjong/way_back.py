"""Where a dead end on the board began: the pair whose taking left no way to clear the board, and
how many undos lead back to before it.

Along one line of play the positions that can be cleared all come before the dead ends: the
moves that reached a position that can be cleared, followed by its winning sequence, clear every
position before it, and a winning sequence from a position after a dead end would clear the dead
end too. So the line has one boundary, and what the dead-end check proved of some of its positions
(`verdicts`, keyed by the tiles present) narrows it down; `next_to_check` names the position whose
check narrows it most cheaply: going back from the dead end one pair, then three, seven ... (a
dead end usually began a few pairs ago, and positions near the start take the solver longest),
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
    """Along the line, counted in pairs taken from the start: the last position known to be
    clearable before the first known to be a dead end (-1: none), that dead end, and how many
    positions from it on are known to be dead ends."""

    clearable: int
    dead: int
    known_dead: int


def _boundary(positions: Sequence[int], verdicts: Mapping[int, Verdict]) -> _Boundary | None:
    """Along the line whose `positions` these are (`_positions`): None unless the position at
    its end is known to be a dead end, it or one before it having been proved one."""
    known = [verdicts.get(present) for present in positions]
    if Verdict.UNSOLVABLE not in known:
        return None
    dead = known.index(Verdict.UNSOLVABLE)
    before = [taken for taken in range(dead) if known[taken] is Verdict.SOLVABLE]
    return _Boundary(before[-1] if before else -1, dead, known[dead:].count(Verdict.UNSOLVABLE))


def _positions(start: int, line: Sequence[Pair]) -> list[int]:
    """The tiles present at the start of the line and after each of its pairs."""
    present = [start]
    for a, b in line:
        present.append(present[-1] & ~(1 << a | 1 << b))
    return present


def way_back_along(
    start: int, line: Sequence[Pair], verdicts: Mapping[int, Verdict]
) -> WayBack | None:
    """Where the dead end at the end of `line` (the pairs taken from the tiles `start`) began,
    if the verdicts tell: None while they do not, when the position is no known dead end, and
    when the start itself is one (no undo leads out)."""
    boundary = _boundary(_positions(start, line), verdicts)
    if boundary is None or boundary.clearable != boundary.dead - 1 or boundary.dead == 0:
        return None
    return WayBack(line[boundary.clearable], len(line) - boundary.clearable)


def next_to_check(start: int, line: Sequence[Pair], verdicts: Mapping[int, Verdict]) -> int | None:
    """The tiles present at the position of `line` whose check narrows down where the dead end
    at its end began; None when nothing is left to find (see `way_back_along`: the start among
    the dead ends too), or the end is no known dead end."""
    positions = _positions(start, line)
    boundary = _boundary(positions, verdicts)
    if boundary is None or boundary.dead == boundary.clearable + 1:
        return None
    # Back from the first dead end known by one pair, then by three, seven ... as more of them
    # are known (each check that finds a dead end doubles the stride), while that stays above
    # the last position known to be clearable; then the stretch between is halved.
    stride = (1 << boundary.known_dead) - 1
    if boundary.dead - stride > boundary.clearable:
        taken = boundary.dead - stride
    else:
        taken = (boundary.clearable + boundary.dead + 1) // 2
    return positions[taken]


def in_a_known_dead_end(start: int, line: Sequence[Pair], verdicts: Mapping[int, Verdict]) -> bool:
    """Whether the position at the end of `line` is a dead end by what is known: it, or a
    position before it on the line, was proved one."""
    return _boundary(_positions(start, line), verdicts) is not None
