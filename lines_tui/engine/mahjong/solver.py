"""The dead-end solver: can a Mahjong position still be cleared, with every face known?

Removing tiles never makes another tile un-free. So once it is fixed which tile goes with which
(a *pairing*), the order of the moves does not matter: a pair whose tiles are both free stays
removable, and playing every removable pair as soon as it is removable clears the board if any
order does. The search is therefore over pairings, not move orders: a type with four tiles left
pairs in three ways, a type with two in one way.

Each tile has a set of *allowed partners*: its type's other tiles, minus those it can never be
free together with (one lies above the other), minus partners ruled out by the pairings the
search has committed to. A node of the search is a set of commitments (tile a goes with tile b),
and it runs one playout from the same base position:
- real moves first: a type whose remaining tiles are all free goes at once, committed pairs go as
  soon as both tiles are free, then *choices* (two free tiles of a type whose pairing is open),
  picked by a heuristic;
- when no real move is left, *optimistic* moves: a free tile leaves alone if one of its allowed
  partners is free or already gone.
Every move of a playout is allowed by a relaxation of the rules that holds for every pairing
that completes the commitments, and the relaxation's end state does not depend on the order of
the moves. So a playout that gets stuck proves that no completion works; a playout without an
optimistic move is a real winning sequence; otherwise the search branches on the pairing of the
first type that needed optimism.

A stuck playout also says *why*: only the commitments of types that still have a free tile in
the stuck remainder matter (the others' tiles are covered or blocked whatever their pairing), and
that set is shrunk further by re-running the relaxation without each commitment. Such a set is a
*nogood*: the search remembers nogoods and jumps back over choices that took no part in a
refutation (conflict-directed backjumping), so an early irrelevant choice is not explored again
below every later one.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from lines_tui.engine.mahjong.geometry import bits
from lines_tui.engine.mahjong.position import Position

Pair = tuple[int, int]


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
    """Playouts run."""
    seconds: float


class _Stopped(Exception):
    """The budget is spent or the caller asked to stop."""


class _Solved(Exception):
    def __init__(self, moves: list[Pair]) -> None:
        super().__init__()
        self.moves = moves


@dataclass
class _Playout:
    moves: list[Pair]
    """The real moves, in play order: a winning sequence if neither stuck nor optimistic."""
    stuck: frozenset[Pair] | None
    """When the playout got stuck: commitments that cannot all hold (a nogood)."""
    optimistic: list[int]
    """The types that needed an optimistic move, first one first."""


class _Search:
    def __init__(
        self,
        position: Position,
        deadline: float | None,
        node_limit: int | None,
        should_stop: Callable[[], bool] | None,
        previous: Sequence[Pair] | None,
    ) -> None:
        geometry = position.geometry
        count = len(geometry)
        self.covers = geometry.covers
        self.left = geometry.left
        self.right = geometry.right
        self.under = geometry.under
        self.dependents = [
            tuple(bits(geometry.under[i] | geometry.left[i] | geometry.right[i]))
            for i in range(count)
        ]
        self.above = _above_closure(geometry.covers, [z for _, _, z in position.slots])
        self.base = position.present
        self.base_free = geometry.free_mask(self.base)
        group_ids: dict[str, int] = {}
        self.group_of = [group_ids.setdefault(face, len(group_ids)) for face in position.faces]
        self.group_tiles: list[list[int]] = [[] for _ in group_ids]
        for tile in bits(self.base):
            self.group_tiles[self.group_of[tile]].append(tile)
        self.allowed_at_root = self._allowed_at_root()
        self.allowed = list(self.allowed_at_root)
        self.partner = [-1] * count
        self.commitments: set[Pair] = set()
        self.order: dict[Pair, int] = {}
        self.nogoods: dict[Pair, list[frozenset[Pair]]] = {}
        self.hint = _hint(position, previous)
        self.nodes = 0
        self.deadline = deadline
        self.node_limit = node_limit
        self.should_stop = should_stop

    # -- allowed partners ----------------------------------------------------------------------

    def impossible(self, a: int, b: int) -> bool:
        """Whether tiles a and b can never be free together (one lies above the other)."""
        return bool(self.above[a] >> b & 1 or self.above[b] >> a & 1)

    def _allowed_at_root(self) -> list[int]:
        allowed = [0] * len(self.covers)
        for tiles in self.group_tiles:
            if len(tiles) == 4:
                first, rest = tiles[0], tiles[1:]
                for other in rest:
                    third, fourth = (t for t in rest if t != other)
                    if not self.impossible(first, other) and not self.impossible(third, fourth):
                        allowed[first] |= 1 << other
                        allowed[other] |= 1 << first
                        allowed[third] |= 1 << fourth
                        allowed[fourth] |= 1 << third
            else:
                for a in tiles:
                    for b in tiles:
                        if a != b and (len(tiles) == 2 or not self.impossible(a, b)):
                            allowed[a] |= 1 << b
        return allowed

    def allowed_under(self, pairs: set[Pair] | frozenset[Pair]) -> list[int]:
        """The allowed partners of every tile when exactly `pairs` are committed."""
        allowed = list(self.allowed_at_root)
        by_group: dict[int, list[Pair]] = {}
        for pair in pairs:
            by_group.setdefault(self.group_of[pair[0]], []).append(pair)
        for group, committed in by_group.items():
            self._restrict(allowed, group, committed)
        return allowed

    def _restrict(self, allowed: list[int], group: int, committed: Sequence[Pair]) -> None:
        open_mask = 0
        for tile in self.group_tiles[group]:
            open_mask |= 1 << tile
        for a, b in committed:
            allowed[a], allowed[b] = 1 << b, 1 << a
            open_mask &= ~(1 << a | 1 << b)
        root = self.allowed_at_root
        for tile in bits(open_mask):
            allowed[tile] = root[tile] & open_mask

    # -- the relaxation and the playout --------------------------------------------------------

    def relaxed_left(self, allowed: list[int]) -> int:
        """The tiles the relaxation cannot remove: a free tile leaves once one of its allowed
        partners is free or gone."""
        covers, left, right, dependents = self.covers, self.left, self.right, self.dependents
        present = self.base
        available = self.base_free
        stack = [tile for tile in bits(available) if allowed[tile] & available]
        while stack:
            tile = stack.pop()
            if not present >> tile & 1:
                continue
            present ^= 1 << tile
            for other in dependents[tile]:
                if (
                    present >> other & 1
                    and not available >> other & 1
                    and not covers[other] & present
                    and (not left[other] & present or not right[other] & present)
                ):
                    available |= 1 << other
                    partners = allowed[other] & available & present
                    if allowed[other] & available:
                        stack.append(other)
                    while partners:
                        low = partners & -partners
                        stack.append(low.bit_length() - 1)
                        partners ^= low
        return present

    def playout(self) -> _Playout:
        covers, left, right, dependents = self.covers, self.left, self.right, self.dependents
        allowed, partner, group_of = self.allowed, self.partner, self.group_of
        present = self.base
        available = self.base_free
        # A unit is a set of tiles that pair among themselves: a committed pair, or the open
        # (uncommitted) tiles of a type.
        unit_of = list(group_of)
        members: list[list[int]] = [[] for _ in self.group_tiles]
        for group, tiles in enumerate(self.group_tiles):
            for tile in tiles:
                if partner[tile] < 0:
                    members[group].append(tile)
        for a, b in self.commitments:
            unit_of[a] = unit_of[b] = len(members)
            members.append([a, b])
        remaining = [len(tiles) for tiles in members]
        free_in: list[list[int]] = [[] for _ in members]
        for tile in bits(available):
            free_in[unit_of[tile]].append(tile)
        ready: list[int] = []
        choosable: list[int] = []

        def classify(unit: int) -> None:
            free = len(free_in[unit])
            if free >= 2:
                if free == remaining[unit]:
                    ready.append(unit)
                else:
                    choosable.append(unit)

        for unit in range(len(members)):
            classify(unit)
        moves: list[Pair] = []
        optimistic: list[int] = []
        while True:
            gone: list[int] = []
            while ready and not gone:
                unit = ready.pop()
                free = free_in[unit]
                if len(free) == remaining[unit] and len(free) >= 2:
                    pairs = self._match(free)
                    if pairs is None:
                        choosable.append(unit)
                    else:
                        moves.extend(pairs)
                        gone = free
                        free_in[unit] = []
                        remaining[unit] = 0
            if not gone and choosable:
                choice = self._choose(choosable, free_in, members, remaining, present, available)
                if choice is not None:
                    unit, first, second = choice
                    free = free_in[unit]
                    free.remove(first)
                    free.remove(second)
                    gone = [first, second]
                    moves.append((first, second))
                    remaining[unit] -= 2
                    classify(unit)
            if not gone:
                # No real move: optimism, or the relaxation is stuck too.
                for tile in bits(available & present):
                    if allowed[tile] & available:
                        unit = unit_of[tile]
                        free_in[unit].remove(tile)
                        remaining[unit] -= 1
                        gone = [tile]
                        if group_of[tile] not in optimistic:
                            optimistic.append(group_of[tile])
                        classify(unit)
                        break
                else:
                    break
            for tile in gone:
                present ^= 1 << tile
            for tile in gone:
                for other in dependents[tile]:
                    if (
                        present >> other & 1
                        and not available >> other & 1
                        and not covers[other] & present
                        and (not left[other] & present or not right[other] & present)
                    ):
                        available |= 1 << other
                        unit = unit_of[other]
                        free_in[unit].append(other)
                        classify(unit)
        stuck: frozenset[Pair] | None = None
        if present:
            stuck_groups = {group_of[tile] for tile in bits(available & present)}
            stuck = frozenset(p for p in self.commitments if group_of[p[0]] in stuck_groups)
        return _Playout(moves, stuck, optimistic)

    def _match(self, tiles: list[int]) -> list[Pair] | None:
        """Pair up free tiles of one unit with allowed pairs, the hint's pairs first."""
        allowed, hint = self.allowed, self.hint
        if len(tiles) == 2:
            a, b = tiles
            return [(a, b)] if allowed[a] >> b & 1 else None
        rest = list(tiles)
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

    def _choose(
        self,
        choosable: list[int],
        free_in: list[list[int]],
        members: list[list[int]],
        remaining: list[int],
        present: int,
        available: int,
    ) -> tuple[int, int, int] | None:
        """The most promising real move of an open type, as (unit, tile, tile), or None.

        Only pairs that keep the type's pairing allowed qualify. The hint's pairs come first,
        then the move that frees the most tiles at once; a tile left to wait for a blocked
        partner should block as little as possible.
        """
        covers, left, right, dependents = self.covers, self.left, self.right, self.dependents
        allowed, hint, under = self.allowed, self.hint, self.under
        best: tuple[int, int, int] | None = None
        best_score = (-1, -1, 0)
        kept: list[int] = []
        for unit in choosable:
            free = free_in[unit]
            count = len(free)
            if count < 2 or unit in kept:
                continue
            kept.append(unit)
            waiting = [t for t in members[unit] if present >> t & 1 and not available >> t & 1]
            for i in range(count):
                a = free[i]
                for j in range(i + 1, count):
                    b = free[j]
                    if not allowed[a] >> b & 1:
                        continue
                    penalty = 0
                    if remaining[unit] == 4:
                        c, d = (t for t in free + waiting if t != a and t != b)
                        if not allowed[c] >> d & 1:
                            continue
                        for keeper in (c, d):
                            if available >> keeper & 1:
                                blocks = under[keeper] | left[keeper] | right[keeper]
                                penalty -= (present & blocks).bit_count()
                    after = present & ~(1 << a | 1 << b)
                    gain = 0
                    for tile in (a, b):
                        for other in dependents[tile]:
                            if (
                                after >> other & 1
                                and not available >> other & 1
                                and not covers[other] & after
                                and (not left[other] & after or not right[other] & after)
                            ):
                                gain += 1
                    score = (1 if hint[a] == b else 0, gain, penalty)
                    if score > best_score:
                        best_score, best = score, (unit, a, b)
        choosable[:] = kept
        return best

    # -- the search ----------------------------------------------------------------------------

    def tick(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise _Stopped
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise _Stopped
        if self.should_stop is not None and self.should_stop():
            raise _Stopped

    def commit(self, a: int, b: int) -> None:
        self.partner[a], self.partner[b] = b, a
        self.commitments.add((a, b))
        self.order[(a, b)] = len(self.order)
        self._recompute(self.group_of[a])

    def uncommit(self, a: int, b: int) -> None:
        self.partner[a] = self.partner[b] = -1
        self.commitments.discard((a, b))
        del self.order[(a, b)]
        self._recompute(self.group_of[a])

    def _recompute(self, group: int) -> None:
        committed = [p for p in self.commitments if self.group_of[p[0]] == group]
        self._restrict(self.allowed, group, committed)

    def learn(self, nogood: frozenset[Pair]) -> None:
        for pair in nogood:
            self.nogoods.setdefault(pair, []).append(nogood)

    def known_nogood(self, pair: Pair) -> frozenset[Pair] | None:
        commitments = self.commitments
        for nogood in self.nogoods.get(pair, ()):
            if nogood <= commitments:
                return nogood
        return None

    def shrink(self, nogood: frozenset[Pair]) -> frozenset[Pair]:
        """A smaller nogood: drop commitments (latest first) while the relaxation stays stuck."""
        order = self.order
        core = set(nogood)
        for pair in sorted(nogood, key=lambda p: -order[p]):
            core.discard(pair)
            if not self.relaxed_left(self.allowed_under(core)):
                core.add(pair)
        return frozenset(core)

    def evaluate(self) -> _Playout:
        """One playout under the current commitments; a stuck one is remembered as a nogood."""
        self.tick()
        trial = self.playout()
        if trial.stuck is not None:
            trial.stuck = self.shrink(trial.stuck)
            self.learn(trial.stuck)
        elif not trial.optimistic:
            raise _Solved(trial.moves)
        return trial

    def node(self, trial: _Playout) -> frozenset[Pair]:
        """Search below the current commitments, whose playout was `trial`: raises _Solved, or
        returns a nogood among the current commitments."""
        if trial.stuck is not None:
            return trial.stuck
        group = trial.optimistic[0]
        partner = self.partner
        unit = [t for t in self.group_tiles[group] if partner[t] < 0]
        tile = unit[0]
        # The unit is what the type's commitments left open: they are part of every reason.
        group_of = self.group_of
        reasons = {pair for pair in self.commitments if group_of[pair[0]] == group}
        children: list[tuple[int, int, _Playout]] = []
        for other in bits(self.allowed[tile]):
            pair = (tile, other)
            self.commit(tile, other)
            try:
                why = self.known_nogood(pair)
                child = _Playout([], why, []) if why is not None else self.evaluate()
            finally:
                self.uncommit(tile, other)
            if child.stuck is not None and pair not in child.stuck:
                return child.stuck
            rank = len(child.optimistic) if child.stuck is None else 1 << 30
            children.append((rank, other, child))
        children.sort(key=lambda c: c[0])
        for _, other, child in children:
            pair = (tile, other)
            if child.stuck is None:
                self.commit(tile, other)
                try:
                    why = self.known_nogood(pair)
                    if why is None:
                        why = self.node(child)
                finally:
                    self.uncommit(tile, other)
            else:
                why = child.stuck
            if pair not in why:
                return why
            reasons |= why
            reasons.discard(pair)
        nogood = frozenset(reasons)
        self.learn(nogood)
        return nogood

    def run(self) -> list[Pair] | None:
        try:
            self.node(self.evaluate())
        except _Solved as solved:
            return solved.moves
        return None


def _above_closure(covers: Sequence[int], layers: Sequence[int]) -> list[int]:
    """above[i]: every tile that must be gone before tile i can ever be free."""
    above = list(covers)
    for index in sorted(range(len(covers)), key=lambda i: -layers[i]):
        closure = covers[index]
        for upper in bits(covers[index]):
            closure |= above[upper]
        above[index] = closure
    return above


def _hint(position: Position, previous: Sequence[Pair] | None) -> list[int]:
    """Partners suggested by an earlier winning sequence, repaired after the player's move."""
    hint = [-1] * len(position.slots)
    if not previous:
        return hint
    present = position.present
    count = len(position.slots)
    for a, b in previous:
        if (
            0 <= a < count
            and 0 <= b < count
            and a != b
            and present >> a & 1
            and present >> b & 1
            and position.faces[a] == position.faces[b]
        ):
            hint[a], hint[b] = b, a
    # The player may have paired a type differently: pair up the tiles left without a partner.
    orphans: dict[str, list[int]] = {}
    for tile in bits(present):
        if hint[tile] < 0:
            orphans.setdefault(position.faces[tile], []).append(tile)
    for tiles in orphans.values():
        for k in range(0, len(tiles) - 1, 2):
            hint[tiles[k]], hint[tiles[k + 1]] = tiles[k + 1], tiles[k]
    return hint


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


def solve(
    position: Position,
    *,
    timeout: float | None = None,
    node_limit: int | None = None,
    should_stop: Callable[[], bool] | None = None,
    previous: Sequence[Pair] | None = None,
) -> SolveResult:
    started = time.monotonic()
    deadline = None if timeout is None else started + timeout
    search = _Search(position, deadline, node_limit, should_stop, previous)
    try:
        found = search.run()
    except _Stopped:
        return SolveResult(Verdict.UNDECIDED, (), search.nodes, time.monotonic() - started)
    seconds = time.monotonic() - started
    if found is None:
        return SolveResult(Verdict.UNSOLVABLE, (), search.nodes, seconds)
    error = replay_error(position, found)
    if error is not None:
        raise AssertionError(f"the solver produced a wrong winning sequence: {error}")
    return SolveResult(Verdict.SOLVABLE, tuple(found), search.nodes, seconds)
