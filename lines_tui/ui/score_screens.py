"""The score screens the app opens from the menu, a leaderboard or the command line: the
leaderboards, Import (a merged challenge code then offered as a challenge), the replay of a
result and the players. Each screen's module is imported when it first opens (README, "First
frame")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import App

from lines_tui.store import Entry, TableId
from lines_tui.ui.deal_offers import DealOffers
from lines_tui.ui.session import Session

if TYPE_CHECKING:
    from lines_tui.engine.mahjong.layouts import Layout
    from lines_tui.ui.scores.import_code import Merged
    from lines_tui.ui.scores.leaderboard import ShowMerged


class ScoreScreens:
    """Opens the score screens over `app`'s screen on top."""

    def __init__(self, app: App[None], session: Session, deal_offers: DealOffers) -> None:
        self._app = app
        self._session = session
        self._deal_offers = deal_offers

    def open_leaderboards(self, table: str | None = None, rank: int | None = None) -> None:
        from lines_tui.ui.scores import LeaderboardScreen

        self._app.push_screen(LeaderboardScreen(self._session, table=table, highlight_rank=rank))

    def open_import(self, show: ShowMerged | None = None) -> None:
        """Import a code, from the menu or the leaderboard: a merged code shows the leaderboard
        it went into, the new entries marked and what the merge said on its status line
        (`show`: the open leaderboard shows it; by default one opens), and a code of one deal's
        table is offered as a challenge, to beat the best of its results that the table took
        and its replay verified."""
        from lines_tui.ui.scores import ImportScreen, LeaderboardScreen

        async def merged(result: Merged | None) -> None:
            if result is None:
                return
            told = (result.told, result.severity)
            if show is not None:
                show(result.table, result.place, *told)
            else:
                # Mounted first: what the offer says goes to its status line, not over its rows.
                await self._app.push_screen(
                    LeaderboardScreen(self._session, result.table, result.place, *told)
                )
            self._offer_challenge(result)

        self._app.push_screen(ImportScreen(self._session), merged)

    def _offer_challenge(self, result: Merged) -> None:
        challenge = result.challenge
        if challenge is not None:
            self._deal_offers.challenge(
                challenge.table,
                challenge.to_beat,
                challenge.best_there,
                guest=challenge.guest,
                player=challenge.player,
                declined=lambda: self._app.notify(result.told, severity=result.severity),
                told=result.told,
            )

    def watch_game(self, table: TableId, entry: Entry, *, over_menu: bool = False) -> None:
        """Replay `entry`'s game, from a leaderboard or (`over_menu`) the command line."""
        from lines_tui.store.records import MahjongRecord
        from lines_tui.ui.replay import ReplayError, ReplayScreen

        def watch(layout: Layout | None) -> None:
            try:
                replay = ReplayScreen(self._session, table, entry, layout, over_menu=over_menu)
            except ReplayError as error:
                self._app.notify(str(error), severity="warning")
            else:
                self._app.push_screen(replay)

        if isinstance(entry.record, MahjongRecord):
            self._session.with_layout(self._app.screen, table.variant, watch)
        else:
            watch(None)

    def open_players(self) -> None:
        from lines_tui.ui.scores import PlayersScreen

        self._app.push_screen(PlayersScreen(self._session))
