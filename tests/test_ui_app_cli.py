"""`lines-tui`, `lines-tui lines` and `lines-tui mahjong` refuse bad input in one line, exit 2,
before the terminal is taken over."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from lines_tui.cli import app


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def test_unknown_layout_is_refused_in_one_line(tmp_path: Path) -> None:
    code, output = run("--data-dir", str(tmp_path), "mahjong", "--layout", "no-such-layout")
    assert code == 2
    assert len(output.strip().splitlines()) == 1, output
    assert output.startswith("lines-tui: ")


def test_unknown_player_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # On a terminal: without one the game is refused for that first, reading no data.
    monkeypatch.setattr("lines_tui.commands.start.require_terminal", lambda: None)
    code, output = run("--data-dir", str(tmp_path), "--player", "nobody", "lines")
    assert code == 2
    assert len(output.strip().splitlines()) == 1, output
    assert "nobody" in output and "players add" in output


def test_board_size_out_of_range_is_refused(tmp_path: Path) -> None:
    code, output = run("--data-dir", str(tmp_path), "lines", "--size", "30")
    assert code == 2
    assert "--size" in output


def test_a_size_or_layout_left_out_is_not_asked_for(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The app is told which size or layout the command line asked for (None: none), so that a
    saved game of another one is offered saying what was asked (test_ui_replace_game)."""
    started: list[dict[str, object]] = []
    monkeypatch.setattr(
        "lines_tui.commands.play.run_app", lambda options, **game: started.append(game)
    )
    for args in (
        ["lines"],
        ["lines", "--size", "9"],
        ["mahjong"],
        ["mahjong", "--layout", "turtle"],
    ):
        assert run("--data-dir", str(tmp_path), *args)[0] == 0
    assert [game.get("size", game.get("layout")) for game in started] == [None, 9, None, "turtle"]
