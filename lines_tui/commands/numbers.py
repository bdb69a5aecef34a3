"""Options that take a whole number within a range (`--size`, `--seed`, `--survey`,
`--workers`, `--entry`): click checks the range and shows it in the help, as for any range, and
a value that is no number at all is told in a player's words ("'abc' is not a valid whole
number.", where click says "int range"), the value shown as `N` in the help."""

from __future__ import annotations

from typing import Any

import typer
from typer._click.types import IntRange  # typer carries its own click (pyproject pins it)


class WholeNumber(IntRange):
    name = "whole number"


def whole_number_option(name: str, low: int, high: int | None, help: str) -> Any:
    """`name N`, from `low` to `high` (None: no upper bound); typer.Option's own type."""
    return typer.Option(name, metavar="N", click_type=WholeNumber(min=low, max=high), help=help)
