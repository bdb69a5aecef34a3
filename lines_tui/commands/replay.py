"""`lines-tui replay CODE [--entry N]`: watch a game of a share code on the real board."""

from __future__ import annotations

from typing import Annotated

import typer

from lines_tui.commands.common import fail
from lines_tui.commands.numbers import ENTRY_NUMBER, whole_number_option
from lines_tui.commands.options import checks_player, settings
from lines_tui.commands.scores import GameCodeArgument, checker_now, game_code
from lines_tui.commands.start import open_store_to_play, require_terminal, run
from lines_tui.store import ShareCodeError
from lines_tui.store.tables import numbered_from_one


@checks_player
def replay(
    ctx: typer.Context,
    code: GameCodeArgument,
    entry: Annotated[
        int, whole_number_option("--entry", 1, None, "Which entry (1: the first).", ENTRY_NUMBER)
    ] = 1,
) -> None:
    """Play back one entry's game from a share code (space plays and pauses, the arrows step).
    Only an entry whose replay verifies can be watched."""
    from lines_tui.store import codes

    text = game_code(code)
    try:
        checked = codes.read(text, checker_now())
    except ShareCodeError as error:
        fail(str(error))
    if entry > len(checked.entries):
        fail(f"the code holds {numbered_from_one(len(checked.entries))}, not {entry}")
    verdict = checked.verdicts[entry - 1]
    if verdict.status != "verified":
        fail(f"entry {entry} cannot be watched: {verdict.line()}")
    from lines_tui.ui.app import LinesTuiApp

    options = settings(ctx)
    require_terminal()  # needs no data: refused before a file is read (or set aside)
    store = open_store_to_play(options)
    run(LinesTuiApp(store, replay=(checked.table, checked.entries[entry - 1])))
