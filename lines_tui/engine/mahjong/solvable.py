"""Solvable deals only: deal, prove, and take the next deal number while the deal is not proved.

A deal whose proof runs out of playouts (undecided) is skipped like a dead end, and counted apart.
The proof is bounded by playouts, not seconds, so the same layout and deal number give the same
deal on every machine (README, "Solvable deals only").

`DealSearch` is the rule one proof at a time, so that whoever runs the solver decides how: here
in this process (`solvable_deal`, the command line), or in the app's solver process while the
screen stays live. The deal of the day is the same search over the day's candidates.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lines_tui.engine.deal_choice import LAST_DEAL, Skipped
from lines_tui.engine.mahjong.deal import deal
from lines_tui.engine.mahjong.layouts import Layout
from lines_tui.engine.mahjong.position import Position
from lines_tui.engine.mahjong.solver import Pair, SolveResult, Verdict, solve

PROOF_PLAYOUTS = 3000
"""Playouts one deal's proof may take; nearly every deal needs far fewer (README)."""
MAX_DEALS = 100
"""Deals tried before giving up (a layout where that many in a row fail is not worth playing)."""


class NoSolvableDeal(ValueError):
    """No deal in the range tried was proved solvable."""


@dataclass(frozen=True)
class ProvedDeal:
    seed: int
    """The deal number that was proved solvable."""
    position: Position
    moves: tuple[Pair, ...]
    """A winning sequence of the deal."""
    skipped: Skipped
    """The deal numbers passed over: proved dead ends, and those whose proof ran out of
    playouts."""


class DealSearch:
    """The first of `numbers` whose deal on `layout` the solver proves solvable within `playouts`,
    found one proof at a time: prove `position` (the deal of `number`), hand the result to
    `answer`, and go on until it returns the proved deal."""

    def __init__(
        self, layout: Layout, numbers: Sequence[int], playouts: int = PROOF_PLAYOUTS
    ) -> None:
        if not numbers:
            raise ValueError("a search for a solvable deal needs deal numbers to try")
        self.layout = layout
        self.numbers = numbers
        self.playouts = playouts
        self._tried = 0
        self.skipped = Skipped()
        self.position = deal(layout, numbers[0])
        """The deal to prove now."""

    @property
    def number(self) -> int:
        """The deal number being proved now."""
        return self.numbers[self._tried]

    def answer(self, result: SolveResult) -> ProvedDeal | None:
        """The solver's answer on `position` (within `playouts`): the proved deal, or None when
        the search goes on with the next number. NoSolvableDeal when none is left."""
        if result.verdict is Verdict.SOLVABLE:
            return ProvedDeal(self.number, self.position, result.moves, self.skipped)
        dead_ends, undecided = self.skipped.dead_ends, self.skipped.undecided
        if result.verdict is Verdict.UNSOLVABLE:
            dead_ends += 1
        else:
            undecided += 1
        passed_over = Skipped(dead_ends, undecided)
        if self._tried + 1 == len(self.numbers):
            # The search stays on its last deal: asked again, it answers the same.
            first, title = self.numbers[0], self.layout.title
            # One deal left to try, from the last deal number: "none of 1 deals" said it.
            tried = (
                f"none of {len(self.numbers)} deals of {title} from deal {first} on was"
                if len(self.numbers) > 1
                else f"deal {first} of {title} was not"
            )
            raise NoSolvableDeal(f"{tried} proved solvable ({passed_over.said()})")
        self.skipped = passed_over
        self._tried += 1
        self.position = deal(self.layout, self.number)
        return None

    def interrupted(self, result: SolveResult) -> bool:
        """Whether `result` is "undecided" only because the search was stopped (cancelled)
        before its playouts were spent: it says nothing about the deal, so it is not an answer."""
        return interrupted(result, self.playouts)


def interrupted(result: SolveResult, playouts: int) -> bool:
    """Whether `result`, of a proof allowed `playouts`, is "undecided" only because the proof was
    stopped (cancelled) before its playouts were spent: no answer about the deal."""
    return result.verdict is Verdict.UNDECIDED and result.nodes < playouts


def following(seed: int, count: int = MAX_DEALS) -> range:
    """The deal numbers tried for solvable deals only: `seed` and the ones after it, up to the
    last deal number a table holds (2**64 - 1): the search stops there rather than step past."""
    return range(seed, min(seed + count, LAST_DEAL + 1))


def solve_here(position: Position, playouts: int) -> SolveResult:
    """The proof of `position` within `playouts`, by the solver in this process."""
    return solve(position, node_limit=playouts)


def prove_here(
    search: DealSearch, proving: Callable[[int, Skipped], None] | None = None
) -> ProvedDeal:
    """Run `search` to its end with the solver in this process; `proving(number, skipped)` is
    told of each deal number before its proof (to show progress)."""
    while True:
        if proving is not None:
            proving(search.number, search.skipped)
        result = solve_here(search.position, search.playouts)
        proved = search.answer(result)
        if proved is not None:
            return proved


def solvable_deal(
    layout: Layout,
    seed: int,
    *,
    playouts: int = PROOF_PLAYOUTS,
    max_deals: int = MAX_DEALS,
    proving: Callable[[int, Skipped], None] | None = None,
) -> ProvedDeal:
    """The first deal of `layout`, from deal number `seed` on, that the solver proves solvable
    within `playouts`; raises NoSolvableDeal when none of `max_deals` deals is. `proving`: as
    `prove_here`."""
    return prove_here(DealSearch(layout, following(seed, max_deals), playouts), proving)
