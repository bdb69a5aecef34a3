"""Cross-check of the dead-end solver's verdicts with an independent search (a script, not a test).

    .venv/bin/python tests/tools/crosscheck_solver.py [--deals N] [--midgame N] [--start K]
                                                [--seconds S] [--wall S] [--wrong-dir DIR]
                                                [--selftest N]

The solver's own tests compare it with brute force on positions of up to ~20 tiles; this script
looks for wrong verdicts where brute force cannot go: whole deals and mid-game positions (tiles
removed, stacks) on every built-in layout. Every verdict of `solve(position, timeout=10)` is
checked with code written here from the README's rules alone (not geometry.py, not the solver):

- "solvable": the winning sequence is replayed: every pair one face, both tiles free at that
  moment, nothing left at the end.
- "unsolvable": an independent search tries to clear the position within --seconds: randomised
  greedy games, then an exhaustive depth-first search (safe moves played at once, branching on
  how a face's four tiles pair up, a memo on the tiles present and the pairs decided, dead
  branches cut by a relaxed game and by reasoning about the order tiles must leave in).
  A clearing sequence (replayed before it counts) is a WRONG VERDICT: the position is written as
  position JSON to --wrong-dir (a new temporary folder unless given). A search that runs out of
  possibilities confirms the verdict; one that runs out of budget leaves it "unconfirmed" (not
  refuted, not proved).

Mid-game positions come first (they are where a removed tile can mislead a solver): for each k,
deal seed 10000+k on each built-in layout, then k % 60 random legal moves chosen by
random.Random(k); then the deal of seed k on each built-in layout. --start K starts at k = K.
tests/test_solver_crosscheck.py runs a small sample of this in the test suite.
--wall stops starting new positions after that many seconds overall. --selftest N compares the
pruned search with a plain exhaustive search on N small random positions and exits.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from lines_tui.engine.mahjong.deal import deal
from lines_tui.engine.mahjong.layouts import BUILTIN_NAMES, find_layout
from lines_tui.engine.mahjong.position import Position
from lines_tui.engine.mahjong.solver import Verdict, solve

MIDGAME_SEED = 10000
MAX_RANDOM_MOVES = 60
MIDGAME_LAYOUTS = BUILTIN_NAMES
SOLVER_TIMEOUT = 10.0
PLAYOUTS = 40
"""Greedy games tried before the search (in at most a tenth of its budget)."""
ROUNDS = 6
"""Rounds of order reasoning per node (each lets a consequence travel one tile further)."""
RESTART_LIMIT = 20_000
"""Nodes after which the search stops restarting (restarts grow by half each time)."""
SOLVER_PACKAGE = Path(__file__).resolve().parents[2] / "lines_tui/engine/mahjong/solver"

Move = tuple[int, int]
Pairing = tuple[Move, Move]


def set_bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Board:
    """The free-tile rule of the README ("The rules the engine implements"), computed from the
    coordinates directly.

    A tile at (x, y, z) is covered by a tile on layer z+1 with |dx| < 2 and |dy| < 2, blocked on
    the left by a tile on layer z with dx = -2 and |dy| < 2 (right: dx = +2), and free when it is
    not covered and not blocked on both sides."""

    def __init__(self, position: Position) -> None:
        self.slots = position.slots
        self.count = len(position.slots)
        face_ids: dict[str, int] = {}
        self.face = [face_ids.setdefault(face, len(face_ids)) for face in position.faces]
        self.face_count = len(face_ids)
        self.face_tiles = [0] * self.face_count
        for tile, face in enumerate(self.face):
            self.face_tiles[face] |= 1 << tile
        self.covered_by = [0] * self.count
        self.left = [0] * self.count
        self.right = [0] * self.count
        for i, (x, y, z) in enumerate(self.slots):
            for j, (u, v, w) in enumerate(self.slots):
                if i == j:
                    continue
                dx, dy = u - x, v - y
                if w == z + 1 and abs(dx) < 2 and abs(dy) < 2:
                    self.covered_by[i] |= 1 << j
                if w == z and abs(dy) < 2:
                    if dx == -2:
                        self.left[i] |= 1 << j
                    elif dx == 2:
                        self.right[i] |= 1 << j
        self.start = (1 << self.count) - 1
        # How many tiles a tile holds up (under it, at any depth, or beside it): a hint for
        # which tiles to take away first, used only to find a winning sequence sooner.
        below = [0] * self.count
        for i in sorted(range(self.count), key=lambda t: self.slots[t][2]):
            for j in range(self.count):
                if self.covered_by[j] >> i & 1:
                    below[i] |= 1 << j | below[j]
        self.weight = [
            bin(below[t] | self.left[t] | self.right[t]).count("1") for t in range(self.count)
        ]
        for tile in position.removed:
            self.start &= ~(1 << tile)

    def is_free(self, tile: int, present: int) -> bool:
        if self.covered_by[tile] & present:
            return False
        return not (self.left[tile] & present and self.right[tile] & present)

    def free_tiles(self, present: int) -> int:
        free = 0
        for tile in set_bits(present):
            if self.is_free(tile, present):
                free |= 1 << tile
        return free

    def replay_error(self, moves: Sequence[Move]) -> str | None:
        """Why `moves` does not clear the position, or None when it does."""
        present = self.start
        for number, (a, b) in enumerate(moves):
            if a == b:
                return f"move {number}: tile {a} paired with itself"
            if not (present >> a & 1 and present >> b & 1):
                return f"move {number}: tile {a} or {b} is not on the board"
            if self.face[a] != self.face[b]:
                return f"move {number}: tiles {a} and {b} differ"
            if not (self.is_free(a, present) and self.is_free(b, present)):
                return f"move {number}: tile {a} or {b} is not free"
            present &= ~(1 << a | 1 << b)
        if present:
            return f"{bin(present).count('1')} tiles left after the last move"
        return None


class OutOfBudget(Exception):
    pass


class Restart(Exception):
    pass


class Refuter:
    """Tries to clear a position the solver called unsolvable, or to prove that nothing can.

    The search commits faces to pairings. Its justification, from the rules alone: removing
    tiles never makes a tile less free, so in a winning sequence any pair that is available now
    and is played later anyway can be moved to the front, and every later move stays legal. Hence,
    once it is decided how a face's four tiles pair up (or the face has two tiles left, or all its
    tiles are free), playing its available pairs at once loses nothing; the only real choice is,
    per face of four, which of its 3 pairings the winning sequence uses. A node plays every such
    safe pair, stops when nothing is left (cleared) or when `Order` proves the commitments made so
    far impossible, and otherwise branches on the pairings of one face of four (if no face of
    four left open has a free pair, no legal move fits the commitments: dead). Refuted (present
    tiles, commitments) are remembered: whether the tiles present can be cleared keeping those
    commitments does not depend on the path that led there."""

    def __init__(self, board: Board, deadline: float, node_limit: int) -> None:
        self.board = board
        self.deadline = deadline
        self.node_limit = node_limit
        self.nodes = 0
        self.refuted: set[tuple[int, frozenset[Move]]] = set()
        self.activity: Counter[int] = Counter()
        self.excluded: set[Pairing] = set()
        self.rng = random.Random(board.start)
        self.noise = 0.0
        self.restart_at: int | None = None

    def safe_moves(self, present: int, committed: frozenset[Move]) -> tuple[int, list[Move]]:
        board = self.board
        moves: list[Move] = []
        progress = True
        while progress:
            progress = False
            free = board.free_tiles(present)
            for face in range(board.face_count):
                left = board.face_tiles[face] & present
                if not left:
                    continue
                if left & free == left:
                    tiles = list(set_bits(left))
                    moves.extend(zip(tiles[0::2], tiles[1::2], strict=True))
                    present &= ~left
                    free &= ~left
                    progress = True
            for a, b in committed:
                pair = 1 << a | 1 << b
                if present & pair == pair and free & pair == pair:
                    moves.append((a, b))
                    present &= ~pair
                    progress = True
        return present, moves

    def choices(self, present: int) -> list[Move]:
        board = self.board
        free = board.free_tiles(present)
        moves: list[Move] = []
        for face in range(board.face_count):
            tiles = list(set_bits(board.face_tiles[face] & present & free))
            moves.extend(itertools.combinations(tiles, 2))
        return moves

    def playout(self, rng: random.Random, noise: float) -> list[Move] | None:
        """One greedy game that commits a face only when nothing else can move: it takes away
        the two free tiles that hold up the most others (give or take `noise`), keeps the rest
        for later, and then plays safe pairs at once."""
        board = self.board
        present, committed, sequence = board.start, frozenset[Move](), []
        while True:
            present, moves = self.safe_moves(present, committed)
            sequence.extend(moves)
            if not present:
                return sequence
            committed = frozenset((a, b) for a, b in committed if present >> a & 1)
            free = board.free_tiles(present)
            best: tuple[float, Pairing] | None = None
            for face in range(board.face_count):
                tiles = board.face_tiles[face] & present
                if bin(tiles).count("1") != 4 or any(tiles >> a & 1 for a, _ in committed):
                    continue
                loose = sorted(
                    set_bits(tiles & free), key=lambda t: board.weight[t] + noise * rng.random()
                )
                if len(loose) < 2:
                    continue
                a, b = loose[-2:]
                c, d = set_bits(tiles & ~(1 << a | 1 << b))
                score = board.weight[a] + board.weight[b] + noise * rng.random()
                if best is None or score > best[0]:
                    best = score, ((a, b), (c, d))
            if best is None:
                return None
            committed = committed | frozenset(best[1])

    def search(self) -> list[Move] | None:
        """A clearing sequence, or None when there is none; OutOfBudget when the budget ran out.

        The search restarts after a growing number of nodes with its ties broken at random
        (a winning sequence is often found sooner on another path); what it refuted stays
        refuted, and the last run, unlimited, is exhaustive."""
        present, safe = self.safe_moves(self.board.start, frozenset())
        found = self.probe(present)
        if found is not None:
            return safe + found
        limit = 100.0
        while True:
            self.restart_at = self.nodes + int(limit) if limit < RESTART_LIMIT else None
            try:
                rest = self._search(present, frozenset())
            except Restart:
                limit *= 1.5
                self.noise = 1.0
                continue
            return None if rest is None else safe + rest

    def probe(self, present: int) -> list[Move] | None:
        """Tries each pairing of each face of four alone and excludes those that lead to a dead
        node: no winning sequence uses them, wherever in the search. A clearing sequence met on
        the way is returned."""
        board = self.board
        progress = True
        while progress:
            progress = False
            order = Order(board, present, frozenset(), self.excluded)
            if order.dead():
                return None
            for options in order.options.values():
                for pairing in options:
                    if time.monotonic() > self.deadline:
                        raise OutOfBudget
                    committed = frozenset(pairing)
                    left, moves = self.safe_moves(present, committed)
                    if not left:
                        return moves
                    committed = frozenset(
                        (a, b) for a, b in committed if left >> a & 1 and left >> b & 1
                    )
                    if (
                        self.relaxed(left, committed) is None
                        or Order(board, left, committed, self.excluded).dead()
                    ):
                        self.excluded.add(pairing)
                        progress = True
        return None

    def _search(self, present: int, committed: frozenset[Move]) -> list[Move] | None:
        board = self.board
        present, safe = self.safe_moves(present, committed)
        if not present:
            return safe
        committed = frozenset((a, b) for a, b in committed if present >> a & 1 and present >> b & 1)
        key = (present, committed)
        if key in self.refuted:
            return None
        self.nodes += 1
        if self.nodes > self.node_limit or time.monotonic() > self.deadline:
            raise OutOfBudget
        if self.restart_at is not None and self.nodes > self.restart_at:
            raise Restart
        rounds = self.relaxed(present, committed)
        if rounds is None:
            self.refuted.add(key)
            return None
        order = Order(board, present, committed, self.excluded)
        if order.dead():
            self.refuted.add(key)
            return None
        if order.forced:
            rest = self._search(present, committed | frozenset(order.forced))
            if rest is None:
                self.refuted.add(key)
                return None
            return safe + rest
        guess = self.natural_pairs(board, order, rounds)
        left, moves = self.safe_moves(present, committed | guess)
        if not left:
            return safe + moves
        free = board.free_tiles(present)
        if any(bin(free & mask).count("1") >= 2 for mask in order.options):
            # Any face will do (its pairings cover every winning sequence): the most constrained
            # one, then the one most often refuted so far, as a solver of SAT problems would;
            # first the pairing whose pairs could leave closest together in the relaxed game.
            def rank(mask: int) -> tuple[int, int, int, float]:
                options = len(order.options[mask])
                loose = bin(free & mask).count("1")
                return options, -self.activity[mask], -loose, self.noise * self.rng.random()

            def distance(pairing: Pairing) -> float:
                (a, b), (c, d) = pairing
                near = abs(rounds[a] - rounds[b]) + abs(rounds[c] - rounds[d])
                return near + self.noise * 2 * self.rng.random()

            mask = min(order.options, key=rank)
            for pairing in sorted(order.options[mask], key=distance):
                rest = self._search(present, committed | frozenset(pairing))
                if rest is not None:
                    return safe + rest
                self.activity[mask] += 1
        self.refuted.add(key)
        return None

    def relaxed(self, present: int, committed: frozenset[Move]) -> list[int] | None:
        """A necessary condition: the game in which a tile of an uncommitted face of four may
        leave alone whenever it is free can be cleared (every real winning sequence is one of
        its games, and in it removing never hurts, so playing everything at once decides it).
        Returns the round in which each tile left, or None when it sticks."""
        board = self.board
        partner = {t: 1 << t for t in set_bits(present)}
        for a, b in committed:
            partner[a] = partner[b] = 1 << a | 1 << b
        for face in range(board.face_count):
            left = board.face_tiles[face] & present
            if bin(left).count("1") == 2:
                for tile in set_bits(left):
                    partner[tile] = left
        rounds = [0] * board.count
        number = 0
        while present:
            free = board.free_tiles(present)
            leaving = 0
            for tile in set_bits(free):
                if partner[tile] & free == partner[tile]:
                    leaving |= partner[tile]
            if not leaving:
                return None
            for tile in set_bits(leaving):
                rounds[tile] = number
            present &= ~leaving
            number += 1
        return rounds

    @staticmethod
    def natural_pairs(board: Board, order: Order, rounds: list[int]) -> frozenset[Move]:
        """A guess for the open faces: pair the two tiles that left first in the relaxed game.
        (Any guess is fine: a clearing sequence it leads to is a real one.)"""
        pairs: list[Move] = []
        for mask in order.options:
            a, b, c, d = sorted(set_bits(mask), key=lambda t: (rounds[t], -board.weight[t]))
            pairs.extend(((a, b), (c, d)))
        return frozenset(pairs)


class Order:
    """Necessary conditions on the order in which the tiles present can leave.

    before[t] is a set of tiles that must all be removed strictly before tile t in every winning
    sequence (that keeps the commitments); same[t] holds the tiles that leave in the same move as
    t: the other tile of a face with two left, the partner in a committed pair, or the partner in
    the only pairing of a face of four not yet shown impossible. Facts used:
    - a tile covering t leaves before t (t is not free while it is there);
    - if one side of t cannot be cleared before t (a tile there leaves with t or after t), the
      other side must be; in any case what both sides have to lose first leaves before t;
    - a pairing of a face of four is impossible if a pair's tiles are ordered, or if each pair
      has a tile that must leave before a tile of the other.
    A tile that must leave before itself, a tile whose both sides cannot clear in time, or a face
    with no possible pairing means there is no winning sequence. After `dead()` returned False,
    `forced` lists the pairs of faces left with one possible pairing and `options` maps the
    other faces of four (as tile masks) to their possible pairings."""

    def __init__(
        self,
        board: Board,
        present: int,
        committed: frozenset[Move],
        excluded: set[Pairing] | frozenset[Pairing] = frozenset(),
    ) -> None:
        self.board = board
        self.present = present
        self.excluded = excluded
        self.tiles = list(set_bits(present))
        self.same = [0] * board.count
        for t in self.tiles:
            self.same[t] = 1 << t
        self.open_faces: list[list[int]] = []
        paired = 0
        for a, b in committed:
            self.merge(a, b)
            paired |= 1 << a | 1 << b
        for face in range(board.face_count):
            left = list(set_bits(board.face_tiles[face] & present))
            if len(left) == 2:
                self.merge(left[0], left[1])
            elif len(left) == 4 and not paired >> left[0] & 1:
                self.open_faces.append(left)
        self.extra = [0] * board.count
        self.before = [0] * board.count
        self.forced: list[Move] = []
        self.options: dict[int, list[Pairing]] = {}

    def merge(self, a: int, b: int) -> None:
        group = self.same[a] | self.same[b]
        for tile in set_bits(group):
            self.same[tile] = group

    def dead(self) -> bool:
        board, present = self.board, self.present
        for _ in range(ROUNDS):
            if not self.close():
                return True
            before = self.before
            changed = False
            for tiles in list(self.open_faces):
                possible = [
                    p for p in pairings(tiles) if p not in self.excluded and self.possible(p)
                ]
                if not possible:
                    return True
                if len(possible) == 1:
                    for a, b in possible[0]:
                        self.merge(a, b)
                        self.forced.append((a, b))
                    self.open_faces.remove(tiles)
                    changed = True
                else:
                    self.options[sum(1 << t for t in tiles)] = possible
            for t in self.tiles:
                left = board.left[t] & present
                right = board.right[t] & present
                if not (left and right):
                    continue
                left_late = self.late(t, left)
                right_late = self.late(t, right)
                if left_late and right_late:
                    return True
                if left_late:
                    need = self.ancestors(right)
                elif right_late:
                    need = self.ancestors(left)
                else:
                    need = self.ancestors(left) & self.ancestors(right)
                if need & ~before[t]:
                    for tile in set_bits(self.same[t]):
                        self.extra[tile] |= need
                    changed = True
            if not changed:
                return False
            self.options.clear()
        # Out of rounds: what is known so far still holds, only less is known.
        for tiles in self.open_faces:
            possible = [p for p in pairings(tiles) if p not in self.excluded and self.possible(p)]
            if not possible:
                return True
            self.options[sum(1 << t for t in tiles)] = possible
        return False

    def close(self) -> bool:
        """Computes `before` from the covering tiles and `extra`; False on a cycle."""
        board, present, same = self.board, self.present, self.same
        done: dict[int, int] = {}
        active: set[int] = set()
        before = self.before

        def visit(t: int) -> bool:
            group = same[t]
            low = group & -group
            if low in done:
                before[t] = done[low]
                return True
            if low in active:
                return False
            active.add(low)
            mask = 0
            for tile in set_bits(group):
                mask |= board.covered_by[tile] & present
                mask |= self.extra[tile]
            closure = mask
            for tile in set_bits(mask):
                if tile == t or not visit(tile):
                    return False
                closure |= same[tile] | before[tile]
            active.discard(low)
            done[low] = closure
            for tile in set_bits(group):
                before[tile] = closure
            return not closure & group

        return all(visit(t) for t in self.tiles)

    def late(self, t: int, side: int) -> bool:
        """Whether some tile of `side` cannot leave before t."""
        if side & self.same[t]:
            return True
        return any(self.before[tile] >> t & 1 for tile in set_bits(side))

    def ancestors(self, tiles: int) -> int:
        mask = 0
        for tile in set_bits(tiles):
            mask |= self.same[tile] | self.before[tile]
        return mask

    def possible(self, pairing: Pairing) -> bool:
        before = self.before
        (a, b), (c, d) = pairing
        if before[a] >> b & 1 or before[b] >> a & 1 or before[c] >> d & 1 or before[d] >> c & 1:
            return False
        first, second = 1 << a | 1 << b, 1 << c | 1 << d
        first_needs_second = (before[a] | before[b]) & second
        second_needs_first = (before[c] | before[d]) & first
        return not (first_needs_second and second_needs_first)


def plain_search(board: Board) -> list[Move] | None:
    """Every legal move in every order, memo on the tiles present: slow, and obviously right."""
    refuted: set[int] = set()

    def search(present: int) -> list[Move] | None:
        if not present:
            return []
        if present in refuted:
            return None
        free = [t for t in set_bits(present) if board.is_free(t, present)]
        for a, b in itertools.combinations(free, 2):
            if board.face[a] == board.face[b]:
                rest = search(present & ~(1 << a | 1 << b))
                if rest is not None:
                    return [(a, b), *rest]
        refuted.add(present)
        return None

    return search(board.start)


def pairings(tiles: list[int]) -> list[Pairing]:
    a, b, c, d = tiles
    return [((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))]


@dataclass
class Tally:
    positions: int = 0
    verdicts: Counter[str] = field(default_factory=Counter)
    confirmed: int = 0
    unconfirmed: int = 0
    wrong: int = 0
    replayed: int = 0
    by_group: Counter[str] = field(default_factory=Counter)
    wrong_files: list[str] = field(default_factory=list)
    unconfirmed_names: list[str] = field(default_factory=list)
    solver_seconds: float = 0.0
    search_seconds: float = 0.0


def check(name: str, position: Position, args: argparse.Namespace, tally: Tally) -> None:
    """Solve `position` and check the verdict; the outcome goes into `tally`."""
    board = Board(position)
    started = time.monotonic()
    result = solve(position, timeout=SOLVER_TIMEOUT)
    tally.solver_seconds += time.monotonic() - started
    verdict = Verdict(result.verdict).value
    tally.positions += 1
    tally.verdicts[verdict] += 1
    group = " ".join(name.split(" ")[:2])
    tally.by_group[f"{group} {verdict}"] += 1
    if verdict == Verdict.SOLVABLE.value:
        error = board.replay_error(result.moves)
        if error is None:
            tally.replayed += 1
        else:
            why = f"solvable, but its sequence fails: {error}"
            report_wrong(name, position, why, [], args.wrong_dir, tally)
        return
    if verdict != Verdict.UNSOLVABLE.value:
        print(f"  {name}: {verdict} after {result.seconds:.1f}s", flush=True)
        return
    started = time.monotonic()
    outcome, detail, moves = refute(board, args.seconds, args.nodes)
    tally.search_seconds += time.monotonic() - started
    if outcome == "wrong":
        why = f"unsolvable, but cleared: {detail}"
        report_wrong(name, position, why, moves, args.wrong_dir, tally)
    elif outcome == "confirmed":
        tally.confirmed += 1
        tally.by_group[f"{group} confirmed"] += 1
        print(f"  {name}: unsolvable, confirmed ({detail})", flush=True)
    else:
        tally.unconfirmed += 1
        tally.unconfirmed_names.append(name)
        print(f"  {name}: unsolvable, UNCONFIRMED ({detail})", flush=True)


def refute(board: Board, seconds: float, nodes: int) -> tuple[str, str, list[Move]]:
    """("wrong", how, moves) when a clearing sequence exists, ("confirmed", how, []) when the
    search proved there is none, ("unconfirmed", how, []) when the budget ran out first."""
    started = time.monotonic()
    refuter = Refuter(board, started + seconds, nodes)
    if Order(board, board.start, frozenset()).dead():
        return "confirmed", "order reasoning at the root", []
    rng = random.Random(board.start)
    for attempt in range(PLAYOUTS):
        if time.monotonic() > started + seconds / 10:
            break
        moves = refuter.playout(rng, noise=attempt / 10)
        if moves is not None and board.replay_error(moves) is None:
            return "wrong", f"random playout {attempt}", moves
    try:
        moves = refuter.search()
    except OutOfBudget:
        spent = time.monotonic() - started
        return "unconfirmed", f"{refuter.nodes} nodes, {spent:.1f}s", []
    spent = time.monotonic() - started
    if moves is None:
        return "confirmed", f"exhaustive search, {refuter.nodes} nodes, {spent:.2f}s", []
    error = board.replay_error(moves)
    if error is not None:  # a bug in this script, not in the solver
        raise AssertionError(f"the cross-check's own sequence fails: {error}")
    return "wrong", f"exhaustive search, {refuter.nodes} nodes", moves


def report_wrong(
    name: str, position: Position, why: str, moves: list[Move], folder: Path, tally: Tally
) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    slug = name.replace(" ", "-").replace("(", "").replace(")", "")
    path = folder / f"{slug}.json"
    path.write_text(position.dumps() + "\n", encoding="utf-8")
    if moves:
        path.with_suffix(".moves.json").write_text(json.dumps(moves) + "\n", encoding="utf-8")
    tally.wrong += 1
    tally.wrong_files.append(str(path))
    print(f"  WRONG VERDICT {name}: {why}; position {path}", flush=True)


def midgame(layout_name: str, k: int) -> tuple[str, Position]:
    layout = find_layout(layout_name)
    position = deal(layout, MIDGAME_SEED + k)
    board = Board(position)
    rng = random.Random(k)
    present = board.start
    for _ in range(k % MAX_RANDOM_MOVES):
        free = [t for t in set_bits(present) if board.is_free(t, present)]
        pairs = [
            (a, b)
            for n, a in enumerate(free)
            for b in free[n + 1 :]
            if board.face[a] == board.face[b]
        ]
        if not pairs:
            break
        a, b = rng.choice(pairs)
        present &= ~(1 << a | 1 << b)
    removed = frozenset(t for t in range(board.count) if not present >> t & 1)
    name = f"midgame {layout_name} k={k} ({k % MAX_RANDOM_MOVES} moves)"
    return name, Position(position.slots, position.faces, removed)


def positions(args: argparse.Namespace) -> Iterator[tuple[str, Position]]:
    """Mid-game positions on every built-in layout, then a deal of each, for k = start...."""
    for k in range(args.start, args.start + max(args.midgame, args.deals)):
        if k < args.start + args.midgame:
            for layout_name in MIDGAME_LAYOUTS:
                yield midgame(layout_name, k)
        if k < args.start + args.deals:
            for layout_name in BUILTIN_NAMES:
                yield f"deal {layout_name} seed={k}", deal(find_layout(layout_name), k)


def selftest(count: int) -> int:
    """The pruned search against `plain_search` on small positions: random heaps of tiles, and
    windows of the built-in layouts (their rows, stacks and half offsets), some tiles removed."""
    rng = random.Random(1)
    layouts = [find_layout(name).slots for name in MIDGAME_LAYOUTS]
    disagreements = unsolvable = 0
    for number in range(count):
        tiles = rng.choice((4, 6, 8, 10, 12, 14, 16, 18))
        slots = layout_window(rng, rng.choice(layouts), tiles) if number % 2 else heap(rng, tiles)
        faces = [f"f{n // 4}" for n in range(len(slots))]
        if len(slots) % 4:
            faces[-2:] = ["pair", "pair"]
        rng.shuffle(faces)
        taken = rng.choice(faces)
        gone = [t for t in range(len(slots)) if faces[t] == taken][:2]
        removed = frozenset(gone) if len(gone) == 2 and rng.random() < 0.5 else frozenset()
        position = Position(slots, tuple(faces), removed)
        board = Board(position)
        plain = plain_search(board)
        pruned = Refuter(board, float("inf"), 10**9).search()
        unsolvable += plain is None
        if (plain is None) != (pruned is None) or (
            pruned is not None and board.replay_error(pruned) is not None
        ):
            disagreements += 1
            print(f"selftest {number}: plain {plain is not None}, pruned {pruned is not None}")
            print(position.dumps())
    print(f"selftest: {count} positions ({unsolvable} unsolvable), {disagreements} disagreements")
    return 1 if disagreements else 0


def heap(rng: random.Random, tiles: int) -> tuple[tuple[int, int, int], ...]:
    slots: set[tuple[int, int, int]] = set()
    while len(slots) < tiles:
        x, y = rng.randrange(0, 8), rng.randrange(0, 4)
        z = rng.choice((0, 0, 0, 1, 1, 2))
        if all(not (w == z and abs(u - x) < 2 and abs(v - y) < 2) for (u, v, w) in slots):
            slots.add((x, y, z))
    return tuple(sorted(slots))


def layout_window(
    rng: random.Random, slots: Sequence[tuple[int, int, int]], tiles: int
) -> tuple[tuple[int, int, int], ...]:
    """The `tiles` (an even number) places nearest to a random place of a layout."""
    cx, cy, cz = rng.choice(slots)
    nearest = sorted(slots, key=lambda s: abs(s[0] - cx) + 2 * abs(s[1] - cy) + abs(s[2] - cz))
    return tuple(sorted(nearest[:tiles]))


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals of each layout (seeds k)")
    parser.add_argument("--midgame", type=int, default=200, help="mid-game k's, on every layout")
    parser.add_argument("--start", type=int, default=0, help="the first k (0)")
    parser.add_argument("--seconds", type=float, default=20.0, help="search budget per verdict")
    parser.add_argument("--nodes", type=int, default=2_000_000, help="search nodes per verdict")
    parser.add_argument("--wall", type=float, default=float("inf"), help="overall time limit")
    parser.add_argument("--wrong-dir", type=Path, help="where wrong verdicts are written")
    parser.add_argument("--selftest", type=int, default=0, help="check the search and exit")
    args = parser.parse_args(argv)
    if args.wrong_dir is None:
        args.wrong_dir = Path(tempfile.mkdtemp(prefix="wrong-verdicts-"))
    return args


def crosscheck(args: argparse.Namespace) -> Tally:
    """Check the solver's verdict on every position of `positions(args)`; prints as it goes."""
    started = time.monotonic()
    tally = Tally()
    for name, position in positions(args):
        if time.monotonic() - started > args.wall:
            print(f"wall-clock limit reached after {tally.positions} positions", flush=True)
            break
        check(name, position, args, tally)
        if tally.positions % 50 == 0:
            print(f"... {tally.positions} positions, {time.monotonic() - started:.0f}s", flush=True)
    return tally


def solver_digest() -> str:
    """A digest of the solver's source, so a run's output says which solver it checked."""
    digest = hashlib.sha256()
    for path in sorted(SOLVER_PACKAGE.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def main() -> int:
    args = parse_args()
    if args.selftest:
        return selftest(args.selftest)
    print(f"solver package sha256 {solver_digest()}", flush=True)
    started = time.monotonic()
    tally = crosscheck(args)
    elapsed = time.monotonic() - started
    verdicts = ", ".join(f"{v} {n}" for v, n in sorted(tally.verdicts.items()))
    print(f"positions {tally.positions}: {verdicts}")
    print(f"solvable sequences replayed: {tally.replayed}")
    print(
        f"unsolvable: confirmed {tally.confirmed}, unconfirmed {tally.unconfirmed}, "
        f"wrong verdicts {tally.wrong}"
    )
    for key, n in sorted(tally.by_group.items()):
        print(f"  {key}: {n}")
    for name in tally.unconfirmed_names:
        print(f"  unconfirmed: {name}")
    for path in tally.wrong_files:
        print(f"  wrong verdict: {path}")
    print(
        f"{elapsed:.0f}s wall ({tally.solver_seconds:.0f}s solver, "
        f"{tally.search_seconds:.0f}s cross-check search)"
    )
    return 1 if tally.wrong else 0


if __name__ == "__main__":
    sys.exit(main())
