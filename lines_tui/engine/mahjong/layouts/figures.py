"""What the survey found about each built-in layout, shipped with the package: the share of deals
that can be cleared and how hard they are to prove (README, "Know your layouts: the survey").

The figures live in `survey-figures.json` beside the layouts, written by
`python tests/tools/make_survey_figures.py`, and are read without loading the solver, so the
layout picker can show them at once. A layout the file does not name has no figures.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from importlib import resources

from lines_tui.engine.mahjong.layouts.layout import Layout

FIGURES_FILE = "survey-figures.json"


@dataclass(frozen=True)
class LayoutFigures:
    layout: str
    deals: int
    solvable: int
    unsolvable: int
    undecided: int
    median_playouts: float
    """The median of the playouts each deal took, whatever its verdict."""

    @property
    def solvable_share(self) -> float:
        return self.solvable / self.deals if self.deals else 0.0

    @property
    def solvable_percent(self) -> str:
        """The share of solvable deals as the picker and the survey show it: "96.8%"."""
        return f"{self.solvable_share:.1%}"


def figures_text(found: Iterable[LayoutFigures], tiles: dict[str, int], playouts: int) -> str:
    """The figures file: each layout's figures with its tile count (a layout whose tiles change
    no longer matches its figures), and the playouts each proof could take."""
    layouts = {
        figures.layout: {**asdict(figures), "tiles": tiles[figures.layout]} for figures in found
    }
    return json.dumps({"playouts": playouts, "layouts": layouts}, indent=1) + "\n"


@functools.cache
def shipped_figures() -> dict[str, tuple[int, LayoutFigures]]:
    """Tile count and figures of each layout in the shipped file, by layout name."""
    text = resources.files(__package__).joinpath(FIGURES_FILE).read_text(encoding="utf-8")
    found: dict[str, tuple[int, LayoutFigures]] = {}
    for name, data in json.loads(text)["layouts"].items():
        tiles = data.pop("tiles")
        found[name] = (tiles, LayoutFigures(**data))
    return found


def figures_of(layout: Layout) -> LayoutFigures | None:
    """The shipped figures of a built-in layout; None for any other, or one whose tiles changed."""
    if not layout.is_builtin:
        return None
    tiles, figures = shipped_figures().get(layout.name, (0, None))
    return figures if tiles == len(layout.slots) else None


def summary_line(layout: Layout) -> str:
    """The layout in one line, as the picker shows it: "Turtle · 144 tiles · 98.5% of deals
    solvable" (without the share where none is known)."""
    line = f"{layout.title} · {len(layout.slots)} tiles"
    figures = figures_of(layout)
    if figures is not None:
        line += f" · {figures.solvable_percent} of deals solvable"
    return line
