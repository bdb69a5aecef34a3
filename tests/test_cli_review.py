"""The command line against a review of its outside inputs (review-cli): every bad input is one
line on stderr with exit code 2 and changes nothing; no traceback, whatever the input."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from lines_tui.cli import app
from lines_tui.engine.mahjong.solvable import LAST_DEAL, following

RAW = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")  # anything a terminal acts on, but newline


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home with no installed layouts and an empty data folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setenv("XDG_DATA_DIRS", str(tmp_path / "none"))
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("LINES_TUI_HOME", str(tmp_path / "data"))
    return tmp_path


def run(*args: str, stdin: str | bytes | None = None) -> Result:
    return CliRunner().invoke(app, list(args), input=stdin)


def refused(result: Result, *reasons: str, code: int = 2) -> str:
    """The one line of a refusal (exit 2, nothing on stdout), checked for `reasons`."""
    assert result.exit_code == code, (result.stdout, result.stderr, result.exception)
    assert result.stdout == ""
    assert result.stderr.startswith("lines-tui: ") and result.stderr.count("\n") == 1, (
        result.stderr
    )
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
    refused(run("deal", "--layout", "X"), "unknown layout 'X'")


def test_a_symlink_loop_in_a_folder_given_is_skipped(home: Path) -> None:
    folder = link_loop(home / "mine")
    result = run("layouts", "--folder", str(folder))
    assert result.exit_code == 0, result.exception
    assert result.stderr.count("\n") == 2 and "b.layout" in result.stderr


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
