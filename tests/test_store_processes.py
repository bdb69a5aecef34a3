"""The store across processes: two writers at once lose nothing; a writer killed mid-write
leaves the previous file intact and readable."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from lines_tui.store import open_store

ENTRIES_EACH = 200
START = 1_700_000_000.0

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="uses POSIX signals")

WRITER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from lines_tui.store import open_store
    folder, player, go = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3])
    store = open_store(folder, table_limit=10_000)
    while not go.exists():
        time.sleep(0.001)
    for i in range({count}):
        outcome = store.record_lines(player, 9, 1 + i, i, {start}, {start} + 60)
        assert outcome.saved, outcome
    """
).format(count=ENTRIES_EACH, start=START)

KILLED_WRITER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from lines_tui.store import files, open_store
    folder, marker = Path(sys.argv[1]), Path(sys.argv[2])

    def pause():
        marker.touch()
        time.sleep(60)

    files.mid_write_hook = pause
    open_store(folder).record_lines("Ann", 9, 999_999, 5, {start}, {start} + 60)
    """
).format(start=START)


def python(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", *args], stderr=subprocess.PIPE)


@pytest.fixture
def fast_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder on tmpfs when there is one: fsync costs nothing there, and the 400 locked
    read-modify-write cycles test the locking, not the disk (the other test uses the disk)."""
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield tmp_path
        return
    with tempfile.TemporaryDirectory(dir=shm) as folder:
        yield Path(folder)


def test_two_processes_adding_200_entries_each_at_once_keep_all_400(fast_folder: Path) -> None:
    folder, go = fast_folder / "data", fast_folder / "go"
    store = open_store(folder, table_limit=10_000)
    store.add_player("Ann")
    store.add_player("Bob")
    writers = [python(WRITER, str(folder), name, str(go)) for name in ("Ann", "Bob")]
    time.sleep(0.3)  # both have started and opened the store
    go.touch()
    for writer in writers:
        _, err = writer.communicate(timeout=120)
        assert writer.returncode == 0, err.decode()
    entries = open_store(folder, table_limit=10_000).table("lines-9")
    assert len(entries) == 2 * ENTRIES_EACH
    assert {(e.name, e.seed) for e in entries} == {
        (name, i) for name in ("Ann", "Bob") for i in range(ENTRIES_EACH)
    }
    assert [e.value for e in open_store(folder).table("lines-9")] == [200, 200] + [
        v for v in range(199, 195, -1) for _ in range(2)
    ]


def test_a_writer_killed_in_the_middle_of_a_write_leaves_the_old_file_intact(
    tmp_path: Path,
) -> None:
    folder, marker = tmp_path / "data", tmp_path / "paused"
    store = open_store(folder)
    store.add_player("Ann")
    assert store.record_lines("Ann", 9, 100, 1, START, START + 60).saved
    before = (folder / "scores.json").read_bytes()

    writer = python(KILLED_WRITER, str(folder), str(marker))
    deadline = time.monotonic() + 30
    while not marker.exists():
        assert writer.poll() is None, writer.communicate()[1].decode()
        assert time.monotonic() < deadline, "the writer never reached the middle of its write"
        time.sleep(0.01)
    assert list(folder.glob(".scores.json.*.tmp")), "the half-written temporary file exists"
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait(timeout=10)

    assert (folder / "scores.json").read_bytes() == before
    reopened = open_store(folder)
    assert reopened.warnings == []
    assert [e.value for e in reopened.table("lines-9")] == [100]
    # The dead writer's lock went with it, and its temporary file is cleaned up by the next one.
    assert reopened.record_lines("Ann", 9, 200, 2, START, START + 60).saved
    assert not list(folder.glob(".*.tmp"))
    assert [e.value for e in open_store(folder).table("lines-9")] == [200, 100]
