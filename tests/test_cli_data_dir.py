"""`--data-dir` as a player types it: `--data-dir=~/x` (the shell leaves that `~` alone) is the
folder x in the home folder, for the menu's fast start and for every command alike."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_cli_outside_input import refused, run
from test_first_frame import MAIN, TREE, answer

from lines_tui.cli import menu_options
from lines_tui.commands.common import Settings
from lines_tui.store import open_store


@pytest.fixture
def cwd(home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder of its own, where a folder named `~` would show."""
    folder = home / "work"
    folder.mkdir()
    monkeypatch.chdir(folder)
    return folder


@pytest.mark.parametrize("given", [["--data-dir=~/x"], ["--data-dir", "~/x"]])
def test_a_leading_tilde_is_the_home_folder_for_the_commands(
    home: Path, cwd: Path, given: list[str]
) -> None:
    assert run(*given, "players", "add", "Ann").exit_code == 0
    assert open_store(home / "x").players() == ["Ann"]
    assert run(*given, "players").stdout.startswith("  Ann\n")
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
