"""The search over pairings, with backjumping, nogood learning and restarts.

A node of the search is a set of committed pairs; it runs one playout (see `playout`). A playout
that gets stuck says *why*: only the commitments of types that still have a free tile in the stuck
remainder matter (the others' tiles are covered or blocked whatever their pairing), and that set
is shrunk further by re-running the relaxation without each commitment (see `shrinking`). Such a
set is a *nogood*. Otherwise the search branches on the pairing of a type that needed optimism,
the one whose pairings the relaxation refutes most often (each pairing is *probed* first), ties
going to the type that took part in the most refutations so far.

The search remembers nogoods and jumps back over choices that took no part in a refutation
(conflict-directed backjumping), so an early irrelevant choice is not explored again below every
later one. A learned nogood that the commitments complete but for one pair rules that pair's
pairing out below that point (unit propagation); so are, below a node, the pairings its probes
refuted for the types it did not branch on. A relaxation stuck with ruled-out pairings names their
reasons in its nogood. An attempt that has spent its share of playouts starts over (see
`RestartSchedule`), keeping its nogoods, and follows the pairs of the previous attempt's closest
miss.

The first playout, and a later one that needed optimism for fewer types than any before it and
for few at most, has its pairing repaired (see `repair`); a repair that clears the board ends the
search with its winning sequence. When the first repair does not win, the types the first
playout needed optimism for are all probed: one whose pairings are all refuted proves a dead end
at once.

Because every move of a playout stays allowed when commitments are dropped, a relaxation for fewer
or other commitments may start where a recorded playout was before it first touched the types
concerned, instead of at the start: probes, children's playouts and shrinking do so. Adding
commitments on one type only holds that type's tiles back, so such a relaxation may also stop as
soon as all of the type's tiles can get free. Shrinking stops its tests as early: once rules that
clear the board are known (an earlier test's, or those of the node a probe belongs to), a test
whose rules are looser but on one type's tiles clears as soon as those tiles can leave.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lines_tui.engine.mahjong.geometry import bits
from lines_tui.engine.mahjong.position import Position
from lines_tui.engine.mahjong.solver.board import NO_TILE, Board
from lines_tui.engine.mahjong.solver.budget import Budget, Restart, RestartSchedule
from lines_tui.engine.mahjong.solver.nogoods import Nogoods
from lines_tui.engine.mahjong.solver.pairings import Pairings, Reason
from lines_tui.engine.mahjong.solver.playout import Player, Playout, Snapshot
from lines_tui.engine.mahjong.solver.quick import quick_win
from lines_tui.engine.mahjong.solver.relaxation import relax
from lines_tui.engine.mahjong.solver.repair import repaired_win
from lines_tui.engine.mahjong.solver.result import Pair
from lines_tui.engine.mahjong.solver.shrinking import shrunk_nogood
from lines_tui.engine.stable_random import StableRandom

NEAR_MISS = 3
"""The search repairs a playout after the first only if it needed optimism for at most this
many types: one further from winning is rarely won by a repair, which then only costs time."""
PROMISE_NOISE = 3
"""Shuffled attempts add 0 to `PROMISE_NOISE - 1` to each child's count of types that needed
optimism before the children are sorted (`Search._promise`)."""


@dataclass
class Survivors:
    """The pairings of a type that its probes left standing: those of `tile` with each of
    `partners`; `refuting_pairs` are the committed pairs that refute its other pairings (the
    search below them adds the reasons of the partners it refutes)."""

    tile: int
    partners: list[int]
    refuting_pairs: set[Pair]


class Solved(Exception):
    def __init__(self, moves: list[Pair]) -> None:
        super().__init__()
        self.moves = moves


class Search:
    def __init__(
        self,
        position: Position,
        budget: Budget,
        restarts: RestartSchedule,
        previous: Sequence[Pair] | None,
    ) -> None:
        self.board = Board(position, budget.check)
        self.pairings = Pairings(self.board)
        self.nogoods = Nogoods(self.board.type_of, self.board.types)
        self.player = Player(self.board, self.pairings, self.board.partners_from(previous))
        self.budget = budget
        self.schedule = restarts
        self.attempts = 1
        self.shuffled = False
        self.rng = StableRandom(restarts.seed)
        self.closest: tuple[tuple[int, int], list[Pair]] | None = None
        """The playout of this attempt that came closest to winning, whose pairs the next
        attempt follows."""
        self.fewest_optimistic: int | None = None
        """The fewest types a repaired playout needed optimism for (None: no repair yet)."""
        self.repair_rng = StableRandom(restarts.seed)

    def run(self) -> list[Pair] | None:
        """A winning sequence, or None when the position is proved unsolvable; raises Stopped
        when the budget is spent."""
        try:
            # The first playout, then the quick phase unless it proved a dead end; the search's
            # first attempt starts from that first playout, with the quick phase's playouts
            # added to its share.
            quick_playouts = self.schedule.quick_playouts
            self.budget.start_attempt(self.schedule.playouts(0) + quick_playouts)
            root = self.evaluate()
            if root.nogood is None:
                if self._refuted_at_root(root):
                    return None
                quick = quick_win(
                    self.board, self.player, self.budget, quick_playouts, self.schedule.seed
                )
                if quick is not None:
                    return quick
            # Each attempt searches from a playout with nothing committed: the first attempt
            # from the root's, each later one from a fresh one (under the closest miss's hint).
            first: Playout | None = root
            while True:
                attempt = self.attempts - 1
                self.shuffled = self.schedule.shuffles(attempt)
                try:
                    if first is None:
                        self.budget.start_attempt(self.schedule.playouts(attempt))
                        first = self.evaluate()
                    trial, first = first, None
                    # A win raises Solved; a return is a nogood among no commitments at all.
                    self.node(trial)
                except Restart:
                    self.attempts += 1
                    self._follow_closest_miss()
                    continue
                return None
        except Solved as solved:
            return solved.moves

    def _follow_closest_miss(self) -> None:
        # As SAT solvers keep their phases: a long search for a winning pairing goes on
        # from where it came closest rather than anew.
        if self.closest is not None:
            hint = self.player.hint
            for a, b in self.closest[1]:
                hint[a], hint[b] = b, a
            self.closest = None

    # -- playouts and their nogoods ----------------------------------------------------------

    def evaluate(self, prefix: Sequence[Pair] = ()) -> Playout:
        """One playout under the current commitments (a stuck one leaves a nogood)."""
        self.budget.tick()
        trial = self.player.play(prefix)
        if trial.stuck_at is not None:
            trial.nogood = self.stuck_nogood(trial.stuck_at.present, trial.stuck_at.known)
        elif not trial.optimistic:
            raise Solved(trial.moves)
        else:
            trial.played_under = list(self.pairings.allowed)
            closeness = trial.closeness()
            if self.closest is None or closeness < self.closest[0]:
                self.closest = (closeness, trial.moves)
            self.repair(trial)
        return trial

    def repair(self, trial: Playout) -> None:
        """Repair the pairing of the first playout, and of a later one that needed optimism
        for fewer types than any before it and for at most `NEAR_MISS`: raises Solved if that
        wins."""
        optimistic = len(trial.optimistic)
        evaluations = self.schedule.evaluations_per_repair
        if not evaluations:
            return
        if self.fewest_optimistic is not None and not (
            optimistic < self.fewest_optimistic and optimistic <= NEAR_MISS
        ):
            return
        self.fewest_optimistic = optimistic
        self.budget.charge()
        won = repaired_win(
            self.board,
            self.pairings.root,
            trial.moves,
            self.player.hint,
            evaluations,
            self.repair_rng,
            self.budget.check,
        )
        if won is not None:
            raise Solved(won)

    def stuck_nogood(self, present: int, known: int, clears_without: Pair | None = None) -> Reason:
        """A small set of current commitments that leaves the relaxation stuck at `present`
        (`shrinking.shrunk_nogood`), learned."""
        nogood = shrunk_nogood(self.board, self.pairings, present, known, clears_without)
        self.nogoods.learn(nogood)
        return nogood

    # -- commitments -------------------------------------------------------------------------

    def commit(self, a: int, b: int) -> None:
        self.pairings.commit(a, b)
        self.nogoods.commit((a, b))

    def uncommit(self, a: int, b: int) -> None:
        self.pairings.uncommit(a, b)
        self.nogoods.uncommit((a, b))

    def descend(self, a: int, b: int) -> Reason | None:
        """Commit (a, b) as a step of the search and propagate the learned nogoods. Returns a
        nogood if one is now all committed or a type is left without a pairing; `ascend` undoes
        it either way."""
        self.commit(a, b)
        violated, implied = self.nogoods.propagate((a, b))
        if violated is not None:
            self.pairings.rule_out([])  # nothing ruled out, so that `ascend` restores as ever
            return violated
        return self.rule_out(implied)

    def ascend(self, a: int, b: int) -> None:
        self.pairings.restore()
        self.uncommit(a, b)

    def rule_out(self, exclusions: Sequence[tuple[Pair, Reason]]) -> Reason | None:
        """Rule pairings out (until `pairings.restore`); a nogood if a type is left without."""
        emptied = self.pairings.rule_out(exclusions)
        if emptied is None:
            return None
        nogood = self.pairings.reasons_ruled_out(emptied)
        self.nogoods.learn(nogood)
        return nogood

    # -- probes ------------------------------------------------------------------------------

    def pinned(self, kind: int, start: Snapshot) -> Snapshot:
        """Where the relaxation gets from `start` while the type's tiles all stay: the common
        beginning of every probe of the type's pairings. It stops once they are all free, since
        every probe succeeds from there."""
        allowed = list(self.pairings.allowed)
        for tile in self.board.type_tiles[kind]:
            allowed[tile] = 0
        goal = self.board.type_mask[kind] & start.present
        present, known = relax(self.board.geometry, allowed, start.present, start.known, goal)
        return Snapshot(present, known, start.moves)

    def probe(self, tile: int, other: int, start: Snapshot, clears: bool) -> Reason | None:
        """A nogood if committing (tile, other) on top of the current commitments leaves the
        relaxation stuck, else None. `start` is where the current commitments' relaxation ends
        with the type's tiles held back (`pinned`), starting from a board it clears; `clears`
        says that the relaxation clears it for sure (see `_clears`)."""
        pair = (tile, other)
        type_mask = self.board.type_mask[self.board.type_of[tile]]
        goal = type_mask & start.present
        if start.known & goal == goal:
            # The type's tiles all get free while they stay, so under any of its pairings:
            # only a learned nogood can refute this one (the pairing need not be set up).
            return self._learned_refutation(pair)
        self.commit(tile, other)
        try:
            known_nogood = self.nogoods.violated_with(pair)
            if known_nogood is not None:
                return known_nogood
            self.budget.check()
            # Only the type's tiles are held back more than before: once they can all get
            # free, the rest clears as it did.
            present, known = relax(
                self.board.geometry,
                self.pairings.allowed,
                start.present,
                start.known,
                goal,
                changed=type_mask,
            )
            if not present or known & goal == goal:
                return None
            return self.stuck_nogood(present, known, pair if clears else None)
        finally:
            self.uncommit(tile, other)

    def _learned_refutation(self, pair: Pair) -> Reason | None:
        """A learned nogood that committing `pair` on top of the current commitments would
        complete, if any."""
        self.nogoods.commit(pair)
        try:
            known_nogood = self.nogoods.violated_with(pair)
        finally:
            self.nogoods.uncommit(pair)
        if known_nogood is None:
            self.budget.check()
        return known_nogood

    def _refuted_at_root(self, root: Playout) -> bool:
        """Whether the probes refute every pairing of one of the types that the first playout
        needed optimism for (only those can be refuted whole: the playout paired the others
        as the relaxation allows): a dead end proved before the quick phase, which could not
        have won it. The search's first node stops probing at the first type with one pairing
        left, which may come before the refuted type; a position with tiles already removed is
        often such a dead end. It comes after the first repair, which wins many deals sooner."""
        refuted: list[tuple[Pair, Reason]] = []
        clears = self._clears(root)
        return any(
            not isinstance(self._probe_type(root, kind, refuted, clears), Survivors)
            for kind in root.optimistic
        )

    # -- the search tree ---------------------------------------------------------------------

    def node(self, trial: Playout) -> Reason:
        """Search below the current commitments, whose playout was `trial`: raises Solved, or
        returns a nogood among the current commitments."""
        if trial.nogood is not None:
            return trial.nogood
        outer_hint = self.player.hint
        # Children follow this playout's pairings wherever their commitment allows, so that
        # each level of the search changes one type's pairing rather than reshuffling all.
        hint = self.player.hint = list(outer_hint)
        for a, b in trial.moves:
            hint[a], hint[b] = b, a
        try:
            return self._branch(trial)
        finally:
            self.player.hint = outer_hint

    def _branch(self, trial: Playout) -> Reason:
        """Branch on the pairing of the type, among those that needed optimism, with the fewest
        pairings the relaxation does not refute at once."""
        type_of = self.board.type_of
        weight = self.nogoods.weight
        candidates = list(trial.optimistic)
        # Plain attempts break ties between types by how often each took part in a refutation
        # (the conflicts gather on a few types); shuffled ones do not, so that the two kinds of
        # attempt get lost on different positions.
        # Scaled so that weight times it stays below 1: it only orders types of equal survivors.
        tie_break = 0.0 if self.shuffled else 1 / (1 + max(weight))
        if self.shuffled:
            self.rng.shuffle(candidates)
        best: tuple[float, int, Survivors] | None = None
        refuted: list[tuple[Pair, Reason]] = []
        clears = self._clears(trial)
        for kind in candidates:
            probed = self._probe_type(trial, kind, refuted, clears)
            if not isinstance(probed, Survivors):
                return probed
            score = len(probed.partners) - weight[kind] * tie_break
            if best is None or score < best[0]:
                best = (score, kind, probed)
            if len(probed.partners) == 1:
                break
        assert best is not None
        _, kind, survivors = best
        # What the probes refuted for the other types stays refuted below this node: ruling it
        # out tightens every relaxation there (each of those types keeps a survivor).
        self.rule_out([(pair, why) for pair, why in refuted if type_of[pair[0]] != kind])
        try:
            return self._children(trial, kind, survivors)
        finally:
            self.pairings.restore()

    def _clears(self, trial: Playout) -> bool:
        """Whether the relaxation under the current commitments and rule-outs surely clears
        the board from the start: the node's playout, which cleared it with moves the
        relaxation allows, says so if it was played under the same allowed partners and its
        real moves are all allowed (a prefix replayed from the parent's playout may hold a pair
        ruled out since)."""
        allowed = self.pairings.allowed
        return trial.played_under == allowed and all(allowed[a] >> b & 1 for a, b in trial.moves)

    def _probe_type(
        self, trial: Playout, kind: int, refuted: list[tuple[Pair, Reason]], clears: bool
    ) -> Reason | Survivors:
        """Probe the partners of one open tile of the type: a nogood when they are all refuted
        (or a probe's refutation does not involve the probe's pair), else the tile, its
        surviving partners and the committed pairs that refute the others. Refuted pairs are
        added to `refuted`, with their reasons."""
        pairings = self.pairings
        tile = next(t for t in self.board.type_tiles[kind] if pairings.partner[t] == NO_TILE)
        start = self.pinned(kind, trial.touched[kind])
        # The open tiles are what the type's commitments left: those are part of any reason.
        refuting_pairs = set(pairings.committed_of(kind))
        if not refuting_pairs:
            # The pairings ruled out are refuted by their reasons.
            refuting_pairs = set(pairings.reasons_ruled_out(kind))
        survivors: list[int] = []
        for other in bits(pairings.allowed[tile]):
            nogood = self.probe(tile, other, start, clears)
            if nogood is None:
                survivors.append(other)
                continue
            if (tile, other) not in nogood:
                return nogood  # refuted without the probe's pair: the node itself is
            refuting_pairs |= nogood
            refuting_pairs.discard((tile, other))
            refuted.append(((tile, other), nogood - {(tile, other)}))
        if not survivors:
            nogood = frozenset(refuting_pairs)
            self.nogoods.learn(nogood)
            return nogood
        return Survivors(tile, survivors, refuting_pairs)

    def _children(self, trial: Playout, kind: int, survivors: Survivors) -> Reason:
        """Search below each surviving pairing of the type, most promising first: a nogood
        among the current commitments, with the pairs that refute the other pairings."""
        tile, refuting_pairs = survivors.tile, survivors.refuting_pairs
        prefix = trial.replayable(kind)
        # Each child is committed twice: once to play its playout, by which the children are
        # ranked, then again, in that order, to search below it.
        children: list[tuple[tuple[bool, int, int], int, Playout]] = []
        for other in survivors.partners:
            pair = (tile, other)
            try:
                conflict = self.descend(tile, other)
                child = self.evaluate(prefix) if conflict is None else Playout.refuted(conflict)
            finally:
                self.ascend(tile, other)
            if child.nogood is not None and pair not in child.nogood:
                return child.nogood  # backjump: no other pairing escapes this refutation
            children.append((self._promise(child), other, child))
        children.sort(key=lambda entry: entry[0])
        for _, other, child in children:
            pair = (tile, other)
            why = child.nogood
            if why is None:
                try:
                    why = self.descend(tile, other)
                    if why is None:
                        why = self.node(child)
                finally:
                    self.ascend(tile, other)
            if pair not in why:
                return why  # backjump: no other pairing escapes this refutation
            refuting_pairs |= why
            refuting_pairs.discard(pair)
        nogood = frozenset(refuting_pairs)
        self.nogoods.learn(nogood)
        return nogood

    def _promise(self, child: Playout) -> tuple[bool, int, int]:
        """A sort key, most promising first: not refuted, fewest types that needed optimism,
        then the latest first optimism; shuffled attempts add some noise to the count
        (`PROMISE_NOISE`)."""
        refuted = child.nogood is not None
        optimism = 0 if refuted else len(child.optimistic)
        if self.shuffled:
            optimism += self.rng.below(PROMISE_NOISE)
        return refuted, optimism, child.closeness()[1]
