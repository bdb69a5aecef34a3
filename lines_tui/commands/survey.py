"""`lines-tui layouts --survey N`: solve the first N deals of each layout with every core."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from pathlib import Path

import typer

from lines_tui.commands.common import progress, say, warn
from lines_tui.engine.mahjong.survey import Outcome, figures, survey_deal

INTERRUPTED = 130
"""The exit code of a program stopped by ctrl+c (128 + SIGINT)."""


def read_outcomes(path: Path) -> dict[tuple[str, int], Outcome]:
    """The outcomes a survey already wrote to `path` (none if it does not exist); a line that is
    not an outcome (cut short when the survey was stopped) is ignored."""
    found: dict[tuple[str, int], Outcome] = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return found
    for line in lines:
        try:
            outcome = Outcome.from_json(json.loads(line))
        except json.JSONDecodeError:
            continue
        if outcome is not None:
            found[(outcome.layout, outcome.seed)] = outcome
    return found


def _ignore_ctrl_c() -> None:
    # ctrl+c reaches every process of the terminal: the workers leave it to the parent,
    # which stops handing out deals and keeps what they found.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_survey(
    count: int, layouts: Sequence[str], progress_file: Path, workers: int
) -> list[Outcome]:
    """Solve deals 0..count-1 of each layout, skipping those `progress_file` already holds,
    appending each new outcome to it; then print each layout's figures and return the outcomes
    (layout by layout, deal by deal)."""
    done = read_outcomes(progress_file)
    jobs = [(name, seed) for name in layouts for seed in range(count) if (name, seed) not in done]
    total = count * len(layouts)
    if len(jobs) < total:
        warn(f"{total - len(jobs)} deals already solved in {progress_file}")
    progress_file.parent.mkdir(parents=True, exist_ok=True)
    pool = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_ignore_ctrl_c,
    )
    with progress_file.open("a", encoding="utf-8") as out:
        futures: list[Future[Outcome]] = [pool.submit(survey_deal, *job) for job in jobs]
        try:
            for number, future in enumerate(as_completed(futures), total - len(jobs) + 1):
                outcome = future.result()
                out.write(json.dumps(outcome.to_json()) + "\n")
                out.flush()
                done[(outcome.layout, outcome.seed)] = outcome
                progress(f"survey: {number}/{total} deals")
        except KeyboardInterrupt:
            pool.shutdown(wait=False, cancel_futures=True)
            solved = sum(1 for key in done if key[0] in layouts and key[1] < count)
            progress("", done=True)
            warn(f"survey stopped after {solved} of {total} deals; the same command goes on")
            raise typer.Exit(INTERRUPTED) from None
    pool.shutdown()
    if jobs:
        progress(f"survey: {total}/{total} deals", done=True)
    chosen = [done[(name, seed)] for name in layouts for seed in range(count)]
    print_figures(chosen)
    return chosen


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
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    for row in rows:
        cells = [
            cell.ljust(width) if c == 0 else cell.rjust(width)
            for c, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        say("  ".join(cells).rstrip())


def default_workers() -> int:
    return os.cpu_count() or 1
