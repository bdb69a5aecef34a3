"""The Lines board as one widget: draws balls, preview, cursor and effects line by line.

The widget knows nothing about rules. The screen hands it plain cell maps (what to draw) and the
widget repaints only the cells whose picture changed, so a cursor move costs two cells of output.
Row numbers run down the left edge and column letters along the top: the names a player types to
reach a cell (`7c`, see `lines_tui.engine.lines.cell_names`).

Balls are drawn with quadrant blocks, so they read as round in any colour depth: a terminal cell
is about twice as tall as wide, so a quadrant is a tall pixel and a ball 3 cells wide and 1.5 rows
high is a circle. The balls about to drop are small dots of their colour in the middle of the cell;
the cursor is a frame around the cell and the selected ball is drawn in reverse video (a solid
block), so the two never look alike, with or without colours. In symbols mode a ball's letter sits
on a block of its colour and a due ball's letter stands alone; on the large boards, where a ball
is that letter, the selected ball is marked ( ) when the cursor is elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import ClassVar, Literal

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from lines_tui.engine.lines.cell_names import column_letter, row_number
from lines_tui.ui.lines.cell_shape import HEADER, SCALES, CellShape, gutter_width

Cell = tuple[int, int]
Effect = Literal["trail", "flash", "invalid"]

# Letters for symbols mode: the colour's initial, so the legend is easy to remember.
SYMBOLS = {"R": "R", "B": "B", "G": "G", "C": "C", "V": "V", "Y": "Y", "N": "N"}


@dataclass(frozen=True)
class CellPicture:
    """Everything that decides how one cell looks; equal pictures need no repaint."""

    ball: str | None
    preview: str | None
    effect: Effect | None
    effect_colour: str | None
    cursor: bool
    selected: bool


class LinesBoard(Widget):
    """A `size` x `size` Lines board drawn with the Line API."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "lines-board--hole",
        "lines-board--dot",
        "lines-board--label",
        "lines-board--label-active",
        "lines-board--cursor",
        "lines-board--selected",
        "lines-board--flash",
        "lines-board--invalid",
        "lines-board--letter",
        *(f"lines-board--ball-{code.lower()}" for code in SYMBOLS),
        *(f"lines-board--letter-{code.lower()}" for code in SYMBOLS),
        *(f"lines-board--alone-{code.lower()}" for code in SYMBOLS),
    }

    def __init__(
        self,
        size: int,
        *,
        few_colours: bool = False,
        with_cursor: bool = True,
        id: str | None = None,
    ) -> None:
        """`few_colours`: the terminal has 16 colours or fewer, so empty cells get a dot;
        `with_cursor`: the cursor is drawn (a replay has none: nobody moves it)."""
        super().__init__(id=id)
        self.with_cursor = with_cursor
        self.board_size = size
        self.label_width = gutter_width(size)
        self.scale = 1
        self.symbols = False
        self.cursor: Cell = (size // 2, size // 2)
        self.selected: Cell | None = None
        self.typed_row: int | None = None
        self._balls: dict[Cell, str] = {}
        self._preview: dict[Cell, str] = {}
        self._effects: dict[Cell, tuple[Effect, str | None]] = {}
        self._pictures: dict[Cell, CellPicture] = {}
        self._labels_for: tuple[Cell, int | None] | None = None
        self._dotted = few_colours

    def show(
        self,
        balls: Mapping[Cell, str],
        preview: Mapping[Cell, str],
        effects: Mapping[Cell, tuple[Effect, str | None]] | None = None,
    ) -> None:
        """Draw these balls, preview balls and effects; repaint only the cells that changed."""
        self._balls = dict(balls)
        self._preview = dict(preview)
        self._effects = dict(effects or {})
        self._repaint_changed()

    @property
    def drawn_balls(self) -> Mapping[Cell, str]:
        """The balls as drawn now (during an animation, not yet the game's)."""
        return self._balls

    def set_cursor(self, cell: Cell) -> None:
        self.cursor = cell
        self._repaint_changed()

    def set_selected(self, cell: Cell | None) -> None:
        self.selected = cell
        self._repaint_changed()

    def set_typed_row(self, row: int | None) -> None:
        """Highlight the row number typed so far (None: none)."""
        self.typed_row = row
        self._repaint_changed()

    def set_symbols(self, symbols: bool) -> None:
        if symbols != self.symbols:
            self.symbols = symbols
            self.refresh()

    def set_scale(self, scale: int) -> None:
        if scale != self.scale:
            self.scale = scale
            self.refresh(layout=True)

    def ball_style(self, colour: str) -> Style:
        """The Rich style of a ball of `colour` (also used by the "next" strip)."""
        return self.get_component_rich_style(f"lines-board--ball-{colour.lower()}")

    def letter_style(self, colour: str) -> Style:
        """A ball's letter in symbols mode: a block of the ball's colour, the letter in a colour
        that reads on it (lines.tcss: light on the dark balls), on a selected ball as well."""
        code = colour.lower()
        letter = self.get_component_rich_style(
            "lines-board--letter", f"lines-board--letter-{code}", partial=True
        )
        return letter + Style(bgcolor=self.ball_style(colour).color, reverse=False)

    def alone_style(self, colour: str) -> Style:
        """A ball's letter standing alone on the board (a ball due next, the panel's): in the
        ball's colour, or a lighter tint of it where that reads too faintly there (lines.tcss)."""
        code = colour.lower()
        tint = self.get_component_rich_style(f"lines-board--alone-{code}", partial=True)
        return self.ball_style(colour) + tint

    def ball_mark(self, colour: str) -> tuple[str, Style]:
        """A one-character stand-in for a ball, and its style: in symbols mode its letter."""
        if self.symbols:
            return SYMBOLS[colour], self.alone_style(colour)
        return "●", self.ball_style(colour)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.label_width + SCALES[self.scale].width * self.board_size

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return HEADER + SCALES[self.scale].height * self.board_size

    def render_line(self, y: int) -> Strip:
        shape = SCALES[self.scale]
        width = self.label_width + shape.width * self.board_size
        base = self.rich_style
        if y < HEADER:
            return Strip(Segment.simplify(self._column_letters(shape, base)), width)
        row, ball_row = divmod(y - HEADER, shape.height)
        if row >= self.board_size or ball_row >= shape.ball_rows:
            return Strip([Segment(" " * width, base)], width)
        segments = [self._row_number(row, ball_row, shape, base)]
        for col in range(self.board_size):
            segments.extend(self._cell_segments((row, col), ball_row, shape, base))
        # Every style change costs escape codes on the wire: drop empty pieces, merge equal styles.
        return Strip(Segment.simplify(s for s in segments if s.text), width)

    def _label_style(self, active: bool, base: Style) -> Style:
        name = "lines-board--label-active" if active else "lines-board--label"
        return base + self.get_component_rich_style(name)

    def _column_letters(self, shape: CellShape, base: Style) -> Iterable[Segment]:
        yield Segment(" " * self.label_width, base)
        middle = 1 + shape.middle[1]
        for col in range(self.board_size):
            yield Segment(" " * middle, base)
            active = self.with_cursor and col == self.cursor[1]
            yield Segment(column_letter(col), self._label_style(active, base))
            yield Segment(" " * (shape.width - middle - 1), base)

    def _row_number(self, row: int, ball_row: int, shape: CellShape, base: Style) -> Segment:
        if ball_row != shape.middle[0]:
            return Segment(" " * self.label_width, base)
        active = (self.with_cursor and row == self.cursor[0]) or row == self.typed_row
        number = row_number(row).rjust(self.label_width - 1) + " "
        return Segment(number, self._label_style(active, base))

    def _cell_segments(
        self, cell: Cell, ball_row: int, shape: CellShape, base: Style
    ) -> Iterable[Segment]:
        picture = self._picture(cell)
        left, right = " ", " "
        if picture.cursor:
            left, right = shape.cursor[ball_row]
        elif picture.selected and shape.held is not None:
            left, right = shape.held
        marker_style = base + self.get_component_rich_style("lines-board--cursor")
        yield Segment(left, marker_style)
        yield from self._body(picture, ball_row, shape, base)
        yield Segment(right, marker_style)
        yield Segment(" " * (shape.width - shape.ball_width - 2), base)

    def _body(
        self, picture: CellPicture, ball_row: int, shape: CellShape, base: Style
    ) -> Iterable[Segment]:
        if picture.effect == "flash" and picture.effect_colour:
            style = base + self.get_component_rich_style("lines-board--flash")
            yield Segment(shape.ball[ball_row], style)
        elif picture.effect == "invalid":
            style = base + self.get_component_rich_style("lines-board--invalid")
            yield Segment(shape.marked("✗")[ball_row], style)
        elif picture.ball:
            style = base + self.ball_style(picture.ball)
            if picture.selected:
                style += self.get_component_rich_style("lines-board--selected", partial=True)
            yield from self._ball(picture.ball, ball_row, style)
        elif picture.effect == "trail" and picture.effect_colour:
            style = base + self.ball_style(picture.effect_colour)
            yield Segment(shape.marked("·")[ball_row], style)
        elif picture.preview and self.symbols:  # its letter alone, in lower case
            letter = SYMBOLS[picture.preview].lower()
            yield Segment(shape.marked(letter)[ball_row], base + self.alone_style(picture.preview))
        elif picture.preview:
            yield Segment(shape.preview[ball_row], base + self.ball_style(picture.preview))
        elif self._dotted or self.scale == 0:
            style = base + self.get_component_rich_style("lines-board--dot")
            yield Segment(shape.dotted_hole[ball_row], style)
        else:
            style = base + self.get_component_rich_style("lines-board--hole")
            yield Segment(shape.ball[ball_row], style)  # a dark socket in the shape of a ball

    def _ball(self, colour: str, ball_row: int, style: Style) -> Iterable[Segment]:
        """A ball's row; in symbols mode with its letter at the centre."""
        shape = SCALES[self.scale]
        row, col = shape.middle
        text = shape.ball[ball_row]
        if not self.symbols or ball_row != row:
            yield Segment(text, style)
            return
        yield Segment(text[:col], style)
        yield Segment(SYMBOLS[colour], style + self.letter_style(colour))
        yield Segment(text[col + 1 :], style)

    def _picture(self, cell: Cell) -> CellPicture:
        effect, colour = self._effects.get(cell, (None, None))
        return CellPicture(
            ball=self._balls.get(cell),
            preview=self._preview.get(cell),
            effect=effect,
            effect_colour=colour,
            cursor=self.with_cursor and cell == self.cursor,
            selected=cell == self.selected,
        )

    def cell_region(self, cell: Cell) -> Region:
        shape = SCALES[self.scale]
        row, col = cell
        left, top = self.label_width + col * shape.width, HEADER + row * shape.height
        return Region(left, top, shape.width, shape.height)

    def _repaint_changed(self) -> None:
        changed: list[Region] = []
        for row in range(self.board_size):
            for col in range(self.board_size):
                cell = (row, col)
                picture = self._picture(cell)
                if self._pictures.get(cell) != picture:
                    self._pictures[cell] = picture
                    changed.append(self.cell_region(cell))
        labels = (self.cursor, self.typed_row)
        if labels != self._labels_for:
            # The active row number and column letter follow the cursor and the typed row.
            self._labels_for = labels
            width, height = self.size
            changed += [Region(0, 0, width, HEADER), Region(0, 0, self.label_width, height)]
        if changed:
            self.refresh(*changed)
