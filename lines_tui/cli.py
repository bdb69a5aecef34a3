"""The `lines-tui` command: the menu by default, each game directly, and the tools around them."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from lines_tui.commands import challenge, layouts, play, players, scores, solve
from lines_tui.commands.common import Settings

app = typer.Typer(
    help="Color Lines and Mahjong solitaire in the terminal. With no command, opens the menu.",
    no_args_is_help=False,
    add_completion=False,
    rich_markup_mode=None,
)


@app.callback(invoke_without_command=True)
def root(
    ctx: typer.Context,
    data_dir: Annotated[
        Path | None,
        typer.Option(
            "--data-dir",
            help="Folder of the score and player file "
            "(default: $LINES_TUI_HOME or the user data folder).",
        ),
    ] = None,
    player: Annotated[
        str | None,
        typer.Option("--player", help="Play as this registered player (default: the active one)."),
    ] = None,
) -> None:
    ctx.obj = Settings(data_dir=data_dir, player=player)
    if ctx.invoked_subcommand is None:
        play.open_menu(ctx.obj)


app.command("lines", help="Play Color Lines.")(play.lines)
app.command("mahjong", help="Play Mahjong solitaire.")(play.mahjong)
app.command("layouts", help="List built-in and installed Mahjong layouts.")(layouts.list_layouts)
app.command("deal", help="Print a dealt Mahjong position as position JSON.")(layouts.deal)
app.command("solve", help="Decide whether a Mahjong position can still be cleared.")(solve.solve)
app.command("challenge", help="Play the deal of a friend's challenge code.")(challenge.challenge)
app.add_typer(scores.app, name="scores", help="Leaderboards and their share codes.")
app.add_typer(players.app, name="players", help="Registered players.")


def main() -> None:
    app()
