"""Builds and checks the course's JupyterLab language packs (see :mod:`machinery.langpacks`) with Babel's
own reader of ``.po``/``.mo`` files.

``python -m machinery.langpacks.build [build|check|vendor LOCALE MO_FILE]``:

- ``build`` (``make catalogues``): each locale's ``official.po`` and ``course.po`` merged into the
  ``jupyterlab.json`` JupyterLab's page reads (the course's translation wins where both have one);
- ``check`` (``make check-catalogues``): writes nothing; fails naming each ``jupyterlab.json`` that
  ``build`` would change, and each fuzzy or empty entry of a ``course.po``;
- ``vendor LOCALE MO_FILE``: an official pack's released ``jupyterlab.mo`` written as the locale's
  ``official.po`` (when a new official pack is taken in; its name and version go in the header).
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po, write_po

from cribbage.registry.languages import LANGUAGES, TRANSLATED

__all__ = ["DOMAIN", "HERE", "JUPYTERLAB_LINE", "LOCALES", "catalogue", "domains", "json_path", "locale_data",
           "main", "po_path", "problems", "translate"]

HERE = Path(__file__).resolve().parent
#: JupyterLab's gettext domain (its core's messages; an extension has its own, e.g. ``jupyterlab_widgets``).
DOMAIN = "jupyterlab"
#: The release line of JupyterLab whose messages the packs were completed for (pinned in pyproject.toml).
JUPYTERLAB_LINE = "4.6"
#: The locale of each translated language's pack (the registry's ``lab_locale``), by language code.
LOCALES: dict[str, str] = {entry.code: entry.lab_locale for entry in LANGUAGES if entry.code in TRANSLATED}
#: The two sources of a pack, in the order they are merged (the later wins).
SOURCES = ("official", "course")
# gettext's separator between a message's context and its text, as JupyterLab's page looks it up.
_CONTEXT = "\x04"


def po_path(locale: str, source: str, domain: str = DOMAIN) -> Path:
    """``po/<locale>/<domain>/<source>.po``: the official pack's translations or the course's own."""
    return HERE / "po" / locale / domain / f"{source}.po"


def domains(locale: str) -> list[str]:
    """The gettext domains ``locale``'s pack translates (a folder each under ``po/<locale>``; none yet
    for a language just added to the registry)."""
    folder = HERE / "po" / locale
    return sorted(domain.name for domain in folder.iterdir() if domain.is_dir()) if folder.is_dir() else []


def json_path(locale: str, domain: str = DOMAIN) -> Path:
    """The built pack's data, where jupyterlab_server reads it (``<locale>/locale/<locale>/LC_MESSAGES``)."""
    return HERE / locale / "locale" / locale / "LC_MESSAGES" / f"{domain}.json"


def catalogue(locale: str, source: str, domain: str = DOMAIN) -> Catalog:
    """One source of ``locale``'s pack (an empty catalogue where the domain has none), as Babel reads it."""
    path = po_path(locale, source, domain)
    if not path.exists():
        return Catalog(locale=locale)
    with path.open("rb") as handle:
        return read_po(handle, locale=locale)


def _strings(message: Message) -> list[str]:
    # A message's translations: one, or one per plural form (Babel gives a plural's as a tuple).
    strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
    return [str(text) if text else "" for text in strings]


def _translated(catalog: Catalog) -> Iterator[Message]:
    for message in catalog:
        if message.id and not message.fuzzy and all(_strings(message)):
            yield message


def _key(message: Message) -> str:
    # A plural message is looked up by its singular, as JupyterLab's Gettext does.
    text = str(message.id[0] if isinstance(message.id, (tuple, list)) else message.id)
    return f"{message.context}{_CONTEXT}{text}" if message.context else text


def locale_data(locale: str, domain: str = DOMAIN) -> dict[str, Any]:
    """``locale``'s ``<domain>.json``: the header JupyterLab reads (domain, language, plural forms,
    version), then every translated message of the official pack and of the course's, sorted."""
    merged: dict[str, list[str]] = {}
    plural_forms = ""
    for source in SOURCES:
        catalog = catalogue(locale, source, domain)
        plural_forms = catalog.plural_forms
        for message in _translated(catalog):
            merged[_key(message)] = _strings(message)
    header = {"domain": domain, "language": locale.replace("_", "-"), "plural_forms": plural_forms,
              "version": JUPYTERLAB_LINE}
    return {"": header, **dict(sorted(merged.items()))}


def translate(locale: str, text: str, context: str | None = None, domain: str = DOMAIN) -> str | None:
    """The built pack's translation of ``text`` (in ``context``), as JupyterLab shows it; None when the
    pack has none (JupyterLab would show the English)."""
    data = _built(locale, domain)
    strings = data.get(f"{context}{_CONTEXT}{text}" if context else text)
    return strings[0] if strings else None


_CACHE: dict[tuple[str, str], dict[str, Any]] = {}


def _built(locale: str, domain: str) -> dict[str, Any]:
    if (locale, domain) not in _CACHE:
        _CACHE[locale, domain] = json.loads(json_path(locale, domain).read_text(encoding="utf-8"))
    return _CACHE[locale, domain]


def _render(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def problems(locale: str) -> list[str]:
    """What ``check`` names for ``locale``: a built pack out of date, a fuzzy or empty course entry."""
    found = []
    if not domains(locale):
        found.append(f"no JupyterLab language pack for {locale}: vendor the official one (python -m "
                     f"machinery.langpacks.build vendor {locale} <its jupyterlab.mo> --origin '<package> <version>'), "
                     f"add {locale}/__init__.py and its jupyterlab.languagepack entry point in pyproject.toml")
    for domain in domains(locale):
        path = json_path(locale, domain)
        if not path.exists() or path.read_text(encoding="utf-8") != _render(locale_data(locale, domain)):
            found.append(f"{path.relative_to(HERE.parents[1])} is out of date: run make catalogues")
        course = catalogue(locale, "course", domain)
        done = {_key(message) for message in _translated(course)}
        found += [f"{po_path(locale, 'course', domain).relative_to(HERE.parents[1])}: untranslated or fuzzy: {message.id!r}"
                  for message in course if message.id and _key(message) not in done]
    return found


def build() -> list[Path]:
    """Every locale's ``jupyterlab.json`` written (again) from its two sources."""
    written = []
    for locale in LOCALES.values():
        for domain in domains(locale):
            path = json_path(locale, domain)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(_render(locale_data(locale, domain)), encoding="utf-8")
            written.append(path)
    _CACHE.clear()
    return written


def vendor(locale: str, mo_file: Path, origin: str) -> Path:
    """An official pack's ``jupyterlab.mo`` (from the release ``origin``, e.g.
    ``jupyterlab-language-pack-es-ES 4.5.post3``) written as ``locale``'s ``official.po``."""
    with mo_file.open("rb") as handle:
        catalog = read_mo(handle)
    catalog.locale = locale   # Babel's setter takes a locale's name
    catalog.project, catalog.version = "JupyterLab", origin
    catalog.header_comment = (f"# JupyterLab's messages in {locale}: the official language pack, {origin}\n"
                              "# (https://github.com/jupyterlab/language-packs), read from its jupyterlab.mo.\n"
                              "# Copyright (c) Project Jupyter Contributors; BSD licence: ../../../LICENSE-language-packs.txt")
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, omit_header=False, sort_output=True)
    path = po_path(locale, "official")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())
    return path


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(prog="python -m machinery.langpacks.build", description=__doc__.split("\n")[0])
    parser.add_argument("command", nargs="?", default="build", choices=["build", "check", "vendor"])
    parser.add_argument("locale", nargs="?")
    parser.add_argument("mo_file", nargs="?", type=Path)
    parser.add_argument("--origin", default="", help="vendor: the official release's name and version")
    options = parser.parse_args(argv)
    if options.command == "vendor":
        if not (options.locale and options.mo_file and options.origin):
            parser.error("vendor needs LOCALE MO_FILE --origin 'package version'")
        print(vendor(options.locale, options.mo_file, options.origin))
        return 0
    if options.command == "check":
        found = [problem for locale in LOCALES.values() for problem in problems(locale)]
        print("\n".join(found), file=sys.stderr) if found else None
        return 1 if found else 0
    for path in build():
        print(path.relative_to(HERE.parents[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
