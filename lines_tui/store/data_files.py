"""Reading the data files as what they hold: each read under the folder's lock and parsed, a
damaged one set aside untouched, one from a newer lines-tui left alone, every problem told once.

How a file is read, written and kept aside safely is files.py's; what the player is told when a
file or the folder is not as expected is the README's ("What happens when the folder is not as
expected").
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

from lines_tui.engine.text_file import NotUtf8, utf8_text
from lines_tui.engine.visible_text import spelled_out
from lines_tui.store.errors import FileLeftAsItIs, StoreError
from lines_tui.store.files import DataFolder
from lines_tui.store.schema import CorruptFile, NewerFile

MAX_FILE_BYTES = 16 * 1024 * 1024

D = TypeVar("D")


@dataclass(frozen=True)
class SetAside:
    """A damaged data file the store renamed, untouched, to `aside` (a name in the same folder)
    to start it afresh: `reason` says what was wrong with it."""

    name: str
    reason: str
    aside: str


@dataclass(frozen=True)
class Rewrite(Generic[D]):
    """A data file held under the folder's exclusive lock to be changed (`DataFiles.rewriting`):
    what it holds now (None: nothing, or a damaged file just set aside)."""

    folder: DataFolder
    path: Path
    current: D | None

    def write(self, text: str) -> None:
        """Replace the file with `text`, atomically."""
        self.folder.write_atomically(self.path, text)

    def remove(self) -> None:
        self.folder.remove(self.path)


class DataFiles:
    """The files of one data folder, read through `parse` (a schema's loader). Every method may
    be called from any thread: each takes the folder's lock for itself, or is called holding it."""

    def __init__(self, folder: DataFolder) -> None:
        self.folder = folder
        self.warnings: list[str] = []
        """One line per problem found with the files (each told once), for the player."""
        self.set_aside: dict[str, SetAside] = {}
        """The warnings of `warnings` that tell a damaged file set aside, with what they tell
        (the app tells them together, shorter)."""
        self.left_as_they_are: set[str] = set()
        """The files read as nothing and never written (from a newer lines-tui, or damaged
        behind a link), by name: what they hold is not known here."""
        self._warnings_lock = threading.Lock()

    def read(self, path: Path, parse: Callable[[str], D]) -> D | None:
        """What `path` holds now, read under the shared lock (nothing is created to read it);
        None if there is nothing, a file from a newer lines-tui, or a damaged one, set aside."""
        return self.read_whole(path, parse, None)

    def read_whole(self, path: Path, parse: Callable[[str], D], missing: D | None) -> D | None:
        """`read`, but `missing` when there is no file: None only when there is one that could
        not be read whole (from a newer lines-tui, or damaged)."""
        with self.folder.locked(write=False):
            raw = self.folder.read(path, MAX_FILE_BYTES)
        return missing if raw is None else self._parsed(path, raw, parse, writing=False)

    @contextlib.contextmanager
    def rewriting(
        self, path: Path, parse: Callable[[str], D], *, held: bool = False
    ) -> Iterator[Rewrite[D]]:
        """Change `path` under the folder's exclusive lock, taken for the block (`held`: the
        caller holds it already): the block gets what the file holds now (`Rewrite.current`)
        and writes the changed document in its place atomically (`Rewrite.write`), removes it,
        or leaves it as it is. A file from a newer lines-tui refuses the change (StoreError,
        before the block runs); a damaged one is set aside first, so its bytes are never lost.
        The one way any data file is changed: a block may change another file of the folder,
        `held`, while the lock is held (a won game's save and its time, as one step)."""
        with contextlib.nullcontext() if held else self.folder.locked(write=True):
            raw = self.folder.read(path, MAX_FILE_BYTES)
            yield Rewrite(self.folder, path, self._parsed(path, raw, parse, writing=True))

    def _parsed(
        self, path: Path, raw: bytes | None, parse: Callable[[str], D], *, writing: bool
    ) -> D | None:
        if raw is None:
            return None
        try:
            return parse(_decoded(raw))
        except NewerFile as error:
            self._left_as_it_is(
                path,
                f"{path.name} was written by a newer lines-tui ({error}): it is opened "
                "read-only and left untouched, so nothing is saved to it",
                writing=writing,
            )
            return None
        except CorruptFile as error:
            if os.path.islink(path):
                self._left_as_it_is(path, _linked_left(path, error), writing=writing)
                return None
            if writing:
                self._set_aside(path, error)
            else:
                self._set_aside_unless_changed(path, raw, error)
            return None

    def _left_as_it_is(self, path: Path, reason: str, *, writing: bool) -> None:
        """A file read as nothing and never written, told once: a write is refused
        (FileLeftAsItIs) saying `reason`."""
        told = self.warn(reason)
        self.left_as_they_are.add(path.name)
        if writing:
            raise FileLeftAsItIs(told, path.name) from None

    def _set_aside_unless_changed(self, path: Path, raw: bytes, error: CorruptFile) -> None:
        """Found by a reader: take the writers' lock and set the file aside if it still holds
        what was read (another copy may have mended or replaced it in the meantime)."""
        try:
            with self.folder.locked(write=True):
                if self.folder.read(path, MAX_FILE_BYTES) == raw:
                    self._set_aside(path, error)
        except StoreError as problem:
            self.warn(f"{path.name} could not be read ({error}); it is left as it is ({problem})")

    def _set_aside(self, path: Path, error: CorruptFile) -> None:
        aside = self.folder.keep_aside(path, "corrupt")
        self.warn(
            f"{path.name} could not be read ({error}); kept it untouched as "
            f"{spelled_out(str(aside))} and started afresh",
            SetAside(path.name, str(error), spelled_out(aside.name)),
        )

    def warn(self, warning: str, set_aside: SetAside | None = None) -> str:
        """Add `warning` to `warnings`, once (with what a damaged file set aside tells)."""
        with self._warnings_lock:
            if warning not in self.warnings:
                if set_aside is not None:
                    self.set_aside[warning] = set_aside  # first: the app reads `warnings`
                self.warnings.append(warning)
        return warning


def _linked_left(path: Path, error: CorruptFile) -> str:
    """Why a damaged data file that is a symbolic link is neither set aside nor written: its
    target may be any file on the machine (a dotfiles setup, or a link made by mistake to a
    file of another program's), and lines-tui moves or replaces no file outside its folder."""
    target = spelled_out(str(Path(os.path.realpath(path))))
    return (
        f"{path.name} could not be read ({error}); it is a symbolic link to {target}, left as "
        "it is, so nothing is saved to it: mend that file or remove the link"
    )


def _decoded(raw: bytes) -> str:
    if len(raw) > MAX_FILE_BYTES:
        raise CorruptFile(f"larger than {MAX_FILE_BYTES // 1024 // 1024} MiB")
    try:
        return utf8_text(raw)
    except NotUtf8 as error:
        raise CorruptFile(str(error)) from None
