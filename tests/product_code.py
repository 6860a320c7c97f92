"""The product's Python code parsed once per test process, for the tests that read it rather than run
it (the layout's rules, the languages and the stops spelled outside their registries): each of them
walks every module, and parsing them all again for each costs about a second of the fast layer."""

from __future__ import annotations

import ast
import functools
from pathlib import Path


def parsed(path: Path) -> ast.Module:
    """``path``'s syntax tree, from its text as it is now (a file written anew is parsed anew). Shared:
    walk it, never change it."""
    return _parse(path.read_text(encoding="utf-8"))


@functools.cache
def _parse(text: str) -> ast.Module:
    return ast.parse(text)
