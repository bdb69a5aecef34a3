"""The Lines board as one widget: draws balls, preview, cursor and effects line by line.

The widget knows nothing about rules. The screen hands it plain cell maps (what to draw) and the
widget repaints only the cells whose picture changed, so a cursor move costs two cells of output.
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

Cell = tuple[int, int]
Effect = Literal["trail", "flash", "invalid"]

# Letters for symbols mode: the colour's initial, so the legend is easy to remember.
SYMBOLS = {"R": "R", "B": "B", "G": "G", "C": "C", "V": "V", "Y": "Y", "N": "N"}


@dataclass(frozen=True)
class CellShape:
    """How big one cell is drawn at a scale, and where its ball sits inside it."""

    width: int
    height: int
    pad_top: int  # blank rows above the first cell row, so balls sit centred in the frame
    ball_rows: range  # rows of the cell that show the ball (the others are spacing)
    ball_left: int  # first column of the ball inside the cell
    ball_width: int


# Terminal cells are about twice as tall as wide, so a cell twice as wide as tall looks square.
SCALES: tuple[CellShape, ...] = (
    CellShape(width=3, height=1, pad_top=0, ball_rows=range(0, 1), ball_left=1, ball_width=1),
    CellShape(width=4, height=2, pad_top=1, ball_rows=range(0, 1), ball_left=1, ball_width=2),
    CellShape(width=8, height=4, pad_top=0, ball_rows=range(1, 3), ball_left=2, ball_width=4),
)

# The ball's picture per scale: one string per ball row.
BALL_GLYPHS = (("●",), ("██",), ("▟██▙", "▜██▛"))
PREVIEW_GLYPHS = (("•",), ("▝▘",), (" ▗▖ ", " ▝▘ "))
TRAIL_GLYPHS = (("·",), ("··",), ("    ", " ·· "))
# An empty cell is a shaded square, or a dot where shades fail: with 16 colours or none (the
# shade merges with the board) and at the smallest scale (touching cells would shade as stripes).
SHADED_HOLE_GLYPHS = (("·",), ("  ",), ("    ", "    "))
DOTTED_HOLE_GLYPHS = (("·",), ("··",), ("    ", " ·· "))


def board_size_for(scale: int, size: int) -> Size:
    """Outer size (content plus the one-cell border) of a `size` x `size` board at `scale`."""
    shape = SCALES[scale]
    return Size(shape.width * size + 2, shape.pad_top + shape.height * size + 2)


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
        "lines-board--cursor",
        "lines-board--selected",
        "lines-board--flash",
        "lines-board--invalid",
        "lines-board--symbol",
        *(f"lines-board--ball-{code.lower()}" for code in SYMBOLS),
    }

    def __init__(self, size: int, *, few_colours: bool = False, id: str | None = None) -> None:
        """`few_colours`: the terminal has 16 colours or fewer, so empty cells get a dot."""
        super().__init__(id=id)
        self.board_size = size
        self.scale = 1
        self.symbols = False
        self.cursor: Cell = (size // 2, size // 2)
        self.selected: Cell | None = None
        self._balls: dict[Cell, str] = {}
        self._preview: dict[Cell, str] = {}
        self._effects: dict[Cell, tuple[Effect, str | None]] = {}
        self._pictures: dict[Cell, CellPicture] = {}
        self._dotted = few_colours

    # --- what to draw -------------------------------------------------------------------------

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

    def ball_text(self, colour: str, preview: bool = False) -> str:
        """A one-character stand-in for a ball, as drawn at the smallest scale."""
        if self.symbols:
            return SYMBOLS[colour].lower() if preview else SYMBOLS[colour]
        return "•" if preview else "●"

    # --- Line API -----------------------------------------------------------------------------

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return SCALES[self.scale].width * self.board_size

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        shape = SCALES[self.scale]
        return shape.pad_top + shape.height * self.board_size

    def render_line(self, y: int) -> Strip:
        shape = SCALES[self.scale]
        width = shape.width * self.board_size
        base = self.rich_style
        row, within = divmod(y - shape.pad_top, shape.height)
        if y < shape.pad_top or row >= self.board_size or within not in shape.ball_rows:
            return Strip([Segment(" " * width, base)], width)
        ball_row = within - shape.ball_rows.start
        segments: list[Segment] = []
        for col in range(self.board_size):
            segments.extend(self._cell_segments((row, col), ball_row, shape, base))
        # Every style change costs escape codes on the wire: drop empty pieces, merge equal styles.
        return Strip(Segment.simplify(s for s in segments if s.text), width)

    def _cell_segments(
        self, cell: Cell, ball_row: int, shape: CellShape, base: Style
    ) -> Iterable[Segment]:
        picture = self._picture(cell)
        left_gap = shape.ball_left - 1
        right_gap = shape.width - shape.ball_left - shape.ball_width - 1
        marker_style = base
        left, right = " ", " "
        if picture.cursor:
            marker_style = base + self.get_component_rich_style("lines-board--cursor")
            left, right = "[", "]"
        body_base = base
        if picture.selected:
            body_base = base + self.get_component_rich_style("lines-board--selected")
            if not picture.cursor:
                left, right = "▸", "◂"
                marker_style = body_base
        yield Segment(" " * left_gap, body_base if picture.selected else base)
        yield Segment(left, marker_style)
        yield self._body(picture, ball_row, body_base)
        yield Segment(right, marker_style)
        yield Segment(" " * right_gap, body_base if picture.selected else base)

    def _body(self, picture: CellPicture, ball_row: int, base: Style) -> Segment:
        scale = self.scale
        if picture.effect == "flash" and picture.effect_colour:
            style = base + self.get_component_rich_style("lines-board--flash")
            return Segment(self._glyph(BALL_GLYPHS, picture.effect_colour, ball_row), style)
        if picture.effect == "invalid":
            style = base + self.get_component_rich_style("lines-board--invalid")
            return Segment(("✗" * SCALES[scale].ball_width)[: SCALES[scale].ball_width], style)
        if picture.ball:
            style = base + self.ball_style(picture.ball)
            if self.symbols:
                style += self.get_component_rich_style("lines-board--symbol", partial=True)
            return Segment(self._glyph(BALL_GLYPHS, picture.ball, ball_row), style)
        if picture.effect == "trail" and picture.effect_colour:
            style = base + self.ball_style(picture.effect_colour)
            return Segment(TRAIL_GLYPHS[scale][ball_row], style)
        if picture.preview:
            style = base + self.ball_style(picture.preview)
            return Segment(self._glyph(PREVIEW_GLYPHS, picture.preview, ball_row, True), style)
        if self._dotted or scale == 0:
            style = base + self.get_component_rich_style("lines-board--dot")
            return Segment(DOTTED_HOLE_GLYPHS[scale][ball_row], style)
        style = base + self.get_component_rich_style("lines-board--hole")
        return Segment(SHADED_HOLE_GLYPHS[scale][ball_row], style)

    def _glyph(
        self,
        glyphs: tuple[tuple[str, ...], ...],
        colour: str,
        ball_row: int,
        preview: bool = False,
    ) -> str:
        """The ball's picture for this row, or its letter in symbols mode (on every ball row)."""
        if not self.symbols:
            return glyphs[self.scale][ball_row]
        width = SCALES[self.scale].ball_width
        letter = SYMBOLS[colour].lower() if preview else SYMBOLS[colour]
        if preview:
            return letter.center(width) if width > 1 else letter
        return (letter * width) if width <= 2 else letter.center(width)

    # --- partial repaints ---------------------------------------------------------------------

    def _picture(self, cell: Cell) -> CellPicture:
        effect, colour = self._effects.get(cell, (None, None))
        return CellPicture(
            ball=self._balls.get(cell),
            preview=self._preview.get(cell),
            effect=effect,
            effect_colour=colour,
            cursor=cell == self.cursor,
            selected=cell == self.selected,
        )

    def cell_region(self, cell: Cell) -> Region:
        shape = SCALES[self.scale]
        row, col = cell
        return Region(
            col * shape.width, shape.pad_top + row * shape.height, shape.width, shape.height
        )

    def _repaint_changed(self) -> None:
        changed: list[Region] = []
        for row in range(self.board_size):
            for col in range(self.board_size):
                cell = (row, col)
                picture = self._picture(cell)
                if self._pictures.get(cell) != picture:
                    self._pictures[cell] = picture
                    changed.append(self.cell_region(cell))
        if changed:
            self.refresh(*changed)
