"""Know your layouts: how many of a layout's deals can be cleared, and how hard they are to prove.

A survey solves the deals 0..N-1 of each layout. Each deal's outcome is a small record that can be
written as one JSON line, so a survey that was stopped goes on from the outcomes already found.
The proof of each deal is bounded by playouts, so the figures do not depend on the machine.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from lines_tui.engine.mahjong.deal import deal
from lines_tui.engine.mahjong.layouts import BUILTIN_NAMES, Layout, find_layout
from lines_tui.engine.mahjong.layouts.figures import LayoutFigures
from lines_tui.engine.mahjong.layouts.identity import layout_table_name, places_hash
from lines_tui.engine.mahjong.solvable import PROOF_PLAYOUTS
from lines_tui.engine.mahjong.solver import Verdict, solve
from lines_tui.engine.numbers import is_count


@dataclass(frozen=True)
class Outcome:
    """The solver's answer on one deal of one layout."""

    layout: str
    seed: int
    verdict: Verdict
    playouts: int

    def to_json(self) -> dict[str, Any]:
        return {
            "layout": self.layout,
            "seed": self.seed,
            "verdict": self.verdict.value,
            "playouts": self.playouts,
        }

    @classmethod
    def from_json(cls, data: object) -> Outcome | None:
        """The outcome in `data`, or None if it is not one (a line cut short, say)."""
        if not isinstance(data, dict):
            return None
        try:
            layout, seed, playouts = data["layout"], data["seed"], data["playouts"]
            verdict = Verdict(data["verdict"])
        except (KeyError, ValueError, TypeError):
            return None
        if not isinstance(layout, str) or not is_count(seed) or not is_count(playouts):
            return None
        return cls(layout, seed, verdict, playouts)


def survey_key(layout: Layout) -> str:
    """What a survey keeps a layout's outcomes by: its tile places, on which alone its deals
    depend, so that one layout is one survey however it is named (`evil`, or its file by any
    path). A built-in layout's places are its name ("turtle"), any other's `places-` and the
    8 hex digits of its places that its table name ends in."""
    table = layout_table_name(layout)
    return table if table in BUILTIN_NAMES else f"places-{places_hash(layout.slots)}"


def survey_deal(layout: str, seed: int, playouts: int = PROOF_PLAYOUTS) -> Outcome:
    """Solve deal `seed` of the layout `layout` (a name or a file's path) within `playouts` (a
    worker's task); the outcome is keyed by the layout's `survey_key`."""
    found = find_layout(layout)
    result = solve(deal(found, seed), node_limit=playouts)
    return Outcome(survey_key(found), seed, result.verdict, result.nodes)


def figures(outcomes: Iterable[Outcome]) -> list[LayoutFigures]:
    """The figures of each layout among `outcomes`, in the order the layouts first appear."""
    by_layout: dict[str, list[Outcome]] = {}
    for outcome in outcomes:
        by_layout.setdefault(outcome.layout, []).append(outcome)
    return [
        LayoutFigures(
            layout,
            len(found),
            sum(1 for o in found if o.verdict is Verdict.SOLVABLE),
            sum(1 for o in found if o.verdict is Verdict.UNSOLVABLE),
            sum(1 for o in found if o.verdict is Verdict.UNDECIDED),
            statistics.median(o.playouts for o in found),
        )
        for layout, found in by_layout.items()
    ]
