"""Outside text on screen is never markup (#12 item 2): installed layout titles in the picker,
names, paths, errors and notices are shown literally, and a scan of the ui package makes sure no
widget is handed a markup string built from something the program did not write itself."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from conftest import install_layouts, make_app, widget_lines
from rich.cells import cell_len
from test_ui_mahjong import open_game, row_layout, settled
from textual import events
from textual.widgets import DataTable, Static

from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.engine.mahjong.position import Position
from lines_tui.ui.mahjong import LayoutPickerScreen
from lines_tui.ui.mahjong.picker import SeedInput

UI = Path(__file__).parent.parent / "lines_tui" / "ui"
HOSTILE_TITLES = ("Evil [/] close", "[link=http://x/]Click[/link]", "x\x1b]52;c;SGk=\x07y")


async def test_layout_titles_from_desktop_files_show_literally_in_the_picker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install_layouts(monkeypatch, tmp_path, HOSTILE_TITLES)
    app = make_app(tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, LayoutPickerScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = picker.query_one("#layouts", DataTable)
        titles = [str(table.get_row_at(row)[0]) for row in range(table.row_count)]
        assert "Evil [/] close" in titles
        # Not "Click": the markup shows as text, cut to the column like any long title.
        assert "[link=http://x/]Click[/…" in titles
        assert not any("\x1b" in title or "\x07" in title for title in titles)  # never sent
        for _ in range(table.row_count):
            await pilot.press("down")  # each layout's description line is drawn too
        assert app.is_running


CONTROL_FILE_NAME = "bad\x1b[31mred\x07bell\nline.layout"
"""A file name with an escape sequence, a bell and a line break, as `printf` makes one."""


async def test_a_layout_files_name_with_control_characters_shows_on_one_line_in_the_picker(
    tmp_path: Path,
) -> None:
    """Its path, under "From" (and in "Start it directly" where a layout listed before has its
    name), kept its line break: the picker's description showed the path on two lines, the
    second taken for one of its own."""
    folders = [tmp_path / "one", tmp_path / "two"]
    for folder in folders:  # the same file twice: the second is started by its path
        folder.mkdir()
        (folder / CONTROL_FILE_NAME).write_text("kmahjongg-layout-v1.1\nw4\nh2\nd1\n12124343\n")
    app = make_app(tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(LayoutPickerScreen(folders=folders))
        await app.workers.wait_for_complete()
        await pilot.press("end")  # the second file, after the built-in layouts and the first
        await pilot.pause()
        about = str(app.screen.query_one("#layout-about", Static).render())
        shown = "bad\\x1b[31mred\\x07bell\\x0aline.layout"
        lines = about.split("\n")
        # The command whole; the path under "From" as far as the picker's rows go (it ends in
        # "…" here, tmp_path being long), read as it is.
        command = lines.index(
            f"Start it directly: lines-tui mahjong --layout '{folders[1]}/{shown}'"
        )
        origin = "".join(lines[command + 1 :])
        assert origin.endswith("…")
        assert f"From {folders[1]}/{shown}".startswith(origin.removesuffix("…"))
        assert len(origin) > 40
        assert not any(control in about for control in "\x1b\x07")


# -- the scan -----------------------------------------------------------------------------------

CELL_SINKS = {"add_row", "add_column", "add_columns", "Option"}
"""Calls whose positional arguments a widget reads as markup when they are strings."""
SAFE_MAKERS = {
    "inert",
    "Text",
    "assemble",
    "entry_cells",
    "seed_cell",
    "name_text",
    "player_prompt",
    "preview_cells",
    "proof_cell",
    "str",
}
"""Calls that give Text (or a str of a number, for `str(len(...))`)."""


def call_name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def safe_cell(node: ast.expr) -> bool:
    """A string the program wrote itself, or something made into Text."""
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, (ast.Starred, ast.Subscript)):
        return safe_cell(node.value)
    if isinstance(node, ast.IfExp):
        return safe_cell(node.body) and safe_cell(node.orelse)
    if isinstance(node, ast.List):
        return all(safe_cell(element) for element in node.elts)
    if isinstance(node, ast.Call) and call_name(node) == "str":
        return all(isinstance(arg, ast.Call) and call_name(arg) == "len" for arg in node.args)
    return isinstance(node, ast.Call) and call_name(node) in SAFE_MAKERS


def call_problems(call: ast.Call) -> list[str]:
    name = call_name(call)
    markup = {k.arg: k.value for k in call.keywords}.get("markup")
    markup_off = isinstance(markup, ast.Constant) and markup.value is False
    problems = []
    if name in ("Static", "Label") and not markup_off:
        problems.append(f"{name} without markup=False")
    if name == "notify" and markup is not None and not markup_off:
        problems.append("notify with markup")
    if name == "from_markup":
        problems.append("Text.from_markup")
    if name in CELL_SINKS:
        unsafe = [arg for arg in call.args if not safe_cell(arg)]
        problems += [f"{name} is given {ast.unparse(arg)}, not inert()/Text" for arg in unsafe]
    return problems


def title_problems(assign: ast.Assign) -> list[str]:
    """Border titles are read as markup when they are strings."""
    titles = [
        target.attr
        for target in assign.targets
        if isinstance(target, ast.Attribute) and target.attr in ("border_title", "border_subtitle")
    ]
    if not titles or safe_cell(assign.value):
        return []
    return [f"{titles[0]} = {ast.unparse(assign.value)}"]


def markup_problems(source: str, filename: str) -> list[str]:
    problems = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Call):
            found = call_problems(node)
        elif isinstance(node, ast.Assign):
            found = title_problems(node)
        else:
            continue
        problems += [f"{filename}:{node.lineno}: {problem}" for problem in found]
    return problems


def test_no_widget_in_the_ui_builds_markup_from_strings() -> None:
    problems = []
    for path in sorted(UI.rglob("*.py")):
        problems += markup_problems(path.read_text(encoding="utf-8"), str(path.relative_to(UI)))
    assert problems == []


def test_the_scan_finds_what_it_looks_for() -> None:
    bad = """
Static(f"Hello {name}")
Label(title, id="t")
table.add_row(layout.title, str(len(x)))
widget.border_title = f"Rename {old}"
OptionList().add_option(Option(name))
app.notify(message, markup=True)
Text.from_markup(text)
"""
    good = """
Static(f"Hello {name}", markup=False)
table.add_row(inert(layout.title), str(len(x)), *entry_cells(t, e))
widget.border_title = inert(title)
widget.border_subtitle = Text(f" +{points} ") if points else ""
app.notify(f"Saved {name}")
"""
    assert len(markup_problems(bad, "bad.py")) == 7
    assert markup_problems(good, "good.py") == []


async def test_a_deal_number_pasted_with_an_escape_keeps_only_its_digits(tmp_path: Path) -> None:
    """Every text field of the app drops control characters (the name and code fields are tested
    in test_ui_scores): the deal-number field of the layout picker too."""
    app = make_app(tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        seed = app.screen.query_one(SeedInput)
        seed.focus()
        seed.post_message(events.Paste("4\x1b2\x07"))
        await pilot.pause()
        assert seed.value == "42"


async def test_a_face_with_a_line_break_reads_on_one_row_of_the_tile_s_lines(
    tmp_path: Path,
) -> None:
    """A saved game's position may give its tiles any text for a face: the panel's lines about
    the tile under the cursor keep their own line breaks, and kept the face's too, its label
    and name shown as more lines of the panel. The face is spelled out, its label too (never cut
    inside an escape); the panel's own lines stay."""
    layout = row_layout(2)
    game = MahjongGame(layout, 1, Position(layout.slots, ("a\nb", "a\nb")), now=0)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game)
        await settled(pilot, screen)
        info = [line.strip() for line in widget_lines(screen.query_one("#tile-info", Static))]
        assert info[:2] == ["a a\\x0ab", "layer 1, free"]
        assert "a" in screen.board.labels[0] and "\n" not in "".join(screen.board.labels)


async def test_a_face_of_wide_characters_is_labelled_within_its_tile_s_two_cells(
    tmp_path: Path,
) -> None:
    """A face outside the standard set is labelled on the board with as much of it as fits the
    tile's two cells: cut at two characters, `日本` took four columns (`a日` three), pushing the
    rest of the tile's top row past its bottom row. The label is cut by columns: `日` fills both
    cells, `a日` leaves `a`; the panel still names the face whole."""
    layout = row_layout(4)
    game = MahjongGame(layout, 1, Position(layout.slots, ("日本", "a日", "日本", "a日")), now=0)
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game)
        await settled(pilot, screen)
        assert screen.board.labels == ("日", "a", "日", "a")
        top, bottom = [line for line in widget_lines(screen.board) if line]
        assert cell_len(top) == cell_len(bottom)
        info = [line.strip() for line in widget_lines(screen.query_one("#tile-info", Static))]
        assert info[0] == "日 日本"
