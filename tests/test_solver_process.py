"""BackgroundSolver: the solver in a spawned process, reused between checks, stopped at once by a
newer check or by cancel(), ended by shutdown() (killed if it does not stop), and never left
behind by the process that started it."""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import multiprocessing.connection
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future
from multiprocessing.context import SpawnProcess
from pathlib import Path

import pytest

from lines_tui.engine.mahjong.deal import deal
from lines_tui.engine.mahjong.layouts import find_layout
from lines_tui.engine.mahjong.position import Position
from lines_tui.engine.mahjong.solver import SolveResult, Verdict
from lines_tui.engine.mahjong.solver_process import BackgroundSolver, born_deaf_to_ctrl_c

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


def test_a_connection_closed_under_a_reply_being_read_ends_the_reader_quietly(
    solver: BackgroundSolver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Closed by the worker's ending while a reply was half read, the connection's recv raised
    TypeError (a read with no handle): the reply thread died with a traceback on standard
    error, the terminal the app draws on."""
    failures: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: failures.append(args.exc_value))
    easy = deal(TURTLE, 5)
    assert solver.submit(easy).result(timeout=ANSWER).verdict is Verdict.SOLVABLE
    real_recv = multiprocessing.connection.Connection.recv

    def recv_then_closed(connection: multiprocessing.connection.Connection) -> object:
        monkeypatch.setattr(multiprocessing.connection.Connection, "recv", closed_under_read)
        return real_recv(connection)

    def closed_under_read(connection: multiprocessing.connection.Connection) -> object:
        raise TypeError("'NoneType' object cannot be interpreted as an integer")

    # The reply thread waits in the real recv: the next reply it reads is the last one.
    monkeypatch.setattr(multiprocessing.connection.Connection, "recv", recv_then_closed)
    solver.submit(easy).result(timeout=ANSWER)
    third = solver.submit(easy)
    deadline = time.monotonic() + ANSWER
    while not third.done() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert failures == []


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
    with pytest.raises(concurrent.futures.TimeoutError):  # not the built-in one on 3.10
        future.result(timeout=1.0)
    solver.cancel()
    assert future.result(timeout=ANSWER).verdict is Verdict.UNDECIDED


def test_a_new_check_supersedes_the_running_one(solver: BackgroundSolver) -> None:
    solver.submit(deal(TURTLE, 5)).result(timeout=ANSWER)
    old = solver.submit(long_position(), timeout=None)
    with pytest.raises(concurrent.futures.TimeoutError):  # not the built-in one on 3.10
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


needs_sigstop = pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="needs POSIX signals")
needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


@needs_sigstop
def test_a_sigint_from_outside_neither_ends_the_worker_nor_prints_anything(
    solver: BackgroundSolver, capfd: pytest.CaptureFixture[str]
) -> None:
    """`kill -INT` of the worker raised KeyboardInterrupt in its search: its traceback went to
    the app's terminal, across the board (a reliability review)."""
    solver.submit(deal(TURTLE, 5)).result(timeout=ANSWER)  # started, and past its start
    pid = solver.pid
    assert pid is not None
    running = solver.submit(long_position(), timeout=3.0)
    time.sleep(0.5)  # searching
    os.kill(pid, signal.SIGINT)
    assert running.result(timeout=ANSWER).verdict is Verdict.UNDECIDED  # its time ran out
    assert solver.pid == pid and solver.running
    assert solver.submit(deal(TURTLE, 5)).result(timeout=ANSWER).verdict is Verdict.SOLVABLE
    assert capfd.readouterr().err == ""


@needs_sigstop
def test_a_sigint_while_the_worker_starts_is_dropped_without_a_word(
    solver: BackgroundSolver, capfd: pytest.CaptureFixture[str]
) -> None:
    """The worker ignores SIGINT once it serves; one sent while it was still starting
    (importing the solver, a fraction of a second) printed a KeyboardInterrupt's traceback on the
    app's terminal and ended it."""
    answer = solver.submit(deal(TURTLE, 5))
    pid = solver.pid
    assert pid is not None
    os.kill(pid, signal.SIGINT)  # it has only just been started
    assert answer.result(timeout=ANSWER).verdict is Verdict.SOLVABLE
    assert solver.pid == pid
    assert capfd.readouterr().err == ""


def test_where_there_are_no_signal_masks_processes_start_as_ever(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Windows has no `signal.pthread_sigmask`: blocking ctrl+c for a start raised
    AttributeError there, and every Mahjong check with it (a code review)."""
    monkeypatch.delattr(signal, "pthread_sigmask")
    started = []
    with born_deaf_to_ctrl_c():
        started.append(True)
    assert started == [True]


@needs_sigstop
def test_a_stopped_worker_process_is_killed_and_ending_it_returns() -> None:
    """A worker stopped by SIGSTOP never gets SIGTERM: it was left behind, stopped, and
    multiprocessing's exit handler then waited for it forever, so ctrl+q hung."""
    background = BackgroundSolver()
    background.submit(deal(TURTLE, 5)).result(timeout=ANSWER)
    pid = background.pid
    assert pid is not None
    os.kill(pid, signal.SIGSTOP)
    ending = threading.Thread(target=background.shutdown, daemon=True)
    try:
        ending.start()
        ending.join(ANSWER)
        assert not ending.is_alive()
        assert not background.running
        assert solver_processes() == []
    finally:
        for child in multiprocessing.active_children():
            if "solver" in child.name:
                child.kill()  # a regression must not leave a stopped process to the next test


def test_checks_asked_of_a_stopped_worker_never_block_the_caller() -> None:
    """A worker that stops reading fills its pipe: each request (a few kilobytes) was sent on
    the caller's thread, which is the UI's, so a few seconds of undo pressed and held froze the
    app for good. Requests not sent yet are replaced by newer ones, and resolve undecided."""
    background = BackgroundSolver()
    background.submit(deal(TURTLE, 5)).result(timeout=ANSWER)
    pid = background.pid
    assert pid is not None
    os.kill(pid, signal.SIGSTOP)
    futures: list[Future[SolveResult]] = []
    asking = threading.Thread(
        target=lambda: futures.extend(background.submit(long_position()) for _ in range(300)),
        daemon=True,
    )
    try:
        asking.start()
        asking.join(ANSWER)
        assert not asking.is_alive()
        assert futures[-2].result(timeout=0).verdict is Verdict.UNDECIDED  # never sent
        background.shutdown()
        assert {future.result(timeout=0).verdict for future in futures} == {Verdict.UNDECIDED}
        assert solver_processes() == []
    finally:
        for child in multiprocessing.active_children():
            if "solver" in child.name:
                child.kill()


def process_table() -> dict[int, tuple[int, str]]:
    """Every process's parent and state (Linux's /proc), by process id."""
    table = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue  # it ended while the table was read
            state, parent = stat[stat.rindex(")") + 2 :].split()[:2]
            table[int(entry.name)] = (int(parent), state)
    return table


def descendants(pid: int) -> set[int]:
    table = process_table()
    found: set[int] = set()
    parents = {pid}
    while parents:
        children = {child for child, (parent, _) in table.items() if parent in parents}
        parents = children - found
        found |= children
    return found


def wait_until_gone(pids: set[int]) -> set[int]:
    """The processes among `pids` still alive after ANSWER seconds (a zombie counts as gone: it
    only waits to be reaped)."""
    alive = pids
    for _ in range(int(ANSWER / 0.05)):
        table = process_table()
        alive = {pid for pid in alive if pid in table and table[pid][1] not in "ZX"}
        if not alive:
            break
        time.sleep(0.05)
    return alive


APP = textwrap.dedent(
    """
    import sys
    from lines_tui.engine.mahjong.deal import deal
    from lines_tui.engine.mahjong.layouts import find_layout
    from lines_tui.engine.mahjong.solver_process import BackgroundSolver

    solver = BackgroundSolver()
    solver.submit(deal(find_layout("turtle"), 5)).result(timeout=60)
    print(solver.pid, flush=True)
    sys.stdin.readline()
    solver.shutdown(wait=False)  # as the app does when it quits
    """
)
"""An app in short: it starts the solver process, says its id, and ends it as the app does."""


def app_with_stopped_worker() -> tuple[subprocess.Popen[bytes], set[int]]:
    """APP running, its worker process stopped (SIGSTOP); its processes (the worker,
    multiprocessing's resource tracker)."""
    app = subprocess.Popen(
        [sys.executable, "-c", APP], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert app.stdout is not None
    worker = int(app.stdout.readline())
    children = descendants(app.pid)
    assert worker in children
    os.kill(worker, signal.SIGSTOP)
    return app, children


def end_all(app: subprocess.Popen[bytes], children: set[int]) -> None:
    """After a regression: nothing stopped is left to the next test."""
    app.kill()
    app.wait()
    for pid in wait_until_gone(children):
        os.kill(pid, signal.SIGKILL)


@needs_sigstop
@needs_proc
def test_an_app_quits_promptly_with_its_worker_process_stopped_and_leaves_no_process() -> None:
    app, children = app_with_stopped_worker()
    try:
        assert app.stdin is not None
        app.stdin.write(b"quit\n")
        app.stdin.flush()
        assert app.wait(timeout=ANSWER) == 0
        assert wait_until_gone(children) == set()
    finally:
        end_all(app, children)


@needs_sigstop
@needs_proc
@pytest.mark.skipif(sys.platform != "linux", reason="the worker dies with its parent on Linux")
def test_an_app_ended_by_sighup_leaves_no_process_even_with_its_worker_stopped() -> None:
    """SIGHUP (a dropped connection) ends the app without any clean-up; a stopped worker cannot
    see its pipe close, and it kept the resource tracker alive too."""
    app, children = app_with_stopped_worker()
    try:
        app.send_signal(signal.SIGHUP)
        assert app.wait(timeout=ANSWER) == -signal.SIGHUP
        assert wait_until_gone(children) == set()
    finally:
        end_all(app, children)


def test_a_queued_request_stops_no_check_and_no_check_stops_it(solver: BackgroundSolver) -> None:
    """The store's proofs (README, "Deals of the day") share the app's one process with the
    dead-end check: a proof waits for the check under way rather than stopping it, and neither a
    later check nor `cancel` stops the proof, whose answer is the solver's whole answer."""
    solver.submit(deal(TURTLE, 5)).result(timeout=ANSWER)
    check = solver.submit(deal(TURTLE, 8))
    proof = solver.submit(long_position(), timeout=None, node_limit=40, queued=True)
    assert check.result(timeout=ANSWER).verdict is Verdict.SOLVABLE
    later = solver.submit(deal(TURTLE, 5))
    solver.cancel()
    newest = solver.submit(deal(TURTLE, 8))
    result = proof.result(timeout=ANSWER)
    assert result.verdict is Verdict.UNDECIDED
    assert result.nodes >= 40  # its playouts spent, not stopped
    assert later.result(timeout=ANSWER).verdict is Verdict.UNDECIDED  # cancelled, as ever
    assert newest.result(timeout=ANSWER).verdict is Verdict.SOLVABLE


def test_shutdown_stops_a_queued_request_too() -> None:
    background = BackgroundSolver()
    background.submit(deal(TURTLE, 5)).result(timeout=ANSWER)
    proof = background.submit(long_position(), timeout=None, queued=True)
    with pytest.raises(concurrent.futures.TimeoutError):  # not the built-in one on 3.10
        proof.result(timeout=1.0)
    started = time.monotonic()
    background.shutdown()
    assert proof.result(timeout=ANSWER).verdict is Verdict.UNDECIDED
    assert time.monotonic() - started < 1.5  # stopped when told, not killed 2 s later
    background.shutdown()
