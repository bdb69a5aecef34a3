"""The import contracts (pyproject.toml, `[tool.importlinter]`): cli -> commands -> ui ->
engine / store, and inside ui the app above the screens; no import circle anywhere. What a start
may import is in tests/test_first_frame.py."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent
LINT = (
    "from importlinter.cli import lint_imports\n"
    "raise SystemExit(lint_imports(no_cache=True, no_logo=True))\n"
)


def test_the_import_contracts_are_kept() -> None:
    result = subprocess.run([sys.executable, "-c", LINT], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_module_is_imported_back_by_what_it_imports() -> None:
    """Every import at any depth (inside functions and under TYPE_CHECKING too): a module never
    reaches itself again through the modules it imports."""
    graph = grimp.build_graph("lines_tui")
    circles = []
    for importer in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            back = graph.find_shortest_chain(importer=imported, imported=importer)
            if back is not None:
                circles.append(" -> ".join((importer, *back)))
    assert not circles, "\n".join(circles)
