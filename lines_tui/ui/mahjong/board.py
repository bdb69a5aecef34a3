"""The Mahjong board: one Line API widget that paints every tile of a layered layout.

A tile is 4 x 2 cells: a thin left edge, a 2-letter face label and a marker column on top, a thin
bottom edge below, so neighbouring tiles stay apart in any colour depth. Layers are told apart
three ways at once: a lighter shade per layer (with 16 colours, two shades taking turns), a
one-column shift per layer (a stack shows the edges of the tiles beneath it) and the layer number
on the bottom edge of every upper-layer tile. Nothing the player needs rides on colour alone: the
selected tile is marked `*`, hinted tiles `+`, free tiles `:` and a bold label (unless the free
marks are turned off) and every tile `x` after a loss when symbols are on; the cursor is reverse
video.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from lines_tui.engine.mahjong.geometry import Geometry, bits
from lines_tui.ui.mahjong.tile_grid import TILE_HEIGHT, TILE_WIDTH, TileGrid

SUITS = ("dots", "bamboo", "characters", "winds", "dragons", "flowers", "seasons")
SHADES = 5
"""Layer shades in the stylesheet (board--layer-0 .. board--layer-4)."""

LEFT_EDGE = "▏"
BOTTOM_EDGE = "▁"
RIGHT_EDGE = "▕"
SELECTED_MARK = "*"
HINT_MARK = "+"
FREE_MARK = ":"
LOST_MARK = "x"
MORE_LEFT = "◀"
DEEP_LAYER = "^"
MORE_RIGHT = "▶"
"""On the cut edge of a board wider than its area, on each row of tiles that goes on out of
sight: more board that way (the cursor scrolls to it)."""
SCROLL_FROM = Size(64, 16)
"""A board larger than this (columns, rows) scrolls with the cursor instead of asking for a larger
terminal; every built-in layout fits, so 80 x 24 is always enough."""
MORE_UP = "▲"
MORE_DOWN = "▼"
"""On the cut edge of a board taller than its area, at the left edge of each column of tiles
that goes on out of sight: more board that way (the cursor scrolls to it)."""


def depth_mark(layer: int) -> str:
    """The one cell a tile's bottom edge gives its layer: none on the ground, 2-9 above it, and
    ^ from the tenth up (a wider number would shift every column after it; the panel names
    the cursor tile's layer in full)."""
    if not layer:
        return BOTTOM_EDGE
    return str(layer + 1) if layer < 9 else DEEP_LAYER


class MahjongBoard(ScrollView, inherit_bindings=False):
    """Draws tiles; knows nothing of rules beyond which tiles are free. The screen owns the keys."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        *(f"board--layer-{shade}" for shade in range(SHADES)),
        *(f"board--{suit}" for suit in SUITS),
        "board--other",
        "board--blocked",
        "board--free",
        "board--selected",
        "board--hint",
        "board--lost",
        "board--cursor",
        "board--more",
    }

    can_focus = False

    def __init__(
        self,
        geometry: Geometry,
        labels: Sequence[str],
        suits: Sequence[str],
        *,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.geometry = geometry
        self.grid = TileGrid(geometry.slots)
        self.labels: tuple[str, ...] = ()
        self.suits: tuple[str, ...] = ()
        self.set_faces(labels, suits)
        top = max((z for _, _, z in geometry.slots), default=0)
        self._shades = tuple(
            z if top < SHADES else round(z * (SHADES - 1) / top) for _, _, z in geometry.slots
        )
        self._present = geometry.all_present
        self._free = geometry.free_mask(self._present)
        self._cursor: int | None = None
        self._selected: int | None = None
        self._hints: frozenset[int] = frozenset()
        self._show_free = True
        self._lost = False
        self._symbols = False
        self.virtual_size = Size(self.grid.width, self.grid.height)

    # -- state the screen sets -------------------------------------------------------------

    def set_faces(self, labels: Sequence[str], suits: Sequence[str]) -> None:
        """What each tile shows: a 2-character label and the suit that colours it."""
        self.labels = tuple(labels)
        self.suits = tuple(suit if suit in SUITS else "other" for suit in suits)
        self.refresh()

    @property
    def present(self) -> int:
        return self._present

    @present.setter
    def present(self, present: int) -> None:
        changed = self._present ^ present
        free = self.geometry.free_mask(present)
        if self._show_free or self._symbols:
            changed |= (self._free ^ free) & present
        self._present, self._free = present, free
        if self._cut():
            self.refresh()  # a cut edge's markers may change with tiles out of sight
        else:
            self._refresh_tiles(bits(changed))

    @property
    def free(self) -> int:
        return self._free

    @property
    def cursor(self) -> int | None:
        return self._cursor

    @cursor.setter
    def cursor(self, index: int | None) -> None:
        old, self._cursor = self._cursor, index
        self._refresh_tiles(i for i in (old, index) if i is not None)
        if index is not None:
            self.scroll_to_tiles([index])

    def scroll_to_tiles(self, tiles: Sequence[int]) -> None:
        """Scroll a board larger than its area so that `tiles` show (the cursor's tile, the pair
        a replayed move takes), with a row and a column more each side, so that none is under a
        cut edge's marker; tiles too far apart to show at once show from the top left."""
        if not tiles:
            return
        region = Region.from_union(
            [self.tile_region(index, scrolled=False).grow((1, 1, 1, 1)) for index in tiles]
        )
        self.scroll_to_region(region, animate=False, origin_visible=True)

    @property
    def selected(self) -> int | None:
        return self._selected

    @selected.setter
    def selected(self, index: int | None) -> None:
        old, self._selected = self._selected, index
        self._refresh_tiles(i for i in (old, index) if i is not None)

    @property
    def hints(self) -> frozenset[int]:
        return self._hints

    @hints.setter
    def hints(self, tiles: Iterable[int]) -> None:
        old, self._hints = self._hints, frozenset(tiles)
        self._refresh_tiles(old ^ self._hints)

    @property
    def show_free(self) -> bool:
        return self._show_free

    @show_free.setter
    def show_free(self, value: bool) -> None:
        self._show_free = value
        self.refresh()

    @property
    def lost(self) -> bool:
        return self._lost

    @lost.setter
    def lost(self, value: bool) -> None:
        if value != self._lost:
            self._lost = value
            self.refresh()

    @property
    def symbols(self) -> bool:
        return self._symbols

    @symbols.setter
    def symbols(self, value: bool) -> None:
        if value != self._symbols:
            self._symbols = value
            self.refresh()

    # -- painting --------------------------------------------------------------------------

    def _padding(self) -> tuple[int, int]:
        """Blank cells left of and above the board, to centre it when there is room."""
        return (
            max(0, (self.size.width - self.grid.width) // 2),
            max(0, (self.size.height - self.grid.height) // 2),
        )

    @property
    def least_size(self) -> Size:
        """The room the board needs on screen: all of it, or `SCROLL_FROM` when it scrolls."""
        return Size(
            min(self.grid.width, SCROLL_FROM.width), min(self.grid.height, SCROLL_FROM.height)
        )

    def rows_under_tiles(self, area: Size) -> int:
        """Blank rows under the board's last row of tiles in an area of size `area`, the board
        centred in it as `_padding` centres it; none when the board does not fit it whole (it
        scrolls: its edges hold the markers and the scrollbar)."""
        grid = self.grid
        if grid.width > area.width or grid.height > area.height:
            return 0
        spare = area.height - grid.height
        return spare - spare // 2

    def _cut(self) -> bool:
        """Whether part of the board is out of sight (its area smaller than the board)."""
        shown = self.scrollable_content_region.size
        return self.grid.width > shown.width or self.grid.height > shown.height

    def tile_region(self, index: int, *, scrolled: bool = True) -> Region:
        """Where tile `index` is drawn: in the board's view (as `render_line` and a click
        count), or, not `scrolled`, in the whole board (centred with blank cells around it when
        there is room)."""
        col, row = self.grid.origins[index]
        pad_x, pad_y = self._padding()
        x, y = col + pad_x, row + pad_y
        if scrolled:
            scroll_x, scroll_y = self.scroll_offset
            x, y = x - scroll_x, y - scroll_y
        return Region(x, y, TILE_WIDTH, TILE_HEIGHT)

    def _refresh_tiles(self, tiles: Iterable[int]) -> None:
        # With the column left of each: a tile that comes or goes changes the right edge that an
        # upper tile draws there while the tile's left edge shows (`_mark_overhangs`).
        regions = [self.tile_region(index).grow((0, 0, 0, 1)) for index in tiles]
        if regions:
            self.refresh(*regions)

    def _style(self, name: str) -> Style:
        return self.get_component_rich_style(name, partial=True)

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        pad_x, pad_y = self._padding()
        width = self.size.width
        base = self.rich_style
        row = y + scroll_y - pad_y
        if not 0 <= row < self.grid.height:
            return Strip.blank(width, base)
        chars = [" "] * self.grid.width
        styles = [base] * self.grid.width
        owners: list[int | None] = [None] * self.grid.width
        for index in self.grid.row_tiles[row]:
            if self._present >> index & 1:
                col = self.grid.origins[index][0]
                top_half = row == self.grid.origins[index][1]
                for offset, (char, style) in enumerate(self._tile_cells(index, top_half)):
                    chars[col + offset] = char
                    styles[col + offset] = base + style
                    owners[col + offset] = index
        self._mark_lost(row, chars, owners)
        self._mark_overhangs(row, chars, owners)
        # The edges in sight: a scroll bar covers the last column or row of the area.
        shown = self.scrollable_content_region.size
        self._mark_cut_rows(row, scroll_y - pad_y, shown.height, chars, styles, owners)
        self._mark_cut_edges(row, scroll_x - pad_x, shown.width, chars, styles, owners)
        segments = [Segment(" " * pad_x, base)] if pad_x else []
        segments.extend(_runs(chars, styles))
        return Strip(segments, pad_x + self.grid.width).crop_extend(
            scroll_x, scroll_x + width, base
        )

    def _mark_cut_edges(
        self,
        row: int,
        first: int,
        width: int,
        chars: list[str],
        styles: list[Style],
        owners: list[int | None],
    ) -> None:
        """A board wider than its area: `MORE_LEFT` in the first column shown and `MORE_RIGHT` in
        the last, on each row where a tile's label row goes on beyond that edge (`first`: the
        board column shown first). The cursor's tile never lies under a marker (see `cursor`)."""
        last = first + width - 1
        if width < 2 or (first <= 0 and last >= self.grid.width - 1):
            return
        origins = self.grid.origins
        style = self.rich_style + self._style("board--more")
        for edge, beyond, mark in (
            (first, range(0, max(0, first)), MORE_LEFT),
            (last, range(last + 1, self.grid.width), MORE_RIGHT),
        ):
            cut = (owners[col] for col in beyond)
            if 0 <= edge < self.grid.width and any(
                index is not None and origins[index][1] == row for index in cut
            ):
                chars[edge], styles[edge] = mark, style

    def _mark_cut_rows(
        self,
        row: int,
        first: int,
        height: int,
        chars: list[str],
        styles: list[Style],
        owners: list[int | None],
    ) -> None:
        """A board taller than its area: on `row`, if it is the first board row shown (`first`)
        or the last, `MORE_UP` or `MORE_DOWN` at the left edge of each tile that goes on beyond
        that edge, where nothing or a tile's own left edge is drawn on `row`: a tile of an
        upper layer out of sight has its edge a column right of the one under it, on that
        tile's label (`▲▲w` for `▏Ew`). The cursor's tile never lies under a marker (see
        `cursor`)."""
        last = first + height - 1
        if height < 2:
            return
        origins, present = self.grid.origins, self._present
        if row == first and first > 0:
            beyond, mark = (i for i in bits(present) if origins[i][1] < first), MORE_UP
        elif row == last and last < self.grid.height - 1:
            beyond = (i for i in bits(present) if origins[i][1] + TILE_HEIGHT - 1 > last)
            mark = MORE_DOWN
        else:
            return
        style = self.rich_style + self._style("board--more")
        for index in beyond:
            col = origins[index][0]
            drawn = owners[col]
            if drawn is None or origins[drawn][0] == col:
                chars[col], styles[col] = mark, style

    def _mark_lost(self, row: int, chars: list[str], owners: list[int | None]) -> None:
        """After a loss in symbols mode, `LOST_MARK` in the mark column of every tile whose label is
        in sight on `row`, once every tile is painted: whether a tile is in sight is what the
        painting left of it, not whether anything lies on it (a tile half under the one above
        shows its whole label beside it). The mark column may be the left edge of an upper tile
        that starts right after the label; the x goes there. A tile whose label is hidden gets
        none, even where its mark column peeks out beside the tile over it (its x would read as
        a second x of that tile, "8Cxx")."""
        if not (self._symbols and self._lost):
            return
        origins = self.grid.origins
        for index in self.grid.row_tiles[row]:
            col, top = origins[index]
            mark = col + TILE_WIDTH - 1
            if (
                top == row
                and self._present >> index & 1
                and owners[col + 1] == owners[col + 2] == index
                and (owners[mark] == index or chars[mark] == LEFT_EDGE)
                and index != self._selected
                and index not in self._hints
            ):
                chars[mark] = LOST_MARK

    def _mark_overhangs(self, row: int, chars: list[str], owners: list[int | None]) -> None:
        """Give a tile a right edge where it hides the left edge of a lower neighbour, so the two
        labels do not run together."""
        slots = self.geometry.slots
        for col in range(TILE_WIDTH - 1, len(chars) - 1):
            index, right = owners[col], owners[col + 1]
            if (
                index is not None
                and right is not None
                and chars[col] == " "
                and self.grid.origins[index] == (col - TILE_WIDTH + 1, row)
                and slots[right][2] < slots[index][2]
            ):
                chars[col] = RIGHT_EDGE

    def _tile_cells(self, index: int, top_half: bool) -> list[tuple[str, Style]]:
        """The 4 cells of one row of a tile: (character, style) each."""
        body = self._style(f"board--layer-{self._shades[index]}")
        if top_half:
            first, second = _label_cells(self.labels[index])
            label_style = body + self._style(f"board--{self.suits[index]}")
            if self._show_free:
                free = self._free >> index & 1
                label_style += self._style("board--free" if free else "board--blocked")
            cells = [
                (LEFT_EDGE, body),
                (first, label_style),
                (second, label_style),
                (self._marker(index), body),
            ]
        else:
            layer = self.geometry.slots[index][2]
            depth = depth_mark(layer)
            cells = [(LEFT_EDGE, body), (BOTTOM_EDGE, body), (depth, body), (BOTTOM_EDGE, body)]
        overlay = self._overlay(index)
        if overlay is not None:
            cells = [(char, style + overlay) for char, style in cells]
        return cells

    def _marker(self, index: int) -> str:
        if index == self._selected:
            return SELECTED_MARK
        if index in self._hints:
            return HINT_MARK
        if self._symbols and self._lost:
            return " "  # `LOST_MARK` where the tile is in sight (see `_mark_lost`)
        if self._show_free and self._free >> index & 1:
            return FREE_MARK
        return " "

    def _overlay(self, index: int) -> Style | None:
        styles = []
        if self._lost:
            styles.append(self._style("board--lost"))
        elif index == self._selected:
            styles.append(self._style("board--selected"))
        elif index in self._hints:
            styles.append(self._style("board--hint"))
        if index == self._cursor:
            styles.append(self._style("board--cursor"))
        return Style.combine(styles) if styles else None


def _label_cells(label: str) -> tuple[str, str]:
    """A label as the contents of its two cells; a wide character (a Unicode tile glyph may be
    one) fills both, so the second cell is left empty."""
    if len(label) == 1 and cell_len(label) == 2:
        return label, ""
    padded = label.ljust(2)[:2]
    return padded[0], padded[1]


def _runs(chars: list[str], styles: list[Style]) -> Iterable[Segment]:
    """Neighbouring cells of one style as one segment: fewer bytes to the terminal."""
    start = 0
    for end in range(1, len(chars) + 1):
        if end == len(chars) or styles[end] != styles[start]:
            yield Segment("".join(chars[start:end]), styles[start])
            start = end
