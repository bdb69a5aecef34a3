"""`lines-tui layouts --survey N`: solve the first N deals of each layout with every core."""

from __future__ import annotations

import dataclasses
import errno
import itertools
import json
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import resource_tracker
from pathlib import Path
from types import FrameType
from typing import Any, NoReturn, TextIO

import typer

from lines_tui.commands.common import (
    fail,
    point_at_null,
    progress,
    progress_taken_away,
    say,
    warn,
)
from lines_tui.commands.exit_codes import INTERRUPTED
from lines_tui.engine.mahjong.layouts import Layout, LayoutError
from lines_tui.engine.mahjong.solver_process import (
    born_deaf_to_ctrl_c,
    die_with_parent,
    signals_blocked,
)
from lines_tui.engine.mahjong.survey import Outcome, figures, survey_deal, survey_key
from lines_tui.engine.prose import counted, listed
from lines_tui.engine.text_file import NO_WAIT, NotUtf8, irregular, utf8_text
from lines_tui.engine.visible_text import repeated
from lines_tui.outside_text import column_width, printable_path_column
from lines_tui.store.files import FileSystem
from lines_tui.ui.hangup import HUNG_UP

TERMINATED = 143
"""The exit code of a survey stopped by SIGTERM (128 + SIGTERM)."""
STOPPED_BY = {signal.SIGINT: INTERRUPTED, signal.SIGTERM: TERMINATED, signal.SIGHUP: HUNG_UP}
"""The signals that stop the survey, each with its exit code (128 + the signal, as a shell
tells of a program the signal ended): ctrl+c, SIGTERM, and SIGHUP (its terminal closed)."""
WORKER_DIED = 1
"""The exit code of a survey whose worker process died: nothing wrong with the input."""
IN_FLIGHT_PER_WORKER = 2
"""Deals handed out ahead, per worker: one being solved, one waiting for it (deals are handed
out as they are solved, so a stop hands out no more; 100,000s handed out at once took
seconds)."""
STOP_SEEN_WITHIN = 0.1
"""Seconds: how often the survey, waiting for its workers, looks whether it was told to stop."""
DEAL = "deal"
"""What a survey counts (`counted`)."""
WORKER_MEMORY = 40 * 2**20
"""Bytes a survey worker takes, about: a Python with the solver loaded measured 28 MB."""
MEMORY_FOR_WORKERS = 0.5
"""The share of the machine's memory a survey's workers may take together: 1,024 of them on a
24 GB machine would have taken it all, and the machine with it."""
STOP_GRACE = 2.0
"""Seconds the survey's workers have to end once told to (SIGTERM) before they are killed: a
worker ends at once (it holds nothing to save), unless it is stopped or stuck."""


def _outcomes(text: str) -> dict[tuple[str, int], Outcome]:
    found: dict[tuple[str, int], Outcome] = {}
    for line in text.splitlines():
        outcome = _outcome(line)
        if outcome is not None:
            found[(outcome.layout, outcome.seed)] = outcome
    return found


def _outcome(line: str) -> Outcome | None:
    try:
        return Outcome.from_json(json.loads(line))
    except (ValueError, RecursionError):  # not JSON, or a number of too many digits
        return None


OUTCOME_START = '{"layout": '
"""How each line the survey writes starts (`Outcome.to_json`, one JSON object a line)."""


def foreign_line(text: str) -> int | None:
    """The number of the first line of `text` that no survey wrote, or None if it holds only
    outcomes, lines cut short (a survey stopped mid-write: the start of one) and blank lines: a
    progress file is appended to, so any other file (notes, a position file) is left alone."""
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue  # a blank line (`echo > survey.jsonl`) holds nothing to lose, or to read
        if _outcome(line) is None and not _cut_short(line):
            return number
    return None


def _cut_short(line: str) -> bool:
    """Whether `line` is the start of an outcome, cut short: no JSON reads it, as the object a
    line holds closes at its end. (A whole line that is no outcome, `"playouts": -5`, was taken
    for one cut short, and solved again without a word.)"""
    if not (line.startswith(OUTCOME_START) or OUTCOME_START.startswith(line)):
        return False
    try:
        json.loads(line)
    except (ValueError, RecursionError):
        return True
    return False


def open_progress_file(path: Path) -> TextIO:
    """The progress file, opened to read and append: a regular file (created if missing) in a
    folder that exists. Anything else is refused in one line (exit 2): a folder, a FIFO (opened
    without waiting for a writer), a device, a missing folder, a file that cannot be opened.
    One this process may read but not write (a read-only data folder) is opened to read only:
    a survey it holds whole needs no write (`run_survey` refuses one that would). It is held
    locked until closed (exclusive to append, shared to read), and one another survey holds is
    refused too."""
    shown = repeated(str(path))
    try:
        folder_there = path.parent.is_dir()
    except OSError as error:  # a folder's name too long to look up: a traceback
        fail(f"cannot use {shown} for --progress-file: {error.strerror or error}")
    if not folder_there:
        fail(f"cannot use {shown} for --progress-file: no folder {repeated(str(path.parent))}")
    writable = True
    try:
        fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT | NO_WAIT, 0o644)
    except OSError as error:
        if error.errno not in NOT_WRITABLE:
            fail(f"cannot use {shown} for --progress-file: {error.strerror or error}")
        try:
            fd, writable = os.open(path, os.O_RDONLY | NO_WAIT), False
        except OSError:
            fail(f"cannot use {shown} for --progress-file: {error.strerror or error}")
    if irregular(fd) is not None:
        os.close(fd)
        fail(f"{path} is not a regular file; --progress-file needs one")  # a real one: whole
    # Two surveys on one file each solved every deal and wrote it twice: one at a time.
    try:
        locked = FileSystem().try_lock(fd, exclusive=writable)
    except OSError as error:  # a file system without locks (NFS without its lock daemon)
        os.close(fd)
        fail(f"cannot use {shown} for --progress-file: cannot lock it: {error.strerror or error}")
    if not locked:
        os.close(fd)
        fail(f"cannot use {shown} for --progress-file: another survey is using it")
    if NO_WAIT:
        os.set_blocking(fd, True)
    return open(fd, "a+", encoding="utf-8") if writable else open(fd, encoding="utf-8")


NOT_WRITABLE = (errno.EROFS, errno.EACCES, errno.EPERM)
"""Why a progress file that may still be read cannot be opened to append to."""


class StopSignals:
    """ctrl+c (SIGINT), SIGTERM and SIGHUP while the survey runs: noted, not raised. An
    exception raised by a signal lands anywhere, inside the pool's own locks too: a queue's lock
    taken and never given back left the pool's thread, and the survey with it, waiting for ever
    at exit, and a ctrl+c pressed again while the survey stopped printed a traceback and left
    workers running. The survey looks at `signum` between its steps instead; the handlers stay
    until the pool has stopped, and once the survey was told to stop, more are ignored. SIGHUP,
    not handled, ended the survey at once, its line unsaid and its workers left running; one
    ignored (`nohup`) stays ignored, as the app leaves it."""

    def __init__(self) -> None:
        self.signum: int | None = None
        self._previous: dict[int, Callable[[int, FrameType | None], Any] | int | None] = {}

    def __enter__(self) -> StopSignals:
        for signum in STOPPED_BY:
            if signum == signal.SIGHUP and signal.getsignal(signum) == signal.SIG_IGN:
                continue
            self._previous[signum] = signal.signal(signum, self._note)
        return self

    def __exit__(self, *exc_info: object) -> None:
        for signum, handler in self._previous.items():
            # Stopping, one more ctrl+c must not break the way out: ignored (a handler of
            # Python's own is undone as the program ends, and the signal would end it there).
            signal.signal(signum, handler if self.signum is None else signal.SIG_IGN)

    def _note(self, signum: int, frame: FrameType | None) -> None:
        if self.signum is None:
            self.signum = signum


def _start_worker(survey: int) -> None:
    """What each worker does first (`survey`: the survey's process)."""
    # ctrl+c reaches every process of the terminal: the workers leave it to the parent,
    # which stops handing out deals and keeps what they found. (Born with it blocked, see
    # `born_deaf_to_ctrl_c`, a worker has none pending: ignored, it is dropped.)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # Ended with the survey however it ends: `kill -9` of it (no clean-up) left its workers
    # running for good, under PID 1, and multiprocessing's resource tracker, which they
    # held open, with them.
    die_with_parent(survey)


def _start_resource_tracker() -> None:
    """multiprocessing's resource tracker (which the pool's first semaphore starts otherwise),
    started with SIGHUP blocked, for good: it ignores SIGINT and SIGTERM, and a SIGHUP to the
    whole group (a terminal closed) ended it, so the survey, which takes SIGHUP as it takes
    SIGTERM, then ended in five tracebacks of a tracker started again that knew nothing of the
    pool's semaphores. It ends once the survey and its workers are gone, however they end."""
    with signals_blocked({signal.SIGHUP}):
        resource_tracker.ensure_running()


def run_survey(
    count: int,
    layouts: Sequence[Layout],
    progress_file: Path,
    workers: int,
    asked_as: Sequence[str] = (),
) -> list[Outcome]:
    """Solve deals 0..count-1 of each layout, skipping those `progress_file` already holds,
    appending each new outcome to it; then print each layout's figures and return the outcomes
    (layout by layout, deal by deal, each named as the layout was asked for, `asked_as`, one
    name or path per layout; without it, a built-in layout's name or a file's path). ctrl+c
    and SIGTERM stop it and its workers.

    Outcomes are kept by the layout's `survey_key` (its tile places), so the same layout named
    two ways (`evil`, `./xdg/…/evil.layout`) is one survey, solved once; an older file's
    outcomes, kept by the name or path the layout was found by, are still read."""
    # Key -> what a worker finds the layout by, with no --folder: its name, or its file's path.
    surveyed: dict[str, str] = {}
    named: dict[str, list[str]] = {}
    for layout, asked in zip(layouts, asked_as or [""] * len(layouts), strict=True):
        found_by = layout.name if layout.is_builtin else layout.source
        surveyed.setdefault(survey_key(layout), found_by)
        names = named.setdefault(survey_key(layout), [])
        if (asked or found_by) not in names:
            names.append(asked or found_by)
    shown = {key: names[0] for key, names in named.items()}
    # No more workers than deals (and below, than deals left), and no more than the memory
    # holds: refused before the progress file is made, so that a refusal changes nothing.
    starting = min(workers, count * len(surveyed))
    problem = workers_memory_problem(workers, starting, physical_memory())
    if problem is not None:
        fail(problem)
    with open_progress_file(progress_file) as out:
        done = _read_progress(out, progress_file)
        # Once the input is known good: a refused progress file is its one line alone.
        for names in named.values():
            if len(names) > 1:  # one row for them all, which only said the first
                warn(f"{listed(names)} have the same tile places: surveyed once, as {names[0]}")
        _key_older_outcomes(done, surveyed, count)
        jobs = [
            (key, found_by, seed)
            for key, found_by in surveyed.items()
            for seed in range(count)
            if (key, seed) not in done
        ]
        total = count * len(surveyed)
        if jobs and not out.writable():
            fail(
                f"cannot use {repeated(str(progress_file))} for --progress-file: it cannot be "
                f"written, with {len(jobs)} of {counted(total, DEAL)} still to solve"
            )
        if len(jobs) < total:
            warn(f"{counted(total - len(jobs), DEAL)} already solved in {progress_file}")
        if jobs:
            _solve(jobs, total, out, done, progress_file, min(starting, len(jobs)))
    chosen = []
    for key, found_by in surveyed.items():
        for seed in range(count):
            if (key, seed) not in done:  # its worker found other tile places there
                _changed(found_by)
            chosen.append(dataclasses.replace(done[(key, seed)], layout=shown[key]))
    print_figures(chosen)
    return chosen


def _read_progress(out: TextIO, progress_file: Path) -> dict[tuple[str, int], Outcome]:
    """The outcomes the progress file (`out`, open to read and append) holds already. A file no
    survey wrote is refused in one line (exit 2), as is one that cannot be read."""
    try:
        out.seek(0)
        text = utf8_text(out.buffer.read())  # bytes: a bad one is named by its place in the file
        done = _outcomes(text)
        foreign = foreign_line(text)
        if foreign is not None:
            fail(
                f"{progress_file} is not a survey's progress file (line {foreign} is no "
                "deal's outcome); --progress-file takes a new or empty file or one a survey "
                "wrote"
            )
    except NotUtf8 as error:
        fail(f"{progress_file}: {error}")
    except OSError as error:
        fail(f"cannot read {progress_file}: {error.strerror or error}")
    if text and not text.endswith("\n"):  # a line cut short (a survey killed mid-write)...
        _append(out, progress_file, "\n")  # ...stays alone
    return done


def _append(out: TextIO, progress_file: Path, text: str) -> None:
    """Write `text` at the end of the progress file (`out`) now. A file that cannot take it (a
    full disk) ends the survey in one line, exit code 2. What it could not take is dropped:
    kept in the file's buffer, it was written again as the file closed, and failed again with
    a traceback, exit code 1. Part of a line may be on the disk: read as the start of an
    outcome, cut short, which the next survey sets apart and solves again."""
    try:
        out.write(text)
        out.flush()
    except OSError as error:
        point_at_null(out)
        progress_taken_away()
        fail(f"cannot write to {progress_file}: {error.strerror or error}")


def _key_older_outcomes(
    done: dict[tuple[str, int], Outcome], surveyed: dict[str, str], count: int
) -> None:
    """Add to `done`, under each layout's key, the outcomes an older survey kept under the name
    or path the layout was found by (`surveyed`: key -> that name or path)."""
    for key, found_by in surveyed.items():
        for seed in range(count):
            older = done.get((found_by, seed))
            if older is not None:
                done.setdefault((key, seed), dataclasses.replace(older, layout=key))


def _solve(
    jobs: list[tuple[str, str, int]],
    total: int,
    out: TextIO,
    done: dict[tuple[str, int], Outcome],
    progress_file: Path,
    workers: int,
) -> None:
    written = 0
    of_all = f"of {counted(total, DEAL)}"
    pool: ProcessPoolExecutor | None = None
    with StopSignals() as stop:
        try:
            waiting = iter(jobs)
            _start_resource_tracker()
            # A pool whose worker dies (killed, out of memory) says so (BrokenProcessPool),
            # where multiprocessing's Pool would wait for the lost deal for ever.
            pool = ProcessPoolExecutor(
                max_workers=workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
                initargs=(os.getpid(),),
            )
            handed_out = _start_workers(pool, waiting, workers)
            handed_out |= _hand_out(pool, waiting, (IN_FLIGHT_PER_WORKER - 1) * workers)
            pending = set(handed_out)
            while pending and stop.signum is None:
                finished, pending = wait(
                    pending, timeout=STOP_SEEN_WITHIN, return_when=FIRST_COMPLETED
                )
                changed = None
                for future in finished:
                    key, found_by = handed_out.pop(future)
                    try:
                        outcome = future.result()
                    except LayoutError:  # its file edited or deleted since the survey read it
                        changed = found_by
                        continue  # the other deals solved are kept first
                    # Kept whatever its layout: edited into another one, the file's deals are
                    # that layout's, which a survey run again reuses.
                    _append(out, progress_file, json.dumps(outcome.to_json()) + "\n")
                    done[(outcome.layout, outcome.seed)] = outcome
                    written += 1
                    progress(f"survey: {total - len(jobs) + written}/{total} deals")
                    if outcome.layout != key:  # its file now holds other tile places
                        changed = found_by
                if changed is not None:
                    progress_taken_away()
                    _changed(changed)
                more = _hand_out(pool, waiting, len(finished))
                handed_out |= more
                pending |= more.keys()
        except BrokenProcessPool:
            # Unless the survey was told to stop: the signal went to the whole group (a
            # terminal closed, `kill -TERM -PGID`), and ended a worker too.
            if stop.signum is None:
                solved = total - len(jobs) + written
                progress_taken_away()
                fail(
                    f"a survey worker died after {solved} {of_all} (out of memory?); "
                    "the same command goes on",
                    code=WORKER_DIED,
                )
        finally:
            if pool is not None:
                _stop_workers(pool)
    if stop.signum is not None:
        progress_taken_away()
        warn(
            f"survey stopped after {total - len(jobs) + written} {of_all}; the same command goes on"
        )
        raise typer.Exit(STOPPED_BY[signal.Signals(stop.signum)])
    progress(f"survey: {total}/{total} deals", done=True)


def _changed(found_by: str) -> NoReturn:
    """Refuse to go on with a layout whose file changed while it was surveyed: its deals from
    then on are another layout's, or none (a file edited into something that is no layout, or
    deleted). The outcomes found so far are kept; run again, the file is read afresh."""
    fail(f"{found_by} changed while it was surveyed; the same command goes on")


def _start_workers(
    pool: ProcessPoolExecutor, jobs: Iterator[tuple[str, str, int]], workers: int
) -> dict[Future[Outcome], tuple[str, str]]:
    """The pool's `workers`, each started by one of the first deals handed out (the pool starts
    a worker with a deal while it has fewer), and born deaf to ctrl+c: a ctrl+c meanwhile
    waits, and stops the survey (exit code 130) the moment the workers are started, where one
    ignored was lost. SIGTERM stays as it is: the workers are stopped with it. (`_solve` starts
    multiprocessing's resource tracker before the pool, `_start_resource_tracker`, so it leaves
    the mask alone here.)"""
    with born_deaf_to_ctrl_c():
        try:
            return _hand_out(pool, jobs, workers)
        except OSError as error:  # each worker takes files and a process of this one's
            fail(
                f"cannot start {workers} survey workers: {error.strerror or error}; "
                "ask for fewer with --workers"
            )


def _hand_out(
    pool: ProcessPoolExecutor, jobs: Iterator[tuple[str, str, int]], count: int
) -> dict[Future[Outcome], tuple[str, str]]:
    """The next `count` deals (fewer at the end), handed out to the pool: each one's future, with
    the layout's key and what its worker finds the layout by."""
    return {
        pool.submit(survey_deal, found_by, seed): (key, found_by)
        for key, found_by, seed in itertools.islice(jobs, count)
    }


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Every deal is in when the survey ends; when it stops, no more deals are handed out and
    the deals being solved end too, not left to finish (or to outlive the survey, as a SIGTERM
    to it alone would). The pool's workers are this process's only children. The pool's own
    thread is waited for here, with the stop signals still only noted: left to the end of the
    program, a ctrl+c pressed again interrupted the wait with a traceback, and one still ending
    there closed its pipe as Python's exit woke it ("OSError: Bad file descriptor"). One
    `shutdown` waits for it: after a first one without waiting, the pool no longer knows it.

    The wait is bounded: a worker that SIGTERM has not ended within `STOP_GRACE` is stopped
    (SIGSTOP), which a SIGTERM does not reach until it goes on, or stuck; it is killed, as a
    stopped process can be. Waited for, such a worker held the survey, and every later ctrl+c
    and SIGTERM with it, for ever."""
    workers = multiprocessing.active_children()
    for worker in workers:
        worker.terminate()
    deadline = time.monotonic() + STOP_GRACE
    for worker in workers:
        worker.join(timeout=max(0.0, deadline - time.monotonic()))
    for worker in workers:
        if worker.is_alive():
            worker.kill()
            worker.join(timeout=STOP_GRACE)
    pool.shutdown(wait=True, cancel_futures=True)


SURVEY_WIDTH = 80
"""Columns the figures' rows fit in, the layout's path cut to make them fit."""


def print_figures(outcomes: list[Outcome]) -> None:
    rows = [("LAYOUT", "DEALS", "SOLVABLE", "DEAD ENDS", "UNDECIDED", "MEDIAN PLAYOUTS")]
    for found in figures(outcomes):
        rows.append(
            (
                found.layout,
                str(found.deals),
                found.solvable_percent,
                str(found.unsolvable),
                str(found.undecided),
                f"{found.median_playouts:g}",
            )
        )
    # The layout (a file's path) as `say` shows it, its control characters spelled out: its
    # column measured so, the figures stay under their headings. A path too long for the rows to
    # fit 80 columns gives up its folders.
    widths = [column_width(row[column] for row in rows) for column in range(len(rows[0]))]
    room = SURVEY_WIDTH - sum(widths[1:]) - 2 * (len(widths) - 1)
    widths[0] = min(widths[0], max(room, len(rows[0][0])))
    for row in rows:
        cells = [
            printable_path_column(cell, width) if c == 0 else cell.rjust(width)
            for c, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        say("  ".join(cells).rstrip())


def default_workers() -> int:
    return os.cpu_count() or 1


def physical_memory() -> int | None:
    """The machine's memory in bytes, or None where the system does not say."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):  # a name this system does not know
        return None


def workers_memory_problem(asked: int, workers: int, memory: int | None) -> str | None:
    """Why the `workers` that `--workers asked` starts (no more than the survey's deals) would
    not fit in `memory` bytes (None: unknown), or None."""
    if memory is None or memory <= 0:
        return None
    fitting = max(1, int(memory * MEMORY_FOR_WORKERS) // WORKER_MEMORY)
    if workers <= fitting:
        return None
    starts = "" if workers == asked else f" starts {workers} workers here (one a deal) and"
    return (
        f"--workers {asked}{starts} needs about {workers * WORKER_MEMORY >> 20} MB of memory, "
        f"{WORKER_MEMORY >> 20} MB a worker; this machine has {memory >> 20} MB: ask for "
        f"{fitting} or fewer"
    )
