"""The repair phase: a local search over complete pairings, each judged exactly.

With a partner fixed for every tile, the order of the moves does not matter (removing a tile never
makes another un-free), so the relaxation in which a tile may leave only with its own partner is
exact: if it clears the board, the pairs in the order it removed them are a winning sequence; if it
does not, that pairing loses. Judging a complete pairing this way costs a small fraction of a
playout, so a pairing that loses can be *repaired* a flip at a time, as WalkSAT repairs a truth
assignment: a *flip* re-pairs the four tiles of two pairs of one type, (a, c) and (b, d) becoming
(a, b) and (c, d), where a is a free tile that the relaxation left on the board and the new pairs
are allowed at the root (`Pairings.root`). Each step takes the first flip, in random order, that
leaves fewer tiles than now, else one that leaves the fewest, among the flips of types not flipped
in the last `TABU` steps; now and then (or when every flip is of such a type) a random flip
instead, of any type.

A flip changes nothing before the relaxation first removes one of the type's tiles, or first could
remove one of its new pairs; so the relaxation is recorded wave by wave (each wave removes every
pair whose tiles are both free), and a flip is judged from the board before that wave.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lines_tui.engine.mahjong.geometry import bits
from lines_tui.engine.mahjong.solver.board import NO_TILE, Board
from lines_tui.engine.mahjong.solver.relaxation import partnered
from lines_tui.engine.mahjong.solver.result import Pair
from lines_tui.engine.stable_random import StableRandom

Flip = tuple[int, int, int, int]
"""(a, b, c, d): the pairs (a, c) and (b, d) become (a, b) and (c, d)."""

NOISE = 0.1
"""The share of steps that take a random flip, so that the walk leaves a local minimum."""
TABU = 6
"""How many of the latest flipped types may not be flipped again."""
CHECK_EVERY = 32
"""The budget's deadline and stop signal are looked at after each step during which the
evaluations spent passed a multiple of this (a greedy step may pass two)."""


@dataclass(frozen=True)
class Clearing:
    """The exact relaxation of one complete pairing, wave by wave."""

    before: tuple[tuple[int, int], ...]
    """For each wave, the tiles present and the tiles free or gone before it."""
    leaving: tuple[int, ...]
    """For each wave, the tiles it removes."""
    present: int
    """The tiles left at the end."""
    known: int

    @classmethod
    def of(cls, board: Board, mates: Sequence[int]) -> Clearing:
        """The relaxation from the starting position; `mates[t]` is t's partner as a mask."""
        present, known = board.present, board.known
        leaving = partnered(mates, known & present, known)
        return _waves(board, mates, (), (), present, known, leaving)

    def moves(self, mates: Sequence[int]) -> list[Pair]:
        """The pairs removed, wave after wave: a winning sequence when nothing is left."""
        return [
            (tile, mates[tile].bit_length() - 1)
            for leaving in self.leaving
            for tile in bits(leaving)
            if mates[tile] > 1 << tile
        ]

    def after_flip(self, board: Board, mates: Sequence[int], kind: int, flip: Flip) -> Clearing:
        """The relaxation once `flip` of the type `kind` is made in `mates`."""
        a, b, c, d = flip
        tiles = board.type_mask[kind]
        first, second = 1 << a | 1 << b, 1 << c | 1 << d
        cut = len(self.leaving)
        for wave, leaving in enumerate(self.leaving):
            known = self.before[wave][1]
            if leaving & tiles or known & first == first or known & second == second:
                cut = wave
                break
        if cut == len(self.leaving):
            present, known, leaving = self.present, self.known, 0
        else:
            # The wave's other pairs still leave; of the type's, those whose partner is free.
            present, known = self.before[cut]
            leaving = self.leaving[cut] & ~tiles
        leaving |= partnered(mates, tiles & known & present, known)
        return _waves(board, mates, self.before[:cut], self.leaving[:cut], present, known, leaving)


def _waves(
    board: Board,
    mates: Sequence[int],
    before: tuple[tuple[int, int], ...],
    removed: tuple[int, ...],
    present: int,
    known: int,
    leaving: int,
) -> Clearing:
    """Go on from `before` and `removed`, the waves so far, with the wave `leaving`."""
    newly_free = board.geometry.newly_free
    boards = list(before)
    waves = list(removed)
    while leaving:
        boards.append((present, known))
        waves.append(leaving)
        present &= ~leaving
        freed = newly_free(leaving, present, known)
        known |= freed
        leaving = 0
        while freed:
            low = freed & -freed
            freed ^= low
            mate = mates[low.bit_length() - 1]
            if mate & known:
                leaving |= low | mate
    return Clearing(tuple(boards), tuple(waves), present, known)


def repaired_win(
    board: Board,
    root: Sequence[int],
    played: Sequence[Pair],
    hint: Sequence[int],
    evaluations: int,
    rng: StableRandom,
    check: Callable[[], None],
) -> list[Pair] | None:
    """A winning sequence found by repairing the pairing of a playout that played `played` (its
    other tiles paired as `hint` suggests where `root` allows it), or None. No step starts once
    `evaluations` relaxations are spent (a step judges its flips until one leaves fewer tiles, so
    the last may overrun). `check` is called after each step during which the relaxations spent
    passed a multiple of `CHECK_EVERY` (it may raise Stopped)."""
    return _Walk(board, root, complete_pairing(board, root, played, hint), rng).run(
        evaluations, check
    )


def complete_pairing(
    board: Board, root: Sequence[int], played: Sequence[Pair], hint: Sequence[int]
) -> list[int]:
    """Partners for every tile: the pairs played, then for the tiles left, each with the
    hinted partner if allowed at the root, else the first partner allowed, else any."""
    partner = [NO_TILE] * len(board.type_of)
    for a, b in played:
        partner[a], partner[b] = b, a
    for tiles in board.type_tiles:
        rest = [tile for tile in tiles if partner[tile] == NO_TILE]
        while rest:
            a = rest.pop()
            options = [b for b in rest if root[a] >> b & 1] or rest
            b = hint[a] if hint[a] in options else options[0]
            rest.remove(b)
            partner[a], partner[b] = b, a
    return partner


class _Walk:
    """The local search from one complete pairing."""

    def __init__(
        self, board: Board, root: Sequence[int], partner: Sequence[int], rng: StableRandom
    ) -> None:
        self.board = board
        self.root = root
        self.rng = rng
        self.mates = [0 if mate == NO_TILE else 1 << mate for mate in partner]
        self.clearing = Clearing.of(board, self.mates)
        self.tabu: deque[int] = deque(maxlen=TABU)

    def run(self, evaluations: int, check: Callable[[], None]) -> list[Pair] | None:
        spent = 0
        while self.clearing.present:
            if spent >= evaluations:
                return None
            flips = self.flips()
            if not flips:
                return None
            before = spent
            not_tabu = [flip for flip in flips if self.board.type_of[flip[0]] not in self.tabu]
            if not_tabu and self.rng.random() >= NOISE:
                spent += self.greedy_step(not_tabu)
            else:
                flip = self.rng.choice(flips)
                self.make(flip, self.judge(flip))
                spent += 1
            # A greedy step judges many flips: a multiple of CHECK_EVERY may fall inside it.
            if spent // CHECK_EVERY != before // CHECK_EVERY:
                check()
        return self.clearing.moves(self.mates)

    def flips(self) -> list[Flip]:
        """The flips that re-pair a free tile left on the board, in random order."""
        root, mates = self.root, self.mates
        seen: set[tuple[Pair, Pair]] = set()
        flips: list[Flip] = []
        for a in bits(self.clearing.known & self.clearing.present):
            c = mates[a].bit_length() - 1
            for b in bits(root[a] & ~mates[a]):
                d = mates[b].bit_length() - 1
                if not root[c] >> d & 1:
                    continue
                # The same flip is seen from the other tiles too: it makes the same two pairs.
                first, second = (min(a, b), max(a, b)), (min(c, d), max(c, d))
                key = (first, second) if first < second else (second, first)
                if key not in seen:
                    seen.add(key)
                    flips.append((a, b, c, d))
        self.rng.shuffle(flips)
        return flips

    def greedy_step(self, flips: list[Flip]) -> int:
        """Make the first flip that leaves fewer tiles, else one of those that leave the
        fewest; returns the evaluations spent."""
        now = self.clearing.present.bit_count()
        best: list[tuple[Flip, Clearing]] = []
        fewest = len(self.mates) + 1
        spent = 0
        for flip in flips:
            judged = self.judge(flip)
            spent += 1
            left = judged.present.bit_count()
            if left < fewest:
                best, fewest = [(flip, judged)], left
            elif left == fewest:
                best.append((flip, judged))
            if left < now:
                break
        self.make(*(best[0] if len(best) == 1 else self.rng.choice(best)))
        return spent

    def judge(self, flip: Flip) -> Clearing:
        """The relaxation with `flip` made (the pairing itself is left as it is)."""
        self._set(flip, True)
        try:
            kind = self.board.type_of[flip[0]]
            return self.clearing.after_flip(self.board, self.mates, kind, flip)
        finally:
            self._set(flip, False)

    def make(self, flip: Flip, judged: Clearing) -> None:
        self._set(flip, True)
        self.tabu.append(self.board.type_of[flip[0]])
        self.clearing = judged

    def _set(self, flip: Flip, made: bool) -> None:
        a, b, c, d = flip
        if not made:
            b, c = c, b
        mates = self.mates
        mates[a], mates[b], mates[c], mates[d] = 1 << b, 1 << a, 1 << d, 1 << c
