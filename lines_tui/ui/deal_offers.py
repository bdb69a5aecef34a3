"""Deals offered by name rather than picked: today's deals (README, "Today's deals") and the deal
of a challenge, a code of one deal's table (README, "Challenges")."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from lines_tui.engine.deal_choice import CHOSEN, daily
from lines_tui.store import Entry, TableId
from lines_tui.store.tables import utc_day
from lines_tui.ui.dialogs import ConfirmScreen

if TYPE_CHECKING:
    from textual.app import App

    from lines_tui.engine.mahjong.layouts import Layout
    from lines_tui.ui.lines_starts import LinesStarts
    from lines_tui.ui.mahjong_starts import MahjongStarts
    from lines_tui.ui.saved_games import SavedGames
    from lines_tui.ui.session import Session
    from lines_tui.ui.todays_standings import TodaysStandings

TODAYS_DEALS = "Today's deals"
"""Where esc on the question over a deal of the day saved goes (`SameDeal.back`)."""


class DealOffers:
    """Offers today's deals and challenges, and starts the deal the player takes (today's Lines
    deal on the board size chosen in the menu, `LinesStarts.board_size`)."""

    def __init__(
        self,
        app: App[None],
        session: Session,
        saved: SavedGames,
        lines: LinesStarts,
        mahjong: MahjongStarts,
    ) -> None:
        self.app = app
        self.session = session
        self.saved = saved
        self.lines = lines
        self.mahjong = mahjong

    def today(self, again: str | None = None, note: str = "") -> None:
        """Today's deals: the deal of the day (UTC) of Lines or of a built-in layout. A no to
        replacing the saved game, or a Mahjong proof stopped or failed (esc), comes back here
        with the deal picked (`again`) highlighted, as the layout picker does; `note` says why
        it came back."""
        from lines_tui.engine.daily_seeds import lines_daily_seed
        from lines_tui.engine.mahjong.layouts import find_layout
        from lines_tui.ui.today import LINES, TodayScreen

        day = utc_day(self.session.clock())
        size = self.lines.board_size()

        def picked(choice: str | None) -> None:
            if choice is None:
                return

            def back() -> None:
                self.today(choice)

            def on_its_day(start: Callable[[], None]) -> Callable[[], None]:
                """`start`, unless the day is over: left open past midnight (UTC), the dialog
                or the question over it would start yesterday's deal, whose race is over.
                Then its deals come back, the new day's."""

                def started() -> None:
                    now = utc_day(self.session.clock())
                    if now != day:
                        self.today(choice, f"{now} has begun (UTC): these are its deals.")
                    else:
                        start()

                return started

            if choice == LINES:
                seed = lines_daily_seed(size, day)
                self.saved.replacing(
                    "lines",
                    on_its_day(lambda: self.lines.start(seed, size, daily(day))),
                    asked=f"today's deal of Lines {size} x {size}",
                    declined=back,
                    same=self.lines.same_deal(size, seed, daily(day), TODAYS_DEALS),
                )
            else:
                layout = find_layout(choice)
                self.saved.replacing(
                    "mahjong",
                    on_its_day(lambda: self.mahjong.start_daily(layout, day, stopped=back)),
                    asked=f"today's deal of {layout.title}",
                    declined=back,
                    same=self.mahjong.same_deal(layout, None, daily(day), TODAYS_DEALS),
                )

        standings = self._standings(day, size)
        self.app.push_screen(TodayScreen(day, size, again, note, standings), picked)

    def _standings(self, day: str, size: int) -> TodaysStandings:
        """Today's deals' tables, and which of those deals is a saved game."""
        from lines_tui.engine.daily_seeds import lines_daily_seed
        from lines_tui.engine.mahjong.layouts import builtin_layouts, layout_table_name
        from lines_tui.ui.today import LINES
        from lines_tui.ui.todays_standings import TodaysStandings

        tables = {LINES: TableId.lines(size).daily(day)}
        lines = self.lines.same_deal(size, lines_daily_seed(size, day), daily(day))
        saved = {LINES} if lines and lines.deal.is_saved(self.saved.game("lines")) else set()
        for layout in builtin_layouts():
            tables[layout.name] = TableId.mahjong(layout_table_name(layout)).daily(day)
            mahjong = self.mahjong.same_deal(layout, None, daily(day))
            if mahjong and mahjong.deal.is_saved(self.saved.game("mahjong")):
                saved.add(layout.name)
        return TodaysStandings(self.session, tables, frozenset(saved))

    def challenge(
        self,
        table: TableId,
        best: Entry | None,
        best_there: Entry | None = None,
        *,
        guest: bool = False,
        player: str | None = None,
        declined: Callable[[], None] | None = None,
        told: str = "",
    ) -> None:
        """A code of one deal's table is a challenge: offer to play that deal at once, for that
        table, to beat `best`, the code's best result that holds up by replay (never one of the
        table's others, such as your own), or say there is none (README, "Challenges"). If the
        table's best such result, `best_there`, is another (your own, better), the offer names
        it too as the one to beat, as the game then does ("To beat: ..."). A `guest` is told
        that a Lines score would not be saved (`unsaved_for_guest`); a best result there of
        `player`'s is named as their own (`ahead_of`). `declined` runs when
        the player says no to the offer (the Import screen tells its merge again). `told`:
        what the import said, kept before why no race is offered, on the one status line."""
        from lines_tui.store.sharing import race_over
        from lines_tui.store.verify import NOTHING_TO_BEAT

        if table.mode == "random":
            return
        over = race_over(table, self.session.clock())
        if over is not None or best is None:
            why = f"No race on this code: {over}." if over else f"{NOTHING_TO_BEAT.capitalize()}."
            self.app.notify(f"{told} {why}".lstrip(), severity="warning")
            return
        from lines_tui.ui.result_to_beat import (
            REGISTER_IN_APP,
            best_told,
            unsaved_for_guest,
            whose_own,
        )

        # Your own result, a code of yours pasted back, is named so, as the game names it.
        to_beat = best_told(table, best, whose_own(best, player))
        question = (
            f"A challenge: beat {to_beat} on "
            f"{self.session.table_title(table)}.{ahead_of(table, best, best_there, player)}"
            f"{unsaved_for_guest(table, REGISTER_IN_APP) if guest else ''} Play "
            "that deal now?"
        )
        if table.kind == "lines":
            self._offer(question, table, best.seed, declined, None)
            return

        def offer_on(layout: Layout | None) -> None:
            if layout is None:
                self.app.notify(
                    f"{told} No race on this code: its layout is not installed here.".lstrip(),
                    severity="warning",
                )
            else:
                self._offer(question, table, best.seed, declined, layout)

        # A layout played from a file this session too: the import checked the entry on it.
        self.session.with_layout(self.app.screen, table.variant, offer_on)

    def _offer(
        self,
        question: str,
        table: TableId,
        seed: int,
        declined: Callable[[], None] | None,
        layout: Layout | None,
    ) -> None:
        """Ask `question`, the offer of `challenge`, to play deal `seed` of `table`, on `layout`
        (None: a Lines table)."""
        choice = daily(table.tag) if table.mode == "daily" else CHOSEN

        def answered(yes: bool | None) -> None:
            from lines_tui.ui.going_back import MENU, over_the_top

            if not yes:
                if declined is not None:
                    declined()
                return
            # Offered over the leaderboard its code went into: the game opens over it, and esc
            # on the question to resume the deal saved goes back there, as it says.
            where = over_the_top(self.app)
            back = None if where == MENU else where
            if layout is None:
                size = int(table.variant)
                self.saved.replacing(
                    "lines",
                    lambda: self.lines.start(seed, size, choice),
                    same=self.lines.same_deal(size, seed, choice, back),
                )
            else:
                self.saved.replacing(
                    "mahjong",
                    lambda: self.mahjong.start(layout, seed, choice),
                    same=self.mahjong.same_deal(layout, seed, choice, back),
                )

        challenge = ConfirmScreen(question, title="Challenge", enter_is_yes=True)
        self.app.push_screen(challenge, answered)


def ahead_of(table: TableId, challenge: Entry, best_there: Entry | None, player: str | None) -> str:
    """What the offer of `challenge` adds when the deal's table holds a result ranked ahead of
    it, `best_there`: that one is the result to beat, named as the game names it ("your own
    2065" when it is `player`'s; "" if none)."""
    from lines_tui.ui.result_to_beat import best_told, whose_own

    if best_there is None or best_there.result == challenge.result:
        return ""
    shown = best_told(table, best_there, whose_own(best_there, player))
    return f" The deal's table already holds {shown}, ranked ahead of it: that is the one to beat."
