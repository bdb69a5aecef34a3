"""`lines-tui players ...`: register, list, rename and remove players; choose who plays."""

from __future__ import annotations

import shlex
from typing import Annotated

import typer

from lines_tui.commands.common import fail, say
from lines_tui.commands.options import checks_player, settings
from lines_tui.commands.scores import attempt, open_cli_store
from lines_tui.commands.start import check_registered
from lines_tui.store.names import InvalidName, clean_name

app = typer.Typer(no_args_is_help=False, rich_markup_mode=None)

NameArgument = Annotated[str, typer.Argument(help="A player name (quote it if it has spaces).")]


def valid_name(name: str) -> None:
    """Refuse a name no player may have in one line (exit 2), before the store is opened: that
    needs no data (the store asks again, and whether the name is taken)."""
    try:
        clean_name(name)
    except InvalidName as error:
        fail(str(error))


@app.callback(invoke_without_command=True)
@checks_player
def overview(ctx: typer.Context) -> None:
    """List the registered players (the active one marked *)."""
    if ctx.invoked_subcommand is None:
        list_players(ctx)


@app.command("list", short_help="List the registered players; * marks the active one.")
@checks_player
def list_players(ctx: typer.Context) -> None:
    """List the registered players; * marks the active one, who plays when no --player is
    given (a --player of another is named last, as the one who plays this run)."""
    store = open_cli_store(ctx)
    players, active = store.players_and_who_plays()
    if not players:
        say("No registered players: everyone plays as a guest (Lines scores are not saved).")
        return
    say(*(f"{'*' if name == active else ' '} {name}" for name in players))  # one flush
    given = settings(ctx).player
    playing = active if given is None else attempt(lambda: store.resolve_player(given), store)
    if playing != active:
        otherwise = (
            "a guest plays: Lines scores are not saved" if active is None else f"{active} plays"
        )
        say(f"({playing} plays this run, as --player says; without it, {otherwise})")
    elif active is None:
        say("(playing as a guest: Lines scores are not saved)")


@app.command("add", short_help="Register a player.")
@checks_player
def add(ctx: typer.Context, name: NameArgument) -> None:
    """Register a player; with no one playing (a guest), they play from now on."""
    valid_name(name)
    store = open_cli_store(ctx)
    # A guest's Lines scores are not saved: a first player left a guest lost their first game's.
    added, plays = attempt(lambda: store.register_player(name, plays_if_no_one_does=True), store)
    if plays:
        say(f"registered {added}; {added} plays now")
        return
    # `--` first for a name that starts like an option ("-x"), which `use` would take for one.
    separator = "-- " if added.startswith("-") else ""
    hint = f"lines-tui players use {separator}{shlex.quote(added)}"
    # The command on a line of its own, whole, to copy: after the name, it took 100 columns.
    say(f"registered {added}; to make them the active player:", f"  {hint}")


@app.command("rename")
@checks_player
def rename(ctx: typer.Context, old: NameArgument, new: NameArgument) -> None:
    """Rename a player; results already in the tables keep the old name."""
    valid_name(new)
    store = open_cli_store(ctx)
    current = attempt(lambda: store.resolve_player(old), store)
    renamed = attempt(lambda: store.rename_player(current, new), store)
    say(f"renamed {current} to {renamed}")


@app.command("remove")
@checks_player
def remove(ctx: typer.Context, name: NameArgument) -> None:
    """Unregister a player; their results stay in the tables."""
    store = open_cli_store(ctx)
    say(f"removed {attempt(lambda: store.remove_player(name), store)}")


@app.command("use")
@checks_player
def use(ctx: typer.Context, name: NameArgument) -> None:
    """Make a registered player the active one (the one who plays)."""
    store = open_cli_store(ctx)
    check_registered(store, name)  # not registered: says how to register them
    attempt(lambda: store.set_active_player(name), store)
    say(f"{store.active_player} plays now")


@app.command("guest")
@checks_player
def guest(ctx: typer.Context) -> None:
    """Play as a guest from now on (Lines scores are not saved)."""
    store = open_cli_store(ctx)
    attempt(lambda: store.set_active_player(None), store)
    say("playing as a guest: Lines scores are not saved")
