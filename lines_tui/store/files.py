"""Safe files: one lock per data folder, atomic replacement, and keeping a bad file aside untouched.

Every change is read-modify-write under the folder's lock, so two copies of the game (two SSH
sessions) never lose each other's results. A write goes to a temporary file in the same folder,
is flushed and fsynced, renamed over the old file (os.replace is atomic), and the folder is
fsynced so the rename itself survives a power cut: a reader sees the old file or the new one,
never half of one. Temporary files only exist while their writer holds the lock, so any found
by the next lock holder belong to a writer that died and are removed.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

LOCK_NAME = "lines-tui.lock"
TEMP_SUFFIX = ".tmp"

# Test hook: called with the temporary file half written, so a test can kill the writer there.
mid_write_hook: Callable[[], None] | None = None


@contextlib.contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold the exclusive lock of `folder` (created if missing) for the duration of the block."""
    folder.mkdir(parents=True, exist_ok=True)
    fd = os.open(folder / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        _lock(fd)
        try:
            _remove_stale_temporaries(folder)
            yield
        finally:
            _unlock(fd)
    finally:
        os.close(fd)


if sys.platform == "win32":
    import msvcrt

    def _lock(fd: int) -> None:
        # LK_LOCK gives up after about 10 seconds; a second copy of the game may hold it longer.
        while True:
            try:
                msvcrt.locking(fd, msvcrt.LK_LOCK, 1)
                return
            except OSError:
                continue

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


def _remove_stale_temporaries(folder: Path) -> None:
    for stale in folder.glob(f".*{TEMP_SUFFIX}"):
        with contextlib.suppress(OSError):
            stale.unlink()


def write_atomically(path: Path, text: str) -> None:
    """Replace `path` with `text` (UTF-8) all at once. Call it holding the folder's lock."""
    data = text.encode("utf-8")
    temp = path.with_name(f".{path.name}.{os.getpid()}{TEMP_SUFFIX}")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        half = len(data) // 2
        os.write(fd, data[:half])
        if mid_write_hook is not None:
            mid_write_hook()
        view = memoryview(data)[half:]
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    os.close(fd)
    os.replace(temp, path)
    _sync_folder(path.parent)


def remove(path: Path) -> None:
    """Delete `path` if it exists, durably. Call it holding the folder's lock."""
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
        _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    if sys.platform == "win32":  # Windows cannot open a folder to fsync it; NTFS journals renames.
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def keep_aside(path: Path, label: str) -> Path:
    """Rename `path` (bytes untouched) to `<name>.<label>-<its mtime, UTC>[-n]`; return that.

    The time is the file's own modification time: it says when the bad file was last written,
    and the store needs no clock. Call it holding the folder's lock.
    """
    stamp = dt.datetime.fromtimestamp(path.stat().st_mtime, dt.timezone.utc)
    base = f"{path.name}.{label}-{stamp:%Y%m%dT%H%M%SZ}"
    aside = path.with_name(base)
    number = 1
    while aside.exists():
        number += 1
        aside = path.with_name(f"{base}-{number}")
    os.replace(path, aside)
    _sync_folder(path.parent)
    return aside
