"""The rules of the code's layout that import-linter's contracts (``make lint``) do not state.

- A private name (``_x``) is never imported from another sub-package: what one room needs of another
  is public, documented and typed. Not even from another module of the same room (in the engine,
  the machinery and the views), by import or as an attribute of an imported module: a module's
  private names are its own (``from x import words as _words``, a public module under a private
  alias, is fine).
- No module of the engine or the widgets imports the engine or the widgets inside a function: the
  imports at the top of a module are its whole dependency, so a circle cannot hide in a function and
  nothing is registered by a late import. One module is the exception, named in ``LATE``: the
  charts, which bring matplotlib, are imported when a chart is first drawn, not to show one kept.
- Runtime modules never run as scripts: tables are rebuilt by ``python -m cribbage.build``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from product_code import parsed

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("cribbage", "machinery", "widgets")
# Imported inside a function on purpose, and why.
LATE = {"widgets.blocks.charts": "brings matplotlib (0.4 s of CPU): a kernel showing a chart kept in "
                          "machinery/chart_cache.py, and the app's first paints, never import it",
        "cribbage.progress.report": "brings openpyxl: every cribbage command (cribbage course's start, which "
                                    "wrote 1.5 MB of its bytecode into a learner's .venv) would import it "
                                    "for the teacher's report alone"}


def _modules() -> Iterator[tuple[str, Path, ast.Module]]:
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            yield ".".join(parts), path, parsed(path)


def _room(module: str) -> str:
    """The sub-package a module lives in: ``cribbage.ai.expert`` -> ``cribbage.ai``; a module of a
    flat package (``widgets.lab.views``) lives in the package."""
    parts = module.split(".")
    if len(parts) > 1 and (ROOT / parts[0] / parts[1]).is_dir():
        return ".".join(parts[:2])
    return parts[0]


def _imported_from(module: str, path: Path, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if path.name != "__init__.py":
        base.pop()
    base = base[:len(base) - node.level + 1]
    return ".".join([*base, node.module] if node.module else base)


def _ours(name: str) -> bool:
    return name.split(".")[0] in PACKAGES


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_imports_across_rooms() -> list[str]:
    found = []
    for module, path, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                source = _imported_from(module, path, node)
                if _ours(source) and _room(source) != _room(module):
                    found += [f"{module} imports {source}.{alias.name}" for alias in node.names
                              if _private(alias.name)]
    return found


def private_names_across_modules() -> list[str]:
    found = []
    for module, path, tree in _modules():
        imported: dict[str, str] = {}  # a local name -> the module of ours it stands for
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                source = _imported_from(module, path, node)
                if not _ours(source) or source == module:
                    continue
                for alias in node.names:
                    if _private(alias.name):
                        found.append(f"{module} imports {source}.{alias.name}")
                    else:  # perhaps a module: its attributes are read below
                        imported[alias.asname or alias.name] = f"{source}.{alias.name}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if _ours(alias.name) and alias.asname:
                        imported[alias.asname] = alias.name
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and _private(node.attr) and isinstance(node.value, ast.Name)
                    and node.value.id in imported):
                found.append(f"{module} reads {imported[node.value.id]}.{node.attr}")
    return found


def late_imports() -> list[str]:
    found = []
    for module, path, tree in _modules():
        for function in ast.walk(tree):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.ImportFrom):
                    names = [_imported_from(module, path, node)]
                elif isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                else:
                    continue
                if any(_ours(name) and name not in LATE for name in names):
                    found.append(f"{module}:{node.lineno} {ast.unparse(node)}")
    return found


def scripts() -> list[str]:
    found = []
    for module, _, tree in _modules():
        if module.split(".")[-1] == "__main__" or module.startswith(("machinery.", "cribbage.build.")):
            continue
        for node in tree.body:
            if isinstance(node, ast.If) and "__name__" in ast.unparse(node.test):
                found.append(module)
    return found


@pytest.mark.parametrize("check", [private_imports_across_rooms, private_names_across_modules, late_imports,
                                   scripts])
def test_the_layout_holds(check) -> None:
    assert check() == []


def test_the_checks_find_what_they_look_for(tmp_path, monkeypatch) -> None:
    # A small tree that breaks each rule once: each check must name it.
    for package in PACKAGES:
        (tmp_path / package / "ai").mkdir(parents=True)
        (tmp_path / package / "__init__.py").write_text("")
        (tmp_path / package / "ai" / "__init__.py").write_text("")
    (tmp_path / "cribbage" / "rules.py").write_text("_hidden = 1\n")
    (tmp_path / "cribbage" / "ai" / "peek.py").write_text(
        "from cribbage.rules import _hidden\n\ndef late():\n    from cribbage import rules\n"
        "\nif __name__ == '__main__':\n    late()\n")
    # In the same room: a private name imported, and one read from a module; a public module under a
    # private alias, and a module's own private names, are fine.
    (tmp_path / "cribbage" / "ai" / "tables.py").write_text("_rows = 1\n_cols = 2\n")
    (tmp_path / "cribbage" / "ai" / "near.py").write_text(
        "from cribbage.ai.tables import _rows\nfrom cribbage.ai import tables\nfrom cribbage.ai import tables as _t\n"
        "import cribbage.ai.tables as t2\n_own = tables._cols + t2._cols + _t.__name__\n")
    monkeypatch.setitem(globals(), "ROOT", tmp_path)
    assert private_imports_across_rooms() == ["cribbage.ai.peek imports cribbage.rules._hidden"]
    assert private_names_across_modules() == [
        "cribbage.ai.near imports cribbage.ai.tables._rows", "cribbage.ai.near reads cribbage.ai.tables._cols",
        "cribbage.ai.near reads cribbage.ai.tables._cols", "cribbage.ai.peek imports cribbage.rules._hidden"]
    assert late_imports() == ["cribbage.ai.peek:4 from cribbage import rules"]
    assert scripts() == ["cribbage.ai.peek"]
