"""Every option and argument that takes a path reads a leading `~` as the home folder, as
`--data-dir` does: the shell leaves `--folder=~/x` (and a quoted `'~/x'`) alone, and the
commands took it for a folder named `~` in the current one. A `~user` that names no home folder
is refused in one line."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import MAHJONG_FIXTURES
from test_cli_outside_input import cut, refused, run

NOBODY = "~no-such-user-here"


@pytest.fixture
def mine(home: Path) -> Path:
    """~/lay, holding one layout of the player's own (the steps fixture)."""
    folder = home / "lay"
    folder.mkdir()
    shutil.copy(MAHJONG_FIXTURES / "steps.layout", folder / "steps.layout")
    return folder


@pytest.mark.parametrize("given", [["--folder=~/lay"], ["--folder", "~/lay"]])
def test_layouts_folder_with_a_tilde(cwd: Path, mine: Path, given: list[str]) -> None:
    result = run("layouts", *given)
    assert result.exit_code == 0, result.stderr
    # The home folder written as ~, as --folder took it (and as --layout takes it).
    assert result.stdout.splitlines()[-1].endswith("~/lay/steps.layout")
    dealt = run("deal", *given, "--layout", "steps", "--seed", "1")
    assert dealt.exit_code == 0, dealt.stderr
    assert len(json.loads(dealt.stdout)["tiles"]) == 6
    assert list(cwd.iterdir()) == []


def test_a_layouts_folder_that_is_missing_or_a_file_is_refused(home: Path, cwd: Path) -> None:
    (home / "notes").write_text("mine")
    refused(run("layouts", "--folder=~/nope"), f"'--folder': {home}/nope: No such file")
    refused(run("deal", "--folder=~/notes"), f"'--folder': {home}/notes is not a folder")
    refused(run("layouts", f"--folder={NOBODY}/x"), f"{NOBODY} names no home folder here")


def test_a_layouts_folder_that_cannot_be_listed_is_refused(
    cwd: Path, mine: Path, deny_listing: Callable[[Path], None]
) -> None:
    """A folder there but not readable (mode 000 or 311) was searched as an empty one, without
    a word: `layouts` listed the built-in layouts only, exit 0, and `deal --layout steps` said
    no layout had that name. Every command that takes `--folder` refuses it, as a missing one."""
    deny_listing(mine)
    reason = f"'--folder': cannot read {mine}: Permission denied"
    refused(run("layouts", "--folder=~/lay"), reason)
    refused(run("deal", "--folder=~/lay", "--layout", "steps", "--seed", "1"), reason)
    refused(run("deal", "--folder=~/lay", "--seed", "1"), reason)  # a built-in layout too
    refused(run("layouts", "--survey", "1", "--folder=~/lay"), reason)


@pytest.mark.skipif(os.geteuid() == 0, reason="root lists a folder whatever its permissions")
@pytest.mark.parametrize("mode", [0o000, 0o311])
def test_a_layouts_folder_chmod_unreadable_is_refused(cwd: Path, mine: Path, mode: int) -> None:
    mine.chmod(mode)
    try:
        refused(run("layouts", "--folder", str(mine)), f"cannot read {mine}: Permission denied")
    finally:
        mine.chmod(0o755)


def test_the_survey_progress_file_with_a_tilde(home: Path, cwd: Path) -> None:
    survey = ["layouts", "--survey", "1", "--survey-layout", "lantern"]
    result = run(*survey, "--progress-file=~/s.jsonl")
    assert result.exit_code == 0, result.stderr
    assert json.loads((home / "s.jsonl").read_text())["layout"] == "lantern"
    assert list(cwd.iterdir()) == []
    refused(run(*survey, f"--progress-file={NOBODY}/s.jsonl"), f"{NOBODY} names no home")


def test_solve_a_position_file_with_a_tilde(home: Path, cwd: Path) -> None:
    dealt = run("deal", "--layout", str(MAHJONG_FIXTURES / "steps.layout"), "--seed", "1")
    (home / "p.json").write_text(dealt.stdout)
    result = run("solve", "~/p.json")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("verdict: solvable")
    refused(run("solve", f"{NOBODY}/p.json"), "'POSITION.json'", f"{NOBODY} names no home")


@pytest.mark.parametrize("command", [["deal"], ["mahjong"], ["layouts", "--survey", "1"]])
def test_a_layout_path_with_a_tilde(home: Path, cwd: Path, mine: Path, command: list[str]) -> None:
    """`--layout=~/x.layout` was read as the home folder already; `~nobody/x.layout` was a
    traceback."""
    option = "--survey-layout" if "--survey" in command else "--layout"
    refused(
        run(*command, f"{option}={NOBODY}/x.layout"),
        f"{NOBODY}/x.layout: {NOBODY} names no home folder here",
    )
    if command == ["deal"]:
        dealt = run("deal", "--layout=~/lay/steps.layout", "--seed", "1")
        assert dealt.exit_code == 0 and len(json.loads(dealt.stdout)["tiles"]) == 6
    assert list(cwd.iterdir()) == []


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["deal", "--seed", "1", "--folder", ""], "--folder needs a folder"),
        (["layouts", "--folder="], "--folder needs a folder"),
        (["layouts", "--survey", "1", "--folder", " "], "--folder needs a folder"),
        (["layouts", "--survey", "1", "--progress-file", ""], "--progress-file needs a file"),
        (["solve", ""], "POSITION.json needs a file"),
        (["--data-dir", "", "layouts"], "--data-dir needs a folder"),
        # "no layout named; try 'turtle'" named no option.
        (["deal", "--layout", ""], "--layout needs a layout name or file"),
        (["mahjong", "--layout", " "], "--layout needs a layout name or file"),
        (
            ["layouts", "--survey", "1", "--survey-layout", ""],
            "--survey-layout needs a layout name or file",
        ),
    ],
)
def test_an_empty_path_is_refused_as_an_empty_data_dir_is(
    cwd: Path, args: list[str], named: str
) -> None:
    """`deal --folder ''` and `layouts --folder ''` searched the current folder without a word,
    and `solve ''` refused a file named `.`: every path refuses the empty string, in the words
    of `--data-dir ''`, naming the option or argument."""
    (cwd / "steps.layout").write_bytes((MAHJONG_FIXTURES / "steps.layout").read_bytes())
    line = refused(run(*args), f"lines-tui: {named}; it is empty")
    assert ("(the current folder is '.')" in line) == ("needs a folder" in named)
    assert [path.name for path in cwd.iterdir()] == ["steps.layout"]


LONG = "x" * 300
"""A name longer than a file name may be (255 bytes): the system refuses to look it up."""


@pytest.mark.parametrize(
    "command",
    [
        ["deal", "--seed", "1", "--layout"],
        ["layouts", "--survey", "1", "--survey-layout"],
        ["mahjong", "--layout"],
    ],
)
@pytest.mark.parametrize(
    ("given", "reason"),
    [
        (LONG, f"unknown layout '{cut(LONG)}': not a file, and no layout has that name"),
        (f"{LONG}#easy", f"unknown layout '{cut(LONG)}': not a file"),
        (f"{LONG}.layout", f"cannot read {cut(LONG)}: File name too long"),
        (f"/tmp/{LONG}/a.map#easy", f"cannot read {cut(f'/tmp/{LONG}')}: File name too long"),
    ],
)
def test_a_layout_name_too_long_for_a_file_name_is_one_line(
    cwd: Path, command: list[str], given: str, reason: str
) -> None:
    """`Path.is_file` and `Path.exists` raise for a name the system will not look up (ENAMETOOLONG):
    a traceback, and from `mahjong` Python's own words ("[Errno 36] ..."). The name is repeated
    cut, as every refusal repeats outside text (it was repeated whole)."""
    line = refused(run(*command, given), reason)
    assert "Errno" not in line
    assert list(cwd.iterdir()) == []


@pytest.mark.parametrize("command", ["mahjong", "deal"])
def test_the_layout_option_names_what_it_takes_alike_in_every_command(command: str) -> None:
    """`mahjong --help` showed `--layout <layout_value>`, Typer's name for its parser."""
    assert "--layout NAME|PATH" in run(command, "--help").stdout


@pytest.mark.parametrize("command", [["deal", "--seed", "1", "--layout"], ["mahjong", "--layout"]])
def test_a_map_name_too_long_for_a_file_name_is_split_off_its_file(
    cwd: Path, command: list[str]
) -> None:
    """`two_maps.map#<300 characters>` was not split, as the system could not say whether a file
    of that whole name was there: it was read as one and refused as "File name too long"."""
    shutil.copy(MAHJONG_FIXTURES / "two_maps.map", cwd / "two_maps.map")
    line = refused(
        run(*command, f"two_maps.map#{LONG}"),
        f"lines-tui: two_maps.map: no map named '{cut(LONG)}' (it holds: cross, half-steps)",
    )
    assert "too long" not in line


def test_a_folder_s_path_is_quoted_as_given_in_click_s_one_line(home: Path) -> None:
    """click's refusal is made one line by joining its own line breaks: a line break in the
    path given to --folder was joined too, shown as a space (`no such` for `no\\nsuch`), and its
    double spaces were made one. The path is spelled out where it is quoted (README, "Outside
    text and bad input on the command line")."""
    missing = home / "two  spaces\nand a line break"
    line = refused(run("layouts", "--folder", str(missing)), "No such file or directory")
    assert f"'--folder': {home}/two  spaces\\x0aand a line break: No such" in line
    refused(run("layouts", "--folder", f"{NOBODY}\nx/y"), f"{NOBODY}\\x0ax names no home")
