"""`lines-tui scores ...`: list the leaderboards, show one, export its share code, import one.

Everything is printed through `say`/`warn` (common.py), so no escape sequence reaches the terminal
even from a hand-edited file, a hostile code or a damaged paste.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Annotated, TypeVar

import typer

from lines_tui.commands.common import BAD_INPUT, fail, say, settings, warn
from lines_tui.outside_text import printable
from lines_tui.store import (
    Entry,
    Merge,
    Store,
    StoreError,
    TableId,
    format_date,
    format_value,
    open_store,
)
from lines_tui.store.sharecode import MAX_INPUT_CHARS
from lines_tui.store.store import parse_table

app = typer.Typer(no_args_is_help=False, rich_markup_mode=None)

TableArgument = Annotated[
    str, typer.Argument(help="A table id as listed by `lines-tui scores`, e.g. lines-9.")
]
T = TypeVar("T")


def open_cli_store(ctx: typer.Context) -> Store:
    """The store of --data-dir (or the default), its warnings shown on stderr, one line each."""
    try:
        store = open_store(settings(ctx).data_dir)
    except StoreError as error:
        fail(str(error))
    for warning in store.warnings:
        warn(warning)
    return store


def attempt(action: Callable[[], T], store: Store | None = None) -> T:
    """Run a store request; a refusal becomes the one-line message and exit code 2 (said once:
    a refusal that repeats a warning `open_cli_store` printed, such as a read-only file, adds
    only the exit code)."""
    try:
        return action()
    except StoreError as error:
        if store is not None and str(error) in store.warnings:
            raise typer.Exit(BAD_INPUT) from None
        fail(str(error))


@app.callback(invoke_without_command=True)
def overview(ctx: typer.Context) -> None:
    """List the tables that have results."""
    if ctx.invoked_subcommand is not None:
        return
    tables = open_cli_store(ctx).tables()
    if not tables:
        say("No results yet: a table appears once someone finishes a game that earns a place.")
        return
    for table, entries in tables.items():
        best = entries[0]
        say(
            f"{table!s:<24} {table.title:<28} {len(entries):>2} "
            f"{'entry' if len(entries) == 1 else 'entries':<7}  best "
            f"{format_value(table, best.value)} by {printable(best.name)}"
        )


@app.command("show")
def show(ctx: typer.Context, table: TableArgument) -> None:
    """Show one table, best first, with its share code."""
    store = open_cli_store(ctx)
    table_id = attempt(lambda: parse_table(table))
    entries = store.table(table_id)
    order = "highest first" if table_id.kind == "lines" else "fastest first"
    say(f"{table_id.title} ({table_id}), {order}")
    if not entries:
        say("  no results yet")
        return
    header = "points" if table_id.kind == "lines" else "time"
    say(f"  {'#':>2}  {'name':<24}  {header:>11}  {'date':<16}  seed")
    for rank, entry in enumerate(entries, start=1):
        say(f"  {rank:>2}  {entry_line(table_id, entry)}")
    say(f"share code: {store.export_code(table_id)}")


@app.command("export")
def export(ctx: typer.Context, table: TableArgument) -> None:
    """Print the table's share code, to paste to a friend."""
    store = open_cli_store(ctx)
    say(attempt(lambda: store.export_code(table), store))


@app.command("import")
def import_(
    ctx: typer.Context,
    code: Annotated[
        list[str],
        typer.Argument(
            help="The share code, or - to read it from standard input. Spaces and line breaks "
            "inside it are ignored.",
            show_default=False,
        ),
    ],
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Only show what would be merged.")
    ] = False,
) -> None:
    """Merge a friend's table (a share code) into yours and report each entry."""
    text = read_standard_input() if code == ["-"] else " ".join(code)
    store = open_cli_store(ctx)
    merged = attempt(
        lambda: store.preview_import(text) if dry_run else store.import_code(text), store
    )
    for line in report(merged, dry_run):
        say(line)


def read_standard_input() -> str:
    """The code piped in, read as bytes and decoded here: a paste in another encoding (Latin-1
    in a UTF-8 locale) is refused in one line instead of ending in a traceback."""
    most = MAX_INPUT_CHARS * 4  # bytes: a UTF-8 character takes at most 4
    data = sys.stdin.buffer.read(most + 1)
    if len(data) > most:  # too long to be a code, whatever the bytes: the decoder says so
        return data.decode("utf-8", errors="replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        fail(f"standard input is not UTF-8 text (byte {error.start}); a share code is ASCII")


def report(merged: Merge, dry_run: bool = False) -> list[str]:
    table = merged.table
    dry = " (dry run, nothing saved)" if dry_run else ""
    lines = [f"{table.title} ({table}){dry}: {merged.summary()}"]
    for result in merged.results:
        place = f"#{result.rank}" if result.rank is not None else ""
        if result.status == "rejected":
            lines.append(
                f"  {result.status:<15} {place:>3}  '{printable(result.entry.name)}': "
                f"{result.reason}"
            )
        else:
            lines.append(f"  {result.status:<15} {place:>3}  {entry_line(table, result.entry)}")
    for entry in merged.dropped:
        lines.append(f"  {'dropped':<15} {'':>3}  {entry_line(table, entry)}")
    return lines


def entry_line(table: TableId, entry: Entry) -> str:
    return (
        f"{printable(entry.name):<24}  {format_value(table, entry.value):>11}  "
        f"{format_date(entry.date):<16}  {entry.seed}"
    )
