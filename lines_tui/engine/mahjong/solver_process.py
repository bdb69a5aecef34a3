"""The solver in a process of its own, so a long search never holds the UI's interpreter lock.

One worker process (started with the 'spawn' method: forking a process that runs threads is
unsafe) serves one check at a time and is reused between checks, because starting it costs a
tenth of a second or more. Every check gets a number; a shared counter holds the highest number
that is cancelled, and the search polls it between playouts, so `submit` (which cancels the check
before it) and `cancel` stop a running search within milliseconds. A stopped check resolves as
"undecided".

A request may also be `queued` (the proofs behind the leaderboards' deals of the day, asked for by
the store's thread): it waits its turn instead of stopping the check before it, and neither a
later check nor `cancel` stops it, so its answer is the solver's whole answer within its own
bounds; only `shutdown` (or the process's end) does, and it then resolves "undecided" as well.

The app keeps one of these for all its Mahjong screens: the process starts with the first check
and is ended by `shutdown(wait=False)` when the app closes, which returns at once (the process is
told to stop and joined by a thread of its own), so no key ever waits for it. Every wait for the
process is bounded: one that has not stopped `STOP_WAIT` seconds after it was told to (stuck, or
stopped by SIGSTOP) is killed, so ending it never hangs and never leaves it behind. On Linux the
process also dies with the app's process, however that ends (SIGKILL ends the app without any
clean-up).
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext, SpawnContext
from multiprocessing.process import BaseProcess
from multiprocessing.sharedctypes import Synchronized

from lines_tui.engine.mahjong.position import Position
from lines_tui.engine.mahjong.solver import Pair, SolveResult, Verdict, solve

STOP_WAIT = 2.0
"""Seconds the worker process gets to stop once told to (it takes milliseconds) before it is
killed, and then to be gone."""


@dataclass(frozen=True)
class _Request:
    number: int
    tiles: tuple[tuple[int, int, int, str], ...]
    removed: tuple[int, ...]
    previous: tuple[Pair, ...] | None
    timeout: float | None
    node_limit: int | None
    queued: bool = False


@dataclass(frozen=True)
class _Reply:
    number: int
    result: SolveResult | None
    error: str = ""


_STOP = None
"""The message that tells the worker process to end."""

_EVERYTHING = 2**62
"""The cancelled number that stops every request, queued ones too (`shutdown`)."""


class _Outbox:
    """The next messages for the worker process, sent in order by a thread of its own. Only the
    newest check matters (each cancels the one before), so one not sent yet is replaced rather
    than queued; queued requests wait their turn, and `_STOP` replaces everything. A worker that
    stops reading (stuck, or stopped by SIGSTOP) fills its pipe, and then only that thread waits
    on it, never the caller, and never for more than one check (and the queued requests, one at
    a time from the store's thread)."""

    def __init__(self) -> None:
        self._ready = threading.Condition()
        self._messages: list[_Request | None] = []

    def put(self, message: _Request | None) -> list[_Request]:
        """Post `message` (a request, or `_STOP`); the requests it replaces, not sent yet."""
        with self._ready:
            waiting = self._messages
            if message is None:  # the requests still owed were resolved before it
                kept: list[_Request | None] = []
            elif message.queued:
                kept = waiting
            else:
                kept = [m for m in waiting if m is None or m.queued]
            self._messages = [*kept, message]
            self._ready.notify()
        return [m for m in waiting if m is not None and m not in kept]

    def take(self) -> _Request | None:
        with self._ready:
            self._ready.wait_for(lambda: bool(self._messages))
            return self._messages.pop(0)


@dataclass(frozen=True)
class _Worker:
    """The worker process and what the solver shares with it. Held, and dropped, together: the
    shared counter's semaphore is found by name as the process starts, so it must outlive a
    process ended before it had started."""

    process: BaseProcess
    connection: Connection
    outbox: _Outbox
    cancelled: Synchronized[int]


class BackgroundSolver:
    """Runs `solve` in a worker process; see the module's description."""

    def __init__(self, method: str = "spawn") -> None:
        self._context: SpawnContext | ForkServerContext = (
            multiprocessing.get_context("forkserver")
            if method == "forkserver"
            else multiprocessing.get_context("spawn")
        )
        self._lock = threading.Lock()
        self._worker: _Worker | None = None
        self._owed_since: float | None = None
        self._pending: dict[int, Future[SolveResult]] = {}
        self._number = 0

    def submit(
        self,
        position: Position,
        previous: Sequence[Pair] | None = None,
        timeout: float | None = 10.0,
        node_limit: int | None = None,
        *,
        queued: bool = False,
    ) -> Future[SolveResult]:
        """Check `position` in the worker process, stopping the check before it. `previous` is
        the last winning sequence (pairs of tile indices), which the solver tries to repair;
        `timeout` and `node_limit` bound the search as in `solve`. `queued`: stop nothing, and be
        stopped only by `shutdown`; the request waits for those before it (module description)."""
        future: Future[SolveResult] = Future()
        tiles = tuple(
            (x, y, z, face) for (x, y, z), face in zip(position.slots, position.faces, strict=True)
        )
        with self._lock:
            if not queued:
                self._cancel_locked()
            self._number += 1
            request = _Request(
                self._number,
                tiles,
                tuple(sorted(position.removed)),
                None if previous is None else tuple((int(a), int(b)) for a, b in previous),
                timeout,
                node_limit,
                queued,
            )
            try:
                outbox = self._ensure_started()
            except OSError as error:
                future.set_exception(RuntimeError(f"the solver process failed: {error}"))
                return future
            self._pending[request.number] = future
            if self._owed_since is None:
                self._owed_since = time.monotonic()
            for unsent in outbox.put(request):  # cancelled before it was even sent
                self._resolve_undecided(self._pending.pop(unsent.number, None))
        return future

    def cancel(self) -> None:
        """Stop the running check promptly (it resolves "undecided"); the process stays up.
        Queued requests go on."""
        with self._lock:
            self._cancel_locked()

    def shutdown(self, wait: bool = True) -> None:
        """Stop any check (it resolves "undecided") and end the worker process, killing it if it
        does not stop (at most twice `STOP_WAIT`); a later check starts a new one. `wait=False`
        returns at once and leaves the ending to a thread of its own."""
        with self._lock:
            self._cancel_locked(everything=True)
            ending = self._detach_locked()
        if wait:
            _end_process(ending)
        else:
            _end_in_background(ending)

    @property
    def silent_since(self) -> float | None:
        """Since when (`time.monotonic()`) the worker process has owed an answer without giving
        any, or None if it owes none. A healthy one answers every request, a cancelled one in
        milliseconds, so a long silence means it hangs, however many checks were asked since."""
        with self._lock:
            return self._owed_since

    @property
    def pid(self) -> int | None:
        """The worker process's id while it is alive (one process serves every check)."""
        worker = self._worker
        return worker.process.pid if worker is not None and worker.process.is_alive() else None

    @property
    def running(self) -> bool:
        """Whether the worker process is alive."""
        worker = self._worker
        return worker is not None and worker.process.is_alive()

    # -- inside the lock -----------------------------------------------------------------------

    def _cancel_locked(self, *, everything: bool = False) -> None:
        if self._worker is not None:
            self._worker.cancelled.value = _EVERYTHING if everything else self._number

    def _ensure_started(self) -> _Outbox:
        if self._worker is not None and self._worker.process.is_alive():
            return self._worker.outbox
        _end_process(self._detach_locked())
        ours, theirs = self._context.Pipe()
        cancelled = self._context.Value("q", self._number - 1)
        process = self._context.Process(
            target=_serve,
            args=(theirs, cancelled, os.getpid()),
            name="lines-tui-solver",
            daemon=True,
        )
        with born_deaf_to_ctrl_c():
            process.start()
        theirs.close()
        outbox = _Outbox()
        self._worker = _Worker(process, ours, outbox, cancelled)
        threading.Thread(
            target=self._read, args=(ours,), name="lines-tui-solver-replies", daemon=True
        ).start()
        threading.Thread(
            target=self._send, args=(ours, outbox), name="lines-tui-solver-requests", daemon=True
        ).start()
        return outbox

    def _detach_locked(self) -> _Worker | None:
        """Forget the worker process (to be ended by `_end_process`, outside the lock)."""
        ending, self._worker = self._worker, None
        self._owed_since = None
        # Every check was cancelled first, and a cancelled check is undecided.
        self._fail_pending(None)
        return ending

    def _fail_pending(self, reason: str | None) -> None:
        pending, self._pending = self._pending, {}
        for future in pending.values():
            if reason is None:
                self._resolve_undecided(future)
            elif not future.done():
                future.set_exception(RuntimeError(reason))

    @staticmethod
    def _resolve_undecided(future: Future[SolveResult] | None) -> None:
        if future is not None and not future.done():
            future.set_result(SolveResult(Verdict.UNDECIDED, (), 0, 0.0))

    # -- the request thread --------------------------------------------------------------------

    def _send(self, connection: Connection, outbox: _Outbox) -> None:
        while True:
            message = outbox.take()
            try:
                connection.send(message)
            except (OSError, ValueError) as error:
                self._lost(connection, f"the solver process failed: {error}")
                return
            if message is _STOP:
                return

    # -- the reply thread ----------------------------------------------------------------------

    def _read(self, connection: Connection) -> None:
        while True:
            try:
                reply = connection.recv()
            except (EOFError, OSError, TypeError):
                # TypeError: the connection was closed under a recv already begun (the worker
                # ended by `_end_process`), whose read then gets no handle. Uncaught, its
                # traceback went to standard error, the terminal the app draws on.
                break
            if not isinstance(reply, _Reply):
                continue
            with self._lock:
                future = self._pending.pop(reply.number, None)
                self._owed_since = time.monotonic() if self._pending else None
            if future is None or future.done():
                continue
            if reply.result is not None:
                future.set_result(reply.result)
            else:
                future.set_exception(RuntimeError(reply.error))
        self._lost(connection, "the solver process ended")

    def _lost(self, connection: Connection, reason: str) -> None:
        """The worker process of `connection` can no longer be reached: its checks fail with
        `reason`, and it is detached and ended, as a shutdown does (so its silence is no longer
        counted against the next one). Nothing if it was ended on purpose already."""
        with self._lock:
            if self._worker is None or self._worker.connection is not connection:
                return
            self._fail_pending(reason)
            ending = self._detach_locked()
        _end_in_background(ending)


def _end_process(worker: _Worker | None) -> None:
    """Ask the worker process to stop, then make sure it has: one that has not stopped within
    `STOP_WAIT` is killed, since SIGTERM never reaches a stopped process (and multiprocessing's
    exit handler would then wait for it forever)."""
    if worker is None:
        return
    worker.outbox.put(_STOP)
    worker.process.join(timeout=STOP_WAIT)
    if worker.process.is_alive():
        worker.process.kill()
        worker.process.join(timeout=STOP_WAIT)
    worker.connection.close()


def _end_in_background(ending: _Worker | None) -> None:
    """`_end_process` on a thread of its own, so no caller waits for it. Not a daemon thread:
    the interpreter waits for it (twice `STOP_WAIT` at most) before it exits, so the process is
    gone before multiprocessing's exit handler, which waits without a limit, looks for it."""
    threading.Thread(target=_end_process, args=(ending,), name="lines-tui-solver-end").start()


def _is_cancelled(cancelled: Synchronized[int], number: int) -> bool:
    return bool(cancelled.value >= number)


_PR_SET_PDEATHSIG = 1
"""prctl(2): the signal the kernel sends this process when the thread that started it ends."""


def die_with_parent(parent: int) -> None:
    """Linux: be killed when the process `parent` that started this one ends, however it ends
    (SIGKILL allows no clean-up), even when stopped (SIGSTOP), which no closed pipe can wake.
    Strictly, when the thread that started it ends: the app starts its solver process from its
    event loop's thread, which lasts as long as the app (a worker started from a thread that
    ends sooner ends with it, and the next check starts another); the survey starts its
    workers from its main thread."""
    if sys.platform != "linux":
        return
    ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the app ended before the line above
        os._exit(0)


@contextlib.contextmanager
def born_deaf_to_ctrl_c() -> Iterator[None]:
    """SIGINT blocked in this thread while the block starts processes: a signal mask is
    inherited through fork and exec, and Python unblocks nothing as it starts, so each process
    is born with ctrl+c blocked until it ignores it for good. One still starting (unpickling,
    importing, before it could ignore SIGINT) ended in a KeyboardInterrupt's traceback, across
    the app's board or the survey's last line. Blocked, not ignored, in this thread: a SIGINT
    meanwhile is not lost but waits for the block's end. Where there are no signal masks
    (Windows), it does nothing.

    multiprocessing's resource tracker unblocks SIGINT in this thread when it starts (its own
    start is guarded the same way): start it before the block (a shared value or lock does)."""
    with signals_blocked({signal.SIGINT}):
        yield


@contextlib.contextmanager
def signals_blocked(signums: set[signal.Signals]) -> Iterator[None]:
    """`signums` blocked in this thread for the block, then the mask as it was; nothing where
    there are no signal masks (Windows)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, signums)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _serve(connection: Connection, cancelled: Synchronized[int], parent: int) -> None:
    """The worker process: answer requests until told to stop (None) or the pipe closes."""
    die_with_parent(parent)
    # The app stops checks and ends this process itself; a SIGINT sent from outside (`kill
    # -INT`) raised KeyboardInterrupt in the search, whose traceback this process, writing
    # to the app's terminal, printed across the board. (Born with it blocked,
    # `born_deaf_to_ctrl_c`, it has none pending: ignored, one is dropped.)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            request = connection.recv()
        except (EOFError, OSError):
            return
        if not isinstance(request, _Request):
            return
        should_stop = functools.partial(
            _is_cancelled, cancelled, _EVERYTHING if request.queued else request.number
        )
        try:
            position = Position(
                tuple((x, y, z) for x, y, z, _ in request.tiles),
                tuple(face for _, _, _, face in request.tiles),
                frozenset(request.removed),
            )
            if should_stop():
                result = SolveResult(Verdict.UNDECIDED, (), 0, 0.0)
            else:
                result = solve(
                    position,
                    timeout=request.timeout,
                    node_limit=request.node_limit,
                    should_stop=should_stop,
                    previous=request.previous,
                )
            reply = _Reply(request.number, result)
        except Exception as error:  # report, never die silently: the UI shows "undecided"
            reply = _Reply(request.number, None, f"{type(error).__name__}: {error}")
        try:
            connection.send(reply)
        except (OSError, ValueError):
            return
