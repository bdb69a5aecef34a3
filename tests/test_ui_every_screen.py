"""Every screen of the app at 80 x 24, reached by keys: its Footer shows every key label whole, and
every key it has is in its help with a sentence and in the README's key table of that screen
(#12, #15). Every key a message names (`Undo (u)`, `press p`, `n: new game`) is a key of the
screen that says it."""

from __future__ import annotations

import ast
import re
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from conftest import (
    fill_the_board,
    make_app,
    nearly_full_game,
    open_lines,
    played_lines_game,
    widget_lines,
)
from conftest import settle as settle_workers
from rich.cells import cell_len
from test_ui_solvable_deals import TURTLE, held_app
from textual.app import App
from textual.binding import Binding
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Footer, Input
from textual.widgets._footer import FooterKey, FooterLabel

import lines_tui.ui
from lines_tui.engine.mahjong.solver import Verdict
from lines_tui.store import RecordOutcome, open_store
from lines_tui.store.replay import record_of_lines
from lines_tui.ui.app import LinesTuiApp
from lines_tui.ui.app_keys import SYMBOLS, symbols_note
from lines_tui.ui.dialogs import CodeScreen, ResumeScreen
from lines_tui.ui.help import SYSTEM_ACTIONS, HelpScreen, key_rows, screen_name
from lines_tui.ui.lines.game_over import GameOverScreen
from lines_tui.ui.mahjong.proving import ProvingScreen
from lines_tui.ui.menu import MenuScreen

README = Path(__file__).resolve().parents[1] / "README.md"
UI = Path(lines_tui.ui.__file__).parent
SIZE = (80, 24)

Opener = Callable[[Pilot[None]], Awaitable[None]]


def keys(*presses: str) -> Opener:
    async def open_(pilot: Pilot[None]) -> None:
        for key in presses:
            await pilot.press(key)
            await settle_workers(pilot)

    return open_


async def game_over(pilot: Pilot[None]) -> None:
    screen = await open_lines(pilot, nearly_full_game())
    await fill_the_board(pilot, screen)
    await settle_workers(pilot)


async def code_dialog(pilot: Pilot[None]) -> None:
    await pilot.app.push_screen(CodeScreen("LT2-CODE", "A code to select.", "Challenge"))
    await settle_workers(pilot)


async def resume_question(pilot: Pilot[None]) -> None:
    await pilot.app.push_screen(ResumeScreen("You have a saved Lines game (…). Resume it?"))
    await settle_workers(pilot)


# The README's name of each screen (its key table row starts with it), and how to reach it.
SCREENS: dict[str, Opener] = {
    "Menu": keys(),
    "Lines": keys("l"),
    "Game over (Lines)": game_over,
    "Mahjong": keys("m", "enter"),
    "Layout picker": keys("m"),
    "Today's deals": keys("t"),
    "Leaderboards": keys("b"),
    "Replay": keys("b", "w"),
    "Import": keys("i"),
    "Players": keys("p"),
    "Name entry": keys("p", "a"),
    "Question": keys("p", "d"),
    "Code": code_dialog,
    "Resume question": resume_question,
    "Help": keys("question_mark"),
}
TEXT_FIELDS = {"Import", "Name entry"}
"""Screens whose focus is a text field: `s` is typed there (a name or a code may hold one), and
the field's editing keys are Textual's Input's, described by Textual."""
HELP_KEY_TYPED = {"Name entry"}
"""Text fields where `?` is typed too (a name may hold one): f1 is their help key. A code holds
no `?`, so the Import's field leaves `?` the help key, as on every other screen."""
SYMBOLS_KEY = {"Mahjong": "S"}
"""Where the letters are keys of the game, symbols are another key."""
README_NAMES = {
    "escape": "esc",
    "question_mark": "?",
    "full_stop": ".",
    "comma": ",",
    **{arrow: "arrows" for arrow in ("up", "down", "left", "right")},
}


def app_with_results(data_dir: Path) -> LinesTuiApp:
    """A registered player with a recorded (watchable) Lines game and a Mahjong time."""
    store = open_store(data_dir)
    store.add_player("Ada")
    store.set_active_player("Ada")
    game = played_lines_game(2, size=7)  # short: a 7 x 7 board fills in a few dozen moves
    assert game.ended_at is not None
    store.record_lines(
        "Ada", 7, game.score, game.seed, game.started_at, game.ended_at, record_of_lines(game)
    )
    store.record_mahjong("Ada", "turtle", 300.0, 3, when=game.ended_at)
    return make_app(data_dir)


def cut_footer_labels(screen: Screen[object]) -> list[str]:
    """Footer labels that do not show whole in the screen's width."""
    footer = screen.query_one(Footer)
    cut = []
    for item in [*footer.query(FooterKey), *footer.query(FooterLabel)]:
        label = item.render()
        text = label.plain if hasattr(label, "plain") else str(label)
        region = item.region
        if region.right > screen.size.width or region.width < cell_len(text):
            cut.append(text.strip())
    return cut


GAME_KEY_TABLES = {"Lines": 0, "Mahjong": 1}
"""The games have key tables of their own: the first and second "### Keys" sections."""


def readme_keys(screen_name: str) -> str:
    """Where the README lists the keys of `screen_name`: its game's key table, or its row in the
    table of every other screen's keys."""
    text = README.read_text(encoding="utf-8")
    if screen_name in GAME_KEY_TABLES:
        sections = [s for s in re.split(r"^### ", text, flags=re.M) if s.startswith("Keys\n")]
        section = sections[GAME_KEY_TABLES[screen_name]]
        return "\n".join(line for line in section.splitlines() if line.startswith("|"))
    for line in text.splitlines():
        if line.startswith(f"| {screen_name} |"):
            return line
    raise AssertionError(f"the README's key table has no row for {screen_name}")


def mentions(table: str, key: str) -> bool:
    """A key of one character in backticks (`c`), a longer name as a word (esc, arrows)."""
    if len(key) == 1:
        return f"`{key}`" in table
    return re.search(rf"(?<![\w+]){re.escape(key)}(?![\w+])", table) is not None


def own_actions(screen: Screen[object]) -> set[tuple[str, str]]:
    """The bindings the app's own classes give `screen` and its focused widget (a list, a table):
    their help is a sentence."""
    focused = [] if screen.focused is None else list(screen.focused.ancestors_with_self)
    return {
        (binding.action, binding.description)
        for node in [screen, *focused]
        for cls in type(node).__mro__
        if cls.__module__.startswith("lines_tui")
        for binding in Binding.make_bindings(cls.__dict__.get("BINDINGS", []))
    }


APP_ACTIONS = {binding.action for binding in Binding.make_bindings(LinesTuiApp.BINDINGS)}
"""The keys that work everywhere (README says so once, not in every screen's row)."""


def described_bindings(screen: Screen[object]) -> list[Binding]:
    return [
        active.binding
        for active in screen.active_bindings.values()
        if (active.binding.description or active.binding.tooltip)
        and not active.binding.system
        and active.binding.action not in SYSTEM_ACTIONS
    ]


async def test_every_screen_shows_its_keys_whole_and_documents_them(tmp_path: Path) -> None:
    """One app walks every screen (one start: each screen alone would cost a start)."""
    app = app_with_results(tmp_path)
    problems: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await settle_workers(pilot)
        for name, open_ in SCREENS.items():
            await open_(pilot)
            problems += screen_problems(app, name)
            problems += await keys_of_everywhere_problems(pilot, name)
            while not isinstance(app.screen, MenuScreen):
                app.pop_screen()
                await settle_workers(pilot)
    assert problems == [], "\n".join(problems)


async def test_the_proving_dialog_shows_its_keys_whole_and_documents_them(tmp_path: Path) -> None:
    """The proving dialog, while it proves and after a failure (enter: try again), with a solver
    the test answers (a real proof ends before the dialog can be looked at)."""
    app, solver = held_app(tmp_path)
    problems: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await settle_workers(pilot)
        app.mahjong_starts.start(TURTLE, 500, solvable=True)
        await pilot.pause()
        assert isinstance(app.screen, ProvingScreen)
        problems += screen_problems(app, "Proving a deal")
        await solver.answer(pilot, Verdict.UNDECIDED, error="the solver process ended")
        await pilot.pause()
        problems += screen_problems(app, "Proving a deal")
    assert problems == []


async def keys_of_everywhere_problems(pilot: Pilot[None], name: str) -> list[str]:
    """`?` opens the help (closes it, on the help) and `s` turns symbols on and off, on the
    screen on top, which stays (README: "`?`, `s` and `ctrl+q` work everywhere")."""
    app = pilot.app
    assert isinstance(app, LinesTuiApp)
    screen = app.screen
    if name in HELP_KEY_TYPED:
        return await f1_problems(pilot, name)
    problems = []
    footer_keys = [key.key_display for key in screen.query_one(Footer).query(FooterKey)]
    if name != "Help" and "?" not in footer_keys:
        problems.append(f"{name}: the Footer does not show ? Help")
    if name not in TEXT_FIELDS:  # there s is typed
        symbols = app.symbols_mode
        await pilot.press(SYMBOLS_KEY.get(name, "s"))
        await settle_workers(pilot)
        if app.symbols_mode == symbols or app.screen is not screen:
            problems.append(f"{name}: s does not turn symbols on")
        await pilot.press(SYMBOLS_KEY.get(name, "s"))
        await settle_workers(pilot)
    await pilot.press("question_mark")
    await pilot.pause(0.3)  # in a text field, ? waits to be told from a paste's (ENTER_SETTLES)
    await settle_workers(pilot)
    if name == "Help":  # ? closes the help
        if isinstance(app.screen, HelpScreen):
            problems.append(f"{name}: ? does not close the help")
        return problems
    if not isinstance(app.screen, HelpScreen):
        problems.append(f"{name}: ? does not open the help")
    await pilot.press("question_mark")
    await settle_workers(pilot)
    if app.screen is not screen:
        problems.append(f"{name}: ? does not close the help, back to {name}")
    return problems


async def f1_problems(pilot: Pilot[None], name: str) -> list[str]:
    """In a text field that types `?` the Footer shows `f1 Help`, and f1 opens the help (README,
    "Keys of every other screen")."""
    app = pilot.app
    screen = app.screen
    problems = []
    if "f1" not in [key.key_display for key in screen.query_one(Footer).query(FooterKey)]:
        problems.append(f"{name}: the Footer does not show f1 Help")
    await pilot.press("f1")
    await settle_workers(pilot)
    if not isinstance(app.screen, HelpScreen):
        return [*problems, f"{name}: f1 does not open the help"]
    await pilot.press("escape")
    await settle_workers(pilot)
    if app.screen is not screen:
        problems.append(f"{name}: esc does not close the help, back to {name}")
    return problems


def screen_problems(app: LinesTuiApp, name: str) -> list[str]:
    """What is wrong with the keys of the screen on top, named `name` in the README."""
    screen = app.screen
    problems = [f"{name}: {label!r} is cut at 80 columns" for label in cut_footer_labels(screen)]
    shown_keys = " ".join(keys for keys, _, _ in key_rows(screen)).split()
    if "^q" not in shown_keys:  # README: ctrl+q works everywhere, dialogs and text fields too
        problems.append(f"{name}: the help has no ^q row")
    if re.search("[a-z][A-Z]", screen_name(screen)):
        problems.append(f"{name}: the help's title is a class name: {screen_name(screen)}")
    own = own_actions(screen)
    table = readme_keys(name)
    rows = key_rows(screen)
    for binding in described_bindings(screen):
        display = app.get_key_display(binding)
        if display not in shown_keys:
            problems.append(f"{name}: {display} is not in the help")
        said = binding.tooltip or (binding.group or binding).description
        if (binding.action, binding.key) == (SYMBOLS.action, SYMBOLS.key):  # as the game shows them
            said = f"Symbols on or off: {symbols_note(screen)}"
        if not any(
            display in keys.split() and sentence[1:] == said[1:] for keys, sentence, _ in rows
        ):
            problems.append(f"{name}: the help gives {display} another key's sentence")
        if binding.action in APP_ACTIONS or f"app.{binding.action}" in APP_ACTIONS:
            continue  # in the README once, for every screen
        if (binding.action, binding.description) not in own:
            if name not in TEXT_FIELDS:
                problems.append(f"{name}: {display} is Textual's, with no sentence of ours")
            continue
        sentence = binding.tooltip or binding.description
        if len(sentence.split()) < 4:
            problems.append(f"{name}: the help of {display} is no sentence: {sentence!r}")
        names = {binding.key, README_NAMES.get(binding.key, binding.key), display}
        if not any(mentions(table, key) for key in names):
            problems.append(f"{name}: {binding.key} ({display}) is not in its README key table")
    return problems


# --- keys named in messages -------------------------------------------------------------------

KEY_IN_MESSAGE = re.compile(
    r"\(([A-Za-z?])\)"  # Undo (u).
    r"|[Pp]ress ([A-Za-z?]|enter|esc|tab|space)\b"  # press p to go on
    r"|(?:^|\s)([A-Za-z?]|esc|enter): [a-z]"  # n: new game
)
KEY_NAMES = {"esc": "escape", "?": "question_mark"}


def messages_and_keys(module: Path) -> tuple[list[str], set[str]]:
    """The string constants of a UI module, and every key bound by the classes it defines or in
    the lists of bindings it holds (a screen's `keys.py`), or by the screens beside it that
    import it (a screen's parts speak for it), and the app's keys, which work everywhere."""
    tree = ast.parse(module.read_text(encoding="utf-8"))
    docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    strings = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]
    bound = {key for binding in LinesTuiApp.BINDINGS for key in _keys(binding)}
    for speaker in [module, *importers_beside(module)]:
        bound |= keys_bound_in(speaker)
    return strings, bound


def module_name_of(module: Path) -> str:
    return "lines_tui.ui." + ".".join(module.relative_to(UI).with_suffix("").parts)


def importers_beside(module: Path) -> list[Path]:
    """The modules in the same package that import `module`."""
    name = module_name_of(module)
    found = []
    for sibling in module.parent.glob("*.py"):
        tree = ast.parse(sibling.read_text(encoding="utf-8"))
        if any(isinstance(node, ast.ImportFrom) and node.module == name for node in ast.walk(tree)):
            found.append(sibling)
    return found


def keys_bound_in(module: Path) -> set[str]:
    """The keys bound by the classes `module` defines or in the lists of bindings it holds."""
    bound: set[str] = set()
    namespace: dict[str, object] = {}
    module_name = module_name_of(module)
    exec(f"import {module_name} as target", namespace)
    target = namespace["target"]
    for value in vars(target).values():
        if isinstance(value, list) and value and all(isinstance(b, Binding) for b in value):
            bound |= {key for binding in value for key in _keys(binding)}
        if isinstance(value, type) and value.__module__ == module_name:
            for base in value.__mro__:
                if issubclass(base, App) and base is not LinesTuiApp:
                    continue
                for binding in getattr(base, "BINDINGS", []):
                    bound |= _keys(binding)
    return bound


def _keys(binding: object) -> set[str]:
    if isinstance(binding, Binding):
        return set(binding.key.split(","))
    return set(str(binding[0]).split(","))  # type: ignore[index]


@pytest.mark.parametrize(
    "module",
    sorted(path for path in UI.rglob("*.py") if path.name != "__init__.py"),
    ids=lambda path: str(path.relative_to(UI)),
)
def test_every_key_a_message_names_is_a_key_of_its_screen(module: Path) -> None:
    strings, bound = messages_and_keys(module)
    for text in strings:
        for match in KEY_IN_MESSAGE.finditer(text):
            key = next(group for group in match.groups() if group)
            assert KEY_NAMES.get(key, key) in bound, (
                f"{module.name}: '{text}' names the key {key}, which no screen there binds"
            )


async def test_help_and_symbols_work_in_the_deal_number_field(tmp_path: Path) -> None:
    """The layout picker's deal number takes digits only, so `?` and `s` stay the keys they are
    everywhere, with the field focused, and the footer keeps "? Help"."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle_workers(pilot)
        await pilot.press("m", "tab", "4", "s")
        await settle_workers(pilot)
        picker = app.screen
        field = picker.query_one("#seed", Input)
        assert field.has_focus and field.value == "4" and app.symbols_mode
        assert screen_problems(app, "Layout picker") == []  # its keys too, each with a sentence
        assert "?" in [key.key_display for key in picker.query(FooterKey)]
        await pilot.press("question_mark")
        await settle_workers(pilot)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape", "2")
        await settle_workers(pilot)
        assert app.screen is picker and field.value == "42"


# --- help comes from one place ----------------------------------------------------------------


def help_shown(app: App[None]) -> str:
    """The help dialog's key table as drawn."""
    return "\n".join(widget_lines(app.screen.query_one("#help-keys")))


async def test_lines_help_for_esc_says_it_forgets_a_typed_row(tmp_path: Path) -> None:
    app = app_with_results(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle_workers(pilot)
        await pilot.press("l", "question_mark")
        await settle_workers(pilot)
        row = next(line for line in help_shown(app).splitlines() if line.startswith("esc"))
        assert "Forget a typed row number" in row


async def test_the_help_of_a_finished_lines_board_says_what_its_keys_do_there(
    tmp_path: Path,
) -> None:
    """Game over, esc to look at the final board, then `?`: the help said esc and q go back with
    the game saved to resume, but a finished game is cleared."""
    app = app_with_results(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle_workers(pilot)
        await game_over(pilot)
        await pilot.press("escape", "question_mark")
        await settle_workers(pilot)
        rows = help_shown(app).splitlines()
        for key in ("esc", "q", "n"):
            row = next(line for line in rows if line.split()[:1] == [key])
            assert "saved" not in row and "asks first" not in row, row
        assert any(line.split()[:1] == ["esc"] and "menu" in line for line in rows), rows
        # The keys that move and name cells do nothing there: listed, dimmed (they were left out).
        from test_ui_scores import dimmed_keys_of

        board = app.screen_stack[-2]
        assert {"↑", "7c", "⏎"} <= set(dimmed_keys_of(board)), dimmed_keys_of(board)


# --- the game-over dialog shows every key that acts on it ---------------------------------------


@pytest.mark.parametrize("saved", [False, True], ids=["not-saved", "saved"])
@pytest.mark.parametrize("challenge", [None, "LT2-CODE"], ids=["no-code", "code"])
async def test_the_game_over_footer_shows_every_key_that_acts_there(
    tmp_path: Path, saved: bool, challenge: str | None
) -> None:
    """`s` and `ctrl+q` act on the dialog too, so its footer shows them with the rest, whole at 80
    columns, whichever of `b` (a saved score) and `c` (a challenge code) it offers."""
    app = make_app(tmp_path)
    outcome = RecordOutcome(saved, "" if saved else "a guest's score", "Lines 9x9")
    async with app.run_test(size=SIZE) as pilot:
        await settle_workers(pilot)
        await app.push_screen(GameOverScreen(120, outcome, challenge, table_title="Lines 9 x 9"))
        await settle_workers(pilot)
        shown = {key.key_display for key in app.screen.query_one(Footer).query(FooterKey)}
        offered = {"b": saved, "c": challenge is not None}
        expected = {"n", "q", "esc", "?", "s", "^q"} | {key for key, on in offered.items() if on}
        assert shown == expected
        assert cut_footer_labels(app.screen) == []
        # Each key whole on a line of the dialog, never parted from what it does ("deal)" of
        # the challenge code's line was left alone on a row of its own: a player review).
        lines = [line.strip() for line in widget_lines(app.screen.query_one("#game-over-keys"))]
        assert all(re.match(r"(\S+: .*|)$", line) for line in lines), lines
