"""The store's thread, through its public seam: calls run in order off the caller's thread, and
the app's end waits for them, but not for ever (README, "When the disk fails")."""

from __future__ import annotations

import subprocess
import sys
import threading

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
        with pytest.raises(StoreError, match=r"did not answer for 0\.2 s"):
            later.result()
        assert after == []
    finally:
        never.set()


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
