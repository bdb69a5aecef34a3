"""Shrinking a nogood: a small set of the search's commitments that leaves the relaxation stuck.

A relaxation stuck under the commitments and ruled-out pairings says *why*: only the commitments
of the types that still have a free tile in the stuck remainder matter (the others' tiles are
covered or blocked whatever their pairing), with the reasons of the pairings ruled out for those
types. That set is shrunk further by running the relaxation again without each commitment, latest
first, and with each ruled-out pairing allowed again, keeping only what the rest needs to stay
stuck. Each test starts where the last one that stayed stuck ended, and once a test has cleared the
board, later ones stop as soon as the tiles it held can leave (`relax_after_clearing`).
"""

from __future__ import annotations

from collections.abc import Sequence

from lines_tui.engine.mahjong.geometry import Geometry, bits
from lines_tui.engine.mahjong.solver.board import Board
from lines_tui.engine.mahjong.solver.pairings import Pairings, Reason
from lines_tui.engine.mahjong.solver.relaxation import relax
from lines_tui.engine.mahjong.solver.result import Pair


def shrunk_nogood(
    board: Board, pairings: Pairings, present: int, known: int, clears_without: Pair | None = None
) -> Reason:
    """A small set of `pairings`' commitments that leaves the relaxation stuck at `present`:
    `present` may be any board reached by removing tiles from the start, however it was
    reached (a child's playout may replay a pair ruled out since), because the relaxation
    only gains from tiles gone, so it is stuck from the start as well. The set: those of
    the types with a free tile left and the reasons of the pairings ruled out for those
    types; then each commitment is dropped (latest first), and each ruled-out pairing
    allowed again, if the rest still leaves it stuck. `clears_without` is a commitment, if
    one is known, without which the relaxation clears the board from the start: it stays,
    untested."""
    shrinking = _Shrinking(board, pairings, present, known)
    shrinking.drop_commitments(clears_without)
    reasons = shrinking.drop_exclusions()
    return frozenset(shrinking.core.union(*reasons))


class _Shrinking:
    """The commitments and ruled-out pairings of one shrinking, and where its last test that
    stayed stuck ended."""

    def __init__(self, board: Board, pairings: Pairings, present: int, known: int) -> None:
        self.board, self.pairings = board, pairings
        self.present, self.known = present, known
        type_of = board.type_of
        stuck_types = {type_of[tile] for tile in bits(known & present)}
        self.core = {pair for pair in pairings.order if type_of[pair[0]] in stuck_types}
        # Each ruled-out pairing is dropped or kept on its own, with its own reason.
        self.exclusions = pairings.exclusions_of(stuck_types)
        self.excluded: dict[int, list[Pair]] = {}
        for kind, pair, _ in self.exclusions:
            self.excluded.setdefault(kind, []).append(pair)
        self.allowed = pairings.under(self.core, self.excluded)
        # The tiles of the type of the first commitment (or ruled-out pairing) whose test
        # cleared the board: later tests clear once those can leave (`relax_after_clearing`).
        self.cleared_type_tiles = 0

    def drop_commitments(self, clears_without: Pair | None) -> None:
        """Drop each commitment, latest first, that the rest stays stuck without."""
        type_of = self.board.type_of
        for pair in sorted(self.core, key=self.pairings.order.__getitem__, reverse=True):
            kind = type_of[pair[0]]
            if pair == clears_without:
                # Its test would clear the board, the relaxation then allowing all it
                # allows from the start; so it counts as the first test that cleared.
                self.cleared_type_tiles = self.cleared_type_tiles or self.board.type_mask[kind]
                continue
            self.core.discard(pair)
            self._restrict(kind)
            if not self._still_stuck(kind):
                self.core.add(pair)
                self._restrict(kind)

    def drop_exclusions(self) -> list[Reason]:
        """Allow each ruled-out pairing again that the rest stays stuck without; the reasons
        of those that stay ruled out."""
        reasons: list[Reason] = []
        for kind, pair, reason in self.exclusions:
            self.excluded[kind].remove(pair)
            self._restrict(kind)
            if not self._still_stuck(kind):
                self.excluded[kind].append(pair)
                self._restrict(kind)
                reasons.append(reason)
        return reasons

    def _restrict(self, kind: int) -> None:
        committed = [pair for pair in self.core if self.board.type_of[pair[0]] == kind]
        self.pairings.restrict(self.allowed, kind, committed, self.excluded.get(kind))

    def _still_stuck(self, kind: int) -> bool:
        # Each test starts where the last one that stayed stuck ended, which its own rules
        # (fewer than before) still allow.
        changed = self.board.type_mask[kind]
        geometry = self.board.geometry
        if self.cleared_type_tiles:
            left, free = relax_after_clearing(
                geometry, self.allowed, self.present, self.known, changed, self.cleared_type_tiles
            )
        else:
            left, free = relax(geometry, self.allowed, self.present, self.known, changed=changed)
        if not left:
            self.cleared_type_tiles = self.cleared_type_tiles or changed
            return False
        self.present, self.known = left, free
        return True


def relax_after_clearing(
    geometry: Geometry, allowed: Sequence[int], present: int, known: int, changed: int, held: int
) -> tuple[int, int]:
    """`relax` for a test of `shrunk_nogood` once rules are known that clear the board from
    this board or an earlier one, and that this test's rules allow and more except on the
    tiles `held` (of one type): returns (0, known) as soon as those tiles can all leave.

    Such rules are an earlier test's that cleared the board (later tests drop more pairs or
    allow more pairings, but hold that test's type to its pair again), or those of the node
    whose probe it is (`Search._clears`; the probe's type is held to the probe's pair). Once
    the tiles `held` have left, the relaxation gets at least as far as under those rules,
    since it only gains from tiles gone and from partners allowed: it clears. Most of such a
    test would otherwise clear the whole board, one wave at a time, to say no more."""
    goal = held & present
    if not goal:
        return 0, known
    left, free = relax(geometry, allowed, present, known, goal, changed)
    if not left or free & goal != goal:
        return left, free
    if all(allowed[tile] & free for tile in bits(goal)):
        return 0, free
    # Every tile of the type is free, but one has no partner: the relaxation goes on.
    return relax(geometry, allowed, left, free)
