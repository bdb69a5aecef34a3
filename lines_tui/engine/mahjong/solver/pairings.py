"""Allowed pairings per type: which partners each tile may still be removed with.

A type with four tiles left pairs in three ways, a type with two in one way. A tile's *allowed
partners* are the other tiles of its type, minus those of a pairing that pairs two tiles which can
never be free together (`Board.never_together`), minus those that the search's commitments and
ruled-out pairings exclude. All of it is kept as one
bitmask of partners per tile, `allowed`, which the playouts and the relaxation read.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from lines_tui.engine.mahjong.geometry import bits
from lines_tui.engine.mahjong.solver.board import NO_TILE, Board
from lines_tui.engine.mahjong.solver.result import Pair

Reason = frozenset[Pair]
"""Committed pairs that together refute something."""


class Pairings:
    """The committed pairs and ruled-out pairings, and the allowed partners they leave."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.root = self._allowed_at_root()
        """The allowed partners with nothing committed and nothing ruled out."""
        self.allowed = list(self.root)
        self.partner = [NO_TILE] * len(board.type_of)
        """Each tile's committed partner (NO_TILE: its type's pairing is open)."""
        self.order: dict[Pair, int] = {}
        """The committed pairs, each with the order it was committed in."""
        self.committed_in = [0] * board.types
        self.ruled_out: dict[int, list[tuple[Pair, Reason]]] = {}
        """For each type, its pairings ruled out (each as one of its pairs) with their reasons."""
        self._ruled_log: list[list[int]] = []
        """For each `rule_out` not yet restored, the types it ruled a pairing out of."""

    def _allowed_at_root(self) -> list[int]:
        board = self.board
        allowed = [0] * len(board.type_of)
        for tiles in board.type_tiles:
            if len(tiles) == 4:
                _allow_four(board, tiles, allowed)
                continue
            for a in tiles:
                for b in tiles:
                    if a != b and not board.never_together(a, b):
                        allowed[a] |= 1 << b
        return allowed

    # -- commitments -------------------------------------------------------------------------

    def commit(self, a: int, b: int) -> None:
        self.partner[a], self.partner[b] = b, a
        self.order[(a, b)] = len(self.order)
        self.committed_in[self.board.type_of[a]] += 1
        self._recompute(self.board.type_of[a])

    def uncommit(self, a: int, b: int) -> None:
        self.partner[a] = self.partner[b] = NO_TILE
        del self.order[(a, b)]
        self.committed_in[self.board.type_of[a]] -= 1
        self._recompute(self.board.type_of[a])

    def committed_of(self, kind: int) -> list[Pair]:
        type_of = self.board.type_of
        return [pair for pair in self.order if type_of[pair[0]] == kind]

    # -- ruled-out pairings ------------------------------------------------------------------

    def rule_out(self, exclusions: Sequence[tuple[Pair, Reason]]) -> int | None:
        """Rule out pairings (each given as one of its pairs, with the committed pairs that
        refute it) until the matching `restore`. Returns a type left without any pairing, or
        None."""
        board = self.board
        ruled: list[int] = []
        self._ruled_log.append(ruled)
        for pair, why in exclusions:
            kind = board.type_of[pair[0]]
            # Only a type of two or four tiles is paired whole by one of its pairs.
            if self.committed_in[kind] or len(board.type_tiles[kind]) > 4:
                continue
            # A pairing already ruled out keeps its first reason, which outlives this one.
            pairing = pairing_of(pair, board.type_mask[kind])
            known = self.ruled_out.setdefault(kind, [])
            if any(pairing == pairing_of(p, board.type_mask[kind]) for p, _ in known):
                continue
            known.append((pair, why))
            ruled.append(kind)
        for kind in set(ruled):
            self._recompute(kind)
            if not self.allowed[board.type_tiles[kind][0]]:
                return kind
        return None

    def restore(self) -> None:
        """Undo the latest `rule_out` not yet undone."""
        for kind in reversed(self._ruled_log.pop()):
            self.ruled_out[kind].pop()
            self._recompute(kind)

    def reasons_ruled_out(self, kind: int) -> Reason:
        """The committed pairs that refute the pairings ruled out for the type."""
        return frozenset().union(*(why for _, why in self.ruled_out.get(kind, ())))

    def exclusions_of(self, kinds: Iterable[int]) -> list[tuple[int, Pair, Reason]]:
        """The ruled-out pairings of the open types among `kinds`, as (type, pair, reason)."""
        return [
            (kind, pair, reason)
            for kind in kinds
            if not self.committed_in[kind]
            for pair, reason in self.ruled_out.get(kind, ())
        ]

    # -- the allowed partners ----------------------------------------------------------------

    def under(
        self, pairs: Iterable[Pair], excluded: dict[int, list[Pair]] | None = None
    ) -> list[int]:
        """The allowed partners of every tile when exactly `pairs` are committed and the
        pairings in `excluded` (by type) are ruled out."""
        allowed = list(self.root)
        by_type: dict[int, list[Pair]] = {}
        for pair in pairs:
            by_type.setdefault(self.board.type_of[pair[0]], []).append(pair)
        excluded = excluded or {}
        for kind in by_type.keys() | excluded.keys():
            self.restrict(allowed, kind, by_type.get(kind, ()), excluded.get(kind))
        return allowed

    def restrict(
        self,
        allowed: list[int],
        kind: int,
        committed: Sequence[Pair],
        excluded: Sequence[Pair] | None = None,
    ) -> None:
        """Set the allowed partners of the type's tiles in `allowed`: a committed pair only
        each other, the open tiles those allowed at the root, less the excluded pairings (of
        an open type)."""
        open_mask = tiles_mask = self.board.type_mask[kind]
        for a, b in committed:
            allowed[a], allowed[b] = 1 << b, 1 << a
            open_mask &= ~(1 << a | 1 << b)
        root = self.root
        rest = open_mask
        while rest:
            low = rest & -rest
            rest ^= low
            tile = low.bit_length() - 1
            allowed[tile] = root[tile] & open_mask
        if committed or not excluded:
            return
        for pair in excluded:
            # A pairing of four tiles is two pairs: rule out both.
            for a, b in pairing_of(pair, tiles_mask):
                allowed[a] &= ~(1 << b)
                allowed[b] &= ~(1 << a)

    def _recompute(self, kind: int) -> None:
        excluded = [pair for pair, _ in self.ruled_out.get(kind, ())]
        self.restrict(self.allowed, kind, self.committed_of(kind), excluded)


def pairing_of(pair: Pair, tiles: int) -> frozenset[Pair]:
    """The pairing of a type's `tiles` (a mask) that pairs `pair`, as pairs (low tile first)."""
    rest = tiles & ~(1 << pair[0] | 1 << pair[1])
    first = (min(pair), max(pair))
    if not rest:
        return frozenset((first,))
    c, d = bits(rest)
    return frozenset((first, (c, d)))


def _allow_four(board: Board, tiles: Sequence[int], allowed: list[int]) -> None:
    """Allow, in `allowed`, the pairings of a type of four `tiles` whose two pairs can each be
    free together."""
    first, rest = tiles[0], tiles[1:]
    for other in rest:
        third, fourth = (t for t in rest if t != other)
        if board.never_together(first, other) or board.never_together(third, fourth):
            continue
        allowed[first] |= 1 << other
        allowed[other] |= 1 << first
        allowed[third] |= 1 << fourth
        allowed[fourth] |= 1 << third
