"""The command line against a review of its outside inputs (review-cli): every bad input is one
line on stderr with exit code 2 and changes nothing; no traceback, whatever the input."""

from __future__ import annotations

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
