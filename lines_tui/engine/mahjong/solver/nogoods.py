"""The nogood store: sets of pairs that cannot all be part of a winning pairing, and their
propagation.

Each pair ever committed gets a bit of its own, so a nogood is also an int and "are all its
pairs committed?" is one `&`. When the search commits a pair, every nogood with that pair whose
other pairs are all committed but one rules that one out (unit propagation, as a SAT solver does
with a learned clause); a nogood whose pairs are all committed refutes the commitments at once.
"""

from __future__ import annotations

from lines_tui.engine.mahjong.solver.pairings import Reason
from lines_tui.engine.mahjong.solver.result import Pair


class Nogoods:
    def __init__(self, types_of_tiles: list[int], types: int) -> None:
        self._type_of = types_of_tiles
        self._by_pair: dict[Pair, list[Reason]] = {}
        self._masks_by_pair: dict[Pair, list[int]] = {}
        """For each pair, the learned nogoods with it, and the same as sets of pair bits."""
        self._bits: dict[Pair, int] = {}
        self._pair_of_bit: dict[int, Pair] = {}
        self._learned: set[Reason] = set()
        self.committed = 0
        """The bits of the pairs committed now."""
        self.weight = [0] * types
        """How often each type took part in a refutation."""

    def bit(self, pair: Pair) -> int:
        bit = self._bits.get(pair)
        if bit is None:
            bit = self._bits[pair] = 1 << len(self._bits)
            self._pair_of_bit[bit] = pair
        return bit

    def commit(self, pair: Pair) -> None:
        self.committed |= self.bit(pair)

    def uncommit(self, pair: Pair) -> None:
        self.committed &= ~self.bit(pair)

    def learn(self, nogood: Reason) -> None:
        if nogood in self._learned:
            return
        self._learned.add(nogood)
        mask = sum(self.bit(pair) for pair in nogood)
        for pair in nogood:
            self.weight[self._type_of[pair[0]]] += 1
            self._by_pair.setdefault(pair, []).append(nogood)
            self._masks_by_pair.setdefault(pair, []).append(mask)

    def violated_with(self, pair: Pair) -> Reason | None:
        """A learned nogood with `pair` whose pairs are all committed now."""
        masks = self._masks_by_pair.get(pair)
        if not masks:
            return None
        # Thousands of nogoods may hold a pair: map() tests them without a bytecode loop.
        uncommitted = list(map((~self.committed).__and__, masks))
        try:
            return self._by_pair[pair][uncommitted.index(0)]
        except ValueError:
            return None

    def propagate(self, pair: Pair) -> tuple[Reason | None, list[tuple[Pair, Reason]]]:
        """After committing `pair`: a nogood now all committed (or None), and the pairs that
        nogoods with `pair` now rule out, each with the committed rest of its nogood."""
        implied: list[tuple[Pair, Reason]] = []
        uncommitted = ~self.committed
        nogoods = self._by_pair.get(pair, ())
        for index, rest in enumerate(map(uncommitted.__and__, self._masks_by_pair.get(pair, ()))):
            if rest & (rest - 1):
                continue
            nogood = nogoods[index]
            if not rest:
                return nogood, []
            excluded = self._pair_of_bit[rest]
            implied.append((excluded, nogood - {excluded}))
        return None, implied
