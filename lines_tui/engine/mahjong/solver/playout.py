"""The playout kernel: one game from the starting position under the current commitments.

Real moves come first: a *unit* (a committed pair, or the open tiles of a type) whose remaining
tiles are all free goes at once; otherwise a *choice* (two free tiles of an open type), picked by
a heuristic that looks ahead with the relaxation. When no real move is left, *optimistic* moves:
a free tile leaves alone if one of its allowed partners is free or gone; from then on the playout
can no longer win and takes any real move, only to list the types that need optimism. Every move
is one the relaxation allows, so a playout that gets stuck proves that no pairing completing the
commitments clears the board, and one without optimism is a winning sequence.

The board is kept as bitmasks updated when tiles leave: the tiles present, the tiles free or gone
(`known`), and each unit's free tiles; only the tiles that a leaving tile lay on or stood beside
are looked at again (`Geometry.newly_free`). A step changes little, so what the heuristic weighs
is remembered while the tiles that decide it stay as they were: each unit's moves (for the
playout), and what each pair's leaving frees (for the whole search, see `FreedByPair`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from lines_tui.engine.mahjong.geometry import Geometry, bits
from lines_tui.engine.mahjong.solver.board import NO_TILE, Board
from lines_tui.engine.mahjong.solver.pairings import Pairings, Reason
from lines_tui.engine.mahjong.solver.relaxation import partnered, reaches
from lines_tui.engine.mahjong.solver.result import Pair

Move = tuple[int, int, int, int, int]
"""A real move of a choosable unit: (unit, tile, tile, c, d), see `PlayoutState.moves`."""


@dataclass(frozen=True)
class Snapshot:
    """A board that a playout or a relaxation reached, with the real moves made before it."""

    present: int
    known: int
    """Tiles free or already gone."""
    moves: int
    """Real moves made before this board."""


@dataclass
class Playout:
    moves: list[Pair] = field(default_factory=list)
    """The real moves, in play order: a winning sequence if neither stuck nor optimistic."""
    stuck_at: Snapshot | None = None
    """Where the relaxation got stuck, if it did."""
    nogood: Reason | None = None
    """When stuck: commitments that cannot all hold (filled in by the search)."""
    optimistic: list[int] = field(default_factory=list)
    """The types that needed an optimistic move, first one first."""
    touched: dict[int, Snapshot] = field(default_factory=dict)
    """For each type, the board before the first step that removed one of its tiles."""
    first_optimism: int | None = None
    """The step number of the first optimistic move, if any."""
    before_optimism: Snapshot | None = None
    played_under: list[int] | None = None
    """When it cleared the board with optimism: every tile's allowed partners then (set by
    the search)."""

    @classmethod
    def refuted(cls, nogood: Reason) -> Playout:
        """A playout that need not run: `nogood` already refutes its commitments."""
        return cls(nogood=nogood)

    def closeness(self) -> tuple[int, int]:
        """How far from winning: the types that needed optimism, then how early it came."""
        # No optimism at all: as if before any step, so that on this second key (the one
        # children are sorted by) it comes after every playout that had.
        first = -1 if self.first_optimism is None else self.first_optimism
        return len(self.optimistic), -first

    def replayable(self, kind: int) -> list[Pair]:
        """The moves made before the playout first touched the type or needed optimism: real
        moves that a playout with other commitments for the type can make too."""
        cut = self.touched[kind].moves
        if self.before_optimism is not None:
            cut = min(cut, self.before_optimism.moves)
        return self.moves[:cut]


class PlayoutState:
    """The board during one playout, its units, and the units that can move."""

    def __init__(self, board: Board, pairings: Pairings) -> None:
        self.board = board
        self.allowed = pairings.allowed
        self.present = board.present
        self.known = board.known
        unit_of = list(board.type_of)
        # A type's open tiles, then each committed pair, are a unit.
        unit_tiles = list(board.type_mask)
        for a, b in pairings.order:
            unit_tiles[unit_of[a]] &= ~(1 << a | 1 << b)
            unit_of[a] = unit_of[b] = len(unit_tiles)
            unit_tiles.append(1 << a | 1 << b)
        self.unit_of = unit_of
        self.unit_tiles = unit_tiles
        self.unit_free = [0] * len(unit_tiles)
        for tile in bits(board.free):
            self.unit_free[unit_of[tile]] |= 1 << tile
        self.ready: list[int] = []
        """Units whose remaining tiles are all free (maybe no longer: check again)."""
        self.choosable: list[int] = []
        """Units with two free tiles or more among others (maybe no longer: check again)."""
        self._listed: dict[int, tuple[int, int, list[Move], int]] = {}
        """For each unit: its free and remaining tiles when its moves were last listed, those
        moves, and its free tiles that have an allowed partner free."""
        self.pairable = 0
        """The free tiles with an allowed partner free: the tiles that may leave at once in a
        look-ahead from this board (set by `moves`)."""
        for unit in range(len(unit_tiles)):
            self.classify(unit)

    def classify(self, unit: int) -> None:
        free = self.unit_free[unit].bit_count()
        if free >= 2:
            if free == (self.unit_tiles[unit] & self.present).bit_count():
                self.ready.append(unit)
            else:
                self.choosable.append(unit)

    def remove(self, tiles: int) -> None:
        """Take `tiles` (all free) off the board and free what they held."""
        unit_of, unit_free = self.unit_of, self.unit_free
        present = self.present = self.present & ~tiles
        freed = self.board.geometry.newly_free(tiles, present, self.known)
        self.known |= freed
        classify = self.classify
        while tiles:
            low = tiles & -tiles
            tiles ^= low
            unit = unit_of[low.bit_length() - 1]
            unit_free[unit] &= ~low
            classify(unit)
        while freed:
            low = freed & -freed
            freed ^= low
            unit = unit_of[low.bit_length() - 1]
            unit_free[unit] |= low
            classify(unit)

    def moves(self) -> list[Move]:
        """The real moves of the choosable units that keep their pairing allowed, as (unit,
        tile, tile, c, d): c and d are the type's other two tiles when it has four left, else
        NO_TILE. Units that can no longer move leave `choosable`, and none stays twice. Also
        sets `pairable`: a tile's allowed partners are in its own unit, and every unit with two
        free tiles is choosable here (the ready ones have moved)."""
        present, unit_free, unit_tiles = self.present, self.unit_free, self.unit_tiles
        listed = self._listed
        kept: dict[int, None] = {}
        found: list[Move] = []
        pairable = 0
        for unit in self.choosable:
            free = unit_free[unit]
            if free.bit_count() < 2 or unit in kept:
                continue
            kept[unit] = None
            rest = unit_tiles[unit] & present
            seen = listed.get(unit)
            # A step changes a few units: the others' moves are the ones listed before.
            if seen is None or seen[0] != free or seen[1] != rest:
                seen = listed[unit] = (free, rest, *self._unit_moves(unit, free, rest))
            found.extend(seen[2])
            pairable |= seen[3]
        self.choosable[:] = kept
        self.pairable = pairable
        return found

    def pairable_after(self, pair_tiles: int, free: int, freed: int) -> int:
        """`pairable` once the free tiles `pair_tiles` (a mask) leave (after `moves`): `free` is
        the free tiles then, `freed` among them those the pair frees. Only the pair's own
        partners can lose theirs, and only the tiles it frees and their partners can gain one,
        so a look-ahead gets the tiles that may leave at its start without a look at every free
        tile."""
        allowed = self.allowed
        after = self.pairable & ~pair_tiles
        rest = pair_tiles
        while rest:
            low = rest & -rest
            rest ^= low
            after &= ~allowed[low.bit_length() - 1]
        # The pair's partners: have they another?
        after |= partnered(allowed, self.pairable & ~pair_tiles & ~after, free)
        while freed:
            low = freed & -freed
            freed ^= low
            mates = allowed[low.bit_length() - 1] & free
            if mates:
                after |= low | mates
        return after

    def _unit_moves(self, unit: int, free: int, rest: int) -> tuple[list[Move], int]:
        """The moves of one unit, whose free tiles are `free` and remaining tiles `rest`, and
        those of its free tiles that have an allowed partner free."""
        allowed = self.allowed
        tiles = list(bits(free))
        four = rest.bit_count() == 4
        found: list[Move] = []
        pairable = 0
        for i, a in enumerate(tiles):
            partners = allowed[a]
            for b in tiles[i + 1 :]:
                if not partners >> b & 1:
                    continue
                pairable |= 1 << a | 1 << b
                if not four:
                    found.append((unit, a, b, NO_TILE, NO_TILE))
                    continue
                others = rest & ~(1 << a | 1 << b)
                low = others & -others
                c, d = low.bit_length() - 1, (others ^ low).bit_length() - 1
                if allowed[c] >> d & 1:
                    found.append((unit, a, b, c, d))
        return found, pairable


class FreedByPair:
    """What a pair's leaving frees (`Geometry.newly_free`), remembered for each pair with the
    tiles that decide it as they were. The heuristic weighs every move at every step, but the
    board around most pairs has not changed since it last weighed them, in this playout or an
    earlier one of the search."""

    def __init__(self, geometry: Geometry) -> None:
        self.newly_free = geometry.newly_free
        self.decided_by = geometry.decided_by
        self.seen: dict[int, tuple[int, int, int, int]] = {}
        """For each pair (as a mask): the tiles that decide, their presence and freedom then,
        and the tiles freed."""

    def freed(self, a: int, b: int, present: int, known: int) -> int:
        """The tiles that get free when free tiles a and b leave the board `present`."""
        pair = 1 << a | 1 << b
        seen = self.seen.get(pair)
        if seen is None:
            decided_by = self.decided_by[a] | self.decided_by[b]
        else:
            decided_by, was_present, was_known, freed = seen
            if present & decided_by == was_present and known & decided_by == was_known:
                return freed
        freed = self.newly_free(pair, present & ~pair, known)
        self.seen[pair] = (decided_by, present & decided_by, known & decided_by, freed)
        return freed


class Player:
    """Plays the playouts of one search: the heuristic and its look-ahead."""

    def __init__(self, board: Board, pairings: Pairings, hint: list[int]) -> None:
        self.board = board
        self.pairings = pairings
        self.hint = hint
        """Preferred partners (NO_TILE: none): a previous winning sequence, a closest miss."""
        self.freed_by_pair = FreedByPair(board.geometry)

    def play(self, prefix: Sequence[Pair] = ()) -> Playout:
        """Play from the starting position: `prefix` first (real moves known to be playable),
        then real moves, then optimistic ones (see the module)."""
        state = PlayoutState(self.board, self.pairings)
        type_of, allowed = self.board.type_of, self.pairings.allowed
        trace = Playout()
        moves, touched = trace.moves, trace.touched
        replay = iter(prefix)
        doomed: set[Pair] = set()
        type_mask = self.board.type_mask
        untouched = self.board.present  # the tiles of the types not yet in `touched`
        step = 0
        while True:
            present, known, made = state.present, state.known, len(moves)
            optimistic = bool(trace.optimistic)
            gone = self._real_move(state, next(replay, None), moves, doomed, optimistic)
            if not gone:
                tile = _optimistic_tile(allowed, present, known)
                if tile is None:
                    break
                gone = 1 << tile
                if trace.first_optimism is None:
                    trace.first_optimism = step
                    trace.before_optimism = Snapshot(present, known, made)
                if type_of[tile] not in trace.optimistic:
                    trace.optimistic.append(type_of[tile])
            first_touch = gone & untouched
            while first_touch:
                kind = type_of[(first_touch & -first_touch).bit_length() - 1]
                touched[kind] = Snapshot(present, known, made)
                untouched &= ~type_mask[kind]
                first_touch &= untouched
            state.remove(gone)
            step += 1
        if state.present:
            trace.stuck_at = Snapshot(state.present, state.known, len(moves))
        return trace

    def _real_move(
        self,
        state: PlayoutState,
        replayed: Pair | None,
        moves: list[Pair],
        doomed: set[Pair],
        optimistic: bool,
    ) -> int:
        """Make the next real move (appended to `moves`); returns the tiles it removes (0:
        there is none)."""
        if replayed is not None:
            moves.append(replayed)
            return 1 << replayed[0] | 1 << replayed[1]
        while state.ready:
            unit = state.ready.pop()
            free = state.unit_free[unit]
            if free.bit_count() < 2 or free != state.unit_tiles[unit] & state.present:
                continue
            pairs = self._match(free)
            if pairs is None:
                state.choosable.append(unit)
            else:
                moves.extend(pairs)
                return free
        if not state.choosable:
            return 0
        choice = self._any_move(state) if optimistic else self._choose(state, doomed)
        if choice is None:
            return 0
        moves.append(choice)
        return 1 << choice[0] | 1 << choice[1]

    def _match(self, tiles: int) -> list[Pair] | None:
        """Pair up the free tiles of one unit with allowed pairs, the hint's pairs first."""
        allowed, hint = self.pairings.allowed, self.hint
        if tiles.bit_count() == 2:  # most units: the same pair as below, without the lists
            a, b = tiles.bit_length() - 1, (tiles & -tiles).bit_length() - 1
            return [(a, b)] if allowed[a] >> b & 1 else None
        rest = list(bits(tiles))
        pairs: list[Pair] = []
        while rest:
            a = rest.pop()
            options = [b for b in rest if allowed[a] >> b & 1]
            if not options:
                return None
            b = hint[a] if hint[a] in options else options[0]
            rest.remove(b)
            pairs.append((a, b))
        return pairs

    def _choose(self, state: PlayoutState, doomed: set[Pair]) -> Pair | None:
        """The most promising real move of an open type, or None.

        Only pairs that keep the type's pairing allowed qualify. The hint's pairs come first
        (the others are not even weighed while one of those will do); then the move that frees
        the most tiles at once (a tile counting twice when its unit has a free tile already, the
        move's own tiles among them); then the move whose two tiles hold up the most tiles,
        directly or through others (counted as what is left of their cones on the full board,
        `Geometry.cones`, themselves included), less the tiles that its type's two tiles left,
        if free, hold up directly.
        Before a move that ties the type's other two tiles together, the relaxation checks from
        the board after it that those two can still get free together."""
        hint = self.hint
        moves = state.moves()
        hinted = [move for move in moves if hint[move[1]] == move[2]]
        if hinted:
            return self._best(state, hinted, doomed) or self._best(
                state, [move for move in moves if hint[move[1]] != move[2]], doomed
            )
        return self._best(state, moves, doomed)

    def _best(self, state: PlayoutState, moves: list[Move], doomed: set[Pair]) -> Pair | None:
        blocks, freed_by_pair = self.board.blocks, self.freed_by_pair.freed
        cones = self.board.geometry.cones
        unit_of, unit_free = state.unit_of, state.unit_free
        present, known = state.present, state.known
        candidates: list[tuple[tuple[int, int], int, int, int, int, int, int]] = []
        for unit, a, b, c, d in moves:
            # What the move unlocks in the long run: the tiles of its two's cones on the full
            # board still here (an upper bound of what waits for them, directly or through
            # others, cheap to count); less what its type's two tiles left, if free, make wait.
            holds_up = (cones[a] & present).bit_count() + (cones[b] & present).bit_count()
            if c != NO_TILE:
                if known >> c & 1:
                    holds_up -= (present & blocks[c]).bit_count()
                if known >> d & 1:
                    holds_up -= (present & blocks[d]).bit_count()
            freed = freed_by_pair(a, b, present, known)
            gain = 0
            rest = freed
            while rest:
                low = rest & -rest
                rest ^= low
                gain += 2 if unit_free[unit_of[low.bit_length() - 1]] else 1
            candidates.append(((gain, holds_up), unit, a, b, c, d, freed))
        candidates.sort(reverse=True)
        for _, _, a, b, c, d, freed in candidates:
            if c == NO_TILE:
                return a, b
            # The relaxation cleared the board before this move (the node's probe and every
            # earlier look-ahead say so), and the move only ties c to d: the board still
            # clears if c and d can both get free. Tiles gone do not count as partners here,
            # so the look-ahead also holds the other types to the pairs already played.
            # A move that failed stays failed while its type is untouched: later boards are
            # reached by moves the relaxation allows anyway.
            if (a, b) in doomed:
                continue
            pair = 1 << a | 1 << b
            after = present & ~pair
            free = known & after | freed
            leaving = state.pairable_after(pair, free, freed)
            if self._frees_both(after, free, leaving, c, d):
                return a, b
            doomed.add((a, b))
        return None

    def _frees_both(self, present: int, known: int, leaving: int, c: int, d: int) -> bool:
        """Whether the relaxation from this board (`known`: its free tiles, none of those
        gone; `leaving`: those with an allowed partner among them) frees both c and d. It
        holds c and d to each other without being told: their other partners are tiles of
        their type already gone (the pair just played among them), and a tile gone is never a
        partner here."""
        allowed = self.pairings.allowed
        return reaches(self.board.geometry, allowed, present, known, 1 << c | 1 << d, leaving)

    def _any_move(self, state: PlayoutState) -> Pair | None:
        """A real move of an open type that keeps its pairing allowed, the hint's first.

        Once a playout has needed optimism it no longer wins; what is left of it only lists the
        types that need optimism, for the search to branch on, so any real move will do."""
        hint = self.hint
        fallback = None
        for _, a, b, _, _ in state.moves():
            if hint[a] == b:
                return a, b
            if fallback is None:
                fallback = (a, b)
        return fallback


def _optimistic_tile(allowed: Sequence[int], present: int, known: int) -> int | None:
    """A free tile with an allowed partner free or gone: it may leave in the relaxation."""
    free = known & present
    while free:
        low = free & -free
        free ^= low
        if allowed[low.bit_length() - 1] & known:
            return low.bit_length() - 1
    return None
