"""BackgroundSolver: the solver in a spawned process, reused between checks, stopped at once by a
newer check or by cancel(), ended by shutdown()."""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections.abc import Iterator
from multiprocessing.context import SpawnProcess

import pytest

from lines_tui.engine.mahjong.deal import deal
from lines_tui.engine.mahjong.layouts import find_layout
from lines_tui.engine.mahjong.position import Position
from lines_tui.engine.mahjong.solver import Verdict
from lines_tui.engine.mahjong.solver_process import BackgroundSolver

TURTLE = find_layout("turtle")
ANSWER = 60.0
"""Seconds to wait for an answer: far more than a stopped check needs, far less than a hung one."""

HARD_SEEDS = (21, 48, 63, 33, 129, 119, 107)


def long_position() -> Position:
    """Seven hard Turtle deals side by side, with faces kept apart: a search of many minutes."""
    slots: list[tuple[int, int, int]] = []
    faces: list[str] = []
    for copy, seed in enumerate(HARD_SEEDS):
        one = deal(TURTLE, seed)
        slots += [(x + 40 * copy, y, z) for x, y, z in one.slots]
        faces += [f"{copy}:{face}" for face in one.faces]
    return Position(tuple(slots), tuple(faces))


@pytest.fixture
def solver() -> Iterator[BackgroundSolver]:
    background = BackgroundSolver()
    yield background
    background.shutdown()


def test_a_check_runs_in_a_reused_process(solver: BackgroundSolver) -> None:
    easy = deal(TURTLE, 5)
    first = solver.submit(easy).result(timeout=ANSWER)
    assert first.verdict is Verdict.SOLVABLE
    assert len(first.moves) == 72
    assert solver.running
    second = solver.submit(easy, previous=first.moves[1:]).result(timeout=ANSWER)
    assert second.verdict is Verdict.SOLVABLE
    assert solver.running


def test_cancel_stops_a_long_check_which_resolves_undecided(solver: BackgroundSolver) -> None:
    future = solver.submit(long_position(), timeout=None)
    solver.cancel()
    result = future.result(timeout=ANSWER)
    assert result.verdict is Verdict.UNDECIDED
    assert solver.running
    # The process serves the next check.
    assert solver.submit(deal(TURTLE, 5)).result(timeout=ANSWER).verdict is Verdict.SOLVABLE


def test_a_running_check_is_stopped_by_cancel(solver: BackgroundSolver) -> None:
    # Wait until the process is up and searching, then stop it.
    solver.submit(deal(TURTLE, 5)).result(timeout=ANSWER)
    future = solver.submit(long_position(), timeout=None)
    with pytest.raises(TimeoutError):
        future.result(timeout=1.0)
    solver.cancel()
    assert future.result(timeout=ANSWER).verdict is Verdict.UNDECIDED


def test_a_new_check_supersedes_the_running_one(solver: BackgroundSolver) -> None:
    solver.submit(deal(TURTLE, 5)).result(timeout=ANSWER)
    old = solver.submit(long_position(), timeout=None)
    with pytest.raises(TimeoutError):
        old.result(timeout=1.0)
    new = solver.submit(deal(TURTLE, 8))
    assert old.result(timeout=ANSWER).verdict is Verdict.UNDECIDED
    assert new.result(timeout=ANSWER).verdict is Verdict.SOLVABLE


def test_shutdown_ends_the_process_and_resolves_what_is_pending() -> None:
    background = BackgroundSolver()
    background.submit(deal(TURTLE, 5)).result(timeout=ANSWER)
    pending = background.submit(long_position(), timeout=None)
    background.shutdown()
    assert not background.running
    assert pending.result(timeout=ANSWER).verdict is Verdict.UNDECIDED
    # A later check starts a fresh process.
    assert background.submit(deal(TURTLE, 5)).result(timeout=ANSWER).verdict is Verdict.SOLVABLE
    background.shutdown()


def solver_processes() -> list[str]:
    return [child.name for child in multiprocessing.active_children() if "solver" in child.name]


def wait_until_no_solver_process() -> None:
    for _ in range(int(ANSWER / 0.05)):
        if not solver_processes():
            return
        time.sleep(0.05)
    raise AssertionError("the solver process did not end")


def test_shutdown_without_waiting_returns_at_once_and_ends_the_process_later(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """#12 item 12: the app ends its solver without a key waiting for the process to go."""
    gate = threading.Event()
    order: list[str] = []
    real_join = SpawnProcess.join

    def slow_join(process: SpawnProcess, timeout: float | None = None) -> None:
        gate.wait(ANSWER)  # a process slow to stop
        order.append("joined")
        real_join(process, timeout)

    monkeypatch.setattr(SpawnProcess, "join", slow_join)
    background = BackgroundSolver()
    background.submit(deal(TURTLE, 5)).result(timeout=ANSWER)
    pending = background.submit(long_position(), timeout=None)
    background.shutdown(wait=False)
    order.append("returned")
    assert pending.result(timeout=0).verdict is Verdict.UNDECIDED  # resolved at once
    assert not background.running
    gate.set()
    wait_until_no_solver_process()
    assert order[0] == "returned"
