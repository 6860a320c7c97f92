"""How the command line writes back what it was given: paths, lines typed, values.

A name the system hands over as bytes that are not UTF-8 reaches Python with each such byte as a lone
surrogate (``os.fsdecode``: the byte 0xff is U+DCFF); printed as it is, it fails on a UTF-8 terminal
(``UnicodeEncodeError``) or sends the raw byte. It is written as git writes such a name
(``core.quotePath``): in double quotes, each byte that is not text as a backslash and three octal
digits, a control character as its C escape, an invisible one (zero-width, right-to-left) as its
UTF-8 bytes in octal, and ``"`` and ``\\`` escaped: ``"\\377.sqlite3"``. A name that needs none of
that is written as it is (``Lições/ana.sqlite3``). :func:`checked_path` refuses such a name in the
engine's words, before anything is read or written; :func:`shortened` cuts a long value for an error.
"""

from __future__ import annotations

import os

from cribbage.lang.messages import add_catalogue, message
from cribbage.rules.errors import CribbageError

__all__ = ["checked_path", "escaped", "escaped_character", "is_undecodable", "shortened"]

add_catalogue({
    # {path} is the name as given, written as git writes a name that is not text: "\377.sqlite3".
    # {what}: the progress file, the folder... (cli.path.what.*).
    "cli.path.not_utf8": {"en": "{what} {path} has a name that is not UTF-8 text: rename it, or choose another "
                                "(nothing was read or written)"},
    "cli.path.what.file": {"en": "the file"},
    "cli.path.what.folder": {"en": "the folder"},
    # {path} as given, ~user/...: the user or their home folder is unknown on this computer.
    "cli.path.no_home": {"en": "cannot find the home folder in {path}: give the full path instead"},
})

# The C escapes git uses for control characters; any other is written in octal.
_C_ESCAPES = {"\a": "\\a", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\v": "\\v", "\f": "\\f", "\r": "\\r",
              '"': '\\"', "\\": "\\\\"}
_SURROGATE_BYTES = range(0xDC80, 0xDD00)  # os.fsdecode's stand-ins for the bytes 0x80..0xff


def is_undecodable(text: str) -> bool:
    """Whether ``text`` holds a lone surrogate: a byte that was not UTF-8, or a broken character."""
    return any("\ud800" <= ch <= "\udfff" for ch in text)


def escaped_character(ch: str) -> str | None:
    """``ch`` as git escapes it, or None when it is written as it is."""
    if ch in _C_ESCAPES:
        return _C_ESCAPES[ch]
    code = ord(ch)
    if code in _SURROGATE_BYTES:
        return f"\\{code - 0xDC00:03o}"
    if "\ud800" <= ch <= "\udfff":
        return "".join(f"\\{byte:03o}" for byte in ch.encode("utf-8", "surrogatepass"))
    if ch.isprintable():
        return None
    return "".join(f"\\{byte:03o}" for byte in ch.encode("utf-8"))


def escaped(path: str | os.PathLike[str]) -> str:
    """``path`` as a person reads it back: as it is, or quoted and escaped as git writes a name that is not
    plain text (see the module's docstring)."""
    text = os.fspath(path)
    pieces = [escaped_character(ch) for ch in text]
    if all(piece is None for piece in pieces):
        return text
    return '"' + "".join(ch if piece is None else piece for ch, piece in zip(text, pieces)) + '"'


def shortened(text: str, most: int = 40) -> str:
    """``text`` cut to ``most`` characters (its first ones and "..."), as the engine's errors cut what they quote."""
    return text if len(text) <= most else text[:most - 3] + "..."


def checked_path(path: str, what: str) -> str:
    """``path`` if the course can keep it (UTF-8 text, no NUL); else the engine's refusal naming it, written
    as git writes it. ``what`` is ``file`` or ``folder``."""
    if is_undecodable(path) or "\x00" in path:
        raise CribbageError(message("cli.path.not_utf8", what=message(f"cli.path.what.{what}"),
                                    path=shortened(escaped(path), 80)))
    return path
