"""Paragraphs shown in a box of few rows: each keeps a row, the rows left go to the paragraphs
that matter most, and a paragraph cut short ends in "…" (a box that only clipped its text lost
the layout picker's command and file line without a sign when a description was long)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rich.cells import cell_len, chop_cells, set_cell_size
from rich.text import Text
from textual import events
from textual.content import Content
from textual.widgets import Static

CUT = "…"


class Paragraph(NamedTuple):
    text: str
    rank: int
    """Which paragraphs get the rows left once each has one: the lowest rank first."""


def fitted(paragraphs: Sequence[Paragraph], width: int, rows: int | None) -> list[str]:
    """The paragraphs in their order as lines for a box `width` cells wide and `rows` rows high
    (None: as high as they need): a paragraph that fits whole is one line, wrapped as the box
    wraps it; one too long for its rows fills them to the last cell, the last row ending in
    "…" if it is cut short (cut at a word it could show no more than "From…" of a long path);
    one without a row is left out."""
    if rows is None:
        return [paragraph.text for paragraph in paragraphs]
    needs = [len(Content(paragraph.text).wrap(width)) for paragraph in paragraphs]
    shares = _shares(needs, [paragraph.rank for paragraph in paragraphs], rows)
    lines: list[str] = []
    for paragraph, need, share in zip(paragraphs, needs, shares, strict=True):
        if share == need:
            lines.append(paragraph.text)
        elif share:
            # Filled row by row: a wide character that would straddle a row's end starts the
            # next row, so rows are counted, not cells (a row more pushed the last line out).
            filled = chop_cells(paragraph.text, width)
            kept = filled[:share]
            if len(filled) > share:
                kept[-1] = set_cell_size(kept[-1], width - cell_len(CUT)).rstrip() + CUT
            lines.extend(kept)
    return lines


def _shares(needs: Sequence[int], ranks: Sequence[int], rows: int) -> list[int]:
    """The rows each paragraph gets: one each while they last (the lowest ranks first), then
    the rest in rank order, each up to what it needs."""
    order = sorted(range(len(needs)), key=lambda index: (ranks[index], index))
    shares = [0] * len(needs)
    for index in order:
        if rows and needs[index]:
            shares[index] = 1
            rows -= 1
    for index in order:
        more = min(rows, needs[index] - shares[index])
        shares[index] += more
        rows -= more
    return shares


class FittedText(Static):
    """A Static that shows its paragraphs fitted to its width and its style's `max-height` in
    cells (`fitted`), fitted again as its width changes."""

    def __init__(self, *, id: str) -> None:
        super().__init__("", id=id, markup=False)
        self._paragraphs: tuple[Paragraph, ...] = ()

    def show(self, paragraphs: Sequence[Paragraph]) -> None:
        self._paragraphs = tuple(paragraphs)
        self._fit()

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    def _fit(self) -> None:
        width = self.content_region.width
        if not width:
            # Not laid out yet: shown whole for now, fitted when its size is known.
            self.update(Text("\n".join(paragraph.text for paragraph in self._paragraphs)))
            return
        most = self.styles.max_height
        rows = int(most.value) if most is not None and most.is_cells else None
        self.update(Text("\n".join(fitted(self._paragraphs, width, rows))))
