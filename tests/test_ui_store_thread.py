"""The store's thread, through its public seam: calls run in order off the caller's thread, and
the app's end waits for them, but not for ever (README, "When the disk fails")."""

from __future__ import annotations

import subprocess
import sys
import threading
import time

import pytest

from lines_tui.store import StoreError
from lines_tui.ui import store_thread
from lines_tui.ui.store_thread import StoreThread


def test_closing_finishes_the_calls_asked_before() -> None:
    thread = StoreThread()
    done: list[int] = []
    for n in range(5):
        thread.submit(lambda n=n: done.append(n))
    thread.close()
    assert done == [0, 1, 2, 3, 4]
    assert not thread.stuck


def test_closing_gives_up_a_call_the_disk_does_not_finish(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The app waited for ever for a save on a data folder that stopped answering."""
    monkeypatch.setattr(store_thread, "LAST_CALLS_WAIT", 0.2)
    thread = StoreThread()
    never = threading.Event()
    after: list[str] = []
    thread.submit(never.wait)
    thread.submit(lambda: after.append("the last save"))
    try:
        thread.close()
        assert thread.stuck
        assert after == []
        later = thread.submit(lambda: after.append("after the end"))
        with pytest.raises(StoreError, match=r"did not finish within 0\.2 s"):
            later.result()
        assert after == []
    finally:
        never.set()


def test_closing_waits_at_most_its_time_in_all_and_fails_the_calls_it_gave_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The wait was counted per call, so slow calls in a row (a lock another copy holds, each
    save failing after its own wait) held the app's end for their sum; and the calls given up
    still ran after the app had said they would not, or never answered."""
    monkeypatch.setattr(store_thread, "LAST_CALLS_WAIT", 0.3)
    thread = StoreThread()
    ran: list[int] = []

    def slow(n: int) -> None:
        time.sleep(0.1)
        ran.append(n)

    asked = [thread.submit(lambda n=n: slow(n)) for n in range(20)]
    thread.close()
    assert thread.stuck
    given_up = [future for future in asked if isinstance(future.exception(5), StoreError)]
    assert given_up, ran
    assert len(ran) + len(given_up) == 20
    assert [future.exception() for future in asked[: len(ran)]] == [None] * len(ran)


def test_a_call_that_raises_past_exception_leaves_the_thread_serving() -> None:
    """The thread pool it replaced caught everything into the call's future; a KeyboardInterrupt
    raised in a call must not end the thread, leaving the last save unrun and unanswered."""
    thread = StoreThread()

    def interrupted() -> None:
        raise KeyboardInterrupt

    first = thread.submit(interrupted)
    second = thread.submit(lambda: "saved")
    assert isinstance(first.exception(5), KeyboardInterrupt)
    assert second.result(5) == "saved"
    thread.close()
    assert not thread.stuck


STUCK_AT_EXIT = """
import threading
from lines_tui.ui import store_thread
store_thread.LAST_CALLS_WAIT = 0.2
thread = store_thread.StoreThread()
thread.submit(threading.Event().wait)
thread.close()
print("stuck" if thread.stuck else "finished")
"""


def test_a_thread_stuck_on_the_disk_does_not_keep_the_process() -> None:
    """Python waited at exit for the store's thread, stuck on a disk that did not answer."""
    ended = subprocess.run(
        [sys.executable, "-c", STUCK_AT_EXIT], capture_output=True, text=True, timeout=60
    )
    assert (ended.returncode, ended.stdout) == (0, "stuck\n")
