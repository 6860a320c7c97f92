"""Hostile values for the engine's public calls and the command line, as hypothesis strategies.

What a careless caller or a hostile user gives where the engine expects cards, numbers, flags, text,
lists of players or paths: numpy scalars and 0-d arrays, ``Decimal``, ``Fraction``, ``complex``,
objects whose ``__index__`` or ``__len__`` lie, lists nested 3,000 deep or holding themselves, text a
megabyte long, fullwidth, zero-width, right-to-left and ANSI-escaped text, paths, and bytes-likes.
``tests/test_public_api_errors.py`` has the plainer ones (None, a float, a surrogate...); these are the
kinds it does not use. Each value is made fresh by its maker (an iterator is used up once read) and has
a label, so a failure names it.

The command line's strategies give argument lists, standard input and environments with the same
kinds, as bytes where a shell would pass bytes (``os.fsdecode``: an undecodable byte is a surrogate).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterator
from decimal import Decimal
from fractions import Fraction
from pathlib import Path, PurePosixPath
from typing import Any

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra.numpy import array_shapes, from_dtype
from hypothesis.extra.numpy import arrays as numpy_arrays


class LyingIndex:
    """Says it is a whole number (``__index__``), then answers something that is not an int."""

    def __index__(self) -> Any:
        return "5"

    def __repr__(self) -> str:
        return "LyingIndex()"


class ShiftingIndex:
    """A whole number that is a different one each time it is asked: 1, then 10**9, then 1..."""

    def __init__(self) -> None:
        self.asked = 0

    def __index__(self) -> int:
        self.asked += 1
        return 1 if self.asked % 2 else 10**9

    def __repr__(self) -> str:
        return "ShiftingIndex()"


class LyingLength:
    """A list of two cards by ``__len__``, endless when read."""

    def __init__(self, item: Any = "5H", length: int = 2) -> None:
        self.item, self.length, self.read = item, length, 0

    def __len__(self) -> int:
        return self.length

    def __iter__(self) -> Iterator[Any]:
        while True:
            self.read += 1
            if self.read > 100_000:
                raise AssertionError("a list that lied about its length was read past any sensible bound")
            yield self.item

    def __getitem__(self, index: int) -> Any:
        return self.item

    def __repr__(self) -> str:
        return f"LyingLength({self.item!r}, {self.length})"


def nested(depth: int) -> list[Any]:
    """``[[[...]]]``, ``depth`` lists deep (deeper than Python's recursion limit lets repr go)."""
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def self_holding() -> list[Any]:
    """A list that holds itself (and a card, so a reader looking for cards goes in)."""
    value: list[Any] = ["5H"]
    value.append(value)
    return value


#: (label, maker): made fresh for each call.
HOSTILE_KINDS: tuple[tuple[str, Callable[[], Any]], ...] = (
    ("numpy int", lambda: np.int64(5)),
    ("numpy uint8", lambda: np.uint8(255)),
    ("numpy float", lambda: np.float64(1.5)),
    ("numpy whole float", lambda: np.float32(2.0)),
    ("numpy bool", lambda: np.bool_(True)),
    ("numpy str", lambda: np.str_("5H")),
    ("0-d int array", lambda: np.array(3)),
    ("0-d bool array", lambda: np.array(True)),
    ("0-d str array", lambda: np.array("5H")),
    ("0-d float array", lambda: np.array(1.5)),
    ("int array", lambda: np.array([1, 2])),
    ("card array", lambda: np.array(["5H", "5D"])),
    ("Decimal", lambda: Decimal("2")),
    ("Decimal NaN", lambda: Decimal("NaN")),
    ("Fraction", lambda: Fraction(4, 2)),
    ("third", lambda: Fraction(1, 3)),
    ("complex", lambda: complex(2, 0)),
    ("complex nan", lambda: complex("nan+nanj")),
    ("lying __index__", LyingIndex),
    ("shifting __index__", ShiftingIndex),
    ("lying __len__", LyingLength),
    ("lying __len__ of numbers", lambda: LyingLength(0, 2)),
    ("nested 3,000 deep", lambda: nested(3000)),
    ("self-referencing list", self_holding),
    ("1 MB of cards", lambda: "5H " * 350_000),
    ("1 MB of digits", lambda: "9" * 1_000_000),
    ("fullwidth", lambda: "\uff15\uff28 \uff15\uff24"),
    ("zero-width", lambda: "5\u200bH"),
    ("right-to-left", lambda: "\u202e5H 5D"),
    ("ANSI", lambda: "\x1b[31m5H\x1b[0m"),
    ("path", lambda: Path("5H")),
    ("pure path", lambda: PurePosixPath("/no/such/folder/x.sqlite3")),
    ("bytes", lambda: b"5H"),
    ("bytearray", lambda: bytearray(b"5H")),
    ("memoryview", lambda: memoryview(b"5H")),
    ("undecodable bytes", lambda: b"\xff\xfe"),
)
HOSTILE_LABELS = tuple(label for label, _ in HOSTILE_KINDS)
#: Kinds whose values are text (a seed may be any text: taken, not refused).
TEXT_KINDS = frozenset(label for label, maker in HOSTILE_KINDS if isinstance(maker(), str))
#: Kinds that are a lot of work to read (a megabyte), drawn less often in the fast layer.
LARGE = frozenset({"1 MB of cards", "1 MB of digits", "nested 3,000 deep"})


def hostile_labels() -> st.SearchStrategy[str]:
    """One of :data:`HOSTILE_KINDS`' labels."""
    return st.sampled_from(HOSTILE_LABELS)


def make(label: str) -> Any:
    """A fresh value of the kind ``label``."""
    return dict(HOSTILE_KINDS)[label]()


def sequences() -> st.SearchStrategy[Any]:
    """Values given where a list (of cards, scores, players...) is asked for, drawn anew each time:
    numpy arrays of any dtype and 0 to 2 dimensions, numpy scalars, bytes-likes, lists whose
    ``__len__`` lies, lists nested up to 3,000 deep or holding themselves."""
    dtypes = st.sampled_from([np.dtype(kind) for kind in ("int64", "uint8", "float64", "bool", "<U2", "complex128")])
    arrays = dtypes.flatmap(lambda dtype: numpy_arrays(dtype, array_shapes(min_dims=0, max_dims=2, max_side=3)))
    scalars = dtypes.flatmap(from_dtype)
    data = st.binary(max_size=4)
    byte_likes = st.one_of(data, data.map(bytearray), data.map(memoryview))
    lying = st.builds(LyingLength, st.sampled_from(["5H", 0, None, ("5H", "5D")]), st.integers(0, 4))
    deep = st.integers(1, 3000).map(nested)
    return st.one_of(arrays, scalars, byte_likes, lying, deep, st.just(None).map(lambda _: self_holding()))


# --- the command line ------------------------------------------------------------------------------

#: Text a shell may hand over as an argument: each is what ``os.fsdecode`` makes of its bytes.
HOSTILE_WORDS: tuple[str, ...] = (
    os.fsdecode(b"\xff"), os.fsdecode(b"\xff.sqlite3"), os.fsdecode(b"caf\xe9"), os.fsdecode(b"\xc3"),
    "\uff15\uff28", "5\u200bH", "\u202e5H", "\x1b[31m5H\x1b[0m", "\x1b]0;pwned\x07", "a\nb", "~nosuchuser-cribbage/c",
    "--frob", "--version", "-x", "--", "-", "", " ", "9" * 10_000, "x" * 10_000, "5H" * 5_000,
)
#: Characters a hostile value is made of: bytes that are not UTF-8, escapes, invisible and wide ones.
_ODD_CHARACTERS = "".join(HOSTILE_WORDS[:4]) + "\x1b\x07\n\t\u200b\u202e\uff15\uff28~/-.5H9 "


def values(*valid: str) -> st.SearchStrategy[str]:
    """A value for an option or an argument: one of ``valid``, a hostile word, or odd characters."""
    return st.one_of(st.sampled_from(valid), st.sampled_from(HOSTILE_WORDS),
                     st.text(alphabet=_ODD_CHARACTERS, min_size=1, max_size=12))


def _options(*pairs: tuple[str, st.SearchStrategy[str] | None]) -> st.SearchStrategy[list[str]]:
    """Some of ``pairs`` (an option and its value's strategy, or None for a flag), in any order."""
    def one(pair: tuple[str, st.SearchStrategy[str] | None]) -> st.SearchStrategy[list[str]]:
        option, value = pair
        return st.just([option]) if value is None else value.map(lambda given: [option, given])
    return st.lists(st.sampled_from(pairs).flatmap(one), max_size=3).map(lambda lists: list(itertools.chain(*lists)))


CARDS = ("5H", "5D", "6H", "7S", "8C", "9D", "JC", "AS")


def command_lines() -> st.SearchStrategy[list[str]]:
    """Whole command lines, shaped as a person types them, with hostile values where values go (and now
    and then a hostile word anywhere, or no command at all)."""
    card = values(*CARDS)
    path = values("class.sqlite3", "out/report.csv", "a b.html")
    commands = st.one_of(
        st.tuples(st.lists(card, min_size=1, max_size=6), _options(("--crib", None))).map(
            lambda parts: ["score", *parts[0], *parts[1]]),
        st.tuples(st.lists(card, min_size=1, max_size=7), _options(("--dealer", None), ("--pone", None))).map(
            lambda parts: ["discard", *parts[0], *parts[1]]),
        _options(("--level", values("beginner", "standard")), ("--target", values("121", "61")),
                 ("--seed", values("3", "-1", "0x10")), ("--muggins", None)).map(
            lambda options: ["play", "--level", "beginner", *options]),
        st.tuples(st.lists(path, min_size=1, max_size=3),
                  _options(("--csv", path), ("--html", path), ("--xlsx", path), ("--language", values("es", "pt")))
                  ).map(lambda parts: ["progress", "report", *parts[0], *parts[1]]),
        st.just(["progress", "where"]),
        _options(("--dir", values("course-copy", "~/c", "~nosuchuser-cribbage/c")), ("--update", None),
                 ("--keep", None)).map(lambda options: ["course", *options]),
        st.lists(st.sampled_from(HOSTILE_WORDS), max_size=2),
    )
    extra = st.one_of(st.just([]), st.sampled_from(HOSTILE_WORDS).map(lambda word: [word]))
    language = st.sampled_from([[], ["--lang", "es"], ["--lang", "pt"]])
    return st.tuples(commands, extra, language).map(lambda parts: [*parts[0], *parts[1], *parts[2]])


def input_lines() -> st.SearchStrategy[bytes]:
    """What a person (or a pipe) may type into ``cribbage play``: lines of bytes, some not UTF-8."""
    line = st.sampled_from([b"\xff", b"\xc3", b"5H 5D", b"hint", b"go", b"\x1b[2J", b"\xef\xbc\x95H",
                            b"9" * 5_000, b"quit", b"", b"\x00", b"\xe2\x80\xae5H"])
    return st.lists(line, min_size=1, max_size=8).map(lambda lines: b"\n".join(lines) + b"\n")
