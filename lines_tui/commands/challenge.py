"""`lines-tui challenge CODE`: play the very deal of a friend's result, with the result to beat.

A challenge code is a share code (format 2) of one deal's table: `lines-tui scores export TABLE
--entry N --challenge` makes one from any entry. The entries in it are replayed and merged into
that deal's table like any import, then the game opens on the deal, and its result goes to that
table (README, "Challenges").
"""

from __future__ import annotations

from collections.abc import Iterable

import typer

from lines_tui.commands.common import fail, say, tell_store_warnings, wrapped
from lines_tui.commands.options import checks_player, settings
from lines_tui.commands.scores import (
    GameCodeArgument,
    attempt,
    checker_now,
    game_code,
    own_tables_checker,
    report,
)
from lines_tui.commands.start import open_store_for, require_terminal, run_app
from lines_tui.engine.deal_choice import CHOSEN, DealChoice, daily


@checks_player
def challenge(ctx: typer.Context, code: GameCodeArgument) -> None:
    """Play the deal of a challenge code; its verified results join that deal's table."""
    from lines_tui.store import codes
    from lines_tui.store.sharing import race_over
    from lines_tui.store.verify import NOTHING_TO_BEAT, best_verified, challenge_target

    text = game_code(code)
    # Everything that can refuse the challenge is asked before its results are merged, and
    # what needs no data before the data folder is read (a damaged file there is set aside): a
    # refusal changes nothing.
    checker = checker_now()
    checked = attempt(lambda: codes.read(text, checker))
    table = checked.table
    if table.mode == "random":
        fail(
            "this code is a table of random deals, not a challenge: a friend makes one with "
            "lines-tui scores export TABLE --challenge"
        )
    best = challenge_target(checked)
    if best is None:
        fail(f"{NOTHING_TO_BEAT}{first_reason((v.status, v.reason) for v in checked.verdicts)}")
    over = race_over(table, checker.now)
    if over is not None:
        fail(f"{over} (`lines-tui scores import` merges them)")
    choice: DealChoice = daily(table.tag) if table.mode == "daily" else CHOSEN
    layout_source = None
    if table.kind == "mahjong":
        from lines_tui.engine.mahjong.layouts import layout_for_table

        layout = layout_for_table(table.variant)
        if layout is None:
            fail(f"layout {table.variant} is not installed here")
        layout_source = layout.name if layout.is_builtin else layout.source
    require_terminal()  # before the merge: a challenge that cannot be played merges nothing
    store = open_store_for(settings(ctx))
    tell_store_warnings()  # a file set aside, told above the import's report
    # The result to beat is one the merge keeps, as on Import: a copy of a game your table
    # holds under another result is rejected, and named nothing to beat. The code's entries,
    # replayed above, are merged as they were judged, not replayed twice more.
    (preview,) = attempt(lambda: store.preview_checked([checked]), store)
    best = best_verified(preview)
    if best is None:
        why = first_reason((result.status, result.reason) for result in preview.results)
        fail(f"{NOTHING_TO_BEAT} here{why}")
    (merged,) = attempt(lambda: store.merge_checked([checked]), store)
    say(*report(merged))
    from lines_tui.ui.deal_offers import ahead_of
    from lines_tui.ui.result_to_beat import best_told, unsaved_for_guest, whose_own

    # The game names the deal table's best result to beat: yours, if better than the friend's.
    best_there = attempt(lambda: store.result_to_beat(table, own_tables_checker()), store)
    player, guest = settings(ctx).player, False  # `--player`: made active later
    if player is None:
        player, guest = store.who_plays_if_known()
    say(
        *wrapped(
            f"Challenge: beat {best_told(table, best, whose_own(best, player))} on {table.title}."
            + ahead_of(table, best, best_there, player)
            + (
                unsaved_for_guest(table, "register first: lines-tui players add NAME")
                if guest
                else ""
            )
        )
    )
    tell_store_warnings()  # this store's: the game's store is another one, the app's to tell
    if layout_source is None:
        # The deal's size, not one asked for: declined, the menu's Lines stays as kept.
        size, seed = int(table.variant), best.seed
        run_app(settings(ctx), "lines", seed=seed, size=size, choice=choice, size_for_run=False)
    else:
        run_app(settings(ctx), "mahjong", layout=layout_source, seed=best.seed, choice=choice)


def first_reason(verdicts: Iterable[tuple[str, str]]) -> str:
    """ " (entry N: status: reason)" of the code's first entry with a reason, "" if none has."""
    numbered = enumerate(verdicts, start=1)
    return next((f" (entry {n}: {status}: {why})" for n, (status, why) in numbered if why), "")
