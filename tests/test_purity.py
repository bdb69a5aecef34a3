"""Import contract: the engine and the score store never import Textual or Rich.

Checked two ways: statically (every import statement in the source) and dynamically (importing every
module in a fresh interpreter must not load textual or rich).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE_ROOT = Path(__file__).resolve().parent.parent / "lines_tui"
PURE_PACKAGES = ("engine", "store")
FORBIDDEN = ("textual", "rich")


def pure_modules() -> list[Path]:
    return sorted(p for pkg in PURE_PACKAGES for p in (PACKAGE_ROOT / pkg).rglob("*.py"))


def imported_names(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", pure_modules(), ids=lambda p: str(p.relative_to(PACKAGE_ROOT)))
def test_pure_module_imports_no_ui_library(path: Path) -> None:
    offending = {n for n in imported_names(path) if n.split(".")[0] in FORBIDDEN}
    assert not offending, f"{path} imports {sorted(offending)}"


def test_importing_pure_packages_loads_no_ui_library() -> None:
    modules = [
        ".".join(p.relative_to(PACKAGE_ROOT.parent).with_suffix("").parts).removesuffix(".__init__")
        for p in pure_modules()
    ]
    script = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "", f"pure packages pulled in: {result.stdout.strip()}"
