"""Safe files: one lock per data folder, atomic replacement, and keeping a bad file aside untouched.

Every change is read-modify-write under the folder's exclusive lock, so two copies of the game
(two SSH sessions) never lose each other's results; readers share the lock. A write goes to a
temporary file beside the file it replaces, is flushed and fsynced, renamed over the old file
(os.replace is atomic), and the folder is fsynced so the rename itself survives a power cut: a
reader sees the old file or the new one, never half of one. Temporary files only exist while
their writer holds the lock, so any found by the next lock holder belong to a writer that died and
are removed.

What cannot go wrong here:
- waiting for the lock is bounded: after `lock_wait` seconds the request is refused (BUSY), and
  the calls of one batch (`one_lock_wait`: the menu's reads) wait that long in all, not each;
- only regular files are read or replaced: a FIFO, a device or a folder in a data file's place is
  refused instead of blocking or being clobbered;
- a data file that is a symbolic link (a dotfiles setup) is written through to the link's target;
  the link stays;
- a folder that cannot be written to can still be read: the readers' lock is opened read-only,
  and without any lock file the read goes ahead (a reader always sees a whole file);
- every failure of the operating system is a StoreError with one line naming the file.

Every call may be made from any thread: each takes its own lock (a new open file description, so
two threads of one process exclude each other as two processes do).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import errno
import os
import re
import stat
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from lines_tui.engine.text_file import NO_WAIT, irregular
from lines_tui.engine.visible_text import spelled_out
from lines_tui.store.errors import StoreError

LOCK_NAME = "lines-tui.lock"
TEMP_SUFFIX = ".tmp"
_OWN_TEMPORARY = re.compile(r"\.[^/]+\.json\.\d+" + re.escape(TEMP_SUFFIX))
LOCK_WAIT_SECONDS = 5.0
TRY_AGAIN = "; try again"
BUSY = f"another lines-tui is writing the data folder{TRY_AGAIN}"
_READ_ONLY_ERRORS = frozenset({errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOENT})
_NO_INHERIT = getattr(os, "O_CLOEXEC", 0)

# Test hook: called with the temporary file half written, so a test can kill the writer there.
mid_write_hook: Callable[[], None] | None = None


class FileSystem:
    """The operating-system calls the store makes, in one object so that a test can make any of
    them fail on purpose (tests/conftest.py: `FaultyFileSystem`). The real one calls `os`."""

    def open(self, path: Path, flags: int) -> int:
        return os.open(path, flags | _NO_INHERIT, 0o644)

    def read(self, fd: int, size: int) -> bytes:
        return os.read(fd, size)

    def write(self, fd: int, data: memoryview) -> int:
        return os.write(fd, data)

    def fsync(self, fd: int) -> None:
        os.fsync(fd)

    def replace(self, source: Path, target: Path) -> None:
        os.replace(source, target)

    def unlink(self, path: Path) -> None:
        path.unlink()

    def make_folder(self, path: Path) -> None:
        path.mkdir(parents=True, exist_ok=True)

    def modified(self, path: Path) -> float:
        """When `path` was last written (seconds since the epoch; any float its file system
        holds, past year 9999 on tmpfs, btrfs or XFS)."""
        return path.stat().st_mtime

    def try_lock(self, fd: int, exclusive: bool) -> bool:
        """Take the lock on `fd` if it is free now; False if another holder has it."""
        return _try_lock(fd, exclusive)

    def unlock(self, fd: int) -> None:
        _unlock(fd)


def _keep_permissions(fd: int, target: Path) -> None:
    """The new file gets the permissions of the one it replaces: a player who made scores.json
    private keeps it private."""
    if not hasattr(os, "fchmod"):  # Windows: no POSIX permissions to keep
        return
    with contextlib.suppress(OSError):  # nothing there yet, or a file system without modes
        os.fchmod(fd, stat.S_IMODE(os.stat(target).st_mode))


if sys.platform == "win32":
    import msvcrt

    def _try_lock(fd: int, exclusive: bool) -> bool:
        # msvcrt has no shared lock: readers take the exclusive one too (they hold it briefly).
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int, exclusive: bool) -> bool:
        try:
            fcntl.flock(fd, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


class _LockWaits(threading.local):
    """This thread's open `one_lock_wait` blocks, and how long their calls have waited for the
    lock so far."""

    depth = 0
    waited = 0.0


_lock_waits = _LockWaits()


@contextlib.contextmanager
def one_lock_wait() -> Iterator[None]:
    """The store calls of the block, made on this thread, wait for a busy lock `lock_wait`
    seconds in all, not each: a batch of reads (the menu's: the scores, both saved games and the
    settings) that finds the folder held by another copy is refused after one wait, not one per
    file. Once that time is spent, each later call of the block tries the lock once (it is taken
    if free). A block inside another is part of it."""
    waits = _lock_waits
    if waits.depth == 0:
        waits.waited = 0.0
    waits.depth += 1
    try:
        yield
    finally:
        waits.depth -= 1


class DataFolder:
    """The data folder's files, reached only through the lock; see the module's promises."""

    def __init__(
        self,
        path: Path,
        fs: FileSystem | None = None,
        lock_wait: float = LOCK_WAIT_SECONDS,
    ) -> None:
        self.path = path
        self.fs = fs if fs is not None else FileSystem()
        self.lock_wait = lock_wait

    # -- the lock ------------------------------------------------------------------------------

    @contextlib.contextmanager
    def locked(self, *, write: bool) -> Iterator[None]:
        """Hold the folder's lock for the block: exclusive to write (the folder is created if
        missing), shared to read. A folder that cannot be written to is read without one."""
        fd = self._open_lock(write)
        if fd is None:
            yield
            return
        try:
            self._wait_for_lock(fd, write)
            try:
                if write:
                    self._remove_stale_temporaries()
                yield
            finally:
                with contextlib.suppress(OSError):
                    self.fs.unlock(fd)
        finally:
            os.close(fd)

    def _open_lock(self, write: bool) -> int | None:
        lock = self.path / LOCK_NAME
        if write:
            try:
                self.fs.make_folder(self.path)
            except OSError as error:
                raise StoreError(_problem(self.path, error, "cannot write to")) from None
        try:
            if write:
                fd = self.fs.open(lock, os.O_RDWR | os.O_CREAT | NO_WAIT)
            else:
                fd = self.fs.open(lock, os.O_RDONLY | NO_WAIT)
        except OSError as error:
            if not write and error.errno in _READ_ONLY_ERRORS:
                return None  # no lock file, or none we may open: read anyway
            doing = "cannot write to" if write else "cannot read"
            raise StoreError(_problem(_lock_blamed(lock, error), error, doing)) from None
        try:
            _check_regular(fd, lock)
        except StoreError:
            os.close(fd)
            raise
        return fd

    def _wait_for_lock(self, fd: int, write: bool) -> None:
        """Take the lock on `fd`, waiting `lock_wait` seconds at most for it, or what is left of
        them in a `one_lock_wait` block; StoreError (BUSY) if it is still taken then."""
        waits = _lock_waits
        started = time.monotonic()
        deadline = started + self.lock_wait - (waits.waited if waits.depth else 0.0)
        pause = 0.005
        try:
            while not self.fs.try_lock(fd, write):
                now = time.monotonic()
                if now >= deadline:
                    raise StoreError(BUSY)
                time.sleep(min(pause, deadline - now))
                pause = min(pause * 2, 0.1)
        except OSError as error:
            raise StoreError(_problem(self.path / LOCK_NAME, error)) from None
        finally:
            if waits.depth:
                waits.waited += time.monotonic() - started

    def _remove_stale_temporaries(self) -> None:
        """Remove what a write cut short left (`_replace`'s `.<file>.<pid>.tmp`), and nothing
        else: the folder may be one the player shares with other files."""
        for stale in self.path.glob(f".*{TEMP_SUFFIX}"):
            if _OWN_TEMPORARY.fullmatch(stale.name):
                with contextlib.suppress(OSError):
                    self.fs.unlink(stale)

    # -- files (call these holding the lock) ---------------------------------------------------

    def read(self, path: Path, limit: int) -> bytes | None:
        """Up to `limit` + 1 bytes of `path`; None if there is no such file. StoreError if it is
        not a regular file or cannot be read."""
        try:
            fd = self.fs.open(path, os.O_RDONLY | NO_WAIT)
        except FileNotFoundError:
            return None
        except OSError as error:
            raise StoreError(_problem(path, error)) from None
        try:
            _check_regular(fd, path)
            chunks: list[bytes] = []
            wanted = limit + 1
            while wanted > 0:
                chunk = self.fs.read(fd, wanted)
                if not chunk:
                    break
                chunks.append(chunk)
                wanted -= len(chunk)
            return b"".join(chunks)
        except OSError as error:
            raise StoreError(_problem(path, error)) from None
        finally:
            os.close(fd)

    def write_atomically(self, path: Path, text: str) -> None:
        """Replace `path` (its target, if it is a symbolic link) with `text` (UTF-8) all at
        once. Call it holding the folder's exclusive lock."""
        target = Path(os.path.realpath(path))
        try:
            self._replace(target, text.encode("utf-8"))
        except OSError as error:
            raise StoreError(_problem(target, error, "cannot write")) from None

    def _replace(self, target: Path, data: bytes) -> None:
        temp = target.with_name(f".{target.name}.{os.getpid()}{TEMP_SUFFIX}")
        fd = self.fs.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        try:
            _keep_permissions(fd, target)
            half = len(data) // 2
            self._write_all(fd, memoryview(data)[:half])
            if mid_write_hook is not None:
                mid_write_hook()
            self._write_all(fd, memoryview(data)[half:])
            self.fs.fsync(fd)
            os.close(fd)
            fd = -1
            self.fs.replace(temp, target)
        except BaseException:
            if fd >= 0:
                os.close(fd)
            with contextlib.suppress(OSError):
                self.fs.unlink(temp)
            raise
        self._sync_folder(target.parent)

    def _write_all(self, fd: int, view: memoryview) -> None:
        while view:
            view = view[self.fs.write(fd, view) :]

    def remove(self, path: Path) -> None:
        """Delete `path` if it exists, durably. Call it holding the folder's exclusive lock."""
        try:
            self.fs.unlink(path)
        except FileNotFoundError:
            return
        except OSError as error:
            raise StoreError(_problem(path, error, "cannot remove")) from None
        self._sync_folder(path.parent)

    def keep_aside(self, path: Path, label: str) -> Path:
        """Rename `path` (bytes untouched) to `<name>.<label>-<its mtime, UTC>[-n]`; return that.
        Never a symbolic link's target, which may be any file on the machine (`data_files`
        leaves a damaged one as it is).

        The time is the file's own modification time: it says when the bad file was last
        written, and the store needs no clock. Call it holding the folder's exclusive lock.
        """
        try:
            base = f"{path.name}.{label}-{_stamp(self.fs.modified(path))}"
            aside = path.with_name(base)
            number = 1
            while aside.exists():
                number += 1
                aside = path.with_name(f"{base}-{number}")
            self.fs.replace(path, aside)
        except OSError as error:
            raise StoreError(_problem(path, error, "cannot move aside")) from None
        self._sync_folder(path.parent)
        return aside

    def _sync_folder(self, folder: Path) -> None:
        if sys.platform == "win32":  # Windows cannot open a folder to fsync it; NTFS journals it.
            return
        try:
            fd = self.fs.open(folder, os.O_RDONLY)
            try:
                self.fs.fsync(fd)
            finally:
                os.close(fd)
        except OSError as error:
            raise StoreError(_problem(folder, error, "cannot write to")) from None


UNDATED = "undated"
"""The stamp of a file set aside whose modification time no date can hold."""


def _stamp(when: float) -> str:
    """`when` as a UTC time in a file name, `20261206T101500Z`; `UNDATED` past year 9999 (or
    before year 1): a damaged file with such a date must still go aside, or every read fails
    on it again."""
    try:
        return f"{dt.datetime.fromtimestamp(when, dt.timezone.utc):%Y%m%dT%H%M%SZ}"
    except (OverflowError, ValueError, OSError):  # OSError: EOVERFLOW, past what time_t holds
        return UNDATED


def _check_regular(fd: int, path: Path) -> None:
    kind = irregular(fd)
    if kind is not None:
        raise StoreError(
            f"{spelled_out(str(path))} is {kind}, not a regular file; lines-tui uses only regular "
            "files"
        )


def _lock_blamed(lock: Path, error: OSError) -> Path:
    """What to name when the folder's `lock` could not be opened: the lock file if there is one
    (a symbolic link that leads nowhere, a file that may not be opened), unless the whole folder
    is read-only; else its folder, where it could not be made."""
    if error.errno != errno.EROFS and os.path.lexists(lock):
        return lock
    return lock.parent


def _problem(path: Path, error: OSError, doing: str = "cannot read") -> str:
    """One line: what could not be done to `path`, and why. A symbolic link that leads nowhere
    (to nothing, or round in a loop) at `path` or above it is named with where it leads, not by
    the system's "No such file or directory", "File exists" or "Too many levels of symbolic
    links"; a file where the data folder (or a folder above it) belongs, put there after the
    start checked it, is named as the command line names it ("… is a file, not a folder"), not
    by the system's "File exists". The paths are real places, spelled out whole, not cut as
    pasted text is (`repeated`): the app's notices fold a long one by its folders, its file's
    name kept; a data folder too long to look up is refused before the store opens
    (`commands.options.data_folder`)."""
    named = spelled_out(str(path))
    dead_end = _dead_link(path) if error.errno in _NOT_THERE else None
    if dead_end is not None:
        link, where = dead_end
        subject = "it" if link == path else spelled_out(str(link))
        return f"{doing} {named}: {subject} is a symbolic link to {where}"
    if error.errno in (errno.EEXIST, errno.ENOTDIR):
        place = _file_in_the_way(path)
        if place == path:
            return f"{named} is a file, not a folder"
        if place is not None:
            return f"{doing} {named}: {spelled_out(str(place))} is a file, not a folder"
    return f"{doing} {named}: {error.strerror or error}"


_NOT_THERE = frozenset({errno.ENOENT, errno.EEXIST, errno.ENOTDIR, errno.ELOOP})
"""What the system says when a place in a path is not what it should be: missing, or something
else (a file, a link that leads nowhere) where a folder should be."""


def _file_in_the_way(path: Path) -> Path | None:
    """The nearest of `path` and the folders above it that is there and is not a folder."""
    for place in (path, *path.parents):
        try:
            if not stat.S_ISDIR(os.stat(place).st_mode):
                return place
        except OSError:
            continue
    return None


def _dead_link(path: Path) -> tuple[Path, str] | None:
    """The nearest of `path` and the folders above it that is a symbolic link leading nowhere,
    and where it leads: "/gone/x, which does not exist", "x in a loop of links". `os.stat`
    follows links, so such a link looks like nothing there at all."""
    for place in (path, *path.parents):
        try:
            if not stat.S_ISLNK(os.lstat(place).st_mode):
                continue
            target = spelled_out(os.readlink(place))
        except OSError:
            continue  # not there, or not to be looked at: the one above may tell
        try:
            os.stat(place)
        except OSError as error:
            if error.errno == errno.ELOOP:
                return place, f"{target} in a loop of links"
            if error.errno in (errno.ENOENT, errno.ENOTDIR):
                return place, f"{target}, which does not exist"
    return None
