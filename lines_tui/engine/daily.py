"""Deals of the day: one Lines seed per board size and one Mahjong deal per layout for each UTC
date, the same for everybody because they are derived from the date alone (README, "Deals of the
day").

A day's candidates are the first 8 bytes of SHA-256("lines-tui daily <table> <date> <n>") for
n = 0, 1, ...: Lines plays candidate 0; Mahjong plays the first candidate (of at most
DAILY_CANDIDATES) that the solver proves solvable within SOLVER_NODES playouts, so everybody
gets a deal that can be cleared. A budget in playouts, not seconds, keeps the choice the same on
fast and slow machines.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from lines_tui.engine.mahjong.deal import DEALER_VERSION, deal
from lines_tui.engine.mahjong.layouts import Layout
from lines_tui.engine.mahjong.position import Position
from lines_tui.engine.mahjong.solvable import DealSearch, prove_here, solve_here
from lines_tui.engine.mahjong.solver import SolveResult, Verdict

DAILY_CANDIDATES = 16
SOLVER_NODES = 20_000


def candidate(table: str, day: str, number: int) -> int:
    """Candidate `number` of the date `day` (YYYY-MM-DD) for the table named `table`
    (`lines-9`, `mahjong-turtle`): a seed of 64 bits."""
    text = f"lines-tui daily {table} {day} {number}"
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big")


def lines_daily_seed(size: int, day: str) -> int:
    return candidate(f"lines-{size}", day, 0)


def mahjong_daily_seed(layout: Layout, table_name: str, day: str) -> int:
    """The deal of the day of `layout` (its table name `table_name`), proved here: the end of
    `mahjong_daily_search`. NoSolvableDeal in the (never seen) case that no candidate is
    proved solvable."""
    return prove_here(mahjong_daily_search(layout, table_name, day)).seed


def mahjong_daily_candidates(table_name: str, day: str) -> list[int]:
    return [candidate(f"mahjong-{table_name}", day, n) for n in range(DAILY_CANDIDATES)]


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
    for number in range(DAILY_CANDIDATES):
        earlier = candidate(f"mahjong-{table_name}", day, number)
        if earlier == seed:
            return number
        if proven(earlier):
            return None
    return None
