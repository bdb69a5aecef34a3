"""What each part of the leaderboard is handed (`TableReading`, `TableChecks`, `BoardCode`,
`EntryRemoval`): the screen, its session, the tables it shows and the grid of their rows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.screen import Screen

from lines_tui.ui.lists import RowTable
from lines_tui.ui.scores.shown_tables import ShownTables
from lines_tui.ui.session import Session


@dataclass(frozen=True)
class Board:
    screen: Screen[Any]
    session: Session
    shown: ShownTables
    grid: RowTable
