"""The app's calls into its one solver process (`lines_tui.engine.mahjong.solver_process`), which
keeps the solver's work off the app's interpreter: `solve_in_background` for the screens (the
dead-end check, the proofs of "Solvable deals only" and of the deal of the day), awaited on the
event loop, and `SolverProofs` for the store's thread, whose checks ask whether an entry's deal
is the Mahjong deal of the day (README, "Deals of the day"). Every wait is bounded: a process
that answers nothing for too long is taken as hung, ended, and the request fails, saying so.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import os
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from lines_tui.engine import daily
from lines_tui.engine.mahjong.solvable import interrupted
from lines_tui.engine.mahjong.solver import Pair, SolveResult
from lines_tui.store.verify import Unreplayable

if TYPE_CHECKING:
    from lines_tui.engine.mahjong.layouts import Layout
    from lines_tui.engine.mahjong.position import Position
    from lines_tui.engine.mahjong.solver_process import BackgroundSolver

PROOF_WAIT = 120.0
"""Seconds the solver process may answer nothing about a deal's proof (3,000 playouts at most
for "Solvable deals only": ten seconds or so; 20,000 for the deal of the day: two at most) before
it is taken as hung, ended, and the proof fails."""


class SolverHung(Exception):
    """The solver process did not answer in time; it was ended, and the next request starts a
    fresh one."""


async def solve_in_background(
    solver: BackgroundSolver,
    position: Position,
    *,
    within: float,
    previous: Sequence[Pair] | None = None,
    timeout: float | None = None,
    node_limit: int | None = None,
    queued: bool = False,
) -> SolveResult:
    """`solve` in the app's solver process, awaited without blocking the event loop (a newer
    request stops this one, which then answers "undecided"; a `queued` one stops nothing and
    waits its turn: `BackgroundSolver.submit`). Once the process has answered
    nothing for `within` seconds (counted from the oldest request it owes, so a move every few
    seconds does not restart the count) it is taken as hung (stuck, or stopped with SIGSTOP):
    it is ended, killed if need be, so the next request starts a fresh one, and SolverHung is
    raised."""
    # Textual captures sys.stderr with an object whose fileno() is -1, and the resource tracker
    # that multiprocessing starts along with the first solver process passes sys.stderr's
    # descriptor on and fails on -1 ("bad value(s) in fds_to_keep"). So the process is started
    # while sys.stderr is a real file: the null device, not the terminal, or the tracker's
    # messages (such as its warning when it had died and is started again) would be written
    # over the screen.
    with open(os.devnull, "w") as nowhere, contextlib.redirect_stderr(nowhere):
        future = solver.submit(
            position, previous=previous, timeout=timeout, node_limit=node_limit, queued=queued
        )
    answer = asyncio.wrap_future(future)
    while True:
        silent_since = solver.silent_since
        left = within if silent_since is None else silent_since + within - time.monotonic()
        try:
            return await asyncio.wait_for(asyncio.shield(answer), max(left, 0.0))
        except asyncio.TimeoutError:
            silent_since = solver.silent_since
            # Owing nothing while this answer has not come is no less a hang.
            if silent_since is None or time.monotonic() - silent_since >= within:
                solver.shutdown(wait=False)
                raise SolverHung(f"the solver took over {within:g} s") from None


_UNPROVED = "the deal of the day could not be proved"
_CLOSING = f"{_UNPROVED}: the app is closing"
_LOOK_AGAIN = 0.5
"""Seconds between looks at whether the event loop still runs, while a proof is waited for."""


class SolverProofs:
    """The proofs the store's checks ask for (`daily.is_proven_solvable`: is a deal the Mahjong
    deal of the day), made in the app's solver process while the store's thread waits: the same
    proof, with the same playouts, as in one process, but the app's interpreter stays free for
    the screen. Made on the event loop's thread (where the process starts, as for every other
    request: `solve_in_background`), queued behind the check under way and stopping none. A
    proof that cannot be made (the process failed, hung for `wait` seconds, or was ended) raises
    `Unreplayable`, saying why, so the entry is "unchecked" and the reason shown; it never waits
    without end: `close` (the app is closing) fails every proof still waited for, and any asked
    after."""

    def __init__(
        self,
        solver: Callable[[], BackgroundSolver],
        loop: asyncio.AbstractEventLoop,
        wait: float = PROOF_WAIT,
    ) -> None:
        """`solver()`: the app's solver process, asked for on the event loop's thread (the first
        proof may be the first request: `Session.background_solver`)."""
        self._solver = solver
        self._loop = loop
        self._wait = wait
        self._lock = threading.Lock()
        self._asked: set[concurrent.futures.Future[SolveResult]] = set()
        self._closed = False

    def is_proven_solvable(self, layout: Layout, seed: int) -> bool:
        """`daily.is_proven_solvable`, proved in the solver process; for the store's thread
        (`verify.Checker.proven_solvable`), never the event loop's, which it waits for."""
        return daily.is_proven_solvable(layout, seed, self._solve)

    def _solve(self, position: Position, playouts: int) -> SolveResult:
        with self._lock:
            if self._closed or _running_loop() is self._loop:  # it would wait for itself
                raise Unreplayable(_CLOSING)
            asked = asyncio.run_coroutine_threadsafe(self._prove(position, playouts), self._loop)
            self._asked.add(asked)
        try:
            result = self._answer(asked)
        except concurrent.futures.CancelledError:
            raise Unreplayable(_CLOSING) from None
        except Exception as error:
            raise Unreplayable(f"{_UNPROVED}: {str(error) or type(error).__name__}") from error
        finally:
            with self._lock:
                self._asked.discard(asked)
        if interrupted(result, playouts):
            raise Unreplayable(f"{_UNPROVED}: the solver process was ended")
        return result

    def _answer(self, asked: concurrent.futures.Future[SolveResult]) -> SolveResult:
        """The proof's answer, bounded by `solve_in_background`; failed (cancelled) should the
        event loop stop without `close` (an app ended some other way), as nothing answers then."""
        while True:
            try:
                return asked.result(timeout=_LOOK_AGAIN)
            except concurrent.futures.TimeoutError:  # not the built-in one before 3.11
                if not self._loop.is_running():
                    asked.cancel()

    async def _prove(self, position: Position, playouts: int) -> SolveResult:
        return await solve_in_background(
            self._solver(), position, within=self._wait, node_limit=playouts, queued=True
        )

    def close(self) -> None:
        """The app is closing (its event loop answers nothing more): fail every proof waited
        for, and every one asked for from now on."""
        with self._lock:
            self._closed = True
            for asked in self._asked:
                asked.cancel()


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
