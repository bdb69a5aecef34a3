"""What every sub-command shares: the one way to print (every line through
`outside_text.printable`, so nothing read from a file, a code or the command line reaches the
terminal as a control sequence), the one-line way to refuse bad input, and the exit codes. The
global options are `options.py`'s."""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, NoReturn, TextIO, cast

from lines_tui.commands.exit_codes import BAD_INPUT, INTERRUPTED, OUTPUT_FAILED
from lines_tui.outside_text import column_width, printable, printable_lines


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


def escape_unencodable() -> None:
    """Characters that standard output and error cannot encode (`PYTHONIOENCODING=ascii`, a
    Latin-1 terminal) written as escapes (`\\xeb`): printing a name with one ended in a traceback,
    after the command had made its change."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


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
    point_at_null(sys.stdout)
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


def point_at_null(*streams: TextIO | None) -> None:
    """Point each stream at the null device, so what is still buffered fails no second time
    when the program exits (with a message of Python's own, and exit code 120 in place of the
    program's)."""
    for stream in streams:
        if stream is None:
            continue  # closed (`>&-`): Python has none
        try:
            fd = stream.fileno()
        except (OSError, ValueError, AttributeError):
            continue  # closed, or not a file (a test's capture)
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)


@dataclass
class _ProgressShown:
    columns: int = 0
    """How many columns of the terminal's line the progress counts took (0: none shown)."""


_progress_shown = _ProgressShown()


def progress(message: str, *, done: bool = False) -> None:
    """A progress count on standard error, each one over the last (spaces cover what a longer
    one left: no escape sequence, which `TERM=dumb` would show); `done` ends the line. Only on
    a terminal: a log file got every count, joined by carriage returns into one line; there
    only the last one (`done`, when it says something) is written, as a line of its own."""
    if is_terminal(sys.stderr):
        # Within one row: "\r" goes back to the start of the last row only, and the rows a
        # wider one wrapped onto stayed (a layout's title is anyone's, of any length).
        width = _terminal_columns() - 1
        text, shown = printable(message, width), min(column_width([message]), width)
        cover = " " * (_progress_shown.columns - shown)
        _to_standard_error(f"\r{text}{cover}" + ("\n" if done else ""))
        _progress_shown.columns = 0 if done else max(shown, _progress_shown.columns)
    elif done and message:
        _to_standard_error(f"{printable(message)}\n")


def _terminal_columns() -> int:
    """The width of the terminal standard error writes to (80 if it cannot be told, or is told
    as 0: a pseudo-terminal whose size was never set, as under `script`, which left no room
    for the progress count at all)."""
    try:
        return os.get_terminal_size(sys.stderr.fileno()).columns or TERMINAL_COLUMNS
    except (OSError, ValueError, AttributeError):
        return TERMINAL_COLUMNS


@contextmanager
def progress_line() -> Iterator[None]:
    """A block that shows its `progress` on a line it takes away as it ends, however it ends
    (on a terminal), so that what is said next starts the line, over the "^C" the terminal
    echoed if ctrl+c ended it."""
    try:
        yield
    finally:
        progress_taken_away()


def progress_taken_away() -> None:
    """The progress line emptied, on a terminal, and the cursor left at its start: what is said
    next is written over it, and over the "^C" the terminal echoed after it if ctrl+c stopped
    the work (a newline there left that "^C" on a row of its own)."""
    if is_terminal(sys.stderr):
        _to_standard_error("\r" + " " * _progress_shown.columns + "\r")
        _progress_shown.columns = 0


def end_line() -> None:
    """End the line a question left open when the player answered it with ctrl+c or ctrl+d,
    which print no newline, so the next line starts at its left."""
    _to_standard_error("\n")


def warn(message: str, details: str = "") -> None:
    """One line on standard error, `lines-tui: ` first, control characters shown escaped;
    `details` (a traceback) below it as they are, line by line, escaped likewise. The store's
    warnings not told yet come first (`tell_store_warnings`)."""
    tell_store_warnings()
    _warn_line(message, details)


def _warn_line(message: str, details: str = "") -> None:
    below = printable_lines(details.rstrip("\n")) + "\n" if details else ""
    _to_standard_error(f"lines-tui: {printable(message)}\n{below}")


@dataclass
class _StoreWarnings:
    lines: Sequence[str]
    """A store's `warnings`, which grows as the store finds problems with its files."""
    told: int = 0


_store_warnings: list[_StoreWarnings] = []
"""The warnings of the stores this command opened (`watch_store_warnings`)."""


def watch_store_warnings(warnings: Sequence[str], *, now: bool = True) -> None:
    """Tell the problems a store of this command finds with its files (`Store.warnings`: a
    damaged file set aside, one from a newer lines-tui), one line each on standard error: those
    found so far now (not `now`: with the next line, for the app to tell them instead, see
    `leave_store_warnings`), each later one before the next line written there, and those left
    when the command ends (`tell_store_warnings(ended=True)`), however it ends. So a refusal
    never hides that a file was set aside, and one that follows from it ("no registered player
    ...", the players' file set aside) comes after the line that says so."""
    _store_warnings.append(_StoreWarnings(warnings))
    if now:
        tell_store_warnings()


def leave_store_warnings() -> None:
    """The app runs: from now on it tells its store's warnings, those found so far too (as
    notices); no store is watched here any more (any other one's are told before)."""
    _store_warnings.clear()


def is_store_warning(text: str) -> bool:
    """Whether `text` is a warning of a watched store: told already, or as the command ends."""
    return any(text in held.lines for held in _store_warnings)


def tell_store_warnings(*, ended: bool = False) -> None:
    """Write the watched stores' warnings not told yet on standard error, one line each;
    `ended`: the command is over, so no store is watched any more (the next command, in a
    test's process, has stores of its own)."""
    for held in _store_warnings:
        while held.told < len(held.lines):
            held.told += 1
            _warn_line(held.lines[held.told - 1])
    if ended:
        _store_warnings.clear()


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


def is_terminal(stream: TextIO | None) -> bool:
    """Whether `stream` is there (closed, Python has none) and a terminal."""
    if stream is None:
        return False
    try:
        return stream.isatty()
    except (OSError, ValueError):
        return False


STANDARD_INPUT = "-"
"""The word that has a command read its text from standard input (`scores import -`, `solve -`)."""


def piped_in(most: int, instead: str, *, from_a_terminal: bool = True) -> bytes:
    """Up to `most` bytes of standard input, and one more if there are more (which says it is
    too long). Refused in one line, exit 2, saying `instead` what to give, when it is closed
    (`<&-`), or a terminal unless `from_a_terminal` (read, it would wait for typing until
    ctrl+d, and look hung); one that cannot be read, with the system's reason."""
    if sys.stdin is None:
        fail(f"standard input is closed; {instead}")
    if not from_a_terminal and is_terminal(sys.stdin):
        fail(f"standard input is a terminal; {instead}")
    try:
        return sys.stdin.buffer.read(most + 1)
    except OSError as error:
        fail(f"cannot read standard input: {error.strerror or error}")
    except KeyboardInterrupt:
        # ctrl+c at a terminal, waiting for a paste: the terminal echoed "^C" there, and the
        # shell's prompt would follow it on the same line.
        _to_standard_error("\n")
        raise SystemExit(INTERRUPTED) from None


def fail(message: str, code: int = BAD_INPUT) -> NoReturn:
    """Explain bad input in one line on stderr and exit (2 unless told otherwise). A plain
    SystemExit, which typer lets through as it is: `lines-tui` alone fails here without typer
    (`lines_tui/cli.py`)."""
    warn(message)
    raise SystemExit(code)


TERMINAL_COLUMNS = 80
"""The width the command line's own prose and tables are made to fit: a plain terminal's."""


def wrapped(
    text: str, width: int = TERMINAL_COLUMNS, indent: str = "", first: str = ""
) -> list[str]:
    """A sentence of prose as lines of at most `width` terminal cells (a wide character, such as
    a CJK one, takes two), broken between words (a word longer than that, a path or a code,
    keeps a line to itself, whole, so it can be copied), the first line starting with `first`,
    the others with `indent`."""
    from rich.cells import cell_len

    lines: list[str] = []
    for word in text.split():
        if lines and cell_len(f"{lines[-1]} {word}") <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(f"{indent if lines else first}{word}")
    return lines or [first]
