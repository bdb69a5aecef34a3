"""Reading a small text file someone handed us (a layout, a position) without trusting it: only a
regular file (a FIFO would block the reader forever, a device would never end), at most a given
size, strict UTF-8, strict JSON; every problem one line that names the file."""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any

from lines_tui.engine.visible_text import repeated, spelled_out

NO_WAIT = getattr(os, "O_NONBLOCK", 0)
"""A flag for `os.open`: opening a FIFO must not wait for a writer (for ever, if none comes)."""

_KINDS = {
    stat.S_IFDIR: "a folder",
    stat.S_IFIFO: "a FIFO",
    stat.S_IFSOCK: "a socket",
    stat.S_IFCHR: "a device",
    stat.S_IFBLK: "a device",
}


def irregular(fd: int) -> str | None:
    """What the open `fd` is if not a regular file ("a FIFO", "a folder"), else None. Only a
    regular file is read or written: a FIFO blocks the reader, a device never ends."""
    mode = os.fstat(fd).st_mode
    if stat.S_ISREG(mode):
        return None
    return _KINDS.get(stat.S_IFMT(mode), "something else")


class TextFileError(ValueError):
    """The file cannot be read as text; the message names it and says why, in one line."""


class NotRegularFile(TextFileError):
    """The path names no regular file (a FIFO, a device, a folder): never read, so a command
    that can read a pipe another way (`solve -`) says how."""


class NotUtf8(ValueError):
    """Bytes that are not UTF-8 text; the message ("not UTF-8 text (at byte 27)") says where."""


def utf8_text(data: bytes, bom: bool = False) -> str:
    """`data` decoded as UTF-8 (a byte order mark first dropped when `bom`), or NotUtf8 naming
    the offset of the first bad byte: the one wording of every such refusal (a file, a data
    file, standard input), which says "at byte" so that the offset is not read as the byte."""
    try:
        return data.decode("utf-8-sig" if bom else "utf-8")
    except UnicodeDecodeError as error:
        raise NotUtf8(f"not UTF-8 text (at byte {error.start})") from None


class HomeUnknown(ValueError):
    """A `~user` at the start of a path names no home folder here (the message says so)."""

    def __init__(self, path_text: str) -> None:
        self.path_text = path_text
        self.home = path_text.split("/")[0]
        super().__init__(f"{repeated(self.home)} names no home folder here")

    def refusal(self, given_as: str = "") -> str:
        """The one line refusing the path, `given_as` before it (`--data-dir `): the path
        first where it says more than the `~user` part the reason names ("~nobody/games:
        ~nobody names no home folder here"); the reason alone where the path is that part, or
        that part is cut (`repeated`): it said the same text twice, two screen rows each."""
        cut = repeated(self.home) != spelled_out(self.home)
        if self.path_text == self.home or cut:
            return f"{given_as}{self}"
        return f"{given_as}{repeated(self.path_text)}: {self}"


def expand_home(text: str) -> Path:
    """The path `text` names, a `~` or `~user` at its start expanded as a shell does: what a path
    means where the shell left the `~` alone (`--folder=~/x`, `--layout=~/x.layout`, or quoted).
    HomeUnknown when the home folder cannot be found."""
    try:
        return Path(text).expanduser()
    except RuntimeError:  # ~nobody, or no home folder at all
        raise HomeUnknown(text) from None


def is_a_file(path: Path) -> bool:
    """Whether `path` is a file to read, False too where the system cannot look (a name longer
    than it takes, which `Path.is_file` raises for; a NUL in it, which it answers False)."""
    try:
        return path.is_file()
    except OSError:
        return False


def read_text_file(path: Path, max_bytes: int, what: str = "file", bom: bool = False) -> str:
    """The text of `path`: a regular file of at most `max_bytes` bytes in UTF-8 (a byte order
    mark first is allowed when `bom`). `what` names the kind of file in the messages."""
    try:
        fd = os.open(path, os.O_RDONLY | NO_WAIT)
    except OSError as error:  # the path is what is refused: as typed, or pasted
        raise TextFileError(
            f"cannot read {repeated(str(path))}: {error.strerror or error}"
        ) from None
    try:
        if irregular(fd) is not None:
            raise NotRegularFile(f"{path}: not a regular file")
        with os.fdopen(fd, "rb", closefd=False) as stream:
            data = stream.read(max_bytes + 1)
    except OSError as error:
        raise TextFileError(f"cannot read {path}: {error.strerror or error}") from None
    finally:
        os.close(fd)
    return text_read(data, str(path), max_bytes, what, bom)


def text_read(data: bytes, source: str, max_bytes: int, what: str, bom: bool = False) -> str:
    """`data`, read from `source` (a file, standard input) as `read_text_file` reads a file:
    at most `max_bytes` bytes (read one more, to tell a larger one), UTF-8 text (a byte order
    mark first allowed when `bom`); TextFileError naming `source` otherwise."""
    if len(data) > max_bytes:
        raise TextFileError(f"{source}: larger than {max_bytes // 1024} KiB; not a {what}")
    try:
        return utf8_text(data, bom)
    except NotUtf8 as error:
        raise TextFileError(f"{source}: {error}") from None


class JsonRefused(ValueError):
    """JSON that Python reads but no file of lines-tui holds: a key twice in one object (which
    of its values counts was Python's choice, the last), NaN or Infinity for a number, or a
    number too large to be one but as infinity (1e999)."""


def strict_json(text: str) -> Any:
    """`json.loads(text)`, but JsonRefused for what `JsonRefused` says."""
    return json.loads(
        text,
        object_pairs_hook=_no_key_twice,
        parse_constant=_no_constant,
        parse_float=_finite_number,
    )


def _no_key_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    document = dict(pairs)
    if len(document) != len(pairs):
        raise JsonRefused("a key appears twice in one object")
    return document


def _no_constant(constant: str) -> Any:
    raise JsonRefused(f"{constant} is not a number")


def _finite_number(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise JsonRefused("a number in it is too large")
    return number
