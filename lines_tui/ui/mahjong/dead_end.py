"""The background dead-end check: one solver process, one check at a time, stale answers dropped.

After every change of position the screen calls `check`. The position goes to the solver process
through a Textual worker that awaits the answer without blocking the event loop; a newer check
cancels the older worker and the solver stops the stale search itself. Proven verdicts are kept per
position, so undoing back to a known position answers at once, and the last winning sequence goes
along with the next check so the solver can repair it instead of starting over.

A check that fails (the solver process died, refused, or did not answer in time and was replaced)
is never swallowed: it is answered with an outcome whose `error` says why (the screen shows
"check failed" and the reason), and it is not remembered, so the next move checks again. The answer
reaches the screen on the screen's own message loop, not inside the worker, so nothing the screen
does with it can vanish with the worker.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from textual.dom import DOMNode
from textual.worker import Worker

from lines_tui.engine.mahjong.position import Position
from lines_tui.engine.mahjong.solver import Pair, Verdict
from lines_tui.engine.mahjong.solver_process import BackgroundSolver
from lines_tui.ui.solving import solve_in_background

CHECK_TIMEOUT = 20.0
"""Seconds the solver may think about one position before it answers "undecided"."""

ANSWER_GRACE = 5.0
"""Seconds past the solver's own time limit that its answer may take to come back (the process
may be slow to be scheduled on a busy machine) before the process is taken as hung."""

WORKER_GROUP = "mahjong-dead-end"


@dataclass(frozen=True)
class CheckOutcome:
    """What a finished check found about the position with these present tiles."""

    present: int
    verdict: Verdict
    moves: tuple[Pair, ...]
    error: str = ""
    """Why the check could not run (the solver process failed or hung); the verdict is then
    undecided."""


class DeadEndCheck:
    """Runs checks for one deal on one screen and remembers what they proved (keyed by the tiles
    present, so a new deal needs a new DeadEndCheck; the solver process can be shared)."""

    def __init__(
        self,
        solver: BackgroundSolver,
        on_outcome: Callable[[CheckOutcome], None],
        *,
        time_limit: float = CHECK_TIMEOUT,
    ) -> None:
        """`time_limit`: seconds the solver may think about one position; with no answer
        `ANSWER_GRACE` seconds later, the check fails and the solver process is replaced."""
        self.solver = solver
        self.time_limit = time_limit
        self._on_outcome = on_outcome
        self._proved: dict[int, CheckOutcome] = {}
        self._serial = 0
        self._last_solution: tuple[Pair, ...] = ()

    def proved_solvable(self, present: int, moves: tuple[Pair, ...]) -> None:
        """The position with these present tiles was proved solvable by `moves` (a deal proved
        before play): checked, it is answered at once."""
        self._remember(CheckOutcome(present, Verdict.SOLVABLE, moves))

    def proved_dead(self, present: int) -> None:
        """The position with these present tiles is known to be a dead end (it follows one):
        checked, it is answered at once."""
        self._remember(CheckOutcome(present, Verdict.UNSOLVABLE, ()))

    def known(self, present: int) -> CheckOutcome | None:
        """The proven verdict for this set of present tiles, if a check has found one."""
        return self._proved.get(present)

    @property
    def last_solution(self) -> tuple[Pair, ...]:
        """The most recent winning sequence found, possibly for an earlier position."""
        return self._last_solution

    def check(self, node: DOMNode, position: Position) -> CheckOutcome | None:
        """Start checking `position`, dropping any check still running. A position proven before
        is answered at once (returned, and no worker starts); otherwise None: the answer comes
        later through `on_outcome`, unless another check replaces this one first."""
        self._serial += 1
        present = position.present
        known = self._proved.get(present)
        if known is not None:
            self.cancel(node)
            self._remember(known)
            return known
        previous = [pair for pair in self._last_solution if all(present >> i & 1 for i in pair)]
        self._start(node, self._serial, position, previous)
        return None

    def _start(
        self, node: DOMNode, serial: int, position: Position, previous: list[Pair]
    ) -> Worker[None]:
        """The worker that runs the check. It gets a function that makes the coroutine when it
        runs, not the coroutine: a check replaced before its worker starts leaves none behind
        that nobody awaits."""
        return node.run_worker(
            partial(self._run, node, serial, position, previous),
            name="dead-end check",
            group=WORKER_GROUP,
            exclusive=True,
        )

    def cancel(self, node: DOMNode) -> None:
        """Stop the check in progress, if any (its answer, should it come, is ignored)."""
        self._serial += 1
        node.workers.cancel_group(node, WORKER_GROUP)
        self.solver.cancel()

    async def _run(
        self, node: DOMNode, serial: int, position: Position, previous: list[Pair]
    ) -> None:
        try:
            result = await solve_in_background(
                self.solver,
                position,
                within=self.time_limit + ANSWER_GRACE,
                previous=previous or None,
                timeout=self.time_limit,
            )
        except Exception as error:  # the solver process died, refused or hung: say so, play on
            reason = str(error) or type(error).__name__
            outcome = CheckOutcome(position.present, Verdict.UNDECIDED, (), error=reason)
        else:
            outcome = CheckOutcome(position.present, result.verdict, result.moves)
        node.call_later(self._deliver, serial, outcome)

    def _deliver(self, serial: int, outcome: CheckOutcome) -> None:
        """On the screen's message loop: hand over the answer unless a newer check replaced it."""
        if serial == self._serial:
            self._remember(outcome)
            self._on_outcome(outcome)

    def _remember(self, outcome: CheckOutcome) -> None:
        if outcome.verdict is not Verdict.UNDECIDED:
            self._proved[outcome.present] = outcome
        if outcome.verdict is Verdict.SOLVABLE:
            self._last_solution = outcome.moves
