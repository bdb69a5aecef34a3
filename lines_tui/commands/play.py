"""`lines-tui` (the menu), `lines-tui lines` and `lines-tui mahjong`: start the Textual app."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from lines_tui.commands.common import Settings, fail, settings

if TYPE_CHECKING:
    from lines_tui.engine.deal_choice import DealChoice
    from lines_tui.store import Store
    from lines_tui.ui.app import Start


def open_store_for(options: Settings) -> Store:
    """The store of `--data-dir` (or the default place), with `--player` made the active player.
    Bad input fails in one line before the terminal is taken over."""
    from lines_tui.store import StoreError, open_store

    try:
        store = open_store(options.data_dir)
    except (StoreError, OSError) as error:
        fail(str(error))
    if options.player is not None:
        try:
            store.set_active_player(options.player)
        except StoreError as error:
            fail(f"{error} (register with: lines-tui players add NAME)")
    return store


def run_app(
    options: Settings,
    start: Start = "menu",
    layout: str = "turtle",
    seed: int | None = None,
    size: int = 9,
    choice: DealChoice | None = None,
    solvable: bool = False,
) -> None:
    from lines_tui.ui.app import LinesTuiApp

    store = open_store_for(options)
    require_terminal()
    LinesTuiApp(
        store, start=start, layout=layout, seed=seed, size=size, choice=choice, solvable=solvable
    ).run()


def require_terminal() -> None:
    """The games draw on a terminal and read its keys; with input or output redirected they would
    spin with nobody to play, so they refuse to start instead."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        fail(
            "the games need a terminal (standard input and output are not one); "
            "`lines-tui scores` and the other commands work without"
        )


def open_menu(options: Settings) -> None:
    run_app(options)


def lines(
    ctx: typer.Context,
    size: Annotated[
        int, typer.Option("--size", min=7, max=15, help="Board size, 7 to 15 (default 9).")
    ] = 9,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", min=0, help="Seed of the game (default: random); plays for that seed's table."
        ),
    ] = None,
    today: Annotated[
        bool, typer.Option("--daily", help="Play today's deal (UTC) of this board size.")
    ] = False,
) -> None:
    from lines_tui.engine.daily import lines_daily_seed
    from lines_tui.engine.deal_choice import daily

    if today:
        day = today_utc()
        run_app(settings(ctx), "lines", seed=lines_daily_seed(size, day), size=size,
                choice=daily(day))
        return
    run_app(settings(ctx), start="lines", seed=seed, size=size)


def today_utc() -> str:
    import datetime as dt

    return dt.datetime.now(dt.timezone.utc).date().isoformat()


def mahjong(
    ctx: typer.Context,
    layout: Annotated[
        str,
        typer.Option("--layout", help="Layout name (see `lines-tui layouts`) or a layout file."),
    ] = "turtle",
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", min=0, help="Seed of the deal (default: random); plays for that deal's table."
        ),
    ] = None,
    today: Annotated[
        bool, typer.Option("--daily", help="Play today's deal (UTC) of this layout.")
    ] = False,
    solvable: Annotated[
        bool,
        typer.Option(
            "--solvable",
            help="Solvable deals only for this run: the first deal from the seed on that the "
            "solver proves solvable (the layout picker's o keeps it on for good).",
        ),
    ] = False,
) -> None:
    from lines_tui.engine.deal_choice import daily
    from lines_tui.engine.mahjong.geometry import LayoutError
    from lines_tui.engine.mahjong.layouts import find_layout

    try:
        find_layout(layout)
    except (LayoutError, OSError) as error:
        fail(str(error))
    if today:
        # The app proves the day's candidates in its solver process, saying so on screen.
        run_app(settings(ctx), "mahjong", layout=layout, choice=daily(today_utc()))
        return
    run_app(settings(ctx), start="mahjong", layout=layout, seed=seed, solvable=solvable)
