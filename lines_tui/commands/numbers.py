"""Options that take a number. A whole number within a range (`--size`, `--seed`, `--survey`,
`--workers`, `--entry`): click checks the range and shows it in the help, as for any range, and
a value that is no number at all is told in a player's words ("'abc' is not a valid whole
number.", where click says "int range"), the value shown as `N` in the help. A time in seconds
(`solve --timeout`): a positive, finite number, refused as it was typed ("'1e400' is not a
positive, finite number of seconds.", where click says "float" and the command then said
"inf"). Both repeat a value they refuse alike (`value_said`): a number in digits too long to
repeat whole by its count, any other value as every refusal repeats outside text
(`visible_text.repeated`)."""

from __future__ import annotations

import math
import re
from typing import Any

import typer
from typer._click.types import FloatParamType, IntRange  # typer carries its own click

from lines_tui.engine.deal_choice import number_said, said_whole, typed_number
from lines_tui.engine.visible_text import repeated
from lines_tui.store.paste import find_codes

DEAL_NUMBER = "a deal number"
"""What `--seed` takes (`WholeNumber.what`): the one number a share code is given for."""
ENTRY_NUMBER = "an entry number"
"""What `--entry` and `scores remove` take: a place in a table or a code, from 1."""


class WholeNumber(IntRange):
    name = "whole number"

    def __init__(self, min: int, max: int | None = None, what: str = "a number") -> None:
        """`what` the number is, as a refusal of one too long to repeat names it (`--seed`:
        "a deal number")."""
        super().__init__(min=min, max=max)
        self.what = what

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        # Python's int() also reads other scripts' digits, "1_000" and spaces around, where a
        # table id (`lines-9+deal-12`) takes ASCII digits only: a number is written one way.
        if isinstance(value, str) and not re.fullmatch(r"-?[0-9]+", value):
            if self.what == DEAL_NUMBER and find_codes(value):  # a review's `--seed CODE`
                self.fail(
                    f"{value_said(value)} is a share code, not {self.what}: "
                    "lines-tui challenge CODE plays its deal.",
                    param,
                    ctx,
                )
            # A number written otherwise ("+42", fullwidth digits) is no whole number here.
            self.fail(f"{value_said(value)} is not a valid {self.name}.", param, ctx)
        if isinstance(value, str) and not said_whole(value):
            # Out of every range here; not repeated whole (nor read: Python refuses to read
            # more than 4,300 digits, and click then echoed them all as "not a valid integer").
            said = number_said(value, self.what)
            if self.max is None and not value.startswith("-"):
                # Within `x>=1`, as that range would say; no table or code holds so many.
                self.fail(f"{said} is larger than any there is.", param, ctx)
            self.fail(f"{said} is not in the range {self._describe_range()}.", param, ctx)
        return super().convert(value, param, ctx)


def value_said(value: str) -> str:
    """A value refused as no number it takes, as the refusal repeats it: a number written in
    digits too long to repeat whole is told by its count (`number_said`: "a number of 400
    digits"), as the layout picker tells it; any other value quoted, as every refusal repeats
    outside text (`repeated`): a screenful pasted was echoed whole, and 400 digits cut showed
    159 of them, leaving how many there were unknown."""
    if typed_number(value) and not said_whole(value):
        return number_said(value, "a number")
    return f"'{repeated(value)}'"


def whole_number_option(
    name: str, low: int, high: int | None, help: str, what: str = "a number"
) -> Any:
    """`name N`, from `low` to `high` (None: no upper bound), `what` it is ("a deal number");
    typer.Option's own type."""
    return typer.Option(
        name, metavar="N", click_type=WholeNumber(min=low, max=high, what=what), help=help
    )


class Seconds(FloatParamType):
    name = "positive, finite number of seconds"

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        if isinstance(value, float):  # the default
            return value
        try:
            seconds = float(value) if re.fullmatch(r"[0-9.eE+-]+", value) else math.nan
        except ValueError:
            seconds = math.nan
        if not (math.isfinite(seconds) and seconds > 0):
            self.fail(f"{value_said(value)} is not a {self.name}.", param, ctx)
        return seconds


def seconds_option(name: str, help: str) -> Any:
    """`name SECONDS`, a positive, finite number; typer.Option's own type."""
    return typer.Option(name, metavar="SECONDS", click_type=Seconds(), help=help)
