"""What every sub-command shares: the global options, the one way to print (every line through
`outside_text.printable`, so nothing read from a file, a code or the command line reaches the
terminal as a control sequence) and the one-line way to refuse bad input."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO, cast

from lines_tui.outside_text import printable

if TYPE_CHECKING:
    import typer

BAD_INPUT = 2
OUTPUT_FAILED = 4
"""The exit code of a command whose output could not be written (README, "Exit codes")."""


@dataclass(frozen=True)
class Settings:
    """The global options given before the sub-command (`lines-tui --data-dir D --player P ...`)."""

    data_dir: Path | None = None
    player: str | None = None


def data_dir_setting(given: str | None) -> Path | None:
    """The `--data-dir` of the command line (None: not given), or, when it is not given, the
    `$LINES_TUI_HOME` the store will read (None), each refused in one line (exit 2) if it cannot
    be the data folder. The menu's fast start and the command tree both come here, before
    anything else is done."""
    if given is not None:
        return data_dir_option(given)
    check_home_variable()
    return None


def data_dir_option(text: str) -> Path:
    """The folder `--data-dir TEXT` names, a `~` at its start expanded as a shell does (the shell
    leaves `--data-dir=~/x` alone, and a folder named `~` was made). Refused in one line (exit 2)
    as `data_folder` says."""
    return data_folder(text, "--data-dir ")


def check_home_variable() -> None:
    """Refuse a `$LINES_TUI_HOME` that cannot be the data folder, as `--data-dir` is refused (the
    menu opened with a notice for each file it could not read there, and each command said what
    it could not do in words of its own). Only when no `--data-dir` is given: that one wins. An
    empty value is no value (the user data folder), as for the XDG variables; a `~` at its start
    is the home folder, the store's reading of it (`export LINES_TUI_HOME="~/x"` in a shell
    profile keeps the ~, quoted)."""
    from lines_tui.store.store import HOME_VARIABLE

    text = os.environ.get(HOME_VARIABLE)
    if text:
        data_folder(text, f"{HOME_VARIABLE}=")


def data_folder(text: str, given_as: str) -> Path:
    """The folder `text` names, given as `given_as` (`--data-dir `, `LINES_TUI_HOME=`), with a
    `~` at its start expanded. Refused in one line (exit 2) when blank, when `~user` names no
    home folder, or when it or a folder above it is a file."""
    name = given_as.rstrip(" =")
    if not text.strip():
        fail(f"{name} needs a folder; it is empty (the current folder is '.')")
    try:
        folder = expand_home(text)
    except HomeUnknown as error:
        fail(f"{given_as}{text}: {error}")
    for place in (folder, *folder.parents):
        try:
            is_folder = stat.S_ISDIR(place.stat().st_mode)
        except OSError:
            continue  # not there (yet), or not to be looked at: the one above may tell
        if is_folder:
            break  # what is below it is made as needed
        above = "" if place == folder else f": {place}"
        fail(f"{given_as}{folder}{above} is a file, not a folder")
    return folder


class HomeUnknown(ValueError):
    """A `~user` at the start of a path names no home folder here (the message says so)."""


def expand_home(text: str) -> Path:
    """The path `text` names, a `~` or `~user` at its start expanded as a shell does: what a path
    option or argument means when the shell left the `~` alone (`--folder=~/x`, or quoted).
    HomeUnknown when the home folder cannot be found."""
    try:
        return Path(text).expanduser()
    except RuntimeError:  # ~nobody, or no home folder at all
        raise HomeUnknown(f"{text.split('/')[0]} names no home folder here") from None


def hold_standard_descriptors() -> None:
    """Put the null device on file descriptors 0, 1 and 2 where they are closed (`2>&-`), before
    anything is opened. Else the first file opened took the place: the data folder's lock file,
    the survey's progress file became standard error to all that writes there below Python, and
    to every process the command starts. (Python's own standard stream stays None: `say` and
    `warn` know what that means.)"""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
            else:
                os.set_inheritable(fd, True)


def settings(ctx: typer.Context) -> Settings:
    obj = ctx.find_root().obj
    return obj if isinstance(obj, Settings) else Settings()


def say(*lines: str) -> None:
    """Print each argument on standard output as one line, control characters shown escaped.
    Output that cannot be written (a full disk, a closed pipe) ends the command with exit code
    4 and one line on standard error (none for a reader that went away, as with `| head`)."""
    try:
        if sys.stdout is None:
            raise closed_output()
        for line in lines:
            print(printable(line))
        sys.stdout.flush()
    except OSError as error:
        output_failed(error)


def closed_output() -> OSError:
    """The failure of a standard output that is closed (`>&-`): Python has none then, and
    writing to it was an AttributeError's traceback."""
    return OSError(errno.EBADF, "standard output is closed")


def output_failed(error: OSError) -> NoReturn:
    """End the command on output that could not be written: exit code 4, and one line on
    standard error unless the reader went away (`| head`), which is no news to anyone."""
    _drop_standard_output()
    if not isinstance(error, BrokenPipeError):
        warn(f"cannot write the output: {error.strerror or error}")
    raise SystemExit(OUTPUT_FAILED) from None


class OutputFailed(Exception):
    """A write to standard output failed (`error` says why). Not an OSError: on its way up it
    passes click, which would end the command on a closed pipe with exit code 1."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


class _GuardedOutput:
    """Standard output with its failures told apart from every other OSError: a write or a
    flush that fails raises OutputFailed. Everything else is the stream's own."""

    def __init__(self, stream: TextIO | None) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        try:
            if self.stream is None:
                raise closed_output()
            return self.stream.write(text)
        except OSError as error:
            raise OutputFailed(error) from error

    def flush(self) -> None:
        try:
            if self.stream is None:
                raise closed_output()
            self.stream.flush()
        except OSError as error:
            raise OutputFailed(error) from error

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


@contextmanager
def output_guarded() -> Iterator[None]:
    """Whatever writes standard output inside (`say`, and click's help and messages too) ends
    the command as `say` does when the output cannot be written."""
    stream: TextIO | None = sys.stdout  # None when closed (`>&-`)
    guarded = cast(TextIO, _GuardedOutput(stream))
    sys.stdout = guarded
    try:
        yield
    except OutputFailed as failed:
        output_failed(failed.error)
    finally:
        if sys.stdout is guarded:
            sys.stdout = stream


def _drop_standard_output() -> None:
    """Point standard output at the null device, so what is still buffered fails no second time
    (with a message of Python's own) when the program exits."""
    try:
        fd = sys.stdout.fileno()
    except (OSError, ValueError, AttributeError):
        return  # not a file (a test's capture)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, fd)
    os.close(null)


def progress(message: str, *, done: bool = False) -> None:
    """A progress count on standard error, each one over the last; `done` ends the line."""
    _to_standard_error(f"\r{printable(message)}" + ("\n" if done else ""))


def warn(message: str) -> None:
    """One line on standard error, `lines-tui: ` first, control characters shown escaped."""
    _to_standard_error(f"lines-tui: {printable(message)}\n")


def _to_standard_error(text: str) -> None:
    """Write `text` on standard error now. One that cannot be written (`2>/dev/full`, closed)
    loses the text and nothing else: the command goes on, and ends with the exit code it would
    have had (a traceback tried to tell of the failure, on that same standard error, and the
    exit code was 1). Closed, standard error is None here, and print() took standard output
    for it: `lines-tui deal 2>&- > deal.json` wrote the seed into the JSON."""
    stream = sys.stderr
    if stream is None:
        return
    with contextlib.suppress(OSError, ValueError):  # ValueError: closed by someone before us
        stream.write(text)
        stream.flush()


def fail(message: str, code: int = BAD_INPUT) -> NoReturn:
    """Explain bad input in one line on stderr and exit (2 unless told otherwise). A plain
    SystemExit, which typer lets through as it is: `lines-tui` alone fails here without typer
    (`lines_tui/cli.py`)."""
    warn(message)
    raise SystemExit(code)
