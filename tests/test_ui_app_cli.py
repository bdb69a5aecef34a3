"""`lines-tui`, `lines-tui lines` and `lines-tui mahjong` refuse bad input in one line, exit 2,
before the terminal is taken over."""

from __future__ import annotations

from pathlib import Path

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


def test_unknown_player_is_refused_in_one_line(tmp_path: Path) -> None:
    code, output = run("--data-dir", str(tmp_path), "--player", "nobody", "lines")
    assert code == 2
    assert len(output.strip().splitlines()) == 1, output
    assert "nobody" in output and "players add" in output


def test_board_size_out_of_range_is_refused(tmp_path: Path) -> None:
    code, output = run("--data-dir", str(tmp_path), "lines", "--size", "30")
    assert code == 2
    assert "--size" in output
