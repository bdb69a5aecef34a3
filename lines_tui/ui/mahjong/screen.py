"""The Mahjong solitaire screen: the board, the status panel, and every key of the game.

The screen turns keys into `MahjongGame` calls and draws the result; the rules live in the engine.

Its parts: its keys (`keys`) and which of them act now (`key_gate`), the panel's fields
(`panel`), following the position with the dead-end check (`position_watch`) and what the status
line says of it (`status`), the hint (`hinting`), picking and taking pairs (`pair_taking`), typing
a face's label (`face_typing`), where the cursor goes (`navigation`), pausing (`pausing`), a restart
or a new deal (`replacing`), and what a win leads to (`win`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import ActiveBinding, BindingType
from textual.containers import Vertical
from textual.geometry import Size
from textual.widgets import Static

from lines_tui.engine.deal_choice import RANDOM, DealChoice
from lines_tui.engine.mahjong.game import IllegalMove, MahjongGame
from lines_tui.engine.mahjong.layouts import Layout, layout_table_name
from lines_tui.engine.mahjong.solvable import ProvedDeal
from lines_tui.engine.mahjong.solver import Pair
from lines_tui.store import TableId
from lines_tui.ui.app_keys import MAHJONG_SYMBOLS_NOTE
from lines_tui.ui.deal_name import deal_name
from lines_tui.ui.footer import (
    Footer,
    least_width,
    width_now,
)
from lines_tui.ui.game_screen import GameScreen
from lines_tui.ui.going_back import said_for
from lines_tui.ui.mahjong.board import MahjongBoard
from lines_tui.ui.mahjong.dead_end import CHECK_TIMEOUT, DeadEndCheck
from lines_tui.ui.mahjong.face_typing import FaceTyping
from lines_tui.ui.mahjong.hinting import Hinting
from lines_tui.ui.mahjong.key_gate import KeyGate
from lines_tui.ui.mahjong.keys import (
    MAHJONG_KEYS,
    keys_of_their_own,
)
from lines_tui.ui.mahjong.navigation import first_tile, settled, step
from lines_tui.ui.mahjong.pair_taking import PairTaking
from lines_tui.ui.mahjong.panel import (
    PANEL_HEIGHT,
    PANEL_ROOM,
    PANEL_WIDTH,
    PROOF_HEIGHT,
    MahjongPanel,
)
from lines_tui.ui.mahjong.pausing import Pausing
from lines_tui.ui.mahjong.position_watch import PositionWatch
from lines_tui.ui.mahjong.proving import proved_text, too_late_text
from lines_tui.ui.mahjong.replacing import GameReplacing
from lines_tui.ui.mahjong.status import (
    Moved,
    dead_end_warning,
    loss_message,
    pair_of,
)
from lines_tui.ui.mahjong.tile_grid import LABEL_COLUMN
from lines_tui.ui.mahjong.tile_text import face_glyph, face_text, tile_info
from lines_tui.ui.mahjong.win import WinResults
from lines_tui.ui.session import Session
from lines_tui.ui.size_guard import FOOTER_HEIGHT
from lines_tui.ui.status_line import StatusLine, unbroken
from lines_tui.ui.store_thread import still_there

CHROME_HEIGHT = 2
"""Rows below the board: the message line and the footer."""

PROOF_STOPPED = "Proof stopped: this deal stays."
NOTHING_TO_UNDO = "No pair to undo."
NOTHING_TO_REDO = "No pair to redo: U takes again a pair that u put back."
CHALLENGE_KEY = unbroken("c: challenge a friend.")
NEW_DEAL_KEY = unbroken("N: new deal.")
"""The keys on a win's line, each on one row with what it does: after a race's words ("You beat
Pat's 1:39.0 by 1:09.0!") "c:" ended a row of an 80-column terminal, its meaning on the next."""


class MahjongScreen(GameScreen):
    """One Mahjong game on one layout, saved to the session's store when the screen closes.
    `game` resumes a saved game; otherwise deal `seed`."""

    CSS_PATH = "mahjong.tcss"
    SYMBOLS_NOTE = MAHJONG_SYMBOLS_NOTE
    """What the app's symbols key (`S` here) turns on (the app says it in the status line); the
    picked tile's `*`, the hint's `+` and the layer numbers show in every mode."""
    SAVED_GAME = "mahjong"
    CLOCK_FIELD = "#clock"
    CLOCK_FORMAT = "time {:>6}"
    CLOCK_ROOM = PANEL_ROOM
    FIXED_SIZE_PANEL = True

    HELP = (
        "Remove all tiles, two matching free tiles at a time. A tile is free when nothing lies on "
        "it and its left or right side is open; free tiles carry a ':' and a bold label. Fastest: "
        "type a tile's label (5d, ew, fl) to jump to its free tiles, then t to take the pair. The "
        "status field tells whether the position can still be cleared: checking, solvable, dead "
        "end (undo to get out; at the start, a new deal with N), undecided (the check gave up), "
        "won or lost."
    )

    BINDINGS: ClassVar[list[BindingType]] = MAHJONG_KEYS

    def __init__(
        self,
        session: Session,
        layout: Layout,
        seed: int,
        game: MahjongGame | None = None,
        *,
        choice: DealChoice = RANDOM,
        proved: ProvedDeal | None = None,
        check_time: float = CHECK_TIMEOUT,
        saved_by: str | None = None,
        owner: str | None = None,
    ) -> None:
        """The dead-end check runs in the session's solver process, shared by every screen, for
        `check_time` seconds at most. `proved`: the deal was proved solvable (`seed` is its
        number), with the deals skipped on the way to it. `saved_by`: a `game` resumed from its
        save, the player it names (`owner`: as `GameScreen`)."""
        super().__init__(session, saved_by, owner)
        self.tile_layout = layout
        session.played(layout)  # a layout from a file: its leaderboard knows it
        self._seed = seed
        self._choice = choice
        self._proof = None if proved is None else proved.skipped
        self._solution = () if proved is None else proved.moves
        """How the deal just put on the board was proved solvable (none: not proved, or its
        start already checked)."""
        self._game = game
        self._resumed = game is not None
        solver = session.background_solver()
        self._watch = PositionWatch(
            self,
            lambda: self.game,
            lambda: self.panel,
            self._say_unless_paused,
            lambda: dead_end_warning(self.game, self._moved),
            lambda: self._hinting.give_waiting(),
            solver,
            time_limit=check_time,
        )
        self._results = WinResults(
            self,
            lambda: self.game,
            lambda: self.table,
            self._say_won,
            lambda: self._say_won(keys=False),
        )
        self._pausing = Pausing(self, lambda: self.game, self.now)
        self._replacing = GameReplacing(
            self,
            layout,
            lambda: self.game,
            self._results,
            self._watch,
            solver,
            self._say,
            restarted=self._restarted,
            dealt=self._dealt,
            stopped=self._proof_stopped,
        )
        self._glyphs = False
        self._moved: Moved | None = None
        """What the undo or redo that brought the position on the board did, None after any
        other change."""
        self._keys = KeyGate(
            self,
            lambda: self.game,
            self._selected,
            self._results,
            lambda: self.paused,
            self._say,
            self._loss_message,
        )
        self._pair_taking = PairTaking(
            lambda: self.board,
            lambda: self.game,
            self._remove,
            self._say,
            self._keys.miss,
            self._show_tile_info,
        )
        self._hinting = Hinting(
            lambda: self.board,
            lambda: self.game,
            self._watch,
            self._say,
            self._loss_message,
            self._show_tile_info,
            self._hint_paid,
        )
        self._face_typing = FaceTyping(
            self._say,
            self._keys.miss,
            self._pair_taking.jump_to_face,
            keys_of_their_own(type(self)),
        )

    @property
    def game(self) -> MahjongGame:
        """The game on the board; a fresh deal is made when the screen first needs it, so its
        clock starts when the screen opens."""
        if self._game is None:
            self._game = MahjongGame.new(self.tile_layout, self._seed, now=self.now())
            self._game.deal_choice = self._choice
            self._game.proof = self._proof
        return self._game

    @property
    def table(self) -> TableId:
        """The leaderboard table this game plays for (README, "Which table a game feeds")."""
        choice = self.game.deal_choice
        base = TableId.mahjong(layout_table_name(self.tile_layout))
        return base.for_game(choice.mode, self.game.seed, choice.day)

    def compose(self) -> ComposeResult:
        labels, suits = self._faces()
        with Vertical(id="play-area"):
            yield MahjongBoard(self.tile_layout.geometry, labels, suits, id="board")
            yield Static("Paused. Press p to go on.", id="paused", markup=False)
            yield StatusLine(id="message", room=self.notice_room)
        yield MahjongPanel(self.tile_layout.title, self.show_field)
        yield Footer()

    def notice_room(self, play_area: Size) -> int | None:
        """The rows a notice may take under the board (`play_area` is the size of the board and
        the line together): in play, its own row and the blank rows under the tiles, so that it
        never covers a tile nor moves the board; paused or won, all it needs (no tile is in
        play). At 80 x 24 every built-in layout leaves it four rows; a board that scrolls, one."""
        if self.paused or self.has_class("-won") or not self.query("#board"):
            return None  # no tile in play, or the board taken down (the screen closing)
        # The board's area: the terminal's width less the panel's, the play area less the line's
        # own row (the board's margin).
        board_area = Size(self.app.size.width - PANEL_WIDTH, play_area.height - 1)
        return 1 + self.board.rows_under_tiles(board_area)

    @property
    def board(self) -> MahjongBoard:
        return self.query_one("#board", MahjongBoard)

    def _selected(self) -> int | None:
        """The picked tile, None too while the board is not there: a Footer composed as the
        screen closes at once (enter twice in the picker, on a loaded machine) asks which keys
        act, and `match` asks for the pick."""
        boards = self.query("#board")
        return boards.first(MahjongBoard).selected if boards else None

    @property
    def panel(self) -> MahjongPanel:
        return self.query_one(MahjongPanel)

    @property
    def status(self) -> str:
        """The position's status as the panel shows it ("checking", "solvable", "dead end", ...)."""
        return self._watch.status

    @property
    def dead_end(self) -> DeadEndCheck:
        """The dead-end check of the deal on the board."""
        return self._watch.dead_end

    def _faces(self) -> tuple[list[str], list[str]]:
        """What the board shows on each tile: (labels, suits)."""
        faces = self.game.position.faces
        suits = [face_text(face)[1] for face in faces]
        if self._glyphs:
            return [face_glyph(face) for face in faces], suits
        return [face_text(face)[0] for face in faces], suits

    def on_mount(self) -> None:
        if not self.staying:
            return  # closed at once, or the app ended while it was mounted: nothing to start
        self.board.set_class(self.session.few_colours, "-few-colours")
        self._pausing.play_on()  # a game saved paused
        self.show_symbols(self.session.symbols)
        self._start_deal(resumed=self._resumed)

    @property
    def min_size(self) -> tuple[int, int]:
        if not self.query("#board"):
            return 0, 0  # not composed yet, or taken down: nothing to fit
        board = self.board.least_size
        board_width = board.width + PANEL_WIDTH
        # The panel beside the board and the message line, over the footer: whole too, its
        # proof with it when the deal has one.
        panel_height = PANEL_HEIGHT + (PROOF_HEIGHT if self.game.proof is not None else 0)
        board_height = board.height + CHROME_HEIGHT
        # Paused, no key comes to act until p, which changes the keys (the size is asked again):
        # the Footer needs only the few it shows.
        keys = width_now(self) if self.paused else least_width(self)
        return max(board_width, keys), max(board_height, panel_height + FOOTER_HEIGHT)

    def elapsed(self) -> float:
        return self.game.elapsed(self.now())

    def show_symbols(self, symbols: bool) -> None:
        self.board.symbols = symbols or self.app.no_color

    def on_unmount(self) -> None:
        self.save_unless_left()
        self._watch.stop()

    def _start_deal(self, *, resumed: bool = False) -> None:
        """Show the game from scratch: a new deal, a restart or a `resumed` game."""
        board = self.board
        board.set_faces(*self._faces())
        board.present = self.game.present
        board.selected = None
        board.hints = ()
        board.cursor = self._first_cursor()
        self._show_proof(resumed)
        self._results.shown()
        if self._solution:
            self._watch.proved(self._solution)
            self._solution = ()
        self._position_changed(as_saved=resumed)

    def _show_proof(self, resumed: bool = False) -> None:
        """A deal proved solvable before play says so in the panel, and in full in the message
        line (`proved_text`). A `resumed` game was not just proved: its message line says it was
        resumed, with the deal's number (the panel may name it "today's deal"), and the panel
        keeps the proof."""
        game = self.game
        proof = game.proof
        self.set_class(proof is not None, "-proved")
        self.refit()  # the proof makes the panel taller
        self.show_deal_name()
        if resumed:
            self._say(f"{self.resumed_said} Deal {game.seed}.")
        elif proof is not None:
            self._say(proved_text(deal_name(game.deal_choice, game.seed, self.now()), proof))

    def show_deal_name(self) -> None:
        game = self.game
        self.panel.show_deal(deal_name(game.deal_choice, game.seed, self.now()), game.proof)

    def _first_cursor(self) -> int | None:
        game = self.game
        uncovered = game.uncovered_mask()
        return first_tile(self.board.grid, game.free_mask(), uncovered)

    def _position_changed(self, moved: Moved | None = None, *, as_saved: bool = False) -> None:
        """After every move, undo, redo, restart or deal: redraw and check the new position
        (`moved`: what the undo or redo that brought it did), and save it, unless it is the one
        saved (`as_saved`: a game just resumed; written again, it told another copy playing it
        that this one saved over it, and each of its pairs was refused from then on)."""
        self._moved = moved
        self._hinting.drop()  # asked of the position that was on the board
        game, board = self.game, self.board
        board.present = game.present
        if board.selected is not None and not game.present >> board.selected & 1:
            board.selected = None
        board.hints = ()
        board.lost = game.lost
        self.set_class(game.won, "-won")  # its status line wraps (mahjong.tcss)
        self._settle_cursor()
        self._watch.follow()
        if game.lost:  # by a move, an undo or a redo alike
            self._say(loss_message(game, self._moved))
        self._show_tile_info()
        self.refresh_clock()
        self.refresh_bindings()  # undo, redo and the keys of a won game change with the position
        if not (game.won or as_saved):
            # Saved after every move, as Lines is: an end without the app's clean-up (SIGKILL,
            # a power cut) loses nothing but the clock since the move.
            self.save_game()
        if game.won and self._results.celebrate():
            # The keys wait for a name: c and N would type into the name prompt that may come.
            # A time not saved is said instead (why, or that it was dropped).
            self._say_won(keys=False)

    def _say_won(self, keys: bool = True) -> None:
        """Say the win's line (`_won_line`), if the game is won."""
        said = self._won_line(keys)
        if said:
            self._say(said)

    def _won_line(self, keys: bool = True) -> str:
        """The win's line: its time, the race, and (`keys`) what is left to do; "" before the
        win."""
        results = self._results
        cleared, won_in = results.cleared, results.won_in
        if not self.game.won or cleared is None or won_in is None:
            return ""
        said = [f"Cleared in {cleared}!", self.race_said(won_in)]
        if keys:
            # c offered only where it gives a code (not for a game an older dealer dealt).
            if results.can_challenge:
                said.append(CHALLENGE_KEY)
            said.append(NEW_DEAL_KEY)
        return " ".join(filter(None, said))

    def _settle_cursor(self) -> None:
        """Keep the cursor on a tile the player can see."""
        board = self.board
        if board.cursor is None:
            board.cursor = self._first_cursor()
            return
        uncovered = self.game.uncovered_mask()
        target = settled(board.grid, board.cursor, uncovered, LABEL_COLUMN)
        if target != board.cursor:  # moving the cursor scrolls the board to it
            board.cursor = target

    def _show_tile_info(self) -> None:
        """The panel's line about the tile under the cursor; and the keys, which follow the
        picked tile (m shows while it has several partners)."""
        self.refresh_bindings()
        board = self.board
        self.panel.show_tile_info(
            tile_info(self.game, self.tile_layout, board.cursor, board.selected)
        )

    def _say(self, text: str) -> None:
        self.query_one(StatusLine).say(text)

    def _say_unless_paused(self, text: str) -> None:
        """What a check found, said once the board is back if it comes during a pause (a
        resume says the line that goes with the status, `_standing`): "Paused. Press p to go
        on." stays alone over the hidden board."""
        if not self.paused:
            self._say(text)

    def _loss_message(self) -> str:
        """The loss as it stands, for a key that says it again (i, tab, t) or the board back
        from a pause or a question: only the line that answers an undo or redo names its pair
        (`_position_changed`). Said again, "Redid Gd + Gd: no pair left…" read as though the
        pair had been redone once more."""
        return loss_message(self.game, None)

    @property
    def paused(self) -> bool:
        """The player paused (p): the board is hidden (`Pausing.paused`)."""
        return self._pausing.paused

    @property
    def can_pause(self) -> bool:
        """p stops the clock: a cleared board's has stopped for good."""
        return not self.game.won

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        return self._keys.shown(super().active_bindings)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # False leaves a key out of the footer and the help: p is Pause or Resume. Paused or
        # won, the keys that wait for the board or act on its tiles stay in the help, dimmed,
        # and say why when pressed (`KeyGate`).
        if action in ("pause", "resume"):
            return self.paused == (action == "resume")
        return True

    def _after_any_hint(self, taking: str | None = None) -> bool:
        """`KeyGate.act_on_tiles` for a key that acts on the hinted pair, after a hint still
        waiting for the check (`Hinting.give_waiting`)."""
        if not self._keys.act_on_tiles(taking):
            return False
        self._hinting.give_waiting()
        return True

    def _moving_the_cursor(self) -> bool:
        """`KeyGate.act_on_tiles` for a key that moves the cursor: a hint still waiting for the
        check is dropped, unpaid. Given at once, an arrow pressed while it waited paid 30 s for
        a pair not known to lead to a win; given later, it would take the cursor from where the
        player put it."""
        if not self._keys.act_on_tiles():
            return False
        self._hinting.drop()
        return True

    def action_move(self, direction: str) -> None:
        if not self._moving_the_cursor():
            return
        board = self.board
        uncovered = self.game.uncovered_mask()
        if board.cursor is None:
            board.cursor = self._first_cursor()
        else:
            target = step(board.grid, uncovered, board.cursor, direction)
            if target is not None:
                board.cursor = target
        self._show_tile_info()

    def action_cycle_free(self, forward: bool = True) -> None:
        if not self._moving_the_cursor():
            return
        self._pair_taking.jump(self.game.free_mask(), forward, "No tile is free.")

    def action_cycle_playable(self, forward: bool) -> None:
        if not self._moving_the_cursor():
            return
        if not self._keys.lost_said():
            self._pair_taking.jump(self.game.playable_mask(), forward, "No pair can be taken.")

    def action_face_key(self, key: str) -> None:
        """The first character of a face label: wait for the second (see `read_key`)."""
        if not self._moving_the_cursor():
            return
        self._face_typing.first(key)

    def read_key(self, event: events.Key) -> bool:
        """A label's characters (`ReadsKeys`: before the bindings, in their turn among the keys
        typed, as the board is then): a label's second character may be any key's letter."""
        self._keys.key_read()
        if self.game.won or self.paused:
            return False  # no label to type: the keys go to their bindings (which say why)
        if self._face_typing.key(event.key, event.character):
            # A label moves the cursor: a hint waiting is dropped from its first character on
            # (the second may come after the check answered, the hint then paid mid-label).
            self._hinting.drop()
            return True
        return self._stray_letter(event.key)

    def _stray_letter(self, key: str) -> bool:
        """A letter that is no key here and starts no label (x, z) said nothing, and the line of
        the key before it stayed, where Lines says so (a player's test)."""
        if len(key) != 1 or not key.isalpha() or key in self.active_bindings:
            return False
        self._say(f"{key} is no key or label here: ? shows the keys.")
        return True

    def action_take_pair(self) -> None:
        if not self._after_any_hint(taking="nothing taken"):
            return
        if not self._keys.lost_said():
            self._pair_taking.take_pair()

    def action_match(self) -> None:
        if not self._after_any_hint():
            return
        self._pair_taking.match()

    def action_choose(self) -> None:
        if not self._after_any_hint(taking="nothing picked"):
            return
        self._pair_taking.choose()

    def _remove(self, first: int, second: int) -> None:
        try:
            self.game.remove(first, second, self.now())
        except IllegalMove as error:
            self._say(str(error))
            return
        self.board.selected = None
        # Named, as undo names what it puts back: t takes at once a pair that makes no
        # difference, and a player who pressed it on the wrong tile sees which went.
        self._say(f"Took {pair_of(self.game, (first, second))}.")
        self._position_changed()

    def action_undo(self) -> None:
        if not self._keys.act_on_tiles():
            return
        if not self.game.can_undo:
            self._say(NOTHING_TO_UNDO)  # the Footer leaves u out then: say why it did nothing
            return
        # Said first: a loss or a dead end the position brings is told over it.
        self._moved_back_or_on(True, self.game.undo(self.now()))

    def action_redo(self) -> None:
        if not self._keys.act_on_tiles():
            return
        if not self.game.can_redo:
            self._say(NOTHING_TO_REDO)
            return
        self._moved_back_or_on(False, self.game.redo(self.now()))

    def _moved_back_or_on(self, undone: bool, pair: tuple[int, int]) -> None:
        """After an undo (`undone`) or redo of `pair`: say so, then check the position."""
        self._position_changed(moved=self._pair_taking.pair_moved(undone, pair))

    def action_hint(self) -> None:
        if self._keys.act_on_tiles():
            self._hinting.ask()

    def _hint_paid(self) -> None:
        self.refresh_clock()  # what the hint cost shows at once
        self.save_game()  # and stays with the game, were the app killed before the next pair

    def action_toggle_free(self) -> None:
        if not self._keys.act_on_tiles():
            return
        self.board.show_free = not self.board.show_free
        if self.board.show_free:
            self._say("Free tiles marked ':' with a bold label.")
        else:
            self._say("Free-tile marks off (F shows them again).")

    def action_toggle_glyphs(self) -> None:
        if not self._keys.act():
            return
        self._glyphs = not self._glyphs
        self.board.set_faces(*self._faces())
        if self._glyphs:
            self._say("Unicode tiles on; if columns drift, G turns them off.")
        else:
            self._say("Letter labels again (G: Unicode tiles).")

    def action_resume(self) -> None:
        self.action_pause()

    def action_pause(self) -> None:
        """Pause, or resume a paused game; a cleared board has no clock to stop."""
        if self.game.won:
            self._keys.act_on_tiles()
            return
        self._say("")
        self._moved = None  # the pause is the last thing done: no undo or redo to name
        self._hinting.drop()  # nor a hint to give over the cover
        self._pausing.toggle()
        if not self.paused:  # the board is back: so is what stands on it
            self._say(self._standing())
        self.refresh_clock()
        self.refresh_bindings()

    def _standing(self) -> str:
        """The win (its keys once no name is asked for), the loss, dead-end warning or failed
        check of the position on the board, "" for any other."""
        if self.game.won:
            return self._won_line(keys=not self._results.pending)
        if self.game.lost:
            return self._loss_message()
        return self._watch.standing()

    def action_restart(self) -> None:
        if self._keys.act():
            self._replacing.restart()

    def action_new_deal(self) -> None:
        if self._keys.act():
            self._replacing.new_deal()

    def _restarted(self) -> None:
        """The player agreed to lose the game in progress (`GameReplacing`) for this deal from
        the start; as a new deal, it is saved once a pair is taken (`saved_data`)."""
        self._resumed = False
        self._pausing.end()
        self.game.restart(self.now())
        self._start_deal()
        # A start known to be a dead end is told at once by its warning, which says more.
        if self._watch.status != "dead end":
            self._say("The same deal from the start.")
        self.tell_what_to_beat()  # the game's own result may be the one to beat now

    def _proof_stopped(self) -> None:
        """esc stopped the proof of a new deal (`N`): this deal stays, checked again (a loss
        is told again rather than that)."""
        self._position_changed()
        if not self.game.lost:
            self._say(PROOF_STOPPED)

    def _dealt(self, game: MahjongGame, solution: tuple[Pair, ...]) -> None:
        """The player agreed to lose the game in progress (`GameReplacing`) for `game`, proved
        solvable by `solution` (none: not proved)."""
        self._resumed = False
        self._game = game
        self._solution = solution
        # What the line says is of the last deal: its dead-end warning, said again as the
        # question over the board closed (`_say_again_what_stands`; Textual may hand the board
        # back before it runs the answer), is no warning about this one.
        self._say("")
        self._watch.new_deal()
        self._pausing.end()
        self._start_deal()
        self.tell_what_to_beat()  # none on a random deal: the last deal's is forgotten
        self.refresh_bindings()

    def action_cancel(self) -> None:
        if not self._keys.act():
            return
        board = self.board
        if self._hinting.drop() or board.selected is not None or board.hints:
            board.selected = None
            board.hints = ()
            self._show_tile_info()
        elif self._replacing.esc_for_the_proof():
            game = self.game
            too_late = too_late_text(deal_name(game.deal_choice, game.seed, self.now()))
            self._say(said_for(too_late, self.back_to))
        else:
            self.action_leave()

    def action_leave(self) -> None:
        self.leave(lambda: self.dismiss(None))

    @property
    def finished(self) -> bool:
        return self.game.won and not self._results.pending

    @property
    def over(self) -> bool:
        return self.game.won or self.game.lost

    def saved_data(self) -> dict[str, Any] | None:
        game = self.game
        if not (game.played or self._resumed):
            return None
        # The clock counted up to now: resumed, it runs on from then, so the time the game
        # spends saved is never counted (and saving leaves the clock running).
        return game.to_json(now=self.now())

    def play_on(self) -> None:
        self._pausing.play_on()

    def on_screen_suspend(self) -> None:
        self._pausing.suspend()
        # A question, the help or the enlarge cover over the board: a hint given under it would
        # be paid for unseen (and its clock is stopped, `MahjongGame.use_hint` refuses). Its
        # line goes with it, so that the board back says what stands there: "waiting" stayed
        # after the help, and no hint came (a review).
        if self._hinting.drop():
            self._say("")

    def on_screen_resume(self) -> None:
        if still_there(self):  # as in `refit`: a resume can come while the app exits
            self.play_on()
            self.refresh_clock()
            self._say_again_what_stands()

    def _say_again_what_stands(self) -> None:
        """The board is back from under another screen: a line that the key opening it cleared
        (every key starts from a clean line, `KeyGate.act`: R or N, whose question was answered
        no or escaped; esc, whose question over a game that cannot be saved was) says again
        what stands on the board, as the end of a pause does. A line that says something is
        kept: a notice told meanwhile, what a restart said."""
        if not self.query_one(StatusLine).message:
            self._say_unless_paused(self._standing())

    def action_challenge(self) -> None:
        """A challenge code of this win (README, "Challenges"). Not `KeyGate.act`: the win's line
        ("Cleared in …! c: challenge a friend") stays under the code's dialog."""
        if self._keys.waits_for_the_board():
            return
        # The Footer leaves c out when there is no code: say why it did nothing.
        why_not = self._results.why_no_challenge()
        if why_not is None:
            self._results.challenge()
        else:
            self._say(why_not)
