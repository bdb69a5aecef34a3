"""Contrast of what the player must read, as the app draws it: every Mahjong tile label against its
tile on every layer (and on the selected and hinted tiles), and in symbols mode every Lines ball
letter (on a ball, of a ball due next, in the panel's "Next" and legend) against its block.
Each must reach a WCAG 2 contrast ratio of 4.5:1 in truecolor and in 256 colours, as Rich turns
the stylesheet's colours into 256 on output (TERM=xterm-256color without COLORTERM, the usual case
over SSH). A player review measured 1.7-2.0:1 on the ground layer of Mahjong in 256 colours
(2.4-2.9:1 in truecolor), and 2.6:1 for the red, blue and brown balls' letters with NO_COLOR
(3.2-4.3:1 in colour).

With 16 colours the terminal's palette decides how they look: the tile labels and the Footer's
keys are checked in xterm's own palette (`XTERM`), where a player review measured 1.7:1 for the
bamboos' green on the light grey tiles and about 1:1 for the Footer's keys, bright red on bright
black. (xterm's default of drawing bold in the bright colours is not counted: most terminals
today do not.)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest
from conftest import game_at, make_app, open_lines, settle
from rich.color import Color as RichColor
from rich.color import ColorSystem
from rich.segment import Segment
from rich.style import Style
from test_ui_app_lines import lab
from textual.app import App
from textual.color import Color
from textual.geometry import Region
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from lines_tui.engine.lines import COLOURS
from lines_tui.ui.lines.board import SYMBOLS
from lines_tui.ui.lines.cell_shape import HEADER
from lines_tui.ui.lines.screen import LinesScreen
from lines_tui.ui.mahjong import MahjongScreen
from lines_tui.ui.mahjong.board import SHADES, SUITS
from lines_tui.ui.mahjong.picker import LayoutPickerScreen

LEAST = 4.5
"""WCAG 2's least contrast for text (level AA)."""

RGB = tuple[int, int, int]
SYSTEMS = (ColorSystem.TRUECOLOR, ColorSystem.EIGHT_BIT)


def luminance(rgb: RGB) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""

    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(channel) for channel in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: RGB, other: RGB) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def shown(colour: RichColor, system: ColorSystem) -> RGB:
    """`colour` as a terminal with `system` shows it (256 colours: Rich's choice, xterm's RGB)."""
    triplet = colour.downgrade(system).get_truecolor()
    return triplet.red, triplet.green, triplet.blue


def filtered(app: App[None], style: Style) -> Style:
    """`style` as it leaves the app: through its line filters (NO_COLOR: Textual's greys)."""
    segments = [Segment("x", style)]
    for line_filter in app.get_line_filters():
        segments = line_filter.apply(segments, Color(0, 0, 0))
    result = segments[0].style
    assert result is not None
    return result


def text_and_ground(style: Style) -> tuple[RichColor, RichColor]:
    """The colours of a cell's character and of the cell around it (reverse video swaps them)."""
    assert style.color is not None and style.bgcolor is not None, style
    if style.reverse:
        return style.bgcolor, style.color
    return style.color, style.bgcolor


def too_faint(
    app: App[None], cells: Iterable[tuple[str, Style]]
) -> Iterator[tuple[str, str, float]]:
    """Each cell (what it shows, its style) whose character falls short of `LEAST` in truecolor
    or 256 colours: what it is, which colour system, and the ratio."""
    for what, style in cells:
        text, ground = text_and_ground(filtered(app, style))
        for system in SYSTEMS:
            ratio = contrast(shown(text, system), shown(ground, system))
            if ratio < LEAST:
                yield what, system.name, round(ratio, 2)


def rendered_cells(strip: Iterable[Segment]) -> Iterator[tuple[int, str, Style]]:
    """Each cell of a rendered line: its column, its character and its style."""
    x = 0
    for segment in strip:
        for char in segment.text:
            assert segment.style is not None
            yield x, char, segment.style
            x += 1


def app_in(
    colours: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, **options: object
) -> App[None]:
    """The app in colour, or with NO_COLOR (`colours` "no-color")."""
    if colours == "no-color":
        monkeypatch.setenv("NO_COLOR", "1")
    return make_app(tmp_path, few_colours=colours == "no-color", **options)


@pytest.mark.parametrize("colours", ["colour", "no-color"])
async def test_every_tile_label_reads_on_every_layer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, colours: str
) -> None:
    app = app_in(colours, tmp_path, monkeypatch, start="mahjong", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, MahjongScreen)
        board = screen.board
        # The Turtle as drawn: its labels (and layer numbers) on all five layers.
        cells = [
            (char, style)
            for y in range(board.virtual_size.height)
            for _, char, style in rendered_cells(board.render_line(y))
            if char.isalnum()
        ]
        grounds = {text_and_ground(style)[1] for _, style in cells}
        layers = [board.get_component_rich_style(f"board--layer-{z}") for z in range(SHADES)]
        assert {layer.bgcolor for layer in layers} <= grounds
        assert list(too_faint(app, cells)) == []

        # Every suit on every layer, plain, selected and hinted, as the board puts them together
        # (the parts each style sets: `MahjongBoard._style`).
        def part(name: str) -> Style:
            return board.get_component_rich_style(name, partial=True)

        combined = [
            (f"{suit} on layer {z}{' ' + mark if mark else ''}", style)
            for z in range(SHADES)
            for suit in (*SUITS, "other")
            for mark in ("", "selected", "hint")
            for style in [
                part(f"board--layer-{z}")
                + part(f"board--{suit}")
                + (part(f"board--{mark}") if mark else Style())
            ]
        ]
        assert list(too_faint(app, combined)) == []


async def test_the_layers_stay_apart(tmp_path: Path) -> None:
    """Each layer lighter than the one under it, and visibly different from it (a CIE76 distance
    of 9 or more: the layer shading is how depth is read), in truecolor and in 256 colours."""
    app = make_app(tmp_path, start="mahjong", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, MahjongScreen)
        grounds = [
            screen.board.get_component_rich_style(f"board--layer-{z}").bgcolor
            for z in range(SHADES)
        ]
        for system in SYSTEMS:
            shades = [shown(ground, system) for ground in grounds if ground is not None]
            assert len(shades) == SHADES
            for lower, upper in itertools.pairwise(shades):
                assert luminance(lower) < luminance(upper), (system.name, lower, upper)
                apart = (lab(RichColor.from_rgb(*shade)) for shade in (lower, upper))
                distance = math.dist(*apart)
                assert distance >= 9, (system.name, lower, upper, distance)


# Every colour on the board and every one of them due next.
EVERY_BALL = """
RBGCVYN..
.........
.........
.........
.........
.........
.........
.........
.........
"""
DUE = (((8, 8), "R"), ((8, 7), "B"), ((8, 6), "N"))


def ball_letters(screen: LinesScreen) -> list[tuple[str, Style]]:
    """Every ball letter in symbols mode: on the board (below the column letters, right of the
    row numbers), in the panel's "Next  R B N" and in its legend ("R red 5")."""
    board = screen.board
    letters = set(SYMBOLS.values()) | {letter.lower() for letter in SYMBOLS.values()}
    on_board = [
        (char, style)
        for y in range(HEADER, board.size.height)
        for x, char, style in rendered_cells(board.render_line(y))
        if x >= board.label_width and char in letters
    ]
    assert sorted({char for char, _ in on_board}) == sorted("RBGCVYNrbn")
    panel = screen.query_one("#lines-next", Static)
    due = [
        (f"{char} due", style)
        for x, char, style in rendered_cells(panel.render_line(0))
        if x >= len("Next  ") and char in letters
    ]
    assert sorted(char[0] for char, _ in due) == ["B", "N", "R"]
    legend = screen.query_one("#lines-legend", Static)
    priced = [
        (f"{char} priced", style)
        for y in range(legend.size.height)
        for x, char, style in rendered_cells(legend.render_line(y))
        if x in (0, 14) and char in letters  # each entry's first column
    ]
    assert sorted(char[0] for char, _ in priced) == sorted(SYMBOLS.values())
    return on_board + due + priced


@pytest.mark.parametrize("colours", ["colour", "no-color"])
async def test_in_symbols_mode_every_ball_letter_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, colours: str
) -> None:
    """In colour the board's dark letter read 3.2-4.3:1 on the brown, blue and red balls."""
    app = app_in(colours, tmp_path, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game_at(EVERY_BALL, DUE))
        if not screen.board.symbols:
            await pilot.press("s")
        assert list(too_faint(app, ball_letters(screen))) == []


SMALLEST = "\n".join(["CC" + "." * 13, *(["." * 15] * 14)])
"""A 15 x 15 board, drawn at the smallest scale at 80 x 24 (a ball is its letter alone)."""


@pytest.mark.parametrize("colours", ["colour", "no-color"])
async def test_at_the_smallest_scale_due_and_selected_balls_stay_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, colours: str
) -> None:
    """Reviews: with every letter on a block of its ball's colour, a ball due next looked like a
    ball on the board but for its letter's case (c and C), and a selected ball like any other,
    or, its block swapped to the letter's black, like a due ball. A due ball's letter stands
    alone on the board, and the selected ball is marked ( ) when the cursor is elsewhere."""
    app = app_in(colours, tmp_path, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        due = (((0, 2), "C"), ((14, 14), "R"), ((14, 13), "G"))
        screen = await open_lines(pilot, game_at(SMALLEST, due))
        if not screen.board.symbols:
            await pilot.press("s")
        board = screen.board
        assert board.scale == 0
        board.set_selected((0, 1))
        board.set_cursor((7, 7))
        await pilot.pause()
        first_row = list(rendered_cells(board.render_line(HEADER)))
        assert "".join(char for _, char, _ in first_row)[board.label_width :].startswith(
            " C (C) c "
        )
        cells = [
            (char, text_and_ground(filtered(app, style)))
            for x, char, style in first_row
            if x >= board.label_width and char in "Cc"
        ]
        (_, plain), (_, selected), (_, alone) = cells  # row 1: C, C selected, c due
        assert selected == plain  # the marks say it
        board_ground = filtered(app, board.rich_style).bgcolor
        assert alone[1] == board_ground != plain[1]
        assert list(too_faint(app, [("C", Style(color=c, bgcolor=g)) for _, (c, g) in cells])) == []


async def test_with_no_color_the_empty_cells_dot_is_dimmer_than_any_ball(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(tmp_path, few_colours=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game_at(EVERY_BALL, DUE))
        board = screen.board
        dot = filtered(app, board.rich_style + board.get_component_rich_style("lines-board--dot"))
        balls = [filtered(app, board.rich_style + board.ball_style(colour)) for colour in COLOURS]
        for system in SYSTEMS:
            assert dot.color is not None
            dot_light = luminance(shown(dot.color, system))
            for colour, ball in zip(COLOURS, balls, strict=True):
                assert ball.color is not None
                assert luminance(shown(ball.color, system)) > dot_light, (colour, system.name)


XTERM = (
    (0x00, 0x00, 0x00), (0xCD, 0x00, 0x00), (0x00, 0xCD, 0x00), (0xCD, 0xCD, 0x00),
    (0x00, 0x00, 0xEE), (0xCD, 0x00, 0xCD), (0x00, 0xCD, 0xCD), (0xE5, 0xE5, 0xE5),
    (0x7F, 0x7F, 0x7F), (0xFF, 0x00, 0x00), (0x00, 0xFF, 0x00), (0xFF, 0xFF, 0x00),
    (0x5C, 0x5C, 0xFF), (0xFF, 0x00, 0xFF), (0x00, 0xFF, 0xFF), (0xFF, 0xFF, 0xFF),
)  # fmt: skip
"""xterm's default 16 colours, by ANSI number."""


def in_xterm(colour: RichColor) -> RGB:
    """`colour` as xterm shows it with 16 colours (Rich picks the ANSI colour)."""
    number = colour.downgrade(ColorSystem.STANDARD).number
    assert number is not None, colour
    return XTERM[number]


def xterm_contrast(style: Style) -> float:
    text, ground = text_and_ground(style)
    return round(contrast(in_xterm(text), in_xterm(ground)), 2)


async def test_with_16_colours_every_label_and_footer_key_reads(tmp_path: Path) -> None:
    app = make_app(tmp_path, start="mahjong", seed=1, few_colours=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, MahjongScreen)
        board = screen.board

        def part(name: str) -> Style:
            return board.get_component_rich_style(name, partial=True)

        faint = {
            f"{suit} on layer {z}": ratio
            for z in range(SHADES)
            for suit in (*SUITS, "other")
            for ratio in [xterm_contrast(part(f"board--layer-{z}") + part(f"board--{suit}"))]
            if ratio < LEAST
        }
        assert faint == {}
        keys = list(screen.query(FooterKey))
        assert keys
        for key in keys:
            for name in ("footer-key--key", "footer-key--description"):
                style = key.rich_style + key.get_component_rich_style(name)
                assert xterm_contrast(style) >= LEAST, (str(key.render()), name)


XTERM_BLUE_ALONE = 4.43
"""A blue letter alone on the board with 16 colours: xterm's bright blue on black, the most a
blue reaches there (the next lighter colour Rich picks is a grey, no blue)."""


async def test_with_16_colours_every_ball_letter_reads(tmp_path: Path) -> None:
    """Brown is dark yellow with 16 colours (xterm's olive), where its white letter read 1.7:1,
    and on blue a dark letter read 4.43:1."""
    app = make_app(tmp_path, sixteen_colours=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game_at(EVERY_BALL, DUE))
        if not screen.board.symbols:
            await pilot.press("s")
        faint = {
            what: ratio
            for what, style in ball_letters(screen)
            for ratio in [xterm_contrast(style)]
            if ratio < LEAST
        }
        alone = {"b", "B due", "B priced"}  # on the board, in "Next", in the legend
        assert faint == dict.fromkeys(alone, XTERM_BLUE_ALONE)


async def list_rows(app: App[None]) -> list[Style]:
    """The style of the first cell of the layout picker's heading, its highlighted row (the
    first) and the row under it, as drawn."""
    await app.push_screen(LayoutPickerScreen(folders=[]))
    table = app.screen.query_one("#layouts")
    width, _ = table.outer_size
    styles = []
    for strip in table.render_lines(Region(0, 0, width, 3)):
        first = next(segment for segment in strip if segment.text.strip())
        assert first.style is not None
        styles.append(first.style)
    return styles


async def test_with_16_colours_a_lists_highlighted_row_reads(tmp_path: Path) -> None:
    """It was bright white on cyan, about 2:1 in xterm's palette (a player review)."""
    app = make_app(tmp_path, few_colours=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        _, highlighted, other = await list_rows(app)
        await pilot.pause()
        assert xterm_contrast(highlighted) >= LEAST
        assert xterm_contrast(other) >= LEAST


async def test_with_no_color_a_lists_highlighted_row_is_unlike_its_heading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both were bold light grey on one mid grey: under the heading, the highlighted row read
    as a second heading (a player review)."""
    app = app_in("no-color", tmp_path, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        heading, highlighted, other = (filtered(app, style) for style in await list_rows(app))
        shown = {
            name: tuple(in_xterm(colour) for colour in text_and_ground(style))
            for name, style in (
                ("heading", heading),
                ("highlighted", highlighted),
                ("other", other),
            )
        }
        assert shown["highlighted"] not in (shown["heading"], shown["other"])
