"""A game of Mahjong solitaire in progress: the deal, the moves, undo/redo, won/lost, the clock.

Time is never read here: every call that can start or stop the clock takes `now` (seconds, any
monotonic or wall clock the caller likes, as long as it is the same one throughout a session).
The clock counts active play only: it stands still while the game is paused and once it is won or
lost, and runs again when the player undoes out of a lost position (README, "The rules the engine
implements").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from lines_tui.engine.daily_seeds import mahjong_daily_candidates, not_the_days_deal
from lines_tui.engine.deal_choice import DEAL_RANGE, RANDOM, DealChoice, Skipped, is_deal_number
from lines_tui.engine.mahjong.deal import DEALER_VERSION, DEALERS, deal
from lines_tui.engine.mahjong.geometry import LayoutError, bits
from lines_tui.engine.mahjong.layouts import Layout, layout_table_name
from lines_tui.engine.mahjong.position import Position, PositionError
from lines_tui.engine.mahjong.solver import Verdict
from lines_tui.engine.mahjong.way_back import (
    WayBack,
    in_a_known_dead_end,
    next_to_check,
    way_back_along,
)
from lines_tui.engine.numbers import is_whole_number
from lines_tui.engine.saved_games import CLOCK_FIELD
from lines_tui.engine.seconds import LATEST_SECONDS, is_seconds

Pair = tuple[int, int]

HINT_SECONDS = 30.0
"""What a hint adds to the clock, as in GNOME Mahjongg: a deal cleared by hints alone is no
race against one cleared by looking (README, "The rules the engine implements")."""


@dataclass(frozen=True)
class Hint:
    """A pair suggested, and the seconds it added to the clock (`HINT_SECONDS`, or 0 for the
    hint of a position the player was shown one on already)."""

    pair: Pair
    cost: float


SAVE_VERSION = 1


class IllegalMove(ValueError):
    """A move, undo or redo the rules do not allow; `reason` is a short code for the UI, the message
    a sentence for the player."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class SavedGameError(ValueError):
    """A saved game that cannot be resumed; the message says why in one line."""


@dataclass
class _Clock:
    """Seconds of active play: `played` folded in so far, plus the run since `running_since`."""

    played: float = 0.0
    running_since: float | None = None

    def elapsed(self, now: float) -> float:
        if self.running_since is None:
            return self.played
        return self.played + max(0.0, now - self.running_since)

    def run(self, now: float, running: bool) -> None:
        if running and self.running_since is None:
            self.running_since = now
        elif not running and self.running_since is not None:
            self.played = self.elapsed(now)
            self.running_since = None


class MahjongGame:
    """A deal on a layout and the play on it so far; mutable, changed only through its methods."""

    def __init__(
        self,
        layout: Layout,
        seed: int,
        position: Position,
        now: float = 0.0,
        dealer: int = DEALER_VERSION,
    ) -> None:
        if position.slots != layout.slots:
            raise ValueError("the position's tile places are not the layout's")
        if position.removed:
            raise ValueError("a game starts from a full deal, not a position with tiles removed")
        self.layout = layout
        self.seed = seed
        self.dealer = dealer
        """The dealer version that dealt `position` from `seed` (see `deal`)."""
        self.deal_choice: DealChoice = RANDOM
        """How the deal was chosen (the table the game plays for); set by whoever starts it."""
        self.proof: Skipped | None = None
        """Set when the deal was proved solvable before play: the deals skipped on the way."""
        self.position = position
        """The deal: every tile with its face, none removed."""
        self.present = position.geometry.all_present
        """The tiles still on the board, as a bitmask (bit i = tile i)."""
        self._history: list[Pair] = []
        self._redo: list[Pair] = []
        self._verdicts: dict[int, Verdict] = {}
        """What the dead-end solver proved of positions of this deal, by the tiles present (that
        of its start kept through a save: `dead_from_start`)."""
        self._paused = False
        self._clock = _Clock()
        self.won_at: float | None = None
        """When the last pair was taken (the date a won game's time is recorded with)."""
        self._pairs_for: int | None = None
        self._pairs: list[Pair] = []
        self._hinted: set[int] = set()
        """The positions (tiles present) whose hint was paid for: each one's hint again is
        free, also back there by an undo or a redo (the player has seen it)."""
        self._sync_clock(now)

    @classmethod
    def new(
        cls, layout: Layout, seed: int, now: float = 0.0, dealer: int = DEALER_VERSION
    ) -> MahjongGame:
        """Deal number `seed` on `layout` by `dealer`; the clock starts at `now`."""
        return cls(layout, seed, deal(layout, seed, dealer), now, dealer)

    # -- the board ------------------------------------------------------------------------------

    def face(self, index: int) -> str:
        return self.position.faces[index]

    def matches(self, first: int, second: int) -> bool:
        """Whether tiles `first` and `second` make a pair: the same face (all four seasons are
        one face, as are all four flowers: `faces`)."""
        return self.face(first) == self.face(second)

    def is_present(self, index: int) -> bool:
        return bool(self.present >> index & 1)

    def is_free(self, index: int) -> bool:
        return self.is_present(index) and self.position.geometry.is_free(index, self.present)

    def free_mask(self) -> int:
        """The tiles that can be taken now, as a bitmask."""
        return self.position.geometry.free_mask(self.present)

    def uncovered_mask(self) -> int:
        """The tiles on the board with nothing on them, free or not: those the player can see
        whole, and move the cursor to."""
        return self.position.geometry.uncovered_mask(self.present)

    def why_not_free(self, index: int) -> str | None:
        """Why a tile on the board cannot be taken now ("covered": another tile lies on it;
        "blocked both sides": tiles touch its left and its right), or None if it is free."""
        geometry = self.position.geometry
        if geometry.covers[index] & self.present:
            return "covered"
        if not geometry.is_free(index, self.present):
            return "blocked both sides"
        return None

    def free_matches(self, index: int) -> int:
        """The other free tiles with the face of tile `index`, as a bitmask: what it can be taken
        with now (whether or not tile `index` itself is free)."""
        return self.free_of_face(self.face(index)) & ~(1 << index)

    def hint(self, solution: Iterable[Pair] = ()) -> Pair | None:
        """The pair to suggest: the first pair of `solution` (the solver's winning sequence from
        some earlier position) that can still be taken, else the first available pair; None
        when no pair can be taken."""
        free = self.free_mask()
        for a, b in solution:
            if free >> a & 1 and free >> b & 1 and self.matches(a, b):
                return (a, b)
        pairs = self.available_pairs()
        return pairs[0] if pairs else None

    def use_hint(self, solution: Iterable[Pair] = ()) -> Hint | None:
        """The hint to show (`hint`), paid for on the clock, once a position; None when no pair
        can be taken (nothing is paid). Paused, it is refused as a move is (`IllegalMove`)."""
        if self._paused:
            raise IllegalMove("paused", "the game is paused")
        pair = self.hint(solution)
        if pair is None:
            return None
        cost = 0.0 if self.present in self._hinted else HINT_SECONDS
        self._clock.played += cost
        self._hinted.add(self.present)
        return Hint(pair, cost)

    def available_pairs(self) -> list[Pair]:
        """Every pair of free tiles with equal faces, as (lower index, higher index), sorted."""
        if self._pairs_for != self.present:
            by_face: dict[str, list[int]] = {}
            for index in bits(self.free_mask()):
                by_face.setdefault(self.position.faces[index], []).append(index)
            self._pairs = sorted(
                (a, b)
                for group in by_face.values()
                for n, a in enumerate(group)
                for b in group[n + 1 :]
            )
            self._pairs_for = self.present
        return list(self._pairs)

    def tiles_of_face(self, face: str) -> int:
        """The tiles on the board showing `face`, as a bitmask."""
        faces = self.position.faces
        return sum(1 << i for i in bits(self.present) if faces[i] == face)

    def free_of_face(self, face: str) -> int:
        """The free tiles showing `face`, as a bitmask."""
        return self.tiles_of_face(face) & self.free_mask()

    def playable_mask(self) -> int:
        """The free tiles that have a free partner: every tile of every available pair."""
        mask = 0
        for a, b in self.available_pairs():
            mask |= 1 << a | 1 << b
        return mask

    def sure_partner(self, tile: int) -> int | None:
        """The partner to take a free `tile` with when there is nothing to choose: its only free
        partner, or, when every tile of its face still on the board is free, the first of them
        (all of them will go in pairs, whichever pairs are taken). None when `tile` is not free,
        has no free partner, or the choice matters (README, "Keys" of Mahjong)."""
        if not self.is_free(tile):
            return None
        partners = self.free_matches(tile)
        if not partners:
            return None
        on_board = self.tiles_of_face(self.face(tile))
        if partners.bit_count() == 1 or on_board == partners | 1 << tile:
            return (partners & -partners).bit_length() - 1
        return None

    @property
    def tiles_left(self) -> int:
        return self.present.bit_count()

    @property
    def won(self) -> bool:
        return self.present == 0

    @property
    def lost(self) -> bool:
        """Tiles remain but no pair can be taken."""
        return self.present != 0 and not self.available_pairs()

    @property
    def over(self) -> bool:
        return self.won or self.lost

    @property
    def played(self) -> bool:
        """Pairs have been taken, undone ones included: the game is more than its deal."""
        return bool(self._history or self._redo)

    @property
    def in_progress(self) -> bool:
        """Played and not won: what a restart or a new deal would throw away, so the player is
        asked first."""
        return self.played and not self.won

    def current_position(self) -> Position:
        """The board as it stands: the deal with the tiles taken so far marked removed."""
        return self._position_with(self.present)

    def _position_with(self, present: int) -> Position:
        """The deal with the tiles not `present` marked removed."""
        gone = self.position.geometry.all_present & ~present
        return Position(self.position.slots, self.position.faces, frozenset(bits(gone)))

    # -- moves ----------------------------------------------------------------------------------

    @property
    def history(self) -> list[Pair]:
        """The pairs taken so far, in play order (undone ones excluded)."""
        return list(self._history)

    @property
    def redo_stack(self) -> list[Pair]:
        """The pairs `redo` would take again, the next one last."""
        return list(self._redo)

    def check_move(self, first: int, second: int) -> None:
        """Raise IllegalMove if taking `first` and `second` now is against the rules."""
        if self._paused:
            raise IllegalMove("paused", "the game is paused")
        count = len(self.position.slots)
        for index in (first, second):
            if not 0 <= index < count:
                raise IllegalMove("no-such-tile", f"there is no tile {index}")
        if first == second:
            raise IllegalMove("same-tile", "a tile cannot be paired with itself")
        for index in (first, second):
            if not self.is_present(index):
                raise IllegalMove("gone", f"tile {index} has already been taken")
        for index in (first, second):
            why = self.why_not_free(index)
            if why is not None:
                raise IllegalMove("not-free", f"tile {index} is {why}: it cannot be taken now")
        if not self.matches(first, second):
            raise IllegalMove("faces-differ", "the two tiles do not match")

    def remove(self, first: int, second: int, now: float = 0.0) -> None:
        """Take a matching pair of free tiles; a new move clears what could be redone."""
        self.check_move(first, second)
        self._take((first, second))
        self._redo.clear()
        self._moved(now)

    @property
    def can_undo(self) -> bool:
        """There is a move to take back; a won game is finished and stays won."""
        return bool(self._history) and not self.won and not self._paused

    @property
    def can_redo(self) -> bool:
        return bool(self._redo) and not self._paused

    def undo(self, now: float = 0.0) -> Pair:
        """Put the last pair back; returns it."""
        if self._paused:
            raise IllegalMove("paused", "the game is paused")
        if not self.can_undo:
            if self.won:
                raise IllegalMove("won", "the game is won")
            raise IllegalMove("nothing-to-undo", "there is nothing to undo")
        pair = self._history.pop()
        self.present |= 1 << pair[0] | 1 << pair[1]
        self._redo.append(pair)
        self._sync_clock(now)
        return pair

    def redo(self, now: float = 0.0) -> Pair:
        """Take the last undone pair again; returns it."""
        if self._paused:
            raise IllegalMove("paused", "the game is paused")
        if not self._redo:
            raise IllegalMove("nothing-to-redo", "there is nothing to redo")
        pair = self._redo.pop()
        self._take(pair)
        self._moved(now)
        return pair

    def _moved(self, now: float) -> None:
        """After a pair was taken at `now`: the clock stops if that won the game."""
        self._sync_clock(now)
        if self.won:
            self.won_at = now

    def restart(self, now: float = 0.0) -> None:
        """The same deal from the start, with a fresh clock."""
        self.present = self.position.geometry.all_present
        self._history.clear()
        self._redo.clear()
        self._paused = False
        self._clock = _Clock()
        self._hinted.clear()
        self.won_at = None
        self._sync_clock(now)

    def _take(self, pair: Pair) -> None:
        self.present &= ~(1 << pair[0] | 1 << pair[1])
        self._history.append(pair)

    # -- dead ends ------------------------------------------------------------------------------

    def learn(self, present: int, verdict: Verdict) -> None:
        """What the dead-end solver found of the position with the tiles `present` (a bitmask)
        on this deal: a dead end at the deal's start makes the whole deal dead
        (`dead_from_start`), whatever has been played since. What it proved of the positions
        played tells where a dead end began (`way_back`)."""
        if verdict is not Verdict.UNDECIDED:
            self._verdicts[present] = verdict

    @property
    def dead_from_start(self) -> bool:
        """The deal was found a dead end from its start (`learn`): no undo leads out of its
        dead ends, only a new deal (kept through a save, so a resumed game still says so)."""
        return self._verdicts.get(self.position.geometry.all_present) is Verdict.UNSOLVABLE

    def way_back(self) -> WayBack | None:
        """Where the dead end on the board began (the pair that led into it, and the undos
        back to before it), once the positions checked tell; None before, when the board is
        no known dead end, or when no undo leads out of it."""
        return way_back_along(self.position.geometry.all_present, self._history, self._verdicts)

    @property
    def in_a_known_dead_end(self) -> bool:
        """The board is a dead end by what was proved: it, or a position played before it (the
        deal's start among them), was found one. Every position after a dead end is one, so the
        board needs no check of its own."""
        start = self.position.geometry.all_present
        return in_a_known_dead_end(start, self._history, self._verdicts)

    def way_back_to_check(self) -> Position | None:
        """The position played whose check narrows down where the dead end on the board began
        (`way_back`); None when there is nothing to find, or no undo leads out."""
        start = self.position.geometry.all_present
        present = next_to_check(start, self._history, self._verdicts)
        return None if present is None else self._position_with(present)

    @property
    def undo_may_help(self) -> bool:
        """Whether undoing may lead out of a dead end back to a position that can be cleared:
        there is a pair to take back, and the deal's start is not known to be a dead end (every
        position of a deal dead from its start is a dead end). False: only a new deal helps.
        A pause changes nothing: it stops the clock, not the way out."""
        return bool(self._history) and not self.won and not self.dead_from_start

    @property
    def lost_at_start(self) -> bool:
        """Lost with no pair taken: the deal's free tiles never matched, so only a new deal
        helps (a loss after a pair can be undone out of)."""
        return self.lost and not self._history

    # -- the clock ------------------------------------------------------------------------------

    @property
    def paused(self) -> bool:
        return self._paused

    @property
    def clock_running(self) -> bool:
        return self._clock.running_since is not None

    def elapsed(self, now: float) -> float:
        """Seconds of active play so far."""
        return self._clock.elapsed(now)

    def pause(self, now: float) -> None:
        self._paused = True
        self._sync_clock(now)

    def resume(self, now: float) -> None:
        self._paused = False
        self._sync_clock(now)

    def _sync_clock(self, now: float) -> None:
        self._clock.run(now, running=not self._paused and not self.over)

    # -- save and resume ------------------------------------------------------------------------

    def to_json(self, now: float | None = None) -> dict[str, Any]:
        """The whole game as JSON-ready data. Given `now`, the clock's current run is counted up to
        `now`; without it the data keeps the exact state (the run's start time)."""
        played = self._clock.played if now is None else self.elapsed(now)
        running_since = self._clock.running_since
        if running_since is not None and now is not None:
            running_since = now
        # A won game's clock has stopped for good: a pause (a dialog over it) changes nothing,
        # so every copy of lines-tui that saves one won game saves the same data (which the
        # store checks before its time is filed).
        paused = self._paused and not self.won
        return {
            "version": SAVE_VERSION,
            "layout": {
                "name": self.layout.name,
                "title": self.layout.title,
                "source": self.layout.source,
                "description": self.layout.description,
            },
            "seed": self.seed,
            "dealer": self.dealer,
            "deal_choice": self.deal_choice.to_json(),
            "proof": None if self.proof is None else self.proof.to_json(),
            "dead_from_start": self.dead_from_start,
            "position": self.position.to_json(),
            "history": [list(pair) for pair in self._history],
            "redo": [list(pair) for pair in self._redo],
            CLOCK_FIELD: {"played": played, "running_since": running_since, "paused": paused},
            "won_at": self.won_at,
        }

    @classmethod
    def from_json(cls, data: object, now: float | None = None) -> MahjongGame:
        """A game saved by `to_json`; every move in it is checked against the rules again. Given
        `now`, a clock that was running when saved runs on from `now`, so the time the game spent
        saved is not counted. SavedGameError (one line) for anything malformed."""
        try:
            return cls._from_json(data, now)
        except (PositionError, LayoutError, IllegalMove) as error:
            raise SavedGameError(f"saved game: {error}") from None

    @classmethod
    def _from_json(cls, data: object, now: float | None) -> MahjongGame:
        record = _mapping(data, "the saved game")
        if record.get("version") != SAVE_VERSION:
            raise SavedGameError(f"saved game: unknown version {record.get('version')!r}")
        about = _mapping(record.get("layout"), "'layout'")
        position = Position.from_json(record.get("position"))
        if position.removed:
            raise SavedGameError("saved game: the dealt position has tiles removed")
        layout = _layout(about, position)
        seed = record.get("seed")
        # A deal number past the last one a table holds broke the won board's challenge code.
        if not is_whole_number(seed) or not is_deal_number(seed):
            raise SavedGameError(f"saved game: 'seed' is not a deal number ({DEAL_RANGE})")
        # Games saved before dealers had versions were dealt by dealer 1.
        dealer = record.get("dealer", 1)
        if dealer not in DEALERS or type(dealer) is not int:
            raise SavedGameError("saved game: 'dealer' is not a known dealer version")
        played, running_since, paused = _clock_fields(record.get(CLOCK_FIELD))
        dead_from_start = record.get("dead_from_start", False)  # saves before 3 Dec 2026 lack it
        if not isinstance(dead_from_start, bool):
            raise SavedGameError("saved game: 'dead_from_start' is not true or false")
        game = cls(layout, seed, position, dealer=dealer)
        if dead_from_start:
            game.learn(position.geometry.all_present, Verdict.UNSOLVABLE)
        try:
            game.deal_choice = DealChoice.from_json(record.get("deal_choice"))
            proof = record.get("proof")
            game.proof = None if proof is None else Skipped.from_json(proof)
        except ValueError as error:
            raise SavedGameError(f"saved game: {error}") from None
        not_its_deal = _not_its_deal(game)
        if not_its_deal is not None:
            raise SavedGameError(f"saved game: {not_its_deal}")
        game._take_saved_moves(record.get("history"), record.get("redo"))
        game._paused = paused
        game._clock = _Clock(played, None)
        # Games saved before the moment of a win was kept have none.
        won_at = _seconds_or_none(record.get("won_at"), "'won_at'")
        game.won_at = won_at if game.won else None
        if running_since is not None and not paused and not game.over:
            game._clock.running_since = running_since if now is None else now
        return game

    def _take_saved_moves(self, history: object, redo: object) -> None:
        """Take the saved pairs again, each checked against the rules, then undo the ones that
        can be redone: the game stands where it was saved, with the same moves to redo."""
        for pair in _pairs(history, "history"):
            self.check_move(*pair)
            self._take(pair)
        to_redo = _pairs(redo, "redo")
        for pair in reversed(to_redo):
            self.check_move(*pair)
            self._take(pair)
        for _ in to_redo:
            pair = self._history.pop()
            self.present |= 1 << pair[0] | 1 << pair[1]
            self._redo.append(pair)


def _not_its_deal(game: MahjongGame) -> str | None:
    """Why a saved game is not the deal it names, or None. A deal of the day must be one of the
    day's candidates (which one, the solver says when the result is filed). The board of a deal
    of the day or a chosen deal must be that deal's, as its dealer deals it: a save is no proof
    of its board, and one set up by hand would play for the deal's table, where friends race.
    A random deal's board is not checked (a game of a board set up by hand keeps no record, so
    its result is unverified: `store.replay.record_of_mahjong`)."""
    layout, seed = game.layout, game.seed
    not_daily = not_the_days_deal(
        game.deal_choice,
        seed,
        lambda day: mahjong_daily_candidates(layout_table_name(layout), day),
    )
    if not_daily is not None:
        return not_daily
    if game.deal_choice != RANDOM and deal(layout, seed, game.dealer) != game.position:
        # A deal of the day by its day: its number has 19 or 20 digits (a re-check).
        choice = game.deal_choice
        which = f"the deal of {choice.day}" if choice.mode == "daily" else f"deal {seed}"
        return f"its board is not {which} as dealer {game.dealer} deals it"
    return None


def _mapping(value: object, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise SavedGameError(f"saved game: {what} is not a JSON object")
    return value


def _layout(about: Mapping[str, Any], position: Position) -> Layout:
    """The layout a game was saved with: its fields as saved, its tiles' places the position's."""
    return Layout(
        name=_text(about.get("name"), "layout name"),
        title=_text(about.get("title"), "layout title"),
        slots=position.slots,
        source=_text(about.get("source"), "layout source"),
        description=_text(about.get("description", ""), "layout description"),
    )


def _clock_fields(value: object) -> tuple[float, float | None, bool]:
    """The saved clock's time played, the moment its run started (None: not running) and
    whether it was paused."""
    clock = _mapping(value, "'clock'")
    played = _seconds(clock.get("played"), "the clock's 'played'")
    running_since = _seconds_or_none(clock.get("running_since"), "the clock's 'running_since'")
    paused = clock.get("paused")
    if not isinstance(paused, bool):
        raise SavedGameError("saved game: the clock's 'paused' is not true or false")
    return played, running_since, paused


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise SavedGameError(f"saved game: the {what} is not text")
    return value


def _pairs(value: object, what: str) -> list[Pair]:
    if not isinstance(value, list) or not all(_is_pair(item) for item in value):
        raise SavedGameError(f"saved game: '{what}' is not a list of [tile, tile] pairs")
    return [(item[0], item[1]) for item in value]


def _is_pair(item: object) -> bool:
    return isinstance(item, list) and len(item) == 2 and all(is_whole_number(v) for v in item)


def _seconds_or_none(value: object, what: str) -> float | None:
    return None if value is None else _seconds(value, what)


def _seconds(value: object, what: str) -> float:
    if is_seconds(value):
        return float(value)
    raise SavedGameError(
        f"saved game: {what} is not a number of seconds from 0 to {LATEST_SECONDS:,}"
    )
