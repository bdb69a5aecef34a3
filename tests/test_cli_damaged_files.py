"""A damaged data file is set aside, untouched, the moment a command reads it, and told in one
line ("kept it untouched as ..."). A command refused for what it was given that needs no data (no
terminal, a damaged code, a name or table id that cannot be one) is refused before anything is
read, so it touches nothing; every command that did set a file aside says so on standard error,
however it ends, a refusal that follows from it last (README, "Never overwritten when
unreadable")."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_cli_outside_input import refused, run
from test_cli_review import challenge_code
from test_first_frame import MAIN, TREE, answer

from lines_tui.commands.options import Settings
from lines_tui.commands.start import open_store_for

DAMAGED = {"scores.json": "{bad", "saved-lines.json": "{bad"}
SET_ASIDE = "could not be read (not valid JSON"


@pytest.fixture
def damaged(home: Path) -> Path:
    """The data folder (LINES_TUI_HOME), its scores and saved Lines game damaged."""
    folder = home / "data"
    folder.mkdir()
    for name, text in DAMAGED.items():
        (folder / name).write_text(text)
    return folder


def untouched(folder: Path) -> bool:
    return {path.name: path.read_text() for path in folder.iterdir()} == DAMAGED


def set_aside_lines(stderr: str) -> list[str]:
    """The lines that tell a file set aside, each checked to name where it went."""
    lines = [line for line in stderr.splitlines() if SET_ASIDE in line]
    for line in lines:
        assert "kept it untouched as " in line and ".corrupt-" in line, line
    return lines


@pytest.mark.parametrize(
    "command",
    [
        ["lines"],
        ["mahjong", "--seed", "5"],
        ["--player", "Nobody", "lines"],
        ["challenge", "LT2-XXXX"],
        ["replay", "LT2-XXXX"],
        ["players", "add", "[bad"],
        ["players", "rename", "Ann", "[bad"],
        ["scores", "import", "LT2-0000000000000000"],
        ["scores", "import", "--dry-run", "LT2-0000000000000000"],
        ["scores", "show", "no-such-table"],
        ["scores", "export", "no-such-table"],
        ["scores", "remove", "--yes", "no-such-table", "1"],
        ["--player", "Nobody", "scores", "verify", "LT2-0000000000000000"],
    ],
    ids=" ".join,
)
def test_a_refusal_that_needs_no_data_reads_no_data_file(damaged: Path, command: list[str]) -> None:
    """Each of these opened the store first, which set both files aside without a word, and
    then refused for the terminal, the code, the name or the table id."""
    refused(run(*command))
    assert untouched(damaged)


def test_a_challenge_without_a_terminal_reads_no_data_file(home: Path, damaged: Path) -> None:
    refused(run("challenge", challenge_code(home)), "the games need a terminal")
    assert untouched(damaged)


def test_a_plain_start_without_a_terminal_reads_no_data_file(home: Path, damaged: Path) -> None:
    for program in (MAIN, TREE):
        code, stdout, stderr = answer(program, [], damaged)
        assert (code, stdout) == (2, "") and stderr.count("\n") == 1, stderr
        assert "the games need a terminal" in stderr
        assert untouched(damaged)


@pytest.mark.parametrize(
    "command",
    [["scores"], ["players", "add", "Ann"], ["deal", "--seed", "1"], ["layouts"], ["lines"]],
    ids=" ".join,
)
def test_a_player_refused_once_their_file_was_set_aside_says_why(
    damaged: Path, command: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--player Nobody scores` said only "no registered player is named 'Nobody'": the file
    that lists the players had just been set aside unread, without a word. A game's start
    reads only that file before the terminal is taken over (the app reads the saved games
    itself, README "First frame"): the damaged saved game stays for it to set aside."""
    monkeypatch.setattr("lines_tui.commands.start.require_terminal", lambda: None)
    result = run("--player", "Nobody", *command)
    assert result.exit_code == 2 and result.stdout == ""
    *told, last = result.stderr.splitlines()
    read = ["scores.json"] if command == ["lines"] else ["scores.json", "saved-lines.json"]
    assert [line.split(" could")[0] for line in set_aside_lines(result.stderr)] == [
        f"lines-tui: {name}" for name in read
    ]
    assert told == set_aside_lines(result.stderr)  # first: the refusal follows from them
    assert last == (
        "lines-tui: no registered player is named 'Nobody': scores.json, which lists the "
        "players, was set aside unread (register with: lines-tui players add NAME)"
    )
    assert sorted(path.name.split(".corrupt-")[0] for path in damaged.glob("*.corrupt-*")) == (
        sorted(read)
    )


@pytest.mark.parametrize(
    ("command", "exit_code", "refusal"),
    [
        (["scores"], 0, None),
        (["players", "add", "Ann"], 0, None),
        (["scores", "show", "mahjong-no-such-layout"], 2, "no table 'mahjong-no-such-layout'"),
        (
            ["players", "remove", "Nobody"],
            2,
            # Why, without the hint to register them, of no use to a removal (a code review).
            "no registered player is named 'Nobody': scores.json, which lists the players, was "
            "set aside unread",
        ),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, list) else str(value),
)
def test_a_file_set_aside_is_told_however_the_command_ends(
    damaged: Path, command: list[str], exit_code: int, refusal: str | None
) -> None:
    result = run(*command)
    assert result.exit_code == exit_code, result.stderr
    told = set_aside_lines(result.stderr)
    assert len(told) == 2
    lines = result.stderr.splitlines()
    assert lines[:2] == told  # each once, before anything else on standard error
    if refusal is not None:
        assert len(lines) == 3 and refusal in lines[2] and "register with" not in lines[2]


def test_a_warning_found_later_comes_before_the_next_line_and_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """What a store finds after it was opened (its `warnings` grow) is told too: before the
    next line on standard error, or when the command ends; each once, and none of a store whose
    warnings the app took over."""
    from lines_tui.commands.common import (
        leave_store_warnings,
        tell_store_warnings,
        warn,
        watch_store_warnings,
    )

    found: list[str] = ["at start"]
    watch_store_warnings(found, now=False)
    found.append("later")
    warn("refused")
    found.append("at the end")
    tell_store_warnings(ended=True)
    found.append("after the command")
    tell_store_warnings(ended=True)
    for_the_app: list[str] = ["the app's"]
    watch_store_warnings(for_the_app, now=False)
    leave_store_warnings()
    for_the_app.append("the app's too")
    warn("the app's traceback")
    tell_store_warnings(ended=True)
    assert capsys.readouterr().err.splitlines() == [
        "lines-tui: at start",
        "lines-tui: later",
        "lines-tui: refused",
        "lines-tui: at the end",
        "lines-tui: the app's traceback",
    ]


def test_a_player_checked_for_a_command_without_the_store_is_told_before_its_output(
    damaged: Path,
) -> None:
    """`--player Ann deal`: the player is checked first (the store opened), so a file set aside
    then is told before the deal is printed, not after it."""
    from lines_tui.store import open_store

    run("players", "add", "Ann")  # sets both files aside, tells them
    for name, text in DAMAGED.items():
        if name != "scores.json":
            (damaged / name).write_text(text)
    result = run("--player", "Ann", "deal", "--seed", "1")
    assert result.exit_code == 0, result.stderr
    assert [line.split(" could")[0] for line in set_aside_lines(result.stderr)] == [
        "lines-tui: saved-lines.json"
    ]
    assert result.output.index("saved-lines.json") < result.output.index("{")  # the deal's JSON
    assert open_store(damaged).players() == ["Ann"]


def test_a_store_opened_outside_a_command_is_watched_no_longer_after_its_test(
    tmp_path: Path,
) -> None:
    """The first half: a damaged folder opened as the app's start opens it, in a test of its own
    (tests/test_ui_app_shell.py does), leaves nothing to the next test's command."""
    (tmp_path / "scores.json").write_text("{not json")
    open_store_for(Settings(data_dir=tmp_path))


def test_a_command_tells_only_its_own_folders_problems(tmp_path: Path) -> None:
    """The second half, run after the first: its command told the other folder's damaged file."""
    result = run("--data-dir", str(tmp_path), "players")
    assert result.exit_code == 0 and result.stderr == ""


def test_a_change_refused_by_a_linked_damaged_file_says_it_was_not_made(
    home: Path, tmp_path: Path
) -> None:
    """A review read `players add Ann` print only the file's warning, and took it for a
    warning about something else: the player was not added, and now the command says so."""
    notes = tmp_path / "notes.txt"
    notes.write_text("garbage")
    folder = home / "data"
    folder.mkdir()
    (folder / "scores.json").symlink_to(notes)
    adding = run("players", "add", "Ann")
    assert adding.exit_code == 2 and adding.stdout == ""
    warning, refusal = adding.stderr.splitlines()
    assert "it is a symbolic link to" in warning and "left as it is" in warning
    assert refusal == "lines-tui: nothing was changed: scores.json is left as it is (said above)"
    assert notes.read_text() == "garbage"
    assert "Ann" not in run("players").stdout
    # Nor does "register with: lines-tui players add NAME" send the player round in circles.
    unlisted = "scores.json, which lists the players, is left as it is (said above)"
    for command in (["players", "use", "Ann"], ["players", "rename", "Ann", "Bo"]):
        refusal = run(*command).stderr.splitlines()[-1]
        assert refusal == f"lines-tui: no registered player is named 'Ann': {unlisted}"
