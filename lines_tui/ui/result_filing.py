"""Recording a finished game's result, and settling its saved game once it is written (README,
"Saving and resuming")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from textual.screen import Screen

from lines_tui.store import RecordOutcome, Store, StoreError
from lines_tui.ui.game_keeper import GameKeeper
from lines_tui.ui.sentences import ended, reason_alone
from lines_tui.ui.session import GAME_NAMES, Session, TablesChanged
from lines_tui.ui.store_thread import still_there, write

RESULT_KEPT = "Your {game} result is not saved: {reason}. Resume the game to try again."
"""Told once a game screen is gone (the player left while its result was written) when the
result could not be written."""
RESULT_LOST = "Your {game} result is not saved: {reason}, and the game could not be kept."
"""Told instead when the finished game could not be kept to file it again either."""
GAME_NOT_KEPT = "The game could not be kept to try again either."
"""What a game's end adds, in place of "Kept: …", when the finished game could not be saved to
file its result again (`RecordOutcome.game_kept`)."""


def not_saved(outcome: RecordOutcome) -> str:
    """What a game's end says of a result not saved: why, and for one whose game is kept to
    file it again (`RecordOutcome.may_retry`: the store could not write it, or its player is
    gone) how to try again."""
    if not outcome.may_retry:
        return ended(f"Not saved: {outcome.reason}")
    why = ended(f"Not saved: {reason_alone(outcome.reason)}")
    if not outcome.game_kept:
        return f"{why} {GAME_NOT_KEPT}"
    return f"{why} Kept: resume it from the menu to try again."


def file_result(
    screen: Screen[Any],
    session: Session,
    keeper: GameKeeper,
    table: str,
    record: Callable[[Store], RecordOutcome],
    then: Callable[[RecordOutcome], None],
    *,
    kept: dict[str, Any] | None,
) -> None:
    """Write the finished game's result to `table` on the store thread, then `then(outcome)`;
    a store that fails becomes an outcome that says why (`may_retry`), so the end of a game
    always has one. Right after the result, on the store thread too, the saved game `keeper`
    keeps is settled, whatever became of `screen` meanwhile (left, quit, a dropped connection):
    removed once the result is filed or refused for itself, else `kept` (the finished game
    as saved data) stays saved, so that resumed it files its result again (README, "Saving
    and resuming"). Leaving meanwhile changes nothing saved; a result not written once the
    screen is gone is told by the app."""
    store, slot, app = session.store, keeper.slot, screen.app

    def file() -> RecordOutcome:
        try:
            return record(store)
        except StoreError as error:
            # "cannot write to PATH: reason"
            return RecordOutcome(False, str(error), table, may_retry=True)

    filed = session.io.submit(file)

    game_kept = False  # saved to file its result again: a refusal (a full disk) leaves it False

    def settle() -> None:  # after `file`, on the same thread: `filed` is done
        nonlocal game_kept
        if filed.exception() is None and not filed.result().may_retry:
            slot.clear()
        elif kept is not None:
            slot.keep(kept)
            game_kept = True

    keeper.settle_after_filing(settle)

    def answered(told: RecordOutcome) -> None:
        # `settle` ran before the answer came (the store thread takes calls in order).
        outcome = told if not told.may_retry else replace(told, game_kept=game_kept)
        if outcome.saved:
            for shown in app.screen_stack:
                shown.post_message(TablesChanged())
        if still_there(screen):
            keeper.filing_answered()
            then(outcome)
        elif outcome.may_retry:
            game = GAME_NAMES[keeper.kind]
            said = RESULT_KEPT if outcome.game_kept else RESULT_LOST
            app.notify(
                said.format(game=game, reason=reason_alone(outcome.reason)),
                severity="error",
                markup=False,
            )

    def failed(error: StoreError) -> None:  # a bug in `record` (UnexpectedError)
        answered(RecordOutcome(False, str(error), table, may_retry=True))

    # Answered through the app: an answer that comes once the screen is gone is told.
    write(app, session.io, filed.result, answered, failed)
