"""The UI's store I/O, off the UI thread: a slow or stuck disk never holds up a key.

One thread does every read and write the screens ask for, in the order they ask: a game saved on
leaving is on disk before the menu reads its summary back, two quick player changes land in the
order they were made, and the app waits for the thread before it exits, so nothing asked to be
saved is lost, unless the disk does not answer for `LAST_CALLS_WAIT` seconds (a hung network
folder): then it exits without them, saying so, rather than never. Screens get the results back
on the UI thread through a Textual worker of their own, so leaving a screen cancels what it still
waited for (README, "What happens when the folder is not as expected"). A call that fails in a
way the store does not tell (a bug) comes back as a StoreError too, `UnexpectedError`: the
screens tell it as they tell the store's own failures, and the app goes on (README, "When
something unexpected fails").
"""

from __future__ import annotations

import asyncio
import queue
import threading
import time
import traceback
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from textual.dom import DOMNode
from textual.worker import Worker

from lines_tui.store import Store, StoreError

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing's from Python 3.11

    from lines_tui.store.schema import PreferenceChanges

T = TypeVar("T")


class UnexpectedError(StoreError):
    """A store call failed other than the store says it can (a bug, an OSError it did not wrap,
    a file it could not decode): told by the error's type and message ("RuntimeError: ..."),
    the original its `__cause__`."""

    def __init__(self, error: Exception) -> None:
        told = str(error)
        super().__init__(f"{type(error).__name__}: {told}" if told else type(error).__name__)


LAST_CALLS_WAIT = 10.0
"""Seconds the app, ending, waits at most for the store calls asked before (a game's last save),
and leaving a game for its save: a write to a working disk takes milliseconds, one to a slow
network folder a few seconds."""


class StoreThread:
    """The one thread that runs the UI's store calls, first asked, first done."""

    def __init__(self, after_each: Callable[[], object] = lambda: None) -> None:
        """`after_each()` runs on the thread after every call, whatever its outcome: any call
        may find a damaged file, which the store sets aside and warns of (the app tells it)."""
        self._calls: queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]] | None] = (
            queue.SimpleQueue()
        )
        self._closed = False
        self._closing = threading.Lock()
        """Held while a call is queued or the end is: none is queued after the end."""
        self._busy_since: float | None = None
        self.stuck = False
        """Whether `close` stopped waiting for calls not finished in time (`LAST_CALLS_WAIT`):
        those not started fail without running, and later calls fail at once."""
        self._after_each = after_each
        self.unexpected: dict[str, int] = {}
        """The traceback of each `UnexpectedError` so far, and how many times it came: for
        standard error once the app has ended (`Session.unexpected_failures`)."""
        # A daemon thread, started once the fields it reads are there: one stuck on a disk that
        # does not answer must not keep the process from exiting once `close` gave up on it.
        self._thread = threading.Thread(target=self._serve, name="lines-tui-store", daemon=True)
        self._thread.start()

    def submit(self, call: Callable[[], T]) -> Future[T]:
        """Run `call()` after everything asked before it. Once the thread is closed (the app
        has ended) it runs at once, on the caller's thread: a last save still happens, unless
        the disk is `stuck`."""
        done: Future[T] = Future()
        with self._closing:
            if not self._closed:
                self._calls.put((done, call))
                return done
        if self.stuck:
            done.set_exception(StoreError(not_answering()))
        else:
            try:
                done.set_result(self._told(call))
            except Exception as error:  # the caller's future carries it, as the thread's would
                done.set_exception(error)
        return done

    def _serve(self) -> None:
        while (asked := self._calls.get()) is not None:
            done, call = asked
            if not done.set_running_or_notify_cancel():
                continue  # its waiter went away before it started
            if self.stuck:
                done.set_exception(StoreError(not_answering()))
                continue
            self._busy_since = time.monotonic()
            try:
                done.set_result(self._followed(call))
            except BaseException as error:  # as a thread pool does: the thread serves on
                done.set_exception(error)
            finally:
                self._busy_since = None

    def _followed(self, call: Callable[[], T]) -> T:
        try:
            return self._told(call)
        finally:
            self._after_each()

    def _told(self, call: Callable[[], T]) -> T:
        """`call()`, whose every failure is a StoreError: one the store did not raise as such
        is an UnexpectedError, its traceback kept (`unexpected`). Every screen waiting for an
        answer gets one it knows, so none is left waiting and the app does not end."""
        try:
            return call()
        except StoreError:
            raise
        except Exception as error:
            told = "".join(traceback.format_exception(error))
            self.unexpected[told] = self.unexpected.get(told, 0) + 1
            raise UnexpectedError(error) from error

    async def run(self, call: Callable[[], T]) -> T:
        """`call()`'s result, awaited from the UI thread; cancelling the wait drops a call that
        has not started yet (only reads are asked for this way)."""
        return await asyncio.wrap_future(self.submit(call))

    async def idle(self) -> None:
        """Wait until everything asked so far is done."""
        await self.run(lambda: None)

    def close(self) -> None:
        """The app is ending: finish every call asked for (a game's last save), then stop; but
        wait `LAST_CALLS_WAIT` seconds at most, and not at all for a call that has run that long
        already (the player agreed to lose a game whose save it held up). Then the calls left
        are given up (`stuck`)."""
        with self._closing:
            self._closed = True
            self._calls.put(None)
        deadline = time.monotonic() + LAST_CALLS_WAIT
        while self._thread.is_alive():
            now, since = time.monotonic(), self._busy_since
            if now >= deadline or (since is not None and now - since >= LAST_CALLS_WAIT):
                self.stuck = True
                return
            self._thread.join(min(deadline - now, 0.05))


def not_answering() -> str:
    """Why the store calls left when `close` gave up were not done, or may not be."""
    return (
        f"the last saves did not finish within {LAST_CALLS_WAIT:g} s (is the data folder"
        " answering?): lines-tui ended without waiting for them, so they may not be on disk"
    )


def unfinished_save() -> str:
    """Why leaving asks to lose a game whose save has not finished in the time the app,
    ending, would wait for it: the reason is not known (a disk that does not answer, or calls
    asked before it that are slow)."""
    return f"its save has not finished after {LAST_CALLS_WAIT:g} s"


def load(
    node: DOMNode,
    thread: StoreThread,
    read: Callable[[], T],
    show: Callable[[T], None],
    failed: Callable[[StoreError], None],
    *,
    group: str,
) -> Worker[None]:
    """`read()` on the store thread, then `show(result)` on the UI thread, or `failed(error)` if
    the store fails (or anything else does: `UnexpectedError`). A newer load of the same
    `group` on `node` replaces this one, and `node` going away cancels it: a stale result is
    never shown."""

    return node.run_worker(
        partial(_answer, node, lambda: thread.run(read), show, failed),
        group=group,
        exclusive=True,
    )


def write(
    node: DOMNode,
    thread: StoreThread,
    change: Callable[[], T],
    done: Callable[[T], None],
    failed: Callable[[StoreError], None],
) -> Worker[None]:
    """`change()` on the store thread, asked for now and never dropped (leaving `node` only
    cancels the answer); then `done(result)` or `failed(error)` on the UI thread."""
    asked = asyncio.wrap_future(thread.submit(change))
    # An answer nobody waits for any more (the app is ending) still has its error looked at,
    # or asyncio prints it as a traceback on the way out.
    asked.add_done_callback(_looked_at)

    return node.run_worker(
        partial(_answer, node, lambda: asyncio.shield(asked), done, failed), group="store-write"
    )


async def _answer(
    node: DOMNode,
    asked: Callable[[], Awaitable[T]],
    show: Callable[[T], None],
    failed: Callable[[StoreError], None],
) -> None:
    """Await the store thread's answer, then hand it on, unless `node` is going away."""
    try:
        result = await asked()
    except StoreError as error:
        if still_there(node):
            failed(error)
        return
    if still_there(node):
        show(result)


def _looked_at(answer: asyncio.Future[Any]) -> None:
    if not answer.cancelled():
        answer.exception()


def still_there(node: DOMNode) -> bool:
    """`node` has not begun to go away: a screen being dismissed has lost its widgets before
    its workers are cancelled (Textual's `display` turns False while a node is removed)."""
    return node is node.app or (node.is_attached and node.display)


def keep_preferences(
    node: DOMNode,
    thread: StoreThread,
    store: Store,
    now: str,
    *,
    for_run_only: Callable[[], None] = lambda: None,
    **changes: Unpack[PreferenceChanges],
) -> None:
    """Keep changed settings for the next start (`Store.change_preferences`), written on the
    store's `thread`. A failure is told on `node`'s app, naming the setting as it is `now` for
    this run ("Symbols on"), so the player knows which one the next start will not have; then
    `for_run_only()`: the setting holds for this run, whatever is kept."""

    def failed(error: StoreError) -> None:
        node.app.notify(not_kept(now, error), severity="error")
        for_run_only()

    write(node, thread, lambda: store.change_preferences(**changes), _kept, failed)


def not_kept(now: str, error: StoreError) -> str:
    """What a setting that could not be written says: it holds for this run only, and why."""
    return f"{now} for this run; the setting could not be kept: {error}"


def _kept(_: None) -> None:
    """A kept setting needs no answer."""
