"""Where translations come from: gettext's compiled catalogues (``.mo``), and Babel's number symbols.

English is the source: it stays beside the code, in the keyed catalogues (key -> ``{"en": template}``).
Every other language lives in ``<package>/locale/<language>/LC_MESSAGES/<domain>.po`` (``msgctxt`` the
key, ``msgid`` the English, ``msgid_plural`` for a plural), made and kept with Babel's own commands
(``make catalogues``: ``pybabel extract``, ``pybabel update``, ``pybabel compile``). Installing the
project compiles each ``.po`` to its ``.mo`` (``setup.py``), and the engine reads the ``.mo`` through
:mod:`gettext`. In a working copy where a ``.po`` was edited since its ``.mo`` was compiled, the
``.po`` is compiled in memory by Babel instead, so a translator sees their words without reinstalling.
"""

from __future__ import annotations

import functools
import gettext
import io
import re
from decimal import Decimal
from pathlib import Path

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent

from cribbage.registry.languages import SOURCE
from cribbage.registry.languages import language as registered

__all__ = [
    "ENGINE_DOMAIN",
    "ENGINE_LOCALE",
    "babel_locale",
    "format_number",
    "ordinal_form",
    "plural_rule",
    "translations",
]

#: Where the engine's translations live, and their gettext domain.
ENGINE_LOCALE = Path(__file__).resolve().parents[1] / "locale"
ENGINE_DOMAIN = "cribbage"


@functools.cache
def translations(locale_dir: Path, domain: str, language: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``domain`` in ``language``: a :class:`gettext.GNUTranslations`, or
    an empty :class:`gettext.NullTranslations` for English and for a language with no catalogue
    (every message then says its English)."""
    folder = locale_dir / language / "LC_MESSAGES"
    po, mo = folder / f"{domain}.po", folder / f"{domain}.mo"
    if language == SOURCE or not po.exists():
        return gettext.NullTranslations()
    if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
        return gettext.translation(domain, str(locale_dir), languages=[language])
    try:
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=babel_locale(language), abort_invalid=True)
    except Exception as error:  # Babel raises its own PoFileError and ValueError on bad files
        raise ValueError(f"{po}: not a readable .po catalogue ({error})") from None
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def babel_locale(language: str) -> str:
    """The locale Babel writes ``language``'s numbers and ordinals by (the registry's ``babel_locale``):
    the one place a course language becomes a Babel locale.

    >>> babel_locale("pt")
    'pt'
    """
    return registered(language).babel_locale


def ordinal_form(n: int, language: str) -> str:
    """Which of ``language``'s ordinal forms ``n`` takes, by Babel's CLDR rules: ``zero``, ``one``,
    ``two``, ``few``, ``many`` or ``other`` (English 1st, 2nd, 3rd, 4th: ``one``, ``two``, ``few``,
    ``other``; 21st is ``one`` again). A catalogue words each form (``drill.ordinal.<form>``).

    >>> [ordinal_form(n, "en") for n in (1, 2, 3, 4, 11, 21)]
    ['one', 'two', 'few', 'other', 'other', 'one']
    """
    return str(Locale.parse(babel_locale(language)).ordinal_form(n))


def plural_rule(catalogue: gettext.NullTranslations) -> tuple[int, str]:
    """The number of plural forms and the rule (a C expression of ``n``) a catalogue's header gives;
    ``(2, "(n != 1)")``, the English rule, for a catalogue without one."""
    header = catalogue.info().get("plural-forms", "")
    found = re.search(r"nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;]+)", header)
    return (int(found[1]), found[2].strip()) if found else (2, "(n != 1)")


_SPEC = re.compile(r"^(?P<sign>[+]?)(?P<width>\d*)(?:\.(?P<places>\d+))?(?P<kind>[fg%]?)$")


@functools.lru_cache(maxsize=16)
def _percent_sign(language: str) -> tuple[str, str]:
    """What the language writes before and after a percentage's digits, from its standard pattern
    (English and Portuguese ``"53%"``, Spanish ``"53\u00a0%"``: a non-breaking space before the sign)."""
    pattern = Locale.parse(babel_locale(language)).percent_formats[None].pattern.split(";")[0]
    digits = [i for i, c in enumerate(pattern) if c in "#0,."]
    return pattern[:digits[0]], pattern[digits[-1] + 1:]


def format_number(value: float, language: str, spec: str = ".2f") -> str:
    """``value`` as ``format(value, spec)`` would write it in English, with ``language``'s number
    symbols from Babel's locale data: ``format_number(12.5, "es", ".1f") == "12,5"``.

    Python rounds (so English stays exactly what ``format`` gives); Babel's pattern for the locale
    writes the digits: the decimal mark, the minus and plus signs and the percent sign.
    """
    match = _SPEC.match(spec)
    if match is None:
        raise ValueError(f"not a number format this catalogue uses: {spec!r}")
    kind = match["kind"] or "f"
    english = format(value, (match["sign"] + "." + (match["places"] or "6") + kind) if kind != "g" else
                     match["sign"] + ("." + match["places"] if match["places"] else "") + "g")
    digits = english.rstrip("%")
    if "e" in digits or "n" in digits.lower():   # exponent, nan, inf: no pattern writes these
        text = english
    else:
        places = len(digits.split(".", 1)[1]) if "." in digits else 0
        base = "0" + ("." + "0" * places if places else "")
        if kind == "%":
            before, after = _percent_sign(language)
            base = before + base + after
        pattern = f"+{base};-{base}" if match["sign"] else base
        number = Decimal(digits)
        if kind == "%":
            text = format_percent(number / 100, format=pattern, locale=babel_locale(language))
        else:
            text = format_decimal(number, format=pattern, locale=babel_locale(language))
    width = int(match["width"] or 0)
    return text.rjust(width)
