"""Where each of Today's deals stands for the player: the result to beat on its table, and
whether it is the saved game (README, "Today's deals")."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from lines_tui.store import Entry, TableId
from lines_tui.ui.result_to_beat import best_told, whose_own
from lines_tui.ui.session import Session

NO_RESULT = "no result yet"
SAVED = "saved game"


@dataclass(frozen=True)
class TodaysStandings:
    """The tables of Today's deals, by their option on the screen, and the options whose deal is
    the saved game (as the menu last read the saved games)."""

    session: Session
    tables: Mapping[str, TableId]
    saved: frozenset[str]

    def reader(self) -> Callable[[], dict[str, str]]:
        """On the UI thread: the read, for the store's thread, of what each option says after
        its deal's name ("saved game · to beat: 0:21.9 by Ann")."""
        store, checker = self.session.store, self.session.checkers().own()
        tables, saved = self.tables, self.saved

        def read() -> dict[str, str]:
            player = store.active_player
            best = store.results_to_beat(tables.values(), checker)
            return {
                option: standing(table, best[table], player, option in saved)
                for option, table in tables.items()
            }

        return read


def standing(table: TableId, best: Entry | None, player: str | None, saved: bool) -> str:
    """What a deal of the day's row says: whether it is the saved game, first (a long name at the
    row's end is what gets cut), and its result to beat, as a game on it would name it ("to
    beat: your own 120")."""
    if best is None:
        said = NO_RESULT
    else:
        said = f"to beat: {best_told(table, best, whose_own(best, player))}"
    return f"{SAVED} · {said}" if saved else said
