"""Solvable deals only: deal, prove, and take the next deal number while the deal is not proved.

A deal whose proof runs out of playouts (undecided) is skipped like a dead end, and counted apart.
The proof is bounded by playouts, not seconds, so the same layout and deal number give the same
deal on every machine (README, "Solvable deals only").
"""

from __future__ import annotations

from dataclasses import dataclass

from lines_tui.engine.mahjong.deal import deal
from lines_tui.engine.mahjong.layouts import Layout
from lines_tui.engine.mahjong.position import Position
from lines_tui.engine.mahjong.solver import Pair, Verdict, solve

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
    dead_ends: int
    """Deal numbers skipped because they were proved dead ends."""
    undecided: int
    """Deal numbers skipped because their proof ran out of playouts."""


def solvable_deal(
    layout: Layout,
    seed: int,
    *,
    playouts: int = PROOF_PLAYOUTS,
    max_deals: int = MAX_DEALS,
) -> ProvedDeal:
    """The first deal of `layout`, from deal number `seed` on, that the solver proves solvable
    within `playouts`; raises NoSolvableDeal when none of `max_deals` deals is."""
    dead_ends = undecided = 0
    for number in range(seed, seed + max_deals):
        position = deal(layout, number)
        result = solve(position, node_limit=playouts)
        if result.verdict is Verdict.SOLVABLE:
            return ProvedDeal(number, position, result.moves, dead_ends, undecided)
        if result.verdict is Verdict.UNSOLVABLE:
            dead_ends += 1
        else:
            undecided += 1
    raise NoSolvableDeal(
        f"none of deals {seed}..{seed + max_deals - 1} of {layout.title} was proved solvable "
        f"({dead_ends} dead ends, {undecided} undecided)"
    )
