"""The saved games as the menu reads them: the player, the saved games and the setting, read on
the store's thread; resuming a saved game (a save the engine refuses is dropped with a notice);
and a saved game is never replaced without asking."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from lines_tui.engine.prose import listed
from lines_tui.engine.saved_games import (
    Deal,
    lines_summary,
    mahjong_progress,
    mahjong_summary,
    saved_by,
)
from lines_tui.store import Preferences, StoreError, one_lock_wait
from lines_tui.store.names import same_name
from lines_tui.store.tables import utc_day
from lines_tui.ui.dialogs import ConfirmScreen, ResumeScreen
from lines_tui.ui.menu import MenuState
from lines_tui.ui.sentences import PLAYER_UNREAD, REPLACED_AT_FIRST_MOVE
from lines_tui.ui.session import GAME_NAMES, SavedGame, Session
from lines_tui.ui.size_guard import uncovered
from lines_tui.ui.store_thread import load
from lines_tui.ui.typed_ahead import typed

if TYPE_CHECKING:
    from textual import events
    from textual.app import App

    from lines_tui.engine.lines import LinesGame
    from lines_tui.engine.mahjong.game import MahjongGame

T = TypeVar("T")

SLOW_READ_SECONDS = 0.5
READING_SAVED_GAMES = "Reading your saved games first (another lines-tui may be holding them)..."
NOT_STARTED = "The new game was not started: choose it again."

SCORES_UNREAD = (
    ". Until they can be, no score is saved and the leaderboards and players cannot be shown;"
    " the file is left as it is."
)
"""After why the scores file could not be read (the app is played without it)."""


def unread_problem(parts: list[str], error: str, meaning: str) -> str:
    """The one line telling that `parts` ("the scores", "the settings") could not be read, for
    one reason, `error`, and what that means."""
    named = listed(parts)
    return f"{named[0].upper()}{named[1:]} could not be read: {error}{meaning}"


@dataclass(frozen=True)
class SameDeal:
    """The deal a new game is asked to play, and how to resume the saved game instead when it is
    that very deal (README, "Asking before a game is replaced")."""

    deal: Deal
    resume: Callable[[], object]
    back: str | None = None
    """Where esc on the question goes when not to the menu ("the picker")."""


class SavedGames:
    """The saved games as the menu last read them (`state`, None until it has): new games ask
    from it whether they would replace one, and resuming loads the game from it."""

    def __init__(
        self,
        app: App[None],
        session: Session,
        tell_problems: Callable[[tuple[str, ...]], None],
    ) -> None:
        self.app = app
        self.session = session
        self.tell_problems = tell_problems
        """Tells what a read could not read (`MenuState.problems`), each once while it lasts."""
        self._reading = False
        """`replacing` reads whether a game is saved: the player's input is dropped."""
        self._state: MenuState | None = None
        self._lines_game: LinesGame | None = None
        """The saved Lines game as the last read decoded it, until `lines` hands it out."""

    @property
    def state(self) -> MenuState | None:
        return self._state

    @state.setter
    def state(self, state: MenuState) -> None:
        """What the menu has just read; the saved games it could not read are the session's
        `unread`, which the games started from now on may not replace. The same state set
        again (read, then chosen from) does not hand out its Lines game a second time."""
        if state is not self._state:
            self._lines_game = state.lines_game
        self._state = state
        self.session.unread = state.unread
        self.session.saved = state.games

    def read(self) -> MenuState:
        """Who plays and the saved games. Runs on the store's thread (never the UI's), so what
        fails is not told here but listed in the state's `problems`, for the app to tell; a
        part that fails reads as no saved game, or a guest (unless someone plays this run
        only: `Store.playing_this_run`), and play goes on. Its reads wait for a lock another
        copy holds once in all (`one_lock_wait`), not once per file: a folder held says so in
        one line after one wait."""
        with one_lock_wait():
            return self._read()

    def _read(self) -> MenuState:
        store = self.session.store
        unreadable: dict[str, list[tuple[str, str]]] = {}
        """What could not be read, by why: one cause (a folder where the lock belongs) stops
        every read, and is told once, naming them all."""

        def read(call: Callable[[], T], what: str, meaning: str = "") -> T | None:
            try:
                return call()
            except StoreError as error:
                unreadable.setdefault(str(error), []).append((what, meaning))
                return None

        player = read(lambda: store.active_player, "the scores", SCORES_UNREAD)
        player_unread = bool(unreadable)  # the first read: all that failed is the player's
        if player is None:  # a guest, or a failed read: who plays this run only plays on
            player = store.playing_this_run

        unread: set[SavedGame] = set()
        refused: set[SavedGame] = set()
        set_aside: set[SavedGame] = set()
        judged: dict[SavedGame, Judged] = {}

        def game(kind: SavedGame) -> dict[str, Any] | None:
            def resumable(data: dict[str, Any]) -> None:
                try:
                    judged[kind] = RESUMABLE[kind](data)
                except ValueError:
                    refused.add(kind)
                    raise

            def load() -> dict[str, Any] | None:
                unread.add(kind)  # until the read has succeeded
                told = len(store.set_aside)
                saved = store.load_game(kind, resumable)
                unread.discard(kind)
                if kind in refused and len(store.set_aside) > told:
                    # Set aside by this read, its notice new: one left as it is adds none.
                    set_aside.add(kind)
                return saved

            return read(load, f"the saved {GAME_NAMES[kind]} game")

        lines, mahjong = game("lines"), game("mahjong")
        lost_said = judged.get("mahjong", Judged()).summary
        today = utc_day(self.session.clock())

        def whose(data: dict[str, Any] | None) -> str | None:
            """The registered player whose game `data` is, if not the one who plays: resumed,
            it is still theirs (`Store.player_of_game`)."""
            by = saved_by(data)
            if by is None or player_unread or (player is not None and same_name(by, player)):
                return None  # (not read again where the scores could not be read)
            owner = read(lambda: store.player_of_game(by), "the scores", SCORES_UNREAD)
            return None if owner is None or owner == player else owner

        owners = {
            kind: owner
            for kind, data in (("lines", lines), ("mahjong", mahjong))
            if (owner := whose(data)) is not None
        }
        # Settings that could not be read play as the defaults (what was read says so).
        settings = read(store.preferences, "the settings")
        kept = settings or Preferences()
        problems = [
            unread_problem([what for what, _ in parts], error, "".join(m for _, m in parts))
            for error, parts in unreadable.items()
        ]
        return MenuState(
            player_line(player, unread=player_unread),
            {
                "resume-lines": None if lines is None else lines_summary(lines, today=today),
                "resume-mahjong": (
                    None
                    if mahjong is None
                    else ", ".join(filter(None, [mahjong_summary(mahjong, today=today), lost_said]))
                ),
            },
            {"lines": lines, "mahjong": mahjong},
            frozenset(unread),
            tuple(problems),
            solvable_deals=kept.solvable_deals,
            symbols=kept.symbols,
            lines_size=kept.lines_size,
            animations=kept.animations,
            settings_read=settings is not None,
            refused=frozenset(refused),
            set_aside=frozenset(set_aside),
            lines_game=judged.get("lines", Judged()).lines_game,
            owners=owners,
        )

    def summary(self, kind: SavedGame) -> str | None:
        """The saved game of `kind` as the menu last read it ("9 x 9, score 40"), or None."""
        state = self.state
        return None if state is None else state.saved.get(f"resume-{kind}")

    def game(self, kind: SavedGame) -> dict[str, Any] | None:
        state = self.state
        return None if state is None else state.games.get(kind)

    def owner(self, kind: SavedGame) -> str | None:
        """The registered player the saved game of `kind` is, if not the one who plays (as the
        menu last read it): resumed, it is theirs."""
        state = self.state
        return None if state is None else state.owners.get(kind)

    def has_saved(self, kind: SavedGame) -> str:
        """Who has the saved game of `kind`, as a question starts: "You have", or "Ann has" for
        another registered player's (`owner`)."""
        owner = self.owner(kind)
        return "You have" if owner is None else f"{owner} has"

    def _waiting(self, kind: SavedGame, saved: str, asked: str) -> str:
        """What was asked for and the saved game of another size or layout that waits instead
        (another registered player's named as theirs, `owner`)."""
        owner = self.owner(kind)
        whose = "A saved" if owner is None else f"{owner}'s saved"
        return f"You asked for {asked}. {whose} {GAME_NAMES[kind]} game is waiting ({saved})"

    def saved_by(self, kind: SavedGame) -> str | None:
        """The player the saved game of `kind` names as its own (`engine.saved_games.saved_by`),
        as the menu last read it."""
        return saved_by(self.game(kind))

    def lines(self) -> LinesGame | None:
        """The saved Lines game, or None. The menu's read judged it resumable (`RESUMABLE`): a
        save the engine refuses was set aside then and never reaches here. The game that read
        decoded is handed out once (decoding replays every move: 0.13 s for a long 15 x 15
        game, not to be paid again on the UI's thread); asked again, the save is decoded
        afresh, never a game already played on."""
        from lines_tui.engine.lines import LinesGame

        game, self._lines_game = self._lines_game, None
        if game is not None:
            return game
        data = self.game("lines")
        return None if data is None else LinesGame.from_json(data)

    def mahjong(self) -> MahjongGame | None:
        """The saved Mahjong game, its clock running from now, or None (judged resumable by the
        menu's read, as `lines`)."""
        from lines_tui.engine.mahjong.game import MahjongGame

        data = self.game("mahjong")
        return None if data is None else MahjongGame.from_json(data, now=self.session.clock())

    def resume_or_start(
        self,
        kind: SavedGame,
        resume: Callable[[], None],
        start: Callable[[], None],
        *,
        particular: bool,
        asked: str | None = None,
        same: SameDeal | None = None,
    ) -> None:
        """`lines-tui lines` / `lines-tui mahjong`: a saved game is offered first; a new game
        instead, or a `particular` new deal (a seed or a deal choice asked for), is started once
        the player agrees to replace it, unless it is the saved game's own deal (`same`), which
        is offered to resume. `asked`: the new game ("a 7 x 7 game"), when the saved one is not
        what the command line asked for, and both questions say so. Escape on either question
        keeps the saved game, on the menu (README, "Asking before a game is replaced"). Asked
        as the menu's first read ends (`DirectStart`), so that read decides."""
        saved = self.summary(kind)
        if saved is None:
            start()
            return
        if particular:
            self._replacing(kind, start, asked, same=same)  # the saved games were read just now
            return

        if asked is None:
            question = (
                f"{self.has_saved(kind)} a saved {GAME_NAMES[kind]} game ({saved}). Resume it?"
            )
        else:
            question = f"{self._waiting(kind, saved, asked)}: resume it, or start {asked}?"
        self._offer_resume(kind, question, resume, start, asked=asked, new=asked)

    def replacing(
        self,
        kind: SavedGame,
        start: Callable[[], object],
        *,
        asked: str | None = None,
        declined: Callable[[], object] | None = None,
        same: SameDeal | None = None,
    ) -> None:
        """Start a new game of a kind that has one saved: a game in progress is never replaced
        without asking, and the question says when it is (the new game's first move overwrites
        the saved one; left before it, the new game is not saved). `asked`: as for
        `resume_or_start`; `declined` runs when the player keeps the saved game (back to the
        screen the choice was made on). When the new game is the saved game's own deal (`same`:
        today's deal asked for again, with today's deal saved), the question offers to resume
        it first, and to start it afresh (asked as above). Whether one is saved is read again
        now, on the store's thread: another copy of lines-tui may have saved one since the
        menu's read, and the new game replaces only the saved game read here (README, "Asking
        before a game is replaced").
        A read that takes a while (another copy holds the folder) says so; one that fails, or
        ends with another screen on top (not the enlarge message: `uncovered`), says the game
        was not started."""
        on_top = uncovered(self.app)
        self._reading = True

        def slow() -> None:
            if self._reading:
                self.app.notify(READING_SAVED_GAMES, timeout=3)

        def read(state: MenuState) -> None:
            self._reading = False
            self.state = state
            self.tell_problems(state.problems)
            # Under the enlarge message the game still starts, at once covered by its own if it
            # does not fit either: the menu needs 80 columns where the picker and the game do
            # not, so at 79 the choice came back to a covered menu and was dropped.
            if uncovered(self.app) is on_top:
                self._replacing(kind, start, asked, declined, same)
            else:
                self.app.notify(NOT_STARTED, severity="warning")

        def failed(error: StoreError) -> None:
            self._reading = False
            self.app.notify(f"{NOT_STARTED} {error}", severity="error")

        self.app.set_timer(SLOW_READ_SECONDS, slow)
        load(self.app, self.session.io, self.read, read, failed, group="replacing")

    @property
    def reading(self) -> bool:
        """`replacing` reads what is saved: the question or the game comes next, and nothing
        else opens from the menu meanwhile."""
        return self._reading

    def drops(self, event: events.Event) -> bool:
        """Whether `event` is the player's input that comes while `replacing` reads what is
        saved: dropped, as a direct start drops it, since the question or the game is about to
        show (a key for the menu would open another screen under or over it). A key bound with
        priority (`ctrl+q`) still acts."""
        return self._reading and typed(self.app, event)

    def _replacing(
        self,
        kind: SavedGame,
        start: Callable[[], object],
        asked: str | None,
        declined: Callable[[], object] | None = None,
        same: SameDeal | None = None,
    ) -> None:
        """`replacing`, from the saved games just read."""
        saved = self.summary(kind)
        if saved is None:
            start()
            return
        if same is not None and same.deal.is_saved(self.game(kind)):
            self._resuming_instead(kind, saved, start, same, declined)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                start()
            elif declined is not None:
                declined()

        if asked is None:
            question = (
                f"{self.has_saved(kind)} a saved {GAME_NAMES[kind]} game ({saved}). "
                f"{REPLACED_AT_FIRST_MOVE} "
                "Start a new one?"
            )
        else:
            waiting = self._waiting(kind, saved, asked)
            question = f"{waiting}. {REPLACED_AT_FIRST_MOVE} Start {asked}?"
        self.app.push_screen(ConfirmScreen(question, title="Replace the saved game?"), answered)

    def _resuming_instead(
        self,
        kind: SavedGame,
        saved: str,
        start: Callable[[], object],
        same: SameDeal,
        declined: Callable[[], object] | None,
    ) -> None:
        """The deal asked for is the saved game: y or enter resumes it, n starts it afresh once
        the player agrees to replace the saved game (read again, as for any new game), esc
        keeps it (`declined` runs)."""
        progress = mahjong_progress(self.game(kind)) if kind == "mahjong" else ""
        about = f"({saved}), {progress}" if progress else f"({saved})"
        question = f"{self.has_saved(kind)} this deal saved {about}. Resume it?"
        self._offer_resume(
            kind, question, same.resume, start, afresh=True, back=same.back, declined=declined
        )

    def _offer_resume(
        self,
        kind: SavedGame,
        question: str,
        resume: Callable[[], object],
        start: Callable[[], object],
        *,
        asked: str | None = None,
        new: str | None = None,
        afresh: bool = False,
        back: str | None = None,
        declined: Callable[[], object] | None = None,
    ) -> None:
        """The resume question (`ResumeScreen`; `new`, `afresh` and `back` as there): y
        resumes, n asks whether to replace the saved game with `start`'s (`replacing`, `asked`
        and `declined` as there), esc keeps it (`declined` runs)."""

        def answered(answer: str | None) -> None:
            if answer == "resume":
                resume()
            elif answer == "new":
                self.replacing(kind, start, asked=asked, declined=declined)
            elif declined is not None:
                declined()

        self.app.push_screen(ResumeScreen(question, new=new, back=back, afresh=afresh), answered)


@dataclass(frozen=True)
class Judged:
    """A saved game the menu's read judged resumable: what the menu adds to its summary ("" for
    nothing), and the Lines game as decoded (a Mahjong game is decoded again at resume, its
    clock running from then)."""

    summary: str = ""
    lines_game: LinesGame | None = None


def _lines_resumable(data: dict[str, Any]) -> Judged:
    from lines_tui.engine.lines import LinesGame

    return Judged(lines_game=LinesGame.from_json(data))  # a finished Lines game is not kept


def _mahjong_resumable(data: dict[str, Any]) -> Judged:
    from lines_tui.engine.mahjong.game import MahjongGame

    game = MahjongGame.from_json(data)
    if not game.lost:
        return Judged()
    return Judged(LOST_SUMMARY if game.undo_may_help else LOST_FOR_GOOD_SUMMARY)


LOST_SUMMARY = "no pair left: undo to go on"
"""Said of a saved Mahjong game that was lost, after its layout and deal."""
LOST_FOR_GOOD_SUMMARY = "lost: it can never be cleared"
"""`LOST_SUMMARY` where no undo helps: no pair was ever free, or the deal is known dead from its
start (as its game says)."""
RESUMABLE: dict[SavedGame, Callable[[dict[str, Any]], Judged]] = {
    "lines": _lines_resumable,
    "mahjong": _mahjong_resumable,
}
"""Whether a saved game can be resumed, asked when the menu reads it: ValueError (one line) if
its engine refuses it, else how it was judged (`Judged`): a lost Mahjong game says so. The engine
is loaded then, on the store's thread, only if a game is saved (README, "First frame")."""


def another_lines_size(saved_games: SavedGames, size: int) -> str | None:
    """The Lines game of `size` asked for ("a 7 x 7 game"), when the saved one has another size;
    None when no game is saved, or it has that size."""
    saved = saved_games.game("lines")
    if saved is None or saved.get("size") == size:
        return None
    article = "an" if size in (8, 11) else "a"  # "an eight", "an eleven"
    return f"{article} {size} x {size} game"


def player_line(player: str | None, *, unread: bool) -> str:
    """The menu's line of who plays: a player whose name could not be read is not a guest (a
    game's result is filed for the player read then: `GamePlayer.filing`)."""
    if player is not None:
        return f"Player: {player}"
    if unread:
        return PLAYER_UNREAD
    return "Playing as guest: Lines scores are not saved (register under Players)."
