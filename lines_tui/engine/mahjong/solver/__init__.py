"""The dead-end solver: can a Mahjong position still be cleared, with every face known?

Removing tiles never makes another tile un-free. So once it is fixed which tile goes with which
(a *pairing*), the order of the moves does not matter: a pair whose tiles are both free stays
removable, and playing every removable pair as soon as it is removable clears the board if any
order does. The search is therefore over pairings, not move orders (README, "The dead-end
solver"). Its parts, each readable on its own:

- `board`: the starting position's tiles by type, and which tiles hold which;
- `pairings`: the allowed partners of each tile under the search's commitments;
- `relaxation`: the relaxed game that proves dead ends;
- `playout`: the playout kernel, on bitmasks updated as tiles leave;
- `nogoods`: learned nogoods and their propagation;
- `search`: the search with backjumping and restarts;
- `quick`: the quick phase, random-hint playouts before the search branches;
- `repair`: the repair phase, a local search over complete pairings judged exactly;
- `budget`: time, playout and restart budgets; `result`: what `solve` answers.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from lines_tui.engine.mahjong.position import Position
from lines_tui.engine.mahjong.solver.budget import Budget, RestartSchedule, Stopped
from lines_tui.engine.mahjong.solver.result import Pair, SolveResult, Verdict, replay_error
from lines_tui.engine.mahjong.solver.search import Search

__all__ = ["Pair", "RestartSchedule", "SolveResult", "Verdict", "replay_error", "solve"]


def solve(
    position: Position,
    *,
    timeout: float | None = None,
    node_limit: int | None = None,
    should_stop: Callable[[], bool] | None = None,
    previous: Sequence[Pair] | None = None,
    restarts: RestartSchedule | None = None,
) -> SolveResult:
    """Decide whether `position` can be cleared: SOLVABLE with a winning sequence (checked by
    replaying it), UNSOLVABLE when every pairing is refuted, UNDECIDED when `timeout` seconds or
    `node_limit` nodes (playouts and repairs) are spent or `should_stop()` says so (it is asked
    while the board is studied, before every playout and most probes, and every few
    relaxations of a repair). `previous`, an earlier winning sequence, is tried first.
    `restarts` sets how often the search starts over, the quick phase's playouts, how long a
    repair may run and the seed of the random draws (the default suits full deals)."""
    started = time.monotonic()
    deadline = None if timeout is None else started + timeout
    budget = Budget(deadline, node_limit, should_stop)

    def undecided(attempts: int) -> SolveResult:
        return SolveResult(
            Verdict.UNDECIDED, (), budget.nodes, time.monotonic() - started, attempts
        )

    try:
        search = Search(position, budget, restarts or RestartSchedule(), previous)
    except Stopped:  # while the board was studied, before any playout
        return undecided(1)
    try:
        found = search.run()
    except Stopped:
        return undecided(search.attempts)
    seconds = time.monotonic() - started
    if found is None:
        return SolveResult(Verdict.UNSOLVABLE, (), budget.nodes, seconds, search.attempts)
    error = replay_error(position, found)
    if error is not None:
        raise AssertionError(f"the solver produced a wrong winning sequence: {error}")
    return SolveResult(Verdict.SOLVABLE, tuple(found), budget.nodes, seconds, search.attempts)
