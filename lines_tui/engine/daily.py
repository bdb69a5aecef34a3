"""Deals of the day: one Lines seed per board size and one Mahjong deal per layout for each UTC
date, the same for everybody because they are derived from the date alone (README, "Deals of the
day"). Their seeds come from `daily_seeds`; Mahjong plays the first candidate (of at most
DAILY_CANDIDATES) that the solver proves solvable within SOLVER_NODES playouts, so everybody
gets a deal that can be cleared. A budget in playouts, not seconds, keeps the choice the same on
fast and slow machines.
"""

from __future__ import annotations

from collections.abc import Callable

from lines_tui.engine.daily_seeds import mahjong_daily_candidates
from lines_tui.engine.mahjong.deal import DEALER_VERSION, deal
from lines_tui.engine.mahjong.layouts import Layout
from lines_tui.engine.mahjong.position import Position
from lines_tui.engine.mahjong.solvable import DealSearch, prove_here, solve_here
from lines_tui.engine.mahjong.solver import SolveResult, Verdict

SOLVER_NODES = 20_000


def mahjong_daily_seed(layout: Layout, table_name: str, day: str) -> int:
    """The deal of the day of `layout` (its table name `table_name`), proved here: the end of
    `mahjong_daily_search`. NoSolvableDeal in the (never seen) case that no candidate is
    proved solvable."""
    return prove_here(mahjong_daily_search(layout, table_name, day)).seed


def mahjong_daily_search(layout: Layout, table_name: str, day: str) -> DealSearch:
    """The search for the deal of the day one proof at a time (the app runs it in its solver
    process): the first of the day's candidates proved solvable within SOLVER_NODES."""
    return DealSearch(layout, mahjong_daily_candidates(table_name, day), SOLVER_NODES)


def is_proven_solvable(
    layout: Layout,
    seed: int,
    solver: Callable[[Position, int], SolveResult] = solve_here,
) -> bool:
    """Whether the solver proves deal `seed` of `layout` solvable within SOLVER_NODES playouts:
    the proof that makes a candidate the deal of the day. `solver(position, playouts)` makes it:
    in this process (the command line), or in the app's solver process, which keeps the app's
    interpreter free (`lines_tui.ui.solving`); the proof is the same either way."""
    position = deal(layout, seed, DEALER_VERSION)
    return solver(position, SOLVER_NODES).verdict == Verdict.SOLVABLE


def mahjong_daily_candidate_number(
    table_name: str, day: str, seed: int, proven: Callable[[int], bool]
) -> int | None:
    """Which candidate of the day `seed` is, if it is the first one `proven(seed)` accepts among
    those before it; None if it is no candidate, or an earlier one is proven solvable. The
    caller already knows `seed` itself is solvable (a replay cleared it), so the solver only runs
    for earlier candidates, and rarely: candidate 0 is solvable about 97 % of the time."""
    for number, earlier in enumerate(mahjong_daily_candidates(table_name, day)):
        if earlier == seed:
            return number
        if proven(earlier):
            return None
    return None
