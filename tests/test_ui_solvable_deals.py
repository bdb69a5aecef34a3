"""Solvable deals only in the app: the picker's `o` (kept in the store), the proof in the app's
solver process with its "proving" dialog (escape stops it, a failure shows itself), the panel's
"proved solvable", new deals (N), saved games, today's deal; and the survey figures shipped with
the package and shown in the picker."""

from __future__ import annotations

import gc
import json
from concurrent.futures import Future
from importlib import resources
from pathlib import Path
from typing import TypeVar

import pytest
from conftest import (
    answered,
    in_sight,
    install_layouts,
    make_app,
    post_keys_at_once,
    session_of,
    settle,
    widget_lines,
)
from textual.geometry import Region
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, OptionList
from textual.widgets._footer import FooterKey

from lines_tui.engine.daily import mahjong_daily_seed
from lines_tui.engine.deal_choice import RANDOM, Skipped, daily
from lines_tui.engine.mahjong.deal import deal
from lines_tui.engine.mahjong.layouts import BUILTIN_NAMES, builtin_layouts, find_layout
from lines_tui.engine.mahjong.layouts.figures import figures_of, shipped_figures, summary_line
from lines_tui.engine.mahjong.position import Position
from lines_tui.engine.mahjong.solvable import PROOF_PLAYOUTS, DealSearch, ProvedDeal
from lines_tui.engine.mahjong.solver import Pair, SolveResult, Verdict
from lines_tui.engine.mahjong.solver_process import BackgroundSolver
from lines_tui.store import open_store
from lines_tui.store.tables import utc_day
from lines_tui.ui.app import LinesTuiApp
from lines_tui.ui.help import HelpScreen
from lines_tui.ui.mahjong import LayoutPickerScreen, MahjongScreen, proving, replacing
from lines_tui.ui.mahjong.proving import ProvingScreen
from lines_tui.ui.menu import MenuScreen
from lines_tui.ui.scores import LeaderboardScreen
from lines_tui.ui.status_line import DialogMessage, StatusLine
from lines_tui.ui.today import TodayScreen

TURTLE = find_layout("turtle")
DEAD_END = 37
"""Turtle deal 37 is a dead end; deal 38 can be cleared (tests/test_solvable_deals.py)."""


ScreenT = TypeVar("ScreenT", bound=Screen[object])


class HeldSolver(BackgroundSolver):
    """The app's solver process, stood in for: each request waits until the test answers it."""

    def __init__(self) -> None:
        super().__init__()
        self.requests: list[tuple[Position, int | None, Future[SolveResult]]] = []
        self.cancels = 0
        self.shutdowns = 0
        self.queued: list[Future[SolveResult]] = []
        """The futures of the requests that were `queued` (the store's proofs)."""

    def submit(
        self,
        position: Position,
        previous: object = None,
        timeout: float | None = 10.0,
        node_limit: int | None = None,
        *,
        queued: bool = False,
    ) -> Future[SolveResult]:
        future: Future[SolveResult] = Future()
        self.requests.append((position, node_limit, future))
        if queued:
            self.queued.append(future)
        return future

    def cancel(self) -> None:
        self.cancels += 1

    def shutdown(self, wait: bool = True) -> None:
        self.shutdowns += 1

    async def answer(
        self,
        pilot: Pilot[None],
        verdict: Verdict,
        nodes: int = 5,
        error: str = "",
        *,
        after: int = 0,
        moves: tuple[Pair, ...] = (),
    ) -> Position:
        """Answer the proof waiting now, among the requests after the first `after` (one the app
        gave up waiting for stays waiting), with `moves` as its winning line; the position it was
        about."""
        position, _, future = (await self._waiting(pilot, proofs=True, after=after))[-1]
        if error:
            future.set_exception(RuntimeError(error))
        else:
            future.set_result(SolveResult(verdict, moves, nodes, 0.01))
        await pilot.pause()
        await pilot.pause()
        return position

    async def answer_checks(self, pilot: Pilot[None], verdict: Verdict) -> None:
        """Answer the dead-end checks of the board's positions (the requests without a node
        limit) waiting now, at least one: held, each would be given up only after the game's
        20 s and the 5 s more that tell a hung process, which `settle` waits for."""
        waiting = await self._waiting(pilot, proofs=False)
        assert waiting, "no dead-end check was asked for"
        for _, _, future in waiting:
            future.set_result(SolveResult(verdict, (), 5, 0.01))
        await pilot.pause()

    async def _waiting(
        self, pilot: Pilot[None], *, proofs: bool, after: int = 0
    ) -> list[tuple[Position, int | None, Future[SolveResult]]]:
        """The requests after the first `after` not answered yet, proofs (with a node limit) or
        dead-end checks, as soon as there is one (none after 200 short pauses)."""
        for _ in range(200):
            waiting = [
                request
                for request in self.requests[after:]
                if (request[1] is not None) == proofs and not request[2].done()
            ]
            if waiting:
                return waiting
            await pilot.pause(0.02)
        return []


def held_app(tmp_path: Path) -> tuple[LinesTuiApp, HeldSolver]:
    app = make_app(tmp_path)
    solver = HeldSolver()
    app.session.solver = solver
    return app, solver


def text_of(app: LinesTuiApp, selector: str) -> str:
    return "\n".join(widget_lines(app.screen.query_one(selector))).strip()


async def footer_text(pilot: Pilot[None]) -> str:
    """The Footer's keys as shown ("o Solvable only"), once the Footer has drawn them (it fills
    itself in after the screen appears, later on a busy machine)."""
    for _ in range(100):
        keys = pilot.app.screen.query_one(Footer).query(FooterKey)
        if keys:
            await pilot.pause()
            keys = pilot.app.screen.query_one(Footer).query(FooterKey)
            return "  ".join(" ".join(s.strip() for s in widget_lines(key)) for key in keys)
        await pilot.pause(0.02)
    raise AssertionError("the Footer shows no keys")


async def wait_for_screen(pilot: Pilot[None], kind: type[ScreenT]) -> ScreenT:
    """The screen on top once it is a `kind`."""
    for _ in range(400):
        if isinstance(pilot.app.screen, kind):
            await pilot.pause()
            return pilot.app.screen
        await pilot.pause(0.025)
    raise AssertionError(f"no {kind.__name__}; the screen is {pilot.app.screen}")


async def wait_for_game(pilot: Pilot[None]) -> MahjongScreen:
    return await wait_for_screen(pilot, MahjongScreen)


# --- the picker's setting -----------------------------------------------------------------------


async def test_o_in_the_picker_turns_solvable_deals_on_and_the_next_start_remembers_it(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)  # the menu has read the store (the setting with it)
        await pilot.press("m")  # the menu's Mahjong entry: the layout picker
        await settle(pilot)
        assert isinstance(app.screen, LayoutPickerScreen)
        assert "Solvable deals only (o): off" in text_of(app, "#solvable")
        assert "o Solvable only" in await footer_text(pilot)
        await pilot.press("tab", "o")  # from the deal number field too
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen.query_one("#seed").has_focus
        assert "Solvable deals only (o): on" in text_of(app, "#solvable")
        await pilot.press("tab", "question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert "solvable deals only" in " ".join(widget_lines(app.screen)).lower()
    assert open_store(tmp_path).preferences().solvable_deals
    again = make_app(tmp_path)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)  # the menu has read the store (the setting with it)
        await pilot.press("m")
        await settle(pilot)
        assert "Solvable deals only (o): on" in text_of(again, "#solvable")
        await pilot.press("o")
        await again.workers.wait_for_complete()
    assert not open_store(tmp_path).preferences().solvable_deals


async def test_the_picker_says_when_solvable_deals_are_on_for_this_run_only(
    tmp_path: Path,
) -> None:
    """With `--solvable` the picker said plainly "on", though the next start has it off again
    (a player review); `o` then keeps the setting as ever."""
    app = make_app(tmp_path, solvable=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("m")
        await settle(pilot)
        assert text_of(app, "#solvable") == "Solvable deals only (o): on for this run (--solvable)"
        await pilot.press("o", "o")  # off, and on again: kept
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert text_of(app, "#solvable") == (
            "Solvable deals only (o): on, each deal is proved before play"
        )
        await pilot.press("escape", "m")  # the picker again: still kept, not for this run
        await settle(pilot)
        assert "on, each deal is proved" in text_of(app, "#solvable")
    assert open_store(tmp_path).preferences().solvable_deals
    # Kept on already, --solvable changes nothing: the setting is not said to be for this run.
    again = make_app(tmp_path, solvable=True)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("m")
        await settle(pilot)
        assert "on, each deal is proved" in text_of(again, "#solvable")


def in_view(app: LinesTuiApp, selector: str) -> bool:
    """Whether the picker shows the widget `selector` whole, in its panel and on the terminal."""
    widget = app.screen.query_one(selector)
    panel = app.screen.query_one("#picker-panel")
    return panel.scrollable_content_region.contains_region(widget.region) and (
        app.screen.region.contains_region(widget.region)
    )


async def test_the_picker_at_80_by_18_brings_the_deal_number_and_the_setting_into_view(
    tmp_path: Path,
) -> None:
    """At 80 x 18 (the least the menu asks) the picker hid its deal number field and the
    "solvable deals only" line: tab then typed into a field out of sight, and o changed the
    kept setting with nothing on screen to show it. Its fields now scroll to what they reach."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 18)) as pilot:
        await settle(pilot)
        await pilot.press("m")
        await settle(pilot)
        assert isinstance(app.screen, LayoutPickerScreen)
        assert in_view(app, "#layouts") and not in_view(app, "#seed")
        await pilot.press("tab", "5")
        await pilot.pause()
        assert in_view(app, "#seed-label") and in_view(app, "#seed")
        assert app.screen.query_one("#seed", Input).value == "5"
        await pilot.press("tab")  # back to the list, in view again
        await pilot.pause()
        # The setting's line is above the deal number: in view with the list.
        assert in_view(app, "#layouts") and in_view(app, "#solvable")
        await pilot.press("o")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert in_view(app, "#solvable")
        assert "Solvable deals only (o): on" in text_of(app, "#solvable")
        await pilot.press("tab", "-")  # a sign: refused in words, under the field, in view
        await pilot.press("enter")
        await pilot.pause()
        assert "is not a deal number" in text_of(app, "#seed-error")
        assert in_view(app, "#seed-error") and in_view(app, "#seed")


async def test_the_deal_number_stays_in_view_as_the_terminal_shrinks_under_it(
    tmp_path: Path,
) -> None:
    """A terminal shrunk below 16 rows while the deal number had the focus scrolled the field
    out of sight, and the digits typed next went into it unseen. The field now keeps in view
    as the terminal changes size and as it is typed in; the list, back in focus, keeps its
    highlighted layout in view instead."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_the_picker(pilot)
        assert isinstance(app.screen, LayoutPickerScreen)
        await pilot.press("tab", "5")
        await pilot.pause()
        for height in (14, 12, 10):
            await pilot.resize_terminal(80, height)
            await settle(pilot)
            assert in_view(app, "#seed"), height
        await pilot.press("6")
        await pilot.pause()
        assert app.screen.query_one("#seed", Input).value == "56" and in_view(app, "#seed")
        await pilot.press("tab")
        await pilot.pause()
        await pilot.resize_terminal(80, 14)
        await settle(pilot)
        assert highlighted_in_view(app) and not in_view(app, "#seed")
        await pilot.press("7")
        await pilot.pause()
        assert app.screen.query_one("#seed", Input).value == "7" and in_view(app, "#seed")
        # At 8 rows o shows the line it changed, above the field and out of sight with it: an
        # editing key brings the field back.
        await pilot.resize_terminal(80, 8)
        await settle(pilot)
        await pilot.press("o")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert in_view(app, "#solvable") and not in_view(app, "#seed")
        await pilot.press("home")
        await pilot.pause()
        assert in_view(app, "#seed")


async def open_the_picker(pilot: Pilot[None]) -> None:
    """The menu's Mahjong entry, once the menu has read, and the picker's search for installed
    layouts ended."""
    await settle(pilot)
    await pilot.press("m")
    await settle(pilot)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def highlighted_in_view(app: LinesTuiApp) -> bool:
    """Whether the picker shows its highlighted layout's row whole, below the list's header,
    in its panel and on the terminal."""
    table = app.screen.query_one("#layouts", DataTable)
    panel = app.screen.query_one("#picker-panel")
    rows = table.ordered_rows
    # In the list's rows, the header above them.
    y = table.header_height + sum(row.height for row in rows[: table.cursor_row])
    top = table.content_region.y + y - round(table.scroll_y)
    shown = Region(
        table.content_region.x, top, table.content_region.width, rows[table.cursor_row].height
    )
    below_header = Region(
        table.content_region.x,
        table.content_region.y + table.header_height,
        table.content_region.width,
        table.content_region.height - table.header_height,
    )
    return all(
        area.contains_region(shown)
        for area in (below_header, panel.scrollable_content_region, app.screen.region)
    )


async def test_the_picker_at_80_by_18_keeps_the_highlighted_layout_in_view(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, home: Path
) -> None:
    """At 80 x 18, o scrolled the picker's fields down to the "solvable deals only" line (then
    the last of them) and the list out of sight, and the arrows went on moving a highlight
    nobody could see. The line is now above the deal number, in view with the list, and the
    highlighted layout comes back into view whenever it or the list changes."""
    install_layouts(monkeypatch, home, [f"Steps {number}" for number in range(4)])
    app = make_app(tmp_path / "data")
    async with app.run_test(size=(80, 18)) as pilot:
        await open_the_picker(pilot)
        assert isinstance(app.screen, LayoutPickerScreen) and len(app.screen.layouts) == 9
        assert highlighted_in_view(app)
        await pilot.press("o")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "Solvable deals only (o): on" in text_of(app, "#solvable")
        assert in_view(app, "#solvable") and highlighted_in_view(app)
        for key in ["down"] * 8 + ["up"] * 8 + ["end", "home"]:
            await pilot.press(key)
            await pilot.pause()
            assert highlighted_in_view(app), key
        await pilot.press("end", "tab", "o")  # from the deal number field, scrolled below it
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert in_view(app, "#solvable") and in_view(app, "#seed")
        await pilot.press("tab", "up")
        await pilot.pause()
        assert highlighted_in_view(app) and in_view(app, "#solvable")
        # Shorter still (the picker stays open over the menu's enlarge message), the two no
        # longer fit together: the highlighted layout wins.
        await pilot.resize_terminal(80, 12)
        await settle(pilot)
        for key in ("o", "down", "o"):
            await pilot.press(key)
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert isinstance(app.screen, LayoutPickerScreen) and highlighted_in_view(app), key


async def test_a_notice_in_the_picker_leaves_the_deal_number_being_typed_in_sight(
    tmp_path: Path,
) -> None:
    """A notice raised in the picker (s, a setting not kept) takes the rows at the foot of its
    panel: at 80 x 18 it covered the deal number field being typed in. The field stays in sight
    above the notice."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 18)) as pilot:
        await settle(pilot)
        await pilot.press("m")
        await settle(pilot)
        await pilot.press("tab", "5")
        await pilot.pause()
        seed = app.screen.query_one("#seed", Input)
        assert seed.has_focus and in_sight(seed)
        await pilot.press("s")
        await settle(pilot)
        message = app.screen.query_one(DialogMessage)
        assert message.message.startswith("Symbols") and in_sight(message)
        assert in_sight(seed) and seed.value == "5"


async def test_a_setting_that_cannot_be_kept_says_so_and_stays_for_this_run(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    (tmp_path / "settings.json").mkdir()  # not a file: every write fails
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)  # the menu has read the store (the setting with it)
        await pilot.press("m")  # the menu's Mahjong entry: the layout picker
        await settle(pilot)
        await pilot.press("o")
        await app.workers.wait_for_complete()
        await pilot.pause()
        # Told in the picker (a dialog), at the end of its panel, not as a toast over it.
        for _ in range(50):
            told = [" ".join(widget_lines(line)) for line in app.screen.query(DialogMessage)]
            if told:
                break
            await pilot.pause(0.02)
        # Which setting, and that it holds for this run only: not a bare "could not be kept".
        said = " ".join(" ".join(told).split())
        assert said.startswith('"Solvable deals only" on for this run; the setting could not be')
        assert said.endswith("is a folder, not a regular file; lines-tui uses only regular files")
        assert not app.screen.query("Toast")
        assert app.session.solvable_deals


async def test_tab_and_a_deal_number_typed_in_one_burst_are_read_whole(tmp_path: Path) -> None:
    """As tmux, ssh or a quick typist deliver "tab 3 7 enter" (found playing in tmux): the digits
    used to reach the list before tab had moved to the deal number, and were lost."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        chosen: list[object] = []
        await app.push_screen(LayoutPickerScreen(folders=[], solvable=True), chosen.append)
        await pilot.pause()
        post_keys_at_once(app, "tab", "3", "7", "enter")
        await pilot.pause()
        await pilot.pause()
        assert chosen == [(TURTLE, 37, True)]
        await app.push_screen(LayoutPickerScreen(folders=[]), chosen.append)
        await pilot.pause()
        post_keys_at_once(app, "4", "2", "enter")  # digits on the list go to the deal number
        await pilot.pause()
        await pilot.pause()
        assert chosen[1] == (TURTLE, 42, False)


# --- proving before play ------------------------------------------------------------------------


async def test_a_dead_end_is_skipped_for_the_next_deal_and_the_panel_says_proved_solvable(
    tmp_path: Path,
) -> None:
    """With the real solver process: deal 37 is proved a dead end, deal 38 solvable."""
    app = make_app(tmp_path, start="mahjong", seed=DEAD_END, solvable=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)  # the menu has read the store (the setting with it)
        screen = await wait_for_game(pilot)
        assert screen.game.seed == DEAD_END + 1
        assert screen.game.position == deal(TURTLE, DEAD_END + 1)
        assert text_of(app, "#deal") == f"deal {DEAD_END + 1}"
        assert text_of(app, "#proof").split("\n") == ["proved to", "be solvable", "1 skipped"]
        message = app.screen.query_one(StatusLine).message
        assert message == "Deal 38 proved solvable; skipped 1 dead end."
        # A deal chosen by number plays for the table of the deal actually played.
        assert str(screen.table) == "mahjong-turtle+deal-38"


async def test_proving_counts_the_seconds_of_a_long_proof(tmp_path: Path) -> None:
    """Turtle deal 351 takes about 4 s to prove: the dialog said the same words all that while,
    and looked stuck (a player review). It counts the seconds of the deal being proved."""
    app, _ = held_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.mahjong_starts.start(TURTLE, 351, solvable=True)
        await wait_for_screen(pilot, ProvingScreen)
        assert text_of(app, "#proving") == "Proving deal 351 of Turtle solvable…"
        for _ in range(200):  # the proof is held: the seconds go by
            if text_of(app, "#proving") != "Proving deal 351 of Turtle solvable…":
                break
            await pilot.pause(0.05)
        assert text_of(app, "#proving") in {
            f"Proving deal 351 of Turtle solvable… {seconds} s" for seconds in range(1, 11)
        }


async def test_proving_says_which_deal_and_escape_stops_it(tmp_path: Path) -> None:
    app, solver = held_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)  # the menu has read the store (the setting with it)
        app.mahjong_starts.start(TURTLE, 500, solvable=True)
        await pilot.pause()
        assert isinstance(app.screen, ProvingScreen)
        assert "Proving deal 500 of Turtle solvable…" in text_of(app, "#proving")
        asked = await solver.answer(pilot, Verdict.UNSOLVABLE)
        assert asked == deal(TURTLE, 500)
        await solver.answer(pilot, Verdict.UNDECIDED, nodes=PROOF_PLAYOUTS)
        proving = text_of(app, "#proving")
        assert "Proving deal 502 of Turtle" in proving
        assert "Skipped so far: 1 dead end, 1 undecided." in proving.replace("\n", " ")
        assert "esc Stop" in await footer_text(pilot)
        assert "Try again" not in await footer_text(pilot)
        cancels = solver.cancels
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
        assert solver.cancels > cancels  # the proof under way is told to stop
        assert not app.screen_stack[-1:] or not isinstance(app.screen, MahjongScreen)


async def fail_a_proof(pilot: Pilot[None], app: LinesTuiApp, solver: HeldSolver) -> None:
    """Prove Turtle deal 500, and let the proof fail: its dialog stays, saying so."""
    await settle(pilot)  # the menu has read the store (the setting with it)
    app.mahjong_starts.start(TURTLE, 500, solvable=True)
    await pilot.pause()
    await solver.answer(pilot, Verdict.UNDECIDED, error="the solver process ended")


async def test_a_failed_proof_shows_itself_and_enter_tries_again(tmp_path: Path) -> None:
    app, solver = held_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await fail_a_proof(pilot, app, solver)
        assert "The proof failed: the solver process ended." in text_of(app, "#proving")
        assert "Try again" in await footer_text(pilot)
        await pilot.press("enter")
        # Stopped before its playouts were spent: no answer about the deal, so not skipped.
        await solver.answer(pilot, Verdict.UNDECIDED, nodes=3)
        assert "the proof was stopped" in text_of(app, "#proving")
        await pilot.press("enter")
        cancels = solver.cancels
        await solver.answer(pilot, Verdict.SOLVABLE)
        screen = await wait_for_game(pilot)
        await pilot.pause()
        # The dialog's going stops nothing: the game's own first check runs on.
        assert solver.cancels == cancels
        assert screen.status == "checking"
        assert screen.game.seed == 500
        assert screen.game.proof == Skipped(0, 0)
        assert text_of(app, "#proof").split("\n") == ["proved to", "be solvable"]


async def test_a_proof_the_solver_never_answers_fails_and_enter_tries_again(
    tmp_path: Path,
) -> None:
    """A hung solver process left the dialog saying "Proving deal 500 …" for good."""
    app, solver = held_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        proved: list[ProvedDeal | None] = []
        search = DealSearch(TURTLE, [500, 501])
        await app.push_screen(
            ProvingScreen(solver, search, "Solvable deals only", wait=0.5), proved.append
        )
        for _ in range(1200):
            if "failed" in text_of(app, "#proving"):
                break
            await pilot.pause(0.05)
        assert text_of(app, "#proving") == "The proof failed: the solver took over 0.5 s."
        assert solver.shutdowns == 1  # the hung process is ended; the next proof gets a fresh one
        assert "Try again" in await footer_text(pilot)
        given_up = len(solver.requests)
        await pilot.press("enter")
        assert await solver.answer(pilot, Verdict.SOLVABLE, after=given_up) == deal(TURTLE, 500)
        await settle(pilot)
        assert [deal.seed for deal in proved if deal is not None] == [500]


@pytest.mark.filterwarnings("error::RuntimeWarning")
@pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning")
async def test_a_proof_stopped_before_it_starts_leaves_nothing_unawaited(tmp_path: Path) -> None:
    """After a failure, enter (try again) and escape in one burst: the new proof is stopped
    before its worker ever runs, and must leave no coroutine behind that nobody awaits."""
    app, solver = held_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await fail_a_proof(pilot, app, solver)
        post_keys_at_once(app, "enter", "escape")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        gc.collect()


async def test_a_proved_game_saved_and_resumed_keeps_its_deal_and_its_proof(
    tmp_path: Path,
) -> None:
    app, solver = held_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)  # the menu has read the store (the setting with it)
        app.mahjong_starts.start(TURTLE, None, solvable=True)
        await pilot.pause()
        first = await solver.answer(pilot, Verdict.UNSOLVABLE)
        await solver.answer(pilot, Verdict.SOLVABLE)
        screen = await wait_for_game(pilot)
        played = screen.game.seed
        assert deal(TURTLE, played - 1) == first  # the next deal number after the dead end
        await pilot.press("tab", "t", "t")  # the second t takes the pair if the first picked
        assert screen.game.history
        await pilot.press("q")
        await settle(pilot)  # saved on the store's thread, and read back by the menu
        saved = open_store(tmp_path).load_game("mahjong")
        assert saved is not None
        assert (saved["seed"], saved["proof"]) == (played, {"dead_ends": 1, "undecided": 0})
        await pilot.press("R")  # the menu's Resume Mahjong
        resumed = await wait_for_game(pilot)
        assert resumed.game.seed == played
        assert text_of(app, "#proof").split("\n") == ["proved to", "be solvable", "1 skipped"]
        # Resumed, not proved again (rev9: it said "Deal … proved solvable." as if just proved).
        message = app.screen.query_one(StatusLine).message
        assert message == f"Resumed your saved game. Deal {played}."
        assert str(resumed.table) == "mahjong-turtle"  # a random deal, proved: random table


async def deal_7_with_solvable_deals_on(pilot: Pilot[None]) -> MahjongScreen:
    """Turtle deal 7 on the board (as asked: not proved), "solvable deals only" on for `N`;
    a random deal's table's, so that `N` with nothing taken deals at once (over a deal chosen
    it asks first)."""
    await settle(pilot)  # the menu has read the store (the setting with it)
    app = pilot.app
    assert isinstance(app, LinesTuiApp)
    app.session.solvable_deals = True
    app.mahjong_starts.start(TURTLE, 7, RANDOM)
    return await wait_for_game(pilot)


@pytest.mark.parametrize("over", ["the menu", "the leaderboard"])
async def test_an_esc_just_after_a_proved_deal_came_does_not_leave_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, over: str
) -> None:
    """An esc typed at the proving dialog reached the app once it had gone (Textual waits 0.1 s
    after an esc, a loaded machine longer): it left the new deal's board for the menu, the deal
    before given up (a player review). Right after `N` brings a proved deal, esc stays; later it
    leaves as ever. (The moment is made long here, then none, so that no machine outlasts it.)
    A game raced from a leaderboard goes back there, and its line says so (a review)."""
    from test_ui_records import lines_7_board, store_with_games  # it imports this module

    monkeypatch.setattr(replacing, "ESC_AFTER_PROOF", 60.0)
    store_with_games(tmp_path)
    app, solver = held_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        board = await lines_7_board(pilot) if over == "the leaderboard" else None
        screen = await deal_7_with_solvable_deals_on(pilot)
        assert screen.back_to == over
        await pilot.press("N")
        await solver.answer(pilot, Verdict.SOLVABLE, moves=((0, 1),))
        assert await wait_for_game(pilot) is screen and screen.game.seed != 7
        await pilot.press("escape")
        assert app.screen is screen
        # Said, not dropped in silence: the line, which the key had cleared, said nothing of
        # which deal stayed, nor that the next esc leaves (a player's test).
        assert screen.query_one(StatusLine).message == (
            f"Too late to stop: deal {screen.game.seed} was proved first. esc again goes to {over}."
        )
        monkeypatch.setattr(replacing, "ESC_AFTER_PROOF", 0.0)
        await pilot.press("escape")
        left_for = await wait_for_screen(pilot, MenuScreen if board is None else LeaderboardScreen)
        assert board is None or left_for is board


async def test_a_deal_proved_before_play_starts_solvable_without_a_check(tmp_path: Path) -> None:
    """The status field said "checking" for a moment after "proved solvable" while the solver
    proved the start again (a player review): the proof's answer is the start's."""
    app, solver = held_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.mahjong_starts.start(TURTLE, None, solvable=True)
        await pilot.pause()
        winning = ((0, 1),)
        await solver.answer(pilot, Verdict.SOLVABLE, moves=winning)
        screen = await wait_for_game(pilot)
        assert screen.status == "solvable"
        assert [r for r in solver.requests if r[1] is None] == []  # no dead-end check asked
        assert screen.dead_end.last_solution == winning


async def test_a_new_deal_with_solvable_deals_on_is_proved_first(tmp_path: Path) -> None:
    app, solver = held_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await deal_7_with_solvable_deals_on(pilot)
        assert screen.game.proof is None
        assert "proved" not in text_of(app, "#panel")
        await pilot.press("N")
        assert isinstance(app.screen, ProvingScreen)
        await pilot.press("escape")  # the deal on the board stays
        assert app.screen is screen and screen.game.seed == 7
        await pilot.press("N")
        checks = len(solver.requests)
        winning = ((0, 1),)
        await solver.answer(pilot, Verdict.SOLVABLE, moves=winning)
        assert await wait_for_game(pilot) is screen  # once the dialog has been up a moment
        assert screen.game.seed != 7
        assert screen.game.proof == Skipped(0, 0)
        assert text_of(app, "#proof").split("\n") == ["proved to", "be solvable"]
        # The proof answers the start's check: "solvable" at once, not "checking" while the
        # solver proves it again (a player review), and the hint follows the proof's line.
        assert screen.status == "solvable"
        assert [r for r in solver.requests[checks:] if r[1] is None] == []
        assert screen.dead_end.last_solution == winning


async def test_esc_as_a_quick_proof_ends_stops_it_and_keeps_the_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A proof of a few milliseconds closed the dialog before an esc typed to stop it came: the
    esc left the new deal's board for the menu, the deal before it given up, so no game was left
    (a player review). The dialog stays up a moment (`SHOWN_AT_LEAST`, made long here so that a
    loaded machine cannot outlast it) and the esc stops it: the deal on the board stays."""
    monkeypatch.setattr(proving, "SHOWN_AT_LEAST", 60.0)
    app, solver = held_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await deal_7_with_solvable_deals_on(pilot)
        await pilot.press("i", "t")  # a pair taken: a game worth keeping
        await solver.answer_checks(pilot, Verdict.SOLVABLE)
        await settle(pilot)
        await answered(pilot, "N", "y")
        await wait_for_screen(pilot, ProvingScreen)
        await solver.answer(pilot, Verdict.SOLVABLE)
        assert isinstance(app.screen, ProvingScreen)  # proved, shown a moment longer
        await pilot.press("escape")
        assert app.screen is screen and screen.game.seed == 7 and screen.game.history
        # Said, so that the player knows the esc was taken (a player review).
        assert app.screen.query_one(StatusLine).message == "Proof stopped: this deal stays."


async def test_esc_on_the_proof_of_todays_deal_goes_back_to_todays_deals(tmp_path: Path) -> None:
    """Stopping the proof of a Mahjong deal of the day went to the menu, where the layout
    picker's comes back to the picker: Today's deals now comes back, the layout picked still
    highlighted, and enter there proves it again. (No `settle` while a proof is held: it waits
    for the proving worker.)"""
    app, solver = held_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(app.screen, TodayScreen)
        await pilot.press("down", "down", "enter")  # Lines, Turtle, then the second layout
        await wait_for_screen(pilot, ProvingScreen)
        # Named as the panel will name it, not by a candidate's number of 19 digits.
        title = builtin_layouts()[1].title
        assert text_of(app, "#proving") == f"Proving today's deal of {title} solvable…"
        await pilot.press("escape")
        today = await wait_for_screen(pilot, TodayScreen)
        assert today.query_one(OptionList).highlighted == 2
        stopped = len(solver.requests)
        await pilot.press("enter")
        await wait_for_screen(pilot, ProvingScreen)
        await solver.answer(pilot, Verdict.SOLVABLE, after=stopped)
        screen = await wait_for_game(pilot)
        assert screen.tile_layout.name == builtin_layouts()[1].name
        assert screen.game.deal_choice == daily(utc_day(app.session.clock()))


async def test_todays_deals_left_open_past_midnight_offer_the_new_days(tmp_path: Path) -> None:
    """Opened at 23:59 and picked from after midnight, it played yesterday's deal, whose table
    still took the result while `lines-tui challenge` called that deal over. The pick now says
    the new day has begun and shows its deals, the one picked highlighted."""
    from test_ui_mahjong import START, Clock
    from test_ui_mahjong import make_app as make_app_on

    clock = Clock()
    clock.now = START + 86_400 - 30  # 23:59:30 UTC
    app = make_app_on(tmp_path, clock)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(app.screen, TodayScreen)
        yesterday = utc_day(clock.now)
        assert yesterday in str(app.screen.query_one(".dialog").border_title)
        clock.now += 60
        today = utc_day(clock.now)
        await pilot.press("down", "enter")  # the Turtle's
        today_again = await wait_for_screen(pilot, TodayScreen)
        # In the dialog: a notice would cover it (at 80 x 19 it did).
        note = " ".join(widget_lines(today_again.query_one("#today-note")))
        assert note.strip() == f"{today} has begun (UTC): these are its deals."
        assert not app.screen.query("Toast")
        assert today in str(today_again.query_one(".dialog").border_title)
        assert today_again.query_one(OptionList).highlighted == 1


async def test_todays_deal_is_proved_in_the_solver_process_and_says_so(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    day = utc_day(app.session.clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)  # the menu has read the store (the setting with it)
        app.mahjong_starts.start_daily(TURTLE, day)
        screen = await wait_for_game(pilot)
        assert screen.game.seed == mahjong_daily_seed(TURTLE, "turtle", day)
        assert screen.game.deal_choice == daily(day)
        assert "proved" in text_of(app, "#proof")
        assert session_of(pilot).solver is not None
        # The panel says it is today's deal (its 19-digit number showed cut: "deal 4206432…"),
        # and so does the line under the board.
        assert text_of(app, "#deal") == "today's deal"
        message = screen.query_one(StatusLine).message
        assert message.startswith("Today's deal proved solvable"), message


# --- survey figures -----------------------------------------------------------------------------


def test_the_shipped_figures_cover_every_builtin_layout_with_its_tiles() -> None:
    shipped = shipped_figures()
    assert set(shipped) == set(BUILTIN_NAMES)
    for layout in builtin_layouts():
        figures = figures_of(layout)
        assert figures is not None, layout.name
        assert figures.deals >= 200
        assert figures.solvable + figures.unsolvable + figures.undecided == figures.deals
        assert shipped[layout.name][0] == len(layout.slots)
    assert summary_line(TURTLE).startswith("Turtle · 144 tiles · ")
    assert summary_line(TURTLE).endswith("% of deals solvable")


def test_the_figures_file_is_package_data() -> None:
    pyproject = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text()
    assert "survey-figures.json" in pyproject


async def test_the_picker_shows_the_share_of_solvable_deals_of_builtin_layouts_only(
    tmp_path: Path,
) -> None:
    # An installed layout named like a built-in one is not it: it has no figures.
    folder = tmp_path / "installed"
    folder.mkdir()
    lantern = resources.files("lines_tui.engine.mahjong.layouts").joinpath("lantern.layout")
    (folder / "turtle.layout").write_text(lantern.read_text(encoding="utf-8"), encoding="utf-8")
    app = make_app(tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)  # the menu has read the store (the setting with it)
        await app.push_screen(LayoutPickerScreen(folders=[folder]))
        await app.workers.wait_for_complete()
        await pilot.pause()
        turtle = figures_of(TURTLE)
        assert turtle is not None
        share = f"{turtle.solvable_share:.1%}"
        assert text_of(app, "#layout-about").startswith(
            f"Turtle · 144 tiles · {share} of deals solvable"
        )
        await pilot.press(*["down"] * len(BUILTIN_NAMES))
        about = text_of(app, "#layout-about")
        assert "72 tiles" in about and "solvable" not in about.split("\n")[0]
        table = " ".join(widget_lines(app.screen.query_one("#layouts")))
        assert share in table


def test_the_figures_file_reads_as_json() -> None:
    path = Path(__file__).resolve().parents[1] / "lines_tui/engine/mahjong/layouts"
    data = json.loads((path / "survey-figures.json").read_text(encoding="utf-8"))
    assert data["playouts"] == PROOF_PLAYOUTS


async def test_the_picker_says_so_when_installed_layouts_cannot_be_looked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The picker looks for installed layouts in a worker as it opens; a failure there (here no
    home folder can be found, as for a user missing from the password file with HOME unset)
    ended the app with a traceback on the terminal. The picker now says it under the list and
    offers the built-in layouts."""

    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_the_picker(pilot)
        assert app.is_running and isinstance(app.screen, LayoutPickerScreen)
        said = text_of(app, "#layout-problems")
        assert said == "Installed layouts not searched: Could not determine home directory."
        await pilot.press("enter")  # a built-in layout still plays
        await settle(pilot)
        assert isinstance(app.screen, MahjongScreen)


async def test_a_layout_picked_at_79_columns_starts_its_game(tmp_path: Path) -> None:
    """The picker fits 79 columns, the menu under it does not: enter closed the picker, the
    menu's enlarge message came up, and the game was dropped ("The new game was not started:
    choose it again.", the layout and deal number lost). The game now starts; the menu's
    message waits under it."""
    from lines_tui.ui.size_guard import TooSmallScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_the_picker(pilot)
        await pilot.press("tab", "4", "2")
        await pilot.resize_terminal(79, 24)
        await settle(pilot)
        assert isinstance(app.screen, LayoutPickerScreen)
        await pilot.press("enter")
        screen = await wait_for_game(pilot)
        assert screen.game.seed == 42
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_a_question_over_the_menus_enlarge_message_hides_it(tmp_path: Path) -> None:
    """A layout picked at 79 columns with a game saved asks "Replace the saved game?" over the
    menu's enlarge message, whose words showed around the dialog, cut by it."""
    from test_ui_app_shell import save_a_mahjong_game

    from lines_tui.ui.dialogs import ConfirmScreen
    from lines_tui.ui.size_guard import HIDES_BELOW, TooSmallScreen

    save_a_mahjong_game(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_the_picker(pilot)
        await pilot.resize_terminal(79, 24)
        await settle(pilot)
        await pilot.press("enter")
        question = await wait_for_screen(pilot, ConfirmScreen)
        await settle(pilot)  # its guard against keys typed ahead
        assert isinstance(app.screen_stack[-2], TooSmallScreen)
        assert question.has_class(HIDES_BELOW)
        await pilot.press("n")  # back to the picker, over the message too: it hides it
        picker = await wait_for_screen(pilot, LayoutPickerScreen)
        assert picker.has_class(HIDES_BELOW)
        await pilot.resize_terminal(80, 24)
        await pilot.press("escape")
        await wait_for_screen(pilot, MenuScreen)  # the message went once on top, and fitting


async def test_the_picker_asks_for_76_columns_instead_of_cutting(tmp_path: Path) -> None:
    """At 60 x 20 the layout picker cut its Footer mid-key ("? Help s", no "^q Quit") and its
    deal number field, with no enlarge message, where every other screen has one. Below the
    panel's 76 columns it now shows the message (esc goes back to the menu, as its own esc
    does), and comes back as it was once the terminal is wide enough; 8 rows still do (its
    fields scroll)."""
    from lines_tui.ui.size_guard import TooSmallScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_the_picker(pilot)
        picker = app.screen
        assert isinstance(picker, LayoutPickerScreen)
        await pilot.press("tab", "4", "2")
        await pilot.resize_terminal(76, 8)
        await settle(pilot)
        assert app.screen is picker and "^q Quit" in await footer_text(pilot)
        await pilot.resize_terminal(75, 24)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        message = str(app.screen.query_one("#too-small-message").render())
        assert message.startswith("Please enlarge the terminal to 76 x 8 (now 75 x 24).")
        assert message.endswith("Esc goes back.")
        await pilot.resize_terminal(60, 20)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert app.screen is picker and picker.query_one("#seed", Input).value == "42"
        await pilot.resize_terminal(60, 20)
        await settle(pilot)
        await pilot.press("escape")  # back, as the picker's own esc: to the menu, too small
        await settle(pilot)
        assert picker not in app.screen_stack and isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
