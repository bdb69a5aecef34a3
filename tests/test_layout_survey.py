"""`lines-tui layouts --survey N`: every deal's outcome kept, figures per layout, stopped with
ctrl+c and resumed from where it stopped."""

from __future__ import annotations

import errno
import fcntl
import json
import os
import resource
import shutil
import signal
import subprocess
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from conftest import MAHJONG_FIXTURES, install_layouts
from test_cli_review import (
    sessions_processes,
    stopped_in_one_line,
    survey_under_way,
    survey_workers,
)
from tools.pty_terminal import Terminal, app_environment, lines_tui_command
from typer.testing import CliRunner, Result

from lines_tui.cli import app
from lines_tui.commands import survey
from lines_tui.engine.mahjong.deal import deal
from lines_tui.engine.mahjong.layouts import find_layout
from lines_tui.engine.mahjong.solver import Verdict, solve
from lines_tui.engine.mahjong.survey import Outcome, figures, survey_deal, survey_key


def test_a_deals_outcome_is_the_solvers_verdict_within_the_playout_budget() -> None:
    outcome = survey_deal("turtle", 37)
    assert outcome == Outcome("turtle", 37, Verdict.UNSOLVABLE, outcome.playouts)
    assert outcome.playouts == solve(deal(find_layout("turtle"), 37)).nodes
    assert survey_deal("turtle", 24, playouts=2).verdict is Verdict.UNDECIDED
    assert Outcome.from_json(json.loads(json.dumps(outcome.to_json()))) == outcome
    assert Outcome.from_json({"layout": "turtle", "seed": -1}) is None


def test_figures_count_each_layouts_verdicts() -> None:
    outcomes = [
        Outcome("a", 0, Verdict.SOLVABLE, 1),
        Outcome("a", 1, Verdict.UNSOLVABLE, 9),
        Outcome("b", 0, Verdict.UNDECIDED, 50),
        Outcome("a", 2, Verdict.SOLVABLE, 3),
    ]
    first, second = figures(outcomes)
    assert (first.layout, first.deals, first.solvable, first.unsolvable) == ("a", 3, 2, 1)
    assert first.median_playouts == 3
    assert first.solvable_share == 2 / 3
    assert (second.layout, second.undecided) == ("b", 1)


def test_the_survey_prints_figures_and_reuses_what_it_found(tmp_path: Path) -> None:
    progress = tmp_path / "survey.jsonl"
    command = ["layouts", "--survey", "3", "--survey-layout", "turtle", "--workers", "1"]
    result = CliRunner().invoke(app, [*command, "--progress-file", str(progress)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1].split() == ["turtle", "3", "100.0%", "0", "0", "1"]
    assert len(progress.read_text().splitlines()) == 3
    # Standard error is no terminal here (a log file): the last count only, on its own line.
    assert result.stderr == "survey: 3/3 deals\n"
    # A cut-short line (a survey stopped while writing) is ignored; nothing is solved twice.
    with progress.open("a") as out:
        out.write('{"layout": "tur')
    again = CliRunner().invoke(app, [*command, "--progress-file", str(progress)])
    assert again.exit_code == 0, again.output
    assert "3 deals already solved" in again.stderr
    assert again.stdout == result.stdout
    # The next deal solved goes on a line of its own, not glued to the cut one and lost.
    more = ["layouts", "--survey", "4", "--survey-layout", "turtle", "--workers", "1"]
    assert CliRunner().invoke(app, [*more, "--progress-file", str(progress)]).exit_code == 0
    last = CliRunner().invoke(app, [*more, "--progress-file", str(progress)])
    assert "4 deals already solved" in last.stderr


def test_a_layout_file_is_surveyed_by_its_path(tmp_path: Path) -> None:
    """The workers looked the file's layout up by name, found none, and the survey ended in a
    traceback."""
    layout = tmp_path / "steps.layout"
    layout.write_bytes((MAHJONG_FIXTURES / "steps.layout").read_bytes())
    progress = tmp_path / "survey.jsonl"
    command = ["layouts", "--survey", "2", "--survey-layout", str(layout), "--workers", "1"]
    result = CliRunner().invoke(app, [*command, "--progress-file", str(progress)])
    assert result.exit_code == 0, result.output
    heading, row = result.stdout.splitlines()
    # A path too long for 80 columns gives up its folders, not its file's name (a review: every
    # row of a long path wrapped).
    shown, deals = row.split()[:2]
    assert len(str(layout)) > 24 and shown.endswith("…/steps.layout") and deals == "2"
    assert len(heading) <= 80 and len(row) <= 80


def test_an_installed_layout_is_named_as_it_was_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, home: Path
) -> None:
    """Player review: `--survey-layout bigsea` printed its figures under the file's path, cut
    to `/tmp/mjre…/bigsea.layout`; the workers still find it by that path."""
    install_layouts(monkeypatch, home, ["Big Sea"])
    progress = tmp_path / "survey.jsonl"
    command = ["layouts", "--survey", "1", "--survey-layout", "big sea", "--workers", "1"]
    result = CliRunner().invoke(app, [*command, "--progress-file", str(progress)])
    assert result.exit_code == 0, result.output
    _, row = result.stdout.splitlines()
    assert row.split()[:3] == ["big", "sea", "1"]


def test_a_layout_files_name_with_control_characters_keeps_the_figures_in_their_columns(
    tmp_path: Path,
) -> None:
    """The column was measured on the name as it was, and printed spelled out (`\x1b` is four
    characters for one): each figure of that row stood under the heading to its right."""
    layout = tmp_path / "bad\x1b[31mred\x07bell\nline.layout"
    layout.write_bytes((MAHJONG_FIXTURES / "steps.layout").read_bytes())
    progress = tmp_path / "survey.jsonl"
    command = ["layouts", "--survey", "1", "--survey-layout", str(layout), "--workers", "1"]
    command += ["--survey-layout", "lantern"]
    result = CliRunner().invoke(app, [*command, "--progress-file", str(progress)])
    assert result.exit_code == 0, result.output
    heading, *rows = result.stdout.splitlines()
    assert "…/bad\\x1b[31mred" in rows[0]
    assert [len(row) for row in rows] == [len(heading)] * 2


def test_a_layout_that_cannot_be_found_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["layouts", "--survey", "2", "--survey-layout", "no-such-layout"]
    )
    assert result.exit_code == 2
    assert result.output.startswith("lines-tui: ")


ONE_LANTERN_DEAL = ["layouts", "--survey", "1", "--survey-layout", "lantern", "--workers", "1"]


def survey_one_lantern_deal(progress: Path) -> Result:
    """`lines-tui layouts --survey 1 --survey-layout lantern`, its progress kept in `progress`."""
    return CliRunner().invoke(app, [*ONE_LANTERN_DEAL, "--progress-file", str(progress)])


def refused_survey_of_one_lantern_deal(progress: Path) -> Result:
    """`survey_one_lantern_deal`, refused: exit code 2, nothing on stdout (its line on stderr)."""
    result = survey_one_lantern_deal(progress)
    assert result.exit_code == 2 and result.stdout == ""
    return result


@pytest.mark.parametrize(
    ("held", "line"),
    [
        ("my notes\nabout layouts\n", 1),
        ('{"tiles": [\n  [2, 0, 0, "b3"]\n]}\n', 1),  # a position file, as `deal` writes it
        ('{"layout": "turtle", "seed": 0, "verdict": "solvable", "playouts": 1}\n\nnotes\n', 3),
        ('{"layout": "turtle", "seed": 0, "verdict": "solvable", "playouts": 1}\n[1, 2]', 2),
        # Whole lines that begin as an outcome does, but are none (a hostile-input test: each
        # was taken for an outcome cut short, and the deal solved again without a word).
        ('{"layout": "turtle", "seed": 0, "verdict": "solvable", "playouts": -5}\n', 1),
        ('{"layout": "turtle", "seed": 0, "verdict": "[red]x", "playouts": 1}\n', 1),
        ('{"layout": "turtle"}\n', 1),
    ],
)
def test_a_file_no_survey_wrote_is_refused_and_left_alone(
    tmp_path: Path, held: str, line: int
) -> None:
    """`--progress-file` appended the survey's lines to any regular file, exit code 0."""
    progress = tmp_path / "mine.txt"
    progress.write_text(held)
    result = refused_survey_of_one_lantern_deal(progress)
    assert result.stderr == (
        f"lines-tui: {progress} is not a survey's progress file (line {line} is no deal's "
        "outcome); --progress-file takes a new or empty file or one a survey wrote\n"
    )
    assert progress.read_text() == held


def test_a_progress_file_not_utf8_is_refused_naming_the_bad_byte(tmp_path: Path) -> None:
    """It was refused in Python's words ("'utf-8' codec can't decode byte 0xff in position
    0: invalid start byte"), not as every other file that is not UTF-8 text."""
    progress = tmp_path / "survey.jsonl"
    held = b'{"layout": "x"\n\xff\n'
    progress.write_bytes(held)
    result = refused_survey_of_one_lantern_deal(progress)
    assert result.stderr == f"lines-tui: {progress}: not UTF-8 text (at byte 15)\n"
    assert progress.read_bytes() == held


def test_a_progress_file_that_may_not_be_written_serves_a_survey_it_holds_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only data folder refused the survey even when every deal was in its progress file
    and nothing was left to write (a reliability review). Read only, the figures come from it;
    a survey that has deals left to solve is still refused, in one line, before any is solved."""
    progress = tmp_path / "survey.jsonl"
    command = ["layouts", "--survey-layout", "lantern", "--workers", "1"]
    command += ["--progress-file", str(progress)]
    first = CliRunner().invoke(app, [*command, "--survey", "2"])
    assert first.exit_code == 0, first.output
    held = progress.read_text()
    may_not_be_written(progress, monkeypatch)
    again = CliRunner().invoke(app, [*command, "--survey", "2"])
    assert again.exit_code == 0, again.output
    assert again.stdout == first.stdout
    more = CliRunner().invoke(app, [*command, "--survey", "3"])
    assert more.exit_code == 2 and more.stdout == ""
    assert more.stderr == (
        f"lines-tui: cannot use {progress} for --progress-file: it cannot be written, with 1 of 3 "
        "deals still to solve\n"
    )
    assert progress.read_text() == held


def may_not_be_written(progress: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The survey may open `progress` to read only, as in a read-only data folder (a chmod does
    not stop root)."""
    opened = os.open

    def read_only_file_system(path: Any, flags: int, *args: Any) -> int:
        if Path(path) == progress and flags & (os.O_RDWR | os.O_WRONLY):
            raise OSError(errno.EROFS, "Read-only file system")
        return opened(path, flags, *args)

    monkeypatch.setattr("lines_tui.commands.survey.os.open", read_only_file_system)


@pytest.mark.skipif(os.name != "posix", reason="a shared lock is POSIX's")
@pytest.mark.parametrize("other_writes", [True, False])
def test_a_progress_file_another_survey_holds_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, other_writes: bool
) -> None:
    """Two surveys on one progress file each solved every deal and appended each outcome
    twice. One that is only reading a file held whole still keeps a second from writing to it
    meanwhile, and two that only read it share it."""
    progress = tmp_path / "survey.jsonl"
    progress.write_text("")
    other = os.open(progress, os.O_RDONLY)
    try:
        fcntl.flock(other, fcntl.LOCK_EX if other_writes else fcntl.LOCK_SH)
        result = refused_survey_of_one_lantern_deal(progress)
        assert result.stderr == (
            f"lines-tui: cannot use {progress} for --progress-file: another survey is using it\n"
        )
        assert progress.read_text() == ""
    finally:
        os.close(other)
    first = survey_one_lantern_deal(progress)
    assert first.exit_code == 0, first.output
    held = progress.read_text()
    may_not_be_written(progress, monkeypatch)
    other = os.open(progress, os.O_RDONLY)
    try:
        fcntl.flock(other, fcntl.LOCK_SH)
        again = survey_one_lantern_deal(progress)
    finally:
        os.close(other)
    assert again.exit_code == 0 and again.stdout == first.stdout, again.output
    assert progress.read_text() == held


def test_a_progress_file_that_cannot_be_locked_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file system without locks (NFS without its lock daemon: ENOLCK) ended the survey in a
    traceback (a code review)."""

    def no_locks(*_: object, **__: object) -> bool:
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr("lines_tui.commands.survey.FileSystem.try_lock", no_locks)
    progress = tmp_path / "survey.jsonl"
    result = refused_survey_of_one_lantern_deal(progress)
    assert result.stderr == (
        f"lines-tui: cannot use {progress} for --progress-file: cannot lock it: "
        "No locks available\n"
    )


@pytest.mark.parametrize("held", ["", '{"layout": "lan', '{"lay'])
def test_an_empty_file_or_one_cut_short_is_a_progress_file(tmp_path: Path, held: str) -> None:
    """A survey stopped while writing its first outcome left the start of one: that file is
    the survey's, and goes on."""
    progress = tmp_path / "survey.jsonl"
    progress.write_text(held)
    result = survey_one_lantern_deal(progress)
    assert result.exit_code == 0, result.output
    kept = progress.read_text().splitlines()
    assert kept[: 1 if held else 0] == ([held] if held else [])
    assert json.loads(kept[-1])["layout"] == "lantern"


LANTERN_0 = '{"layout": "lantern", "seed": 0, "verdict": "solvable", "playouts": 1}'
"""Deal 0 of Lantern's outcome, as a survey writes it."""


@pytest.mark.parametrize(
    ("held", "told"),
    [("\n", ""), ("\r\n \n", ""), (f"\n{LANTERN_0}\n\n", "1 deal already solved")],
)
def test_blank_lines_are_nothing_in_a_progress_file(tmp_path: Path, held: str, told: str) -> None:
    """A file holding only a newline (`echo > survey.jsonl`) was refused as "not a survey's
    progress file (line 1 is no deal's outcome)", where an empty one is taken; and one deal
    already solved was told as "1 deals"."""
    progress = tmp_path / "survey.jsonl"
    progress.write_text(held)
    command = ["layouts", "--survey", "2", "--survey-layout", "lantern", "--workers", "1"]
    result = CliRunner().invoke(app, [*command, "--progress-file", str(progress)])
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith(f"lines-tui: {told} in {progress}\n" if told else "survey")
    seeds = [json.loads(line)["seed"] for line in progress.read_text().split("\n") if line.strip()]
    assert sorted(seeds) == [0, 1]


SURVEY_STOPPED = 100
"""Deals in the survey that ctrl+c stops after its first: at about 20 ms a Turtle deal, 12 were
all solved before a loaded machine delivered the signal, and the stop was not seen."""


def test_ctrl_c_stops_the_survey_and_the_same_command_goes_on(tmp_path: Path) -> None:
    progress = tmp_path / "survey.jsonl"
    command = [
        *lines_tui_command(),
        "layouts",
        "--survey",
        str(SURVEY_STOPPED),
        "--survey-layout",
        "turtle",
        "--workers",
        "1",
        "--progress-file",
        str(progress),
    ]
    survey = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # A test run started in the background (`&`) ignores ctrl+c, and so would the survey:
        # it starts with ctrl+c as a terminal gives it.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (progress.exists() and progress.read_text()):
        time.sleep(0.05)
    survey.send_signal(signal.SIGINT)
    _, stderr = survey.communicate(timeout=120)
    assert survey.returncode == 130, stderr
    assert "survey stopped after" in stderr
    kept = progress.read_text().splitlines()
    assert 1 <= len(kept) < SURVEY_STOPPED
    finished = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    assert finished.returncode == 0, finished.stderr
    solved = "1 deal" if len(kept) == 1 else f"{len(kept)} deals"
    assert f"lines-tui: {solved} already solved in" in finished.stderr
    seeds = [json.loads(line)["seed"] for line in progress.read_text().splitlines()]
    assert sorted(seeds) == list(range(SURVEY_STOPPED))
    assert finished.stdout.splitlines()[1].split()[:2] == ["turtle", str(SURVEY_STOPPED)]


EDITED_SURVEY = 20_000
"""Deals of the small layout surveyed while its file is edited: 500 took about 0.4 s on a loaded
machine, which a stalled test could let the survey finish before the edit."""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
@pytest.mark.parametrize("edit", ["garbage", "delete", "another"])
def test_a_layout_file_edited_while_it_is_surveyed_stops_it_in_one_line(
    home: Path, edit: str
) -> None:
    """The worker that read it raised a LayoutError, which the survey raised again: a traceback
    of 100 lines, exit code 1. A file edited into another layout was told in one line, but only
    once every deal had been solved, on whichever layout the file held by then (a code review).
    Each stops the survey at once now, the outcomes found kept."""
    layout = home / "mine.layout"
    layout.write_bytes((MAHJONG_FIXTURES / "steps.layout").read_bytes())
    surveyed = {survey_key(find_layout(str(layout)))}
    survey = survey_under_way(home, layout=str(layout), deals=EDITED_SURVEY)
    if edit == "garbage":
        with layout.open("a") as text:
            text.write("garbage line\n")
    elif edit == "delete":
        layout.unlink()
    else:
        layout.write_bytes((MAHJONG_FIXTURES / "pair_v10.layout").read_bytes())
        surveyed.add(survey_key(find_layout(str(layout))))
    assert stopped_in_one_line(survey, 2, "") == (
        f"lines-tui: {layout} changed while it was surveyed; the same command goes on\n"
    )
    kept = [json.loads(line) for line in (home / "s.jsonl").read_text().splitlines()]
    assert kept and len(kept) < EDITED_SURVEY
    # Each deal kept under the layout its worker read, the one before the edit or after it, in
    # whatever order the workers finished (an earlier check that the new one came last failed
    # when other deals of the old one came in with it).
    assert {found["layout"] for found in kept} <= surveyed


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
@pytest.mark.parametrize(("signum", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_stopped_worker_is_killed_when_the_survey_stops(
    home: Path, signum: int, code: int
) -> None:
    """A worker stopped (SIGSTOP) never gets the SIGTERM that ends it: the survey told to stop
    waited for it for ever, deaf to ctrl+c and SIGTERM, until it went on (SIGCONT). It is killed
    once the others have had their time to end."""
    survey = survey_under_way(home)
    stuck = survey_workers(survey)[0]
    os.kill(stuck, signal.SIGSTOP)
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and process_state(stuck) != "T":
            time.sleep(0.01)
        survey.send_signal(signum)
        stopped_in_one_line(survey, code, "survey stopped after")
    finally:
        if survey.poll() is None:  # hung: let it end
            os.kill(stuck, signal.SIGCONT)
            survey.kill()
            survey.communicate()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_the_workers_die_with_the_survey_killed(home: Path) -> None:
    """`kill -9` of the survey, which leaves it no clean-up, left its workers solving for good
    under PID 1, and multiprocessing's resource tracker, which they held open, with them."""
    survey = survey_under_way(home)
    assert len(survey_workers(survey)) == 2
    survey.kill()
    survey.wait(timeout=60)
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and sessions_processes(survey.pid):
            time.sleep(0.05)
        assert sessions_processes(survey.pid) == []
    finally:
        for left in sessions_processes(survey.pid):  # its processes, failing: not left running
            os.kill(left, signal.SIGKILL)
        survey.communicate()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
@pytest.mark.parametrize("to_its_group", [False, True])
def test_a_hang_up_stops_the_survey_as_sigterm_does(home: Path, to_its_group: bool) -> None:
    """SIGHUP ended the survey at once, its line unsaid: sent to it alone, its workers were left
    running; to its whole group, as when its terminal closes, it ended multiprocessing's
    resource tracker too, and the survey (made to stop as SIGTERM stops it) ended in five
    tracebacks of a tracker started again."""
    survey = survey_under_way(home)
    if to_its_group:
        os.killpg(survey.pid, signal.SIGHUP)
    else:
        survey.send_signal(signal.SIGHUP)
    said = stopped_in_one_line(survey, 129, "survey stopped after")
    assert said.startswith("lines-tui: survey stopped after") and said.count("\n") == 1


@pytest.mark.skipif(shutil.which("nohup") is None, reason="needs nohup")
def test_under_nohup_a_hang_up_lets_the_survey_go_on(home: Path) -> None:
    """SIGHUP ignored as `nohup` leaves it is not taken as a stop (README: "under `nohup` it
    goes on")."""
    survey = survey_under_way(home, command=["nohup", *lines_tui_command()], deals=40)
    os.killpg(survey.pid, signal.SIGHUP)
    stdout, stderr = survey.communicate(timeout=120)
    assert survey.returncode == 0, stderr
    assert stdout.splitlines()[1].split()[1] == "40"


def process_state(pid: int) -> str:
    """The state of process `pid` as /proc tells it ("T": stopped)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]


FULL_AT = 1000
"""Bytes a file may grow to in the survey below: about 14 outcomes, the next one cut short."""


def test_a_progress_file_that_cannot_grow_ends_the_survey_in_one_line(tmp_path: Path) -> None:
    """A full disk printed the survey's one line, then two tracebacks (the outcome left in the
    file's buffer failed again as the file closed), exit code 1. A process may write no file
    larger than its limit, which fails a write as a full disk does, as "File too large"."""

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (FULL_AT, FULL_AT))

    progress = tmp_path / "survey.jsonl"
    command = [*lines_tui_command(), "layouts", "--survey", "40", "--workers", "1"]
    command += ["--survey-layout", "lantern", "--progress-file", str(progress)]
    full = subprocess.run(
        command, capture_output=True, text=True, preexec_fn=small_files, timeout=120, check=False
    )
    assert full.returncode == 2 and full.stdout == ""
    assert full.stderr == f"lines-tui: cannot write to {progress}: File too large\n"
    *kept, cut = progress.read_text().split("\n")
    assert len(progress.read_bytes()) == FULL_AT  # the last outcome cut short there:
    assert cut and (cut.startswith('{"layout": ') or '{"layout": '.startswith(cut))
    # With room again, the same command goes on: the line cut short is set apart.
    finished = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert finished.returncode == 0, finished.stderr
    assert f"lines-tui: {len(kept)} deals already solved in {progress}" in finished.stderr
    lines = progress.read_text().splitlines()
    assert lines[len(kept)] == cut
    seeds = [json.loads(line)["seed"] for line in lines if line != cut]
    assert sorted(seeds) == list(range(40))


def test_ctrl_c_at_a_terminal_leaves_no_stray_echo(tmp_path: Path) -> None:
    """The stop's line is written over the progress line and the "^C" the terminal echoed
    after it: a newline there left "^C" on a row of its own (a player review)."""
    progress = tmp_path / "survey.jsonl"
    # Far more deals than are solved before the stop: the progress line shows from the first.
    command = [*lines_tui_command(), "layouts", "--survey", "5000"]
    options = ["--survey-layout", "turtle", "--workers", "1", "--progress-file", str(progress)]
    terminal = Terminal([*command, *options], app_environment(tmp_path), controlling=True)
    try:
        terminal.wait_for(lambda screen: "survey: " in screen, "the progress line")
        terminal.send("\x03")
        assert terminal.wait_for_exit(120) == 130, terminal.text()
        assert b"^C" in terminal.output  # the terminal echoed it
        # The stop's line on the progress line's row, nothing else left on the screen.
        rows = [row.rstrip() for row in terminal.text().splitlines()]
        assert rows[0].startswith("lines-tui: survey stopped after"), rows
        assert not any(rows[1:]), rows
    finally:
        terminal.close()


def test_one_layout_named_two_ways_is_one_survey(cwd: Path) -> None:
    """Outcomes were kept by how the layout was named: `--survey-layout evil`, then the same file
    by its path, solved every deal again."""
    folder = cwd.parent / "share" / "kmahjongg" / "layouts"
    folder.mkdir(parents=True)
    (folder / "evil.layout").write_bytes((MAHJONG_FIXTURES / "steps.layout").read_bytes())
    progress = cwd / "survey.jsonl"
    survey = ["layouts", "--survey", "3", "--workers", "1", "--progress-file", str(progress)]
    first = CliRunner().invoke(app, [*survey, "--survey-layout", "evil"])
    assert first.exit_code == 0, first.output
    by_path = "../share/kmahjongg/layouts/evil.layout"
    again = CliRunner().invoke(app, [*survey, "--survey-layout", by_path])
    assert again.exit_code == 0, again.output
    assert "3 deals already solved" in again.stderr
    assert len(progress.read_text().splitlines()) == 3
    assert again.stdout.splitlines()[1].split()[:2] == ["../share/km…/evil.layout", "3"]
    # Named both ways at once, it is surveyed once, and stderr says so: the one row of figures
    # named only the first (a player review).
    both = CliRunner().invoke(app, [*survey, "--survey-layout", "evil", "--survey-layout", by_path])
    assert len(both.stdout.splitlines()) == 2
    assert (
        f"lines-tui: evil and {by_path} have the same tile places: surveyed once, as evil\n"
        in both.stderr
    )
    # A progress file refused is said alone: bad input gets one line (a code review).
    notes = cwd / "notes.txt"
    notes.write_text("my notes\n")
    into_notes = [*survey[:-1], str(notes)]  # the same survey, its progress file the notes
    refused = CliRunner().invoke(
        app, [*into_notes, "--survey-layout", "evil", "--survey-layout", by_path]
    )
    assert refused.exit_code == 2 and len(refused.stderr.splitlines()) == 1, refused.stderr


def test_a_progress_file_of_outcomes_kept_by_path_is_still_read(tmp_path: Path) -> None:
    """Older surveys kept a layout file's outcomes by its path: they are reused, not solved
    again."""
    layout = tmp_path / "steps.layout"
    layout.write_bytes((MAHJONG_FIXTURES / "steps.layout").read_bytes())
    progress = tmp_path / "survey.jsonl"
    older = [Outcome(str(layout), seed, Verdict.SOLVABLE, 7) for seed in range(2)]
    progress.write_text("".join(json.dumps(o.to_json()) + "\n" for o in older))
    command = ["layouts", "--survey", "2", "--survey-layout", str(layout), "--workers", "1"]
    result = CliRunner().invoke(app, [*command, "--progress-file", str(progress)])
    assert result.exit_code == 0, result.output
    assert "2 deals already solved" in result.stderr
    shown, *found = result.stdout.splitlines()[1].split()
    assert shown.endswith("…/steps.layout") and found == ["2", "100.0%", "0", "0", "7"]
    assert len(progress.read_text().splitlines()) == 2


@pytest.mark.parametrize("workers", ["1025", "99999999999"])
def test_too_many_workers_are_refused_in_one_line(tmp_path: Path, workers: str) -> None:
    """`--workers` had no upper bound: the pool's count of idle workers overflowed a C int, an
    OverflowError's traceback (exit 1)."""
    progress = tmp_path / "survey.jsonl"
    command = ["layouts", "--survey", "1", "--survey-layout", "lantern", "--workers", workers]
    result = CliRunner().invoke(app, [*command, "--progress-file", str(progress)])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (
        f"lines-tui: Invalid value for '--workers': {workers} is not in the range 1<=x<=1024. "
        "(see: lines-tui layouts --help)\n"
    )
    assert not progress.exists()


def test_more_workers_than_the_memory_holds_are_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """1,024 workers of about 28 MB each were allowed on a machine of 24 GB: they would take it
    all, and the machine with it. The refusal comes before the progress file is made."""
    monkeypatch.setattr(survey, "physical_memory", lambda: 8 << 30)
    progress = tmp_path / "survey.jsonl"
    command = ["layouts", "--survey", "5000", "--survey-layout", "lantern", "--workers", "1024"]
    result = CliRunner().invoke(app, [*command, "--progress-file", str(progress)])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (
        "lines-tui: --workers 1024 needs about 40960 MB of memory, 40 MB a worker; this machine "
        "has 8192 MB: ask for 102 or fewer\n"
    )
    assert not progress.exists()
    # Fewer deals than workers asked: the refusal names both numbers, not one never typed.
    command[2] = "200"
    result = CliRunner().invoke(app, [*command, "--progress-file", str(progress)])
    assert result.exit_code == 2 and result.stderr == (
        "lines-tui: --workers 1024 starts 200 workers here (one a deal) and needs about 8000 MB "
        "of memory, 40 MB a worker; this machine has 8192 MB: ask for 102 or fewer\n"
    )
    # Where the system does not say how much memory it has, the workers are not held to it.
    assert survey.workers_memory_problem(1024, 1024, None) is None


def test_no_more_workers_start_than_there_are_deals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each worker is a Python of its own to start (a third of a second): `--workers 8` for two
    deals started eight."""
    started: list[int] = []
    start = ProcessPoolExecutor.__init__

    def recorded(pool: ProcessPoolExecutor, *args: Any, **kwargs: Any) -> None:
        started.append(kwargs["max_workers"])
        start(pool, *args, **kwargs)

    monkeypatch.setattr(ProcessPoolExecutor, "__init__", recorded)
    command = ["layouts", "--survey", "2", "--survey-layout", "lantern", "--workers", "8"]
    result = CliRunner().invoke(app, [*command, "--progress-file", str(tmp_path / "p.jsonl")])
    assert result.exit_code == 0, result.output
    assert started == [2]


def test_ctrl_c_waits_only_while_the_workers_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ctrl+c is held back while the pool starts its workers, so that none is born taking it
    (a traceback); it was held for every deal handed out, and a survey of 100,000 deals of each
    layout took 10-15 s to stop."""
    blocked: list[bool] = []
    submit = ProcessPoolExecutor.submit

    def recorded(pool: ProcessPoolExecutor, *args: Any, **kwargs: Any) -> Any:
        blocked.append(signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, []))
        return submit(pool, *args, **kwargs)

    monkeypatch.setattr(ProcessPoolExecutor, "submit", recorded)
    command = ["layouts", "--survey", "5", "--survey-layout", "lantern", "--workers", "2"]
    result = CliRunner().invoke(app, [*command, "--progress-file", str(tmp_path / "p.jsonl")])
    assert result.exit_code == 0, result.output
    assert blocked == [True, True, False, False, False]


def test_more_workers_than_the_system_allows_are_refused_in_one_line(tmp_path: Path) -> None:
    """With the files a process may open cut to 40, 60 workers ran out of them as they started,
    and the survey said it could not write its progress file. Cut to 30 (where 2 workers run),
    12 workers are too many: few enough to pass the memory bound on a small machine (60 need
    about 2.4 GB, refused under 5 GB)."""

    def few_files() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (30, 30))

    command = ["layouts", "--survey", "60", "--survey-layout", "lantern", "--workers", "12"]
    done = subprocess.run(
        [*lines_tui_command(), *command, "--progress-file", str(tmp_path / "p.jsonl")],
        capture_output=True,
        text=True,
        preexec_fn=few_files,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == (
        "lines-tui: cannot start 12 survey workers: Too many open files; "
        "ask for fewer with --workers"
    )
