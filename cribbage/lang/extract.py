"""Babel's extractor for the keyed catalogues: how ``pybabel extract`` finds the course's English.

A catalogue is Python source with entries ``"key": {"en": template}`` (a template is a string or
``Plural("one", "other")``), given to :func:`cribbage.lang.messages.add_catalogue`. Registered as the
``cribbage_catalogue`` extraction method (``pyproject.toml``, ``babel.extractors``), so the mapping
files ``babel-cribbage.cfg`` and ``babel-widgets.cfg`` and ``pybabel extract`` do the rest: each entry
becomes ``msgctxt`` key, ``msgid`` the English (``msgid_plural`` for a plural), with the comment above
the entry as the translators' note.
"""

from __future__ import annotations

import ast
import io
import tokenize
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from cribbage.registry.languages import SOURCE

__all__ = ["extract_catalogue"]


def extract_catalogue(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str],
                      options: Mapping[str, Any]) -> Iterator[tuple[int, str, tuple[str, ...], list[str]]]:
    """Yield ``(line, "pgettext" or "npgettext", (key, English...), comments)`` for each entry, as
    Babel's extractor protocol asks; Babel's default keywords take the key as the context."""
    source = fileobj.read().decode(str(options.get("encoding", "utf-8")))
    comments = _comments(source)
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Dict):
            continue
        for key, value in zip(node.keys, node.values):
            english = _english(value)
            if isinstance(key, ast.Constant) and isinstance(key.value, str) and english is not None:
                funcname = "npgettext" if len(english) == 2 else "pgettext"
                yield key.lineno, funcname, (key.value, *english), comments.get(key.lineno, [])


def _english(value: ast.expr) -> tuple[str, ...] | None:
    """The English of ``{"en": "text"}`` or ``{"en": Plural("one", "other")}`` (or a pair); else None."""
    if not (isinstance(value, ast.Dict) and len(value.keys) == 1 and isinstance(value.keys[0], ast.Constant)
            and value.keys[0].value == SOURCE):
        return None
    text = value.values[0]
    if isinstance(text, ast.Constant) and isinstance(text.value, str):
        return (text.value,)
    parts = text.args if isinstance(text, ast.Call) else text.elts if isinstance(text, ast.Tuple) else []
    strings = tuple(part.value for part in parts if isinstance(part, ast.Constant) and isinstance(part.value, str))
    if len(strings) == 2 == len(parts):
        return strings
    raise ValueError(f"line {text.lineno}: an English template is a string or Plural('one', 'other') of strings")


def _comments(source: str) -> dict[int, list[str]]:
    """Line -> the comment lines right above it: what the catalogue says to its translators."""
    found: dict[int, list[str]] = {}
    block: list[str] = []
    last = 0
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT and token.line.strip().startswith("#"):
            block = ([*block] if token.start[0] == last + 1 else []) + [token.string.lstrip("#").strip()]
            last = token.start[0]
        elif token.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT) and block:
            if token.start[0] == last + 1:
                found[token.start[0]] = block
            block = []
    return found
