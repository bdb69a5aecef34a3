"""Standard error that cannot be written (`2>/dev/full`) or is not there at all (`2>&-`): every
command still ends with its own exit code, with no traceback, and nothing meant for standard
error lands on standard output."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from tools.pty_terminal import Terminal, app_environment, lines_tui_command

from lines_tui.commands.exit_codes import BAD_INPUT, INTERRUPTED, OUTPUT_FAILED

pytestmark = pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")

REFUSED = [
    ["scores", "show", "nosuch"],
    ["--bogus"],
    ["lines", "--size", "17"],
    ["deal", "--layout", "nonesuch"],
    ["--data-dir=notes"],
    ["--data-dir=notes", "scores"],
    [],  # no terminal
]


def command(
    home: Path, args: list[str], stderr: str, stdout: object = subprocess.PIPE
) -> subprocess.CompletedProcess[str]:
    """lines-tui ARGS run in `home` with standard error `full` (/dev/full) or `closed`."""
    (home / "notes").write_text("mine")
    with open("/dev/full", "w") as full:
        return subprocess.run(
            [*lines_tui_command(), *args],
            stdin=subprocess.DEVNULL,
            stdout=stdout,  # type: ignore[arg-type]
            stderr=full if stderr == "full" else None,
            # Closed in the child only: 2>&- in a shell.
            preexec_fn=(lambda: os.close(2)) if stderr == "closed" else None,
            cwd=home,
            env=app_environment(home / "data"),
            text=True,
            timeout=120,
            check=False,
        )


@pytest.mark.parametrize("stderr", ["full", "closed"])
@pytest.mark.parametrize("args", REFUSED, ids=lambda args: " ".join(args) or "menu")
def test_a_refusal_keeps_its_exit_code(home: Path, args: list[str], stderr: str) -> None:
    """`scores show nosuch 2>/dev/full` ended in a traceback that could not be written either,
    exit code 1; with standard error closed the line went to standard output."""
    done = command(home, args, stderr)
    assert (done.returncode, done.stdout) == (BAD_INPUT, "")


@pytest.mark.parametrize("stderr", ["full", "closed"])
def test_what_goes_to_standard_error_is_lost_and_nothing_else(home: Path, stderr: str) -> None:
    """The random seed `deal` names on standard error was the first line of the JSON."""
    done = command(home, ["deal", "--layout", "turtle"], stderr)
    assert done.returncode == 0
    assert len(json.loads(done.stdout)["tiles"]) == 144
    survey = ["layouts", "--survey", "1", "--survey-layout", "lantern"]
    done = command(home, [*survey, "--progress-file", str(home / "s.jsonl")], stderr)
    assert done.returncode == 0  # its progress count goes to standard error
    assert done.stdout.splitlines()[1].split()[:2] == ["lantern", "1"]


@pytest.mark.parametrize("stderr", ["full", "closed"])
def test_output_that_cannot_be_written_either_is_exit_code_4(home: Path, stderr: str) -> None:
    with open("/dev/full", "w") as full:
        done = command(home, ["deal", "--seed", "1"], stderr, stdout=full)
    assert done.returncode == OUTPUT_FAILED


@pytest.mark.parametrize("target", ["/dev/null", "/dev/full", "log"])
@pytest.mark.parametrize("game", [[], ["lines"], ["mahjong"]], ids=["menu", "lines", "mahjong"])
def test_a_game_with_standard_error_redirected_refuses_to_start(
    home: Path, game: list[str], target: str
) -> None:
    """Textual draws on standard error: on a terminal with `2>/dev/null` the game ran unseen,
    reading the keys of a player who saw nothing."""
    log = home / "log"
    redirect = str(log) if target == "log" else target
    terminal = Terminal(
        ["sh", "-c", f'exec "$@" 2>{redirect}', "sh", *lines_tui_command(), *game],
        app_environment(home / "data"),
    )
    try:
        assert terminal.wait_for_exit(30) == BAD_INPUT
    finally:
        terminal.close()
    assert terminal.output == b""  # nothing drawn
    if target == "log":
        assert log.read_text() == (
            "lines-tui: the games need a terminal (standard error is not one); "
            "`lines-tui scores` and the other commands work without one\n"
        )


@pytest.mark.parametrize(
    "args", [["deal", "--seed", "1"], ["--help"], ["players"], ["layouts"]], ids=" ".join
)
def test_a_closed_standard_output_is_output_that_cannot_be_written(
    home: Path, args: list[str]
) -> None:
    """`lines-tui deal >&-`: Python has no standard output then, and writing to it was an
    AttributeError's traceback, exit code 1."""
    done = subprocess.run(
        [*lines_tui_command(), *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        preexec_fn=lambda: os.close(1),
        env=app_environment(home / "data"),
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == OUTPUT_FAILED
    assert done.stderr == "lines-tui: cannot write the output: standard output is closed\n"


SURVEY_WATCHED = """
import sys
import lines_tui.commands.survey as survey

opened = survey.open_progress_file


def watched(path):
    stream = opened(path)
    print("progress file on", stream.fileno(), file=sys.__stdout__, flush=True)
    return stream


survey.open_progress_file = watched
from lines_tui.cli import main

sys.argv[0] = "lines-tui"
main()
"""


def test_a_closed_standard_error_is_not_taken_by_a_file_of_the_command(home: Path) -> None:
    """With 2>&- the first file opened got file descriptor 2: the survey's progress file (or the
    data folder's lock file) was standard error below Python, and to every worker process."""
    survey = ["layouts", "--survey", "1", "--survey-layout", "lantern"]
    done = subprocess.run(
        [sys.executable, "-c", SURVEY_WATCHED, *survey, "--progress-file", str(home / "s.jsonl")],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        preexec_fn=lambda: os.close(2),
        env=app_environment(home / "data"),
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout.startswith("progress file on ")
    assert int(done.stdout.split()[3]) > 2, done.stdout


INTERRUPTED_WHILE_LOADING = """
import sys
from importlib.abc import MetaPathFinder
from importlib.metadata import entry_points

loading = sys.argv.pop(1)


class Interrupting(MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == loading:
            raise KeyboardInterrupt  # ctrl+c while the module loads
        return None


sys.meta_path.insert(0, Interrupting())
(command,) = entry_points(group="console_scripts", name="lines-tui")  # as the installed one
sys.argv[0] = "lines-tui"
command.load()()
"""


@pytest.mark.parametrize(
    ("loading", "args"),
    [
        ("lines_tui.commands.tree", ["solve", "x.json"]),
        ("lines_tui.commands.start", []),
        ("lines_tui.commands.common", ["solve", "x.json"]),
        ("lines_tui.outside_text", []),
    ],
)
def test_ctrl_c_while_the_commands_load_ends_with_130_and_no_traceback(
    home: Path, loading: str, args: list[str]
) -> None:
    """The command tree takes about a quarter of a second to import: ctrl+c then printed a
    KeyboardInterrupt's traceback (a reliability review); and in the tenth of a second before
    it, while the command's own module loaded what it needs to start (a hostile-input test)."""
    done = subprocess.run(
        [sys.executable, "-c", INTERRUPTED_WHILE_LOADING, loading, *args],
        capture_output=True,
        env=app_environment(home / "data"),
        text=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (INTERRUPTED, "", "")
