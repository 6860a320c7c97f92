"""The translators' tools: ``python -m widgets.translation_tools extract`` and ``... check``.

English is written in the Python catalogues (``"key": {"en": template}``); every other language
lives in gettext catalogues, one per package and language (see :mod:`cribbage.lang.translations`):

- ``cribbage/locale/<language>/LC_MESSAGES/cribbage.po``: the engine's messages (everything given
  to :func:`cribbage.lang.messages.add_catalogue` by a module of the package);
- ``widgets/locale/<language>/LC_MESSAGES/widgets.po``: the widgets' texts (``widgets.messages``);
- ``<package>/locale/<domain>.pot``: the template a translator starts a new language from.

``extract`` brings every ``.po`` up to today's English, the way ``msgmerge`` does: a new key gets an
empty entry, a key whose English changed keeps its translation marked fuzzy (with the English it was
made from as ``#| msgid``), a key gone from the code is dropped. A catalogue entry still written the
old way, with its Spanish and Portuguese in the Python file, has them moved into the ``.po`` files
and the Python file rewritten to ``{"en": ...}``. ``check`` writes nothing and lists every
translation that is missing, empty, fuzzy, stale (its ``msgid`` is no longer the English), with other
placeholders or plural forms than the catalogue's rule needs, left in a Python file, or orphaned.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import io
import pkgutil
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

import cribbage
from cribbage.lang.messages import CATALOGUE, LANGUAGES, SOURCES, Plural, placeholders
from cribbage.lang.translations import po_path, read_catalogue
from widgets.messages import MESSAGES

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

__all__ = ["DOMAINS", "Domain", "Problem", "SourceEntry", "check", "english", "extract", "main", "scan"]

ROOT = Path(__file__).resolve().parents[1]

#: The plural rule a new catalogue starts with (a translator may change its header): GNU gettext's
#: for Spanish, and for Brazilian Portuguese, which the seeds and the course write. Any other
#: language starts from Babel's (CLDR) rule.
PLURAL_FORMS = {"es": "nplurals=2; plural=(n != 1);", "pt": "nplurals=2; plural=(n > 1);"}


def _engine_english() -> dict[str, str]:
    for module in pkgutil.walk_packages(cribbage.__path__, "cribbage."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)   # a module adds its words when imported
    return {key: CATALOGUE[key]["en"] for key in CATALOGUE if SOURCES.get(key, "").startswith("cribbage")}


def _widgets_english() -> dict[str, str]:
    return {key: entry["en"] for key, entry in MESSAGES.items()}


@dataclass(frozen=True)
class Domain:
    """One gettext domain: the package whose Python files hold its English, and its locale folder."""

    name: str
    package: str
    english: Callable[[], dict[str, str]]
    root: Path = ROOT

    @property
    def folder(self) -> Path:
        return self.root / self.package

    @property
    def locale(self) -> Path:
        return self.folder / "locale"

    @property
    def pot(self) -> Path:
        return self.locale / f"{self.name}.pot"


DOMAINS: tuple[Domain, ...] = (Domain("cribbage", "cribbage", _engine_english),
                               Domain("widgets", "widgets", _widgets_english))


@dataclass
class SourceEntry:
    """A catalogue entry as written in a Python file: where, and any language besides English it
    still carries (the old way)."""

    key: str
    path: Path
    line: int
    span: tuple[int, int, int, int]   # the entry's dict: start line, start column, end line, end column (bytes)
    english_source: str
    others: dict[str, str | tuple[str, ...]] = field(default_factory=dict)


def _text(node: ast.expr) -> str | tuple[str, ...] | None:
    """A template as written: a string, a pair (singular, plural), or ``Plural("..", "..")``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    parts = node.elts if isinstance(node, ast.Tuple) else node.args \
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Plural" else None
    if parts and all(isinstance(p, ast.Constant) and isinstance(p.value, str) for p in parts):
        return tuple(str(p.value) for p in parts if isinstance(p, ast.Constant))
    return None


def scan(domain: Domain) -> dict[str, SourceEntry]:
    """Every catalogue entry written as a literal ``"key": {"en": ..., ...}`` in the domain's package."""
    found: dict[str, SourceEntry] = {}
    for path in sorted(domain.folder.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        lines = source.encode("utf-8").splitlines(keepends=True)
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.Dict):
                continue
            for key_node, value in zip(node.keys, node.values):
                if not (isinstance(key_node, ast.Constant) and isinstance(key_node.value, str)
                        and isinstance(value, ast.Dict) and value.keys):
                    continue
                names = [k.value if isinstance(k, ast.Constant) else None for k in value.keys]
                if "en" not in names or not all(name in LANGUAGES or name in PLURAL_FORMS for name in names):
                    continue
                en_node = value.values[names.index("en")]
                stop = en_node.end_lineno or en_node.lineno
                segment = b"".join(lines[en_node.lineno - 1:stop])
                first = en_node.col_offset
                last = len(segment) - len(lines[stop - 1]) + (en_node.end_col_offset or 0)
                entry = SourceEntry(key_node.value, path, key_node.lineno,
                                    (value.lineno, value.col_offset, value.end_lineno or value.lineno,
                                     value.end_col_offset or 0),
                                    segment[first:last].decode("utf-8"))
                for name, text in zip(names, value.values):
                    said = _text(text)
                    if name != "en" and isinstance(name, str) and said is not None:
                        entry.others[name] = said
                found[entry.key] = entry
    return found


def english(domain: Domain) -> dict[str, str]:
    """The domain's keys and their English templates, as the running code has them."""
    return domain.english()


def _ids(template: str) -> str | tuple[str, str]:
    return (template.forms[0], template.forms[1]) if isinstance(template, Plural) else str(template)


def _relative(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def _read_po(path: Path, language: str | None) -> Catalog | None:
    from babel.messages.pofile import read_po
    if not path.exists():
        return None
    with path.open("rb") as handle:
        return read_po(handle, locale=language)


def _previous_ids(path: Path) -> dict[str, list[str]]:
    """The ``#| msgid`` (and ``#| msgid_plural``) of each fuzzy entry: the English it was made from.
    Babel writes these lines but does not read them back."""
    from babel.messages.pofile import unescape
    found: dict[str, list[str]] = {}
    if not path.exists():
        return found
    ids: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#| msgid"):
            ids.append(unescape(line.split(" ", 2)[2]))
        elif line.startswith('#| "') and ids:
            ids[-1] += unescape(line[3:])
        elif line.startswith("msgctxt ") and ids:
            found[unescape(line[len("msgctxt "):])] = ids
            ids = []
        elif not line.strip():
            ids = []
    return found


def _new_catalog(domain: str, language: str | None, old: Catalog | None) -> Catalog:
    from babel.messages.catalog import Catalog
    from babel.messages.plurals import get_plural
    now = datetime(2026, 1, 1, tzinfo=timezone.utc)
    what = f"{language} translation" if language else "translation template"
    catalog = Catalog(locale=language, domain=domain, project="Cribbage Course", version="0.1",
                      header_comment=f"# The Cribbage Course's {domain} messages: {what}.\n"
                                     "# Written with python -m widgets.translation_tools extract; English is in the Python catalogues.\n"
                                     "# msgctxt is the message's key, msgid the English it translates.",
                      msgid_bugs_address="https://github.com/cribbage-course/cribbage-course/issues",
                      copyright_holder="the Cribbage Course authors", charset="utf-8",
                      creation_date=old.creation_date if old is not None else now,
                      revision_date=old.revision_date if old is not None else now, fuzzy=False)
    if language is not None:
        rule = PLURAL_FORMS.get(language) or get_plural(language).plural_forms
        if old is not None and old.mime_headers:
            rule = dict(old.mime_headers).get("Plural-Forms", rule)
        catalog.mime_headers = [*catalog.mime_headers, ("Plural-Forms", rule)]
        catalog.language_team = f"{language} <cribbage-course translators>"
        catalog.last_translator = old.last_translator if old is not None else "Cribbage Course translators"
    return catalog


def _po_text(catalog: Catalog) -> bytes:
    from babel.messages.pofile import write_po
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, include_previous=True, omit_header=False)
    return buffer.getvalue()


def _merged(domain: Domain, language: str, texts: Mapping[str, str], sources: Mapping[str, SourceEntry]) -> Catalog:
    path = po_path(domain.locale, domain.name, language)
    old = _read_po(path, language)
    previous_ids = _previous_ids(path)
    catalog = _new_catalog(domain.name, language, old)
    nplurals = catalog.num_plurals
    for key, template in texts.items():
        ids = _ids(template)
        plural = isinstance(ids, tuple)
        before = old.get(ids, context=key) if old is not None else None
        if before is None and old is not None:
            before = next((m for m in old if m.context == key), None)
        written = sources[key].others.get(language) if key in sources else None
        flags: list[str] = []
        previous: list[str] = []
        strings: Any
        if written is not None:
            strings = written
        elif before is not None:
            strings = before.string
            if before.fuzzy or before.id != ids:
                flags.append("fuzzy")
                old_ids = before.id if isinstance(before.id, (tuple, list)) else (before.id,)
                previous = previous_ids.get(key) or [str(i) for i in old_ids]
        else:
            strings = ""
        if plural:
            forms = list(strings) if isinstance(strings, (tuple, list)) else [strings] * (1 if strings else 0)
            forms = (forms + [forms[-1] if forms else ""] * nplurals)[:nplurals]
            strings = tuple(forms)
        elif isinstance(strings, (tuple, list)):
            strings = strings[0] if strings else ""
            flags = ["fuzzy"]
        where = _where(sources, key)
        catalog.add(ids, strings, context=key, locations=where, flags=flags, previous_id=previous)
    return catalog


def _where(sources: Mapping[str, SourceEntry], key: str) -> Any:
    # The file, without a line number: a number would change in every .po with each edit above it.
    return [(_relative(sources[key].path), None)] if key in sources else []


def _template_catalog(domain: Domain, texts: Mapping[str, str], sources: Mapping[str, SourceEntry]) -> Catalog:
    old = _read_po(domain.pot, None)
    catalog = _new_catalog(domain.name, None, old)
    for key, template in texts.items():
        where = _where(sources, key)
        catalog.add(_ids(template), context=key, locations=where)
    return catalog


def _rewrite(path: Path, entries: Iterable[SourceEntry]) -> None:
    """The Python file with each entry's dict cut back to its English."""
    data = path.read_bytes()
    starts = [0]
    for piece in data.splitlines(keepends=True):
        starts.append(starts[-1] + len(piece))
    for entry in sorted(entries, key=lambda e: e.span, reverse=True):
        line, col, end_line, end_col = entry.span
        begin, end = starts[line - 1] + col, starts[end_line - 1] + end_col
        data = data[:begin] + b'{"en": ' + entry.english_source.encode("utf-8") + b"}" + data[end:]
    path.write_bytes(data)


def extract(domains: Sequence[Domain] = DOMAINS, *, skip: Iterable[Path] = ()) -> list[str]:
    """Bring every ``.po`` and ``.pot`` up to today's English, moving translations left in Python
    files into them (files in ``skip`` give their translations to the ``.po`` files but are not
    rewritten: someone else is editing them). What it did, line by line."""
    skipped = {path.resolve() for path in skip}
    said: list[str] = []
    for domain in domains:
        texts = english(domain)
        sources = {key: entry for key, entry in scan(domain).items() if key in texts}
        domain.locale.mkdir(parents=True, exist_ok=True)
        for language in LANGUAGES:
            if language == "en":
                continue
            path = po_path(domain.locale, domain.name, language)
            text = _po_text(_merged(domain, language, texts, sources))
            if not path.exists() or path.read_bytes() != text:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(text)
                said.append(f"wrote {_relative(path)}")
        pot = _po_text(_template_catalog(domain, texts, sources))
        if not domain.pot.exists() or domain.pot.read_bytes() != pot:
            domain.pot.write_bytes(pot)
            said.append(f"wrote {_relative(domain.pot)}")
        moved: dict[Path, list[SourceEntry]] = {}
        for entry in sources.values():
            if entry.others and entry.path.resolve() not in skipped:
                moved.setdefault(entry.path, []).append(entry)
        for path, entries in sorted(moved.items()):
            _rewrite(path, entries)
            said.append(f"moved {len(entries)} translated entries out of {_relative(path)}")
    read_catalogue.cache_clear()
    return said


@dataclass(frozen=True)
class Problem:
    """One thing a translator (or the author of a message) must do: ``where`` is a file, ``key`` the
    message key or the notebook cell id in it."""

    kind: str
    where: str
    key: str = ""
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.kind}: {self.where}" + (f" [{self.key}]" if self.key else "") + \
            (f" ({self.detail})" if self.detail else "")


def check(domains: Sequence[Domain] = DOMAINS) -> list[Problem]:
    """Every missing, empty, fuzzy, stale, misshapen, orphaned or left-in-Python translation."""
    problems: list[Problem] = []
    for domain in domains:
        texts = english(domain)
        sources = scan(domain)

        def origin(key: str, sources: Mapping[str, SourceEntry] = sources, package: str = domain.package) -> str:
            entry = sources.get(key)
            return f"{_relative(entry.path)}:{entry.line}" if entry else package

        for key, entry in sources.items():
            if entry.others and key in texts:
                problems.append(Problem("in python", f"{_relative(entry.path)}:{entry.line}", key,
                                        f"{', '.join(sorted(entry.others))} belong in the .po files: "
                                        "run python -m widgets.translation_tools extract"))
        for language in LANGUAGES:
            if language == "en":
                continue
            path = po_path(domain.locale, domain.name, language)
            catalogue = read_catalogue(path, language)
            if catalogue is None:
                problems.append(Problem("missing", _relative(path), detail=f"no {language} catalogue"))
                continue
            for key, template in texts.items():
                where = f"{_relative(path)}"
                found = catalogue.entries.get(key)
                if found is None:
                    problems.append(Problem("missing", where, key, f"{origin(key)} has it in English only"))
                    continue
                where = f"{_relative(path)}:{found.lineno}"
                ids = _ids(template)
                now = ids if isinstance(ids, tuple) else (ids,)
                was = (found.msgid,) if found.msgid_plural is None else (found.msgid, found.msgid_plural)
                if was != now:
                    problems.append(Problem("stale", where, key, f"the English in {origin(key)} changed: "
                                            f"translated from {' / '.join(map(repr, was))}, now {' / '.join(map(repr, now))}"))
                elif found.fuzzy:
                    problems.append(Problem("fuzzy", where, key, "marked fuzzy: check the translation, then drop the flag"))
                if not all(found.strings):
                    problems.append(Problem("untranslated", where, key, "an empty msgstr"))
                    continue
                if isinstance(template, Plural) and len(found.strings) != catalogue.num_plurals:
                    problems.append(Problem("plural forms", where, key, f"{len(found.strings)} forms, the catalogue's "
                                            f"rule has {catalogue.num_plurals}"))
                wanted = placeholders(template)
                for text in found.strings:
                    if placeholders(text) != wanted:
                        problems.append(Problem("placeholders", where, key, f"{sorted(placeholders(text))} in "
                                                f"{text!r}, the English has {sorted(wanted)}"))
            for key, found in catalogue.entries.items():
                if key not in texts:
                    problems.append(Problem("orphaned", f"{_relative(path)}:{found.lineno}", key,
                                            "no such key in the code: run python -m widgets.translation_tools extract"))
        template_ids = {}
        pot = _read_po(domain.pot, None)
        if pot is None:
            problems.append(Problem("missing", _relative(domain.pot), detail="no template"))
        else:
            template_ids = {m.context: m.id for m in pot if m.id}
            wanted_ids = {key: _ids(template) for key, template in texts.items()}
            if {k: tuple(v) if isinstance(v, (list, tuple)) else v for k, v in template_ids.items()} != wanted_ids:
                problems.append(Problem("stale", _relative(domain.pot), detail="not today's English: run "
                                        "python -m widgets.translation_tools extract"))
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m widgets.translation_tools", description=(__doc__ or "").split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("extract", help="update the .po and .pot files from the code's English; move "
                                              "translations still written in Python files into them")
    run.add_argument("--skip", type=Path, action="append", default=[],
                     help="a Python file not to rewrite (its translations are copied, not moved)")
    commands.add_parser("check", help="list stale, missing, fuzzy and misplaced translations; write nothing")
    args = parser.parse_args(argv)
    if args.command == "extract":
        for line in extract(skip=args.skip):
            print(line)
        return 0
    problems = check()
    for problem in problems:
        print(problem)
    print(f"{len(problems)} to do" if problems else "every translation is up to date")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
