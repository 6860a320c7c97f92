"""The translations of every catalogue, as gettext catalogues (``.po``) that translators' tools read.

English is the source: it stays beside the code in the Python catalogues (key -> ``{"en": template}``).
Every other language lives in ``<package>/locale/<language>/LC_MESSAGES/<domain>.po``, one entry per
key: ``msgctxt`` is the key, ``msgid`` the English it translates (``msgid_plural`` for a plural),
``msgstr`` the translation. Babel reads the files; the catalogue's own ``Plural-Forms`` rule (a C
expression of ``n``, evaluated by :func:`gettext.c2py`) chooses a plural's form; Babel's number
patterns give the decimal mark. ``python -m widgets.translation_tools check`` (and the test suite) names
every translation that is missing, fuzzy or stale (its ``msgid`` is not the current English).

A stale translation whose placeholders still agree with the English is used until it is redone (a
learner reads a slightly old sentence in their language rather than English); an empty or missing
one, or one whose placeholders differ from the English, falls back to English.
"""

from __future__ import annotations

import functools
import gettext
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

__all__ = [
    "ENGINE_DOMAIN",
    "ENGINE_LOCALE",
    "PoCatalogue",
    "PoEntry",
    "format_number",
    "plural_index",
    "po_path",
    "read_catalogue",
]

#: Where the engine's translations live, and their gettext domain.
ENGINE_LOCALE = Path(__file__).resolve().parents[1] / "locale"
ENGINE_DOMAIN = "cribbage"


@dataclass(frozen=True)
class PoEntry:
    """One translation: the English it was made from and its forms (one, or one per plural form)."""

    key: str
    msgid: str
    msgid_plural: str | None
    strings: tuple[str, ...]
    fuzzy: bool
    lineno: int


@dataclass(frozen=True)
class PoCatalogue:
    """One language's ``.po`` file: its plural rule and its entries by key (``msgctxt``)."""

    path: Path
    language: str
    plural_rule: str
    num_plurals: int
    entries: dict[str, PoEntry] = field(default_factory=dict)


def po_path(locale_dir: Path, domain: str, language: str) -> Path:
    """``<locale_dir>/<language>/LC_MESSAGES/<domain>.po``: the layout gettext and Babel expect."""
    return locale_dir / language / "LC_MESSAGES" / f"{domain}.po"


@functools.cache
def read_catalogue(path: Path, language: str) -> PoCatalogue | None:
    """The catalogue at ``path`` (None when there is none). A file that cannot be read is an error
    of the project, not of a learner: it is raised with the file's name."""
    if not path.exists():
        return None
    from babel.messages.pofile import read_po  # read once per file; English-only runs never pay for it
    try:
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=language, abort_invalid=True)
    except Exception as error:  # Babel raises its own PoFileError and ValueError on bad files
        raise ValueError(f"{path}: not a readable .po catalogue ({error})") from None
    entries: dict[str, PoEntry] = {}
    for item in catalog:
        if not item.id or item.context is None:
            continue   # the header, or an entry not made by our tools (no key)
        ids = item.id if isinstance(item.id, (tuple, list)) else (item.id,)
        strings = item.string if isinstance(item.string, (tuple, list)) else (item.string,)
        entries[item.context] = PoEntry(item.context, str(ids[0]), str(ids[1]) if len(ids) > 1 else None,
                                        tuple(str(s) for s in strings), bool(item.fuzzy), int(item.lineno or 0))
    return PoCatalogue(path, language, str(catalog.plural_expr), int(catalog.num_plurals), entries)


@functools.cache
def _plural_function(rule: str) -> Callable[[int], int]:
    return gettext.c2py(rule)


def plural_index(rule: str, n: int) -> int:
    """Which form of a plural the catalogue's rule chooses for ``n`` (``(n != 1)``: 0 for one, else 1)."""
    return int(_plural_function(rule)(n))


_SPEC = re.compile(r"^(?P<sign>[+]?)(?P<width>\d*)(?:\.(?P<places>\d+))?(?P<kind>[fg%]?)$")


def format_number(value: float, language: str, spec: str = ".2f") -> str:
    """``value`` as ``format(value, spec)`` would write it in English, with ``language``'s number
    symbols from Babel's locale data: ``format_number(12.5, "es", ".1f") == "12,5"``.

    Python rounds (so English stays exactly what ``format`` gives); Babel's pattern for the locale
    writes the digits: the decimal mark, the minus and plus signs and the percent sign.
    """
    match = _SPEC.match(spec)
    if match is None:
        raise ValueError(f"not a number format this catalogue uses: {spec!r}")
    from babel.numbers import format_decimal, format_percent
    kind = match["kind"] or "f"
    english = format(value, (match["sign"] + "." + (match["places"] or "6") + kind) if kind != "g" else
                     match["sign"] + ("." + match["places"] if match["places"] else "") + "g")
    digits = english.rstrip("%")
    if "e" in digits or "n" in digits.lower():   # exponent, nan, inf: no pattern writes these
        text = english
    else:
        places = len(digits.split(".", 1)[1]) if "." in digits else 0
        base = "0" + ("." + "0" * places if places else "") + ("%" if kind == "%" else "")
        pattern = f"+{base};-{base}" if match["sign"] else base
        number = Decimal(digits)
        if kind == "%":
            text = format_percent(number / 100, format=pattern, locale=language)
        else:
            text = format_decimal(number, format=pattern, locale=language)
    width = int(match["width"] or 0)
    return text.rjust(width)
