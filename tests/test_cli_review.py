"""The command line against a review of its outside inputs (review-cli): every bad input is one
line on stderr with exit code 2 and changes nothing; no traceback, whatever the input."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import FaultyFileSystem
from test_cli_outside_input import RAW, cut, run
from test_e2e_pty import lines_tui_after
from tools.pty_terminal import lines_tui_command
from typer.testing import Result

from lines_tui.commands.exit_codes import OUTPUT_FAILED
from lines_tui.commands.start import REGISTER_HINT, check_registered, make_active
from lines_tui.engine.deal_choice import LAST_DEAL, is_deal_number
from lines_tui.engine.lines import LinesGame
from lines_tui.engine.mahjong.solvable import following
from lines_tui.store import open_store
from lines_tui.store.files import BUSY
from lines_tui.store.tables import Entry, TableId, TableIdError, entry_problem
from lines_tui.ui.mahjong.picker import parse_seed


def refused(result: Result, *reasons: str, code: int = 2) -> str:
    """The one line of a refusal (exit 2, nothing on stdout), checked for `reasons`."""
    assert result.exit_code == code, (result.stdout, result.stderr, result.exception)
    assert result.stdout == ""
    assert result.stderr.startswith("lines-tui: ") and result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr and not RAW.search(result.stderr)
    for reason in reasons:
        assert reason in result.stderr
    return result.stderr


# 1. --seed of 2**64 or more


@pytest.mark.parametrize("command", ["lines", "mahjong", "deal"])
def test_a_seed_past_two_to_the_64_is_refused(home: Path, command: str) -> None:
    refused(run(command, "--seed", str(2**64)), "'--seed'", "18446744073709551615")
    assert not (home / "data").exists()


def test_the_last_seed_is_dealt(home: Path) -> None:
    result = run("deal", "--seed", str(2**64 - 1))
    assert result.exit_code == 0 and result.stdout.startswith('{"tiles"')


def test_solvable_deals_never_step_past_the_last_deal_number() -> None:
    assert list(following(LAST_DEAL)) == [LAST_DEAL]
    assert following(LAST_DEAL - 3)[-1] == LAST_DEAL
    assert len(following(5)) == 100


@pytest.mark.parametrize("seed", [-1, 0, 7, LAST_DEAL, LAST_DEAL + 1, 2**70])
def test_every_seed_check_follows_the_engines_rule(home: Path, seed: int) -> None:
    """The range of deal numbers was written out where each caller checked it; they all ask
    `is_deal_number` now (`--seed` takes its bounds): a game, a table, an entry, the picker."""
    valid = is_deal_number(seed)
    assert valid == (0 <= seed < 2**64)
    try:
        LinesGame.new(seed)
    except ValueError:
        assert not valid
    else:
        assert valid
    try:
        TableId.lines(9).for_deal(seed)
    except TableIdError:
        assert not valid
    else:
        assert valid
    problem = entry_problem(TableId.lines(9), Entry("Ann", 10, 1_800_000_000, seed))
    assert (problem is None) == valid
    if seed >= 0:
        try:
            parse_seed(str(seed))
        except ValueError:
            assert not valid
        else:
            assert valid
        dealt = run("deal", "--seed", str(seed))
        assert (dealt.exit_code == 0) == valid, dealt.stderr


# 2. a loop of symbolic links among installed layouts


def link_loop(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "b.layout").symlink_to("a.layout")
    (folder / "a.layout").symlink_to("b.layout")
    return folder


def test_a_symlink_loop_among_installed_layouts_is_skipped_and_named(home: Path) -> None:
    link_loop(home / "share" / "kmahjongg" / "layouts")
    result = run("layouts")
    assert result.exit_code == 0, result.exception
    assert "turtle" in result.stdout and "Traceback" not in result.stderr
    problems = result.stderr.splitlines()
    assert len(problems) == 2 and all("Too many levels of symbolic links" in p for p in problems)
    assert sum("a.layout" in p for p in problems) == 1
    # "skipped cannot read ...": the reason now follows a colon, as every reason does.
    assert all(p.startswith("lines-tui: skipped: ") for p in problems), problems
    refused(run("deal", "--layout", "X"), "unknown layout 'X'")


def test_a_symlink_loop_in_a_folder_given_is_skipped(home: Path) -> None:
    folder = link_loop(home / "mine")
    result = run("layouts", "--folder", str(folder))
    assert result.exit_code == 0, result.exception
    assert result.stderr.count("\n") == 2 and "b.layout" in result.stderr


def test_an_installed_layouts_folder_that_cannot_be_listed_is_named(
    home: Path, deny_listing: Callable[[Path], None]
) -> None:
    """A usual folder there but not readable was skipped as a missing one, without a word: its
    layouts were missing from the list with no reason given. The list goes on without them."""
    folder = home / "share" / "kmahjongg" / "layouts"
    folder.mkdir(parents=True)
    deny_listing(folder)
    result = run("layouts")
    assert result.exit_code == 0, result.exception
    assert "turtle" in result.stdout
    assert result.stderr == f"lines-tui: skipped: cannot read {folder}: Permission denied\n"


def test_a_usual_folder_under_one_that_cannot_be_searched_is_not_named(
    home: Path, deny_listing: Callable[[Path], None]
) -> None:
    """Under a folder that cannot be searched (XDG_DATA_DIRS naming another user's), listing
    a usual folder fails as for one there but unreadable, whether it is there or not: both
    usual folders were named "cannot read" at every `layouts` and every picker. Only a folder
    known to be there is."""
    folder = home / "share" / "kmahjongg" / "layouts"  # not there
    deny_listing(folder)  # as the system answers for it under an unsearchable folder
    result = run("layouts")
    assert result.exit_code == 0, result.exception
    assert "turtle" in result.stdout
    assert result.stderr == ""


def test_discovery_names_a_symlink_loop_as_a_problem(home: Path) -> None:
    from lines_tui.engine.mahjong.layouts import discover_layouts

    found = discover_layouts([link_loop(home / "mine")])
    assert found.layouts == [] and len(found.problems) == 2


# 11. a layout path that is not a regular file


@pytest.mark.parametrize("kind", ["folder", "fifo", "device", "loop"])
def test_a_layout_path_that_is_no_regular_file_is_named_so(home: Path, kind: str) -> None:
    path = home / "odd.layout"
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path = Path("/dev/null")
    else:
        path = link_loop(home / "loop") / "a.layout"
    line = refused(run("deal", "--seed", "1", "--layout", str(path)))
    assert "no such layout file" not in line
    assert "not a regular file" in line or "Too many levels of symbolic links" in line
    refused(run("deal", "--layout", str(home / "missing.layout")), "no such layout file")


# 3. solve: exit 1 means unsolvable, never an unexpected error

BIG = "9" * 5000


def test_a_position_with_a_number_of_5000_digits_is_bad_input(home: Path) -> None:
    position = home / "big.json"
    position.write_text(f'{{"tiles": [[0,0,0,"a"],[2,0,0,"a"]], "removed": [{BIG}]}}')
    refused(run("solve", str(position)), "big.json: a number in it has too many digits")


def lines_tui_run(*args: str, **options: Any) -> subprocess.CompletedProcess[str]:
    """`lines-tui ARGS` in a process of its own, its output as text; `options` are
    subprocess.run's (where its output goes, its environment)."""
    return subprocess.run(
        [*lines_tui_command(), *args], text=True, timeout=120, check=False, **options
    )


def command_to(stdout: object, *args: str) -> subprocess.CompletedProcess[str]:
    return lines_tui_run(*args, stdout=stdout, stderr=subprocess.PIPE)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_output_that_cannot_be_written_is_one_line_and_exit_code_4(home: Path) -> None:
    position = home / "deal.json"
    position.write_text(run("deal", "--seed", "7").stdout)
    with open("/dev/full", "w") as full:
        for args in (["solve", str(position)], ["deal", "--seed", "1"]):
            done = command_to(full, *args)
            assert done.returncode == OUTPUT_FAILED == 4, done.stderr
            assert done.stderr == "lines-tui: cannot write the output: No space left on device\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["scores", "--help"],
        ["players", "add", "--help"],
        ["lines", "--help"],
        ["scores"],
    ],
)
def test_help_that_cannot_be_written_is_one_line_and_exit_code_4(
    home: Path, args: list[str]
) -> None:
    """click's help went to the full disk on its own and ended in a traceback, exit code 1."""
    with open("/dev/full", "w") as full:
        done = command_to(full, *args)
    assert done.returncode == OUTPUT_FAILED, done.stderr
    assert done.stderr == "lines-tui: cannot write the output: No space left on device\n"


def test_help_to_a_reader_that_went_away_ends_quietly(home: Path) -> None:
    """click ended a closed pipe with exit code 1, the output failure of every other command 4."""
    reader = subprocess.Popen(
        [*lines_tui_command(), "--help"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert reader.stdout is not None and reader.stderr is not None
    reader.stdout.close()
    assert reader.wait(timeout=120) == OUTPUT_FAILED
    assert reader.stderr.read() == b""


def test_a_closed_pipe_ends_the_output_quietly(home: Path) -> None:
    reader = subprocess.Popen(
        [*lines_tui_command(), "deal", "--seed", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert reader.stdout is not None and reader.stderr is not None
    reader.stdout.close()  # the reader went away, as `| head -0` does
    assert reader.wait(timeout=120) in (0, OUTPUT_FAILED)
    assert "Traceback" not in reader.stderr.read()


# 5. the survey's progress file


def survey(*args: str) -> Result:
    return run("layouts", "--survey", "1", "--survey-layout", "lantern", *args)


def test_a_progress_line_with_a_number_of_5000_digits_is_skipped(home: Path) -> None:
    progress = home / "survey.jsonl"
    progress.write_text(
        f'{{"layout": "lantern", "seed": {BIG}, "verdict": "solvable", "playouts": 1}}\n'
    )
    result = survey("--progress-file", str(progress))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[1].split()[:2] == ["lantern", "1"]


@pytest.mark.parametrize("kind", ["folder", "fifo", "device"])
def test_a_progress_file_that_is_no_regular_file_is_refused(home: Path, kind: str) -> None:
    path = {"folder": home, "fifo": home / "fifo", "device": Path("/dev/null")}[kind]
    if kind == "fifo":
        os.mkfifo(path)
    line = refused(survey("--progress-file", str(path)))  # a FIFO used to hang here
    assert "Is a directory" in line or "not a regular file" in line


def test_a_progress_file_in_a_missing_folder_is_refused(home: Path) -> None:
    refused(survey("--progress-file", str(home / "no" / "such" / "s.jsonl")), "no folder")
    assert not (home / "no").exists()


def test_a_progress_file_that_cannot_be_made_is_one_line(home: Path) -> None:
    refused(survey("--progress-file", "/proc/survey.jsonl"), "cannot use /proc/survey.jsonl")
    refused(run("--data-dir", "/proc/nope", "layouts", "--survey", "1"), "/proc/nope")


def test_a_progress_file_in_a_folder_too_long_to_look_up_is_one_line(home: Path) -> None:
    """Looking for the folder of `/tmp/<300 characters>/s.jsonl` raised for a name the system
    will not look up (ENAMETOOLONG): a traceback, the path in it whole."""
    given = f"/tmp/{'x' * 300}/s.jsonl"
    line = refused(survey("--progress-file", given), " for --progress-file: File name too long")
    assert line == f"lines-tui: cannot use {cut(given)} for --progress-file: File name too long\n"


# 9. survey options


def test_a_layout_named_twice_is_surveyed_once(home: Path) -> None:
    progress = home / "s.jsonl"
    result = survey("--survey-layout", "Lantern", "--progress-file", str(progress))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[1:] == [
        line for line in result.stdout.splitlines()[1:] if line.startswith("lantern ")
    ]
    assert len(result.stdout.splitlines()) == 2
    assert len(progress.read_text().splitlines()) == 1


@pytest.mark.parametrize(
    "args",
    [["--survey-layout", "turtle"], ["--workers", "2"], ["--progress-file", "x.jsonl"]],
)
def test_survey_options_without_the_survey_are_refused(home: Path, args: list[str]) -> None:
    refused(run("layouts", *args), args[0], "--survey")


def test_a_survey_too_large_to_list_is_refused(home: Path) -> None:
    """Its deals were listed before the first was solved: a billion filled the memory and
    ended in a MemoryError traceback."""
    refused(run("layouts", "--survey", "1000000000", "--survey-layout", "lantern"), "--survey")


# 17. SIGTERM to the survey


def sessions_processes(session: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == session and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def survey_workers(survey: subprocess.Popen[str]) -> list[int]:
    """The worker processes of `survey` (started in a session of its own): not the survey, nor
    multiprocessing's resource tracker."""
    return [
        pid
        for pid in sessions_processes(survey.pid)
        if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
    ]


def survey_under_way(
    home: Path, command: list[str] | None = None, layout: str = "turtle", deals: int = 500
) -> subprocess.Popen[str]:
    """A survey of `deals` deals of `layout` on two workers, in a session of its own, once its
    first outcome is written (to `s.jsonl` in `home`); by `command` (a lines-tui) if given."""
    progress = home / "s.jsonl"
    survey = subprocess.Popen(
        [
            *(command or lines_tui_command()),
            *("layouts", "--survey", str(deals), "--survey-layout", layout, "--workers", "2"),
            *("--progress-file", str(progress)),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (progress.exists() and progress.read_text()):
        time.sleep(0.05)
    return survey


def stopped_in_one_line(survey: subprocess.Popen[str], code: int, said: str) -> str:
    """The survey ended with `code`, saying `said` and no traceback, and left no process; what
    it said."""
    _, stderr = survey.communicate(timeout=60)
    assert survey.returncode == code, stderr
    assert said in stderr and "Traceback" not in stderr
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and sessions_processes(survey.pid):
        time.sleep(0.05)
    assert sessions_processes(survey.pid) == []
    return stderr


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_sigterm_stops_the_survey_and_its_workers(home: Path) -> None:
    survey = survey_under_way(home)
    assert len(sessions_processes(survey.pid)) >= 3  # the survey and its two workers
    survey.send_signal(signal.SIGTERM)
    stopped_in_one_line(survey, 143, "survey stopped after")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
@pytest.mark.parametrize("after", [0.02, 0.08, 0.15, 0.25, 0.4])
def test_ctrl_c_as_the_workers_start_stops_the_survey_without_a_traceback(
    home: Path, after: float
) -> None:
    """ctrl+c reaches every process of the terminal's group: a worker still starting
    (unpickling, importing, before its initializer ignored SIGINT) ended in a KeyboardInterrupt's
    traceback. SIGINT goes to the group `after` seconds after the survey says where it goes on
    from, which it says just before it starts its workers."""
    progress = home / "s.jsonl"
    progress.write_text('{"layout": "turtle", "seed": 0, "verdict": "solvable", "playouts": 1}\n')
    survey = subprocess.Popen(
        [
            *lines_tui_command(),
            *("layouts", "--survey", "600", "--survey-layout", "turtle", "--workers", "2"),
            *("--progress-file", str(progress)),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    assert survey.stderr is not None
    first = survey.stderr.readline()  # "1 deal already solved in ...": the workers come next
    assert "already solved" in first, first
    time.sleep(after)
    os.killpg(survey.pid, signal.SIGINT)
    stopped_in_one_line(survey, 130, "survey stopped after")


POOL_THREAD_ENDING_LATE = """
import sys, time
from concurrent.futures import process
join_internals = process._ExecutorManagerThread.join_executor_internals
def join_late(self):
    time.sleep(1)  # the pool's thread ends a second after it was told to
    join_internals(self)
process._ExecutorManagerThread.join_executor_internals = join_late
wakeup = process._ThreadWakeup.wakeup
def wakeup_told(self):
    if process._global_shutdown and not self._closed:
        sys.stderr.write("the pool's thread was still running at exit\\n")
    wakeup(self)
process._ThreadWakeup.wakeup = wakeup_told
"""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_the_survey_stopped_waits_for_the_pools_thread_before_it_exits(home: Path) -> None:
    """A ctrl+c as the survey started its workers sometimes ended with "Exception ignored …
    OSError: Bad file descriptor": the pool's thread, never waited for (a `shutdown` without
    waiting had made the pool forget it), closed its pipe as Python's exit woke it. Here that
    thread ends late, and must be over before the exit."""
    survey = survey_under_way(home, lines_tui_after(POOL_THREAD_ENDING_LATE))
    os.killpg(survey.pid, signal.SIGINT)
    _, stderr = survey.communicate(timeout=60)
    assert survey.returncode == 130, stderr
    assert "still running at exit" not in stderr and "Traceback" not in stderr


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_ctrl_c_pressed_again_and_again_stops_the_survey_once(home: Path) -> None:
    """A player who gets no prompt back at once presses ctrl+c again: a ctrl+c arriving while
    the survey stopped (its workers, the pool's thread at exit) printed a KeyboardInterrupt's
    traceback, ended it by the signal rather than with 130, or left workers running; and one
    landing inside the pool's own locks left the survey waiting for ever."""
    survey = survey_under_way(home)
    for _ in range(40):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(survey.pid, signal.SIGINT)
        time.sleep(0.01)
    stopped_in_one_line(survey, 130, "survey stopped after")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_a_survey_worker_that_dies_ends_the_survey_in_one_line(home: Path) -> None:
    """A worker killed (out of memory) must not leave the survey waiting for ever."""
    survey = survey_under_way(home)
    workers = survey_workers(survey)
    assert workers
    os.kill(workers[0], signal.SIGKILL)
    stopped_in_one_line(survey, 1, "a survey worker died after")


# 4. challenge and replay open a game: a terminal first, and no code on standard input


def challenge_code(home: Path, score_change: int = 0) -> str:
    from conftest import FIXED_NOW, played_lines_game

    from lines_tui.store import Entry, TableId, codes
    from lines_tui.store.replay import record_of_lines

    game = played_lines_game(1, size=7)
    entry = Entry("Ann", game.score + score_change, int(FIXED_NOW), 1, record_of_lines(game))
    return codes.encode(TableId.lines(7).for_deal(1), [entry])


def test_a_challenge_without_a_terminal_merges_nothing(home: Path) -> None:
    refused(run("challenge", challenge_code(home)), "the games need a terminal")
    assert open_store(home / "data").tables() == {}


def test_a_challenge_that_nothing_holds_up_in_is_one_line(home: Path) -> None:
    refused(run("challenge", challenge_code(home, 1)), "nothing to beat (entry 1: ")


def test_a_challenge_whose_result_has_no_game_is_one_line(home: Path) -> None:
    """Nothing shows that a result without its game record was made: it is nothing to beat."""
    from conftest import FIXED_NOW

    from lines_tui.store import Entry, TableId, codes

    bare = codes.encode(TableId.lines(7).for_deal(1), [Entry("Ann", 99, int(FIXED_NOW), 1)])
    refused(run("challenge", bare), "nothing to beat (entry 1: unverified: no game record")
    assert not (home / "data" / "scores.json").exists()


def test_a_table_code_given_as_a_challenge_says_how_one_is_made(home: Path) -> None:
    """It said "(see --challenge)", an option `lines-tui challenge` does not have."""
    from conftest import FIXED_NOW

    from lines_tui.store import Entry, TableId, codes

    table_code = codes.encode(TableId.lines(7), [Entry("Ann", 99, int(FIXED_NOW), 1)])
    refused(
        run("challenge", table_code),
        "this code is a table of random deals, not a challenge: a friend makes one with "
        "lines-tui scores export TABLE --challenge",
    )


@pytest.mark.parametrize("command", ["challenge", "replay"])
def test_a_game_code_on_standard_input_is_refused(home: Path, command: str) -> None:
    refused(run(command, "-", stdin=challenge_code(home)), "standard input")
    assert not (home / "data" / "scores.json").exists()


@pytest.mark.parametrize("command", ["challenge", "replay"])
def test_a_dash_among_a_game_codes_words_is_refused_as_standard_input(
    home: Path, command: str
) -> None:
    """`challenge CODE -` read the `-` as text; it names standard input, the game's keys."""
    code = challenge_code(home)
    refused(run(command, code, "-", stdin=code), "keys from standard input")
    assert not (home / "data" / "scores.json").exists()


# 7. `scores show` says "verified" only of a game it replayed


def hand_edited(home: Path, table: str, entry: dict[str, object]) -> None:
    import json

    data = home / "data"
    data.mkdir()
    document = {
        "format": "lines-tui scores",
        "version": 2,
        "players": ["Ann"],
        "active_player": "Ann",
        "tables": {table: [entry]},
    }
    (data / "scores.json").write_text(json.dumps(document))


def test_a_hand_edited_lines_entry_is_not_called_verified(home: Path) -> None:
    hand_edited(
        home,
        "lines-9",
        {
            "name": "Cheat",
            "points": 999999,
            "date": "2025-05-02T08:00:00Z",
            "seed": 1,
            "record": {"rules": 1, "moves": [[0, 0, 0, 1]]},
        },
    )
    result = run("scores", "show", "lines-9")
    cheat = next(line for line in result.stdout.splitlines() if "Cheat" in line)
    assert cheat.split()[-2:] == ["refuted", "1"] and "verified" not in cheat  # then its seed


def test_a_mahjong_record_that_does_not_replay_is_told_in_a_sentence(home: Path) -> None:
    from conftest import won_mahjong_game

    game = won_mahjong_game("turtle", 7)
    pairs = [list(move) for move in game.history]
    pairs[0], pairs[1] = pairs[1], [pairs[0][0], pairs[1][1]]  # no longer a pair at all
    hand_edited(
        home,
        "mahjong-turtle+deal-7",
        {
            "name": "Bob",
            "tenths": 3124,
            "date": "2025-05-02T08:00:00Z",
            "seed": 7,
            "record": {"dealer": 2, "pairs": pairs},
        },
    )
    shown = run("scores", "show", "mahjong-turtle+deal-7")
    assert "refuted" in shown.stdout and "not in list" not in shown.stderr
    line = refused(
        run("scores", "export", "mahjong-turtle+deal-7"),
        "cannot be shared, entry 1 is refuted: move ",
    )
    # A sentence ("takes Rd (tile 74)"), never Python's "(11, 122) is not in list".
    assert "not in list" not in line and not re.search(r"\(\d+, \d+\)", line)


# 8. --daily with --seed or --solvable


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["lines", "--daily", "--seed", "3"], "--seed"),
        (["mahjong", "--daily", "--seed", "3"], "--seed"),
        (["mahjong", "--daily", "--solvable"], "--solvable"),
        # Both named: the refusal named --seed only, and the retry without it was refused too.
        (["mahjong", "--daily", "--seed", "3", "--solvable"], "--seed or --solvable"),
    ],
)
def test_daily_with_a_seed_or_solvable_deals_is_refused(
    home: Path, args: list[str], option: str
) -> None:
    refused(run(*args), f"--daily plays the deal of the day, so it takes no {option}")


# 10. an empty --data-dir


@pytest.mark.parametrize("command", [["scores"], ["players", "add", "Ann"], []])
def test_an_empty_data_dir_is_refused(
    home: Path, command: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(home)
    refused(run("--data-dir", "", *command), "--data-dir needs a folder")
    assert sorted(p.name for p in home.iterdir()) == []


# 18. --player for every command


@pytest.mark.parametrize(
    "command",
    [
        ["scores"],
        ["scores", "show", "lines-9"],
        ["players"],
        ["players", "add", "Ann"],
        ["layouts"],
        ["deal", "--seed", "1"],
        ["lines"],
        ["mahjong"],
    ],
)
def test_an_unknown_player_is_refused_by_every_command(
    home: Path, command: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A game on a terminal: without one it is refused for that first, reading no data.
    monkeypatch.setattr("lines_tui.commands.start.require_terminal", lambda: None)
    refused(run("--player", "Nobody", *command), "no registered player is named 'Nobody'")
    assert not (home / "data").exists()


def every_command_line(home: Path) -> dict[tuple[str, ...], list[str]]:
    """Every command of the tree (a group alone runs its callback), by its words, with what it
    needs to get as far as its player check."""
    code = challenge_code(home)
    return {
        ("lines",): [],
        ("mahjong",): [],
        ("layouts",): [],
        ("deal",): ["--seed", "1"],
        ("solve",): [str(home / "position.json")],
        ("replay",): [code],
        ("challenge",): [code],
        ("scores",): [],
        ("scores", "show"): ["lines-9"],
        ("scores", "export"): ["lines-9"],
        ("scores", "remove"): ["--yes", "lines-9", "1"],
        ("scores", "import"): [code],
        ("scores", "verify"): [code],
        ("players",): [],
        ("players", "list"): [],
        ("players", "add"): ["Ann"],
        ("players", "rename"): ["Ann", "Bo"],
        ("players", "remove"): ["Ann"],
        ("players", "use"): ["Ann"],
        ("players", "guest"): [],
    }


def tree_commands(command: Any, words: tuple[str, ...] = ()) -> set[tuple[str, ...]]:
    found = {words} if words else set()
    for name, sub in getattr(command, "commands", {}).items():
        found |= tree_commands(sub, (*words, name))
    return found


def test_every_command_refuses_an_unknown_player_before_it_does_anything(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whether the tree checks `--player` first or leaves it to the command, as it opens the
    store, is read from the command (`checks_player`), no longer from a list kept by hand: a
    command marked that never checks, or a new command, fails here."""
    import typer

    from lines_tui.cli import app

    for module in ("start", "replay", "challenge"):  # a game on a terminal
        monkeypatch.setattr(f"lines_tui.commands.{module}.require_terminal", lambda: None)
    lines = every_command_line(home)
    assert tree_commands(typer.main.get_command(app)) == set(lines)  # a new one: add it above
    for words, given in lines.items():
        result = run("--player", "Nobody", *words, *given)
        assert result.exit_code == 2, (words, result.stdout, result.stderr)
        assert result.stderr == "lines-tui: no registered player is named 'Nobody' " + (
            "(register with: lines-tui players add NAME)\n"
        ), words
        assert not (home / "data").exists(), words


def test_only_a_player_not_registered_is_told_how_to_register(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Any error of the check was followed by "(register with: lines-tui players add NAME)",
    a lock another copy holds too, where registering is no cure; and a name that reads as
    several players, which its own words tell how to type."""
    data = home / "data"
    data.mkdir()
    # Ann and a fullwidth Ann, look-alikes a file of an older lines-tui may hold together.
    players = ["Ann", "\uff21nn"]
    document = {"format": "lines-tui scores", "version": 2, "players": players, "tables": {}}
    (data / "scores.json").write_text(json.dumps({**document, "active_player": None}))
    store = open_store(data)
    store.add_player("Bob")  # a write: the folder's lock file is there
    lock_taken = FaultyFileSystem()
    busy = open_store(data, fs=lock_taken, lock_wait=0.0)
    lock_taken.fail("lock")  # another copy writing the folder, past the wait
    for refused_store, player, said in [
        (store, "Nobody", f"no registered player is named 'Nobody' {REGISTER_HINT}"),
        (busy, "Ann", BUSY),
        (store, "\U0001d400nn", "'\U0001d400nn' reads as several players ('Ann', '\uff21nn')"),
        # `players add [red]Ann` is refused: the hint sent the player round in circles.
        (store, "[red]Ann", f"no registered player is named '[red]Ann', nor can one be: {MARKUP}"),
    ]:
        with pytest.raises(SystemExit) as refusal:
            check_registered(refused_store, player)
        assert refusal.value.code == 2
        line = capsys.readouterr().err
        assert line.startswith(f"lines-tui: {said}") and line.count("\n") == 1, line
        assert (REGISTER_HINT in line) == (player == "Nobody"), line


MARKUP = "a name cannot contain [ ] or \\ (they could be read as formatting codes)"


def test_a_name_no_player_may_have_is_told_why_it_is_not_registered(home: Path) -> None:
    refused(run("players", "add", "[red]Ann"), MARKUP)
    for words in (["players", "use", "[red]Ann"], ["--player", "[red]Ann", "scores"]):
        line = refused(run(*words), f"is named '[red]Ann', nor can one be: {MARKUP}")
        assert REGISTER_HINT not in line


def test_a_registered_player_is_taken_by_every_command(home: Path) -> None:
    assert run("players", "add", "Ann").exit_code == 0
    result = run("--player", "ann", "scores")
    assert result.exit_code == 0, result.stderr


# 12. the README's example of a refusal is the real one


def test_the_readmes_example_refusal_is_what_the_command_says(home: Path) -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    example = readme.split("$ lines-tui lines --size 17\n", 1)[1].splitlines()[0]
    assert run("lines", "--size", "17").stderr == example + "\n"


# 16. a challenge of an empty table


def test_a_challenge_of_an_empty_table_says_it_has_no_entries(home: Path) -> None:
    refused(run("scores", "export", "lines-9", "--challenge"), "lines-9 has no entries yet")


# 15. an import that merges nothing says so in its exit code


def test_an_import_whose_every_entry_is_refuted_exits_1(home: Path) -> None:
    code = challenge_code(home, 1)  # the score claimed is not the game's
    for args in (["scores", "import", code], ["scores", "import", "--dry-run", code]):
        result = run(*args)
        assert result.exit_code == 1, result.stdout
        assert "1 rejected" in result.stdout
    assert open_store(home / "data").tables() == {}
    assert run("scores", "verify", code).exit_code == 1


def test_an_import_that_merges_exits_0(home: Path) -> None:
    code = challenge_code(home)
    assert run("scores", "import", code).exit_code == 0
    assert run("scores", "import", code).exit_code == 0  # already there: it is in the table


def test_an_import_of_a_code_given_twice_says_so_with_the_same_exit_code(home: Path) -> None:
    """The same code twice in one paste was reported twice, the second "1 already there" as if
    the table held it before, without a word that it was given twice."""
    refuted, good = challenge_code(home, 1), challenge_code(home)
    for code, exit_code in ((refuted, 1), (good, 0)):
        for dry_run in (["--dry-run"], []):
            result = run("scores", "import", *dry_run, f"{code}\n> {code.lower()}")
            assert result.exit_code == exit_code, result.stdout
            blocks = result.stdout.splitlines()
            assert blocks[-1] == "code 2: the same as code 1"
            assert sum("Lines" in line for line in blocks) == 1  # its report, once
            assert "already there" not in result.stdout


def test_a_code_given_twice_is_verified_once(home: Path) -> None:
    """`scores verify` printed a code given twice twice over, where `import` says it."""
    refuted, good = challenge_code(home, 1), challenge_code(home)
    for code, exit_code in ((refuted, 1), (good, 0)):
        result = run("scores", "verify", code, code.lower())
        assert result.exit_code == exit_code, result.stdout
        blocks = result.stdout.splitlines()
        assert blocks[-1] == "code 2: the same as code 1"
        assert sum("Lines" in line for line in blocks) == 1  # its verdicts, once


# 13. layout titles spell their control characters out


def test_layout_titles_spell_control_characters_out(home: Path) -> None:
    folder = home / "mine"
    folder.mkdir()
    source = Path(__file__).parent.parent / "lines_tui/engine/mahjong/layouts/lantern.layout"
    (folder / "evil.layout").write_text(source.read_text())
    (folder / "evil.desktop").write_text("[KMahjonggLayout]\nName=Evil\x1b[31mred\x07 bell\n")
    (folder / "m.map").write_text(
        '<mahjongg><map name="Bad&#x9;Map&#x202e;x" scorename="bad">'
        '<tile x="0" y="0" z="0"/><tile x="2" y="0" z="0"/></map></mahjongg>\n'
    )
    result = run("layouts", "--folder", str(folder))
    assert result.exit_code == 0, result.stderr
    assert "Evil\\x1b[31mred\\x07 bell" in result.stdout
    assert "Bad\\x09Map\\u202ex" in result.stdout
    assert not RAW.search(result.stdout)


# 14. a second map of the same name in one GNOME file


def twin_maps(home: Path, *, also: str = "") -> Path:
    """The folder of `m.map`: a map named Twin of 2 tiles, another named Twin of 4 and, if
    given, one named `also` of 4."""
    folder = home / "maps"
    folder.mkdir()
    tiles = "".join(f'<tile x="{2 * n}" y="0" z="0"/>' for n in range(4))
    others = f'<map name="{also}">{tiles}</map>' if also else ""
    (folder / "m.map").write_text(
        '<mahjongg><map name="Twin"><tile x="0" y="0" z="0"/><tile x="2" y="0" z="0"/></map>'
        f'<map name="Twin">{tiles}</map>{others}</mahjongg>\n'
    )
    return folder


def test_a_second_map_of_a_taken_name_is_reached_by_its_place(home: Path) -> None:
    folder = twin_maps(home)
    listed = run("layouts", "--folder", str(folder)).stdout.splitlines()
    second = next(line for line in listed if "name taken" in line)
    assert "  ~/maps/m.map#2  (name taken" in second  # the home folder written ~
    dealt = run("deal", "--seed", "1", "--layout", "~/maps/m.map#2")  # the path as listed
    assert dealt.exit_code == 0 and dealt.stdout.count("[") == 1 + 4
    first = run("deal", "--seed", "1", "--layout", f"{folder / 'm.map'}#twin")
    assert first.stdout.count("[") == 1 + 2
    refused(run("deal", "--layout", f"{folder / 'm.map'}#3"), "no map named '3'")


def test_a_file_of_two_maps_of_one_name_says_how_to_pick_the_second(home: Path) -> None:
    """`holds 2 maps; pick one as …#NAME (twin, twin)` did not say the second twin is `#2`."""
    folder = twin_maps(home, also="Other")
    refused(run("deal", "--layout", str(folder / "m.map")), "(twin, twin (#2), other)")
    refused(run("deal", "--layout", f"{folder / 'm.map'}#4"), "(it holds: twin, twin (#2), other)")


# 16. a number option given no number


@pytest.mark.parametrize(
    ("arguments", "option"),
    [
        (["lines", "--size", "abc"], "--size"),
        (["lines", "--seed", "1.5"], "--seed"),
        (["mahjong", "--seed", "x"], "--seed"),
        (["deal", "--seed", "seven"], "--seed"),
        (["layouts", "--survey", "abc"], "--survey"),
        (["layouts", "--survey", "3", "--workers", "two"], "--workers"),
        (["replay", "ABC", "--entry", "first"], "--entry"),
        (["deal", "--seed", "\u0661\u0662"], "--seed"),  # Arabic-Indic 12: int() reads it
        (["deal", "--seed", "1_000"], "--seed"),
        (["lines", "--size", " 9 "], "--size"),
        (["scores", "export", "lines-9", "--entry", "x"], "--entry"),
        (["scores", "export", "lines-9", "--entry", "1.5"], "--entry"),
        (["scores", "remove", "lines-9", "1.5"], "N"),
        (["scores", "remove", "lines-9", "x"], "N"),
    ],
)
def test_a_number_option_given_no_number_says_so_in_plain_words(
    home: Path, arguments: list[str], option: str
) -> None:
    """click said "'abc' is not a valid int range.", a programmer's word for a player's typo; and
    it took other scripts' digits and "1_000", which no table id takes."""
    bad = arguments[arguments.index(option) + 1] if option in arguments else arguments[-1]
    line = refused(run(*arguments), f"'{option}': '{bad}' is not a valid whole number.")
    assert "int range" not in line


@pytest.mark.parametrize(
    ("arguments", "name"),
    [
        (["replay", "ABC", "--entry", "0"], "--entry"),
        (["scores", "export", "lines-9", "--entry", "0"], "--entry"),
        (["scores", "export", "lines-9", "--entry", "-1", "--challenge"], "--entry"),
        (["scores", "remove", "lines-9", "0"], "N"),
    ],
)
def test_an_entry_number_below_1_is_told_in_one_wording(
    home: Path, arguments: list[str], name: str
) -> None:
    """`replay --entry 0` named the range while `scores export --entry 0` said "lines-9 has
    entries 1 to 7, not 0", and `scores export --entry x` / `scores remove lines-9 x` said
    "'x' is not a valid int.": one mistake, one wording, before anything is read."""
    bad = arguments[arguments.index(name) + 1] if name in arguments else arguments[-1]
    refused(run(*arguments), f"'{name}': {bad} is not in the range x>=1.")
    assert not (home / "data").exists()


@pytest.mark.parametrize("command", [[], ["lines"], ["deal"], ["layouts"], ["replay"]])
def test_every_option_names_its_value_in_capitals(command: list[str]) -> None:
    """The help showed `--size <int range>`, `--workers <int range>`, `--data-dir <str>` and
    `--player <str>` beside `--seed N` and `--folder DIR`."""
    shown = run(*command, "--help")
    assert shown.exit_code == 0
    assert not re.search(r"<[a-z ]+>", shown.stdout), shown.stdout


# 17. --player changes the active player only when the game starts


@pytest.mark.parametrize(
    "args",
    [[], ["lines"], ["mahjong"], ["challenge", "LT2-XXXX"], ["replay", "LT2-XXXX"]],
)
def test_a_refused_start_leaves_the_active_player_as_it_was(home: Path, args: list[str]) -> None:
    """`--player Bob lines` refused (no terminal, a damaged code) made Bob the active player."""
    store = open_store(home / "data")
    store.add_player("Bob")
    store.set_active_player(store.add_player("Ann"))
    result = run("--data-dir", str(home / "data"), "--player", "Bob", *args)
    assert result.exit_code == 2, result.stderr
    assert store.active_player == "Ann"


def test_playing_as_the_active_player_writes_nothing_so_a_read_only_folder_plays(
    home: Path, make_read_only: Any
) -> None:
    """On a read-only data folder, `--player Ann lines` with Ann the active player was refused
    ("cannot write to ...: Read-only file system (register with: ...)"): it made her active
    again, a write."""
    data = home / "data"
    store = open_store(data)
    store.add_player("Bob")
    store.set_active_player(store.add_player("Ann"))
    make_read_only(data)
    ann = open_store(data)
    make_active(ann, "ann")
    assert ann.active_player == "Ann" and ann.warnings == []
    assert store.active_player == "Ann"


def test_another_player_plays_one_run_where_they_cannot_be_made_active(
    home: Path, make_read_only: Any
) -> None:
    """`--player Bob lines` on a read-only folder, Ann the active player, refused to start
    ("cannot write to …: Read-only file system", exit 2), though the README says play goes on
    wherever it can there: Bob plays that run (a result not saved, as any write there), the
    app says why he is not the active player, and the file is as it was."""
    data = home / "data"
    store = open_store(data)
    store.add_player("Bob")
    store.set_active_player(store.add_player("Ann"))
    make_read_only(data)
    run_store = open_store(data)
    make_active(run_store, "bob")
    assert run_store.active_player == "Bob" and run_store.snapshot().active_player == "Bob"
    (told,) = run_store.warnings
    assert told.startswith("Bob plays this run only: they could not be made the active player")
    assert "Read-only file system" in told
    assert store.active_player == "Ann"  # the file's, as it was
    with pytest.raises(SystemExit) as refusal:  # still: no such player
        make_active(open_store(data), "Nobody")
    assert refusal.value.code == 2


# 18. standard input closed


@pytest.mark.parametrize("command", [["scores", "import", "-"], ["scores", "verify", "-"]])
def test_a_code_from_a_closed_standard_input_is_refused_in_one_line(
    home: Path, command: list[str]
) -> None:
    """`lines-tui scores import - <&-` ended in a traceback (sys.stdin is None)."""
    done = lines_tui_run(*command, capture_output=True, preexec_fn=lambda: os.close(0))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        "lines-tui: standard input is closed; give the code on the command line\n"
    )


# 19. an output that cannot encode a name


def test_a_name_the_output_cannot_encode_is_printed_escaped(home: Path) -> None:
    """Under `PYTHONIOENCODING=ascii` (or a Latin-1 terminal) `players add Zoë` registered Zoë
    and then ended in a traceback printing her name; so did `players`."""
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "LINES_TUI_HOME": str(home / "data")}

    def command(*args: str) -> subprocess.CompletedProcess[str]:
        return lines_tui_run(*args, capture_output=True, env=env)

    added = command("players", "add", "Zo\u00eb")
    assert (added.returncode, added.stderr) == (0, ""), added.stderr
    assert added.stdout.startswith("registered Zo\\xeb;")
    listed = command("players")
    assert (listed.returncode, listed.stderr) == (0, "")
    assert listed.stdout.startswith("* Zo\\xeb\n")  # the first player plays
    again = command("players", "add", "Zo\u00eb")
    assert again.returncode == 2
    assert again.stderr == "lines-tui: a player named 'Zo\\xeb' is already registered\n"


# 20. a refused change writes nothing, not even a data folder, and says its own reason


def test_a_refused_change_creates_no_data_folder(home: Path) -> None:
    """`players remove Bob` with no data folder yet was refused, and left the folder and its
    lock file behind."""
    data = home / "new"
    refused(run("--data-dir", str(data), "players", "remove", "Bob"), "no registered player")
    refused(run("--data-dir", str(data), "players", "use", "Bob"), "no registered player")
    assert not data.exists()


def test_a_read_only_data_folder_refuses_a_change_for_its_own_reason(
    home: Path, make_read_only: Any
) -> None:
    """Each of these said "cannot write ...: Read-only file system", not what was wrong."""
    data = home / "data"
    store = open_store(data)
    store.add_player("Ann")
    store.add_player("Bob")
    make_read_only(data)
    given = ("--data-dir", str(data), "players")
    refused(run(*given, "add", "ann"), "a player named 'Ann' is already registered")
    refused(run(*given, "remove", "Nobody"), "no registered player is named 'Nobody'")
    refused(run(*given, "rename", "Ann", "bob"), "a player named 'Bob' is already registered")
    refused(run(*given, "add", "Cy"), "Read-only file system")  # a change: it cannot be written


# 21. a position with a face of 100,000 characters


def test_a_refusal_naming_a_long_face_stays_a_short_line(home: Path) -> None:
    """The whole face was echoed: a refusal line of 100,080 characters."""
    position = home / "long-face.json"
    position.write_text(f'{{"tiles": [[0,0,0,"{"Z" * 100_000}"],[2,0,0,"a"],[4,0,0,"a"]]}}')
    line = refused(run("solve", str(position)), "odd number of tiles (1) left")
    assert f"face '{'Z' * 23}…'" in line and len(line) < 200


# 22. a deal number past the last deal in a table id


@pytest.mark.parametrize("digits", [21, 23, 5000])
def test_a_table_of_a_deal_number_too_large_names_the_range(home: Path, digits: int) -> None:
    """`lines-9+deal-<23 digits>` said "after '+' comes daily-YYYY-MM-DD or deal-<number>": it
    is one, only past the last deal, as 20 digits above 2**64 - 1 were told."""
    number = "9" * digits
    refused(run("scores", "show", f"lines-9+deal-{number}"), "a deal number is 0 to 2**64 - 1")


def test_a_deal_number_of_thousands_of_digits_is_told_by_its_count(home: Path) -> None:
    """A deal number past 40 digits was echoed whole: a refusal of 5,000 digits (and `--seed`
    of as many, past what Python reads, "is not a valid integer" with them all). Up to 40 it
    is repeated; past, its digits are counted, wherever a deal number is refused."""
    number = "9" * 5000
    line = refused(run("scores", "show", f"lines-9+deal-{number}"))
    assert line == "lines-tui: a deal number is 0 to 2**64 - 1, not a deal number of 5,000 digits\n"
    for seed, said in ((number, "a deal number"), ("-" + number, "a negative deal number")):
        line = refused(run("lines", "--seed", seed))
        assert f"'--seed': {said} of 5,000 digits is not in the range 0<=x<=" in line
        assert len(line) < 200
    line = refused(run("replay", "lines-9", "--entry", number))
    assert "'--entry': an entry number of 5,000 digits is larger than any there is." in line
    forty = "9" * 40
    assert f"not {forty}\n" in refused(run("scores", "show", f"lines-9+deal-{forty}"))
    with pytest.raises(ValueError, match=r"^A deal number of 5,000 digits is too large: the last"):
        parse_seed(number)


def test_a_deal_number_written_with_leading_zeros_is_that_deal(home: Path) -> None:
    shown = run("scores", "show", f"lines-9+deal-{'0' * 30}42")
    assert shown.exit_code == 0 and "(lines-9+deal-42)" in shown.stdout
    refused(run("scores", "show", "lines-9+deal-4x"), "daily-YYYY-MM-DD or deal-<number>")


def test_players_use_of_a_name_not_registered_says_how_to_register(home: Path) -> None:
    """`players use Nobody` left out the hint that `--player Nobody` gives."""
    run("players", "add", "Ann")
    result = run("players", "use", "Nobody")
    assert result.exit_code == 2
    assert result.stderr == (
        "lines-tui: no registered player is named 'Nobody' "
        "(register with: lines-tui players add NAME)\n"
    )
    assert run("players", "use", "ann").stdout == "Ann plays now\n"


# 11. a file's name given where the codes go


@pytest.mark.parametrize(
    ("command", "hint"),
    [
        (["scores", "import"], "to read its codes, use - < {file}"),
        (["scores", "verify"], "to read its codes, use - < {file}"),
        (["challenge"], "give the code itself"),
    ],
)
def test_a_files_name_for_codes_says_how_a_file_is_read(
    home: Path, command: list[str], hint: str
) -> None:
    """`scores import code.txt` said only "no share code found in the text": the words are the
    codes themselves, never a file to open."""
    file = home / "my code.txt"  # quoted in the command it suggests, as a shell needs it
    file.write_text("anything\n", encoding="utf-8")
    line = refused(run(*command, str(file)), "no share code found in the text")
    suggested = hint.format(file=f"'{file}'")
    assert line.rstrip("\n").endswith(f"{file} is a file, not a code: {suggested}")
    assert "is a file" not in refused(run(*command, "code.txt"))  # no such file here


def test_version_is_printed_before_anything_is_read(home: Path) -> None:
    """A command-line user's first question had no answer: there was no --version."""
    from importlib.metadata import version

    result = run("--version", "--data-dir", "/nonexistent/folder")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"lines-tui {version('lines-tui')}\n"
    assert not (home / "data").exists()
