"""Starting Mahjong: the layout picker, a new deal (proved solvable first when the setting says,
README "Solvable deals only"), today's deal of a layout, resuming the saved game, and the
"solvable deals only" setting the picker changes and the store keeps."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lines_tui.engine.deal_choice import DealChoice, daily
from lines_tui.engine.saved_games import mahjong_deal
from lines_tui.seeds import seed_and_choice
from lines_tui.ui.deal_name import asked_deal
from lines_tui.ui.saved_games import SameDeal
from lines_tui.ui.store_thread import keep_preferences

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.app import App

    from lines_tui.engine.mahjong.layouts import Layout
    from lines_tui.engine.mahjong.solvable import DealSearch, ProvedDeal
    from lines_tui.ui.mahjong.picker import Choice
    from lines_tui.ui.saved_games import SavedGames
    from lines_tui.ui.session import Session


class MahjongStarts:
    """Opens the Mahjong screen on a new deal, a proved one, or the saved game."""

    def __init__(self, app: App[None], session: Session, saved: SavedGames) -> None:
        self.app = app
        self.session = session
        self.saved = saved

    def pick(self, again: Choice | None = None) -> None:
        """The layout picker, then a new deal of the layout picked. A proof of solvable deals
        that is stopped or fails (esc), or a no to replacing the saved game, comes back to the
        picker as it was left (`again`), so the player can turn "solvable deals only" off or
        pick another layout."""
        from lines_tui.ui.mahjong import LayoutPickerScreen

        def picked(choice: Choice | None) -> None:
            if choice is not None:
                layout, seed, solvable = choice
                self.saved.replacing(
                    "mahjong",
                    lambda: self.start(
                        layout, seed, solvable=solvable, stopped=lambda: self.pick(choice)
                    ),
                    # A deal at random is what any new game is: "Start a new one?" says it.
                    asked=asked_deal(layout.title, seed, solvable=solvable)
                    if solvable or seed is not None
                    else None,
                    declined=lambda: self.pick(choice),
                    same=None if solvable else self.same_deal(layout, seed, None, "the picker"),
                )

        state = self.saved.state
        kept = state is not None and state.solvable_deals
        picker = LayoutPickerScreen(
            solvable=self.solvable_deals(),
            # On and kept on as well, it is no longer for this run only.
            solvable_for_run=self.session.solvable_deals_for_run and not kept,
            again=again,
        )
        self.app.push_screen(picker, picked)

    def start(
        self,
        layout: Layout,
        seed: int | None,
        choice: DealChoice | None = None,
        *,
        solvable: bool = False,
        stopped: Callable[[], object] | None = None,
    ) -> None:
        """A new deal: a random one, or the one asked for (which plays for its deal's table, or
        the table `choice` names). `solvable`: the first deal from there on that the solver
        proves solvable (README, "Solvable deals only"); `stopped` runs if that proof is
        stopped or fails and the player goes back."""
        seed, choice = seed_and_choice(seed, choice)
        if solvable:
            from lines_tui.engine.mahjong.solvable import DealSearch, following

            search = DealSearch(layout, following(seed))
            self.prove_then_start(search, "Solvable deals only", choice, stopped)
        else:
            self.open(layout, seed, choice)

    def start_as_asked(self, layout: Layout, seed: int | None, choice: DealChoice | None) -> None:
        """`lines-tui mahjong` with its options: today's deal (--daily, with no seed yet), a
        challenge's deal, or a new deal (proved solvable when the setting or --solvable says)."""
        if choice is not None and choice.mode == "daily" and seed is None:
            self.start_daily(layout, choice.day)
        elif choice is not None:
            self.start(layout, seed, choice)
        else:
            self.start(layout, seed, solvable=self.solvable_deals())

    def start_daily(
        self, layout: Layout, day: str, stopped: Callable[[], object] | None = None
    ) -> None:
        """The deal of the day is the first of the day's candidates the solver proves solvable,
        proved in the solver process while the app stays live; `stopped` runs if that proof is
        stopped or fails and the player goes back."""
        from lines_tui.engine.daily import mahjong_daily_search
        from lines_tui.engine.mahjong.layouts import layout_table_name

        search = mahjong_daily_search(layout, layout_table_name(layout), day)
        self.prove_then_start(search, "Deal of the day", daily(day), stopped)

    def prove_then_start(
        self,
        search: DealSearch,
        title: str,
        choice: DealChoice,
        stopped: Callable[[], object] | None = None,
    ) -> None:
        """Prove deals of `search` in the solver process (a dialog shows which one; escape stops
        it, and `stopped` runs if given), then play the deal proved solvable."""
        from lines_tui.ui.mahjong.proving import ProvingScreen

        def proved(deal: ProvedDeal | None) -> None:
            if deal is not None:
                self.open(search.layout, deal.seed, choice, proved=deal)
            elif stopped is not None:
                stopped()

        solver = self.session.background_solver()
        proving = ProvingScreen(solver, search, title, choice=choice)
        self.app.push_screen(proving, proved)

    def open(
        self, layout: Layout, seed: int, choice: DealChoice, proved: ProvedDeal | None = None
    ) -> None:
        from lines_tui.ui.mahjong import MahjongScreen

        self.solvable_deals()  # the screen's new deals (N) follow the setting
        self.app.push_screen(
            MahjongScreen(self.session, layout, seed, choice=choice, proved=proved)
        )

    def same_deal(
        self, layout: Layout, seed: int | None, choice: DealChoice | None, back: str | None = None
    ) -> SameDeal | None:
        """The deal `start` would play without proving (`start_daily`, for a deal of the day with
        no `seed` yet), resumed instead if it is the saved game's own; None for a random one.
        (Not asked for a deal proved solvable from `seed` on: which deal that is is known only
        once proved.) `back`: where esc on the question goes when not to the menu."""
        if seed is not None:
            seed, choice = seed_and_choice(seed, choice)
        elif choice is None or choice.mode != "daily":
            return None
        deal = mahjong_deal(layout.name, layout.source, seed, choice)
        return SameDeal(deal, self.resume, back)

    def resume(self) -> None:
        from lines_tui.ui.mahjong import MahjongScreen

        self.solvable_deals()  # the screen's new deals (N) follow the setting
        game = self.saved.mahjong()
        if game is not None:
            saved_by, owner = self.saved.saved_by("mahjong"), self.saved.owner("mahjong")
            self.app.push_screen(
                MahjongScreen(
                    self.session, game.layout, game.seed, game=game, saved_by=saved_by, owner=owner
                )
            )

    def solvable_deals(self) -> bool:
        """Whether "solvable deals only" is on: --solvable or the picker's `o` in this run, else as
        the store keeps it (read with the menu's state, on the store's thread)."""
        session, state = self.session, self.saved.state
        if session.solvable_deals is None and state is not None:
            session.solvable_deals = state.solvable_deals
        return bool(session.solvable_deals)

    def keep_solvable_deals(self, solvable: bool) -> None:
        """The picker's `o`: on for this run at once, and written for the next start on the
        store's thread; a failure says so."""
        self.session.solvable_deals = solvable
        self.session.solvable_deals_for_run = False
        now = f'"Solvable deals only" {"on" if solvable else "off"}'
        keep_preferences(
            self.app, self.session.io, self.session.store, now, solvable_deals=solvable
        )
