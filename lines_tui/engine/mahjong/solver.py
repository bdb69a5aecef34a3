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

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from lines_tui.engine.mahjong.geometry import bits
from lines_tui.engine.mahjong.position import Position

Pair = tuple[int, int]

PROBED_TYPES = 8
LOOK_AHEAD = True
PROBE_ROOT = False
RANK_BY_PROGRESS = False
"""How many types that needed optimism are probed before branching on one of them."""

RESTART_UNIT = 32
"""Playouts of the shortest attempt (see `_Search.run`)."""


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


class _Restart(Exception):
    """This attempt has spent its share of playouts."""


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
    progress: int = -1
    """Real moves made before the first optimistic one."""


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
        self.geometry = geometry
        self.covers = geometry.covers
        self.left = geometry.left
        self.right = geometry.right
        self.under = geometry.under
        self.dependents = [
            tuple(bits(geometry.under[i] | geometry.left[i] | geometry.right[i]))
            for i in range(count)
        ]
        self.held = _below_closure(geometry.under, [z for _, _, z in position.slots])
        """held[i]: tiles that cannot be free while tile i stays (first those under it)."""
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
        self.lookaheads = 0
        self.attempt = 0
        self.restart_at = 1 << 62
        self.rng = random.Random(0)
        self.deadline = deadline
        self.node_limit = node_limit
        self.should_stop = should_stop

    # -- allowed partners ----------------------------------------------------------------------

    def impossible(self, a: int, b: int) -> bool:
        """Whether tiles a and b can never be free together (one has to go before the other)."""
        return bool(self.held[a] >> b & 1 or self.held[b] >> a & 1)

    def held_by(self, tile: int) -> int:
        """The tiles that can never become free while `tile` stays, whatever else leaves."""
        covers, left, right, dependents = self.covers, self.left, self.right, self.dependents
        present = self.base
        available = self.base_free | 1 << tile
        stack = [t for t in bits(self.base_free) if t != tile]
        while stack:
            gone = stack.pop()
            present ^= 1 << gone
            for other in dependents[gone]:
                if (
                    present >> other & 1
                    and not available >> other & 1
                    and not covers[other] & present
                    and (not left[other] & present or not right[other] & present)
                ):
                    available |= 1 << other
                    stack.append(other)
        return present & ~(1 << tile)

    def tighten(self) -> bool:
        """Narrow every tile's allowed partners before a search: pairs that can never be free
        together (one holds the other), then pairings whose relaxation gets stuck on its own
        (repeated until nothing changes). False if some type has no pairing left."""
        for tile in bits(self.base):
            self.check_stop()
            self.held[tile] = self.held_by(tile)
        self.allowed_at_root = self._allowed_at_root()
        changed = PROBE_ROOT
        while changed:
            changed = False
            for tiles in self.group_tiles:
                first = tiles[0]
                if len(tiles) != 4 or self.allowed_at_root[first].bit_count() < 2:
                    continue
                for other in bits(self.allowed_at_root[first]):
                    self.check_stop()
                    allowed = list(self.allowed_at_root)
                    self._restrict(allowed, self.group_of[first], [(first, other)])
                    if self.relaxed_left(allowed):
                        self._exclude(tiles, other)
                        changed = True
                if not self.allowed_at_root[first]:
                    return False
        self.allowed = self.allowed_under(self.commitments)
        return True

    def _exclude(self, tiles: list[int], other: int) -> None:
        """Rule out the pairing of a four-tile type that pairs its first tile with `other`."""
        first = tiles[0]
        third, fourth = (t for t in tiles[1:] if t != other)
        allowed = self.allowed_at_root
        for a, b in ((first, other), (third, fourth)):
            allowed[a] &= ~(1 << b)
            allowed[b] &= ~(1 << a)

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

    def relaxed_left(
        self, allowed: list[int], present: int | None = None, free: int | None = None
    ) -> int:
        """The tiles the relaxation cannot remove, from the base position or from `present`
        (whose free tiles are `free`): a free tile leaves once one of its allowed partners is
        free or gone."""
        covers, left, right, dependents = self.covers, self.left, self.right, self.dependents
        if present is None or free is None:
            present, free = self.base, self.base_free
        available = free
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
        progress = -1
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
                look_ahead = LOOK_AHEAD and not optimistic
                choice = self._choose(
                    choosable, free_in, members, remaining, present, available, look_ahead
                )
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
                        if not optimistic:
                            progress = len(moves)
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
        return _Playout(moves, stuck, optimistic, progress)

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
        look_ahead: bool,
    ) -> tuple[int, int, int] | None:
        """The most promising real move of an open type, as (unit, tile, tile), or None.

        Only pairs that keep the type's pairing allowed qualify. The hint's pairs come first,
        then the move that frees the most tiles at once; a tile left to wait for a blocked
        partner should block as little as possible.
        """
        covers, left, right, dependents = self.covers, self.left, self.right, self.dependents
        allowed, hint, under = self.allowed, self.hint, self.under
        candidates: list[tuple[tuple[int, int, int], int, int, int, int, int, int]] = []
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
                    c = d = -1
                    if remaining[unit] == 4:
                        c, d = (t for t in free + waiting if t != a and t != b)
                        if not allowed[c] >> d & 1:
                            continue
                        for keeper in (c, d):
                            if available >> keeper & 1:
                                blocks = under[keeper] | left[keeper] | right[keeper]
                                penalty -= (present & blocks).bit_count()
                    after = present & ~(1 << a | 1 << b)
                    freed = 0
                    for tile in (a, b):
                        for other in dependents[tile]:
                            if (
                                after >> other & 1
                                and not available >> other & 1
                                and not covers[other] & after
                                and (not left[other] & after or not right[other] & after)
                            ):
                                freed |= 1 << other
                    score = (1 if hint[a] == b else 0, freed.bit_count(), penalty)
                    candidates.append((score, unit, a, b, c, d, freed))
        choosable[:] = kept
        candidates.sort(reverse=True)
        for _, unit, a, b, c, d, freed in candidates:
            if not look_ahead:
                return unit, a, b
            after = present & ~(1 << a | 1 << b)
            if c >= 0:
                trial = list(allowed)
                trial[c], trial[d] = 1 << d, 1 << c
            else:
                trial = allowed
            self.lookaheads += 1
            if not self.relaxed_left(trial, after, (available & after) | freed):
                return unit, a, b
        return None

    # -- the search ----------------------------------------------------------------------------

    def tick(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise _Stopped
        if self.nodes > self.restart_at:
            raise _Restart
        self.check_stop()

    def check_stop(self) -> None:
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
        outer_hint = self.hint
        # Children follow this playout's pairings wherever their commitment allows, so that
        # each level of the search changes one type's pairing rather than reshuffling all.
        self.hint = list(outer_hint)
        for a, b in trial.moves:
            self.hint[a], self.hint[b] = b, a
        try:
            return self._branch(trial)
        finally:
            self.hint = outer_hint

    def probe(self, tile: int, other: int) -> frozenset[Pair] | None:
        """A nogood if committing (tile, other) on top of the current commitments gets the
        relaxation stuck, else None."""
        pair = (tile, other)
        self.commit(tile, other)
        try:
            known = self.known_nogood(pair)
            if known is not None:
                return known
            left = self.relaxed_left(self.allowed)
            if not left:
                return None
            group_of = self.group_of
            stuck_groups = {group_of[t] for t in bits(self.geometry.free_mask(left))}
            nogood = self.shrink(
                frozenset(p for p in self.commitments if group_of[p[0]] in stuck_groups)
            )
            self.learn(nogood)
            return nogood
        finally:
            self.uncommit(tile, other)

    def _branch(self, trial: _Playout) -> frozenset[Pair]:
        """Branch on the pairing of a type that needed optimism: of the first few such types,
        the one with the fewest pairings the relaxation cannot refute at once."""
        group_of, partner = self.group_of, self.partner
        best: tuple[int, int, list[int], set[Pair]] | None = None
        candidates = trial.optimistic[:PROBED_TYPES]
        if self.attempt:
            self.rng.shuffle(candidates)
        for group in candidates:
            tile = next(t for t in self.group_tiles[group] if partner[t] < 0)
            # The open tiles are what the type's commitments left: those are part of any reason.
            reasons = {p for p in self.commitments if group_of[p[0]] == group}
            survivors: list[int] = []
            for other in bits(self.allowed[tile]):
                nogood = self.probe(tile, other)
                if nogood is None:
                    survivors.append(other)
                    continue
                if (tile, other) not in nogood:
                    return nogood
                reasons |= nogood
                reasons.discard((tile, other))
            if not survivors:
                nogood = frozenset(reasons)
                self.learn(nogood)
                return nogood
            if best is None or len(survivors) < len(best[2]):
                best = (group, tile, survivors, reasons)
            if len(survivors) == 1:
                break
        assert best is not None
        _, tile, survivors, reasons = best
        children: list[tuple[int, int, _Playout]] = []
        for other in survivors:
            pair = (tile, other)
            self.commit(tile, other)
            try:
                child = self.evaluate()
            finally:
                self.uncommit(tile, other)
            if child.stuck is not None and pair not in child.stuck:
                return child.stuck
            rank = (
                ((RANK_BY_PROGRESS and -child.progress) or len(child.optimistic))
                if child.stuck is None
                else 1 << 30
            )
            if self.attempt:
                rank += self.rng.randrange(3)
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
        """A winning sequence, or None when the position is proved unsolvable.

        A search that has spent its share of playouts starts over with shuffled choices (the
        nogoods learned so far stay): an unlucky early choice then costs little. The shares
        grow (the Luby sequence), so some attempt eventually runs to the end."""
        try:
            self.evaluate()
            if not self.tighten():
                return None
            while True:
                self.restart_at = self.nodes + RESTART_UNIT * _luby(self.attempt + 1)
                try:
                    self.node(self.evaluate())
                except _Restart:
                    self.attempt += 1
                    continue
                return None
        except _Solved as solved:
            return solved.moves


def _luby(index: int) -> int:
    """The Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... (index from 1)."""
    size = 1
    while size < index + 1:
        size = 2 * size + 1
    while size > 1:
        if index == size:
            return (size + 1) // 2
        size //= 2
        if index > size:
            index -= size
    return 1


def _below_closure(under: Sequence[int], layers: Sequence[int]) -> list[int]:
    """result[i]: every tile that lies under tile i, directly or not."""
    below = list(under)
    for index in sorted(range(len(under)), key=lambda i: layers[i]):
        for lower in bits(under[index]):
            below[index] |= below[lower]
    return below


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
