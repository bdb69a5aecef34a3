"""A start costs what the menu needs (README, "First frame"): `lines-tui` alone opens the menu
without the command tree (typer) or any sub-command, game, solver, layout or share-code module,
and answers every plain command line exactly as the command tree does; the menu's Footer builds
its keys once, and again only when one of them changes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import ClassVar

import pytest
from conftest import make_app
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets._footer import FooterKey
from tools.pty_terminal import Terminal, app_environment

from lines_tui.cli import menu_options
from lines_tui.commands.options import Settings
from lines_tui.ui.footer import Footer

# Loaded when a game or a score screen first opens: both games' engines and screens, the layouts
# and the solver.
GAMES = (
    "lines_tui.engine.lines",
    "lines_tui.engine.mahjong",
    "lines_tui.engine.daily",
    "lines_tui.engine.daily_seeds",
    "lines_tui.ui.lines",
    "lines_tui.ui.mahjong",
    "lines_tui.ui.scores",
    "lines_tui.ui.game_screen",
    "lines_tui.ui.game_keeper",
    "lines_tui.ui.game_leaving",
    "lines_tui.ui.game_player",
    "lines_tui.ui.result_filing",
    "lines_tui.ui.result_to_beat",
    "lines_tui.ui.replay",
    "lines_tui.ui.today",
)
# Loaded only by a command line with a command: the command tree (typer) and every sub-command,
# the share codes and their replays.
COMMANDS = (
    "typer",
    "click",
    "lines_tui.commands.tree",
    "lines_tui.commands.play",
    "lines_tui.commands.scores",
    "lines_tui.commands.players",
    "lines_tui.commands.layouts",
    "lines_tui.commands.solve",
    "lines_tui.commands.replay",
    "lines_tui.commands.challenge",
    "lines_tui.commands.survey",
    "lines_tui.store.codes",
    "lines_tui.store.sharecode",
    "lines_tui.store.paste",
    "lines_tui.store.replay",
    "lines_tui.store.verify",
)


def among(loaded: list[str], packages: tuple[str, ...]) -> list[str]:
    return [m for m in loaded if any(m == p or m.startswith(f"{p}.") for p in packages)]


# `lines-tui` as its console script starts it, writing the loaded modules' names when it exits.
START_AND_LIST_MODULES = (
    "import atexit, sys\n"
    "listing = sys.argv.pop()\n"
    "atexit.register(lambda: open(listing, 'w').write('\\n'.join(sorted(sys.modules))))\n"
    "from lines_tui.cli import main\n"
    "sys.argv[0] = 'lines-tui'\n"
    "main()\n"
)


def test_the_menu_opens_without_what_it_does_not_show(tmp_path: Path) -> None:
    listing = tmp_path / "modules"
    command = [sys.executable, "-c", START_AND_LIST_MODULES, str(listing)]
    terminal = Terminal(command, app_environment(tmp_path))
    try:
        terminal.wait_for(lambda s: "Mahjong solitaire" in s and "Quit" in s, "the menu")
        terminal.read(0.5, quiet=0.2)  # the menu settled: anything it loads late is in too
        terminal.send("\x11")  # ctrl+q
        assert terminal.wait_for_exit() == 0, terminal.text()
    finally:
        terminal.close()
    loaded = listing.read_text().split()
    assert "lines_tui.ui.menu" in loaded
    assert not among(loaded, GAMES + COMMANDS)


def test_a_start_with_a_command_loads_no_game_before_it_runs() -> None:
    """`lines-tui lines`, `lines-tui mahjong` and the other commands: the tree and the app load
    no game; the command opens what it needs when it runs."""
    script = (
        "import sys, lines_tui.cli, lines_tui.commands.tree, lines_tui.ui.app\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    listed = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert not among(listed.stdout.split(), GAMES)


@pytest.mark.parametrize(
    ("args", "settings"),
    [
        ([], Settings()),
        (["--data-dir", "d"], Settings(data_dir=Path("d"))),
        (["--data-dir=a b/", "--player", "Ann"], Settings(data_dir=Path("a b"), player="Ann")),
        (["--player", "Ann", "--player=Bob"], Settings(player="Bob")),  # the last one counts
    ],
)
def test_a_plain_start_is_read_without_the_command_tree(
    args: list[str], settings: Settings
) -> None:
    assert menu_options(args) == settings


@pytest.mark.parametrize(
    "args",
    [
        ["lines"],
        ["--help"],
        ["--data-dir"],
        ["--data-dir="],
        ["--player", "--data-dir", "d"],
        ["--data-dir", "d", "scores"],
        ["--", "--player", "Ann"],
        ["--play", "Ann"],
    ],
)
def test_every_other_command_line_goes_to_the_command_tree(args: list[str]) -> None:
    assert menu_options(args) is None


TREE = "import sys\nfrom lines_tui.cli import app\nsys.argv[0] = 'lines-tui'\napp()\n"
MAIN = "import sys\nfrom lines_tui.cli import main\nsys.argv[0] = 'lines-tui'\nmain()\n"


def answer(program: str, args: list[str], home: Path, **env: str) -> tuple[int, str, str]:
    done = subprocess.run(
        [sys.executable, "-c", program, *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env={**app_environment(home), **env},
        timeout=60,
    )
    return done.returncode, done.stdout, done.stderr


def test_a_plain_start_answers_as_the_command_tree_does(tmp_path: Path) -> None:
    """Without a terminal, a start refuses in one line; a bad player or data folder is refused
    first. The fast way and the command tree say the very same, with the same exit code."""
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    for args in (
        [],
        ["--player", "nobody"],
        [f"--data-dir={a_file}", "--player=nobody"],
        ["--data-dir", str(tmp_path / "new")],
    ):
        fast = answer(MAIN, args, tmp_path)
        assert fast == answer(TREE, args, tmp_path), args
        code, stdout, stderr = fast
        assert code == 2 and stdout == "" and len(stderr.splitlines()) == 1, (args, fast)
        assert stderr.startswith("lines-tui: "), fast


def test_shell_completion_is_left_to_the_command_tree(tmp_path: Path) -> None:
    asked = {"_LINES_TUI_COMPLETE": "bash_source"}
    assert answer(MAIN, [], tmp_path, **asked) == answer(TREE, [], tmp_path, **asked)


async def test_the_menu_keeps_its_keys_while_they_stay_the_same(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        keys = list(app.screen.query(FooterKey))
        # + and - share a label ("+ - Size"); p leaves the Footer for them at 80 columns
        # (its entry shows it, "p  Players").
        assert [key.key for key in keys] == [
            "l",
            "plus",
            "minus",
            "m",
            "t",
            "b",
            "i",
            "q",
            "question_mark",
            "s",
        ]
        app.screen.refresh_bindings()
        await pilot.press("down", "up")
        await pilot.pause()
        assert list(app.screen.query(FooterKey)) == keys  # the same widgets: not rebuilt


class Switchable(Screen[None]):
    """A screen whose one key is offered only while `on` is set."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("x", "switch", "Switch")]
    on = True

    def compose(self) -> ComposeResult:
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "switch" and not self.on else True


async def test_the_keys_are_rebuilt_when_one_of_them_changes() -> None:
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = Switchable()
        await app.push_screen(screen)
        await pilot.pause()
        assert not screen.query_one(FooterKey).has_class("-disabled")
        screen.on = False
        screen.refresh_bindings()
        await pilot.pause()
        assert screen.query_one(FooterKey).has_class("-disabled")  # shown dimmed now
