"""`lines-tui challenge CODE`: play the very deal of a friend's result, with the result to beat.

A challenge code is a share code (format 2) of one deal's table: `lines-tui scores export TABLE
--entry N --challenge` makes one from any entry. The entries in it are replayed and merged into
that deal's table like any import, then the game opens on the deal, and its result goes to that
table (README, "Challenges").
"""

from __future__ import annotations

import typer

from lines_tui.commands.common import fail, say, settings
from lines_tui.commands.play import today_utc
from lines_tui.commands.scores import CodeArgument, import_checker, pasted_codes, report
from lines_tui.commands.start import open_store_for, run_app
from lines_tui.engine.deal_choice import CHOSEN, DealChoice, daily
from lines_tui.store import ShareCodeError, StoreError, format_value


def challenge(ctx: typer.Context, code: CodeArgument) -> None:
    """Play the deal of a challenge code; its verified results join that deal's table."""
    store = open_store_for(settings(ctx))
    text = pasted_codes(code)[0]
    try:
        if store.preview_import(text, import_checker()).table.mode == "random":
            fail("this code is a table of random deals, not a challenge (see --challenge)")
        merged = store.import_code(text, import_checker())
    except (ShareCodeError, StoreError) as error:
        fail(str(error))
    table = merged.table
    accepted = [r.entry for r in merged.results if r.status != "rejected"]
    say(*report(merged))
    if not accepted:
        fail("no result in this challenge holds up, so there is nothing to beat")
    best = accepted[0]
    seed = best.seed
    say(f"Challenge: beat {format_value(table, best.value)} by {best.name} on {table.title}.")
    choice: DealChoice = CHOSEN
    if table.mode == "daily" and table.tag == today_utc():
        choice = daily(table.tag)
    elif table.mode == "daily":
        fail(f"the deal of {table.tag} is over; its table takes no new results")
    if table.kind == "lines":
        run_app(settings(ctx), "lines", seed=seed, size=int(table.variant), choice=choice)
        return
    from lines_tui.engine.mahjong.layouts import layout_for_table

    layout = layout_for_table(table.variant)
    if layout is None:
        fail(f"layout {table.variant} is not installed here")
    source = layout.name if layout.is_builtin else layout.source
    run_app(settings(ctx), "mahjong", layout=source, seed=seed, choice=choice)
