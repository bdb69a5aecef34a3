"""`--data-dir` as a player types it, read the same by the menu's fast start and by every
command: `--data-dir=~/x` (the shell leaves that `~` alone) is the folder x in the home folder,
and a file where the folder belongs is refused in one line before anything starts."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from test_cli_outside_input import DEEP, NO_HOME, TOO_LONG, cut, refused, run
from test_first_frame import MAIN, TREE, answer
from tools.pty_terminal import Terminal, app_environment, lines_tui_command

from lines_tui.cli import menu_options
from lines_tui.commands.options import Settings
from lines_tui.engine.visible_text import REPEATED_COLUMNS
from lines_tui.store import open_store


@pytest.mark.parametrize("given", [["--data-dir=~/x"], ["--data-dir", "~/x"]])
def test_a_leading_tilde_is_the_home_folder_for_the_commands(
    home: Path, cwd: Path, given: list[str]
) -> None:
    assert run(*given, "players", "add", "Ann").exit_code == 0
    assert open_store(home / "x").players() == ["Ann"]
    assert run(*given, "players").stdout.startswith("* Ann\n")  # the first one plays
    assert list(cwd.iterdir()) == []  # no folder named ~


def test_a_leading_tilde_is_the_home_folder_for_the_menu(home: Path, cwd: Path) -> None:
    assert menu_options(["--data-dir=~/x"]) == Settings(data_dir=home / "x")
    assert menu_options(["--data-dir", "~"]) == Settings(data_dir=home)
    open_store(home / "x").add_player("Ann")
    # Ann is registered in ~/x, so the start gets past her to the want of a terminal.
    args = ["--data-dir=~/x", "--player=Ann"]
    fast = answer(MAIN, args, home, HOME=str(home))
    assert fast == answer(TREE, args, home, HOME=str(home))
    assert fast[0] == 2 and "the games need a terminal" in fast[2], fast
    assert list(cwd.iterdir()) == []


def test_a_tilde_of_nobody_is_refused_in_one_line(home: Path, cwd: Path) -> None:
    refused(run("--data-dir=~no-such-user-here/x", "scores"), "~no-such-user-here names no home")
    args = ["--data-dir=~no-such-user-here/x"]
    fast = answer(MAIN, args, home)
    assert fast == answer(TREE, args, home)
    assert fast[0] == 2 and fast[2].count("\n") == 1 and "names no home folder" in fast[2]
    assert list(cwd.iterdir()) == []


COMMANDS = [
    [],
    ["scores"],
    ["players", "add", "Ann"],
    ["--player", "Ann", "lines"],
    ["mahjong"],
    ["layouts", "--survey", "1"],
    ["deal", "--seed", "1"],
]


BELOW = ["", "/sub", "/a/b"]


@pytest.mark.parametrize("below", BELOW)
@pytest.mark.parametrize("command", COMMANDS, ids=lambda args: " ".join(args) or "menu")
def test_a_data_dir_that_is_a_file_is_refused_by_every_command(
    cwd: Path, command: list[str], below: str
) -> None:
    """The menu opened with four notices over it, and each command said what it could not do
    there in words of its own."""
    (cwd / "notes").write_text("mine")
    above = "" if not below else ": notes"
    line = refused(run(f"--data-dir=notes{below}", *command), f"--data-dir notes{below}{above}")
    assert line.endswith(" is a file, not a folder\n")
    assert [p.name for p in cwd.iterdir()] == ["notes"] and (cwd / "notes").read_text() == "mine"


@pytest.mark.parametrize("group", ["", "scores", "players"])
def test_a_groups_help_lists_every_command_whole(group: str) -> None:
    """`lines-tui scores --help` cut four of its five commands' lines short ("export  Print the
    table's share code (or one entry's), to paste to a...", a player review): each says what
    it does in full, at 80 columns."""
    shown = run(*[word for word in (group,) if word], "--help")
    assert shown.exit_code == 0, shown.stderr
    listed = shown.stdout.split("Commands:\n", 1)[1].splitlines()
    assert listed and all(not line.endswith("...") for line in listed), listed
    assert max(len(line) for line in listed) <= 80


@pytest.mark.parametrize(
    "command",
    [
        ["scores", "--help"],
        ["scores", "show", "--help"],
        ["players", "--help"],
        ["lines", "--help"],
    ],
    ids=" ".join,
)
def test_a_commands_help_is_shown_whatever_the_data_dir_and_player(
    cwd: Path, command: list[str]
) -> None:
    """The help says how to use a command, which is what a player refused for a bad folder
    asks next: it was refused for that same folder."""
    (cwd / "notes").write_text("mine")
    shown = run("--data-dir=notes", "--player", "Nobody", *command)
    assert shown.exit_code == 0, shown.stderr
    assert shown.stdout.startswith(
        f"Usage: root {' '.join(command[:-1])} [OPTIONS]"
    )  # CliRunner's name
    # A `--help` after `--` is a word for the command, which is refused for the folder then; so
    # is one that is an option's value (a layout file named `--help` was played, the folder and
    # the player unchecked): it is looked for, and refused.
    for words in (["scores", "show", "--", "--help"], ["mahjong", "--layout", "--help"]):
        refused(run("--data-dir=notes", *words), "is a file, not a folder")
    refused(run("--player", "Nobody", "mahjong", "--layout", "--help"), "layout '--help'")
    flag_first = run("--data-dir=notes", "mahjong", "--daily", "--help")
    assert flag_first.exit_code == 0 and flag_first.stdout.startswith("Usage: root mahjong")


@pytest.mark.parametrize(
    "command", [[], ["scores"], ["scores", "show"], ["players", "add"], ["mahjong"]], ids=" ".join
)
def test_dash_h_is_the_help_as_in_most_tools(cwd: Path, command: list[str]) -> None:
    """`-h` was refused as an unknown option: a player who tries it first is told only that."""
    (cwd / "notes").write_text("mine")
    short = run("--data-dir=notes", *command, "-h")
    assert short.exit_code == 0, short.stderr
    assert short.stdout == run(*command, "--help").stdout
    assert short.stdout.startswith(f"Usage: root {' '.join([*command, ''])}[OPTIONS]")
    assert "  -h, --help  " in short.stdout
    # As `--help`, it is the name of a layout file when it is `--layout`'s value.
    refused(run("--player", "Nobody", "mahjong", "--layout", "-h"), "layout '-h'")


@pytest.mark.parametrize("below", BELOW)
def test_the_fast_start_refuses_a_file_as_the_command_tree_does(
    home: Path, cwd: Path, below: str
) -> None:
    (cwd / "notes").write_text("mine")
    args = [f"--data-dir=~/work/notes{below}"]
    fast = answer(MAIN, args, home)
    assert fast == answer(TREE, args, home)
    above = "" if not below else f": {cwd}/notes"
    assert fast == (
        2,
        "",
        f"lines-tui: --data-dir {cwd}/notes{below}{above} is a file, not a folder\n",
    )


def test_a_device_or_fifo_as_the_data_folder_is_not_called_a_file(home: Path, cwd: Path) -> None:
    """`--data-dir /dev/null` was refused as "a file, not a folder"."""
    os.mkfifo(cwd / "pipe")
    for given, shown in (("/dev/null", "/dev/null"), ("pipe/x", "pipe/x: pipe")):
        refused(run(f"--data-dir={given}", "players"), f"--data-dir {shown} is not a folder")


def test_a_loop_of_links_as_the_data_folder_names_the_option_or_variable(
    home: Path, cwd: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`LINES_TUI_HOME` naming a loop of links was refused as "cannot read ...", not naming
    the variable."""
    (cwd / "a").symlink_to("b")
    (cwd / "b").symlink_to("a")
    refused(run("--data-dir=a", "players"), "--data-dir a: Too many levels of symbolic links")
    monkeypatch.setenv("LINES_TUI_HOME", str(cwd / "a"))
    refused(run("players"), f"LINES_TUI_HOME={cwd}/a: Too many levels of symbolic links")


def test_a_link_that_leads_nowhere_is_named_with_where_it_leads(
    home: Path, cwd: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lock a link to a place that is not there was blamed on the folder ("cannot write to
    <folder>: No such file or directory"), a lock linked to itself too ("cannot read <folder>:
    Too many levels of symbolic links"), and `LINES_TUI_HOME` a link to nowhere was "cannot
    write to <it>: File exists". Each line names the link and where it leads, exit code 2."""
    data = home / "data"
    open_store(data).add_player("Ann")
    lock = data / "lines-tui.lock"
    lock.unlink()
    lock.symlink_to("/nonexistent/zz")
    line = refused(run("--data-dir", str(data), "players", "add", "Bob"))
    assert line == (
        f"lines-tui: cannot write to {lock}: it is a symbolic link to /nonexistent/zz, which "
        "does not exist\n"
    )
    lock.unlink()
    lock.symlink_to("lines-tui.lock")
    line = refused(run("--data-dir", str(data), "players"))
    assert line == (
        f"lines-tui: cannot read {lock}: it is a symbolic link to lines-tui.lock in a loop of "
        "links\n"
    )
    (cwd / "gone").symlink_to("/nonexistent/dir")
    monkeypatch.setenv("LINES_TUI_HOME", str(cwd / "gone"))
    line = refused(run("players", "add", "Bob"))
    assert line == (
        f"lines-tui: cannot write to {cwd}/gone: it is a symbolic link to /nonexistent/dir, "
        "which does not exist\n"
    )


def test_the_menu_on_a_terminal_refuses_a_file_before_it_starts(home: Path) -> None:
    (home / "notes").write_text("mine")
    terminal = Terminal(
        [*lines_tui_command(), f"--data-dir={home}/notes/\x1b[2J"], app_environment(home)
    )
    try:
        assert terminal.wait_for_exit(30) == 2
    finally:
        terminal.close()
    assert terminal.output.decode() == (
        f"lines-tui: --data-dir {home}/notes/\\x1b[2J: {home}/notes is a file, not a folder\r\n"
    )


@pytest.mark.parametrize("below", BELOW)
@pytest.mark.parametrize("command", COMMANDS, ids=lambda args: " ".join(args) or "menu")
def test_a_lines_tui_home_that_is_a_file_is_refused_by_every_command(
    cwd: Path, monkeypatch: pytest.MonkeyPatch, command: list[str], below: str
) -> None:
    """As with `--data-dir`: the menu opened with its notices stacked up, and each command said
    what it could not do there in words of its own."""
    (cwd / "notes").write_text("mine")
    monkeypatch.setenv("LINES_TUI_HOME", f"notes{below}")
    above = "" if not below else ": notes"
    line = refused(run(*command), f"lines-tui: LINES_TUI_HOME=notes{below}{above} is a file")
    assert line.endswith(" is a file, not a folder\n")
    assert [p.name for p in cwd.iterdir()] == ["notes"] and (cwd / "notes").read_text() == "mine"


@pytest.mark.parametrize("below", BELOW)
def test_the_fast_start_refuses_a_lines_tui_home_file_as_the_command_tree_does(
    home: Path, cwd: Path, below: str
) -> None:
    (cwd / "notes").write_text("mine")
    env = {"LINES_TUI_HOME": f"~/work/notes{below}", "HOME": str(home)}
    fast = answer(MAIN, [], home, **env)
    assert fast == answer(TREE, [], home, **env)
    above = "" if not below else f": {cwd}/notes"
    assert fast == (
        2,
        "",
        f"lines-tui: LINES_TUI_HOME={cwd}/notes{below}{above} is a file, not a folder\n",
    )


def test_the_menu_on_a_terminal_refuses_a_lines_tui_home_file_before_it_starts(
    home: Path,
) -> None:
    (home / "notes").write_text("mine")
    terminal = Terminal(lines_tui_command(), app_environment(home / "notes"))
    try:
        assert terminal.wait_for_exit(30) == 2
    finally:
        terminal.close()
    assert terminal.output.decode() == (
        f"lines-tui: LINES_TUI_HOME={home}/notes is a file, not a folder\r\n"
    )


def test_a_data_dir_given_wins_over_a_lines_tui_home_file(
    home: Path, cwd: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (cwd / "notes").write_text("mine")
    monkeypatch.setenv("LINES_TUI_HOME", "notes")
    assert run("--data-dir=~/x", "players", "add", "Ann").exit_code == 0
    assert open_store(home / "x").players() == ["Ann"]
    assert menu_options(["--data-dir=~/x"]) == Settings(data_dir=home / "x")


def test_a_leading_tilde_in_lines_tui_home_is_the_home_folder(
    home: Path, cwd: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`export LINES_TUI_HOME="~/x"` in a shell profile: the quotes keep the ~."""
    monkeypatch.setenv("LINES_TUI_HOME", "~/x")
    assert run("players", "add", "Ann").exit_code == 0
    assert open_store(home / "x").players() == ["Ann"]
    assert menu_options([]) == Settings()  # the store reads it: nothing given on the line
    assert list(cwd.iterdir()) == []


def test_a_lines_tui_home_of_nobody_or_blank_is_refused_in_one_line(
    home: Path, cwd: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`~nobody` was a traceback from every command."""
    monkeypatch.setenv("LINES_TUI_HOME", "~no-such-user-here/x")
    refused(run("scores"), "LINES_TUI_HOME=~no-such-user-here/x: ~no-such-user-here names no")
    env = {"LINES_TUI_HOME": "~no-such-user-here/x"}
    fast = answer(MAIN, [], home, **env)
    assert fast == answer(TREE, [], home, **env)
    assert fast[0] == 2 and fast[2].count("\n") == 1 and "names no home folder" in fast[2]
    monkeypatch.setenv("LINES_TUI_HOME", "  ")
    refused(run("scores"), "LINES_TUI_HOME needs a folder; it is empty")
    assert list(cwd.iterdir()) == []


def test_an_empty_lines_tui_home_is_the_user_data_folder(
    home: Path, cwd: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As for the XDG variables, an empty value is no value."""
    monkeypatch.setenv("LINES_TUI_HOME", "")
    assert run("players", "add", "Ann").exit_code == 0
    assert open_store(home / "share" / "lines-tui").players() == ["Ann"]
    assert list(cwd.iterdir()) == []


def test_a_real_data_folder_is_named_whole_however_long(
    home: Path, cwd: Path, make_read_only: Any
) -> None:
    """A data folder, or a file in its way, is a real place: its refusal names it whole, as the
    store does, and the app's notices fold a long one by its folders, its own name kept. They
    were cut at `REPEATED_COLUMNS`, as pasted text is, losing the name at the end. What is
    typed below a file names no place, and is cut (a review: 1,871 characters repeated)."""
    (cwd / DEEP).mkdir(parents=True)
    (cwd / DEEP / "notes").write_text("mine")
    notes = cwd / DEEP / "notes"
    assert len(str(notes)) > REPEATED_COLUMNS
    line = refused(run("--data-dir", f"{notes}/x", "players"))
    assert line == f"lines-tui: --data-dir {notes}/x: {notes} is a file, not a folder\n"
    # Below the file is no place: a screenful pasted there is cut, the file named whole.
    pasted = "/".join(["ab"] * 600)
    line = refused(run("--data-dir", f"{notes}/{pasted}", "players"))
    assert line == f"lines-tui: --data-dir {notes}/{cut(pasted)}: {notes} is a file, not a folder\n"
    data = home / DEEP / "data"
    open_store(data).add_player("Ann")
    make_read_only(data)
    line = refused(run("--data-dir", str(data), "players", "add", "Bob"))
    assert line == f"lines-tui: cannot write to {data}: Read-only file system\n"


def test_a_data_folder_too_long_to_look_up_is_refused_cut_however_given(
    home: Path, cwd: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store named it whole ("cannot read /tmp/abab...: File name too long") once it named
    real places whole again; and as `$LINES_TUI_HOME` the plain start went on to the menu. It is
    refused before anything starts, as the option or variable that gave it, cut as pasted text
    is (`repeated`)."""
    line = refused(run("--data-dir", TOO_LONG, "players"))
    assert line == f"lines-tui: --data-dir {cut(TOO_LONG)}: File name too long\n"
    monkeypatch.setenv("LINES_TUI_HOME", TOO_LONG)
    line = refused(run("players"))
    assert line == f"lines-tui: LINES_TUI_HOME={cut(TOO_LONG)}: File name too long\n"
    fast = answer(MAIN, [], home, LINES_TUI_HOME=TOO_LONG)
    assert fast == answer(TREE, [], home, LINES_TUI_HOME=TOO_LONG)
    assert fast == (2, "", line)
    assert list(cwd.iterdir()) == []


NOBODY = "~no-such-user-here"


@pytest.mark.parametrize(
    ("given", "said"),
    [
        (NOBODY, f"{NOBODY} names no home folder here"),
        (f"{NOBODY}/games", f"{NOBODY}/games: {NOBODY} names no home folder here"),
        (NO_HOME, f"{cut(NO_HOME)} names no home folder here"),
        (f"{NO_HOME}/games", f"{cut(NO_HOME)} names no home folder here"),
    ],
    ids=["alone", "path", "pasted", "pasted-path"],
)
def test_a_tilde_of_nobody_is_said_once_unless_the_path_says_more(
    home: Path, cwd: Path, monkeypatch: pytest.MonkeyPatch, given: str, said: str
) -> None:
    """The path was named before the reason, which names its `~user` part: the same text twice
    where the path is that part alone, or that part is cut (two rows of a screenful pasted,
    twice). A short path with more in it is named, as it was."""
    assert refused(run("--data-dir", given, "players")) == f"lines-tui: --data-dir {said}\n"
    monkeypatch.setenv("LINES_TUI_HOME", given)
    assert refused(run("players")) == f"lines-tui: LINES_TUI_HOME={said}\n"
    assert answer(MAIN, [], home, LINES_TUI_HOME=given) == (
        2,
        "",
        f"lines-tui: LINES_TUI_HOME={said}\n",
    )
    assert list(cwd.iterdir()) == []
