"""`lines-tui lines` and `lines-tui mahjong`: start the Textual app on a game."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from lines_tui.commands.common import fail
from lines_tui.commands.numbers import DEAL_NUMBER, whole_number_option
from lines_tui.commands.options import checks_player, settings
from lines_tui.commands.paths import layout_value
from lines_tui.commands.start import run_app
from lines_tui.engine.deal_choice import FIRST_DEAL, LAST_DEAL


def seed_option(help: str) -> Any:  # typer.Option's own type
    """`--seed N` of `lines`, `mahjong` and `deal`: a deal number from 0 to 2**64 - 1, the
    largest a table holds, shown in the help and checked as click checks every range."""
    return whole_number_option("--seed", FIRST_DEAL, LAST_DEAL, help, DEAL_NUMBER)


@checks_player
def lines(
    ctx: typer.Context,
    size: Annotated[
        int | None,
        whole_number_option(
            "--size", 7, 15, "Board size, 7 to 15 (default: as chosen in the menu, first 9)."
        ),
    ] = None,
    seed: Annotated[
        int | None,
        seed_option("Deal number (default: random); plays for that deal's table."),
    ] = None,
    today: Annotated[
        bool, typer.Option("--daily", help="Play today's deal (UTC) of this board size.")
    ] = False,
) -> None:
    from lines_tui.engine.deal_choice import daily

    # A size left out is not asked for: a new game has the size chosen in the menu (kept), a
    # saved game of any size is offered as it is, where one of another size than the one asked
    # is offered saying so (`DirectStart`, which also picks the day's deal of the size played).
    if today:
        refuse_with_daily(seed=seed)
        run_app(settings(ctx), "lines", size=size, choice=daily(today_utc()))
        return
    run_app(settings(ctx), start="lines", seed=seed, size=size)


def refuse_with_daily(*, seed: int | None, solvable: bool = False) -> None:
    """`--daily` plays the day's deal: a `--seed` or `--solvable` beside it would be ignored, so
    the command is refused instead, naming every such option given."""
    given = [
        option
        for option, there in (("--seed", seed is not None), ("--solvable", solvable))
        if there
    ]
    if given:
        fail(f"--daily plays the deal of the day, so it takes no {' or '.join(given)}")


def today_utc() -> str:
    import datetime as dt

    return dt.datetime.now(dt.timezone.utc).date().isoformat()


@checks_player
def mahjong(
    ctx: typer.Context,
    layout: Annotated[
        str | None,
        typer.Option(
            "--layout",
            parser=layout_value,
            metavar="NAME|PATH",
            help="Layout name (see `lines-tui layouts`) or a layout file (default: turtle).",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        seed_option("Seed of the deal (default: random); plays for that deal's table."),
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

    # A layout left out is not asked for (the app plays Turtle): see `lines` for why.
    if layout is not None:
        try:
            find_layout(layout)
        except (LayoutError, OSError) as error:
            fail(str(error))
    if today:
        refuse_with_daily(seed=seed, solvable=solvable)
        # The app proves the day's candidates in its solver process, saying so on screen.
        run_app(settings(ctx), "mahjong", layout=layout, choice=daily(today_utc()))
        return
    run_app(settings(ctx), start="mahjong", layout=layout, seed=seed, solvable=solvable)
