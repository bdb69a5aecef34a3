"""The README's examples are real (issue 12 item 15): every shell block marked
`<!-- readme-test: commands -->` runs, line by line and in order, in a sandbox home, each command
with the outcome the README documents; every command of a block marked `<!-- readme-test: app -->`
gets past its arguments and stops only because the test gives it no terminal; every share code
the README shows imports cleanly, nothing rejected."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
from conftest import checker
from typer.testing import CliRunner, Result

from lines_tui.cli import app
from lines_tui.store import Merge, open_store

README = Path(__file__).parent.parent / "README.md"
FIXTURES = Path(__file__).parent / "fixtures" / "mahjong"
BLOCK = re.compile(r"<!-- readme-test: (\w+) -->\n```sh\n(.*?)```", re.DOTALL)
COMMENT = re.compile(r"(?:^|\s)#.*$")
SHARE_CODE = re.compile(r"\bLT\d-[0-9A-Za-z]{8,}")
EXIT_CODES = {"solve": {0, 1, 3}}  # the README: 0 solvable, 1 unsolvable, 3 undecided
"""The exit codes of a command that succeeds, where not just 0."""

MAPS = """<mahjongg>
  <map name="Easy" scorename="easy"><layer z="0"><row left="0" right="3" y="0"/></layer></map>
  <map name="Hard" scorename="hard"><layer z="0"><row left="0" right="5" y="0"/></layer></map>
</mahjongg>
"""


def blocks(kind: str) -> list[list[str]]:
    """The command lines of the README's blocks marked `kind`, comments and blanks left out."""
    text = README.read_text(encoding="utf-8")
    return [
        [line for line in block.splitlines() if line.strip()]
        for marked, block in BLOCK.findall(text)
        if marked == kind
    ]


@pytest.fixture
def sandbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home holding the files the examples name (~/my.layout, ~/my-layouts/, a GNOME map
    file at ~/maps/mahjongg.map), no installed layouts, an empty data folder, and `cd` there."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setenv("XDG_DATA_DIRS", str(tmp_path / "none"))
    monkeypatch.setenv("LINES_TUI_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    shutil.copy(FIXTURES / "steps.layout", tmp_path / "my.layout")
    (tmp_path / "my-layouts").mkdir()
    shutil.copy(FIXTURES / "steps.layout", tmp_path / "my-layouts" / "steps.layout")
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "mahjongg.map").write_text(MAPS)
    return tmp_path


def run_line(line: str, home: Path) -> list[tuple[list[str], Result]]:
    """Run one README line: `lines-tui ...` commands joined by `|`, perhaps ending in `> FILE`."""
    without_comment = COMMENT.sub("", line)  # as the shell: `#` starts a comment only at a word
    words = [
        str(home) + word[1:] if word.startswith("~/") else word
        for word in shlex.split(without_comment)
    ]
    target = None
    if ">" in words:
        words, target = words[: words.index(">")], words[words.index(">") + 1]
    commands: list[list[str]] = [[]]
    for word in words:
        if word == "|":
            commands.append([])
        else:
            commands[-1].append(word)
    results = []
    piped: str | None = None
    for argv in commands:
        assert argv[0] == "lines-tui", line
        result = CliRunner().invoke(app, argv[1:], input=piped)
        results.append((argv[1:], result))
        piped = result.stdout
    if target is not None:
        (home / target).write_text(results[-1][1].stdout)
    return results


def test_the_readme_marks_its_examples() -> None:
    assert len(blocks("commands")) >= 3 and len(blocks("app")) >= 2


def test_every_command_the_readme_shows_does_what_it_says(sandbox: Path) -> None:
    for block in blocks("commands"):
        for line in block:
            for argv, result in run_line(line, sandbox):
                allowed = EXIT_CODES.get(argv[0], {0})
                assert result.exit_code in allowed, (line, result.stdout, result.stderr)
                assert "Traceback" not in result.output, line
                if argv[:2] == ["scores", "import"]:
                    assert "rejected" not in result.stdout, (line, result.stdout)
                    assert re.search(r"\d+ (added|already there)", result.stdout), line


def test_every_game_the_readme_starts_gets_past_its_arguments(sandbox: Path) -> None:
    open_store(sandbox / "data").add_player("Ada")  # "play as a registered player"
    for block in blocks("app"):
        for line in block:
            ((_, result),) = run_line(line, sandbox)
            assert result.exit_code == 2, (line, result.output)
            assert "need a terminal" in result.stderr, (line, result.stderr)


def test_every_share_code_in_the_readme_is_real(tmp_path: Path) -> None:
    codes = SHARE_CODE.findall(README.read_text(encoding="utf-8"))
    assert codes
    for code in codes:
        (merged,) = open_store(tmp_path / code).preview_imports([code], checker)
        assert isinstance(merged, Merge), (code, merged)
        assert merged.results and all(r.status == "added" for r in merged.results), code
